package engine

// The engine sorts only short lists (a hand, a turn's plays, the cards of earlier rounds), so it
// sorts them here rather than with slices.Sort and slices.SortFunc: each element type given to
// those is a copy of pdqsort, about 16 KB of code per type in the web build (#13).

// SortCards sorts cards in increasing order, in place: by insertion when there are few, by
// counting when there are many (a Card is a byte).
func SortCards(cs []Card) {
	if len(cs) > 32 {
		countSort(cs)
		return
	}
	for i := 1; i < len(cs); i++ {
		c, j := cs[i], i
		for ; j > 0 && cs[j-1] > c; j-- {
			cs[j] = cs[j-1]
		}
		cs[j] = c
	}
}

// countSort sorts cards by counting each value.
func countSort(cs []Card) {
	var count [256]int32
	for _, c := range cs {
		count[c]++
	}
	k := 0
	for c, n := range count {
		for range n {
			cs[k] = Card(c)
			k++
		}
	}
}

// sortedCards returns a sorted copy of cs, nil when cs is empty.
func sortedCards(cs []Card) []Card {
	if len(cs) == 0 {
		return nil
	}
	out := append([]Card(nil), cs...)
	SortCards(out)
	return out
}

// sortPlays sorts a turn's plays (at most a few per seat) by cmp, keeping equal ones in order.
func sortPlays(ps []Play, cmp func(a, b Play) int) {
	for i := 1; i < len(ps); i++ {
		for j := i; j > 0 && cmp(ps[j-1], ps[j]) > 0; j-- {
			ps[j], ps[j-1] = ps[j-1], ps[j]
		}
	}
}
