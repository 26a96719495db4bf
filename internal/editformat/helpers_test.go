package editformat

import (
	"io/fs"
	"reflect"
	"strings"
	"testing"
)

// parseCase is a text, what a parser should read from it, or a part of
// the error it should give.
type parseCase struct {
	name string
	text string
	want []FileOp
	err  string
}

func runParseCases(t *testing.T, parse func(string) ([]FileOp, error), cases []parseCase) {
	t.Helper()
	for _, tt := range cases {
		t.Run(tt.name, func(t *testing.T) {
			got, err := parse(tt.text)
			if expectedError(t, err, tt.err) {
				return
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("got  %#v\nwant %#v", got, tt.want)
			}
		})
	}
}

// appliedCase is a patch applied with ApplyPatch: the one file it should
// change (path, when given) to want with a note containing note, or a
// part of the error.
type appliedCase struct {
	name, text, path, want, note, err string
}

func runAppliedCases(t *testing.T, read func(string) (string, error), opt Options, cases []appliedCase) {
	t.Helper()
	for _, tt := range cases {
		t.Run(tt.name, func(t *testing.T) {
			cs, err := ApplyPatch(tt.text, read, opt)
			if expectedError(t, err, tt.err) {
				return
			}
			if len(cs) != 1 || tt.path != "" && cs[0].Op.Path != tt.path || cs[0].After != tt.want {
				t.Fatalf("changes = %+v, want one (%s) with %q", cs, tt.path, tt.want)
			}
			if notes := strings.Join(cs[0].Result.Notes, "\n"); !strings.Contains(notes, tt.note) {
				t.Errorf("notes = %q, want %q", notes, tt.note)
			}
		})
	}
}

// expectedError checks err against want (a part of the message; "" for
// no error) and reports whether the case ends there.
func expectedError(t *testing.T, err error, want string) bool {
	t.Helper()
	switch {
	case want != "" && (err == nil || !strings.Contains(err.Error(), want)):
		t.Fatalf("error = %v, want it to contain %q", err, want)
	case want == "" && err != nil:
		t.Fatalf("unexpected error: %v", err)
	}
	return want != ""
}

// mapReader reads files from a map; a missing one is fs.ErrNotExist.
func mapReader(files map[string]string) func(string) (string, error) {
	return func(p string) (string, error) {
		if t, ok := files[p]; ok {
			return t, nil
		}
		return "", fs.ErrNotExist
	}
}
