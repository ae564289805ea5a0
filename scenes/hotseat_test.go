package scenes

import (
	"slices"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"nimmt/engine"
	"nimmt/layout"
	"nimmt/scenes/table"
	"nimmt/scenes/ui"
	"nimmt/storage"
)

// hotSeatGame opens the new-game form through the real menu and sets up seats 1 and 2 as people
// (named by typing into the name field) and the others as bots, in variant v.
func hotSeatGame(t *testing.T, g *Game, v string, seats int) {
	t.Helper()
	g.InjectInput(func(in *ui.Input) {})
	runUntil(t, g, 5, func(ts ui.TestState) bool { return ts.Scene == "menu" })
	tapButton(t, g, "new-game")
	chooseVariant(t, g, v)
	for g.Settings.Seats < seats {
		tapButton(t, g, "seats-plus")
	}
	for g.Settings.Seats > seats {
		tapButton(t, g, "seats-minus")
	}
	// Seats 1 and 2 become people, named through their pickers; the person here too.
	typeName(t, g, "name", "Ann")
	for s, name := range []string{"Bob", "Cy"} {
		tapButton(t, g, "seat-"+string(rune('1'+s)))
		tapButton(t, g, "choice-"+ui.LevelPerson)
		typeName(t, g, "seat-name", name)
		tapButton(t, g, "seat-done")
	}
	if got := []string{g.Settings.Name, g.Settings.PersonName(1), g.Settings.PersonName(2)}; !slices.Equal(got, []string{"Ann", "Bob", "Cy"}) {
		t.Fatalf("names %q", got)
	}
	tapButton(t, g, "start")
	runUntil(t, g, 50, func(ui.TestState) bool { _, ok := g.cur.(*table.Table); return ok })
}

// hotSeatPlayer plays every person's part through taps, like driver, and checks on every tick
// that the screen shows only the displayed person's hand, and nothing during a hand-over.
type hotSeatPlayer struct {
	t         *testing.T
	g         *Game
	tb        *table.Table
	handovers int
	acted     map[int]int // decisions made, per seat
	taps      int
}

func (p *hotSeatPlayer) step(in *ui.Input) {
	t, g, tb := p.t, p.g, p.tb
	ts := g.TestState()
	eg := engineOf(tb)
	if ts.Handover != "" {
		if len(ts.Hand) > 0 || len(ts.HandRects) > 0 || ts.Decision != "" || ts.Chosen != 0 || len(ts.ChoiceRects) > 0 {
			t.Fatalf("hand-over to %s shows hand %v decision %q", ts.Handover, ts.Hand, ts.Decision)
		}
		if r, ok := (&driver{g: g}).button(&ts, "handover-ready"); ok {
			if want := tb.Seats[tb.Handover].Name; ts.Handover != want {
				t.Fatalf("hand-over names %q, seat %d is %q", ts.Handover, tb.Handover, want)
			}
			p.handovers++
			(&driver{g: g}).tapRect(in, r)
		}
		return
	}
	if !tb.Seats[ts.Seat].Here() {
		t.Fatalf("the table shows seat %d, a %v", ts.Seat, tb.Seats[ts.Seat].Kind)
	}
	// The hand on screen is the displayed person's own (the engine's hand, less the chosen card,
	// once the screen has caught up).
	if ts.Input && tb.Phase == table.PhaseChoose && ts.Chosen == 0 {
		if h := eg.View(ts.Seat).Hand; !slices.Equal(intsOf(h), ts.Hand) {
			t.Fatalf("seat %d's screen hand %v, its engine hand %v", ts.Seat, ts.Hand, h)
		}
	}
	if !ts.Input && ts.Scene != "score" {
		return
	}
	if ts.Decision != "" {
		if d, ok := eg.Decision(ts.Seat); !ok || d.Kind.String() != ts.Decision {
			t.Fatalf("screen decision %q for seat %d, engine %v %v", ts.Decision, ts.Seat, d, ok)
		}
	}
	x := func(r ui.Rect) { (&driver{g: g}).tapRect(in, r); p.taps++ }
	switch {
	case ts.Scene == "score":
		if r, ok := (&driver{g: g}).button(&ts, "continue"); ok {
			x(r)
		}
	case ts.Decision == "play" && ts.Chosen == 0 && len(ts.HandRects) > 0:
		if p.taps%2 == 1 {
			p.acted[ts.Seat]++
		}
		x(ts.HandRects[(p.taps/2)%len(ts.HandRects)])
	case ts.Decision == "draft" && len(ts.PoolRects) > 0:
		p.acted[ts.Seat]++
		x(ts.PoolRects[len(ts.PoolRects)/2])
	case ts.Decision == "row":
		p.acted[ts.Seat]++
		x(ts.RowRects[0])
	}
}

