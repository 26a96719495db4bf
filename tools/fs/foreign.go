package fs

import (
	"strconv"

	"f0/tool"
)

// Other servers' and agents' names for the file tools, with how their
// arguments map. Sources: the official filesystem MCP server
// (modelcontextprotocol/servers src/filesystem), Claude Code's built-in
// tools (Read, Write, Edit, MultiEdit, Grep, Glob, LS), Anthropic's text
// editor tool (str_replace_based_edit_tool, its earlier str_replace_editor),
// gemini-cli's built-ins (read_file, write_file, replace, list_directory,
// glob, search_file_content, read_many_files), Cursor's (read_file,
// list_dir, grep_search, file_search, search_replace), Cline's
// (read_file, write_to_file, list_files, search_files) and Continue's
// (builtin_read_file, builtin_ls, …).

// editorTools are the names of Anthropic's text editor tool.
var editorTools = []string{"str_replace_based_edit_tool", "str_replace_editor", "text_editor"}

// editor returns one foreign entry per text editor name for a command.
func editor(command string, f tool.OtherName) []tool.OtherName {
	out := make([]tool.OtherName, 0, len(editorTools))
	for _, name := range editorTools {
		e := f
		e.Name = name
		e.When = map[string]string{"command": command}
		out = append(out, e)
	}
	return out
}

// named returns one entry per name, all mapping arguments the same way.
func named(f tool.OtherName, names ...string) []tool.OtherName {
	out := make([]tool.OtherName, 0, len(names))
	for _, name := range names {
		e := f
		e.Name = name
		out = append(out, e)
	}
	return out
}

// pathArgs are the names other tools give the path of the file they work
// on.
var pathArgs = map[string]string{
	"file_path": "path", "absolute_path": "path", "target_file": "path", "filepath": "path",
	"AbsolutePath": "path", "uri": "path", "relative_workspace_path": "path", "dirPath": "path", "directory_path": "path",
}

func withPath(extra map[string]string) map[string]string {
	out := map[string]string{}
	for k, v := range pathArgs {
		out[k] = v
	}
	for k, v := range extra {
		out[k] = v
	}
	return out
}

// rootByDefault says that a tool given no path acts on the first root.
func rootByDefault() map[string]string { return map[string]string{"path": "."} }

// pathKinds marks the path fields of a tool.
func pathKinds(fields ...string) map[string]tool.FieldForm {
	out := make(map[string]tool.FieldForm, len(fields))
	for _, f := range fields {
		out[f] = tool.PathKind
	}
	return out
}

// wholeFile is Cursor's should_read_entire_file: true reads the file
// whatever line range the call also gives (its schema asks for one), so
// the range is taken away; false reads the range.
var wholeFile = map[string]map[string]any{
	"true":  {"start_line_one_indexed": nil, "end_line_one_indexed_inclusive": nil, "offset": nil, "limit": nil},
	"false": {},
}

// readModes are the modes of other agents' read tools that fs.read reads
// as they are: Roo Code's read_file "slice" (offset/limit, the default;
// RooCodeInc/Roo-Code src/core/prompts/tools/native-tools/read_file.ts)
// and Amazon Q's fs_read "Line" (start_line/end_line).
var readModes = map[string]map[string]any{"slice": {}, "line": {}}

var readForeign = concat(
	named(tool.OtherName{Args: withPath(nil),
		Values:   map[string]map[string]map[string]any{"should_read_entire_file": wholeFile, "mode": readModes},
		Unmapped: map[string]string{"mode": `fs_read reads a line window; it has no indentation mode. Read the lines around the anchor line with fs_read {"path": …, "offset": <anchor_line - 20>, "limit": 60}; search with fs_search, list a directory with fs_list`}},
		"read_file", "read_text_file", "Read", "view_file", "open_file", "cat", "get_file_contents", "builtin_read_file", "read"),
	// gemini-cli's read_many_files merges include globs into its paths; f0
	// reads named files only.
	named(tool.OtherName{When: map[string]string{"include": ""},
		Refuse: `fs_read reads named files; it takes no include globs. Find the files with fs_find {"pattern": "<the include glob>"}, then read them with fs_read {"paths": [...]}.`},
		"read_many_files"),
	named(tool.OtherName{Args: withPath(map[string]string{"file_paths": "paths"})},
		"read_multiple_files", "read_many_files", "read_files"),
	// Amazon Q's fs_read (aws/amazon-q-developer-cli
	// crates/chat-cli/src/cli/chat/tools/tool_index.json, fs_read.rs)
	// shares f0's name; its mode says which f0 tool it is: Line and Image
	// are fs.read, Search fs.search, Directory fs.list.
	[]tool.OtherName{
		{Name: "fs_read", When: map[string]string{"mode": "line"}},
		{Name: "fs_read", When: map[string]string{"mode": "image"}, Args: map[string]string{"image_paths": "paths"}, Set: map[string]any{"image": true}},
	},
	named(tool.OtherName{Args: withPath(nil), Set: map[string]any{"image": true}}, "read_media_file", "read_image", "view_image"),
	editor("view", tool.OtherName{Args: withPath(nil)}),
)

