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
	"math/rand/v2"
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

// TestLeafNet trains the network leaf value (mlpNet) on every seat's positions of LEAF_IN, an
// input saying whether the seat is the Expert, and writes it as JSON to LEAF_NET_OUT; it reports
// the held-out squared error on the Expert's positions (the last 15 % of the positions) each
// epoch and keeps the best epoch:
//
//	LEAF_IN=a.jsonl,b.jsonl LEAF_NET_OUT=net.json [LEAF_H=32 LEAF_EPOCHS=8 LEAF_LR=0.001] \
//	    go test -tags screen -run '^TestLeafNet$' -v ./bots
func TestLeafNet(t *testing.T) {
	in, outPath := os.Getenv("LEAF_IN"), os.Getenv("LEAF_NET_OUT")
	if in == "" || outPath == "" {
		t.Skip()
	}
	type sample struct {
		idx []uint16
		val []float32
		y   float32
		x   bool
	}
	var data []sample
	const nIn = leafFeat + 1
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
				break
			}
			v := engine.View{Config: engine.Config{Seats: 4}, Seat: r.S, Hand: r.Hand}
			for i := range r.Rows {
				v.Rows[i] = r.Rows[i]
			}
			st := v.Table()
			seen := cardSet(r.Seen)
			var x [nIn]float32
			leafFeatures(&st, r.S, &seen, x[:leafFeat])
			if r.X {
				x[leafFeat] = 1
			}
			s := sample{y: float32(r.Fin - r.Pen), x: r.X}
			for i, v := range x {
				if v != 0 {
					s.idx = append(s.idx, uint16(i))
					s.val = append(s.val, v)
				}
			}
			data = append(data, s)
		}
		f.Close()
	}
	n := len(data)
	cut := n * 85 / 100
	train, hold := data[:cut], data[cut:]
	// Scale: 1/σ of each input over the training positions.
	var sum, sq [nIn]float64
	var ysum float64
	for _, s := range train {
		for k, i := range s.idx {
			sum[i] += float64(s.val[k])
			sq[i] += float64(s.val[k]) * float64(s.val[k])
		}
		ysum += float64(s.y)
	}
	H := envInt("LEAF_H", 32)
	net := &mlpNet{In: nIn, H: H, Scale: make([]float32, nIn), W1: make([]float32, nIn*H), B1: make([]float32, H), W2: make([]float32, H)}
	for i := range nIn {
		m := sum[i] / float64(cut)
		v := sq[i]/float64(cut) - m*m
		if v > 1e-9 {
			net.Scale[i] = float32(1 / math.Sqrt(v))
		}
	}
	r := rand.New(rand.NewPCG(1, 2))
	for i := range net.W1 {
		net.W1[i] = float32(r.NormFloat64() * math.Sqrt(2.0/30))
	}
	for j := range net.W2 {
		net.W2[j] = float32(r.NormFloat64() * math.Sqrt(1.0/float64(H)))
	}
	net.B2 = float32(ysum / float64(cut))
	// Adam over every parameter, in one flat view.
	params := [][]float32{net.W1, net.B1, net.W2}
	type adam struct{ m, v []float32 }
	st := make([]adam, len(params)+1)
	for k, p := range params {
		st[k] = adam{make([]float32, len(p)), make([]float32, len(p))}
	}
	st[len(params)] = adam{make([]float32, 1), make([]float32, 1)}
	lr := float32(0.001)
	if s := os.Getenv("LEAF_LR"); s != "" {
		var x float64
		fmt.Sscan(s, &x)
		lr = float32(x)
	}
	const b1, b2, eps = 0.9, 0.999, 1e-8
	step := 0
	gW1 := make([]float32, len(net.W1))
	gB1 := make([]float32, H)
	gW2 := make([]float32, H)
	var gB2 float32
	hid := make([]float32, H)
	x := make([]float32, nIn)
	holdMSE := func() float64 {
		var se float64
		k := 0
		for _, s := range hold {
			if !s.x {
				continue
			}
			clear(x)
			for j, i := range s.idx {
				x[i] = s.val[j]
			}
			d := float64(net.eval(x, hid) - s.y)
			se += d * d
			k++
		}
		return se / float64(max(1, k))
	}
	{
		var se float64
		k := 0
		for _, s := range hold {
			if !s.x {
				continue
			}
			p := float32(0)
			for j, i := range s.idx {
				if int(i) < leafFeat {
					p += s.val[j] * leafW[i]
				}
			}
			se += float64((p - s.y) * (p - s.y))
			k++
		}
		fmt.Printf("%d positions, %d held out (%d the Expert's); the linear leafW there: %.3f\n", n, len(hold), k, se/float64(max(1, k)))
	}
	var best []byte
	bestMSE := math.Inf(1)
	const batch = 128
	order := make([]int, len(train))
	for i := range order {
		order[i] = i
	}
	for ep := 0; ep < envInt("LEAF_EPOCHS", 8); ep++ {
		r.Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
		for b0 := 0; b0+batch <= len(order); b0 += batch {
			clear(gW1)
			clear(gB1)
			clear(gW2)
			gB2 = 0
			touched := map[uint16]bool{}
			for _, oi := range order[b0 : b0+batch] {
				s := &train[oi]
				clear(x)
				for j, i := range s.idx {
					x[i] = s.val[j]
					touched[i] = true
				}
				d := (net.eval(x, hid) - s.y) * 2 / batch
				gB2 += d
				for j := range hid {
					if hid[j] <= 0 {
						continue
					}
					gW2[j] += d * hid[j]
					g := d * net.W2[j]
					gB1[j] += g
					for k, i := range s.idx {
						gW1[int(i)*H+j] += g * s.val[k] * net.Scale[i]
					}
				}
			}
			step++
			c1 := 1 - float32(math.Pow(b1, float64(step)))
			c2 := 1 - float32(math.Pow(b2, float64(step)))
			upd := func(p, g []float32, a adam, only func(i int) bool) {
				for i := range p {
					if only != nil && !only(i) {
						continue
					}
					a.m[i] = b1*a.m[i] + (1-b1)*g[i]
					a.v[i] = b2*a.v[i] + (1-b2)*g[i]*g[i]
					p[i] -= lr * (a.m[i] / c1) / (float32(math.Sqrt(float64(a.v[i]/c2))) + eps)
				}
			}
			upd(net.W1, gW1, st[0], func(i int) bool { return touched[uint16(i/H)] })
			upd(net.B1, gB1, st[1], nil)
			upd(net.W2, gW2, st[2], nil)
			b2s := []float32{net.B2}
			upd(b2s, []float32{gB2}, st[3], nil)
			net.B2 = b2s[0]
		}
		e := holdMSE()
		fmt.Printf("epoch %d: held-out squared error on the Expert's positions %.3f\n", ep+1, e)
		if e < bestMSE {
			bestMSE = e
			best, _ = json.Marshal(net)
		}
	}
	if err := os.WriteFile(outPath, best, 0o644); err != nil {
		t.Fatal(err)
	}
	fmt.Printf("best %.3f, written to %s\n", bestMSE, outPath)
}
