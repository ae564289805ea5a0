package engine

import (
	"slices"
)

// View is what one seat may know: its own hand, the table, the scores, every card revealed this
// round, and what is pending and for whom. It holds no other seat's hand or unrevealed choice.
// Bots and the user interface only ever see views.
type View struct {
	Config Config `json:"config"`
	Seat   int    `json:"seat"`
	Round  int    `json:"round"`
	Turn   int    `json:"turn"`
	Phase  Phase  `json:"phase"`
	// Hand is this seat's hand, lowest first.
	Hand []Card `json:"hand"`
	// HandSizes is the number of cards in each seat's hand.
	HandSizes []int `json:"hand_sizes"`
	// Rows are the four rows, each lowest first.
	Rows [NumRows][]Card `json:"rows"`
	// Piles are the number of cards in each seat's pile this round (public: a stack can be counted).
	Piles []int `json:"piles"`
	// Scores are the totals of the rounds scored so far.
	Scores []int `json:"scores"`
	// Kept is, in the Hand variant, the cards each seat has taken from a row into its hand this
	// round and still holds, lowest first (public: cards_kept shows them); nil in other variants.
	Kept [][]Card `json:"kept,omitempty"`
	// Penalties are the bullheads each seat has taken into its pile this round.
	Penalties []int `json:"penalties"`
	// Revealed is every card seen face up this round: the four row starters, then the cards of
	// each turn in resolution order.
	Revealed []Card `json:"revealed"`
	// Earlier is, in TCG's second half, every card of the first half, lowest first: all of them
	// were seen face up then, and those not still on the table are out of play. Nil otherwise.
	Earlier []Card `json:"earlier,omitempty"`
	// Chosen says which seats have chosen a card this turn.
	Chosen []bool `json:"chosen"`
	// MyChoice is this seat's chosen card this turn (its lowest, when it chose two), or 0.
	MyChoice Card `json:"my_choice,omitempty"`
	// MyPlay is every card this seat chose this turn, lowest first.
	MyPlay []Card `json:"my_play,omitempty"`
	// FaceUp are the cards played face up this turn and not yet placed, in play order (Open).
	FaceUp []Play `json:"face_up,omitempty"`
	// Pool is the face-up deck left to draft (Logic, Tournament), lowest first.
	Pool []Card `json:"pool,omitempty"`
	// First is the seat that drafts or plays first: in Open the holder of the first-player card
	// this turn, in Hand the seat that starts every turn of the round.
	First int `json:"first,omitempty"`
	// Pending is the revealed plays of this turn not placed yet, in resolution order (non-empty
	// while a row choice holds up the turn).
	Pending []Play `json:"pending,omitempty"`
	// Decision is what this seat must decide now, or nil.
	Decision *Decision `json:"decision,omitempty"`
	// Waiting is the seats the game is waiting for.
	Waiting []int `json:"waiting,omitempty"`
	// Winners are the seats with the lowest total once the game is over.
	Winners []int `json:"winners,omitempty"`
}

// NewView returns the view of a seat before the first event: the starting point of Apply.
func NewView(cfg Config, seat int) View {
	n := max(cfg.Seats, 0) // an invalid configuration makes a view Apply refuses events for
	v := View{Config: cfg, Seat: seat, HandSizes: make([]int, n), Scores: make([]int, n),
		Penalties: make([]int, n), Piles: make([]int, n), Chosen: make([]bool, n)}
	if cfg.rules().keep {
		v.Kept = make([][]Card, n)
	}
	return v
}

