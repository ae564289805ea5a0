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
	PhaseDraft                      // seats draft their hands from the face-up deck (Logic)
	PhaseOrder                      // a seat chooses the order of its two cards (Nifty)
	PhaseKeep                       // a seat chooses which taken cards go to its hand (Hand)
)

var phaseNames = [...]string{"", "choose", "row-choice", "deal", "over", "draft", "order", "keep"}

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
	return errorf("engine: unknown phase %q", b)
}

// DecisionKind is the kind of decision a seat owes the game.
type DecisionKind uint8

// The kinds of decision.
const (
	DecidePlay  DecisionKind = iota + 1 // choose the card(s) to play this turn
	DecideRow                           // choose the row to take (rule 4)
	DecideDraft                         // take one card of the face-up pool (Logic, Tournament)
	DecideOrder                         // choose which of two cards to place first (Nifty)
	DecideKeep                          // choose which taken cards go to the hand (Hand)
)

var decisionNames = [...]string{"", "play", "row", "draft", "order", "keep"}

// String returns "play", "row", "draft", "order" or "keep".
func (k DecisionKind) String() string {
	if k > 0 && int(k) < len(decisionNames) {
		return decisionNames[k]
	}
	return fmt.Sprintf("decision(%d)", uint8(k))
}

// MarshalText writes the kind's name.
func (k DecisionKind) MarshalText() ([]byte, error) { return []byte(k.String()), nil }

// UnmarshalText reads a kind's name.
func (k *DecisionKind) UnmarshalText(b []byte) error {
	for i, n := range decisionNames {
		if i > 0 && n == string(b) {
			*k = DecisionKind(i)
			return nil
		}
	}
	return errorf("engine: unknown decision %q", b)
}

// Decision is what a seat must decide now.
type Decision struct {
	Kind  DecisionKind `json:"kind"`
	Seat  int          `json:"seat"`
	Card  Card         `json:"card,omitempty"`  // DecideRow: the card that is too low
	Count int          `json:"count,omitempty"` // DecidePlay: how many cards to play (at most)
	Min   int          `json:"min,omitempty"`   // DecidePlay: the fewest cards allowed when fewer than Count may be played (Hand)
	// Cards are DecideOrder's two cards and DecideKeep's taken cards.
	Cards []Card `json:"cards,omitempty"`
}

// Action is a seat's answer to its Decision.
type Action struct {
	Kind DecisionKind `json:"kind"`
	// Cards are DecidePlay's cards played, DecideDraft's card taken, DecideOrder's first card
	// (optionally followed by the second) and DecideKeep's cards put in the hand.
	Cards []Card `json:"cards,omitempty"`
	Row   int    `json:"row"` // DecideRow: the row taken, 0–3
}

// PlayCard returns the action of playing card c.
func PlayCard(c Card) Action { return Action{Kind: DecidePlay, Cards: []Card{c}} }

// PlayCards returns the action of playing several cards in one turn (Nifty, Hand).
func PlayCards(cs ...Card) Action { return Action{Kind: DecidePlay, Cards: cs} }

// TakeRow returns the action of taking row r.
func TakeRow(r int) Action { return Action{Kind: DecideRow, Row: r} }

// DraftCard returns the action of taking card c from the face-up pool.
func DraftCard(c Card) Action { return Action{Kind: DecideDraft, Cards: []Card{c}} }

// PlaceFirst returns the action of placing card c first (Nifty).
func PlaceFirst(c Card) Action { return Action{Kind: DecideOrder, Cards: []Card{c}} }

// KeepCards returns the action of putting cards cs of a taken row in the hand, the rest in the pile.
func KeepCards(cs ...Card) Action { return Action{Kind: DecideKeep, Cards: cs} }

// Deal is the cards of one round: each seat's hand and the four row cards.
type Deal struct {
	Hands [][]Card      `json:"hands"`
	Rows  [NumRows]Card `json:"rows"`
	// Stacked are twins of row starters stacked on them at the deal (Double).
	Stacked []Card `json:"stacked,omitempty"`
}

