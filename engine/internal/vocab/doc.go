// Package vocab holds other agents' tool vocabularies as data and the one
// mechanism that applies them (issue 23).
//
// tables/*.json are one table per foreign agent or server in the
// f0-vocabulary/1 format that README.md defines: each foreign tool's names
// and published fields, its routes onto f0 tools, its field rules and a
// closed set of value transforms, each row naming its public source.
// check.py validates the tables against that format and against
// f0-fields.json, f0's own tools and fields. The tables, f0-fields.json and
// tables/_rg-types.json are embedded and parsed once by Load into typed
// structs; a Vocabulary is read-only afterwards.
//
// Vocabulary.Resolve reads one call (the requested name and its arguments,
// after f0's type repair) in those tables: it finds the foreign tool,
// takes its first route whose conditions hold, and maps every field by its
// rule. The Result is one f0 call, several calls of a batch, a refusal
// with the table's text, a shell command line or a wrapped call handed
// back to the caller, or no match. Edit text in the SEARCH/REPLACE,
// unified diff and apply_patch formats is handed back unparsed
// (Call.Edit), for the caller's parsers. Every field of a call has exactly
// one fate (Result.Fields): an unknown field is an *InputError naming the
// nearest published field, never dropped.
//
// The package is pure: it imports nothing of the engine and no tool, runs
// no call and touches no file; the runtime checks a table asks for (is
// this path a directory, which roots are there) go through the Env the
// caller passes.
package vocab