var writeForeign = concat(
	named(tool.OtherName{Args: withPath(map[string]string{"file_text": "content", "contents": "content", "text": "content"})},
		"write_file", "write_to_file", "Write", "create_file", "builtin_create_new_file", "save_file", "create_new_file"),
	editor("create", tool.OtherName{Args: withPath(map[string]string{"file_text": "content"})}),
)

var editForeign = concat(
	[]tool.OtherName{{Name: "edit_file", When: map[string]string{"code_edit": ""},
		Refuse: "edit_file with code_edit (a sketch of the change with \"// ... existing code ...\" markers) cannot be applied exactly. Use fs_edit with the exact oldText and its newText, or fs_write with the whole new content."}},
	// gemini-cli's expected_replacements is fs.edit's expectedReplacements.
	named(tool.OtherName{Args: withPath(nil)},
		"edit_file", "Edit", "MultiEdit", "replace", "search_replace", "str_replace", "edit", "apply_edit"),
	editor("str_replace", tool.OtherName{Args: withPath(nil)}),
	editor("insert", tool.OtherName{Args: withPath(nil)}),
	editor("undo_edit", tool.OtherName{Refuse: "f0 keeps no edit history to undo. Put the old text back with fs_edit (oldText: the current text, newText: the old)."}),
	// Codex's apply_patch (input), Roo's apply_diff and Cline's
	// replace_in_file (diff) send an edit text: fs.edit's patch.
	named(tool.OtherName{Args: withPath(nil)}, "apply_patch", "apply_diff", "replace_in_file"),
)

// amazonQDepth is Amazon Q's fs_read Directory depth: 0 lists the
// directory, 1 also the directories in it, which is fs.list's depth 2.
func amazonQDepth() map[string]map[string]any {
	out := map[string]map[string]any{}
	for d := range 50 {
		out[strconv.Itoa(d)] = map[string]any{"depth": d + 1}
	}
	return out
}

// listForeign and searchForeign are built when the tools are, not when
// the program starts: their tables are large.
func listForeign() []tool.OtherName {
	return concat(
		// Claude Code's LS and gemini-cli's list_directory take ignore globs.
		named(tool.OtherName{Args: withPath(map[string]string{"ignore": "exclude"})},
			"list_directory", "LS", "list_dir", "builtin_ls", "ls", "list_folder", "dir"),
		named(tool.OtherName{Args: withPath(nil), Set: map[string]any{"long": true}}, "list_directory_with_sizes"),
		named(tool.OtherName{Args: withPath(map[string]string{"excludePatterns": "exclude"}), Set: map[string]any{"recursive": true}}, "directory_tree", "tree"),
		named(tool.OtherName{Args: withPath(nil)}, "list_files"),
		[]tool.OtherName{{Name: "fs_read", When: map[string]string{"mode": "directory"},
			Args:   map[string]string{"exclude_patterns": "exclude", "max_entries": "maxResults"},
			Values: map[string]map[string]map[string]any{"depth": amazonQDepth()}, Set: map[string]any{"long": true},
			Unmapped: map[string]string{"depth": "Amazon Q's depth counts the levels below the directory; give 0 to 49"}}},
	)
}

// findForeign: the filesystem server's search_files matches a bare word as
// part of a name in any case; the others take a glob.
var findForeign = append(named(findArgs("pattern"), "search_files"), named(findArgs(""), "Glob", "glob", "file_search", "find_files", "builtin_file_glob_search", "find_file", "find")...)