// View returns what seat may know now.
func (g *Game) View(seat int) View {
	n := g.cfg.Seats
	v := NewView(g.cfg, seat)
	v.Round, v.Turn, v.Phase = g.round, g.turn, g.phase
	if seat >= 0 && seat < n {
		v.Hand = clone(g.hands[seat])
		if ch := g.chosen[seat]; len(ch) > 0 {
			v.MyChoice, v.MyPlay = ch[0], clone(ch)
		}
	}
	for s := 0; s < n; s++ {
		v.HandSizes[s] = len(g.hands[s])
		v.Scores[s] = g.scores[s]
		v.Penalties[s] = g.pen[s]
		v.Piles[s] = g.pileSize(s)
		v.Chosen[s] = g.chosen[s] != nil
		if v.Kept != nil {
			v.Kept[s] = clone(g.kept[s])
		}
	}
	for i := range g.rows {
		v.Rows[i] = clone(g.rows[i])
	}
	if len(g.revealed) > 0 {
		v.Revealed = clone(g.revealed)
	}
	if g.round > 0 && g.rules.keepsTable(g.round) {
		v.Earlier = sortedCards(g.prevDealt)
	}
	if g.next < len(g.queue) {
		v.Pending = clone(g.queue[g.next:])
	}
	if g.rules.sequential && !g.rules.immediate && g.phase == PhaseChoose {
		for i := 0; i < n; i++ {
			if s := (g.first + i) % n; g.chosen[s] != nil {
				v.FaceUp = append(v.FaceUp, Play{Seat: s, Card: g.chosen[s][0]})
			}
		}
	}
	v.Pool = clone(g.pool)
	v.First = g.first
	if d, ok := g.Decision(seat); ok {
		v.Decision = &d
	}
	v.Waiting = g.Waiting()
	v.Winners = clone(g.winners)
	return v
}

// Apply folds one event, as EventsFor(v.Seat, ...) returns it, into the view. Starting from
// NewView and applying every event in order gives the same view as Game.View. An event that does
// not fit the view (a seat or row out of range, a view not made for its configuration: see
// CheckEvent) returns an *EventError and leaves the view unchanged. Events in the right order
// from the engine never do.
func (v *View) Apply(e Event) error {
	if err := v.CheckEvent(e); err != nil {
		return err
	}
	v.apply(e)
	return nil
}

// EventError is an event that does not fit a view.
type EventError struct {
	_     [0]func() // not comparable (only *EventError is an error): no equality code in the wasm (#25)
	Event string    // the event's type, e.g. "card_placed"
	Err   error
}

func (e *EventError) Error() string { return "engine: event " + e.Event + ": " + e.Err.Error() }

// Unwrap returns the underlying error.
func (e *EventError) Unwrap() error { return e.Err }

// CheckEvent reports whether Apply can fold e into v: v's configuration is valid and v is sized
// for it (as NewView makes it), and every seat, row and per-seat list of e is in range. It does
// not check that e is the event the rules would emit next.
func (v *View) CheckEvent(e Event) error {
	if e == nil {
		return &EventError{Event: "nil", Err: newError("no event")}
	}
	fail := func(format string, args ...any) error {
		return &EventError{Event: e.Type(), Err: errorf(format, args...)}
	}
	if err := v.Config.Validate(); err != nil {
		return &EventError{Event: e.Type(), Err: err}
	}
	n := v.Config.Seats
	if len(v.HandSizes) != n || len(v.Scores) != n || len(v.Penalties) != n || len(v.Piles) != n || len(v.Chosen) != n ||
		(v.Config.rules().keep && len(v.Kept) != n) {
		return fail("the view is not sized for %d seats (make it with NewView)", n)
	}
	seat := func(s int) error { return checkSeatOf(e, s, n) }
	row := func(r int) error { return checkRowOf(e, r) }
	switch ev := e.(type) {
	case RoundDealt:
		if len(ev.Sizes) > n || len(ev.Hands) > n {
			return fail("%d hand sizes and %d hands for %d seats", len(ev.Sizes), len(ev.Hands), n)
		}
		return seat(ev.First)
	case CardDrafted:
		return seat(ev.Seat)
	case SeatChose:
		return seat(ev.Seat)
	case CardsRevealed:
		for _, p := range ev.Plays {
			if err := seat(p.Seat); err != nil {
				return err
			}
		}
	case OrderChoiceRequired:
		return seat(ev.Seat)
	case OrderChosen:
		return seat(ev.Seat)
	case RowChoiceRequired:
		return seat(ev.Seat)
	case RowTaken:
		if err := seat(ev.Seat); err != nil {
			return err
		}
		return row(ev.Row)
	case KeepChoiceRequired:
		return seat(ev.Seat)
	case CardsKept:
		return seat(ev.Seat)
	case CardPlaced:
		if err := seat(ev.Seat); err != nil {
			return err
		}
		return row(ev.Row)
	case RoundScored, GameOver, DraftDone:
	default:
		return fail("unknown event")
	}
	return nil
}

