package engine

import (
	"errors"
	"fmt"
	"slices"
)

// Sentinel errors of Determinize, matched with errors.Is against a *DeterminizeError.
var (
	ErrHiddenSeats   = errors.New("hidden hands: need one entry per seat")
	ErrHiddenOwn     = errors.New("hidden hands: the view's own seat hides nothing")
	ErrHiddenSize    = errors.New("hidden hands: wrong number of cards for the seat")
	ErrHiddenCard    = errors.New("hidden hands: card is seen or not in play (or given too often)")
	ErrViewPhase     = errors.New("the view's phase cannot be determinized")
	ErrViewMalformed = errors.New("the view is not one a game of its config can show")
)

// DeterminizeError reports why Determinize rejects a view or its hidden hands.
type DeterminizeError struct {
	_    [0]func() // not comparable (only *DeterminizeError is an error): no equality code in the wasm (#25)
	Seat int       // the seat at fault, or -1
	Card Card      // the card at fault, or 0
	Err  error     // one of the Determinize sentinel errors
}

func (e *DeterminizeError) Error() string {
	s := "engine: determinize"
	if e.Seat >= 0 {
		s += fmt.Sprintf(": seat %d", e.Seat)
	}
	if e.Card != 0 {
		s += ": " + cardErr(e.Card)
	}
	return s + ": " + e.Err.Error()
}

// Unwrap returns the sentinel error.
func (e *DeterminizeError) Unwrap() error { return e.Err }

//go:noinline
func detErr(seat int, c Card, err error) error {
	return &DeterminizeError{Seat: seat, Card: c, Err: err}
}

// Known returns the cards of seat's hand that the view's seat knows: its own whole hand; another
// seat's card played face up and not yet placed (Open) and, in the Hand variant, the cards it
// took from a row into its hand this round.
func (v *View) Known(seat int) []Card {
	if seat == v.Seat {
		return clone(v.Hand)
	}
	var out []Card
	if seat >= 0 && seat < len(v.Kept) {
		out = append(out, v.Kept[seat]...)
	}
	for _, p := range v.FaceUp {
		if p.Seat == seat {
			out = append(out, p.Card)
		}
	}
	SortCards(out)
	return out
}

// HiddenSizes returns, for each seat, how many cards of its hand the view's seat cannot see: its
// hand size less its Known cards (0 for the view's own seat).
func (v *View) HiddenSizes() []int {
	out := make([]int, v.Config.Seats)
	for s := range out {
		if s != v.Seat && s < len(v.HandSizes) {
			out[s] = v.HandSizes[s] - len(v.Known(s))
		}
	}
	return out
}

// HiddenPool returns the cards the hidden part of the other seats' hands is drawn from: the
// unseen cards (Unseen) less the cards played face up this turn (Open) and the draft pool.
// Lowest first; twins (Double) as often as copies of them may be hidden. In the second half of
// TCG it still holds the first half's cards, which are out of play (as Unseen does).
func (v *View) HiddenPool() []Card {
	out := v.Unseen()
	for _, p := range v.FaceUp {
		out = dropOne(out, p.Card)
	}
	for _, c := range v.Pool {
		out = dropOne(out, c)
	}
	return out
}

// dropOne removes one c from cs in place, if it holds one.
func dropOne(cs []Card, c Card) []Card {
	if i := slices.Index(cs, c); i >= 0 {
		return slices.Delete(cs, i, i+1)
	}
	return cs
}

