package tutorial

import (
	"encoding/json"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"nimmt/assets"
	"nimmt/bots"
	"nimmt/engine"
	"nimmt/msg"
)

// playerFunc is a Player made of a function.
type playerFunc func(v *engine.View) engine.Action

func (f playerFunc) Decide(v *engine.View) engine.Action { return f(v) }

// TestDeal: the fixed deal is one the engine deals from, with every card once, the person's hand
// as dealt, and the record replays.
func TestDeal(t *testing.T) {
	g, err := NewGame(rand.New(rand.NewPCG(1, 2)))
	if err != nil {
		t.Fatal(err)
	}
	d := Deal()
	seen := map[engine.Card]bool{}
	for _, c := range slices.Concat(d.Rows[:], d.Hands[0], d.Hands[1], d.Hands[2], d.Hands[3]) {
		if seen[c] || !c.Valid() {
			t.Errorf("card %d twice or not a card", c)
		}
		seen[c] = true
	}
	for s, h := range d.Hands {
		if len(h) != engine.DefaultHandSize || !slices.IsSorted(h) {
			t.Errorf("seat %d's hand %v: want %d cards, lowest first", s, h, engine.DefaultHandSize)
		}
	}
	v := g.View(Person)
	if !slices.Equal(v.Hand, d.Hands[Person]) || v.Round != 1 || v.Turn != 1 || v.Decision == nil || v.Decision.Kind != engine.DecidePlay {
		t.Errorf("the person's first view: hand %v round %d turn %d decision %v", v.Hand, v.Round, v.Turn, v.Decision)
	}
	for r, row := range v.Rows {
		if !slices.Equal(row, []engine.Card{startRows[r]}) {
			t.Errorf("row %d is %v, want [%d]", r, row, startRows[r])
		}
	}
	// Deal returns a copy: changing it changes nothing.
	d.Hands[0][0] = 104
	if Deal().Hands[0][0] != hands[0][0] {
		t.Error("Deal shares the fixed hands")
	}
}

// guided plays the guided game through the engine: the person makes the moves the coach expects
// (a free choice by the one-step bot after the script), the bots are Bot over the one-step bot,
// and every event the person sees goes to the coach. It returns those events, with the coach's
// step after each.
func guided(t *testing.T, c *Coach) ([]engine.Event, []int) {
	t.Helper()
	g, err := NewGame(rand.New(rand.NewPCG(3, 4)))
	if err != nil {
		t.Fatal(err)
	}
	var events []engine.Event
	var steps []int
	observe := func() {
		for _, e := range g.EventsFor(Person, len(events)) {
			c.Observe(e)
			events = append(events, e)
			steps = append(steps, c.Step())
		}
	}
	observe()
	players := make([]Player, Seats)
	for s := 1; s < Seats; s++ {
		players[s] = Bot(s, playerFunc(func(v *engine.View) engine.Action {
			if v.Round == 1 && v.Turn <= ScriptedTurns && v.Decision.Kind == engine.DecidePlay {
				t.Errorf("seat %d's bot decided in scripted turn %d", s, v.Turn)
			}
			return bots.Heuristic(v)
		}))
	}
	for moves := 0; !g.Over(); moves++ {
		if moves > 10_000 {
			t.Fatal("the game does not end")
		}
		acted := false
		for _, s := range g.Waiting() {
			if d, ok := g.Decision(s); !ok || d.Kind == engine.DecidePlay && g.Chosen(s) {
				continue
			}
			v := g.View(s)
			var a engine.Action
			if s == Person {
				var ok bool
				if a, ok = c.Expected(&v); !ok {
					a = bots.Heuristic(&v)
				}
				if !c.Allow(&v, a) {
					t.Fatalf("the coach refused %v, its own expected move or a free one, at step %d", a, c.Step())
				}
			} else {
				a = players[s].Decide(&v)
			}
			if err := g.Act(s, a); err != nil {
				t.Fatalf("seat %d: %v: %v", s, a, err)
			}
			acted = true
			observe()
		}
		if !acted {
			t.Fatal("nobody to act in a game not over")
		}
	}
	return events, steps
}

