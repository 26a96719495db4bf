package repair

import (
	"reflect"
	"testing"
)

func TestBoltActions(t *testing.T) {
	cases := []struct {
		name string
		in   string
		want []boltAction
		ok   bool
	}{
		{"file trimmed, one line end", "<boltArtifact id=\"a\" title=\"A\">\n<boltAction type=\"file\" filePath=\"a.js\">\n  let a;\n\n</boltAction>\n</boltArtifact>",
			[]boltAction{{kind: "file", path: "a.js", content: "let a;\n"}}, true},
		{"shell kept as is", `<boltAction type="shell">npm install</boltAction>`,
			[]boltAction{{kind: "shell", content: "npm install"}}, true},
		{"attributes in any order and case", `<boltAction FILEPATH="b.txt" Type="FILE">x</boltAction>`,
			[]boltAction{{kind: "file", path: "b.txt", content: "x\n"}}, true},
		{"prose around the artifact", "I'll create it.\n\n<boltArtifact id=\"a\" title=\"A\">\n<boltAction type=\"file\" filePath=\"a.js\">x</boltAction>\n</boltArtifact>\nDone.",
			[]boltAction{{kind: "file", path: "a.js", content: "x\n"}}, true},
		{"open action", `<boltArtifact><boltAction type="file" filePath="a">x`, nil, false},
		{"no action", `<boltArtifact id="a"></boltArtifact>`, nil, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, ok := boltActions(c.in)
			if ok != c.ok || !reflect.DeepEqual(got, c.want) {
				t.Fatalf("boltActions = %#v, %v; want %#v, %v", got, ok, c.want, c.ok)
			}
		})
	}
}

func TestBoltCalls(t *testing.T) {
	files := []boltAction{{kind: "file", path: "a.js", content: "x\n"}}
	cases := []struct {
		name    string
		actions []boltAction
		path    string
		calls   int
		refused bool
	}{
		{"files are writes", files, "", 1, false},
		{"the path of one of its files", files, "a.js", 1, false},
		{"another path", files, "b.js", 0, true},
		{"a shell action", append(files, boltAction{kind: "shell", content: "npm i"}), "", 0, true},
		{"a file without a path", []boltAction{{kind: "file", content: "x\n"}}, "", 0, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			calls, refusal := boltCalls(c.actions, "fs_write", c.path)
			if len(calls) != c.calls || (refusal != "") != c.refused {
				t.Fatalf("boltCalls = %d calls, refusal %q", len(calls), refusal)
			}
		})
	}
}

func TestIsBoltText(t *testing.T) {
	cases := map[string]bool{
		`<boltArtifact id="a" title="A"></boltArtifact>`:                                                            true,
		"  <boltAction type=\"shell\">ls</boltAction>":                                                              true,
		"Here it is.\n<boltArtifact id=\"a\" title=\"A\">\n<boltAction type=\"file\" filePath=\"x\">y</boltAction>": true,
		"docs mention <boltArtifact> inline":                                                                        false,
		"plain text":                                                                                                false,
	}
	for in, want := range cases {
		if got := isBoltText(in); got != want {
			t.Errorf("isBoltText(%q) = %v, want %v", in, got, want)
		}
	}
}
