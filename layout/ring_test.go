package layout

import (
	"fmt"
	"testing"
)

// ringMin is the smallest ring diameter on any screen of the matrix: a compact plate's chosen
// place on a small phone with ten seats.
const ringMin = 16

// TestRing: over the matrix of screens, seats and hand sizes, every seat's decision timer ring
// lies inside the screen and inside its Chosen place (a plate's is inside the plate), is round
// and at least ringMin across, and covers no text: no plate's name, score, level, pile or state,
// no score bar text, not the status line. The ring beside the warning line lies in that line and
// covers no text, button, row or hand card either.
func TestRing(t *testing.T) {
	for _, sz := range sizes {
		for _, seats := range []int{2, 4, 10} {
			for _, hand := range []int{0, 1, 5, HandRef, HandMax} {
				l := NewTable(sz[0], sz[1], seats, hand)
				name := fmt.Sprintf("%vx%v/%dseats/%dcards", sz[0], sz[1], seats, hand)
				var texts, things []Rect
				for _, s := range l.Seats {
					for _, tx := range s.Text {
						if tx.Shown() {
							texts = append(texts, tx.R)
						}
					}
				}
				texts = append(texts, l.ScoreTitle.R, l.Status)
				if l.Variant.Shown() {
					texts = append(texts, l.Variant.R)
				}
				things = append(things, l.Buttons[:]...)
				for _, r := range l.Rows {
					things = append(things, r.Hit)
				}
				things = append(things, l.HandHit...)
				things = append(things, l.Queue...)
				check := func(what string, r, in Rect) {
					if !r.Inside(l.W, l.H) || !r.Within(in) {
						t.Errorf("%s: %s %+v outside %+v or the screen", name, what, r, in)
					}
					if r.W != r.H || r.W < ringMin {
						t.Errorf("%s: %s %+v not round or under %v across", name, what, r, ringMin)
					}
					for _, x := range texts {
						if r.Overlaps(x) {
							t.Errorf("%s: %s %+v covers the text %+v", name, what, r, x)
						}
					}
				}
				for s := range l.Seats {
					check(fmt.Sprintf("seat %d's ring", s), l.Ring(s), l.Seats[s].Chosen)
					if s > 0 && !l.Ring(s).Within(l.Seats[s].Plate) {
						t.Errorf("%s: seat %d's ring %+v outside its plate %+v", name, s, l.Ring(s), l.Seats[s].Plate)
					}
				}
				w := l.WarnRing()
				check("the warning line's ring", w, l.Warn)
				for _, x := range things {
					if w.Overlaps(x) {
						t.Errorf("%s: the warning line's ring %+v covers %+v", name, w, x)
					}
				}
			}
		}
	}
}
