package table

import (
	"testing"

	"nimmt/layout"
)

// TestChartTop: the chart's scale reaches the end score even before anyone does, and steps by
// round numbers with at most five ticks.
func TestChartTop(t *testing.T) {
	for _, c := range []struct {
		totals         [][]int
		end, top, step int
	}{
		{[][]int{{0, 6}, {25, 20}}, 66, 80, 20},
		{[][]int{{30, 81}}, 66, 100, 20},
		{[][]int{{3, 4}}, 0, 4, 1},
		{[][]int{{7, 130}}, 100, 150, 50},
		{nil, 0, 1, 1},
	} {
		if top, step := chartTop(c.totals, c.end); top != c.top || step != c.step {
			t.Errorf("chartTop(%v, %d) = %d, %d; want %d, %d", c.totals, c.end, top, step, c.top, c.step)
		}
	}
}

// TestPodiumSteps: the winner's step is in the middle and the highest, the second's left and
// lower, the third's right and lowest; tied winners stand as high; every step in the box.
func TestPodiumSteps(t *testing.T) {
	box := layout.Rect{X: 10, Y: 20, W: 360, H: 100}
	s, top := podiumSteps(box, 3, [3]int{1, 2, 3})
	if !(s[1].X < s[0].X && s[0].X < s[2].X) || !(s[0].H > s[1].H && s[1].H > s[2].H) {
		t.Errorf("steps %+v: want 2nd left, 1st middle, 3rd right, by height", s)
	}
	for i, r := range s {
		if !r.Within(box) || r.Y < box.Y+top-0.01 || (i > 0 && r.Overlaps(s[i-1])) {
			t.Errorf("step %d %+v outside %+v under the names' room %.0f, or over another", i, r, box, top)
		}
	}
	if s, _ := podiumSteps(box, 3, [3]int{1, 1, 3}); s[0].H != s[1].H {
		t.Errorf("tied winners on steps %.0f and %.0f high", s[0].H, s[1].H)
	}
}
