package engine_test

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"f0/tool"
)

// TestShellContext: a foreign shell tool's working directory (its cwd
// field, or cd DIR && in front of the command), environment and time
// limit reach the routed call: the exact answers the model gets.
func TestShellContext(t *testing.T) {
	base := t.TempDir()
	front, back := filepath.Join(base, "front"), filepath.Join(base, "backend")
	files := map[string]string{
		"front/go.mod": "module top\n", "front/sub/go.mod": "module sub\n", "front/sub/body.txt": "hello\n",
		"backend/a.txt": "back\n",
	}
	for name, content := range files {
		p := filepath.Join(base, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	host := newCatalogHost(t, tool.Write, front, back)
	const routed = "note: f0 runs no shell; a command that is one f0 call (curl, cat, head, tail, sed -n, ls, grep, find, mkdir, echo > FILE) runs as that call, and commands joined by && as a batch\n"
	roots := front + ", " + back
	cases := []struct {
		name, tool string
		args       map[string]any
		isError    bool
		want       string
	}{
		{"cwd", "execute_command", map[string]any{"command": "cat go.mod", "cwd": "sub"}, false,
			"sub/go.mod · line 1 of 1 · 11 B\nmodule sub\n" + `note: f0 runs no shell; ran "cat go.mod" as fs_read` + "\nnote: ran in the working directory sub (go.mod → sub/go.mod)"},
		{"absolute cwd", "execute_command", map[string]any{"command": "cat go.mod", "cwd": front + "/sub"}, false,
			"sub/go.mod · line 1 of 1 · 11 B\nmodule sub\n" + `note: f0 runs no shell; ran "cat go.mod" as fs_read` + "\nnote: ran in the working directory sub (go.mod → sub/go.mod)"},
		{"cd in front", "Bash", map[string]any{"command": "cd sub && cat go.mod"}, false,
			"sub/go.mod · line 1 of 1 · 11 B\nmodule sub\n" + routed + `note: f0 runs no shell; ran "cat go.mod" as fs_read` + "\nnote: ran in the working directory sub (go.mod → sub/go.mod)"},
		{"cd up again", "execute_command", map[string]any{"command": "cd .. && cat go.mod", "cwd": "sub"}, false,
			"go.mod · line 1 of 1 · 11 B\nmodule top\n" + `note: f0 runs no shell; ran "cat go.mod" as fs_read`},
		{"a root by its name", "terminal", map[string]any{"command": "cat a.txt", "cd": "backend"}, false,
			back + "/a.txt · line 1 of 1 · 5 B\nback\n" + `note: f0 runs no shell; ran "cat a.txt" as fs_read` + "\nnote: ran in the working directory " + back + " (a.txt → " + back + "/a.txt)"},
		{"a list in the directory", "execute_command", map[string]any{"command": "echo hi > out.txt && head -n 1 out.txt go.mod", "cwd": "sub"}, false, ""},
		{"outside the roots", "execute_command", map[string]any{"command": "cat go.mod", "cwd": "/etc"}, true,
			`"execute_command": the working directory "/etc" is outside the allowed roots (` + roots + "); use a directory inside them, relative to " + front + "\n" + `You passed: {"command":"cat go.mod","cwd":"/etc"}`},
		{"above the first root", "Bash", map[string]any{"command": "cd .. && cat go.mod"}, true,
			`"Bash": the working directory ".." is outside the allowed roots (` + roots + "); use a directory inside them, relative to " + front + "\n" + `You passed: {"command":"cd .. && cat go.mod"}`},
		{"a file", "execute_command", map[string]any{"command": "ls", "cwd": "go.mod"}, true,
			`"execute_command": the working directory "go.mod" is a file, not a directory` + "\n" + `You passed: {"command":"ls","cwd":"go.mod"}`},
		{"env", "local_shell", map[string]any{"type": "exec", "command": []any{"bash", "-lc", "cat \"$D/go.mod\""}, "env": map[string]any{"D": "sub"}}, false,
			"sub/go.mod · line 1 of 1 · 11 B\nmodule sub\n" + routed + `note: f0 runs no shell; ran "cat sub/go.mod" as fs_read`},
		{"env without the variable", "local_shell", map[string]any{"type": "exec", "command": []any{"bash", "-lc", "cat $HOME/.netrc"}, "env": map[string]any{}}, true,
			`"local_shell": $HOME is not set by the call's env (it sets none); f0 reads variables from that field only, never from its own environment` + "\n" + `You passed: {"command":["bash","-lc","cat $HOME/.netrc"],"env":{},"type":"exec"}`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			res := host.Call(context.Background(), c.tool, c.args)
			if c.want == "" {
				// A batch's answer holds its time: its notes are checked.
				_, notes, _ := strings.Cut(res.Text, "sub/go.mod · line 1 of 1 · 11 B <==\nmodule sub\n")
				want := `note: f0 runs no shell; ran the 2 commands joined by && as a batch, in order, stopping at the first that fails: "echo hi > out.txt" as fs_write, "head -n 1 out.txt go.mod" as fs_read` +
					"\nnote: ran in the working directory sub (out.txt → sub/out.txt, go.mod → sub/go.mod)"
				if res.IsError || strings.TrimSpace(notes) != want {
					t.Errorf("got:\n%s\nwant the notes:\n%s", res.Text, want)
				}
				return
			}
			if res.IsError != c.isError || strings.TrimSpace(res.Text) != c.want {
				t.Errorf("got (error %v):\n%s\nwant (error %v):\n%s", res.IsError, res.Text, c.isError, c.want)
			}
		})
	}
}

// TestShellContextCurl: a routed curl saves and sends files in the working
// directory, and takes the shell tool's time limit unless it gives -m.
func TestShellContextCurl(t *testing.T) {
	root := t.TempDir()
	if err := os.MkdirAll(filepath.Join(root, "sub"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(root, "sub", "body.txt"), []byte("hello"), 0o644); err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/plain")
		fmt.Fprintf(w, "%s %s %d\n", r.Method, r.URL.Path, r.ContentLength)
	}))
	defer srv.Close()
	host := newCatalogHost(t, tool.Write, root)
	cases := []struct {
		name  string
		tool  string
		args  map[string]any
		notes []string
	}{
		{"output and upload", "execute_command", map[string]any{"command": "curl -s -d @body.txt -o got.txt " + srv.URL + "/a", "cwd": "sub"},
			[]string{`note: f0 runs no shell; ran "curl -s -d @sub/body.txt -o sub/got.txt ` + srv.URL + `/a" as net_curl`, "note: ran in the working directory sub"}},
		{"timeout in ms", "Bash", map[string]any{"command": "curl -s " + srv.URL + "/b", "timeout": 1500},
			[]string{`note: f0 runs no shell; ran "curl -s ` + srv.URL + `/b" as net_curl`, "note: the shell tool's time limit is net_curl's maxTimeSeconds 1.5"}},
		{"timeout in seconds", "execute_command", map[string]any{"command": "curl -s " + srv.URL + "/c", "requires_approval": false, "timeout": 20},
			[]string{`note: f0 runs no shell; ran "curl -s ` + srv.URL + `/c" as net_curl`, "note: the shell tool's time limit is net_curl's maxTimeSeconds 20"}},
		{"own -m", "Bash", map[string]any{"command": "curl -s -m 3 " + srv.URL + "/d", "timeout": 1500},
			[]string{`note: f0 runs no shell; ran "curl -s -m 3 ` + srv.URL + `/d" as net_curl`}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			res := host.Call(context.Background(), c.tool, c.args)
			if res.IsError {
				t.Fatalf("error: %s", res.Text)
			}
			lines := strings.Split(strings.TrimSpace(res.Text), "\n")
			var notes []string
			for _, l := range lines {
				if strings.HasPrefix(l, "note: ") && !strings.Contains(l, "a command that is one f0 call") {
					notes = append(notes, l)
				}
			}
			if strings.Join(notes, "\n") != strings.Join(c.notes, "\n") {
				t.Errorf("notes:\n%s\nwant:\n%s\nanswer:\n%s", strings.Join(notes, "\n"), strings.Join(c.notes, "\n"), res.Text)
			}
		})
	}
	got, err := os.ReadFile(filepath.Join(root, "sub", "got.txt"))
	if err != nil || string(got) != "POST /a 5\n" {
		t.Errorf("sub/got.txt: %q, %v", got, err)
	}
}
