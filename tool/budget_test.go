package tool

import (
	"testing"
)

// TestZeroCallRoom: outside an engine a call has the default budget less
// the engine's reserve.
func TestZeroCallRoom(t *testing.T) {
	if got := (Call{}).Room().Bytes; got != DefaultMaxOutput-roomReserve {
		t.Fatalf("outside a call the room is %d, want the default budget's", got)
	}
}

// TestRoomShare pins the share of each of n parts: the room split n ways
// less each part's header and "more of this" line, with a floor.
func TestRoomShare(t *testing.T) {
	room := roomIn(Limits{Bytes: DefaultMaxOutput, Lines: 1999}, DefaultOutputCap)
	cases := []struct {
		n    int
		want Limits
	}{
		{0, Limits{Bytes: 23756, Lines: 1988}},
		{1, Limits{Bytes: 23756, Lines: 1988}},
		{2, Limits{Bytes: 11818, Lines: 992}},
		{24, Limits{Bytes: 874, Lines: 79}},
		{64, Limits{Bytes: partMin, Lines: 28}},
		{1000, Limits{Bytes: partMin, Lines: partMinLines}},
	}
	for _, c := range cases {
		if got := room.Share(c.n).Limits(); got != c.want {
			t.Errorf("Share(%d) = %+v, want %+v", c.n, got, c.want)
		}
	}
	if got := roomIn(Limits{Bytes: 4096}, DefaultOutputCap).Share(2).Lines; got != 0 {
		t.Errorf("a share counts lines only when the room does: %d", got)
	}
}

// TestRoomLess pins what is left once the status line and notes have
// taken theirs, down to a quarter of the budget.
func TestRoomLess(t *testing.T) {
	room := roomIn(Limits{Bytes: 4096, Lines: 100}, DefaultOutputCap)
	got := room.Less("status line", "", "note: one\nnote: two")
	if want := (Limits{Bytes: 3396 - 12 - 20, Lines: 92 - 3}); got.Limits() != want {
		t.Fatalf("Less = %+v, want %+v", got.Limits(), want)
	}
	huge := string(make([]byte, 5000))
	if got := room.Less(huge).Bytes; got != 1024 {
		t.Fatalf("Less of more than the room left %d bytes, want a quarter of the budget (1024)", got)
	}
	if got := roomIn(Limits{Bytes: 4096}, DefaultOutputCap).Less("a\nb").Lines; got != 0 {
		t.Fatalf("Less counts lines only when the room does: %d", got)
	}
}

func TestRoomParts(t *testing.T) {
	if got := roomIn(Limits{Bytes: DefaultMaxOutput}, DefaultOutputCap).Parts(); got != 24 {
		t.Errorf("a 24 KiB budget holds %d parts of MinShare, want 24", got)
	}
}
