package engine

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"
	"unicode/utf8"
)

// The record format's name and version, written in every record.
const (
	RecordFormat  = "nimmt-record"
	RecordVersion = 1
)

// MaxPlayerName is the most characters (runes) of a player name ParseRecord keeps: a longer name
// is cut, so that a hostile record or save cannot make every frame lay out a huge name.
const MaxPlayerName = 24

// Record is a whole game as data: the configuration, each round's deal and every action in
// order. Replay re-runs it through the engine. The format is documented in docs/game-record.md.
type Record struct {
	Format  string        `json:"format"`
	Version int           `json:"version"`
	Config  Config        `json:"config"`
	Players []string      `json:"players,omitempty"` // optional names, one per seat
	Rounds  []RoundRecord `json:"rounds"`
}

// RoundRecord is one round of a record: its deal and the actions taken in it, in order.
type RoundRecord struct {
	Deal
	Actions []Move `json:"actions"`
}

// UnmarshalJSON reads a round as MarshalJSON writes it, strictly as ParseRecord does.
func (r *RoundRecord) UnmarshalJSON(b []byte) error {
	var w struct {
		plainDeal
		Actions []Move `json:"actions"`
	}
	if err := unmarshalStrict(b, &w, roundShape, "round"); err != nil {
		return err
	}
	*r = RoundRecord{Deal: Deal(w.plainDeal), Actions: w.Actions}
	return nil
}

// Move is one seat's action.
type Move struct {
	Seat int `json:"seat"`
	Action
}

// LastDeal returns a copy of the deal of the game's current round (what Record().Rounds'
// last Deal is, without building the whole record), and false before the first deal.
func (g *Game) LastDeal() (Deal, bool) {
	d, ok := g.lastDeal()
	if !ok {
		return Deal{}, false
	}
	return Deal{Hands: cloneHands(d.Hands), Rows: d.Rows, Stacked: clone(d.Stacked)}, true
}

// lastDeal returns the deal of the current round as the events hold it (not a copy). A
// determinized game's round has a deal of empty hands: it starts in the middle of a round.
func (g *Game) lastDeal() (Deal, bool) {
	for i := len(g.events) - 1; i >= 0; i-- {
		if ev, ok := g.events[i].(RoundDealt); ok {
			return Deal{Hands: ev.Hands, Rows: ev.Rows, Stacked: ev.Stacked}, true
		}
	}
	if g.sampled {
		return Deal{Hands: make([][]Card, g.cfg.Seats)}, true
	}
	return Deal{}, false
}

// Record returns the game's record so far, read from its events: each RoundDealt starts a round
// with its deal, and each move is the event it emitted (SeatChose, CardDrafted, OrderChosen,
// CardsKept, and the RowTaken of a row chosen by rule 4), its cards in the order the seat gave
// them.
func (g *Game) Record() *Record {
	r := &Record{Format: RecordFormat, Version: RecordVersion, Config: g.cfg, Players: clone(g.players)}
	if g.sampled {
		r.Rounds = []RoundRecord{{Deal: Deal{Hands: make([][]Card, g.cfg.Seats)}}}
	}
	orders := g.orders
	for i, e := range g.events {
		var m Move
		switch ev := e.(type) {
		case RoundDealt:
			r.Rounds = append(r.Rounds, RoundRecord{Deal: Deal{Hands: cloneHands(ev.Hands), Rows: ev.Rows, Stacked: clone(ev.Stacked)}})
			continue
		case SeatChose:
			m = Move{Seat: ev.Seat, Action: PlayCard(ev.Card)}
			if len(ev.Cards) > 1 {
				m.Cards = clone(ev.Cards)
			}
		case CardDrafted:
			m = Move{Seat: ev.Seat, Action: DraftCard(ev.Card)}
		case RowTaken:
			if ev.Reason != TakeTooLow || ev.Shared && ev.Cards == nil {
				continue // placed by the rules, or the second seat of a shared row
			}
			m = Move{Seat: ev.Seat, Action: TakeRow(ev.Row)}
		case OrderChosen:
			m = Move{Seat: ev.Seat, Action: Action{Kind: DecideOrder, Cards: clone(ev.Cards)}}
		case CardsKept:
			m = Move{Seat: ev.Seat, Action: KeepCards(clone(ev.Hand)...)}
		default:
			continue
		}
		if len(orders) > 0 && orders[0].at == i {
			m.Cards = clone(orders[0].cards)
			orders = orders[1:]
		}
		rr := &r.Rounds[len(r.Rounds)-1]
		rr.Actions = append(rr.Actions, m)
	}
	return r
}

// SetPlayers stores the players' names in the game's record.
func (g *Game) SetPlayers(names []string) { g.players = clone(names) }

