package engine

import "slices"

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
	// Scores are the totals of the rounds scored so far.
	Scores []int `json:"scores"`
	// Penalties are the bullheads each seat has taken into its pile this round.
	Penalties []int `json:"penalties"`
	// Revealed is every card seen face up this round: the four row starters, then the cards of
	// each turn in resolution order.
	Revealed []Card `json:"revealed"`
	// Chosen says which seats have chosen a card this turn.
	Chosen []bool `json:"chosen"`
	// MyChoice is this seat's chosen card this turn, or 0.
	MyChoice Card `json:"my_choice,omitempty"`
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
	n := cfg.Seats
	return View{Config: cfg, Seat: seat, HandSizes: make([]int, n), Scores: make([]int, n),
		Penalties: make([]int, n), Chosen: make([]bool, n)}
}

// View returns what seat may know now.
func (g *Game) View(seat int) View {
	n := g.cfg.Seats
	v := NewView(g.cfg, seat)
	v.Round, v.Turn, v.Phase = g.round, g.turn, g.phase
	if seat >= 0 && seat < n {
		v.Hand = g.st.Hands[seat].Cards(nil)
		v.MyChoice = g.chosen[seat]
	}
	for s := 0; s < n; s++ {
		v.HandSizes[s] = g.st.Hands[s].Len()
		v.Scores[s] = g.scores[s]
		v.Penalties[s] = int(g.st.Penalty[s])
		v.Chosen[s] = g.chosen[s] != 0
	}
	for i := range g.st.Rows {
		v.Rows[i] = g.st.Rows[i].Cards(nil)
	}
	v.Revealed = slices.Clone(g.revealed)
	if g.next < len(g.queue) {
		v.Pending = slices.Clone(g.queue[g.next:])
	}
	if d, ok := g.Decision(seat); ok {
		v.Decision = &d
	}
	v.Waiting = g.Waiting()
	v.Winners = slices.Clone(g.winners)
	return v
}

// Apply folds one event, as EventsFor(v.Seat, ...) returns it, into the view. Starting from
// NewView and applying every event in order gives the same view as Game.View.
func (v *View) Apply(e Event) {
	switch ev := e.(type) {
	case RoundDealt:
		v.Round, v.Turn, v.Phase = ev.Round, 1, PhaseChoose
		v.Hand = nil
		if v.Seat >= 0 && v.Seat < len(ev.Hands) {
			v.Hand = slices.Clone(ev.Hands[v.Seat])
		}
		copy(v.HandSizes, ev.Sizes)
		for i, c := range ev.Rows {
			v.Rows[i] = []Card{c}
		}
		clear(v.Penalties)
		v.Revealed = slices.Clone(ev.Rows[:])
		v.startTurn()
	case SeatChose:
		v.Chosen[ev.Seat] = true
		if ev.Seat == v.Seat {
			v.MyChoice = ev.Card
		}
		v.Waiting = slices.DeleteFunc(v.Waiting, func(s int) bool { return s == ev.Seat })
		if len(v.Waiting) == 0 {
			v.Waiting = nil
		}
	case CardsRevealed:
		v.Pending = slices.Clone(ev.Plays)
		for _, p := range ev.Plays {
			v.HandSizes[p.Seat]--
			v.Revealed = append(v.Revealed, p.Card)
			if p.Seat == v.Seat {
				v.Hand = slices.DeleteFunc(v.Hand, func(c Card) bool { return c == p.Card })
			}
		}
		clear(v.Chosen)
		v.MyChoice, v.Decision, v.Waiting = 0, nil, nil
		v.afterPlacement()
	case RowChoiceRequired:
		v.Phase = PhaseRowChoice
		v.Waiting = []int{ev.Seat}
		if ev.Seat == v.Seat {
			v.Decision = &Decision{Kind: DecideRow, Seat: ev.Seat, Card: ev.Card}
		}
	case RowTaken:
		v.Rows[ev.Row] = nil
		v.Penalties[ev.Seat] += ev.Bullheads
	case CardPlaced:
		v.Rows[ev.Row] = append(v.Rows[ev.Row], ev.Card)
		if len(v.Pending) > 0 {
			v.Pending = v.Pending[1:]
		}
		v.Phase, v.Decision, v.Waiting = PhaseChoose, nil, nil
		v.afterPlacement()
	case RoundScored:
		copy(v.Scores, ev.Totals)
		v.Phase, v.Decision, v.Waiting = PhaseDeal, nil, nil
	case GameOver:
		copy(v.Scores, ev.Totals)
		v.Phase, v.Decision, v.Waiting = PhaseOver, nil, nil
		v.Winners = slices.Clone(ev.Winners)
	}

}

// afterPlacement starts the next turn once every revealed card is placed and hands remain.
func (v *View) afterPlacement() {
	if len(v.Pending) > 0 {
		return
	}
	v.Pending = nil
	if v.HandSizes[0] > 0 {
		v.Turn++
		v.startTurn()
	}
}

func (v *View) startTurn() {
	v.Phase = PhaseChoose
	clear(v.Chosen)
	v.MyChoice = 0
	v.Pending = nil
	v.Waiting = make([]int, v.Config.Seats)
	for s := range v.Waiting {
		v.Waiting[s] = s
	}
	v.Decision = nil
	if v.Seat >= 0 && v.Seat < v.Config.Seats {
		v.Decision = &Decision{Kind: DecidePlay, Seat: v.Seat, Count: 1}
	}
}

// Table returns the fast-path State of the view: the rows, this seat's hand and the seat count.
// Other seats' hands are empty; a search fills them with guesses.
func (v *View) Table() State {
	s := State{Seats: v.Config.Seats}
	for i, r := range v.Rows {
		for _, c := range r {
			s.Rows[i].push(c)
		}
	}
	if v.Seat >= 0 && v.Seat < MaxSeats {
		s.SetHand(v.Seat, v.Hand)
	}
	return s
}

// Target returns the row card c would go to now by rules 1 and 2, or -1 when it is lower than
// every row.
func (v *View) Target(c Card) int {
	best, bestLast := -1, Card(0)
	for i, r := range v.Rows {
		if len(r) == 0 {
			continue
		}
		if l := r[len(r)-1]; l < c && l >= bestLast {
			best, bestLast = i, l
		}
	}
	return best
}

// Unseen returns the cards of the deck in play that this seat has not seen: not in its hand and
// not revealed this round. Other hands and the undealt cards are among them.
func (v *View) Unseen() []Card {
	var seen [DeckSize + 1]bool
	for _, c := range v.Hand {
		seen[c] = true
	}
	for _, c := range v.Revealed {
		seen[c] = true
	}
	var out []Card
	for c := 1; c <= v.Config.rules().deckMax; c++ {
		if !seen[c] {
			out = append(out, Card(c))
		}
	}
	return out
}
