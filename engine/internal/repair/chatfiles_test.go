package repair

import "testing"

// TestFileBlock: gpt-engineer's file block (a path line, one fenced
// block) and a lone fenced block are read as the fenced text; anything
// else is not a file block.
func TestFileBlock(t *testing.T) {
	cases := []struct {
		name, content, named, inner string
		ok                          bool
	}{
		{"gpt-engineer's example", "src/hello_world.py\n```\nprint(\"Hello World\")\n```\n", "src/hello_world.py", "print(\"Hello World\")\n", true},
		{"a language after the fence, a cleaned path", "[`app.js`]:\n```javascript\nconsole.log(1)\nx()\n```", "app.js", "console.log(1)\nx()\n", true},
		{"a lone block", "```json\n{\"a\": 1}\n```\n\n", "", "{\"a\": 1}\n", true},
		{"two blocks", "a.py\n```\nx\n```\nb.py\n```\ny\n```\n", "", "", false},
		{"prose before the block", "Here is the file:\n```\nx\n```\n", "", "", false},
		{"text after the block", "```\nx\n```\nmore\n", "", "", false},
		{"no closing fence", "a.py\n```\nx\n", "", "", false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			named, inner, ok := fileBlock(c.content)
			if ok != c.ok || named != c.named || inner != c.inner {
				t.Errorf("fileBlock = %q, %q, %v; want %q, %q, %v", named, inner, ok, c.named, c.inner, c.ok)
			}
		})
	}
}
