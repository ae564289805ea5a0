package layout

import (
	"fmt"
	"math"
	"testing"
)

// TestRevealLine: on every phone size of the matrix, at 2 to 10 seats and any hand size, the
// revealed cards line up lowest first over the hand's band, each RevealCardMin wide or more with
// its big number RevealNumMin or more, every card and the name under it inside the band and on
// the screen, none over another, a row or an opponent's plate, and neither they nor the panels
// they are drawn on over the confirm button, which says "Tap a row" during a row choice (issue
// 25: the phone's reveal was ~25×39 px cards beside the plates; then the line covered the notice
// on phones on their side with 9–10 seats and upright at 360×640).
func TestRevealLine(t *testing.T) {
	phones := [][2]float64{{640, 360}, {667, 375}, {740, 360}, {375, 667}, {360, 780}}
	for _, sz := range append(phones, sizes...) {
		w, h := sz[0], sz[1]
		if math.Min(w, h) >= 600 {
			continue
		}
		for seats := 2; seats <= 10; seats++ {
			for _, hand := range []int{0, 1, 10, 16} {
				l := NewTable(w, h, seats, hand)
				checkRevealLine(t, fmt.Sprintf("%vx%v/%dseats/%dcards", w, h, seats, hand), &l, seats)
			}
		}
	}
	// A desktop keeps its queue in the side panel.
	if l := NewTable(1280, 720, 4, 10); !l.RevealBack.Empty() {
		t.Errorf("1280x720: a reveal line over the hand %+v", l.RevealBack)
	}
}

func checkRevealLine(t *testing.T, name string, l *Table, seats int) {
	t.Helper()
	if len(l.Queue) != seats || l.RevealBack.Empty() {
		t.Errorf("%s: %d places in the reveal line over %+v, want %d", name, len(l.Queue), l.RevealBack, seats)
		return
	}
	panels, n := l.RevealPanels(l.Unit * 0.6)
	for _, p := range panels[:n] {
		if p.Overlaps(l.Buttons[BtnConfirm]) || !p.Inside(l.W, l.H) {
			t.Errorf("%s: the line's panel %+v over the confirm button %+v or off the screen", name, p, l.Buttons[BtnConfirm])
		}
	}
	if !l.RevealBack.Inside(l.W, l.H) {
		t.Errorf("%s: reveal band %+v off the screen", name, l.RevealBack)
	}
	for i, q := range l.Queue {
		if q.W < RevealCardMin || HeroNumSize(q, 3) < RevealNumMin {
			t.Errorf("%s: queue %d %+v: %.0f px wide, number %.1f px", name, i, q, q.W, HeroNumSize(q, 3))
		}
		if q.H < q.W*1.4 || q.H > q.W*1.6 {
			t.Errorf("%s: queue %d %+v is not about 2:3", name, i, q)
		}
		withName := Rect{q.X, q.Y, q.W, q.H + l.RevealLabel}
		if withName.Overlaps(l.Buttons[BtnConfirm]) {
			t.Errorf("%s: queue %d %+v over the confirm button %+v", name, i, q, l.Buttons[BtnConfirm])
		}
		if !withName.Within(l.RevealBack) || l.RevealLabel < l.Unit {
			t.Errorf("%s: queue %d and its name %+v outside the band %+v", name, i, withName, l.RevealBack)
		}
		if i > 0 && (q.Y < l.Queue[i-1].Y || q.Y == l.Queue[i-1].Y && q.X <= l.Queue[i-1].X) {
			t.Errorf("%s: queue %d %+v not after %d %+v (lowest first, left to right)", name, i, q, i-1, l.Queue[i-1])
		}
		for j := range i {
			o := l.Queue[j]
			if withName.Overlaps(Rect{o.X, o.Y, o.W, o.H + l.RevealLabel}) {
				t.Errorf("%s: queue %d %+v over queue %d %+v", name, i, q, j, o)
			}
		}
		for r := range l.Rows {
			if withName.Overlaps(l.Rows[r].Hit) {
				t.Errorf("%s: queue %d %+v over row %d %+v", name, i, q, r, l.Rows[r].Hit)
			}
		}
		for s := 1; s < len(l.Seats); s++ {
			if withName.Overlaps(l.Seats[s].Plate) {
				t.Errorf("%s: queue %d %+v over seat %d's plate %+v", name, i, q, s, l.Seats[s].Plate)
			}
		}
	}
}
