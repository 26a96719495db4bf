package net

import (
	"path"
	"reflect"
	"strings"
	"testing"
)

func TestRawWords(t *testing.T) {
	rebase := func(f string) string {
		if f == "-" || strings.HasPrefix(f, "/") {
			return f
		}
		return path.Join("sub", f)
	}
	cases := []struct {
		name   string
		words  []string
		want   []string
		fields []string
	}{
		{"output and max time", []string{"-sSLo", "out.txt", "-m", "5", "http://h/x"}, []string{"-sSLo", "sub/out.txt", "-m", "5", "http://h/x"}, []string{"silent", "followRedirects", "output", "maxTimeSeconds"}},
		{"attached values", []string{"-oout.txt", "--output=b.txt", "http://h/x"}, []string{"-osub/out.txt", "--output=sub/b.txt", "http://h/x"}, []string{"output"}},
		{"uploads", []string{"-T", "a.bin", "-d", "@body.json", "-H", "@h.txt", "--data-raw", "@x", "http://h/"}, []string{"-T", "sub/a.bin", "-d", "@sub/body.json", "-H", "@sub/h.txt", "--data-raw", "@x", "http://h/"}, []string{"data", "headers"}},
		{"forms", []string{"-F", "f=@a.txt;type=text/plain", "-F", "g=<b.txt", "-F", "h=v", "--data-urlencode", "n@c.txt", "http://h/"}, []string{"-F", "f=@sub/a.txt;type=text/plain", "-F", "g=<sub/b.txt", "-F", "h=v", "--data-urlencode", "n@sub/c.txt", "http://h/"}, []string{"form"}},
		{"cookies and stdout", []string{"-b", "jar.txt", "-b", "a=b", "-c", "jar.txt", "-o", "-", "-D", "/tmp/h", "http://h/"}, []string{"-b", "sub/jar.txt", "-b", "a=b", "-c", "sub/jar.txt", "-o", "-", "-D", "/tmp/h", "http://h/"}, []string{"cookie", "output"}},
		{"remote name", []string{"-O", "http://h/a.txt"}, []string{"--output-dir", "sub", "-O", "http://h/a.txt"}, []string{"remoteName"}},
		{"output dir", []string{"--output-dir", "d", "-o", "a.txt", "http://h/"}, []string{"--output-dir", "sub/d", "-o", "a.txt", "http://h/"}, []string{"output"}},
		{"after --", []string{"--", "-o"}, []string{"--", "-o"}, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, fields := rawWords(c.words, rebase)
			if !reflect.DeepEqual(got, c.want) || !reflect.DeepEqual(fields, c.fields) {
				t.Errorf("got %q %q, want %q %q", got, fields, c.want, c.fields)
			}
		})
	}
	for name := range fileValues {
		if lookupLong(name) == nil {
			t.Errorf("fileValues names %s, which is no flag", name)
		}
	}
}
