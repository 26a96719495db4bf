package roots

import (
	"context"
	"errors"
	"testing"
)

// fakeSource hands out one set, or an error, and counts the sets given back.
type fakeSource struct {
	set      *Set
	err      error
	returned int
}

func (f *fakeSource) Files(context.Context) (*Set, func(), error) {
	if f.err != nil {
		return nil, nil, f.err
	}
	return f.set, func() { f.returned++ }, nil
}

func (f *fakeSource) Describe(context.Context) string { return "fake" }

// TestUse: a call without a session uses the fixed roots; a session's roots
// are given back once the function returns; a session without roots hands
// the function no set and the reason, and gives nothing back.
func TestUse(t *testing.T) {
	fixed, err := OpenOperator([]string{t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	defer fixed.Close()
	session, err := OpenOperator([]string{t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	defer session.Close()
	none := errors.New("no roots yet")
	cases := []struct {
		name     string
		src      *fakeSource
		want     *Set
		missing  error
		returned int
	}{
		{"no session", nil, fixed, nil, 0},
		{"a session's roots", &fakeSource{set: session}, session, nil, 1},
		{"a session without roots", &fakeSource{err: none}, nil, none, 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			ctx := context.Background()
			if c.src != nil {
				ctx = WithSource(ctx, c.src)
			}
			got, err := Use(ctx, fixed, func(set *Set, missing error) (*Set, error) {
				if c.src != nil && c.src.returned != 0 {
					t.Error("the roots were given back before the function returned")
				}
				return set, missing
			})
			if got != c.want || !errors.Is(err, c.missing) && err != c.missing {
				t.Errorf("Use handed %v, %v; want %v, %v", got, err, c.want, c.missing)
			}
			if c.src != nil && c.src.returned != c.returned {
				t.Errorf("given back %d times, want %d", c.src.returned, c.returned)
			}
		})
	}
}
