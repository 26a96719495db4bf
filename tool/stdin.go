package tool

import (
	"io"
	"sync"
)

// Stdin is a front end's standard input, offered to the calls it makes.
// Only the CLI has one: over MCP, standard input carries the protocol
// itself (stdio) or does not exist (HTTP). It is read at most once; later
// reads get the same bytes, as curl gives "@-" to every flag naming it.
type Stdin struct {
	once sync.Once
	r    io.Reader
	data []byte
	err  error
}

// NewStdin wraps r (os.Stdin on the CLI).
func NewStdin(r io.Reader) *Stdin { return &Stdin{r: r} }

// Bytes reads standard input to its end the first time, at most limit+1
// bytes so that a caller can tell it was larger than limit.
func (s *Stdin) Bytes(limit int64) ([]byte, error) {
	s.once.Do(func() {
		s.data, s.err = io.ReadAll(io.LimitReader(s.r, limit+1))
	})
	return s.data, s.err
}