// Game is a game of 6 nimmt! driven by actions and reporting every step as an Event.
// It is not safe for concurrent use.
type Game struct {
	cfg    Config
	rules  rules
	placer Placer // places cards by rules
	// shuffles new deals (the rng's Shuffle); nil when the game only replays recorded deals. A
	// method value, not the *rand.Rand: a type reflection can reach keeps all its exported methods
	// in the wasm (text/template's MethodByName), ~1 KB gzipped of math/rand/v2.
	rng    func(n int, swap func(i, j int))
	rows   [NumRows][]Card
	hands  [MaxSeats][]Card // lowest first; twins repeated (Double)
	piles  [MaxSeats][]Card
	pen    [MaxSeats]int // bullheads taken this round
	scores [MaxSeats]int
	round  int // 1-based
	turn   int // 1-based within the round
	phase  Phase

	first     int              // the seat that drafts or plays first (Open: the first-player card)
	current   int              // the seat to draft, or to play in Open and Hand
	chosen    [MaxSeats][]Card // this turn's choices, lowest first; nil = not chosen yet
	queue     []Play           // this turn's plays in resolution order
	next      int              // index in queue of the next play to place
	orderedAt int              // Nifty: the queue index whose seat has chosen its order, or -1
	keepRow   int              // Hand: the row taken, waiting for the keep choice
	keepCards []Card           // Hand: the cards taken
	pool      []Card           // the face-up deck of a draft
	revealed  []Card           // the row starters and every card revealed this round
	winners   []int
	sheets    [][]Card         // Tournament: the hands drafted in game 1
	startRows [NumRows]Card    // Tournament: the four cards left by the draft
	prevDealt []Card           // TCG: the cards of the first half
	kept      [MaxSeats][]Card // Hand: the cards each seat took into its hand this round and holds
	pileBase  [MaxSeats]int    // a determinized game: the pile cards taken before it was built
	sampled   bool             // a determinized game: it stops at the end of its round

	// events is the game's history, kept once: the record (Record) is read from it.
	events  []Event
	players []string    // the record's player names (SetPlayers)
	orders  []seatOrder // the moves whose cards the seat gave in another order than their event holds
}

// seatOrder is the cards of the move that emitted event at, in the order the seat gave them: a
// play of several cards (its SeatChose holds them lowest first) or the cards kept of a taken row
// (CardsKept's hand, lowest first). The record keeps the seat's order; most moves need no entry.
type seatOrder struct {
	at    int
	cards []Card
}

// NewGame starts a game: it validates cfg and deals the first round with cards shuffled by rng.
func NewGame(cfg Config, rng *rand.Rand) (*Game, error) {
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	if rng == nil {
		return nil, errorf("engine: NewGame needs a random generator")
	}
	g := newGame(cfg, rng)
	g.startRound(nil)
	return g, nil
}

func newGame(cfg Config, rng *rand.Rand) *Game {
	r := cfg.rules()
	return &Game{cfg: cfg, rules: r, placer: Placer{r}, rng: shuffler(rng), orderedAt: -1}
}

