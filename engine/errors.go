package engine

import (
	"errors"
	"fmt"
	"slices"
)

// Sentinel errors, matched with errors.Is against an *ActionError.
var (
	ErrSeat        = errors.New("no such seat")
	ErrNotYourTurn = errors.New("nothing is pending for this seat")
	ErrNotInHand   = errors.New("card is not in hand")
	ErrNoRowChoice = errors.New("no row choice is due")
	// ErrNotYourRowChoice: a row choice is due, but another seat's (in Double, of twins played
	// together and too low, the lower seat's).
	ErrNotYourRowChoice = errors.New("the row choice is another seat's")
	ErrRowRange         = errors.New("row out of range")
	ErrCardCount        = errors.New("wrong number of cards")
	ErrGameOver         = errors.New("the game is over")
	ErrAction           = errors.New("malformed action")
	ErrNotInPool        = errors.New("card is not in the face-up pool")
	ErrNotPending       = errors.New("card is not one of the seat's cards to place")
	ErrNotTaken         = errors.New("card is not among the cards taken")
	ErrHandLimit        = errors.New("a hand may hold at most 16 cards")
)

// ActionError reports an action the rules do not allow. The game state is unchanged.
type ActionError struct {
	_    [0]func() // not comparable (only *ActionError is an error): no equality code in the wasm (#25)
	Seat int       // the seat that acted
	Card Card      // the card at fault, or 0
	Row  int       // the row at fault, or NoRow
	Err  error     // one of the sentinel errors above
}

func (e *ActionError) Error() string {
	s := fmt.Sprintf("engine: seat %d", e.Seat)
	if e.Card != 0 {
		s += ": " + cardErr(e.Card)
	}
	if e.Row != NoRow {
		s += fmt.Sprintf(": row %d", e.Row)
	}
	return s + ": " + e.Err.Error()
}

// Unwrap returns the sentinel error.
func (e *ActionError) Unwrap() error { return e.Err }

// NoRow marks an ActionError that concerns no row.
const NoRow = -1 << 31

//go:noinline
func actErr(seat int, c Card, row int, err error) error {
	return &ActionError{Seat: seat, Card: c, Row: row, Err: err}
}

// newError is errors.New and errorf fmt.Errorf, kept out of line (as are actErr, detErr and the
// view's event checks): errors are made off the bots' hot paths, and inlined at their ~120 call
// sites they cost the browser build several KB (docs/PERFORMANCE.md, #25).
//
//go:noinline
func newError(text string) error { return errors.New(text) }

//go:noinline
func errorf(format string, args ...any) error { return fmt.Errorf(format, args...) }

// clone is slices.Clone, kept out of line: inlined at its ~70 call sites it cost the browser
// build 10.8 KB gzipped; a call more beside an allocation and a copy changed no measured decision
// time of the Expert's variant search (docs/PERFORMANCE.md, #25).
//
//go:noinline
func clone[S ~[]E, E any](s S) S { return slices.Clone(s) }

// insertCard returns a new slice of row with c inserted at index pos (row is left as it was): what
// slices.Insert(slices.Clip(row), pos, c) returns, in 2.7 KB less wasm code than its
// instantiation (#25).
func insertCard(row []Card, pos int, c Card) []Card {
	out := make([]Card, len(row)+1)
	copy(out, row[:pos])
	out[pos] = c
	copy(out[pos+1:], row[pos:])
	return out
}
