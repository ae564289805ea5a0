package engine

import (
	"fmt"
	"math/rand/v2"
	"slices"
)

// Phase is what the game is waiting for.
type Phase uint8

// The phases of a game.
const (
	PhaseChoose    Phase = iota + 1 // seats choose their cards for the turn
	PhaseRowChoice                  // one seat must choose a row to take (rule 4)
	PhaseDeal                       // a new round needs a deal the game has no source for
	PhaseOver                       // the game is over
)

var phaseNames = [...]string{"", "choose", "row-choice", "deal", "over"}

// String returns the phase's name.
func (p Phase) String() string {
	if int(p) < len(phaseNames) && p > 0 {
		return phaseNames[p]
	}
	return fmt.Sprintf("phase(%d)", uint8(p))
}

// MarshalText writes the phase's name.
func (p Phase) MarshalText() ([]byte, error) { return []byte(p.String()), nil }

// UnmarshalText reads a phase's name.
func (p *Phase) UnmarshalText(b []byte) error {
	for i, n := range phaseNames {
		if i > 0 && n == string(b) {
			*p = Phase(i)
			return nil
		}
	}
	return fmt.Errorf("engine: unknown phase %q", b)
}

// DecisionKind is the kind of decision a seat owes the game.
type DecisionKind uint8

// The kinds of decision.
const (
	DecidePlay DecisionKind = iota + 1 // choose the card(s) to play this turn
	DecideRow                          // choose the row to take (rule 4)
)

// String returns "play" or "row".
func (k DecisionKind) String() string {
	switch k {
	case DecidePlay:
		return "play"
	case DecideRow:
		return "row"
	}
	return fmt.Sprintf("decision(%d)", uint8(k))
}

// MarshalText writes the kind's name.
func (k DecisionKind) MarshalText() ([]byte, error) { return []byte(k.String()), nil }

// UnmarshalText reads a kind's name.
func (k *DecisionKind) UnmarshalText(b []byte) error {
	switch string(b) {
	case "play":
		*k = DecidePlay
	case "row":
		*k = DecideRow
	default:
		return fmt.Errorf("engine: unknown decision %q", b)
	}
	return nil
}

// Decision is what a seat must decide now.
type Decision struct {
	Kind  DecisionKind `json:"kind"`
	Seat  int          `json:"seat"`
	Card  Card         `json:"card,omitempty"`  // DecideRow: the card that is too low
	Count int          `json:"count,omitempty"` // DecidePlay: how many cards to play
}

// Action is a seat's answer to its Decision.
type Action struct {
	Kind  DecisionKind `json:"kind"`
	Cards []Card       `json:"cards,omitempty"` // DecidePlay: the cards played
	Row   int          `json:"row"`             // DecideRow: the row taken, 0–3
}

// PlayCard returns the action of playing card c.
func PlayCard(c Card) Action { return Action{Kind: DecidePlay, Cards: []Card{c}} }

// TakeRow returns the action of taking row r.
func TakeRow(r int) Action { return Action{Kind: DecideRow, Row: r} }

// Deal is the cards of one round: each seat's hand and the four row cards.
type Deal struct {
	Hands [][]Card      `json:"hands"`
	Rows  [NumRows]Card `json:"rows"`
}

// Game is a game of 6 nimmt! driven by actions and reporting every step as an Event.
// It is not safe for concurrent use.
type Game struct {
	cfg    Config
	rules  rules
	rng    *rand.Rand // source of new deals; nil when the game only replays recorded deals
	st     State      // the table of the current round
	scores [MaxSeats]int
	round  int // 1-based
	turn   int // 1-based within the round
	phase  Phase

	chosen   [MaxSeats]Card // this turn's choices; 0 = not chosen yet
	queue    []Play         // this turn's plays in resolution order
	next     int            // index in queue of the next play to place
	revealed []Card         // the row starters and every card revealed this round
	winners  []int

	events []Event
	rec    Record
}

