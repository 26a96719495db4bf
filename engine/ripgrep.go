package engine

import "f0/engine/internal/vocab"

// RipgrepTypeGlobs returns the globs of one of ripgrep's file types (rg -t
// go), from the same table the vocabularies' Grep type fields use, for a
// command line that takes rg's words.
func RipgrepTypeGlobs(name string) ([]string, bool) {
	types, err := vocab.RipgrepTypes()
	if err != nil {
		return nil, false
	}
	globs, ok := types[name]
	return globs, ok
}