// RecordError reports a record that cannot be replayed, naming where it went wrong.
// Round, Turn and Seat are 1-based, 1-based and 0-based; 0 or -1 when they do not apply.
type RecordError struct {
	_                 [0]func() // not comparable (only *RecordError is an error): no equality code in the wasm (#25)
	Round, Turn, Seat int
	Err               error
}

func (e *RecordError) Error() string {
	s := "engine: record"
	if e.Round > 0 {
		s += fmt.Sprintf(": round %d", e.Round)
	}
	if e.Turn > 0 {
		s += fmt.Sprintf(", turn %d", e.Turn)
	}
	if e.Seat >= 0 {
		s += fmt.Sprintf(", seat %d", e.Seat)
	}
	return s + ": " + e.Err.Error()
}

// Unwrap returns the underlying error.
func (e *RecordError) Unwrap() error { return e.Err }

// ParseRecord decodes a record and checks its format, version and configuration. It reads
// strictly: keys are matched exactly, and a key that is a known key in another case, a key twice
// in one object or a deal without exactly four row cards is refused with an error naming the
// place; keys the format does not know are skipped (docs/game-record.md). Whether its deals and
// actions are legal is checked by Replay.
func ParseRecord(data []byte) (*Record, error) {
	var r Record
	if !json.Valid(data) {
		err := json.Unmarshal(data, &r)
		return nil, &RecordError{Seat: -1, Err: errorf("malformed JSON: %w", err)}
	}
	if err := checkStrict(data, recordShape, ""); err != nil {
		return nil, &RecordError{Seat: -1, Err: err}
	}
	if err := json.Unmarshal(data, &r); err != nil {
		return nil, &RecordError{Seat: -1, Err: errorf("malformed JSON: %w", err)}
	}
	if r.Format != RecordFormat {
		return nil, &RecordError{Seat: -1, Err: errorf("format is %q, want %q", r.Format, RecordFormat)}
	}
	if r.Version != RecordVersion {
		return nil, &RecordError{Seat: -1, Err: errorf("version %d is not supported (want %d)", r.Version, RecordVersion)}
	}
	if err := r.Config.Validate(); err != nil {
		return nil, &RecordError{Seat: -1, Err: err}
	}
	if r.Players != nil && len(r.Players) != r.Config.Seats {
		return nil, &RecordError{Seat: -1, Err: errorf("%d player names for %d seats", len(r.Players), r.Config.Seats)}
	}
	for i, name := range r.Players {
		r.Players[i] = clipName(name)
	}
	return &r, nil
}

// clipName returns name as valid UTF-8 of at most MaxPlayerName runes: the first of
// strings.ToValidUTF8(name, "\uFFFD") (each run of invalid bytes one U+FFFD), without its 3.9 KB
// of wasm code (#25).
func clipName(name string) string {
	var b []byte
	bad := false
	for i, n := 0, 0; i < len(name) && n < MaxPlayerName; {
		r, w := utf8.DecodeRuneInString(name[i:])
		switch {
		case r != utf8.RuneError || w > 1:
			b = append(b, name[i:i+w]...)
			bad = false
			n++
		case !bad:
			b = append(b, "\uFFFD"...)
			bad = true
			n++
		}
		i += w
	}
	return string(b)
}

// Marshal encodes the record as JSON with one round per line, so records read well in a diff.
func (r *Record) Marshal() ([]byte, error) {
	var b bytes.Buffer
	cfg, err := json.Marshal(r.Config)
	if err != nil {
		return nil, err
	}
	fmt.Fprintf(&b, "{\"format\":%q,\"version\":%d,\"config\":%s,", r.Format, r.Version, cfg)
	if r.Players != nil {
		p, err := json.Marshal(r.Players)
		if err != nil {
			return nil, err
		}
		fmt.Fprintf(&b, "\"players\":%s,", p)
	}
	b.WriteString("\"rounds\":[")
	for i := range r.Rounds {
		if i > 0 {
			b.WriteByte(',')
		}
		rb, err := json.Marshal(&r.Rounds[i])
		if err != nil {
			return nil, err
		}
		b.WriteString("\n")
		b.Write(rb)
	}
	b.WriteString("\n]}\n")
	return b.Bytes(), nil
}