// findArgs is the argument mapping of other servers' name searches.
func findArgs(substring string) tool.OtherName {
	return tool.OtherName{
		Args: withPath(map[string]string{"excludePatterns": "exclude", "query": "pattern", "glob": "pattern"}),
		Values: map[string]map[string]map[string]any{
			"case_sensitive": {"false": {"ignoreCase": true}, "true": {}},
		},
		Substring: substring,
	}
}

// rgType is one of ripgrep's file types and its globs.
type rgType struct {
	name  string
	globs []string
}

// grepTypes maps ripgrep's --type names, which models pass in Grep's
// type, to the globs of ripgrep's own list (rgtypes.go).
func grepTypes() map[string]map[string]any {
	out := make(map[string]map[string]any, len(rgTypes))
	for _, t := range rgTypes {
		list := make([]any, len(t.globs))
		for i, g := range t.globs {
			list[i] = g
		}
		out[t.name] = map[string]any{"glob": list}
	}
	return out
}

// grepModes are Claude Code's Grep output modes: content is fs.search's
// own; files_with_matches and count are its filesOnly, which lists each
// file with its count of matching lines (rg --count).
var grepModes = map[string]map[string]any{"content": {}, "files_with_matches": {"filesOnly": true}, "count": {"filesOnly": true}}

func searchForeign() []tool.OtherName {
	return concat(
		// Cline's search_files is a content search (regex); the filesystem
		// server's, without regex, is a name search (fs.find).
		[]tool.OtherName{{Name: "search_files", When: map[string]string{"regex": ""},
			Args: withPath(map[string]string{"regex": "pattern", "file_pattern": "glob"})}},
		named(tool.OtherName{
			Args: withPath(map[string]string{
				"-i": "ignoreCase", "-A": "after", "-B": "before", "-C": "context",
				"head_limit": "maxResults", "include": "glob", "include_pattern": "glob", "exclude_pattern": "exclude",
				"query": "pattern", "regex": "pattern", "file_pattern": "glob",
			}),
			Values: map[string]map[string]map[string]any{
				"output_mode":    grepModes,
				"case_sensitive": {"false": {"ignoreCase": true}, "true": {}},
				"type":           grepTypes(),
				"multiline":      {"false": {}},
			},
			Unmapped: map[string]string{
				"type":      `it is not one of ripgrep's file types (rg --type-list); give the files' glob instead, e.g. glob: "*.kt"`,
				"multiline": `fs_search matches one line at a time. Search for one line of what you look for, and read around the hit with fs_read {"path": …, "offset": <line>, "limit": 20}`,
			},
		}, "Grep", "grep", "search_file_content", "grep_search", "builtin_grep_search", "rg", "ripgrep", "search_code", "search_text", "search_in_files"),
		[]tool.OtherName{amazonQSearch},
	)
}

// Amazon Q's fs_read with mode Search: a case-insensitive substring,
// line by line, with 2 lines of context by default (fs_read.rs).
var amazonQSearch = tool.OtherName{Name: "fs_read", When: map[string]string{"mode": "search"},
	Args: map[string]string{"context_lines": "context"}, Set: map[string]any{"literal": true, "ignoreCase": true, "context": 2}}

var statForeign = named(tool.OtherName{Args: withPath(nil)}, "get_file_info", "file_info", "stat", "get_file_metadata")

var mkdirForeign = named(tool.OtherName{Args: withPath(nil)}, "create_directory", "make_directory", "mkdir", "create_dir", "create_folder")

var moveForeign = named(tool.OtherName{Args: map[string]string{"old_path": "source", "new_path": "destination"}}, "move_file", "rename_file", "mv", "rename")

var copyForeign = named(tool.OtherName{Args: map[string]string{"old_path": "source", "new_path": "destination"}}, "copy_file", "cp", "duplicate_file")

var deleteForeign = named(tool.OtherName{Args: withPath(nil)}, "delete_file", "remove_file", "rm", "delete", "unlink", "delete_directory")

func concat(lists ...[]tool.OtherName) []tool.OtherName {
	var out []tool.OtherName
	for _, l := range lists {
		out = append(out, l...)
	}
	return out
}

// TypeGlobs returns the globs of one of ripgrep's file types (rg -t go),
// for a command line that takes rg's words.
func TypeGlobs(name string) ([]string, bool) {
	for _, t := range rgTypes {
		if t.name == name {
			return t.globs, true
		}
	}
	return nil, false
}
