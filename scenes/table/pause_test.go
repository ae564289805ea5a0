package table

import (
	"testing"

	"nimmt/layout"
	"nimmt/scenes/ui"
)

// TestPauseSheetLayout: the pause sheet is a card of its own in the middle of the screen, clear
// of the table's status line (on phones its title lay over it, issue 26): the title and every
// button inside the card, the card inside the screen, the buttons at least layout.MinTap high
// and apart.
func TestPauseSheetLayout(t *testing.T) {
	for _, sz := range [][2]float64{{360, 640}, {390, 844}, {844, 390}, {1280, 720}, {640, 360}} {
		p := pauseSheet{g: &ui.Host{Kit: &ui.Kit{W: sz[0], H: sz[1]}}}
		card, title, buttons := p.rects()
		screen := layout.Rect{W: sz[0], H: sz[1]}
		lay := layout.NewTable(sz[0], sz[1], 4, 10)
		if !card.Within(screen) || card.Overlaps(lay.Status) || !title.Within(card) {
			t.Errorf("%gx%g: card %+v title %+v, screen %+v, status line %+v", sz[0], sz[1], card, title, screen, lay.Status)
		}
		for i, b := range buttons {
			if !b.Within(card) || b.H < layout.MinTap || b.Overlaps(title) || i > 0 && b.Overlaps(buttons[i-1]) {
				t.Errorf("%gx%g: button %s %+v (card %+v, title %+v)", sz[0], sz[1], pauseIDs[i], b, card, title)
			}
		}
	}
}
