package main

import (
	"fmt"

	"f0/internal/text"
)

// parseSizeFlag reads a size flag (--net-max-download, --max-call-memory,
// serve --max-body) the one way all of them take it: bytes, or a number
// with K, M, G or T, binary, with or without i and B (4MiB, 4M, 512K,
// 5000000).
func parseSizeFlag(flag, v string) (int64, error) {
	n, err := text.ParseSize(v)
	if err != nil || n <= 0 {
		return 0, fmt.Errorf("%s %q: want a size such as 100MiB, 4M, 512K or 5000000", flag, v)
	}
	return n, nil
}
