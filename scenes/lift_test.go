package scenes

import (
	"fmt"
	"slices"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"nimmt/engine"
	"nimmt/layout"
	"nimmt/scenes/menu"
	"nimmt/scenes/table"
	"nimmt/scenes/ui"
	"nimmt/storage"
)

// liftSizes are screens where a hand of 10 overlaps (a phone held upright, in two lines of 5; a
// tablet held upright, in one line) and one where its cards lie side by side.
var liftSizes = [][2]float64{{390, 844}, {1024, 1366}, {1280, 720}}

// choosingTable starts a 4-seat game at w×h through the real menu and runs it to the person's
// first play with a full hand of 10, once the bots have chosen (nothing moves on the table).
func choosingTable(t *testing.T, w, h float64) (*Game, *table.Table) {
	t.Helper()
	g := newTestGame(t, &storage.Memory{}, "fast")
	g.LayoutF(w, h)
	g.cur.(*menu.Menu).Activate("new-game")
	g.cur.(*menu.Menu).Start()
	g.InjectInput(func(in *ui.Input) {})
	runUntil(t, g, 5000, func(ts ui.TestState) bool {
		return ts.Scene == "choose" && ts.Input && ts.Decision == "play" && ts.Chosen == 0 && len(ts.HandRects) == 10 &&
			len(ts.Waiting) == 1 && g.cur.(*table.Table).Tl.Idle()
	})
	return g, g.cur.(*table.Table)
}

// settleLift ticks until every hand card is as lifted and as far along its opened line as it
// should be.
func settleLift(t *testing.T, g *Game, tb *table.Table) {
	t.Helper()
	for i := 0; ; i++ {
		done := true
		for s := range tb.Lift {
			done = done && tb.Lift[s] == tb.LiftTarget(s) && tb.Shift[s] == tb.ShiftTarget(s)
		}
		if done {
			return
		}
		if i == 300 {
			t.Fatal("the hand did not settle in 300 ticks")
		}
		if err := g.Update(); err != nil {
			t.Fatal(err)
		}
	}
}

