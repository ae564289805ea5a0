package scenes

import (
	"image"
	"image/png"
	"os"
	"path/filepath"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"nimmt/engine"
	"nimmt/scenes/table"
	"nimmt/scenes/ui"
	"nimmt/storage"
)

func TestRowSlots(t *testing.T) {
	row := []engine.Card{12, 12, 30, 31, 31}
	want := []struct {
		slot int
		top  bool
	}{{0, false}, {0, true}, {1, false}, {2, false}, {2, true}}
	for i, w := range want {
		if s, top := table.RowSlot(row, i); s != w.slot || top != w.top {
			t.Errorf("rowSlot(%v, %d) = %d %v, want %d %v", row, i, s, top, w.slot, w.top)
		}
	}
	if n := engine.Places(row); n != 3 {
		t.Errorf("Places = %d, want 3", n)
	}
	if n := engine.Places(nil); n != 0 {
		t.Errorf("engine.Places(nil) = %d", n)
	}
	cfg := engine.DefaultConfig(4)
	cfg.Variant = engine.Double
	if cfg.Copies(12) != 2 || cfg.Copies(104) != 2 {
		t.Error("Double: two copies of every card")
	}
	cfg.Doublets = true
	if cfg.Copies(12) != 1 || cfg.Copies(33) != 2 || cfg.Copies(99) != 2 || cfg.Copies(55) != 2 {
		t.Error("Double with doublets: two copies of 11…99 only")
	}
}

// doubleTable returns a table of a Double game whose displayed view is set by the test.
func doubleTable(t *testing.T, g *Game) *table.Table {
	t.Helper()
	g.Settings.Variant = "double"
	tb, err := table.NewTable(g.host, 5)
	if err != nil {
		t.Fatal(err)
	}
	tb.FastForward()
	g.cur = tb
	return tb
}

// show sets the displayed rows, hand and pending plays and settles the sprites (animated, then
// finished).
func show(tb *table.Table, rows [4][]engine.Card, hand []engine.Card, my engine.Card, pending []engine.Play) {
	tb.Disp.Rows, tb.Disp.Hand, tb.Disp.MyChoice, tb.Disp.Pending = rows, hand, my, pending
	tb.Relayout()
	for _, s := range tb.Settle(10, 0, true, nil) {
		tb.Tl.Add(s)
	}
	tb.Tl.Skip()
	tb.StepSprites()
}

