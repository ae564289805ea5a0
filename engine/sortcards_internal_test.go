package engine

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// SortCards, sortedCards and sortPlays order as slices.Sort and slices.SortStableFunc do, for
// short lists (insertion) and long ones with repeats (counting).
func TestSortCardsAsSlices(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for n := range 300 {
		cs := make([]Card, n)
		for i := range cs {
			cs[i] = Card(rng.IntN(256))
			if n%3 == 0 {
				cs[i] = Card(1 + rng.IntN(DeckSize))
			}
		}
		want := slices.Clone(cs)
		slices.Sort(want)
		got := sortedCards(cs)
		if n == 0 && got != nil {
			t.Fatalf("sortedCards of nothing = %v, want nil", got)
		}
		if !slices.Equal(got, want) {
			t.Fatalf("%d cards: sortedCards(%v) = %v, want %v", n, cs, got, want)
		}
		SortCards(cs)
		if !slices.Equal(cs, want) {
			t.Fatalf("%d cards: SortCards = %v, want %v", n, cs, want)
		}
	}
	for n := range 12 {
		ps := make([]Play, n)
		for i := range ps {
			ps[i] = Play{Seat: rng.IntN(4), Card: Card(1 + rng.IntN(5))}
		}
		bySeat := func(a, b Play) int { return a.Seat - b.Seat }
		want := slices.Clone(ps)
		slices.SortStableFunc(want, bySeat)
		sortPlays(ps, bySeat)
		if !slices.Equal(ps, want) {
			t.Fatalf("sortPlays = %v, want %v", ps, want)
		}
	}
}
