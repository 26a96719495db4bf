package editformat

import "testing"

func TestParseSearchReplace(t *testing.T) {
	runParseCases(t, ParseSearchReplace, []parseCase{
		{name: "cline current markers",
			text: "------- SEARCH\n  \"source\": [\n    \"x = 10\\n\",\n=======\n  \"source\": [\n    \"x = 100\\n\",\n+++++++ REPLACE\n",
			want: []FileOp{{Kind: Update, Edits: []Edit{{OldText: "  \"source\": [\n    \"x = 10\\n\",\n", NewText: "  \"source\": [\n    \"x = 100\\n\",\n", WholeLines: true, Source: 1}}}}},
		{name: "aider with path and fence, two files",
			text: "Here are the changes.\n\nmathweb/flask/app.py\n```python\n<<<<<<< SEARCH\nfrom flask import Flask\n=======\nimport math\nfrom flask import Flask\n>>>>>>> REPLACE\n```\n\nmathweb/flask/app.py\n```python\n<<<<<<< SEARCH\ndef factorial(n):\n=======\n>>>>>>> REPLACE\n```\n\nhello.py\n```python\n<<<<<<< SEARCH\n=======\ndef hello():\n    print(\"hello\")\n>>>>>>> REPLACE\n```\n",
			want: []FileOp{
				{Kind: Update, Path: "mathweb/flask/app.py", Edits: []Edit{
					{OldText: "from flask import Flask\n", NewText: "import math\nfrom flask import Flask\n", WholeLines: true, Source: 5},
					{OldText: "def factorial(n):\n", NewText: "", WholeLines: true, Source: 15}}},
				{Kind: Update, Path: "hello.py", Edits: []Edit{{OldText: "", NewText: "def hello():\n    print(\"hello\")\n", WholeLines: true, Source: 23}}},
			}},
		{name: "roo start line, end line, separator",
			text: "<<<<<<< SEARCH\n:start_line:5\n:end_line:6\n-------\ndef calc(a):\n    return a\n=======\ndef calc(a):\n    return a * 2\n>>>>>>> REPLACE\n",
			want: []FileOp{{Kind: Update, Edits: []Edit{{OldText: "def calc(a):\n    return a\n", NewText: "def calc(a):\n    return a * 2\n", LineHint: 5, WholeLines: true, Source: 1}}}}},
		{name: "roo escaped markers",
			text: "<<<<<<< SEARCH\n:start_line:1\n-------\n\\<<<<<<< HEAD\nours\n\\=======\ntheirs\n\\>>>>>>> branch\n=======\nours\n>>>>>>> REPLACE\n",
			want: []FileOp{{Kind: Update, Edits: []Edit{{OldText: "<<<<<<< HEAD\nours\n=======\ntheirs\n>>>>>>> branch\n", NewText: "ours\n", LineHint: 1, WholeLines: true, Source: 1}}}}},
		{name: "roo line labels on every search line",
			text: "<<<<<<< SEARCH\n12 | func a() {\n13 | \treturn 1\n14 | }\n=======\n12 | func a() {\n13 | \treturn 2\n14 | }\n>>>>>>> REPLACE\n",
			want: []FileOp{{Kind: Update, Edits: []Edit{{OldText: "func a() {\n\treturn 1\n}\n", NewText: "func a() {\n\treturn 2\n}\n", LineHint: 12, WholeLines: true, Source: 1}}}}},
		{name: "labels on some lines only are kept",
			text: "<<<<<<< SEARCH\n12 | a\nb\n=======\nc\n>>>>>>> REPLACE\n",
			want: []FileOp{{Kind: Update, Edits: []Edit{{OldText: "12 | a\nb\n", NewText: "c\n", WholeLines: true, Source: 1}}}}},
		{name: "crlf edit text", text: "<<<<<<< SEARCH\r\na\r\n=======\r\nb\r\n>>>>>>> REPLACE\r\n",
			want: []FileOp{{Kind: Update, Edits: []Edit{{OldText: "a\n", NewText: "b\n", WholeLines: true, Source: 1}}}}},
		{name: "no blocks", text: "just some text\n", err: "none was found"},
		{name: "missing divider", text: "<<<<<<< SEARCH\na\n>>>>>>> REPLACE\n", err: `cannot read the SEARCH/REPLACE blocks: at line 3 (">>>>>>> REPLACE"), expected a line ======= to end the SEARCH part of the block opened at line 1`},
		{name: "missing close", text: "<<<<<<< SEARCH\na\n=======\nb\n", err: "expected a line >>>>>>> REPLACE (or +++++++ REPLACE) to close the block opened at line 1"},
		{name: "stray replace", text: "a\n>>>>>>> REPLACE\n", err: "line 2"},
		{name: "error shows an example", text: "<<<<<<< SEARCH\na\n", err: "A minimal correct example:\n<<<<<<< SEARCH\nold line\n=======\nnew line\n>>>>>>> REPLACE"},
	})
}

// TestSearchReplaceApplied runs blocks end to end, through ApplyPatch.
func TestSearchReplaceApplied(t *testing.T) {
	file := "def a():\n    return 1\n\ndef b():\n    return 1\n"
	runAppliedCases(t, mapReader(map[string]string{"m.py": file}), Options{Name: "m.py"}, []appliedCase{
		{name: "start line picks the second",
			text: "<<<<<<< SEARCH\n:start_line:5\n-------\n    return 1\n=======\n    return 2\n>>>>>>> REPLACE\n",
			want: "def a():\n    return 1\n\ndef b():\n    return 2\n"},
		{name: "a search that matches twice",
			text: "------- SEARCH\n    return 1\n=======\n    return 2\n+++++++ REPLACE\n",
			err:  "occurs 2 times, at lines 2 and 5"},
		{name: "blocks in order",
			text: "<<<<<<< SEARCH\ndef a():\n=======\ndef a2():\n>>>>>>> REPLACE\n<<<<<<< SEARCH\ndef b():\n    return 1\n=======\ndef b():\n    return 3\n>>>>>>> REPLACE\n",
			want: "def a2():\n    return 1\n\ndef b():\n    return 3\n"},
	})
}