// TestLessons: the scripted moves on the real engine produce each lesson's event, in order, and
// each ends its coaching step; the game then plays on to its end.
func TestLessons(t *testing.T) {
	c, err := New()
	if err != nil {
		t.Fatal(err)
	}
	if c.Line().ID != msg.TutorialPlace || c.Free() {
		t.Fatalf("the first line is %v", c.Line().ID)
	}
	events, steps := guided(t, c)
	want := []struct {
		event engine.Event
		step  int // the coach's step once the event is seen
	}{
		// Rules 1 and 2: the 13 first, then the 45 after the 43 (not the 37).
		{engine.CardPlaced{Seat: Person, Card: 45, Row: 2, Pos: 1}, 1},
		// Rule 3: the bot's 48 is the fifth card of that row; the 50 takes the five.
		{engine.CardPlaced{Seat: 1, Card: 48, Row: 2, Pos: 4}, 1},
		{engine.RowTaken{Seat: Person, Row: 2, Cards: []engine.Card{43, 45, 46, 47, 48}, Bullheads: 6, Reason: engine.TakeFull}, 2},
		{engine.CardPlaced{Seat: Person, Card: 50, Row: 2, Pos: 0}, 2},
		// Rule 4: the 5 is too low; the person takes the cheapest row, the 37 (1 bullhead;
		// 12 13 14 cost 3, the 50 3, 58 60 4).
		{engine.RowChoiceRequired{Seat: Person, Card: 5}, 3},
		{engine.RowTaken{Seat: Person, Row: 1, Cards: []engine.Card{37}, Bullheads: 1, Reason: engine.TakeTooLow}, 4},
		{engine.CardPlaced{Seat: Person, Card: 5, Row: 1, Pos: 0}, 4},
	}
	at := 0
	for _, w := range want {
		i := slices.IndexFunc(events[at:], func(e engine.Event) bool { return eventEqual(e, w.event) })
		if i < 0 {
			t.Fatalf("no %T %+v after event %d", w.event, w.event, at)
		}
		at += i
		if steps[at] != w.step {
			t.Errorf("after %T %+v the coach is at step %d, want %d", w.event, w.event, steps[at], w.step)
		}
		at++
	}
	// The next card the person plays (turn 4) ends the script: the game is free.
	free := slices.IndexFunc(steps, func(s int) bool { return s == len(Steps(Lesson{})) })
	if free < 0 {
		t.Fatal("the script never ended")
	}
	if e, ok := events[free].(engine.SeatChose); !ok || e.Seat != Person || e.Card == 0 {
		t.Errorf("the script ended at %T %+v, want the person's card of turn 4", events[free], events[free])
	}
	if !c.Free() || c.Line().ID != msg.None {
		t.Errorf("after the game: free %v, line %v", c.Free(), c.Line().ID)
	}
	if _, ok := events[len(events)-1].(engine.GameOver); !ok {
		t.Errorf("the last event is %T, want the game's end", events[len(events)-1])
	}
}

// eventEqual compares two events by their JSON (they hold slices).
func eventEqual(a, b engine.Event) bool {
	ja, err1 := engine.MarshalEvent(a)
	jb, err2 := engine.MarshalEvent(b)
	return err1 == nil && err2 == nil && string(ja) == string(jb)
}

// TestLines: each step's line says what the engine does (the lesson found by playing it).
func TestLines(t *testing.T) {
	l, err := Learn()
	if err != nil {
		t.Fatal(err)
	}
	if want := (Lesson{First: 45, Last: 43, Sixth: 50, SixthBullheads: 6, Low: 5, Cheapest: 1, Least: 1, Most: 4, SixthRow: 2, LowRow: 1}); l != want {
		t.Errorf("lesson %+v, want %+v", l, want)
	}
	var got []string
	for _, s := range Steps(l) {
		if err := s.Line.Err(); err != nil {
			t.Errorf("%v: %v", s.Line.ID, err)
		}
		got = append(got, s.Line.In(msg.English))
	}
	for i, want := range []string{"your 45: it will go after the 43", "Play your 50", "+6. Rule 4: now play your 5", "Take row 2, the cheapest: 1 bullhead.", "1 bullhead; the dearest row would have cost 4"} {
		if !strings.Contains(got[i], want) {
			t.Errorf("step %d says %q, want %q in it", i, got[i], want)
		}
	}
}

