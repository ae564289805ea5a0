package scenes

import (
	"fmt"
	"math"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"nimmt/layout"
	"nimmt/scenes/menu"
	"nimmt/scenes/table"
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
func spriteErrors(tb *table.Table) []string {
	var errs []string
	g := tb.G
	if tb.Lay.W != g.W || tb.Lay.H != g.H {
		errs = append(errs, fmt.Sprintf("layout is %vx%v, screen %vx%v", tb.Lay.W, tb.Lay.H, g.W, g.H))
	}
	tb.RefreshHomes()
	for i := range tb.Cards {
		sp, h := &tb.Cards[i], &tb.Homes[i]
		if !sp.Vis || sp.HideAtEnd {
			continue
		}
		switch {
		case h.At == table.AtNone:
			errs = append(errs, fmt.Sprintf("card %d shown at (%.0f,%.0f) with no place", table.SpriteCard(i), sp.X, sp.Y))
		case !near(sp.Tx, sp.Ty, sp.Tw, sp.Th, h.R):
			errs = append(errs, fmt.Sprintf("card %d goes to %.0f,%.0f %.0fx%.0f, its place is %+v", table.SpriteCard(i), sp.Tx, sp.Ty, sp.Tw, sp.Th, h.R))
		case sp.Tween == nil && !near(sp.X, sp.Y, sp.W, sp.H, h.R):
			errs = append(errs, fmt.Sprintf("card %d rests at %.0f,%.0f, its place is %+v", table.SpriteCard(i), sp.X, sp.Y, h.R))
		}
	}
	for s := range tb.Seats {
		sp := &tb.Backs[s]
		if !sp.Vis || sp.HideAtEnd {
			continue
		}
		r := tb.SeatLay(s).Chosen
		switch {
		case s == tb.Me || s >= len(tb.Disp.Chosen) || !tb.Disp.Chosen[s]:
			errs = append(errs, fmt.Sprintf("seat %d shows a face-down card without having chosen", s))
		case !near(sp.Tx, sp.Ty, sp.Tw, sp.Th, r) || (sp.Tween == nil && !near(sp.X, sp.Y, sp.W, sp.H, r)):
			errs = append(errs, fmt.Sprintf("seat %d's face-down card at %.0f,%.0f (to %.0f,%.0f), its place is %+v", s, sp.X, sp.Y, sp.Tx, sp.Ty, r))
		}
	}
	for _, f := range tb.Floaters {
		if f.Turn != tb.LastTurn || tb.Phase == table.PhaseScore || tb.Phase == table.PhaseOver || tb.Phase == table.PhaseDeal {
			errs = append(errs, fmt.Sprintf("%q of turn %d still shown in turn %d (%s)", f.Label, f.Turn, tb.LastTurn, tb.Phase))
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
	floaters, lastPhase := 0, table.PhaseNone
	for i := 0; ; i++ {
		if i > 40000 {
			t.Fatalf("second round not reached; resizes %v", resized)
		}
		if err := g.Update(); err != nil {
			t.Fatal(err)
		}
		tb, ok := g.cur.(*table.Table)
		if !ok {
			t.Fatalf("scene %T", g.cur)
		}
		if tb.Disp.Round >= 2 && tb.Phase == table.PhaseChoose && len(resized) == 4 {
			if floaters == 0 {
				t.Fatal("no \"+N\" rose in a round of 10 seats")
			}
			t.Logf("%d ticks, resizes per phase %v, %d \"+N\" ticks seen", i, resized, floaters)
			return
		}
		floaters += len(tb.Floaters)
		// Resize once on entering a phase (twice in the first turns), in the middle of its
		// animation: the choice once some seat's face-down card has come to rest.
		ph := tb.Phase
		backs := false
		for s := range tb.Backs {
			backs = backs || (tb.Backs[s].Vis && !tb.Backs[s].HideAtEnd && tb.Backs[s].Tween == nil)
		}
		want := ph != lastPhase || (ph == table.PhaseChoose && backs && resized["choose"] == 0)
		lastPhase = ph
		if ph == table.PhaseChoose && !backs {
			want = false
			lastPhase = table.PhaseNone
		}
		// A frame every 18 ticks (0.3 s of play) besides the one right after each resize: the
		// checks are of the sprites' places on every tick; drawing every 6th tick through llvmpipe
		// made this test 28 s of the package's 65 (docs/PERFORMANCE.md, "make test").
		draw := i%18 == 0
		if want && resized[ph.String()] < 2 && (ph == table.PhaseDeal || ph == table.PhaseChoose || ph == table.PhaseReveal || ph == table.PhasePlacement) {
			sz := sizes[next%len(sizes)]
			next++
			resized[ph.String()]++
			g.LayoutF(sz[0], sz[1])
			draw = true
			if errs := spriteErrors(tb); len(errs) > 0 {
				t.Fatalf("tick %d, right after a resize to %vx%v in %s: %v", i, sz[0], sz[1], ph, errs)
			}
			frame(nil, func(*ebiten.Image) { g.Draw(screen) })
			if tb.FacesPending {
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
