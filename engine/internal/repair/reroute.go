package repair

import (
	"f0/engine/internal/keys"
	"f0/tool"
)

// rerouteByArguments sends a call made with f0's name to the tool another
// agent's tool of that name is, when the arguments say so; a tool the
// server hides halts, as does an entry f0 has no equivalent for.
func rerouteByArguments(s *State) {
	if s.Route != nil {
		return
	}
	route := reroute(s.Env, s.Tool, s.Name, s.Args)
	if route == nil {
		return
	}
	s.Route = route
	s.useTool(route.Tool)
	switch {
	case !s.Env.Visible(route.Tool):
		s.halt(Hidden)
	case route.Entry.Refuse != "":
		s.halt(Refused)
	}
}

// reroute finds the entry of another agent's tool that has f0's name for
// t and whose conditions the call's arguments hold: Amazon Q's fs_read
// with mode "Search" is a search, with mode "Directory" a listing. Only
// entries with conditions apply; without one the name is f0's.
func reroute(env Env, t *tool.Tool, name string, args map[string]any) *Route {
	for _, ref := range env.OtherNames(keys.Normal(t.Name)) {
		if len(ref.Entry.When) > 0 && matchWhen(ref.Entry.When, args) {
			return &Route{Tool: ref.Tool, Entry: ref.Entry, Name: name, own: true}
		}
	}
	return nil
}
