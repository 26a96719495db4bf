package tool

// Record is one finding of a search or a listing (a matching line, a file
// with matches, a path), kept for a command-line front end that prints them
// in the shape of the program the tool stands in for: rg's path:line:text,
// fd's paths. A tool fills Result.Records only when its Call asks for
// Console output (Call.Native); a model reads the same findings in Text.
type Record struct {
	// Path is the file's path as the result shows it.
	Path string
	// Dir marks a directory (fs.find).
	Dir bool
	// Line is a line's number, from 1; 0 for a record of a whole file.
	Line int
	// Text is the whole line, without its line ending.
	Text string
	// Context marks a line shown around a match, not a match.
	Context bool
	// Gap marks a line not adjacent to the one before it in the same file.
	Gap bool
	// Spans are where the pattern matched in Text, as byte offsets
	// [start, end).
	Spans [][2]int
	// Count is how many lines of the file matched (a files-only search).
	Count int
}