func intsOf(cs []engine.Card) []int {
	out := make([]int, len(cs))
	for i, c := range cs {
		out[i] = int(c)
	}
	return out
}

// TestHotSeatGame plays whole hot-seat games, three people and a bot, in Basic and in Logic (a
// draft), through the real menu and taps: the device is handed over whenever the decision passes
// to another person, each person plays from their own hand, and nothing of a hand shows during
// a hand-over.
func TestHotSeatGame(t *testing.T) {
	for _, v := range []string{"basic", "logic"} {
		t.Run(v, func(t *testing.T) {
			g := newTestGame(t, &storage.Memory{}, "fast")
			hotSeatGame(t, g, v, 4)
			tb := g.cur.(*table.Table)
			if n := tb.People(); n != 3 {
				t.Fatalf("%d people at the table", n)
			}
			if ts := g.TestState(); ts.Handover != "Ann" {
				t.Fatalf("the game starts without a hand-over to Ann: %q", ts.Handover)
			}
			p := &hotSeatPlayer{t: t, g: g, tb: tb, acted: map[int]int{}}
			g.InjectInput(p.step)
			// The first round, then leave: the game is saved.
			runUntil(t, g, 200000, func(ts ui.TestState) bool { return ts.Round == 2 && ts.Handover != "" })
			continueHotSeat(t, g)
			tb = g.cur.(*table.Table)
			p.tb = tb
			g.InjectInput(p.step)
			runUntil(t, g, 400000, func(ts ui.TestState) bool { return ts.Scene == "gameover" && ts.Input })
			if !engineOf(tb).Over() {
				t.Fatal("the engine's game is not over")
			}
			for s := 0; s < 3; s++ {
				if p.acted[s] == 0 {
					t.Errorf("%s never decided (decisions per seat %v)", tb.Seats[s].Name, p.acted)
				}
			}
			if p.handovers < 6 {
				t.Errorf("only %d hand-overs", p.handovers)
			}
			t.Logf("%s: %d hand-overs, decisions per seat %v", v, p.handovers, p.acted)
		})
	}
}

// continueHotSeat leaves a hot-seat game for the menu (Menu, then the pause sheet's Leave) and continues it: it resumes behind the
// hand-over screen, to the person who must decide.
func continueHotSeat(t *testing.T, g *Game) {
	t.Helper()
	g.InjectInput(func(in *ui.Input) {})
	tapButton(t, g, "menu")
	tapButton(t, g, "pause-leave")
	runUntil(t, g, 5, func(ts ui.TestState) bool { return ts.Scene == "menu" })
	tapButton(t, g, "continue")
	ts := runUntil(t, g, 5, func(ts ui.TestState) bool { _, ok := g.cur.(*table.Table); return ok })
	tb := g.cur.(*table.Table)
	if ts.Handover == "" || len(ts.Hand) > 0 {
		t.Fatalf("continued without a hand-over: %q, hand %v", ts.Handover, ts.Hand)
	}
	if w := engineOf(tb).Waiting(); !slices.Contains(w, tb.Handover) {
		t.Fatalf("continued handing over to seat %d; the game waits for %v", tb.Handover, w)
	}
}