// NewGame starts a game: it validates cfg and deals the first round with cards shuffled by rng.
func NewGame(cfg Config, rng *rand.Rand) (*Game, error) {
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	if rng == nil {
		return nil, fmt.Errorf("engine: NewGame needs a random generator")
	}
	g := newGame(cfg, rng)
	g.startRound(nil)
	return g, nil
}

func newGame(cfg Config, rng *rand.Rand) *Game {
	return &Game{cfg: cfg, rules: cfg.rules(), rng: rng, rec: Record{Format: RecordFormat, Version: RecordVersion, Config: cfg}}
}

// Config returns the game's configuration.
func (g *Game) Config() Config { return g.cfg }

// Phase returns what the game is waiting for.
func (g *Game) Phase() Phase { return g.phase }

// Over reports whether the game has ended.
func (g *Game) Over() bool { return g.phase == PhaseOver }

// Round returns the current round, from 1.
func (g *Game) Round() int { return g.round }

// Turn returns the current turn within the round, from 1.
func (g *Game) Turn() int { return g.turn }

// Scores returns each seat's total of the rounds scored so far.
func (g *Game) Scores() []int { return slices.Clone(g.scores[:g.cfg.Seats]) }

// Winners returns the seats with the lowest total once the game is over, else nil.
func (g *Game) Winners() []int { return slices.Clone(g.winners) }

// Events returns every event since the start of the game, with nothing hidden.
func (g *Game) Events() []Event { return slices.Clone(g.events) }

// EventsSince returns the events from index from on, with nothing hidden.
func (g *Game) EventsSince(from int) []Event {
	return slices.Clone(g.events[min(max(from, 0), len(g.events)):])
}

// EventCount returns the number of events so far.
func (g *Game) EventCount() int { return len(g.events) }

// EventsFor returns the events from index from on, as seat may see them: other seats' hands
// and choices are removed.
func (g *Game) EventsFor(seat, from int) []Event {
	if from < 0 {
		from = 0
	}
	var out []Event
	for _, e := range g.events[min(from, len(g.events)):] {
		out = append(out, redact(e, seat))
	}
	return out
}

func redact(e Event, seat int) Event {
	switch ev := e.(type) {
	case RoundDealt:
		hands := make([][]Card, len(ev.Hands))
		if seat >= 0 && seat < len(hands) {
			hands[seat] = slices.Clone(ev.Hands[seat])
		}
		ev.Hands = hands
		return ev
	case SeatChose:
		if ev.Seat != seat {
			ev.Card = 0
		}
		return ev
	}
	return e
}

// Decision returns what seat must decide now, if anything.
func (g *Game) Decision(seat int) (Decision, bool) {
	if seat < 0 || seat >= g.cfg.Seats {
		return Decision{}, false
	}
	switch g.phase {
	case PhaseChoose:
		return Decision{Kind: DecidePlay, Seat: seat, Count: 1}, true
	case PhaseRowChoice:
		p := g.queue[g.next]
		if p.Seat == seat {
			return Decision{Kind: DecideRow, Seat: seat, Card: p.Card}, true
		}
	}
	return Decision{}, false
}

// Waiting returns the seats the game waits for: in the choose phase every seat that has not
// chosen yet; in a row choice the seat that must choose.
func (g *Game) Waiting() []int {
	var w []int
	switch g.phase {
	case PhaseChoose:
		for s := 0; s < g.cfg.Seats; s++ {
			if g.chosen[s] == 0 {
				w = append(w, s)
			}
		}
	case PhaseRowChoice:
		w = append(w, g.queue[g.next].Seat)
	}
	return w
}

// Chosen reports whether seat has chosen its card this turn.
func (g *Game) Chosen(seat int) bool { return seat >= 0 && seat < g.cfg.Seats && g.chosen[seat] != 0 }