// TestTwinSprites: twins get a sprite each (stacked in a row, side by side in the hand), and a
// card keeps its sprite when its twin arrives elsewhere.
func TestTwinSprites(t *testing.T) {
	g := newTestGame(t, &storage.Memory{}, "normal")
	tb := doubleTable(t, g)
	show(tb, [4][]engine.Card{{12, 12, 30}, {40}, {50}, {60, 64}}, []engine.Card{5, 5, 70}, 0, nil)
	if err := checkHomes(tb); err != nil {
		t.Fatal(err)
	}
	a, b := tb.SpriteAt(table.AtRow, 0, 0), tb.SpriteAt(table.AtRow, 0, 1)
	if a < 0 || b < 0 || a == b || table.SpriteCard(a) != 12 || table.SpriteCard(b) != 12 {
		t.Fatalf("row twins: sprites %d %d", a, b)
	}
	slot := tb.Lay.Rows[0].Slots[0]
	dx, dy := table.StackOffset(slot.W, slot.H)
	if sp := &tb.Cards[a]; sp.X != slot.X || sp.Y != slot.Y {
		t.Errorf("the first 12 is at %.0f,%.0f, not in slot 1 (%.0f,%.0f)", sp.X, sp.Y, slot.X, slot.Y)
	}
	if sp := &tb.Cards[b]; sp.X != slot.X+dx || sp.Y != slot.Y+dy || !tb.Homes[b].Top {
		t.Errorf("the stacked 12 is at %.0f,%.0f, not offset on slot 1", sp.X, sp.Y)
	}
	if c := tb.SpriteAt(table.AtRow, 0, 2); c < 0 || tb.Cards[c].X != tb.Lay.Rows[0].Slots[1].X {
		t.Error("the 30 after the stacked twins is not in the second place")
	}
	h0, h1 := tb.SpriteAt(table.AtHand, 0, 0), tb.SpriteAt(table.AtHand, 0, 1)
	if h0 < 0 || h1 < 0 || h0 == h1 || table.SpriteCard(h0) != 5 || table.SpriteCard(h1) != 5 {
		t.Fatalf("hand twins: sprites %d %d", h0, h1)
	}
	if tb.Cards[h0].X == tb.Cards[h1].X {
		t.Error("the hand twins are drawn on each other")
	}

	// The person chooses a 5: one sprite goes to the chosen place, the other stays in the hand.
	show(tb, [4][]engine.Card{{12, 12, 30}, {40}, {50}, {60, 64}}, []engine.Card{5, 5, 70}, 5, nil)
	if err := checkHomes(tb); err != nil {
		t.Fatal(err)
	}
	if tb.HandCard(0) != 5 || tb.HandCard(1) != 70 || tb.HandCard(2) != 0 {
		t.Errorf("hand after choosing a 5: %v %v %v", tb.HandCard(0), tb.HandCard(1), tb.HandCard(2))
	}

	// A 64 is revealed: the 64 in row 4 keeps its sprite; then the new one goes to row 2 (an
	// earlier row than its twin) and the one in row 4 still does not move.
	p := []engine.Play{{Seat: 1, Card: 64}}
	show(tb, [4][]engine.Card{{12, 12, 30}, {40}, {50}, {60, 64}}, []engine.Card{5, 70}, 0, p)
	if err := checkHomes(tb); err != nil {
		t.Fatal(err)
	}
	old, nw := tb.SpriteAt(table.AtRow, 3, 1), tb.SpriteAt(table.AtPending, 0, 0)
	if old < 0 || nw < 0 || old == nw {
		t.Fatalf("64s: sprites %d %d", old, nw)
	}
	oldX, oldY := tb.Cards[old].X, tb.Cards[old].Y
	tb.Disp.Rows[1], tb.Disp.Pending = []engine.Card{40, 64}, nil
	tb.Relayout()
	for _, s := range tb.Settle(10, 0, true, nil) {
		tb.Tl.Add(s)
	}
	if tb.SpriteAt(table.AtRow, 3, 1) != old || tb.SpriteAt(table.AtRow, 1, 1) != nw {
		t.Errorf("the twins swapped sprites: row 4 has %d (was %d), row 2 has %d (was pending %d)",
			tb.SpriteAt(table.AtRow, 3, 1), old, tb.SpriteAt(table.AtRow, 1, 1), nw)
	}
	if sp := &tb.Cards[old]; sp.Moving || sp.X != oldX || sp.Y != oldY {
		t.Error("the 64 in row 4 moves")
	}
	tb.Tl.Skip()
	tb.StepSprites()
	if err := checkHomes(tb); err != nil {
		t.Fatal(err)
	}

	// Row 1 holding a 31 is taken while its twin lies in row 4: the taken 31 flies to the pile
	// and the one in row 4 stays (it does not take over the flying sprite).
	show(tb, [4][]engine.Card{{20, 31}, {40}, {50}, {25, 31}}, []engine.Card{5, 70}, 0, nil)
	gone, stays := tb.SpriteAt(table.AtRow, 0, 1), tb.SpriteAt(table.AtRow, 3, 1)
	if stays != table.SpriteIdx(31, 1) {
		t.Fatalf("row 4's 31 has sprite %d; this test wants copy 1", stays)
	}
	tb.Apply(engine.RowTaken{Seat: 1, Row: 0, Cards: []engine.Card{20, 31}, Bullheads: 4, Reason: engine.TakeFull}, true)
	for _, s := range tb.Settle(10, 0, true, nil) {
		tb.Tl.Add(s)
	}
	if sp := &tb.Cards[gone]; !sp.Vis || !sp.HideAtEnd {
		t.Error("the taken 31 does not fly to the pile")
	}
	if sp := &tb.Cards[stays]; sp.Moving || tb.SpriteAt(table.AtRow, 3, 1) != stays {
		t.Error("the 31 in row 4 changed sprites or moves")
	}
	tb.Tl.Skip()
	tb.StepSprites()
	if err := checkHomes(tb); err != nil {
		t.Fatal(err)
	}
}

// TestDoubleTableDrawn draws a Double table with stacked twins in a row and twins in the hand,
// and saves it (to $NIMMT_SHOT_DIR/double.png when set) to be looked at.
func TestDoubleTableDrawn(t *testing.T) {
	needDisplay(t)
	g, err := NewGame(ui.Options{Storage: &storage.Memory{}, Speed: "instant", Seed: 3, InlineBots: true})
	if err != nil {
		t.Fatal(err)
	}
	g.Settings.Tracker = false
	g.LayoutF(1280, 720)
	tb := doubleTable(t, g)
	show(tb, [4][]engine.Card{{12, 12, 30}, {40, 41, 55, 55}, {66}, {77, 78, 79, 80, 80}},
		[]engine.Card{5, 5, 23, 44, 55 - 1, 90, 90, 101}, 0, nil)
	if err := checkHomes(tb); err != nil {
		t.Fatal(err)
	}
	var screen *ebiten.Image
	frame(func() { screen = ebiten.NewImage(1280, 720) }, nil)
	defer frame(func() { screen.Deallocate() }, nil)
	tb.Phase = table.PhaseChoose
	for i := 0; i < 60; i++ { // faces render over a few frames
		frame(nil, func(*ebiten.Image) { g.Draw(screen) })
		if !tb.FacesPending && i >= 2 {
			break
		}
	}
	img := image.NewRGBA(image.Rect(0, 0, 1280, 720))
	frame(nil, func(*ebiten.Image) { screen.ReadPixels(img.Pix) })
	// The stacked 12 shows its own edge to the right of and below the first 12.
	slot := tb.Lay.Rows[0].Slots[0]
	dx, dy := table.StackOffset(slot.W, slot.H)
	if x, y := slot.X+slot.W+dx/2, slot.Y+slot.H+dy/2; isFelt(img, x, y) {
		t.Errorf("no stacked card at %.0f,%.0f", x, y)
	}
	dir := os.Getenv("NIMMT_SHOT_DIR")
	if dir == "" {
		dir = t.TempDir()
	}
	f, err := os.Create(filepath.Join(dir, "double.png"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := png.Encode(f, img); err != nil {
		t.Fatal(err)
	}
}
