package engine

import (
	"iter"
	"slices"
)

// inOrder yields the keys of m in sorted order, from a snapshot taken
// first (the loop may add and delete keys). Up to 16 keys it allocates
// nothing: it runs on every repair pass of every call.
func inOrder[V any](m map[string]V) iter.Seq[string] {
	return func(yield func(string) bool) {
		var buf [16]string
		keys := buf[:0]
		for k := range m {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		for _, k := range keys {
			if !yield(k) {
				return
			}
		}
	}
}

// sortedKeys returns the keys of m sorted, in one allocation (where
// slices.Sorted(maps.Keys(m)) grows its slice).
func sortedKeys[V any](m map[string]V) []string {
	if len(m) == 0 {
		return nil
	}
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}
