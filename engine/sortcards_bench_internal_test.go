package engine

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// benchSort sorts copies of 64 random lists of n cards with f.
func benchSort(b *testing.B, n int, f func([]Card)) {
	rng := rand.New(rand.NewPCG(1, 2))
	src := make([][]Card, 64)
	for i := range src {
		src[i] = make([]Card, n)
		for j := range src[i] {
			src[i][j] = Card(1 + rng.IntN(104))
		}
	}
	buf := make([]Card, n)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		copy(buf, src[i%64])
		f(buf)
	}
}

// SortCards against slices.Sort, which it replaces (#13), on a hand and on a long list.
func BenchmarkSortCards10(b *testing.B)   { benchSort(b, 10, SortCards) }
func BenchmarkSlicesSort10(b *testing.B)  { benchSort(b, 10, func(c []Card) { slices.Sort(c) }) }
func BenchmarkSortCards100(b *testing.B)  { benchSort(b, 100, SortCards) }
func BenchmarkSlicesSort100(b *testing.B) { benchSort(b, 100, func(c []Card) { slices.Sort(c) }) }
