package fs_test

import (
	"net/url"
	"path/filepath"
	"reflect"
	"testing"

	"f0/tool"
)

// What fs.write, fs.copy and fs.move made comes back as a link beside the
// text: the file's URI, its name as the text shows it, its type and size.
func TestWritesLinkWhatTheyMade(t *testing.T) {
	e := newEnv(t)
	e.file("src.png", "PNG!")
	e.file("tree/a.txt", "a")
	fileURI := func(rel string) string {
		return (&url.URL{Scheme: "file", Path: filepath.ToSlash(filepath.Join(e.root, rel))}).String()
	}
	tests := []struct {
		name string
		tool string
		args map[string]any
		want []tool.Link
	}{
		{"fs.write", "fs.write", map[string]any{"path": "notes/new file.md", "content": "# hi\n"},
			[]tool.Link{{URI: fileURI("notes/new file.md"), Name: "notes/new file.md", MIMEType: "text/markdown; charset=utf-8", Size: 5}}},
		{"fs.write, no extension", "fs.write", map[string]any{"path": "LICENSE", "content": "MIT\n"},
			[]tool.Link{{URI: fileURI("LICENSE"), Name: "LICENSE", MIMEType: "text/plain; charset=utf-8", Size: 4}}},
		{"fs.copy a file", "fs.copy", map[string]any{"source": "src.png", "destination": "copy.png"},
			[]tool.Link{{URI: fileURI("copy.png"), Name: "copy.png", MIMEType: "image/png", Size: 4}}},
		{"fs.copy a directory", "fs.copy", map[string]any{"source": "tree", "destination": "tree2"},
			[]tool.Link{{URI: fileURI("tree2"), Name: "tree2", MIMEType: "inode/directory", Size: 1}}},
		{"fs.move into a directory", "fs.move", map[string]any{"source": "copy.png", "destination": "tree2/"},
			[]tool.Link{{URI: fileURI("tree2/copy.png"), Name: "tree2/copy.png", MIMEType: "image/png", Size: 4}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := e.call(tt.tool, tt.args)
			if res.IsError || !reflect.DeepEqual(res.Links, tt.want) {
				t.Errorf("links %+v (text %q), want %+v", res.Links, res.Text, tt.want)
			}
		})
	}
	if res := e.call("fs.read", "src.png"); len(res.Links) != 0 {
		t.Errorf("a read links %+v; only what a call made is linked", res.Links)
	}
}
