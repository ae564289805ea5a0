package bots

import (
	"cmp"
	"math/rand/v2"
	"slices"
	"testing"
)

// sortStable orders as slices.SortStableFunc: equal keys keep their order.
func TestSortStableAsSlices(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	type item struct{ key, at int }
	for n := range 80 {
		s := make([]item, n)
		for i := range s {
			s[i] = item{rng.IntN(5), i}
		}
		byKey := func(a, b item) int { return cmp.Compare(a.key, b.key) }
		want := slices.Clone(s)
		slices.SortStableFunc(want, byKey)
		sortStable(s, byKey)
		if !slices.Equal(s, want) {
			t.Fatalf("%d items: sortStable = %v, want %v", n, s, want)
		}
	}
}
