package engine

import (
	"math/bits"
	"math/rand/v2"
	"testing"
)

// TestSelect64 checks the branch-free select against the obvious loop on random and edge words.
func TestSelect64(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	words := []uint64{1, 1 << 63, ^uint64(0), 0x8000000000000001, 0x00ff00ff00ff00ff, 0xff00000000000000}
	for i := 0; i < 20000; i++ {
		w := r.Uint64()
		switch i % 3 {
		case 1:
			w &= r.Uint64() & r.Uint64() // sparse
		case 2:
			w &= r.Uint64() & r.Uint64() & r.Uint64() & r.Uint64()
		}
		words = append(words, w)
	}
	for _, w := range words {
		x := w
		for k := 0; k < bits.OnesCount64(w); k++ {
			want := bits.TrailingZeros64(x)
			x &= x - 1
			if got := select64(w, k); got != want {
				t.Fatalf("select64(%#x, %d) = %d, want %d", w, k, got, want)
			}
		}
	}
}
