package net

import (
	"fmt"
	"strconv"
	"strings"
	"time"
)

// HumanDuration renders a duration the way the first line shows it:
// 84 ms, 1.25 s, 2m30s.
func HumanDuration(d time.Duration) string {
	switch {
	case d < time.Millisecond:
		return fmt.Sprintf("%d µs", d.Microseconds())
	case d < time.Second:
		return fmt.Sprintf("%d ms", d.Milliseconds())
	case d < time.Minute:
		s := strconv.FormatFloat(d.Seconds(), 'f', 2, 64)
		s = strings.TrimSuffix(strings.TrimRight(s, "0"), ".")
		return s + " s"
	}
	d = d.Round(time.Second)
	m, sec := int(d/time.Minute), int(d%time.Minute/time.Second)
	if sec == 0 {
		return fmt.Sprintf("%d min", m)
	}
	return fmt.Sprintf("%d min %d s", m, sec)
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
