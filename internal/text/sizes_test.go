package text

import (
	"testing"
)

// TestParseSize reads the sizes the operator's flags take (--max-call-memory,
// --net-max-download) and curl's --max-filesize: bytes, and K, M, G, T as
// powers of 1024 with or without "i" and "B".
func TestParseSize(t *testing.T) {
	for _, c := range []struct {
		in   string
		want int64
	}{
		{"1048576", 1 << 20},
		{"512k", 512 << 10},
		{"100MiB", 100 << 20},
		{"1G", 1 << 30},
		{"2TB", 2 << 40},
		{" 1.5M ", 3 << 19},
		{"0", 0},
	} {
		got, err := ParseSize(c.in)
		if err != nil || got != c.want {
			t.Errorf("ParseSize(%q) = %d, %v; want %d", c.in, got, err, c.want)
		}
	}
	for _, bad := range []string{"", "lots", "-1M", "1Q", "9999999T"} {
		if _, err := ParseSize(bad); err == nil {
			t.Errorf("ParseSize(%q) succeeded; want an error", bad)
		}
	}
}