// checkSeatOf is CheckEvent's check of seat s of e against n seats, out of line: CheckEvent
// calls it at a dozen places.
//
//go:noinline
func checkSeatOf(e Event, s, n int) error {
	if s < 0 || s >= n {
		return &EventError{Event: e.Type(), Err: errorf("seat %d is not one of the %d seats", s, n)}
	}
	return nil
}

// checkRowOf is CheckEvent's check of row r of e.
//
//go:noinline
func checkRowOf(e Event, r int) error {
	if r < 0 || r >= NumRows {
		return &EventError{Event: e.Type(), Err: errorf("row %d is not one of 0 to %d", r, NumRows-1)}
	}
	return nil
}

// apply is Apply of a checked event.
func (v *View) apply(e Event) {
	r := v.Config.rules()
	switch ev := e.(type) {
	case RoundDealt:
		v.Round, v.Turn, v.First = ev.Round, 1, ev.First
		v.Hand = nil
		if v.Seat >= 0 && v.Seat < len(ev.Hands) {
			v.Hand = clone(ev.Hands[v.Seat])
		}
		copy(v.HandSizes, ev.Sizes)
		clear(v.Penalties)
		clear(v.Piles)
		clear(v.Kept)
		v.Pool = clone(ev.Pool)
		v.Earlier = nil
		if len(ev.Pool) == 0 && ev.Rows == [NumRows]Card{} && v.Config.rules().halves {
			// TCG's second half keeps the table: the first half's cards were all revealed.
			v.Earlier = sortedCards(v.Revealed)
		}
		v.Revealed = nil
		switch {
		case len(ev.Pool) > 0:
			v.Rows = [NumRows][]Card{}
			v.startDraft(v.First)
			return
		case ev.Rows != [NumRows]Card{}:
			for i, c := range ev.Rows {
				v.Rows[i] = []Card{c}
				for k := countOf(ev.Stacked, c); k > 0; k-- {
					v.Rows[i] = append(v.Rows[i], c)
				}
			}
		}
		for _, row := range v.Rows {
			v.Revealed = append(v.Revealed, row...)
		}
		v.startTurn()
	case CardDrafted:
		if i := slices.Index(v.Pool, ev.Card); i >= 0 {
			v.Pool = slices.Delete(v.Pool, i, i+1)
		}
		v.HandSizes[ev.Seat]++
		if ev.Seat == v.Seat {
			v.Hand = addCards(v.Hand, []Card{ev.Card})
		}
		v.startDraft(nextSeat(ev.Seat, v.Config.Seats))
	case DraftDone:
		v.Pool, v.Revealed = nil, clone(ev.Rows[:])
		for i, c := range ev.Rows {
			v.Rows[i] = []Card{c}
		}
		v.startTurn()
	case SeatChose:
		v.Chosen[ev.Seat] = true
		if ev.Seat == v.Seat {
			v.MyChoice, v.MyPlay = ev.Card, clone(ev.Cards)
			if len(ev.Cards) == 0 {
				v.MyPlay = []Card{ev.Card}
			}
		}
		switch {
		case r.immediate:
		case r.sequential:
			v.FaceUp = append(v.FaceUp, Play{Seat: ev.Seat, Card: ev.Card})
			if next := nextSeat(ev.Seat, v.Config.Seats); next != v.First {
				v.await(next)
			} else {
				v.Decision, v.Waiting = nil, nil
			}
		default:
			v.Waiting = slices.DeleteFunc(v.Waiting, func(s int) bool { return s == ev.Seat })
			if len(v.Waiting) == 0 {
				v.Waiting = nil
			}
		}
	case CardsRevealed:
		v.Pending = clone(ev.Plays)
		for _, p := range ev.Plays {
			v.HandSizes[p.Seat]--
			v.Revealed = append(v.Revealed, p.Card)
			if p.Seat == v.Seat {
				v.Hand = removeCards(v.Hand, []Card{p.Card})
			}
			if p.Seat < len(v.Kept) && len(v.Kept[p.Seat]) > 0 {
				v.Kept[p.Seat] = dropCards(v.Kept[p.Seat], []Card{p.Card})
			}
		}
		clear(v.Chosen)
		v.MyChoice, v.MyPlay, v.FaceUp, v.Decision, v.Waiting = 0, nil, nil, nil, nil
	case OrderChoiceRequired:
		v.Phase = PhaseOrder
		v.Waiting = []int{ev.Seat}
		if ev.Seat == v.Seat {
			v.Decision = &Decision{Kind: DecideOrder, Seat: ev.Seat, Cards: clone(ev.Cards)}
		}
	case OrderChosen:
		if len(v.Pending) >= 2 && len(ev.Cards) == 2 {
			v.Pending[0] = Play{Seat: ev.Seat, Card: ev.Cards[0]}
			v.Pending[1] = Play{Seat: ev.Seat, Card: ev.Cards[1]}
		}
		v.Phase, v.Decision, v.Waiting = PhaseChoose, nil, nil
	case RowChoiceRequired:
		v.Phase = PhaseRowChoice
		v.Waiting = []int{ev.Seat}
		if ev.Seat == v.Seat {
			v.Decision = &Decision{Kind: DecideRow, Seat: ev.Seat, Card: ev.Card}
		}
	case RowTaken:
		v.Rows[ev.Row] = nil
		if !r.keep {
			v.Penalties[ev.Seat] += ev.Bullheads
			v.Piles[ev.Seat] += len(ev.Cards)
		}
		v.Phase, v.Decision, v.Waiting = PhaseChoose, nil, nil
	case KeepChoiceRequired:
		v.Phase = PhaseKeep
		v.Waiting = []int{ev.Seat}
		if ev.Seat == v.Seat {
			v.Decision = &Decision{Kind: DecideKeep, Seat: ev.Seat, Cards: clone(ev.Cards)}
		}
	case CardsKept:
		if ev.Seat == v.Seat {
			v.Hand = addCards(v.Hand, ev.Hand)
		}
		v.HandSizes[ev.Seat] += len(ev.Hand)
		if ev.Seat < len(v.Kept) && len(ev.Hand) > 0 {
			v.Kept[ev.Seat] = addCards(v.Kept[ev.Seat], ev.Hand)
		}
		v.Penalties[ev.Seat] += ev.Bullheads
		v.Piles[ev.Seat] += len(ev.Pile)
		v.Phase, v.Decision, v.Waiting = PhaseChoose, nil, nil
	case CardPlaced:
		row := v.Rows[ev.Row]
		pos := min(max(ev.Pos, 0), len(row))
		v.Rows[ev.Row] = insertCard(row, pos, ev.Card)
		if i := slices.Index(v.Pending, Play{Seat: ev.Seat, Card: ev.Card}); i >= 0 {
			v.Pending = slices.Delete(v.Pending, i, i+1)
		}
		v.Phase, v.Decision, v.Waiting = PhaseChoose, nil, nil
		v.afterPlacement(ev.Seat)
	case RoundScored:
		copy(v.Scores, ev.Totals)
		v.Phase, v.Decision, v.Waiting = PhaseDeal, nil, nil
	case GameOver:
		copy(v.Scores, ev.Totals)
		v.Phase, v.Decision, v.Waiting = PhaseOver, nil, nil
		v.Winners = clone(ev.Winners)
	}
}