// TestLiftedCardHidesNoNumber taps each card of a hand of 10 in turn, as a player on a touch
// screen does, lets it rise, draws the frame and records where each hand card is drawn, in order:
// no card covers the corner number or a bullhead (layout.Face.Index) of a card drawn before it,
// and the lifted card is drawn whole, over nothing that hides part of it. Each tap lands on the
// target the previous lift left (the hand opened around the lifted card) and lifts the card
// tapped; a second tap on the lifted card plays it. On the upright phone the lifted card once
// hid its right neighbour's number and bullheads.
func TestLiftedCardHidesNoNumber(t *testing.T) {
	needDisplay(t)
	for _, sz := range liftSizes {
		t.Run(fmt.Sprintf("%vx%v", sz[0], sz[1]), func(t *testing.T) {
			g, tb := choosingTable(t, sz[0], sz[1])
			screen := ebiten.NewImage(int(sz[0]), int(sz[1]))
			defer frame(func() { screen.Deallocate() }, nil)
			ts := g.TestState()
			hand := make([]engine.Card, len(ts.Hand))
			for i, c := range ts.Hand {
				hand[i] = engine.Card(c)
			}
			type drawn struct {
				c engine.Card
				r layout.Rect
			}
			var draws []drawn
			g.CardSpy = func(c engine.Card, face bool, r layout.Rect) {
				if face && slices.Contains(hand, c) {
					draws = append(draws, drawn{c, r})
				}
			}
			defer func() { g.CardSpy = nil }()
			tap := func(r layout.Rect) {
				x, y := r.Center()
				g.InjectInput(func(in *ui.Input) { in.Tap, in.TapX, in.TapY, in.Touch = true, x, y, true })
				if err := g.Update(); err != nil {
					t.Fatal(err)
				}
				g.InjectInput(func(in *ui.Input) {})
			}
			opened := 0
			for k := range hand {
				tap(g.TestState().HandRects[k])
				if tb.Sel != k {
					t.Fatalf("tapping card %d's target lifted card %d", k, tb.Sel)
				}
				settleLift(t, g, tb)
				draws = draws[:0]
				g.Dirty = true
				frame(nil, func(*ebiten.Image) { g.Draw(screen) })
				if len(draws) != len(hand) {
					t.Fatalf("card %d lifted: %d hand cards drawn face up, want %d", k, len(draws), len(hand))
				}
				for a, d := range draws {
					if d.c == hand[k] && d.r.Y >= tb.Lay.Hand[k].Y {
						t.Errorf("card %d (%v) is not lifted: drawn at %+v", k, d.c, d.r)
					}
					idx := layout.FaceOf(d.r).Index()
					for _, e := range draws[a+1:] {
						if idx.Overlaps(e.r) {
							t.Errorf("card %d lifted: %v drawn at %+v covers the number or bullheads %+v of %v", k, e.c, e.r, idx, d.c)
						}
						if d.c == hand[k] && d.r.Overlaps(e.r) {
							t.Errorf("card %d lifted: %v drawn at %+v over the lifted %v at %+v", k, e.c, e.r, d.c, d.r)
						}
					}
				}
				if tb.Shift != [table.NumSprites]float64{} {
					opened++
				}
			}
			last := len(hand) - 1
			tap(g.TestState().HandRects[last])
			runUntil(t, g, 100, func(ts ui.TestState) bool { return ts.Chosen != 0 })
			if ts := g.TestState(); ts.Chosen != int(hand[last]) {
				t.Errorf("a second tap on the lifted %v chose %v", hand[last], ts.Chosen)
			}
			t.Logf("the hand opened around %d of %d lifted cards", opened, len(hand))
			if overlap := tb.Lay.Hand[1].X-tb.Lay.Hand[0].X < tb.Lay.Hand[0].W; overlap && opened == 0 {
				t.Error("an overlapping hand never opened")
			}
		})
	}
}

// TestHoverLiftsSteadily moves a mouse pointer across each line of a hand of 10, 2 px at a time:
// at every position the card it lifts stays lifted on the next tick (the opened line does not
// move its target away from under the pointer), the cards lift left to right, and every card of
// the line lifts somewhere.
func TestHoverLiftsSteadily(t *testing.T) {
	needDisplay(t)
	for _, sz := range liftSizes {
		t.Run(fmt.Sprintf("%vx%v", sz[0], sz[1]), func(t *testing.T) {
			g, tb := choosingTable(t, sz[0], sz[1])
			rest := g.TestState().HandRects
			lines := map[float64][]int{}
			for i, r := range rest {
				lines[r.Y] = append(lines[r.Y], i)
			}
			for _, cards := range lines {
				r := rest[cards[0]]
				y := r.Y + r.H*0.6
				prev := -1
				var lifted []int
				for x := 0.0; x < sz[0]; x += 2 {
					g.InjectInput(func(in *ui.Input) { in.X, in.Y, in.Hover, in.Moved = x, y, true, true })
					var sel [2]int
					for k := range sel {
						if err := g.Update(); err != nil {
							t.Fatal(err)
						}
						sel[k] = tb.Sel
					}
					if sel[0] != sel[1] {
						t.Fatalf("pointer at %.0f,%.0f: card %d lifted, then card %d", x, y, sel[0], sel[1])
					}
					if sel[0] < 0 || sel[0] == prev {
						continue
					}
					if sel[0] < prev {
						t.Errorf("pointer at %.0f,%.0f, moving right: card %d lifted after card %d", x, y, sel[0], prev)
					}
					prev = sel[0]
					lifted = append(lifted, sel[0])
				}
				if !slices.Equal(lifted, cards) {
					t.Errorf("a pointer across the line %v lifted %v", cards, lifted)
				}
			}
			g.InjectInput(func(in *ui.Input) {})
		})
	}
}
