package layout

import (
	"fmt"
	"testing"
)

var sizes = [][2]float64{
	{1280, 720}, {1920, 1080}, {800, 600}, {390, 844}, {844, 390}, {360, 640}, {1024, 1366},
}

func phone(w, h float64) bool { return w < 900 || h < 700 }

func TestTable(t *testing.T) {
	for _, sz := range sizes {
		for _, seats := range []int{2, 4, 10} {
			for _, hand := range []int{16, 14, 10, 5, 1, 0} {
				name := fmt.Sprintf("%vx%v/%dseats/%dcards", sz[0], sz[1], seats, hand)
				t.Run(name, func(t *testing.T) {
					checkTable(t, NewTable(sz[0], sz[1], seats, hand), seats, hand)
				})
			}
		}
	}
}

func checkTable(t *testing.T, l Table, seats, hand int) {
	t.Helper()
	w, h := l.W, l.H
	type named struct {
		name string
		r    Rect
	}
	var all []named // things that must not overlap each other
	in := func(name string, r Rect) {
		if r.Empty() {
			t.Errorf("%s is empty: %+v", name, r)
		}
		if !r.Inside(w, h) {
			t.Errorf("%s out of screen: %+v", name, r)
		}
	}
	for i, b := range l.Buttons {
		in(ButtonIDs[i], b)
		all = append(all, named{"button " + ButtonIDs[i], b})
		if phone(w, h) && (b.W < MinTap || b.H < MinTap) {
			t.Errorf("button %s too small to tap: %+v", ButtonIDs[i], b)
		}
	}
	for r, row := range l.Rows {
		for s, slot := range row.Slots {
			in(fmt.Sprintf("row %d slot %d", r, s), slot)
		}
		in(fmt.Sprintf("row %d sum", r), row.Sum)
		in(fmt.Sprintf("row %d hit", r), row.Hit)
		all = append(all, named{fmt.Sprintf("row %d", r), row.Hit})
		if phone(w, h) && row.Hit.H < MinTap {
			t.Errorf("row %d too small to tap: %+v", r, row.Hit)
		}
	}
	if len(l.Hand) != hand || len(l.HandHit) != hand {
		t.Fatalf("hand has %d/%d rects, want %d", len(l.Hand), len(l.HandHit), hand)
	}
	for i := range l.Hand {
		in(fmt.Sprintf("hand %d", i), l.Hand[i])
		in(fmt.Sprintf("hand hit %d", i), l.HandHit[i])
		all = append(all, named{fmt.Sprintf("hand %d", i), l.HandHit[i]})
		if phone(w, h) && (l.HandHit[i].W < MinTap || l.HandHit[i].H < MinTap) {
			t.Errorf("hand card %d too small to tap: %+v", i, l.HandHit[i])
		}
	}
	if len(l.Seats) != seats {
		t.Fatalf("%d seats laid out, want %d", len(l.Seats), seats)
	}
	for i, s := range l.Seats {
		in(fmt.Sprintf("seat %d plate", i), s.Plate)
		in(fmt.Sprintf("seat %d chosen", i), s.Chosen)
		all = append(all, named{fmt.Sprintf("seat %d", i), s.Plate})
	}
	for i, q := range l.Queue {
		in(fmt.Sprintf("queue %d", i), q)
		for j := i + 1; j < len(l.Queue); j++ {
			if q.Overlaps(l.Queue[j]) {
				t.Errorf("queue %d overlaps queue %d", i, j)
			}
		}
		for r := range l.Rows {
			if q.Overlaps(l.Rows[r].Hit) {
				t.Errorf("queue %d overlaps row %d", i, r)
			}
		}
	}
	if !l.Portrait && l.W >= 1000 && len(l.Queue) != seats {
		t.Errorf("no reveal queue on a %vx%v screen", l.W, l.H)
	}
	// The tracker/log overlay leaves the status line readable when that line sits beside the
	// rows, and leaves the rows' sums visible when it fits beside them.
	in("panel", l.Panel)
	beside := !l.Portrait && l.Status.X > l.Rows[0].Sum.X
	if line := (Rect{l.Status.X, l.Status.Y, l.Status.W, l.Unit * 1.5}); beside && l.Panel.Overlaps(line) {
		t.Errorf("panel %+v covers the status line %+v", l.Panel, line)
	}
	for r := range l.Rows {
		if beside && l.Panel.Overlaps(l.Rows[r].Sum) {
			t.Errorf("panel %+v covers row %d's sum %+v", l.Panel, r, l.Rows[r].Sum)
		}
	}
	in("score bar", l.ScoreBar)
	all = append(all, named{"score bar", l.ScoreBar})
	for i := range all {
		for j := i + 1; j < len(all); j++ {
			if all[i].r.Overlaps(all[j].r) {
				t.Errorf("%s %+v overlaps %s %+v", all[i].name, all[i].r, all[j].name, all[j].r)
			}
		}
	}
	if l.CardW < 12 || l.CardH < l.CardW {
		t.Errorf("row cards %vx%v", l.CardW, l.CardH)
	}
}

func TestForm(t *testing.T) {
	for _, sz := range sizes {
		for _, n := range []int{3, 9} {
			rs := Form(sz[0], sz[1], n)
			for i, r := range rs {
				if !r.Inside(sz[0], sz[1]) || r.Empty() {
					t.Errorf("%v n=%d row %d: %+v", sz, n, i, r)
				}
				if r.H < MinTap {
					t.Errorf("%v row %d too short: %+v", sz, i, r)
				}
				if i > 0 && rs[i-1].Overlaps(r) {
					t.Errorf("%v rows %d and %d overlap", sz, i-1, i)
				}
			}
			if FormTitle(sz[0], sz[1]).Overlaps(rs[0]) {
				t.Errorf("%v title overlaps the first row", sz)
			}
		}
	}
}

func TestRect(t *testing.T) {
	r := Rect{10, 10, 20, 20}
	tests := []struct {
		x, y float64
		want bool
	}{{10, 10, true}, {29.9, 29.9, true}, {30, 15, false}, {9, 15, false}}
	for _, tc := range tests {
		if got := r.Contains(tc.x, tc.y); got != tc.want {
			t.Errorf("Contains(%v,%v) = %v", tc.x, tc.y, got)
		}
	}
	if r.Overlaps(Rect{30, 10, 5, 5}) || !r.Overlaps(Rect{29, 29, 5, 5}) {
		t.Error("Overlaps wrong at the edge")
	}
}