// afterPlacement starts the next turn (or, in Hand, the next seat's turn) once every revealed
// card is placed, by the game's turn order (rules.afterTurn). actor is the seat of the card just
// placed: in Hand the seat whose turn it was.
func (v *View) afterPlacement(actor int) {
	if len(v.Pending) > 0 {
		return
	}
	v.Pending = nil
	r := v.Config.rules()
	o, over := r.afterTurn(turnOrder{v.Turn, v.First, actor}, v.Config.Seats,
		func(s int) int { return v.HandSizes[s] }, func(s int) int { return v.Piles[s] })
	if over {
		return // the round is scored next
	}
	v.Turn, v.First = o.turn, o.first
	if r.immediate {
		v.await(o.current)
		return
	}
	v.startTurn()
}

// startTurn opens the choose phase of a turn.
func (v *View) startTurn() {
	v.Phase = PhaseChoose
	clear(v.Chosen)
	v.MyChoice, v.MyPlay, v.FaceUp, v.Pending, v.Decision = 0, nil, nil, nil, nil
	if v.Config.rules().sequential {
		v.await(v.First)
		return
	}
	v.Waiting = make([]int, v.Config.Seats)
	for s := range v.Waiting {
		v.Waiting[s] = s
	}
	if v.Seat >= 0 && v.Seat < v.Config.Seats {
		r := v.Config.rules()
		d := r.playDecision(v.Seat, v.HandSizes[v.Seat])
		v.Decision = &d
	}
}

