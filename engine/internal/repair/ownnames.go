package repair

import (
	"fmt"
	"slices"
	"strings"

	"f0/engine/internal/keys"
	"f0/engine/internal/vocab"
	"f0/internal/text"
	"f0/schemas"
	"f0/tool"
)

// readOwnName reads a call made with f0's name that another agent's tool
// of the same name makes, as its arguments show: Amazon Q's fs_read with
// mode "Search" is a search, with operations a batch. The vocabularies
// decide (vocab.Resolve reads an f0 name only when the call has a field
// the foreign tool publishes and f0's does not); without such a field
// the call is f0's.
func readOwnName(s *State) {
	v := s.Env.Vocabulary()
	if v == nil || s.Route != nil || s.foreign != nil || s.Tool.External() != nil {
		return
	}
	res, err := v.Resolve(s.ctx, vocab.Request{Name: s.Name, Args: s.Args, Agent: s.Env.Agent()}, s.Env.Paths())
	if err != nil || res.Outcome == vocab.NoMatch {
		return // the call is f0's, and f0's own checks say what is wrong
	}
	s.applyForeign(s.Name, res, 0)
	if args, ok := s.Raw.(map[string]any); ok && s.out.Halt == Done {
		s.Args = args
	}
}

// readOtherFields reads, in a call made with f0's name, the fields f0
// has no name for as the fields of another agent's tool that means the
// same f0 tool (vocab.ResolveFields): Grep's output_mode for fs.search,
// Cursor's should_read_entire_file for fs.read. Fields the tool declares,
// takes as synonyms, or that a later repair reads (a line range, an
// inverse boolean) are left to those.
func readOtherFields(s *State) {
	v := s.Env.Vocabulary()
	if v == nil || s.foreign != nil || s.Route != nil {
		return
	}
	var others []string
	for k := range keys.InOrder(s.Args) {
		if otherArgument(s.Tool, s.Schema(), k) {
			others = append(others, k)
		}
	}
	if len(others) == 0 {
		return
	}
	// A field f0 has no name for tells whose tool the call speaks
	// (Serena's relative_path); that tool's line fields are then read by
	// its rules (0-based, inclusive), not by f0's line-window repair.
	others = append(others, lineFields(s.Tool, s.Args)...)
	res, err := v.ResolveFields(s.ctx, s.Tool.Name, s.Args, others, s.Env.Paths())
	switch {
	case err != nil:
		s.Problems = append(s.Problems, foreignProblem(s, err))
		return
	case res.Outcome == vocab.Refused:
		s.Problems = append(s.Problems, Problem{res.Refusal.Field, s.Env.Text(res.Refusal.Text)})
		return
	case res.Outcome != vocab.Mapped:
		return
	}
	s.mergeFields(res)
}

// mergeFields puts the f0 fields another agent's fields became into the
// call: the fields it read are replaced, and a field the call also gives
// with another value is a problem.
func (s *State) mergeFields(res vocab.Result) {
	for _, u := range res.Fields {
		if u.Use != vocab.UseInert { // f0's own inert stage says it left them out
			delete(s.Args, u.Field)
		}
	}
	for _, k := range keys.Sorted(res.Calls[0].Args) {
		val := res.Calls[0].Args[k]
		if prev, given := s.Args[k]; given && !sameJSON(prev, val) {
			s.Problems = append(s.Problems, Problem{k, fmt.Sprintf("was given as %s, and another agent's field of this call means %s; send one of them", text.CompactJSON(prev), text.CompactJSON(val))})
			continue
		}
		s.Args[k] = val
	}
	if len(res.Moves) > 0 {
		s.Notes = append(s.Notes, "note: read other agents' arguments: "+strings.Join(res.Moves, ", "))
	}
	for _, n := range res.Notes {
		s.Notes = append(s.Notes, "note: "+s.Env.Text(n))
	}
}

// foreignProblem is a table's error on one field, as a problem of the
// call.
func foreignProblem(s *State, err error) Problem {
	var ie *vocab.InputError
	if e, ok := err.(*vocab.InputError); ok {
		ie = e
	}
	if ie == nil {
		return Problem{"", err.Error()}
	}
	msg := ie.Problem
	if len(ie.Accepted) > 0 {
		msg += " (accepted: " + strings.Join(ie.Accepted, ", ") + ")"
	}
	if ie.Fix != "" {
		msg += ". " + s.Env.Text(ie.Fix)
	}
	return Problem{ie.Field, fmt.Sprintf("%s (as %s's %s)", msg, ie.Agent, ie.Tool)}
}

// lineFields are the fields of args that f0's line-window repair would
// read as a line range.
func lineFields(t *tool.Tool, args map[string]any) []string {
	if t.LineWindow[0] == "" {
		return nil
	}
	var out []string
	for k := range keys.InOrder(args) {
		if keys.Contains(rangeKeys, k) || slices.Contains(rangeStartKeys, keys.Fold(k)) || slices.Contains(rangeEndKeys, keys.Fold(k)) {
			out = append(out, k)
		}
	}
	return out
}

// otherArgument reports whether k is none of t's own names for its
// fields, so another agent's name may place it.
func otherArgument(t *tool.Tool, schema *schemas.Schema, k string) bool {
	if schemas.Property(schema, k) != nil {
		return false
	}
	if _, ok := lookupSynonym(t.Synonyms, k); ok {
		return false
	}
	if _, ok := keys.Lookup(t.Inverse, k); ok {
		return false
	}
	if t.RawArgsField != "" && keys.Contains(commandKeys, k) || keys.Contains(bearerKeys, foldedSnake(k)) {
		return false // repairRequest reads a command line, a bearer token
	}
	if slices.Contains(lineFields(t, map[string]any{k: nil}), k) {
		return false
	}
	for _, name := range schemas.PropertyNames(schema) {
		if keys.Fold(name) == keys.Fold(k) {
			return false
		}
	}
	return true
}