// Act applies a seat's action. An illegal action returns an *ActionError and changes nothing.
func (g *Game) Act(seat int, a Action) error {
	switch a.Kind {
	case DecidePlay:
		if len(a.Cards) != 1 {
			return actErr(seat, 0, NoRow, ErrCardCount)
		}
		return g.Play(seat, a.Cards[0])
	case DecideRow:
		return g.ChooseRow(seat, a.Row)
	}
	return actErr(seat, 0, NoRow, ErrAction)
}

// Play chooses seat's card for this turn. A seat may play again to change its mind until every
// seat has chosen; the last choice reveals all cards and places them lowest first, stopping when a
// seat must choose a row (rule 4).
func (g *Game) Play(seat int, c Card) error {
	if err := g.checkSeat(seat); err != nil {
		return err
	}
	if g.phase != PhaseChoose {
		return actErr(seat, c, NoRow, ErrNotYourTurn)
	}
	if !g.st.Hands[seat].Has(c) {
		return actErr(seat, c, NoRow, ErrNotInHand)
	}
	g.chosen[seat] = c
	g.record(seat, PlayCard(c))
	g.emit(SeatChose{Seat: seat, Card: c})
	for s := 0; s < g.cfg.Seats; s++ {
		if g.chosen[s] == 0 {
			return nil
		}
	}
	g.reveal()
	return nil
}

// ChooseRow answers a row choice: seat takes row (0–3) because its card is lower than every row.
func (g *Game) ChooseRow(seat, row int) error {
	if err := g.checkSeat(seat); err != nil {
		return err
	}
	if g.phase != PhaseRowChoice || g.queue[g.next].Seat != seat {
		return actErr(seat, 0, row, ErrNoRowChoice)
	}
	if row < 0 || row >= NumRows {
		return actErr(seat, 0, row, ErrRowRange)
	}
	g.record(seat, TakeRow(row))
	p := g.queue[g.next]
	g.placeAt(p, row)
	g.next++
	g.phase = PhaseChoose
	g.resolve()
	return nil
}

func (g *Game) checkSeat(seat int) error {
	if seat < 0 || seat >= g.cfg.Seats {
		return actErr(seat, 0, NoRow, ErrSeat)
	}
	if g.phase == PhaseOver {
		return actErr(seat, 0, NoRow, ErrGameOver)
	}
	return nil
}

func (g *Game) emit(e Event) { g.events = append(g.events, e) }

func (g *Game) record(seat int, a Action) {
	r := &g.rec.Rounds[len(g.rec.Rounds)-1]
	r.Actions = append(r.Actions, Move{Seat: seat, Action: a})
}

// reveal turns the chosen cards over and places them.
func (g *Game) reveal() {
	g.queue = g.queue[:0]
	for s := 0; s < g.cfg.Seats; s++ {
		g.queue = append(g.queue, Play{Seat: s, Card: g.chosen[s]})
		g.st.Hands[s].Remove(g.chosen[s])
		g.chosen[s] = 0
	}
	slices.SortFunc(g.queue, func(a, b Play) int { return int(a.Card) - int(b.Card) })
	for _, p := range g.queue {
		g.revealed = append(g.revealed, p.Card)
	}
	g.next = 0
	g.emit(CardsRevealed{Round: g.round, Turn: g.turn, Plays: slices.Clone(g.queue)})
	g.resolve()
}

// resolve places the revealed cards from g.next on, until a row choice is due or the turn ends.
func (g *Game) resolve() {
	for g.next < len(g.queue) {
		p := g.queue[g.next]
		if g.st.Target(p.Card) < 0 {
			g.phase = PhaseRowChoice
			g.emit(RowChoiceRequired{Seat: p.Seat, Card: p.Card})
			return
		}
		g.placeAt(p, 0)
		g.next++
	}
	g.queue = g.queue[:0]
	g.next = 0
	if g.st.Hands[0].Len() > 0 {
		g.turn++
		g.phase = PhaseChoose
		return
	}
	g.endRound()
}

