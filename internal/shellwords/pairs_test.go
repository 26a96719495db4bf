package shellwords

import (
	"reflect"
	"testing"
)

func TestReadPairsAndPlaceBare(t *testing.T) {
	cases := []struct {
		words []string
		join  bool
		want  any
		fails bool
	}{
		{[]string{"docs/a.md", "limit=2", "offset=10"}, false, map[string]any{"path": "docs/a.md", "limit": "2", "offset": "10"}, false},
		{[]string{"n:=3", "x=a=b"}, false, map[string]any{"n": float64(3), "x": "a=b"}, false},
		{[]string{"read", "file"}, true, "read file", false},
		{[]string{"a", "b"}, false, []string{"a", "b"}, false},
		{[]string{"--", "k=v"}, false, "k=v", false},
		{[]string{"a/b=c"}, false, "a/b=c", false},
		{[]string{"n:=nope"}, false, nil, true},
		{[]string{"x", "path=y"}, false, nil, true},
	}
	for _, c := range cases {
		fields, bare, err := ReadPairs(c.words)
		var got any
		if err == nil {
			got, err = PlaceBare(fields, bare, "path", c.join)
		}
		if (err != nil) != c.fails || !c.fails && !reflect.DeepEqual(got, c.want) {
			t.Errorf("%q: got %#v (%v), want %#v", c.words, got, err, c.want)
		}
	}
}