// shuffler returns rng's Shuffle, nil for a nil rng.
func shuffler(rng *rand.Rand) func(n int, swap func(i, j int)) {
	if rng == nil {
		return nil
	}
	return rng.Shuffle
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
func (g *Game) Scores() []int { return clone(g.scores[:g.cfg.Seats]) }

// Winners returns the seats with the lowest total once the game is over, else nil.
func (g *Game) Winners() []int { return clone(g.winners) }

// Events returns every event since the start of the game, with nothing hidden.
func (g *Game) Events() []Event { return clone(g.events) }

// EventsSince returns the events from index from on, with nothing hidden.
func (g *Game) EventsSince(from int) []Event {
	return clone(g.events[min(max(from, 0), len(g.events)):])
}

// EventCount returns the number of events so far.
func (g *Game) EventCount() int { return len(g.events) }

// EventsFor returns the events from index from on, as seat may see them: other seats' hands
// and face-down choices are removed.
func (g *Game) EventsFor(seat, from int) []Event {
	if from < 0 {
		from = 0
	}
	var out []Event
	for _, e := range g.events[min(from, len(g.events)):] {
		out = append(out, g.redact(e, seat))
	}
	return out
}

// EventFor returns event i (0-based) as seat may see it, the event EventsFor(seat, i) starts
// with, and its audience: seats (and spectators, seat -1) for which EventFor gives the same
// audience number see the same event, so that a server sending it to many connections encodes
// it once per audience. It panics when i is not an event of the game.
func (g *Game) EventFor(seat, i int) (e Event, audience int) {
	e = g.events[i]
	switch ev := e.(type) {
	case RoundDealt: // each seat sees its own hand; spectators none
		return g.redact(e, seat), max(seat, -1)
	case SeatChose:
		if g.rules.sequential || ev.Seat == seat {
			return e, 0
		}
		return g.redact(e, seat), 1 // the card face down
	}
	return e, 0
}

func (g *Game) redact(e Event, seat int) Event {
	switch ev := e.(type) {
	case RoundDealt:
		hands := make([][]Card, len(ev.Hands))
		if seat >= 0 && seat < len(hands) {
			hands[seat] = clone(ev.Hands[seat])
		}
		ev.Hands = hands
		return ev
	case SeatChose:
		if ev.Seat != seat && !g.rules.sequential {
			ev.Card, ev.Cards = 0, nil
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
	case PhaseDraft:
		if seat == g.current {
			return Decision{Kind: DecideDraft, Seat: seat}, true
		}
	case PhaseChoose:
		if g.rules.sequential && seat != g.current {
			break
		}
		return g.playDecision(seat, len(g.hands[seat])), true
	case PhaseRowChoice:
		if p := g.queue[g.next]; p.Seat == seat {
			return Decision{Kind: DecideRow, Seat: seat, Card: p.Card}, true
		}
	case PhaseOrder:
		if p := g.queue[g.next]; p.Seat == seat {
			return Decision{Kind: DecideOrder, Seat: seat, Cards: []Card{p.Card, g.queue[g.next+1].Card}}, true
		}
	case PhaseKeep:
		if p := g.queue[g.next]; p.Seat == seat {
			return Decision{Kind: DecideKeep, Seat: seat, Cards: clone(g.keepCards)}, true
		}
	}
	return Decision{}, false
}

// playDecision is the play decision of a seat holding n cards.
func (r *rules) playDecision(seat, n int) Decision {
	d := Decision{Kind: DecidePlay, Seat: seat, Count: r.perTurn}
	if r.minPerTurn < r.perTurn {
		d.Count, d.Min = min(r.perTurn, n), r.minPerTurn
	}
	return d
}

func (g *Game) playDecision(seat, n int) Decision { return g.rules.playDecision(seat, n) }

// Waiting returns the seats the game waits for: in the choose phase every seat that has not
// chosen yet (in Open and Hand the seat whose turn it is); otherwise the one seat that must decide.
func (g *Game) Waiting() []int {
	var w []int
	switch g.phase {
	case PhaseChoose:
		if g.rules.sequential {
			return []int{g.current}
		}
		for s := 0; s < g.cfg.Seats; s++ {
			if g.chosen[s] == nil {
				w = append(w, s)
			}
		}
	case PhaseDraft:
		w = append(w, g.current)
	case PhaseRowChoice, PhaseOrder, PhaseKeep:
		w = append(w, g.queue[g.next].Seat)
	}
	return w
}

// Chosen reports whether seat has chosen its card this turn.
func (g *Game) Chosen(seat int) bool { return seat >= 0 && seat < g.cfg.Seats && g.chosen[seat] != nil }

// Act applies a seat's action. An illegal action returns an *ActionError and changes nothing.
func (g *Game) Act(seat int, a Action) error {
	switch a.Kind {
	case DecidePlay:
		return g.PlayCards(seat, a.Cards)
	case DecideRow:
		return g.ChooseRow(seat, a.Row)
	case DecideDraft:
		if len(a.Cards) != 1 {
			return actErr(seat, 0, NoRow, ErrCardCount)
		}
		return g.Draft(seat, a.Cards[0])
	case DecideOrder:
		if len(a.Cards) < 1 || len(a.Cards) > 2 {
			return actErr(seat, 0, NoRow, ErrCardCount)
		}
		if len(a.Cards) == 2 {
			if err := g.checkOrder(seat, a.Cards[1]); err != nil {
				return err
			}
			if a.Cards[0] == a.Cards[1] {
				return actErr(seat, a.Cards[1], NoRow, ErrAction)
			}
		}
		return g.ChooseOrder(seat, a.Cards[0])
	case DecideKeep:
		return g.Keep(seat, a.Cards)
	}
	return actErr(seat, 0, NoRow, ErrAction)
}

// Play chooses seat's card for this turn. A seat may play again to change its mind until every
// seat has chosen; the last choice reveals all cards and places them lowest first, stopping when a
// seat must choose a row (rule 4).
func (g *Game) Play(seat int, c Card) error { return g.PlayCards(seat, []Card{c}) }

// PlayCards chooses seat's cards for this turn: one card, two in Nifty, one or two in Hand. In the
// simultaneous variants a seat may change its mind until every seat has chosen; in Open and Hand
// only the seat whose turn it is plays, face up, and cannot take it back.
func (g *Game) PlayCards(seat int, cs []Card) error {
	if err := g.checkSeat(seat); err != nil {
		return err
	}
	var c0 Card
	if len(cs) > 0 {
		c0 = cs[0]
	}
	if g.phase != PhaseChoose || (g.rules.sequential && seat != g.current) {
		return actErr(seat, c0, NoRow, ErrNotYourTurn)
	}
	d := g.playDecision(seat, len(g.hands[seat]))
	lo := d.Count
	if d.Min > 0 {
		lo = d.Min
	}
	if len(cs) < lo || len(cs) > d.Count {
		return actErr(seat, c0, NoRow, ErrCardCount)
	}
	if c := subMultiset(cs, g.hands[seat]); c != 0 || slices.Contains(cs, 0) {
		return actErr(seat, c, NoRow, ErrNotInHand)
	}
	ch := clone(cs)
	SortCards(ch)
	g.chosen[seat] = ch
	ev := SeatChose{Seat: seat, Card: ch[0]}
	if len(ch) > 1 {
		ev.Cards = clone(ch)
		g.keepOrder(cs, ch)
	}
	g.emit(ev)
	if g.rules.immediate {
		g.reveal()
		return nil
	}
	if g.rules.sequential {
		g.current = nextSeat(seat, g.cfg.Seats)
	}
	for s := 0; s < g.cfg.Seats; s++ {
		if g.chosen[s] == nil {
			return nil
		}
	}
	g.reveal()
	return nil
}

// Draft takes card c of the face-up pool into seat's hand (Logic, Tournament). Seats draft one card
// each in turn, clockwise; when every hand is full the four cards left start the rows.
func (g *Game) Draft(seat int, c Card) error {
	if err := g.checkSeat(seat); err != nil {
		return err
	}
	if g.phase != PhaseDraft || seat != g.current {
		return actErr(seat, c, NoRow, ErrNotYourTurn)
	}
	i := slices.Index(g.pool, c)
	if i < 0 {
		return actErr(seat, c, NoRow, ErrNotInPool)
	}
	g.pool = slices.Delete(g.pool, i, i+1)
	g.hands[seat] = addCards(g.hands[seat], []Card{c})
	g.emit(CardDrafted{Seat: seat, Card: c})
	g.current = nextSeat(seat, g.cfg.Seats)
	if len(g.pool) > NumRows {
		return nil
	}
	var rows [NumRows]Card
	copy(rows[:], g.pool)
	g.pool = nil
	for i, c := range rows {
		g.rows[i] = []Card{c}
	}
	g.revealed = append(g.revealed[:0], rows[:]...)
	if g.rules.rotate && g.round == 1 {
		g.sheets = make([][]Card, g.cfg.Seats)
		for s := range g.sheets {
			g.sheets[s] = clone(g.hands[s])
		}
		g.startRows = rows
	}
	g.phase = PhaseChoose
	g.current = g.first
	g.emit(DraftDone{Rows: rows})
	return nil
}

// ChooseRow answers a row choice: seat takes row (0–3) because its card fits no row (rule 4).
func (g *Game) ChooseRow(seat, row int) error {
	if err := g.checkSeat(seat); err != nil {
		return err
	}
	if g.phase != PhaseRowChoice {
		return actErr(seat, 0, row, ErrNoRowChoice)
	}
	if p := g.queue[g.next]; p.Seat != seat {
		return actErr(seat, 0, row, errorf("%w: seat %d chooses for card %d", ErrNotYourRowChoice, p.Seat, p.Card))
	}
	if row < 0 || row >= NumRows {
		return actErr(seat, 0, row, ErrRowRange)
	}
	n := g.unit()
	g.phase = PhaseChoose
	if g.place(g.queue[g.next:g.next+n], landOn(&g.rows, row)) {
		return nil
	}
	g.next += n
	g.resolve()
	return nil
}

func (g *Game) checkOrder(seat int, c Card) error {
	if g.phase != PhaseOrder || g.queue[g.next].Seat != seat {
		return actErr(seat, c, NoRow, ErrNotYourTurn)
	}
	if c != g.queue[g.next].Card && c != g.queue[g.next+1].Card {
		return actErr(seat, c, NoRow, ErrNotPending)
	}
	return nil
}

// ChooseOrder answers a Nifty order choice: seat places card c first, then its other card.
func (g *Game) ChooseOrder(seat int, c Card) error {
	if err := g.checkSeat(seat); err != nil {
		return err
	}
	if err := g.checkOrder(seat, c); err != nil {
		return err
	}
	if g.queue[g.next+1].Card == c {
		g.queue[g.next], g.queue[g.next+1] = g.queue[g.next+1], g.queue[g.next]
	}
	order := []Card{g.queue[g.next].Card, g.queue[g.next+1].Card}
	g.orderedAt = g.next
	g.phase = PhaseChoose
	g.emit(OrderChosen{Seat: seat, Cards: clone(order)})
	g.resolve()
	return nil
}

// Keep answers a Hand-variant keep choice: of the cards seat took, toHand go to its hand (at most
// 16 cards in hand) and the others to its pile. Then its card starts the row it took.
func (g *Game) Keep(seat int, toHand []Card) error {
	if err := g.checkSeat(seat); err != nil {
		return err
	}
	if g.phase != PhaseKeep || g.queue[g.next].Seat != seat {
		return actErr(seat, 0, NoRow, ErrNotYourTurn)
	}
	if c := subMultiset(toHand, g.keepCards); c != 0 || slices.Contains(toHand, 0) {
		return actErr(seat, c, NoRow, ErrNotTaken)
	}
	if len(g.hands[seat])+len(toHand) > MaxHand {
		return actErr(seat, 0, NoRow, ErrHandLimit)
	}
	hand := clone(toHand)
	SortCards(hand)
	pile := removeCards(g.keepCards, hand)
	g.hands[seat] = addCards(g.hands[seat], hand)
	if len(hand) > 0 {
		g.kept[seat] = addCards(g.kept[seat], hand)
	}
	g.piles[seat] = append(g.piles[seat], pile...)
	b := SumBullheads(pile)
	g.pen[seat] += b
	g.keepOrder(toHand, hand)
	g.emit(CardsKept{Seat: seat, Hand: hand, Pile: pile, Bullheads: b})
	g.keepCards = nil
	g.phase = PhaseChoose
	g.put(g.queue[g.next], g.keepRow, 0)
	g.next++
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

// keepOrder remembers the cards given, for the event about to be emitted, when they differ
// from the sorted cards that event holds.
func (g *Game) keepOrder(given, sorted []Card) {
	if !slices.Equal(given, sorted) {
		g.orders = append(g.orders, seatOrder{at: len(g.events), cards: clone(given)})
	}
}

// reveal turns the chosen cards over and places them: lowest first; in Nifty seat by seat,
// ordered by each seat's lowest card; twins (Double) lower seat first.
func (g *Game) reveal() {
	g.queue = g.queue[:0]
	for s := 0; s < g.cfg.Seats; s++ {
		for _, c := range g.chosen[s] {
			g.queue = append(g.queue, Play{Seat: s, Card: c})
		}
		g.hands[s] = removeCards(g.hands[s], g.chosen[s])
		if len(g.kept[s]) > 0 {
			g.kept[s] = dropCards(g.kept[s], g.chosen[s])
		}
	}
	if g.rules.order {
		low := g.chosen
		sortPlays(g.queue, func(a, b Play) int {
			if a.Seat != b.Seat {
				return int(low[a.Seat][0]) - int(low[b.Seat][0])
			}
			return int(a.Card) - int(b.Card)
		})
	} else {
		sortPlays(g.queue, func(a, b Play) int {
			if a.Card != b.Card {
				return int(a.Card) - int(b.Card)
			}
			return a.Seat - b.Seat
		})
	}
	g.chosen = [MaxSeats][]Card{}
	for _, p := range g.queue {
		g.revealed = append(g.revealed, p.Card)
	}
	g.next, g.orderedAt = 0, -1
	g.emit(CardsRevealed{Round: g.round, Turn: g.turn, Plays: clone(g.queue)})
	g.resolve()
}

// unit returns how many plays from g.next are placed together: 2 for twins played in the same
// turn (Double), else 1.
func (g *Game) unit() int {
	if g.rules.twins && g.next+1 < len(g.queue) && g.queue[g.next+1].Card == g.queue[g.next].Card {
		return 2
	}
	return 1
}

// resolve places the revealed cards from g.next on, until a decision is due or the turn ends.
func (g *Game) resolve() {
	for g.next < len(g.queue) {
		p := g.queue[g.next]
		if g.rules.order && g.next%2 == 0 && g.orderedAt != g.next {
			g.phase = PhaseOrder
			g.emit(OrderChoiceRequired{Seat: p.Seat, Cards: []Card{p.Card, g.queue[g.next+1].Card}})
			return
		}
		l := g.placer.Land(&g.rows, p.Card)
		if l.TooLow {
			g.phase = PhaseRowChoice
			g.emit(RowChoiceRequired(p))
			return
		}
		n := g.unit()
		if g.place(g.queue[g.next:g.next+n], l) {
			return
		}
		g.next += n
	}
	g.endTurn()
}

// place puts the plays ps (one card, or twins) where landing l says, taking the row first when
// l.Takes (rule 3, or rule 4 with the row chosen). It reports true when the game now waits for a
// keep choice (Hand), the card not placed yet.
func (g *Game) place(ps []Play, l Landing) bool {
	row := l.Row
	if l.Takes {
		reason := TakeFull
		if l.TooLow {
			reason = TakeTooLow
		}
		cards := g.rows[row]
		g.rows[row] = nil
		b := l.Bullheads
		switch {
		case len(ps) == 2:
			share := l.Shared()
			g.emit(RowTaken{Seat: ps[0].Seat, Row: row, Cards: cards, Bullheads: share, Reason: reason, Shared: true})
			g.emit(RowTaken{Seat: ps[1].Seat, Row: row, Bullheads: share, Reason: reason, Shared: true})
			g.pen[ps[0].Seat] += share
			g.pen[ps[1].Seat] += share
			g.piles[ps[0].Seat] = append(g.piles[ps[0].Seat], cards...)
		case g.rules.keep:
			g.emit(RowTaken{Seat: ps[0].Seat, Row: row, Cards: cards, Bullheads: b, Reason: reason})
			g.keepRow, g.keepCards = row, clone(cards)
			g.phase = PhaseKeep
			g.emit(KeepChoiceRequired{Seat: ps[0].Seat, Cards: clone(cards)})
			return true
		default:
			g.emit(RowTaken{Seat: ps[0].Seat, Row: row, Cards: cards, Bullheads: b, Reason: reason})
			g.pen[ps[0].Seat] += b
			g.piles[ps[0].Seat] = append(g.piles[ps[0].Seat], cards...)
		}
	}
	for i, p := range ps {
		g.put(p, row, l.Pos+i) // a twin played with it goes on top of it
	}
	return false
}

// put inserts p's card into a row at index pos and emits the placement.
func (g *Game) put(p Play, row, pos int) {
	g.rows[row] = insertCard(g.rows[row], pos, p.Card)
	g.emit(CardPlaced{Seat: p.Seat, Card: p.Card, Row: row, Pos: pos})
}

// pileSize is the number of cards in seat's pile this round.
func (g *Game) pileSize(seat int) int { return g.pileBase[seat] + len(g.piles[seat]) }

// endTurn follows the placement of every card of a turn: the next turn, or the round's end
// (rules.afterTurn, which views follow too).
func (g *Game) endTurn() {
	g.queue = g.queue[:0]
	g.next, g.orderedAt = 0, -1
	g.phase = PhaseChoose
	o, over := g.rules.afterTurn(turnOrder{g.turn, g.first, g.current}, g.cfg.Seats, g.handSize, g.pileSize)
	g.turn, g.first, g.current = o.turn, o.first, o.current
	if over {
		g.endRound()
	}
}

// handSize is the number of cards in seat's hand.
func (g *Game) handSize(seat int) int { return len(g.hands[seat]) }

func (g *Game) endRound() {
	n := g.cfg.Seats
	pen, tot := make([]int, n), make([]int, n)
	for s := 0; s < n; s++ {
		pen[s] = g.pen[s]
		if g.rules.handScore {
			pen[s] += 2 * SumBullheads(g.hands[s])
		}
		g.scores[s] += pen[s]
		tot[s] = g.scores[s]
	}
	g.emit(RoundScored{Round: g.round, Penalties: pen, Totals: tot})
	var over bool
	if g.rules.games > 0 {
		over = g.round >= g.rules.games
	} else {
		over = g.cfg.Rounds > 0 && g.round >= g.cfg.Rounds
		if g.cfg.EndScore > 0 && slices.Max(tot) >= g.cfg.EndScore {
			over = true
		}
	}
	if over {
		best := slices.Min(tot)
		for s, t := range tot {
			if t == best {
				g.winners = append(g.winners, s)
			}
		}
		g.phase = PhaseOver
		g.emit(GameOver{Totals: tot, Winners: clone(g.winners)})
		return
	}
	if g.sampled || (g.rng == nil && !g.dealFixed(g.round+1)) {
		g.phase = PhaseDeal
		return
	}
	g.startRound(nil)
}

// dealFixed reports whether the deal of round is fixed by the rules, needing no shuffle: a draft
// from the face-up deck, or a Tournament game after the first.
func (g *Game) dealFixed(round int) bool {
	return g.rules.draftRound(round) || (g.rules.rotate && round > 1)
}

// keepsTable reports whether round keeps the table of the round before (TCG's second half).
func (r *rules) keepsTable(round int) bool { return r.halves && round%2 == 0 }

// startRound deals a new round: d if given, else a shuffle from the game's generator.
func (g *Game) startRound(d *Deal) {
	if d == nil {
		d = g.shuffle()
	}
	g.round++
	g.turn = 1
	n := g.cfg.Seats
	g.first = g.rules.firstSeat(g.round, n)
	g.current = g.first
	g.pen = [MaxSeats]int{}
	g.piles = [MaxSeats][]Card{}
	g.kept, g.pileBase = [MaxSeats][]Card{}, [MaxSeats]int{}
	g.chosen = [MaxSeats][]Card{}
	g.queue, g.next, g.orderedAt = g.queue[:0], 0, -1
	sizes := make([]int, n)
	hands := make([][]Card, n)
	for s := 0; s < n; s++ {
		var h []Card
		if s < len(d.Hands) {
			h = clone(d.Hands[s])
		}
		SortCards(h)
		g.hands[s], hands[s], sizes[s] = h, clone(h), len(h)
	}
	ev := RoundDealt{Round: g.round, Hands: hands, Sizes: sizes, First: g.first}
	switch {
	case g.rules.draftRound(g.round):
		g.rows = [NumRows][]Card{}
		g.pool = g.rules.deck()
		ev.Pool = clone(g.pool)
		g.revealed = g.revealed[:0]
		g.phase = PhaseDraft
	case g.rules.keepsTable(g.round):
		g.phase = PhaseChoose
		g.revealed = g.revealed[:0]
		for _, r := range g.rows {
			g.revealed = append(g.revealed, r...)
		}
	default:
		for i, c := range d.Rows {
			g.rows[i] = []Card{c}
		}
		for _, c := range d.Stacked {
			for i := range g.rows {
				if g.rows[i][0] == c {
					g.rows[i] = append(g.rows[i], c)
				}
			}
		}
		ev.Rows, ev.Stacked = d.Rows, clone(d.Stacked)
		g.revealed = g.revealed[:0]
		for _, r := range g.rows {
			g.revealed = append(g.revealed, r...)
		}
		g.phase = PhaseChoose
	}
	if g.rules.halves && !g.rules.keepsTable(g.round) {
		g.prevDealt = g.prevDealt[:0]
		for _, h := range hands {
			g.prevDealt = append(g.prevDealt, h...)
		}
		g.prevDealt = append(g.prevDealt, d.Rows[:]...)
	}
	g.emit(ev)
}

func cloneHands(h [][]Card) [][]Card {
	out := make([][]Card, len(h))
	for i := range h {
		out[i] = clone(h[i])
	}
	return out
}

// shuffle returns the deal of the next round: the rules' fixed deal, or a shuffle with g.rng.
func (g *Game) shuffle() *Deal {
	n, round := g.cfg.Seats, g.round+1
	d := &Deal{Hands: make([][]Card, n)}
	if g.rules.draftRound(round) {
		return d
	}
	if g.rules.rotate {
		// Game k: seat s plays the sheet drafted by seat s-(k-1), passed on to the left each game.
		for s := range d.Hands {
			d.Hands[s] = clone(g.sheets[((s-(round-1))%n+n)%n])
		}
		d.Rows = g.startRows
		return d
	}
	deck := g.rules.deck()
	if g.rules.keepsTable(round) {
		deck = removeCards(deck, g.prevDealt)
	}
	g.rng(len(deck), func(i, j int) { deck[i], deck[j] = deck[j], deck[i] })
	k := 0
	for s := range d.Hands {
		d.Hands[s] = clone(deck[k : k+g.rules.handSize])
		SortCards(d.Hands[s])
		k += g.rules.handSize
	}
	if g.rules.keepsTable(round) {
		return d
	}
	// Turn over row starters; in Double a twin of a starter is stacked on it and replaced.
	for i := 0; i < NumRows; k++ {
		c := deck[k]
		if slices.Contains(d.Rows[:i], c) {
			d.Stacked = append(d.Stacked, c)
			continue
		}
		d.Rows[i] = c
		i++
	}
	return d
}

// State returns the current table with every hand as a fast-path State, for tests and tools that
// are allowed to see everything. Bots see a View instead. In Double the State cannot hold twins:
// a twin stacked in a row or held twice appears once.
func (g *Game) State() State {
	s := State{Seats: g.cfg.Seats}
	for i, r := range g.rows {
		for j, c := range r {
			if j > 0 && r[j-1] == c {
				continue
			}
			if s.Rows[i].n == 0 {
				s.Rows[i].reset(c)
			} else if s.Rows[i].n < RowLimit {
				s.Rows[i].push(c)
			}
		}
	}
	for seat := 0; seat < g.cfg.Seats; seat++ {
		s.SetHand(seat, g.hands[seat])
		s.Penalty[seat] = int16(g.pen[seat])
	}
	return s
}

// Piles returns the cards each seat has taken into its pile this round (a copy).
func (g *Game) Piles() [][]Card {
	out := make([][]Card, g.cfg.Seats)
	for s := range out {
		out[s] = clone(g.piles[s])
	}
	return out
}

// Pool returns the face-up cards left to draft (Logic, Tournament), lowest first.
func (g *Game) Pool() []Card { return clone(g.pool) }
