package repair

import "fmt"

// Problem is one thing wrong with the arguments of a call.
type Problem struct {
	Field string
	Msg   string
}

func (p Problem) String() string {
	if p.Field == "" {
		return p.Msg
	}
	return fmt.Sprintf("%q: %s", p.Field, p.Msg)
}