// await makes seat the one seat to play now (Open, Hand).
func (v *View) await(seat int) {
	v.Phase = PhaseChoose
	v.Waiting = []int{seat}
	v.Decision = nil
	if seat == v.Seat {
		r := v.Config.rules()
		d := r.playDecision(seat, v.HandSizes[seat])
		v.Decision = &d
	}
}

// startDraft waits for seat s to draft, unless the draft is over.
func (v *View) startDraft(s int) {
	if len(v.Pool) <= NumRows {
		return // DraftDone follows
	}
	v.Phase, v.Waiting, v.Decision = PhaseDraft, []int{s}, nil
	clear(v.Chosen)
	v.MyChoice, v.MyPlay, v.FaceUp, v.Pending = 0, nil, nil, nil
	if s == v.Seat {
		v.Decision = &Decision{Kind: DecideDraft, Seat: s}
	}
}

// Table returns the fast-path State of the view: the rows, this seat's hand and the seat count.
// Other seats' hands are empty; a search fills them with guesses. The State plays the basic
// rules; in Double a stacked twin appears once.
func (v *View) Table() State {
	s := State{Seats: v.Config.Seats}
	for i, r := range v.Rows {
		for j, c := range r {
			if (j > 0 && r[j-1] == c) || s.Rows[i].n >= RowLimit {
				continue
			}
			s.Rows[i].push(c)
		}
	}
	if v.Seat >= 0 && v.Seat < MaxSeats {
		s.SetHand(v.Seat, v.Hand)
	}
	return s
}

// Target returns the row card c would go to now by the variant's placement rules, or -1 when it
// fits no row (rule 4).
func (v *View) Target(c Card) int {
	row, _ := v.Placement(c)
	return row
}

// Placement returns where card c would go now: its row (-1 when it fits none) and, in
// Professional, whether it goes on the row's left end.
func (v *View) Placement(c Card) (row int, left bool) {
	p := NewPlacer(v.Config)
	return p.Placement(&v.Rows, c)
}

// Placer places cards by a configuration's rules on any rows: View.Placement without a View,
// for searches that try many placements.
type Placer struct{ r rules }

// NewPlacer returns the placer of cfg's variant.
func NewPlacer(cfg Config) Placer { return Placer{cfg.rules()} }

// Placement returns where card c would go on rows: its row (-1 when it fits none) and, in
// Professional, whether it goes on the row's left end.
func (p *Placer) Placement(rows *[NumRows][]Card, c Card) (row int, left bool) {
	if l := p.Land(rows, c); !l.TooLow {
		return l.Row, l.Left
	}
	return -1, false
}

// Unseen returns the cards in play that this seat has not seen: not in its hand, not revealed
// this round and, in TCG's second half, not of the first half (Earlier). Other hands and the
// undealt cards are among them. Twins (Double) appear as often as
// copies of them are unseen.
func (v *View) Unseen() []Card {
	r := v.Config.rules()
	var seen [256]int8
	for _, c := range v.Hand {
		seen[c]++
	}
	for _, c := range v.Revealed {
		seen[c]++
	}
	for _, c := range v.Earlier {
		seen[c]++ // TCG: a first-half card is on the table (and in Revealed) or out of play
	}
	out := make([]Card, 0, r.deckMax)
	for c := Card(1); int(c) <= r.deckMax; c++ {
		for k := r.copies(c) - int(seen[c]); k > 0; k-- {
			out = append(out, c)
		}
	}
	return out
}