// Replay re-runs a record through the engine and returns the game where the record ends. Rounds
// past the record are dealt with rng; with a nil rng the game stops in PhaseDeal when the record
// ends between rounds. A deal or action the rules do not allow returns a *RecordError naming the
// round, turn and seat.
func Replay(rec *Record, rng *rand.Rand) (*Game, error) {
	if err := rec.Config.Validate(); err != nil {
		return nil, &RecordError{Seat: -1, Err: err}
	}
	g := newGame(rec.Config, nil)
	g.players = clone(rec.Players)
	for i, rr := range rec.Rounds {
		round := i + 1
		switch {
		case g.phase == PhaseOver:
			return nil, &RecordError{Round: round, Seat: -1, Err: newError("the game was already over")}
		case i > 0 && g.round == round:
			// The rules dealt this round themselves (a draft, or a Tournament game's hands).
			if d, _ := g.lastDeal(); !sameDeal(&d, &rr.Deal) {
				return nil, &RecordError{Round: round, Seat: -1, Err: newError("deal differs from the deal the rules fix")}
			}
		case i > 0 && g.phase != PhaseDeal:
			return nil, &RecordError{Round: round - 1, Turn: g.turn, Seat: -1, Err: newError("round not finished before the next deal")}
		default:
			if err := g.checkDeal(&rr.Deal); err != nil {
				return nil, &RecordError{Round: round, Seat: -1, Err: err}
			}
			g.startRound(&rr.Deal)
		}
		for _, m := range rr.Actions {
			if g.phase == PhaseDeal || g.phase == PhaseOver {
				return nil, &RecordError{Round: round, Seat: m.Seat, Err: newError("action after the end of the round")}
			}
			turn := g.turn
			if err := g.Act(m.Seat, m.Action); err != nil {
				return nil, &RecordError{Round: round, Turn: turn, Seat: m.Seat, Err: err}
			}
		}
	}
	if len(rec.Rounds) == 0 {
		return nil, &RecordError{Seat: -1, Err: newError("no rounds")}
	}
	g.rng = shuffler(rng)
	if g.phase == PhaseDeal && rng != nil {
		g.startRound(nil)
	}
	return g, nil
}

// checkDeal reports whether d is a legal deal for the next round: the right number of hands and
// cards, every card in play at most as often as the deck holds it; empty for a draft, the rest of
// the deck with no rows when the table is kept (TCG's second half), the rotated hands in a
// Tournament game after the first.
func (g *Game) checkDeal(d *Deal) error {
	round := g.round + 1
	if len(d.Hands) != g.cfg.Seats {
		return errorf("deal has %d hands for %d seats", len(d.Hands), g.cfg.Seats)
	}
	if g.dealFixed(round) {
		want := g.shuffle()
		if !sameDeal(want, d) {
			return errorf("deal: round %d's deal is fixed by the rules (%s) and this one differs", round, map[bool]string{true: "a draft", false: "the hands passed on"}[g.rules.draftRound(round)])
		}
		return nil
	}
	var avail [256]int
	for _, c := range g.rules.deck() {
		avail[c]++
	}
	kept := g.rules.keepsTable(round)
	if kept {
		for _, c := range g.prevDealt {
			avail[c]--
		}
	}
	use := func(c Card, where string) error {
		if g.rules.copies(c) == 0 {
			return errorf("deal: %s: card %d is not in play", where, c)
		}
		if avail[c] <= 0 {
			return errorf("deal: %s: card %d dealt more often than the deck holds it", where, c)
		}
		avail[c]--
		return nil
	}
	for s, h := range d.Hands {
		if len(h) != g.rules.handSize {
			return errorf("deal: seat %d has %d cards, want %d", s, len(h), g.rules.handSize)
		}
		for _, c := range h {
			if err := use(c, fmt.Sprintf("seat %d", s)); err != nil {
				return err
			}
		}
	}
	if kept {
		if d.Rows != [NumRows]Card{} || len(d.Stacked) > 0 {
			return errorf("deal: round %d keeps the table: rows must be empty", round)
		}
		return nil
	}
	for i, c := range d.Rows {
		if slices.Contains(d.Rows[:i], c) {
			return errorf("deal: row %d: card %d starts two rows (twins are stacked)", i, c)
		}
		if err := use(c, fmt.Sprintf("row %d", i)); err != nil {
			return err
		}
	}
	for _, c := range d.Stacked {
		if !g.rules.twins || !slices.Contains(d.Rows[:], c) {
			return errorf("deal: stacked card %d is not the twin of a row starter", c)
		}
		if err := use(c, "stacked"); err != nil {
			return err
		}
	}
	return nil
}

// sameDeal reports whether two deals hold the same cards in the same places.
func sameDeal(a, b *Deal) bool {
	if len(a.Hands) != len(b.Hands) || a.Rows != b.Rows || !slices.Equal(a.Stacked, b.Stacked) {
		return false
	}
	for i := range a.Hands {
		x, y := clone(a.Hands[i]), clone(b.Hands[i])
		SortCards(x)
		SortCards(y)
		if !slices.Equal(x, y) {
			return false
		}
	}
	return true
}
