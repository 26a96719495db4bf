package text

import (
	"fmt"
	"strconv"
	"strings"
)

// HumanBytes writes a byte count for people, in powers of 1024: 245 B,
// 1.2 KB, 20 MB (one decimal below 10, none from 10).
func HumanBytes(n int64) string {
	const unit = 1024
	if n < unit {
		return fmt.Sprintf("%d B", n)
	}
	value, suffix := float64(n)/unit, "KB"
	for _, s := range []string{"MB", "GB", "TB", "PB"} {
		if value < unit {
			break
		}
		value, suffix = value/unit, s
	}
	if value < 10 {
		return fmt.Sprintf("%.1f %s", value, suffix)
	}
	return fmt.Sprintf("%.0f %s", value, suffix)
}

// ParseSize reads a size such as 100MiB, 1G, 512k or 1048576 (bytes).
// K, M, G and T are powers of 1024, with or without "i" and "B".
func ParseSize(s string) (int64, error) {
	t := strings.ToUpper(strings.TrimSpace(s))
	t = strings.TrimSuffix(strings.TrimSuffix(t, "B"), "I")
	mult := int64(1)
	if t != "" {
		switch t[len(t)-1] {
		case 'K':
			mult = 1 << 10
		case 'M':
			mult = 1 << 20
		case 'G':
			mult = 1 << 30
		case 'T':
			mult = 1 << 40
		}
		if mult > 1 {
			t = t[:len(t)-1]
		}
	}
	f, err := strconv.ParseFloat(strings.TrimSpace(t), 64)
	if err != nil || f < 0 || f*float64(mult) > 1<<62 {
		return 0, fmt.Errorf("size %q: want a number of bytes such as 1048576, 512K, 100M or 2G", s)
	}
	return int64(f * float64(mult)), nil
}
