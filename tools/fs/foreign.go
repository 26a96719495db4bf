package fs

import "f0/tools"

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
func editor(command string, f tools.Foreign) []tools.Foreign {
	out := make([]tools.Foreign, 0, len(editorTools))
	for _, name := range editorTools {
		e := f
		e.Name = name
		e.When = map[string]string{"command": command}
		out = append(out, e)
	}
	return out
}

// named returns one entry per name, all mapping arguments the same way.
func named(f tools.Foreign, names ...string) []tools.Foreign {
	out := make([]tools.Foreign, 0, len(names))
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
func pathKinds(fields ...string) map[string]tools.Kind {
	out := make(map[string]tools.Kind, len(fields))
	for _, f := range fields {
		out[f] = tools.PathKind
	}
	return out
}

var readForeign = concat(
	named(tools.Foreign{Args: withPath(map[string]string{"should_read_entire_file": "-"})},
		"read_file", "read_text_file", "Read", "view_file", "open_file", "cat", "get_file_contents", "builtin_read_file", "read"),
	named(tools.Foreign{Args: withPath(map[string]string{"file_paths": "paths", "include": "-"})},
		"read_multiple_files", "read_many_files", "read_files"),
	named(tools.Foreign{Args: withPath(nil), Set: map[string]any{"image": true}}, "read_media_file", "read_image", "view_image"),
	editor("view", tools.Foreign{Args: withPath(nil)}),
)

var writeForeign = concat(
	named(tools.Foreign{Args: withPath(map[string]string{"file_text": "content", "contents": "content", "text": "content"})},
		"write_file", "write_to_file", "Write", "create_file", "builtin_create_new_file", "save_file", "create_new_file"),
	editor("create", tools.Foreign{Args: withPath(map[string]string{"file_text": "content"})}),
)

var editForeign = concat(
	[]tools.Foreign{{Name: "edit_file", When: map[string]string{"code_edit": ""},
		Refuse: "edit_file with code_edit (a sketch of the change with \"// ... existing code ...\" markers) cannot be applied exactly. Use fs_edit with the exact oldText and its newText, or fs_write with the whole new content."}},
	named(tools.Foreign{Args: withPath(map[string]string{"expected_replacements": "-", "instruction": "-"})},
		"edit_file", "Edit", "MultiEdit", "replace", "search_replace", "str_replace", "edit", "apply_edit"),
	editor("str_replace", tools.Foreign{Args: withPath(nil)}),
	editor("insert", tools.Foreign{Refuse: "the text editor's insert (new_str after line insert_line) has no exact f0 equivalent. Read the line with fs_read {\"path\":…,\"offset\":N,\"limit\":1}, then fs_edit with oldText set to that line and newText set to the line followed by the new text."}),
	editor("undo_edit", tools.Foreign{Refuse: "f0 keeps no edit history to undo. Put the old text back with fs_edit (oldText: the current text, newText: the old)."}),
	named(tools.Foreign{Refuse: "a diff or patch cannot be applied here. Use fs_edit with {\"path\", \"edits\": [{\"oldText\", \"newText\"}]}: copy each SEARCH block into oldText and its REPLACE block into newText."},
		"apply_patch", "apply_diff", "replace_in_file"),
)

var listForeign = concat(
	named(tools.Foreign{Args: withPath(map[string]string{"ignore": "-"})},
		"list_directory", "LS", "list_dir", "builtin_ls", "ls", "list_folder", "dir"),
	named(tools.Foreign{Args: withPath(nil), Set: map[string]any{"long": true}}, "list_directory_with_sizes"),
	named(tools.Foreign{Args: withPath(map[string]string{"excludePatterns": "-"}), Set: map[string]any{"recursive": true}}, "directory_tree", "tree"),
	named(tools.Foreign{Args: withPath(nil)}, "list_files"),
)

// findForeign: the filesystem server's search_files matches a bare word as
// part of a name in any case; the others take a glob.
var findForeign = append(named(findArgs("pattern"), "search_files"), named(findArgs(""), "Glob", "glob", "file_search", "find_files", "builtin_file_glob_search", "find_file", "find")...)

// findArgs is the argument mapping of other servers' name searches.
func findArgs(substring string) tools.Foreign {
	return tools.Foreign{
		Args: withPath(map[string]string{"excludePatterns": "-", "query": "pattern", "glob": "pattern"}),
		Values: map[string]map[string]map[string]any{
			"case_sensitive": {"false": {"ignoreCase": true}, "true": {}},
		},
		Substring: substring,
	}
}

// grepTypes maps ripgrep's --type names models pass in Grep's type to
// globs.
var grepTypes = map[string]map[string]any{
	"go": {"glob": []any{"*.go"}}, "py": {"glob": []any{"*.py"}}, "python": {"glob": []any{"*.py"}},
	"js": {"glob": []any{"*.js", "*.jsx", "*.mjs", "*.cjs"}}, "ts": {"glob": []any{"*.ts", "*.tsx"}},
	"rust": {"glob": []any{"*.rs"}}, "java": {"glob": []any{"*.java"}}, "md": {"glob": []any{"*.md"}},
	"markdown": {"glob": []any{"*.md"}}, "json": {"glob": []any{"*.json"}}, "yaml": {"glob": []any{"*.yml", "*.yaml"}},
	"c": {"glob": []any{"*.c", "*.h"}}, "cpp": {"glob": []any{"*.cpp", "*.cc", "*.hpp", "*.h"}}, "rb": {"glob": []any{"*.rb"}},
	"ruby": {"glob": []any{"*.rb"}}, "sh": {"glob": []any{"*.sh"}}, "html": {"glob": []any{"*.html", "*.htm"}}, "css": {"glob": []any{"*.css"}},
}

var searchForeign = concat(
	// Cline's search_files is a content search (regex); the filesystem
	// server's, without regex, is a name search (fs.find).
	[]tools.Foreign{{Name: "search_files", When: map[string]string{"regex": ""},
		Args: withPath(map[string]string{"regex": "pattern", "file_pattern": "glob"})}},
	named(tools.Foreign{
		Args: withPath(map[string]string{
			"-i": "ignoreCase", "-A": "after", "-B": "before", "-C": "context", "-n": "-", "multiline": "-",
			"head_limit": "maxResults", "include": "glob", "include_pattern": "glob", "exclude_pattern": "exclude",
			"query": "pattern", "regex": "pattern", "file_pattern": "glob",
		}),
		Values: map[string]map[string]map[string]any{
			"output_mode":    {"content": {}, "files_with_matches": {"filesOnly": true}, "count": {"filesOnly": true}},
			"case_sensitive": {"false": {"ignoreCase": true}, "true": {}},
			"type":           grepTypes,
		},
	}, "Grep", "grep", "search_file_content", "grep_search", "builtin_grep_search", "rg", "ripgrep", "search_code", "search_text", "search_in_files"),
)

var statForeign = named(tools.Foreign{Args: withPath(nil)}, "get_file_info", "file_info", "stat", "get_file_metadata")

var mkdirForeign = named(tools.Foreign{Args: withPath(nil)}, "create_directory", "make_directory", "mkdir", "create_dir", "create_folder")

var moveForeign = named(tools.Foreign{Args: map[string]string{"old_path": "source", "new_path": "destination"}}, "move_file", "rename_file", "mv", "rename")

var copyForeign = named(tools.Foreign{Args: map[string]string{"old_path": "source", "new_path": "destination"}}, "copy_file", "cp", "duplicate_file")

var deleteForeign = named(tools.Foreign{Args: withPath(nil)}, "delete_file", "remove_file", "rm", "delete", "unlink", "delete_directory")

func concat(lists ...[]tools.Foreign) []tools.Foreign {
	var out []tools.Foreign
	for _, l := range lists {
		out = append(out, l...)
	}
	return out
}