// TestWrongMoves: a move the lesson does not want is refused with a hint saying which it wants;
// the game is untouched and goes on with the right move; once free, any move is the person's.
func TestWrongMoves(t *testing.T) {
	c, err := New()
	if err != nil {
		t.Fatal(err)
	}
	g, err := NewGame(rand.New(rand.NewPCG(5, 6)))
	if err != nil {
		t.Fatal(err)
	}
	v := g.View(Person)
	for _, a := range []engine.Action{engine.PlayCard(97), engine.PlayCard(104), engine.PlayCards(45, 50), engine.TakeRow(2), {}} {
		if c.Allow(&v, a) {
			t.Errorf("step 0 allowed %+v", a)
		}
	}
	if h := c.Line(); h.ID != msg.TutorialHintCard || !strings.Contains(h.In(msg.English), "play your 45") {
		t.Errorf("the hint after 97: %q", h.In(msg.English))
	}
	if g.EventCount() != 1 || g.Chosen(Person) {
		t.Fatalf("a refused move reached the game: %d events", g.EventCount())
	}
	// The right moves go on; at the row choice, a dearer row is refused with the figures.
	play := func(turn int) {
		for s := range Seats {
			a := engine.PlayCard(script[turn][s])
			if s == Person {
				v := g.View(Person)
				if !c.Allow(&v, a) {
					t.Fatalf("turn %d: the lesson's card %v refused", turn+1, a)
				}
			}
			if err := g.Act(s, a); err != nil {
				t.Fatal(err)
			}
		}
	}
	seen := 0
	observe := func() {
		for _, e := range g.EventsFor(Person, seen) {
			c.Observe(e)
			seen++
		}
	}
	observe()
	for turn := range ScriptedTurns {
		play(turn)
		observe()
	}
	if c.Step() != 3 {
		t.Fatalf("at the row choice the coach is at step %d, want 3", c.Step())
	}
	v = g.View(Person)
	if c.Allow(&v, engine.PlayCard(24)) {
		t.Error("a card allowed at the row choice")
	}
	if c.Allow(&v, engine.TakeRow(3)) {
		t.Error("the dearest row allowed")
	}
	if h := c.Line().In(msg.English); !strings.Contains(h, "Row 4 would cost 4 bullheads; row 2 costs only 1") {
		t.Errorf("the hint after row 4: %q", h)
	}
	if c.Allow(&v, engine.TakeRow(7)) {
		t.Error("row 8 allowed")
	}
	if a, ok := c.Expected(&v); !ok || a.Kind != engine.DecideRow || a.Row != 1 || !c.Allow(&v, a) {
		t.Errorf("expected %v %v", a, ok)
	}
	if err := g.Act(Person, engine.TakeRow(1)); err != nil {
		t.Fatal(err)
	}
	observe()
	if c.Step() != 4 || c.Line().ID != msg.TutorialCheapest {
		t.Errorf("after the row: step %d, line %v (the hint must go)", c.Step(), c.Line().ID)
	}
	// The last step only talks: any card is the person's.
	v = g.View(Person)
	if !c.Allow(&v, engine.PlayCard(v.Hand[len(v.Hand)-1])) {
		t.Error("the free card refused")
	}
}

// TestMessagesInEveryLanguage: every text of the guided game is in every language's table, with
// its placeholders filled.
func TestMessagesInEveryLanguage(t *testing.T) {
	l, err := Learn()
	if err != nil {
		t.Fatal(err)
	}
	ms := []msg.Message{msg.New(msg.MenuTutorial), msg.New(msg.TutorialOffer),
		msg.New(msg.TutorialHintCard, 45), msg.New(msg.TutorialHintRow, 4, 4, 2, 1)}
	for _, s := range Steps(l) {
		ms = append(ms, s.Line)
	}
	if len(assets.Lang) < 4 {
		t.Fatalf("%d languages", len(assets.Lang))
	}
	for _, tb := range assets.Lang {
		var file struct{ Text map[string]string }
		if err := json.Unmarshal(tb.JSON, &file); err != nil {
			t.Fatal(err)
		}
		for _, m := range ms {
			if file.Text[m.ID.String()] == "" {
				t.Errorf("%s: no text for %s", tb.Code, m.ID)
				continue
			}
			if s := m.In(tb.Code); strings.ContainsAny(s, "{}") {
				t.Errorf("%s: %s reads %q", tb.Code, m.ID, s)
			}
		}
	}
}
