package engine

import (
	"encoding/json"
	"flag"
	"reflect"
	"testing"

	"f0/tool"
)

// decode turns the repaired arguments into t's input, completed by the
// tool (Def.Prepare): the engine decodes a call once, and the access check
// and Run get the same input.
func decode(t *tool.Tool, args map[string]any) (any, error) {
	in, err := decodeArgs(t, args)
	if err != nil {
		return nil, err
	}
	return t.Complete(in), nil
}

// decodeArgs turns the repaired arguments into t's input: directly when
// the tool's plan can (Tool.FromArgs), through JSON otherwise. Under go
// test every direct decoding is checked against JSON's (see
// checkingDecodes).
func decodeArgs(t *tool.Tool, args map[string]any) (any, error) {
	if t.FromArgs != nil {
		if in, ok := t.FromArgs(args); ok {
			if checkingDecodes() {
				checkDirect(t, args, in)
			}
			return in, nil
		}
	}
	data, err := json.Marshal(args)
	if err != nil {
		return nil, &encodeError{err}
	}
	return t.DecodeJSON(data)
}

// encodeError is arguments that JSON could not encode.
type encodeError struct{ err error }

func (e *encodeError) Error() string { return "re-encode arguments: " + e.err.Error() }

func (e *encodeError) Unwrap() error { return e.err }

// checkDirect panics when the direct decoding of args differs from JSON's:
// a bug in the plan, which a test must not pass over.
func checkDirect(t *tool.Tool, args map[string]any, direct any) {
	data, err := json.Marshal(args)
	if err != nil {
		panic("tools: decoded directly arguments JSON cannot encode: " + err.Error())
	}
	viaJSON, err := t.DecodeJSON(data)
	if err != nil {
		panic("tools: decoded directly arguments JSON refuses: " + err.Error())
	}
	if !reflect.DeepEqual(direct, viaJSON) {
		panic("tools: " + t.Name + ": direct decoding differs from JSON's for " + string(data))
	}
}

// checkingDecodes reports whether direct decodings are checked against
// JSON's: in every test (the catalogue's, the mistake corpus, the CLI's),
// but not in a benchmark, whose numbers the check would skew.
func checkingDecodes() bool {
	if !testing.Testing() {
		return false
	}
	bench := flag.Lookup("test.bench")
	return bench == nil || bench.Value.String() == ""
}
