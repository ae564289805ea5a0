package scenes

import (
	"fmt"
	"math"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"nimmt/layout"
	"nimmt/scenes/menu"
	"nimmt/scenes/ui"
	"nimmt/storage"
)

// near reports whether two rectangles agree to a tenth of a pixel.
func near(x, y, w, h float64, r layout.Rect) bool {
	return math.Abs(x-r.X) < 0.1 && math.Abs(y-r.Y) < 0.1 && math.Abs(w-r.W) < 0.1 && math.Abs(h-r.H) < 0.1
}

// spriteErrors lists every sprite that is not where the current layout says: a card resting
// away from its home or flying anywhere else, a face-down card of another seat away from that
// seat's chosen place, a layout not of the screen's size, a "+N" of a past turn.
func spriteErrors(tb *table) []string {
	var errs []string
	g := tb.g
	if tb.lay.W != g.W || tb.lay.H != g.H {
		errs = append(errs, fmt.Sprintf("layout is %vx%v, screen %vx%v", tb.lay.W, tb.lay.H, g.W, g.H))
	}
	tb.refreshHomes()
	for i := range tb.cards {
		sp, h := &tb.cards[i], &tb.homes[i]
		if !sp.vis || sp.hideAtEnd {
			continue
		}
		switch {
		case h.at == atNone:
			errs = append(errs, fmt.Sprintf("card %d shown at (%.0f,%.0f) with no place", spriteCard(i), sp.x, sp.y))
		case !near(sp.tx, sp.ty, sp.tw, sp.th, h.r):
			errs = append(errs, fmt.Sprintf("card %d goes to %.0f,%.0f %.0fx%.0f, its place is %+v", spriteCard(i), sp.tx, sp.ty, sp.tw, sp.th, h.r))
		case sp.tween == nil && !near(sp.x, sp.y, sp.w, sp.h, h.r):
			errs = append(errs, fmt.Sprintf("card %d rests at %.0f,%.0f, its place is %+v", spriteCard(i), sp.x, sp.y, h.r))
		}
	}
	for s := range tb.seats {
		sp := &tb.backs[s]
		if !sp.vis || sp.hideAtEnd {
			continue
		}
		r := tb.seatLay(s).Chosen
		switch {
		case s == tb.me || s >= len(tb.disp.Chosen) || !tb.disp.Chosen[s]:
			errs = append(errs, fmt.Sprintf("seat %d shows a face-down card without having chosen", s))
		case !near(sp.tx, sp.ty, sp.tw, sp.th, r) || (sp.tween == nil && !near(sp.x, sp.y, sp.w, sp.h, r)):
			errs = append(errs, fmt.Sprintf("seat %d's face-down card at %.0f,%.0f (to %.0f,%.0f), its place is %+v", s, sp.x, sp.y, sp.tx, sp.ty, r))
		}
	}
	for _, f := range tb.floaters {
		if f.turn != tb.lastTurn || tb.phase == phaseScore || tb.phase == phaseOver || tb.phase == phaseDeal {
			errs = append(errs, fmt.Sprintf("%q of turn %d still shown in turn %d (%s)", f.label, f.turn, tb.lastTurn, tb.phase))
		}
	}
	return errs
}

// TestSpritesFollowResize plays a 10-seat game at normal speed through the real Update and
// Draw, resizes and rotates the screen in the middle of the deal, the choice (face-down cards
// at the seats), the reveal and the placement, and checks on every tick that every sprite is
// where the layout of the current size says (moving sprites: where they go), that the frame
// after a resize draws every card face (no card backs in the hand while faces re-render), and
// that no "+N" outlives its turn, through the first round's score into the second round.
func TestSpritesFollowResize(t *testing.T) {
	needDisplay(t)
	g, err := NewGame(ui.Options{Storage: &storage.Memory{}, Speed: "normal", Seed: 5, InlineBots: true})
	if err != nil {
		t.Fatal(err)
	}
	g.Settings.Seats = 10
	for i := range g.Settings.Levels {
		g.Settings.Levels[i] = "beginner"
	}
	screen := ebiten.NewImage(1280, 1280)
	defer screen.Deallocate()
	g.LayoutF(1280, 720)
	g.cur.(*menu.Menu).Activate("new-game")
	g.cur.(*menu.Menu).Start()
	g.Update() // the table replaces the menu
	d := &driver{g: g}
	g.InjectInput(d.step)
	sizes := [][2]float64{{390, 844}, {844, 390}, {1000, 700}, {720, 1280}, {1280, 720}}
	next := 0
	resized := map[string]int{}
	floaters, lastPhase := 0, phaseNone
	for i := 0; ; i++ {
		if i > 40000 {
			t.Fatalf("second round not reached; resizes %v", resized)
		}
		if err := g.Update(); err != nil {
			t.Fatal(err)
		}
		tb, ok := g.cur.(*table)
		if !ok {
			t.Fatalf("scene %T", g.cur)
		}
		if tb.disp.Round >= 2 && tb.phase == phaseChoose && len(resized) == 4 {
			if floaters == 0 {
				t.Fatal("no \"+N\" rose in a round of 10 seats")
			}
			t.Logf("%d ticks, resizes per phase %v, %d \"+N\" ticks seen", i, resized, floaters)
			return
		}
		floaters += len(tb.floaters)
		// Resize once on entering a phase (twice in the first turns), in the middle of its
		// animation: the choice once some seat's face-down card has come to rest.
		ph := tb.phase
		backs := false
		for s := range tb.backs {
			backs = backs || (tb.backs[s].vis && !tb.backs[s].hideAtEnd && tb.backs[s].tween == nil)
		}
		want := ph != lastPhase || (ph == phaseChoose && backs && resized["choose"] == 0)
		lastPhase = ph
		if ph == phaseChoose && !backs {
			want = false
			lastPhase = phaseNone
		}
		// A frame every 18 ticks (0.3 s of play) besides the one right after each resize: the
		// checks are of the sprites' places on every tick; drawing every 6th tick through llvmpipe
		// made this test 28 s of the package's 65 (docs/PERFORMANCE.md, "make test").
		draw := i%18 == 0
		if want && resized[ph.String()] < 2 && (ph == phaseDeal || ph == phaseChoose || ph == phaseReveal || ph == phasePlacement) {
			sz := sizes[next%len(sizes)]
			next++
			resized[ph.String()]++
			g.LayoutF(sz[0], sz[1])
			draw = true
			if errs := spriteErrors(tb); len(errs) > 0 {
				t.Fatalf("tick %d, right after a resize to %vx%v in %s: %v", i, sz[0], sz[1], ph, errs)
			}
			frame(nil, func(*ebiten.Image) { g.Draw(screen) })
			if tb.facesPending {
				t.Errorf("tick %d: the frame after a resize to %vx%v in %s drew card backs for faces", i, sz[0], sz[1], ph)
			}
			continue
		}
		if errs := spriteErrors(tb); len(errs) > 0 {
			t.Fatalf("tick %d (%s, %vx%v): %v", i, ph, g.W, g.H, errs)
		}
		if draw {
			frame(nil, func(*ebiten.Image) { g.Draw(screen) })
		}
	}
}
