package web

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
