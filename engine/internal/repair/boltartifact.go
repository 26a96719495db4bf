package repair

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
)

// bolt.new's models write files as actions of an artifact in their
// message (stackblitz/bolt.new app/lib/runtime/message-parser.ts):
//
//	<boltArtifact id="…" title="…">
//	  <boltAction type="file" filePath="src/main.js">…</boltAction>
//	  <boltAction type="shell">npm install</boltAction>
//	</boltArtifact>
//
// Sent as a write's arguments (the whole text, or the content field), a
// file action is a write of that file with the action's text trimmed and
// one line end after it, as bolt's parser writes it; several are a batch
// of writes. A shell or start action has no f0 meaning, so an artifact
// holding one is refused with the writes f0 can make.

const (
	boltArtifactOpen = "<boltArtifact"
	boltActionOpen   = "<boltAction"
	boltActionClose  = "</boltAction>"
)

// boltAttribute reads an attribute of a bolt tag as bolt's parser does:
// name="value", any case.
var boltAttribute = regexp.MustCompile(`(?i)\b(type|filePath)="([^"]*)"`)

// boltAction is one action of an artifact: its type, the file it writes
// (file actions) and its text.
type boltAction struct {
	kind, path, content string
}

// isBoltText reports whether s is a bolt artifact or action, or a bolt
// message: prose with an artifact starting on a line of its own.
func isBoltText(s string) bool {
	t := strings.TrimSpace(s)
	return strings.HasPrefix(t, boltArtifactOpen) || strings.HasPrefix(t, boltActionOpen) ||
		strings.Contains(t, "\n"+boltArtifactOpen+" ") && strings.Contains(t, boltActionClose)
}

// boltActions reads the actions of an artifact; ok is false when s holds
// none or an action is left open.
func boltActions(s string) ([]boltAction, bool) {
	var out []boltAction
	for {
		start := strings.Index(s, boltActionOpen)
		if start < 0 {
			return out, len(out) > 0
		}
		end := strings.Index(s[start:], ">")
		if end < 0 {
			return nil, false
		}
		tag := s[start : start+end+1]
		body := s[start+end+1:]
		closing := strings.Index(body, boltActionClose)
		if closing < 0 {
			return nil, false
		}
		a := boltAction{content: strings.TrimSpace(body[:closing])}
		for _, m := range boltAttribute.FindAllStringSubmatch(tag, -1) {
			if strings.EqualFold(m[1], "type") {
				a.kind = strings.ToLower(m[2])
			} else {
				a.path = m[2]
			}
		}
		if a.kind == "file" {
			a.content += "\n"
		}
		out = append(out, a)
		s = body[closing+len(boltActionClose):]
	}
}

// boltCalls makes the writes of an artifact's file actions, or refuses
// it when an action is not a file's (or a file action names no path, or
// path, when given, is none of its files). writer is f0's write tool as
// the client names it.
func boltCalls(actions []boltAction, writer, path string) ([]foundCall, string) {
	var calls []foundCall
	var files, others []string
	for _, a := range actions {
		switch {
		case a.kind == "file" && strings.TrimSpace(a.path) != "":
			files = append(files, a.path)
			calls = append(calls, foundCall{name: writer, args: map[string]any{"path": a.path, "content": a.content, "mode": "overwrite", "createDirs": true}})
		case a.kind == "file":
			return nil, fmt.Sprintf(`the bolt artifact has a file action without filePath; write the file with %s {"path": "<the file>", "content": …}`, writer)
		default:
			others = append(others, fmt.Sprintf("%s action %q", a.kind, firstLine(a.content)))
		}
	}
	example := fmt.Sprintf(`%s {"path": "<the file>", "content": …}`, writer)
	if len(files) > 0 {
		example = fmt.Sprintf(`%s {"path": %q, "content": …}`, writer, files[0])
	}
	if len(others) > 0 {
		return nil, fmt.Sprintf("the bolt artifact holds a %s, which f0 cannot run (it runs no shell commands); write its files without it, one call per file: %s", strings.Join(others, ", "), example)
	}
	if path != "" && !slices.Contains(files, path) {
		return nil, fmt.Sprintf("path %q is none of the files the bolt artifact in the content writes (%s); write each file as its own call: %s", path, strings.Join(files, ", "), example)
	}
	return calls, ""
}

// firstLine is the first line of s, cut to a short quote.
func firstLine(s string) string {
	line, _, _ := strings.Cut(strings.TrimSpace(s), "\n")
	if len(line) > 60 {
		line = line[:60] + "…"
	}
	return line
}

// boltLayer reads arguments that are a bolt artifact's text.
func boltLayer(st *State, s string, txt *argsText) (layer, bool) {
	if !isBoltText(s) {
		return layer{}, false
	}
	return boltArtifactLayer(st, s, "", txt)
}

// readBoltContent reads an object whose one text field holds a bolt
// artifact ({"content": "<boltArtifact …>"}, with a path or not).
func readBoltContent(st *State, m map[string]any) ([]foundCall, string, bool) {
	var artifact, path string
	for k, v := range m {
		s, isText := v.(string)
		switch {
		case isText && isBoltText(s) && artifact == "":
			artifact = s
		case k == "path" && isText:
			path = s
		case k == "mode" || k == "createDirs":
		default:
			return nil, "", false
		}
	}
	if artifact == "" {
		return nil, "", false
	}
	actions, ok := boltActions(artifact)
	if !ok {
		return nil, "", false
	}
	calls, refusal := boltCalls(actions, boltWriter(st), path)
	if refusal != "" {
		return []foundCall{{name: boltRefused, args: refusal}}, "", true
	}
	return calls, boltNote(calls), true
}

// boltRefused marks the refusal readBoltContent hands to the envelope
// loop, which has no other way for an envelope to refuse.
const boltRefused = "\x00bolt"

// boltArtifactLayer makes the artifact's writes the call (one write, or a
// batch of them), or refuses it.
func boltArtifactLayer(st *State, s, path string, txt *argsText) (layer, bool) {
	actions, ok := boltActions(s)
	if !ok {
		return refuse(`the bolt artifact's actions are not closed; send each file as its own call with its whole text: ` + boltWriter(st) + ` {"path": …, "content": …}`), true
	}
	calls, refusal := boltCalls(actions, boltWriter(st), path)
	if refusal != "" {
		return refuse(refusal), true
	}
	txt.note(boltNote(calls))
	return takeCalls(st, calls, txt), true
}

// boltNote says what was read from the artifact.
func boltNote(calls []foundCall) string {
	paths := make([]string, len(calls))
	for i, c := range calls {
		paths[i] = c.args.(map[string]any)["path"].(string)
	}
	return "note: read a bolt.new artifact: each file action is a write of that file (its text trimmed, ending in a line end, as bolt writes it): " + strings.Join(paths, ", ")
}

// boltWriter is f0's write tool as the client names it.
func boltWriter(st *State) string {
	if t := st.Env.Lookup("fs.write"); t != nil {
		return st.Env.Name(t)
	}
	return "fs_write"
}