// placeAt places play p, taking row tooLow if the card is lower than every row, and emits the
// row taken (if any) and the placement.
func (g *Game) placeAt(p Play, tooLow int) {
	row := g.st.Target(p.Card)
	reason := TakeFull
	if row < 0 {
		row, reason = tooLow, TakeTooLow
	}
	r := &g.st.Rows[row]
	if reason == TakeTooLow || r.Full() {
		cards := r.Cards(nil)
		g.emit(RowTaken{Seat: p.Seat, Row: row, Cards: cards, Bullheads: SumBullheads(cards), Reason: reason})
	}
	g.st.Place(p.Seat, p.Card, row)
	g.emit(CardPlaced{Seat: p.Seat, Card: p.Card, Row: row, Pos: g.st.Rows[row].Len() - 1})
}

func (g *Game) endRound() {
	n := g.cfg.Seats
	pen, tot := make([]int, n), make([]int, n)
	for s := 0; s < n; s++ {
		pen[s] = int(g.st.Penalty[s])
		g.scores[s] += pen[s]
		tot[s] = g.scores[s]
	}
	g.emit(RoundScored{Round: g.round, Penalties: pen, Totals: tot})
	over := g.cfg.Rounds > 0 && g.round >= g.cfg.Rounds
	if g.cfg.EndScore > 0 && slices.Max(tot) >= g.cfg.EndScore {
		over = true
	}
	if over {
		best := slices.Min(tot)
		for s, t := range tot {
			if t == best {
				g.winners = append(g.winners, s)
			}
		}
		g.phase = PhaseOver
		g.emit(GameOver{Totals: tot, Winners: slices.Clone(g.winners)})
		return
	}
	if g.rng == nil {
		g.phase = PhaseDeal
		return
	}
	g.startRound(nil)
}

// startRound deals a new round: d if given, else a shuffle from the game's generator.
func (g *Game) startRound(d *Deal) {
	if d == nil {
		d = g.shuffle()
	}
	g.round++
	g.turn = 1
	g.phase = PhaseChoose
	g.st = State{Seats: g.cfg.Seats}
	g.st.SetRows(d.Rows)
	sizes := make([]int, g.cfg.Seats)
	for s := range d.Hands {
		g.st.SetHand(s, d.Hands[s])
		sizes[s] = len(d.Hands[s])
	}
	g.chosen = [MaxSeats]Card{}
	g.revealed = append(g.revealed[:0], d.Rows[:]...)
	hands := make([][]Card, len(d.Hands))
	for s := range hands {
		hands[s] = g.st.Hands[s].Cards(nil)
	}
	g.rec.Rounds = append(g.rec.Rounds, RoundRecord{Deal: Deal{Hands: hands, Rows: d.Rows}})
	g.emit(RoundDealt{Round: g.round, Rows: d.Rows, Hands: cloneHands(hands), Sizes: sizes})
}

func cloneHands(h [][]Card) [][]Card {
	out := make([][]Card, len(h))
	for i := range h {
		out[i] = slices.Clone(h[i])
	}
	return out
}

func (g *Game) shuffle() *Deal {
	deck := make([]Card, g.rules.deckMax)
	for i := range deck {
		deck[i] = Card(i + 1)
	}
	g.rng.Shuffle(len(deck), func(i, j int) { deck[i], deck[j] = deck[j], deck[i] })
	d := &Deal{Hands: make([][]Card, g.cfg.Seats)}
	k := 0
	for s := range d.Hands {
		d.Hands[s] = slices.Clone(deck[k : k+g.rules.handSize])
		slices.Sort(d.Hands[s])
		k += g.rules.handSize
	}
	copy(d.Rows[:], deck[k:k+NumRows])
	return d
}

// State returns a copy of the current table with every hand, for tests and tools that are
// allowed to see everything. Bots see a View instead.
func (g *Game) State() State { return g.st }
