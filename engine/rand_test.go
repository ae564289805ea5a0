package engine_test

import (
	"math"
	"testing"

	"nimmt/engine"
)

// TestRandUniform checks Rand.IntN with a chi-square test for several ranges.
func TestRandUniform(t *testing.T) {
	r := engine.NewRandSeed(9)
	for _, n := range []int{1, 2, 3, 7, 10, 16, 104, 1000, 65536} {
		draws := 200 * n
		if n > 1000 {
			draws = 20 * n
		}
		count := make([]int, n)
		for i := 0; i < draws; i++ {
			v := r.IntN(n)
			if v < 0 || v >= n {
				t.Fatalf("IntN(%d) = %d", n, v)
			}
			count[v]++
		}
		if n == 1 {
			continue
		}
		exp := float64(draws) / float64(n)
		chi := 0.0
		for _, c := range count {
			d := float64(c) - exp
			chi += d * d / exp
		}
		// Mean n-1, sd sqrt(2(n-1)): allow 6 sd.
		if limit := float64(n-1) + 6*math.Sqrt(2*float64(n-1)); chi > limit {
			t.Errorf("IntN(%d): chi-square %.1f > %.1f", n, chi, limit)
		}
	}
}