// Determinize builds a playable game from seat v.Seat's view and a guess of what it cannot see:
// hidden[s] is the hidden part of seat s's hand (HiddenSizes()[s] cards drawn from HiddenPool();
// nil for the view's own seat). The game holds the view's table, scores, penalties, revealed
// cards and pending plays; each seat's hand is its Known cards plus its hidden ones. Cards other
// seats chose this turn but did not reveal are not part of it: those seats choose again. The
// game is for searches: it ends its round like the real one would, then stops (PhaseDeal, or
// PhaseOver when the round ends the game); its events start at the view, its Record holds only
// the moves made on it (not replayable), and its Piles only the cards taken since.
//
// A view waiting on another seat's keep choice (Hand) cannot be determinized: the view does not
// hold the cards taken. Wrong hidden hands or such a view return a *DeterminizeError.
func Determinize(v *View, hidden [][]Card) (*Game, error) {
	cfg, n, me := v.Config, v.Config.Seats, v.Seat
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	if me < 0 || me >= n || len(v.HandSizes) != n || len(v.Scores) != n || len(v.Penalties) != n ||
		len(v.Piles) != n || v.HandSizes[me] != len(v.Hand) {
		return nil, detErr(me, 0, ErrViewMalformed)
	}
	for _, p := range slices.Concat(v.FaceUp, v.Pending) {
		if p.Seat < 0 || p.Seat >= n {
			return nil, detErr(p.Seat, 0, ErrViewMalformed)
		}
	}
	for _, s := range append([]int{v.First}, v.Waiting...) {
		if s < 0 || s >= n {
			return nil, detErr(s, 0, ErrViewMalformed)
		}
	}
	r := cfg.rules()
	if !r.sequential && v.Phase != PhaseDraft && slices.ContainsFunc(v.HandSizes, func(k int) bool { return k != len(v.Hand) }) {
		return nil, detErr(me, 0, ErrViewMalformed) // seats that play at once hold as many cards
	}
	switch v.Phase {
	case PhaseChoose, PhaseDraft, PhaseRowChoice, PhaseOrder, PhaseKeep:
	default:
		return nil, detErr(-1, 0, ErrViewPhase)
	}
	if len(hidden) != n {
		return nil, detErr(-1, 0, ErrHiddenSeats)
	}
	if len(hidden[me]) != 0 {
		return nil, detErr(me, 0, ErrHiddenOwn)
	}
	sizes := v.HiddenSizes()
	var avail [256]int
	for _, c := range v.HiddenPool() {
		avail[c]++
	}
	for s, h := range hidden {
		if len(h) != sizes[s] {
			return nil, detErr(s, 0, ErrHiddenSize)
		}
		for _, c := range h {
			if avail[c] == 0 {
				return nil, detErr(s, c, ErrHiddenCard)
			}
			avail[c]--
		}
	}

	g := newGame(cfg, nil)
	g.sampled = true
	g.round, g.turn, g.phase, g.first, g.current = v.Round, v.Turn, v.Phase, v.First, v.First
	for s := 0; s < n; s++ {
		if s == me {
			g.hands[s] = clone(v.Hand)
		} else {
			g.hands[s] = addCards(v.Known(s), hidden[s])
		}
		if s < len(v.Kept) && len(v.Kept[s]) > 0 {
			g.kept[s] = clone(v.Kept[s])
		}
		g.scores[s], g.pen[s], g.pileBase[s] = v.Scores[s], v.Penalties[s], v.Piles[s]
	}
	for i, r := range v.Rows {
		g.rows[i] = clone(r)
	}
	g.revealed = clone(v.Revealed)
	g.prevDealt = clone(v.Earlier)
	g.pool = clone(v.Pool)
	if len(v.MyPlay) > 0 && !g.rules.sequential {
		g.chosen[me] = clone(v.MyPlay)
	}
	for _, p := range v.FaceUp {
		g.chosen[p.Seat] = []Card{p.Card}
	}
	if (v.Phase == PhaseChoose || v.Phase == PhaseDraft) && g.rules.sequential || v.Phase == PhaseDraft {
		if len(v.Waiting) != 1 {
			return nil, detErr(-1, 0, ErrViewMalformed)
		}
		g.current = v.Waiting[0]
	}
	if v.Phase == PhaseRowChoice || v.Phase == PhaseOrder || v.Phase == PhaseKeep {
		if len(v.Pending) == 0 {
			return nil, detErr(-1, 0, ErrViewMalformed)
		}
		if g.rules.order && len(v.Pending)%2 == 1 {
			// Nifty places each seat's two cards at an even and an odd index of the turn's queue:
			// a placeholder keeps the second card of a pair at an odd one.
			g.queue = append(g.queue, Play{})
			g.next = 1
		}
		g.queue = append(g.queue, v.Pending...)
		if v.Phase == PhaseRowChoice && g.rules.order && g.next%2 == 0 {
			g.orderedAt = g.next
		}
		if g.rules.immediate {
			g.current = v.Pending[0].Seat
		}
	}
	if v.Phase == PhaseKeep {
		if v.Pending[0].Seat != me || v.Decision == nil || v.Decision.Kind != DecideKeep {
			return nil, detErr(v.Pending[0].Seat, 0, ErrViewPhase)
		}
		g.keepCards = clone(v.Decision.Cards)
		g.keepRow = slices.IndexFunc(v.Rows[:], func(r []Card) bool { return len(r) == 0 })
		if g.keepRow < 0 {
			return nil, detErr(me, 0, ErrViewMalformed)
		}
	}
	return g, nil
}
