package engine_test

import (
	"slices"
	"testing"

	"nimmt/engine"
)

// TestRanking: fewest bullheads first, ties share a place and the next place skips, the order
// lists the seats by place with ties in seat order.
func TestRanking(t *testing.T) {
	for _, c := range []struct {
		totals, places, order []int
	}{
		{[]int{5, 9, 5, 12}, []int{1, 3, 1, 4}, []int{0, 2, 1, 3}},
		{[]int{30, 16, 0, 11}, []int{4, 3, 1, 2}, []int{2, 3, 1, 0}},
		{[]int{7, 7, 7}, []int{1, 1, 1}, []int{0, 1, 2}},
		{[]int{66, 10, 20, 20, 3}, []int{5, 2, 3, 3, 1}, []int{4, 1, 2, 3, 0}},
		{nil, []int{}, []int{}},
	} {
		p, o := engine.Ranking(c.totals)
		if !slices.Equal(p, c.places) || !slices.Equal(o, c.order) {
			t.Errorf("Ranking(%v) = %v, %v; want %v, %v", c.totals, p, o, c.places, c.order)
		}
	}
}
