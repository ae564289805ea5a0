package bots

import (
	"math"

	"nimmt/engine"
)

// mcTable is a model of MC100's card choice in the decision's own turn, built by simulation at
// the decision instead of learned: MC100 scores each card of its hand by the mean of 100 random
// playouts, that is (up to its noise) by the bullheads the card takes now against random cards,
// plus those its other cards take when played at random later. Over a hand H that is
// now(c) − later(c) + Σ later(H): MC100 plays the card of H with the least d(c) = now(c) −
// later(c), give or take its estimates' noise. The table holds d for every card another seat may
// hold and the softmax temperature standing for the noise.
type mcTable struct {
	d    [engine.DeckSize + 1]float64
	lat  [engine.DeckSize + 1]float64 // later: the bullheads each card takes played after the first turn
	temp float64
	// eps: the chance that pick draws uniformly from the hand instead (Expert.simEps).
	eps float64
	st  engine.State // scratch: kept here so the build allocates nothing
}

// build estimates the table on w's decision: now by nowN draws of the other seats' cards, each
// scoring every card a seat may hold against them (common draws), later by laterN random
// playouts of the round dealt from the cards no seat has shown. In the browser it gives the
// page its thread back as the search does (yieldToPage).
func (m *mcTable) build(w *world, nowN, laterN int, r *rng) {
	// The cards hidden from the table: those this seat has not seen and its own hand.
	var pool [engine.DeckSize]engine.Card
	np := copy(pool[:], w.unseen[:w.nU])
	var buf [engine.MaxHand]engine.Card
	for _, c := range w.base.Hands[w.me].Cards(buf[:0]) {
		pool[np] = c
		np++
	}
	n := w.turns + 1 // cards in every hand at the decision's turn
	var nowSum, laterSum [engine.DeckSize + 1]float64
	var nowCnt, laterCnt [engine.DeckSize + 1]float64
	// now: the other seats' random cards against every card a seat may hold.
	others := w.seats - 1
	for k := 0; k < nowN; k++ {
		var cards [engine.MaxSeats]engine.Card
		for j := 0; j < others; j++ {
			i := j + r.intn(np-j)
			pool[j], pool[i] = pool[i], pool[j]
			cards[j+1] = pool[j]
		}
		st := &m.st
		for _, c := range pool[others:np] {
			*st = w.base
			cards[0] = c
			playTurn(st, &cards)
			nowSum[c] += float64(st.Penalty[0] - w.base.Penalty[0])
			nowCnt[c]++
		}
		yieldToPage()
	}
	// later: random playouts; each card's bullheads when played after the first turn, and the
	// spread of a seat's bullheads over the round (the noise of MC100's means).
	var tot, tot2, totN float64
	for k := 0; k < laterN; k++ {
		st := &m.st
		*st = w.base
		kk := 0
		for s := 0; s < w.seats; s++ {
			h := &st.Hands[s]
			h.Clear()
			for j := 0; j < n; j++ {
				i := kk + r.intn(np-kk)
				pool[kk], pool[i] = pool[i], pool[kk]
				h.Add(pool[kk])
				kk++
			}
		}
		start := st.Penalty
		for t := 0; t < n; t++ {
			var cards [engine.MaxSeats]engine.Card
			for s := 0; s < w.seats; s++ {
				h := &st.Hands[s]
				cards[s] = h.At(r.intn(h.Len()))
			}
			before := st.Penalty
			playTurn(st, &cards)
			if t == 0 {
				continue
			}
			for s := 0; s < w.seats; s++ {
				c := cards[s]
				laterSum[c] += float64(st.Penalty[s] - before[s])
				laterCnt[c]++
			}
		}
		for s := 0; s < w.seats; s++ {
			x := float64(st.Penalty[s] - start[s])
			tot += x
			tot2 += x * x
			totN++
		}
		yieldToPage()
	}
	// Cards seen later rarely are pulled to the mean of all.
	var lsum, lcnt float64
	for c := range laterSum {
		lsum += laterSum[c]
		lcnt += laterCnt[c]
	}
	lmean := 0.0
	if lcnt > 0 {
		lmean = lsum / lcnt
	}
	const prior = 4
	for _, c := range pool[:np] {
		now := 0.0
		if nowCnt[c] > 0 {
			now = nowSum[c] / nowCnt[c]
		}
		later := lmean
		if n > 1 {
			later = (laterSum[c] + prior*lmean) / (laterCnt[c] + prior)
		}
		m.d[c] = now - later
		if laterKnobs {
			m.lat[c] = later
		}
	}
	sd := 0.0
	if totN > 1 {
		mean := tot / totN
		sd = math.Sqrt(max(0, tot2/totN-mean*mean))
	}
	// MC100's mean of 100 playouts has the spread sd/10; argmin with Gumbel noise of scale
	// β = √6/π × that is a softmax at temperature β.
	m.temp = max(0.05, sd/10*math.Sqrt(6)/math.Pi)
}

// pick draws seat's card from the table: a softmax of −d over its hand at the table's
// temperature, or with chance eps a card of the hand uniformly.
func (m *mcTable) pick(st *engine.State, seat int, r *rng) engine.Card {
	var buf [engine.MaxHand]engine.Card
	cards := st.Hands[seat].Cards(buf[:0])
	if len(cards) == 1 {
		return cards[0]
	}
	if m.eps > 0 && r.float() < m.eps {
		return cards[r.intn(len(cards))]
	}
	var p [engine.MaxHand]float64
	for i, c := range cards {
		p[i] = -m.d[c] / m.temp
	}
	return drawLogits(cards, &p, r)
}

// drawLogits draws one of cards with the chance of the softmax of its logit (logit[i] for
// cards[i]); it overwrites logit.
func drawLogits(cards []engine.Card, logit *[engine.MaxHand]float64, r *rng) engine.Card {
	hi := math.Inf(-1)
	for i := range cards {
		hi = max(hi, logit[i])
	}
	sum := 0.0
	for i := range cards {
		logit[i] = math.Exp(logit[i] - hi)
		sum += logit[i]
	}
	x := r.float() * sum
	for i := range cards {
		x -= logit[i]
		if x < 0 {
			return cards[i]
		}
	}
	return cards[len(cards)-1]
}

// playTurn plays one turn of the simulation on st, the cheapest row taken by rule 4. Out of line:
// the build's two loops share one copy of the engine's turn in the browser's download.
//
//go:noinline
func playTurn(st *engine.State, cards *[engine.MaxSeats]engine.Card) { st.PlayTurn(cards, nil) }
