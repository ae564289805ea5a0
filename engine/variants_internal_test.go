package engine

import (
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// tableGame returns a game of cfg in the middle of a round: the rows are exactly rows (which the
// rulebook prints only as pictures) and each seat's hand holds the given cards, completed with
// cards from the top of the deck that are nowhere else.
func tableGame(t *testing.T, cfg Config, rows [NumRows][]Card, hands ...[]Card) *Game {
	t.Helper()
	cfg.Seats = len(hands)
	g := newGame(cfg, nil)
	left := map[Card]int{}
	for _, c := range g.rules.deck() {
		left[c]++
	}
	for _, r := range rows {
		for _, c := range r {
			left[c]--
		}
	}
	for _, h := range hands {
		for _, c := range h {
			left[c]--
		}
	}
	d := Deal{Hands: make([][]Card, len(hands))}
	next := Card(g.rules.deckMax)
	for i, h := range hands {
		d.Hands[i] = slices.Clone(h)
		for len(d.Hands[i]) < g.rules.handSize {
			for left[next] <= 0 {
				next--
			}
			left[next]--
			d.Hands[i] = append(d.Hands[i], next)
		}
	}
	for i, r := range rows {
		d.Rows[i] = r[0]
	}
	if err := g.checkDeal(&d); err != nil {
		t.Fatal(err)
	}
	g.startRound(&d)
	for i, r := range rows {
		g.rows[i] = slices.Clone(r)
	}
	return g
}

func playAll(t *testing.T, g *Game, cs ...Card) {
	t.Helper()
	for s, c := range cs {
		if err := g.Play(s, c); err != nil {
			t.Fatalf("seat %d plays %d: %v", s, c, err)
		}
	}
}

func wantRows(t *testing.T, g *Game, want [NumRows][]Card) {
	t.Helper()
	for i := range want {
		if !slices.Equal(g.rows[i], want[i]) {
			t.Errorf("row %d = %v, want %v", i+1, g.rows[i], want[i])
		}
	}
}

// Professional, example 1. The rulebook shows the rows only as a picture; this table is
// reconstructed to agree with every sentence of the text: "Player A must put his 5 in the second
// row, adding it on the left. Player B must put his 17 in the first row, on the left, and pick up
// the five cards of the row. The 17 is then put in place of the 40 [the 40 ends row 1 here].
// Player C must put his 58 in the third row, adding it on the left. Player D must put his 62 in
// the second row, adding it on the right." and afterwards "A player who now played a 1, 2, 3, 4, or
// a 63 or 64 would have to pick up the cards of the second row."
func TestProfessionalExample1(t *testing.T) {
	g := tableGame(t, Config{Variant: Professional, EndScore: 66},
		[NumRows][]Card{{20, 24, 28, 33, 40}, {9, 48, 61}, {65, 80}, {85, 90}},
		[]Card{5}, []Card{17}, []Card{58}, []Card{62})
	playAll(t, g, 5, 17, 58, 62)
	wantRows(t, g, [NumRows][]Card{{17}, {5, 9, 48, 61, 62}, {58, 65, 80}, {85, 90}})
	if g.pen[1] != SumBullheads([]Card{20, 24, 28, 33, 40}) || g.pen[0]+g.pen[2]+g.pen[3] != 0 {
		t.Errorf("penalties %v: only B (the 17) takes the five cards of row 1", g.pen[:4])
	}
	var placed []CardPlaced
	for _, e := range g.events {
		if cp, ok := e.(CardPlaced); ok {
			placed = append(placed, cp)
		}
	}
	want := []CardPlaced{{Seat: 0, Card: 5, Row: 1, Pos: 0}, {Seat: 1, Card: 17, Row: 0, Pos: 0}, {Seat: 2, Card: 58, Row: 2, Pos: 0}, {Seat: 3, Card: 62, Row: 1, Pos: 4}}
	if !slices.Equal(placed, want) {
		t.Errorf("placements %+v, want %+v", placed, want)
	}
	for _, c := range []Card{1, 2, 3, 4, 63, 64} {
		row, left := g.placer.Placement(&g.rows, c)
		if row != 1 || left != (c < 5) || Places(g.rows[row]) != RowLimit {
			t.Errorf("card %d goes to row %d (left %v), want the full row 2", c, row+1, left)
		}
	}
	// A sixth card on either end takes the row.
	for _, c := range []Card{4, 63} {
		h := tableGame(t, Config{Variant: Professional, EndScore: 66}, [NumRows][]Card{{17}, {5, 9, 48, 61, 62}, {58, 65, 80}, {85, 90}}, []Card{c}, []Card{100})
		playAll(t, h, c, 100)
		if !slices.Equal(h.rows[1], []Card{c}) || h.pen[0] != SumBullheads([]Card{5, 9, 48, 61, 62}) {
			t.Errorf("%d: row 2 = %v, penalty %d", c, h.rows[1], h.pen[0])
		}
	}
}

// Professional, example 2: "If a player were to play the 59 or 60 in this situation, he could not
// add his card to any of the four rows – neither left, nor right – and would therefore have to
// pick up a row of his choice." The situation is reconstructed: every row starts below 59 and ends
// above 60.
func TestProfessionalExample2(t *testing.T) {
	rows := [NumRows][]Card{{17, 61}, {5, 9, 48, 62}, {58, 65, 80}, {50, 85, 90}}
	for _, c := range []Card{59, 60} {
		g := tableGame(t, Config{Variant: Professional, EndScore: 66}, rows, []Card{c}, []Card{100})
		playAll(t, g, c, 100)
		d, ok := g.Decision(0)
		if !ok || d.Kind != DecideRow || d.Card != c {
			t.Fatalf("%d: decision %+v %v, want a row choice", c, d, ok)
		}
		if err := g.ChooseRow(0, 2); err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(g.rows[2], []Card{c}) || g.pen[0] != SumBullheads([]Card{58, 65, 80}) {
			t.Errorf("%d: row 3 = %v, penalty %d", c, g.rows[2], g.pen[0])
		}
	}
}

// Professional: "the smallest difference over both ends decides"; a tie between a right end and a
// left end goes to the right end (docs/variants.md).
func TestProfessionalSmallestDifference(t *testing.T) {
	r := Config{Variant: Professional, Seats: 4}.rules()
	rows := [NumRows][]Card{{10, 12}, {20, 30}, {50}, {70, 80}}
	for _, tc := range []struct {
		c    Card
		row  int
		left bool
	}{
		{15, 0, false}, // right of 12 (3) beats left of 20 (5)
		{18, 1, true},  // left of 20 (2) beats right of 12 (6)
		{16, 0, false}, // tie: right of 12 (4) and left of 20 (4): right wins
		{9, 0, true},   // left of 10
		{60, 2, false}, // right of 50 (10) and left of 70 (10): right wins
		{65, 3, true},  // left of 70 (5) beats right of 50 (15)
		{90, 3, false}, // right of 80
		{40, 1, false}, // tie: right of 30 (10) and left of 50 (10): right wins
	} {
		row, left := (&Placer{r}).Placement(&rows, tc.c)
		if row != tc.row || left != tc.left {
			t.Errorf("card %d: row %d left %v, want row %d left %v", tc.c, row, left, tc.row, tc.left)
		}
	}
	// Only a card inside every row (above its first card, below its last) fits no end.
	if row, _ := (&Placer{r}).Placement(&[NumRows][]Card{{10, 40}, {20, 50}, {30, 60}, {35, 45}}, 38); row != -1 {
		t.Errorf("38 inside every row fits row %d", row)
	}
}

// Hand: "a player may have no more than 16 cards in hand at any time".
func TestHandVariantLimit(t *testing.T) {
	g := tableGame(t, Config{Variant: HandVariant, EndScore: 66},
		[NumRows][]Card{{10, 11, 12, 13, 14}, {20}, {30}, {40}}, []Card{15}, []Card{21})
	// Seat 0 holds 14 cards and plays one: 13 left, room for three of the five taken.
	if err := g.PlayCards(0, []Card{15}); err != nil {
		t.Fatal(err)
	}
	d, ok := g.Decision(0)
	if !ok || d.Kind != DecideKeep {
		t.Fatalf("decision %+v", d)
	}
	err := g.Keep(0, []Card{10, 11, 12, 13})
	if !errors.Is(err, ErrHandLimit) {
		t.Fatalf("keeping 4 of 5 with 13 in hand: %v, want ErrHandLimit", err)
	}
	if err := g.Keep(0, []Card{10, 11, 12}); err != nil {
		t.Fatal(err)
	}
	if len(g.hands[0]) != 16 || !slices.Equal(g.piles[0], []Card{13, 14}) || g.pen[0] != 2 {
		t.Errorf("hand %d cards, pile %v, penalty %d", len(g.hands[0]), g.piles[0], g.pen[0])
	}
	if !slices.Equal(g.rows[0], []Card{15}) {
		t.Errorf("row 1 = %v", g.rows[0])
	}
}

// Hand: "The game ends after the round in which ... A player has more than 20 cards in his
// bullhead stack." (here: a round of the rulebook is a turn of the engine).
func TestHandVariantPileEnd(t *testing.T) {
	g := tableGame(t, Config{Variant: HandVariant, EndScore: 66},
		[NumRows][]Card{{10, 11, 12, 13, 14}, {20}, {30}, {40}}, []Card{15}, []Card{21})
	g.piles[0] = make([]Card, 17) // 17 cards already in the pile (their identity is irrelevant here)
	_ = g.PlayCards(0, []Card{15})
	_ = g.Keep(0, []Card{10}) // four more: 21 > 20
	if g.phase != PhaseChoose || g.current != 1 {
		t.Fatalf("phase %v current %d: the round ends only after the whole turn", g.phase, g.current)
	}
	_ = g.PlayCards(1, []Card{21})
	if g.round != 1 || g.phase == PhaseChoose {
		t.Fatalf("round %d phase %v: the round should have ended", g.round, g.phase)
	}
}

// Double: the twin rules.
func TestDoubleTwins(t *testing.T) {
	cfg := Config{Variant: Double, EndScore: 66}
	// 1) Twins played in the same turn go on the same row on top of each other, counting once.
	g := tableGame(t, cfg, [NumRows][]Card{{10, 11, 12}, {20}, {30}, {40}}, []Card{13}, []Card{13}, []Card{14})
	playAll(t, g, 13, 13, 14)
	wantRows(t, g, [NumRows][]Card{{10, 11, 12, 13, 13, 14}, {20}, {30}, {40}})
	if Places(g.rows[0]) != 5 {
		t.Errorf("row 1 counts %d places", Places(g.rows[0]))
	}
	// … and a player who picks it up scores every card.
	h := tableGame(t, cfg, [NumRows][]Card{{10, 11, 12, 13, 13, 14}, {20}, {30}, {40}}, []Card{15}, []Card{99})
	playAll(t, h, 15, 99)
	if h.pen[0] != SumBullheads([]Card{10, 11, 12, 13, 13, 14}) {
		t.Errorf("taking a row with twins scored %d", h.pen[0])
	}
	// 2) A card whose twin ends a row goes on top of it, even on a full row; a twin in the middle
	// of a row does not attract it.
	g = tableGame(t, cfg, [NumRows][]Card{{10, 11, 12, 13, 14}, {18, 20, 25}, {30}, {40}}, []Card{14}, []Card{20})
	playAll(t, g, 14, 20)
	// The 14 stacks on its twin without taking the full row. The 20's twin is in the middle of
	// row 2, so the 20 goes by the basic rules: after the 14 of row 1, as its sixth place.
	wantRows(t, g, [NumRows][]Card{{20}, {18, 20, 25}, {30}, {40}})
	if g.pen[0] != 0 || g.pen[1] != SumBullheads([]Card{10, 11, 12, 13, 14, 14}) {
		t.Errorf("penalties %v", g.pen[:2])
	}
	// 3) Two players forced by the same card to take a row split its bullheads, rounded up.
	g = tableGame(t, cfg, [NumRows][]Card{{10, 11, 12, 13, 55}, {70}, {80}, {90}}, []Card{60}, []Card{60}, []Card{91})
	playAll(t, g, 60, 60, 91)
	b := SumBullheads([]Card{10, 11, 12, 13, 55}) // 1+5+1+1+7 = 15
	if g.pen[0] != (b+1)/2 || g.pen[1] != (b+1)/2 || b%2 == 0 {
		t.Errorf("penalties %v, want %d each of %d", g.pen[:3], (b+1)/2, b)
	}
	wantRows(t, g, [NumRows][]Card{{60, 60}, {70}, {80}, {90, 91}})
	// Too low for every row: the lower seat chooses the row, both split it.
	g = tableGame(t, cfg, [NumRows][]Card{{10, 11, 22}, {70}, {80}, {90}}, []Card{5}, []Card{5})
	playAll(t, g, 5, 5)
	if d, ok := g.Decision(0); !ok || d.Kind != DecideRow {
		t.Fatalf("decision %+v, want seat 0 to choose", d)
	}
	if _, ok := g.Decision(1); ok {
		t.Fatal("seat 1 must not choose too")
	}
	// The higher seat answering is told the choice is the other seat's, and changes nothing.
	err := g.ChooseRow(1, 0)
	if !errors.Is(err, ErrNotYourRowChoice) || !strings.Contains(err.Error(), "seat 1: row 0: the row choice is another seat's: seat 0 chooses for card 5") {
		t.Errorf("seat 1 answering seat 0's row choice: %v", err)
	}
	if g.phase != PhaseRowChoice || g.pen[0]+g.pen[1] != 0 {
		t.Fatalf("a refused answer changed the game: phase %v, penalties %v", g.phase, g.pen[:2])
	}
	_ = g.ChooseRow(0, 0)
	if b := SumBullheads([]Card{10, 11, 22}); g.pen[0] != (b+1)/2 || g.pen[1] != (b+1)/2 {
		t.Errorf("penalties %v, want %d each", g.pen[:2], (b+1)/2)
	}
	wantRows(t, g, [NumRows][]Card{{5, 5}, {70}, {80}, {90}})
}

// Double 4): twins among the row starters are stacked and replaced.
func TestDoubleStartingTwins(t *testing.T) {
	found := 0
	for seed := uint64(1); seed < 400 && found < 5; seed++ {
		g, _ := NewGame(Config{Variant: Double, Seats: 10, EndScore: 66}, newTestRand(seed))
		d, _ := g.lastDeal()
		if len(d.Stacked) == 0 {
			continue
		}
		found++
		for i, c := range d.Rows {
			if slices.Contains(d.Rows[:i], c) {
				t.Fatalf("rows %v repeat a card", d.Rows)
			}
			if n := countOf(d.Stacked, c); len(g.rows[i]) != 1+n || Places(g.rows[i]) != 1 {
				t.Fatalf("row %v with stacked %v", g.rows[i], d.Stacked)
			}
		}
	}
	if found == 0 {
		t.Fatal("no deal with twin starters found")
	}
}

// Double: the deck of two decks, or one deck plus the doublets 11…99 of a second.
func TestDoubleDecks(t *testing.T) {
	full := Config{Variant: Double, Seats: 4}.rules()
	if len(full.deck()) != 208 {
		t.Errorf("two decks hold %d cards", len(full.deck()))
	}
	small := Config{Variant: Double, Seats: 4, Doublets: true}.rules()
	d := small.deck()
	if len(d) != 113 || countOf(d, 55) != 2 || countOf(d, 56) != 1 || countOf(d, 99) != 2 || countOf(d, 100) != 1 {
		t.Errorf("one deck + doublets: %d cards", len(d))
	}
}

// TCG: all 100 cards (as far as they divide) in two halves; the table is kept; one game.
func TestTCG(t *testing.T) {
	for seats, want := range map[int]int{4: 12, 5: 10, 6: 8, 7: 7} {
		if r := (Config{Variant: TCG, Seats: seats}).rules(); r.handSize != want {
			t.Errorf("%d seats: %d cards per half, want %d", seats, r.handSize, want)
		}
	}
	if (Config{Variant: TCG, Seats: 4, Rounds: 3}).Validate() == nil {
		t.Error("an odd number of halves accepted")
	}
	g, err := NewGame(Config{Variant: TCG, Seats: 5}, newTestRand(3)) // no end score needed
	if err != nil {
		t.Fatal(err)
	}
	r := newTestRand(4)
	first := map[Card]bool{}
	for _, h := range g.hands[:5] {
		for _, c := range h {
			first[c] = true
		}
	}
	for _, c := range g.rows {
		first[c[0]] = true
	}
	for g.round == 1 {
		for s := 0; s < 5 && g.phase == PhaseChoose; s++ {
			_ = g.Play(s, g.hands[s][r.IntN(len(g.hands[s]))])
		}
		if g.phase == PhaseRowChoice {
			_ = g.ChooseRow(g.queue[g.next].Seat, r.IntN(4))
		}
	}
	// The table after the first half is the table of the second.
	var ev RoundDealt
	var rowsBefore [NumRows][]Card
	for i, e := range g.events {
		if rd, ok := e.(RoundDealt); ok && rd.Round == 2 {
			ev = rd
			// replay the events before it to know the rows
			v := NewView(g.cfg, -1)
			for _, e := range g.events[:i] {
				v.Apply(e)
			}
			rowsBefore = v.Rows
		}
	}
	if ev.Rows != [NumRows]Card{} {
		t.Fatalf("the second half dealt new rows %v", ev.Rows)
	}
	for i := range rowsBefore {
		if !slices.Equal(rowsBefore[i], g.rows[i]) {
			t.Fatalf("row %d changed between halves: %v → %v", i, rowsBefore[i], g.rows[i])
		}
	}
	for s := 0; s < 5; s++ {
		if len(g.hands[s]) != 10 {
			t.Fatalf("seat %d has %d cards in the second half", s, len(g.hands[s]))
		}
		for _, c := range g.hands[s] {
			if first[c] {
				t.Fatalf("card %d dealt in both halves", c)
			}
		}
	}
	for !g.Over() {
		for s := 0; s < 5 && g.phase == PhaseChoose; s++ {
			_ = g.Play(s, g.hands[s][r.IntN(len(g.hands[s]))])
		}
		if g.phase == PhaseRowChoice {
			_ = g.ChooseRow(g.queue[g.next].Seat, r.IntN(4))
		}
	}
	if g.round != 2 {
		t.Errorf("TCG game lasted %d halves", g.round)
	}
}

func newTestRand(seed uint64) *rand.Rand { return rand.New(rand.NewPCG(seed, seed^0x5bd1e995)) }

// Hand: "He may take all cards in hand or put them all in his bullhead stack".
func TestHandVariantAllOrNothing(t *testing.T) {
	for _, keepAll := range []bool{true, false} {
		g := tableGame(t, Config{Variant: HandVariant, EndScore: 66},
			[NumRows][]Card{{10, 11, 12, 13, 14}, {20}, {30}, {40}}, []Card{15, 1, 2, 3}, []Card{21})
		g.hands[0] = []Card{1, 2, 3, 15} // a hand played down to four cards
		if err := g.PlayCards(0, []Card{15}); err != nil {
			t.Fatal(err)
		}
		keep := []Card(nil)
		if keepAll {
			keep = []Card{10, 11, 12, 13, 14}
		}
		if err := g.Keep(0, keep); err != nil {
			t.Fatal(err)
		}
		if keepAll && (len(g.hands[0]) != 3+5 || len(g.piles[0]) != 0 || g.pen[0] != 0) {
			t.Errorf("keep all: hand %v, pile %v", g.hands[0], g.piles[0])
		}
		if !keepAll && (len(g.hands[0]) != 3 || len(g.piles[0]) != 5 || g.pen[0] != SumBullheads([]Card{10, 11, 12, 13, 14})) {
			t.Errorf("keep none: hand %v, pile %v", g.hands[0], g.piles[0])
		}
	}
}
