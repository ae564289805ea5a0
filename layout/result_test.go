package layout

import (
	"fmt"
	"testing"
)

// TestResultArea: over the sizes from a small phone to a large desktop, held both ways, with 2 to
// 10 seats, a result panel's area lies on the screen, overlaps no button live under it (the
// menu, tracker, advisor, log, replay) and keeps room for a panel: at least 300×300 px, or most
// of the screen's width and height where the screen is smaller.
func TestResultArea(t *testing.T) {
	for _, sz := range [][2]float64{{360, 640}, {390, 844}, {640, 360}, {844, 390}, {1280, 720}, {1920, 1080}, {2560, 1440}} {
		for _, seats := range []int{2, 4, 10} {
			name := fmt.Sprintf("%gx%g/%d seats", sz[0], sz[1], seats)
			l := NewTable(sz[0], sz[1], seats, 10)
			a := l.ResultArea()
			if !a.Inside(sz[0], sz[1]) {
				t.Errorf("%s: area %+v off the screen", name, a)
			}
			for _, b := range []int{BtnMenu, BtnTracker, BtnAdvisor, BtnLog, BtnReplay} {
				if a.Overlaps(l.Buttons[b]) {
					t.Errorf("%s: area %+v over the %s button %+v", name, a, ButtonIDs[b], l.Buttons[b])
				}
			}
			if a.W < min(300, sz[0]*0.75) || a.H < min(300, sz[1]*0.75) {
				t.Errorf("%s: area %+v too small", name, a)
			}
		}
	}
}