// TestHotSeatDrawsNoOtherHand draws every fifth tick of a two-round hot-seat game and records
// the cards drawn: while a hand-over screen is up no card is drawn at all, and no frame shows a
// card face that is in another person's hand. Two rounds cover a first deal, a later deal (the
// last round's cards gather face down while new hands are dealt) and every kind of turn; a
// whole game to 66 drew three times the frames for no more cases.
func TestHotSeatDrawsNoOtherHand(t *testing.T) {
	needDisplay(t)
	g := newTestGame(t, &storage.Memory{}, "fast")
	g.Settings.EndMode, g.Settings.Rounds = "rounds", 2
	hotSeatGame(t, g, "basic", 4)
	tb := g.cur.(*table.Table)
	p := &hotSeatPlayer{t: t, g: g, tb: tb, acted: map[int]int{}}
	g.InjectInput(p.step)
	screen := ebiten.NewImage(1280, 720)
	defer frame(func() { screen.Deallocate() }, nil)
	var drawn []engine.Card
	var faces []bool
	g.CardSpy = func(c engine.Card, face bool, _ layout.Rect) { drawn, faces = append(drawn, c), append(faces, face) }
	handoverFrames, frames := 0, 0
	var public []engine.Card
	for i := 0; ; i++ {
		if i > 200000 {
			t.Fatal("the game did not end")
		}
		if err := g.Update(); err != nil {
			t.Fatal(err)
		}
		if i%5 != 0 {
			continue
		}
		drawn, faces = drawn[:0], faces[:0]
		g.Dirty = true
		frame(nil, func(*ebiten.Image) { g.Draw(screen) })
		frames++
		if tb.Phase != table.PhaseDeal {
			// The cards seen this round: while the next round is dealt they gather face down,
			// and some of them are in the new hands.
			public = public[:0]
			for _, r := range tb.Disp.Rows {
				public = append(public, r...)
			}
			public = append(public, tb.Disp.Revealed...)
		}
		if tb.Handover >= 0 {
			handoverFrames++
			if len(drawn) > 0 {
				t.Fatalf("frame %d: %d cards drawn behind the hand-over screen", i, len(drawn))
			}
		}
		for s := range tb.Seats {
			if s == tb.Me || !tb.Seats[s].Here() {
				continue
			}
			hand := shownHand(tb, s)
			for k, c := range drawn {
				if faces[k] && slices.Contains(hand, c) && !(tb.Phase == table.PhaseDeal && slices.Contains(public, c)) {
					t.Fatalf("frame %d: showing seat %d, drew %v face up from seat %d's hand %v", i, tb.Me, c, s, hand)
				}
			}
		}
		if ts := g.TestState(); ts.Scene == "gameover" && ts.Input {
			break
		}
	}
	if handoverFrames == 0 {
		t.Fatal("no frame drawn with the hand-over screen")
	}
	if r := engineOf(tb).View(0).Round; r < 2 {
		t.Fatalf("the game ended in round %d; the test needs a later deal", r)
	}
	t.Logf("%d frames drawn, %d behind the hand-over screen", frames, handoverFrames)
}

// shownHand returns seat s's hand at the point of the game the screen shows (its own stream
// folded up to the events the table has consumed).
func shownHand(tb *table.Table, s int) []engine.Card {
	v := engine.NewView(tb.Sess.Config(), s)
	for i, e := range tb.Sess.EventsFor(s, 0) {
		if i >= tb.Consumed {
			break
		}
		v.Apply(e)
	}
	return v.Hand
}

// TestHotSeatDefaultNames: with more than one person at the device and no names typed, nobody
// is called "You": the seats are "Player 1", "Player 2", and the hand-over names Player 1.
func TestHotSeatDefaultNames(t *testing.T) {
	g := openForm(t, 390, 844, ui.Options{})
	tapButton(t, g, "seat-1")
	tapButton(t, g, "choice-"+ui.LevelPerson)
	tapButton(t, g, "seat-done")
	for _, b := range g.TestState().Buttons {
		if b.ID == "name" && b.Label != "Player 1" {
			t.Errorf("the first seat's cell reads %q beside another person", b.Label)
		}
	}
	tapButton(t, g, "start")
	runUntil(t, g, 50, func(ui.TestState) bool { _, ok := g.cur.(*table.Table); return ok })
	tb := g.cur.(*table.Table)
	if got := []string{tb.Seats[0].Name, tb.Seats[1].Name}; !slices.Equal(got, []string{"Player 1", "Player 2"}) {
		t.Fatalf("the people here are named %q", got)
	}
	if ts := g.TestState(); ts.Handover != "Player 1" {
		t.Fatalf("the first hand-over names %q", ts.Handover)
	}
	if g.Settings.Name != "You" {
		t.Fatalf("the stored name became %q", g.Settings.Name)
	}
}
