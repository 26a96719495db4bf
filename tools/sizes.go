package tools

import "fmt"

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
