//go:build !js

package bots

// The learned model of MC100 (fifth #28 session) is a knob of the screen and the imitation fit
// since the seventh, when the simulated model (mcsim.go) replaced it in the Expert's playouts:
// out of the browser build, where knobs_js.go's pickModel stands in.

import "nimmt/engine"

// modelK is the number of features of the learned model of MC100 (modelFeatures).
const modelK = 15

// modelFeatures fills f with the features of playing card c, the rank-th lowest of a hand of n
// cards, on table st as seen (seen: the cards the seat has seen, its hand among them). They are
// cheap enough for a playout: the risk policy's cost, whether c takes a row now (below every
// row; a sixth card) and that row's bullheads, the target row's length, bullheads and gap (as an
// unseen share and in card values), the card's rank in the hand, its value and its square, and
// the hand's size times the risk cost and times the cheapest row's bullheads.
func modelFeatures(st *engine.State, c engine.Card, seen *cardSet, rank, n int, f *[modelK]float64) {
	*f = [modelK]float64{}
	unseen := float64(max(1, engine.DeckSize-seen.len()))
	f[0] = float64(riskCost(st, c, seen))
	if t := st.Target(c); t < 0 {
		f[1] = 1
		f[2] = float64(st.Rows[st.CheapestRow()].Bullheads()) / 10
		f[3] = float64(seen.unseenIn(1, int(c)-1)) / unseen
	} else {
		row := &st.Rows[t]
		if row.Len() >= engine.RowLimit {
			f[4] = 1
			f[5] = float64(row.Bullheads()) / 10
		} else {
			f[6] = float64(row.Len()) / engine.RowLimit
			f[7] = float64(row.Bullheads()) / 10
		}
		f[8] = float64(seen.unseenIn(int(row.Last())+1, int(c)-1)) / unseen
		f[12] = float64(c-row.Last()) / engine.DeckSize
	}
	if n > 1 {
		f[9] = float64(rank) / float64(n-1)
	}
	f[10] = float64(c) / engine.DeckSize
	f[11] = f[0] * float64(n) / engine.DefaultHandSize
	f[13] = f[10] * f[10]
	f[14] = f[2] * float64(n) / engine.DefaultHandSize
}

// pickModel draws seat's card from the learned model of MC100: a softmax over its hand of
// modelW · modelFeatures. seen is what the seat has seen (its own hand among them).
func pickModel(st *engine.State, seat int, r *rng, seen *cardSet) engine.Card {
	return pickSoftmax(st, seat, r, seen, &modelW)
}

// pickSoftmax draws seat's card from a softmax over its hand of w · modelFeatures.
func pickSoftmax(st *engine.State, seat int, r *rng, seen *cardSet, w *[modelK]float64) engine.Card {
	var buf [engine.MaxHand]engine.Card
	cards := st.Hands[seat].Cards(buf[:0])
	if len(cards) == 1 {
		return cards[0]
	}
	var p [engine.MaxHand]float64
	var f [modelK]float64
	for i, c := range cards {
		modelFeatures(st, c, seen, i, len(cards), &f)
		for k, wk := range w {
			p[i] += wk * f[k]
		}
	}
	return drawLogits(cards, &p, r)
}

// modelW are the weights of the learned model of MC100, fitted by TestImitate (bots/imit_test.go,
// -tags imit) on MC100's decisions at 4 seats; docs/BOTS.md has the command and the fit.
//
//	IMIT_GAMES4=60 IMIT_GAMES10=6 IMIT_ROUNDS=10 IMIT_SEED=141 go test -tags imit -run '^TestImitate$' -v ./bots
var modelW = [modelK]float64{-0.7901, 0.7795, -4.2092, -0.1483, 0.3075, 0.1214, 1.5178, -1.0423, -5.2719, 0.0057, -9.8253, -0.4418, 5.6326, 11.0429, 1.7147}
