//go:build screen

package bots

// TestLeafFit fits the learned leaf value (leafv.go) on TestLeafData's positions, a measuring
// tool for docs/BOTS.md, not a test (built only with -tags screen):
//
//	LEAF_IN=/tmp/a.jsonl,/tmp/b.jsonl [LEAF_ALL=1] [LEAF_RIDGE=1] \
//	    go test -tags screen -run '^TestLeafFit$' -v ./bots
//
// It fits the weights by ridge regression on the first 85 % of the positions of the Expert's
// seat (every seat's with LEAF_ALL), reports the mean squared error on the rest against two
// baselines (the hand's size alone; the hand's size and the risk policy's cost of the hand), and
// prints the weights as a Go array for leafW.

import (
	"bufio"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"strings"
	"testing"

	"nimmt/engine"
)

func TestLeafFit(t *testing.T) {
	in := os.Getenv("LEAF_IN")
	if in == "" {
		t.Skip()
	}
	all := os.Getenv("LEAF_ALL") == "1"
	var X [][leafFeat]float32
	var Y []float64
	for _, fn := range strings.Split(in, ",") {
		f, err := os.Open(fn)
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(f)
		sc.Buffer(make([]byte, 1<<20), 1<<20)
		for sc.Scan() {
			var r leafRec
			if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
				break // a file still being written
			}
			if !r.X && !all {
				continue
			}
			v := engine.View{Config: engine.Config{Seats: 4}, Seat: r.S, Hand: r.Hand}
			for i := range r.Rows {
				v.Rows[i] = r.Rows[i]
			}
			st := v.Table()
			seen := cardSet(r.Seen)
			var x [leafFeat]float32
			leafFeatures(&st, r.S, &seen, x[:])
			X = append(X, x)
			Y = append(Y, float64(r.Fin-r.Pen))
		}
		f.Close()
	}
	n := len(X)
	cut := n * 85 / 100
	t.Logf("%d positions, %d to fit", n, cut)
	lambda := 1.0
	if s := os.Getenv("LEAF_RIDGE"); s != "" {
		fmt.Sscan(s, &lambda)
	}
	fit := func(use func(i int) bool) []float64 {
		const m = leafFeat
		A := make([]float64, m*m)
		b := make([]float64, m)
		idx := make([]int, 0, m)
		for r := 0; r < cut; r++ {
			idx = idx[:0]
			for i := 0; i < m; i++ {
				if X[r][i] != 0 && use(i) {
					idx = append(idx, i)
				}
			}
			for _, i := range idx {
				xi := float64(X[r][i])
				b[i] += xi * Y[r]
				for _, j := range idx {
					A[i*m+j] += xi * float64(X[r][j])
				}
			}
		}
		for i := 0; i < m; i++ {
			A[i*m+i] += lambda
		}
		return cholSolve(A, b, m)
	}
	mse := func(w []float64) (float64, float64) {
		var se, sy, syy float64
		for r := cut; r < n; r++ {
			p := 0.0
			for i, x := range X[r] {
				p += float64(x) * w[i]
			}
			se += (p - Y[r]) * (p - Y[r])
			sy += Y[r]
			syy += Y[r] * Y[r]
		}
		k := float64(n - cut)
		v := syy/k - (sy/k)*(sy/k)
		return se / k, 1 - se/k/v
	}
	kOnly := fit(func(i int) bool { return i >= fK })
	risk := fit(func(i int) bool { return i >= fK || i == fRisk || i == leafPer+fRisk })
	full := fit(func(int) bool { return true })
	for _, c := range []struct {
		name string
		w    []float64
	}{{"hand size", kOnly}, {"hand size + risk", risk}, {"full", full}} {
		e, r2 := mse(c.w)
		fmt.Printf("%-18s holdout mse %.3f R² %.4f\n", c.name, e, r2)
	}
	var sb strings.Builder
	sb.WriteString("var leafW = [leafFeat]float32{")
	for i, w := range full {
		if i%8 == 0 {
			sb.WriteString("\n\t")
		} else {
			sb.WriteString(" ")
		}
		fmt.Fprintf(&sb, "%.4g,", w)
	}
	sb.WriteString("\n}\n")
	fmt.Print(sb.String())
}

// cholSolve solves A x = b for the symmetric positive definite m×m A (row-major, overwritten).
func cholSolve(A, b []float64, m int) []float64 {
	for j := 0; j < m; j++ {
		s := A[j*m+j]
		for k := 0; k < j; k++ {
			s -= A[j*m+k] * A[j*m+k]
		}
		d := math.Sqrt(math.Max(s, 1e-12))
		A[j*m+j] = d
		for i := j + 1; i < m; i++ {
			s := A[i*m+j]
			for k := 0; k < j; k++ {
				s -= A[i*m+k] * A[j*m+k]
			}
			A[i*m+j] = s / d
		}
	}
	x := make([]float64, m)
	for i := 0; i < m; i++ {
		s := b[i]
		for k := 0; k < i; k++ {
			s -= A[i*m+k] * x[k]
		}
		x[i] = s / A[i*m+i]
	}
	for i := m - 1; i >= 0; i-- {
		s := x[i]
		for k := i + 1; k < m; k++ {
			s -= A[k*m+i] * x[k]
		}
		x[i] = s / A[i*m+i]
	}
	return x
}
