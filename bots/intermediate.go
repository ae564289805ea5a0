package bots

import (
	"math"

	"nimmt/engine"
)

// Intermediate is risk-aware: for each card it estimates the chance and the cost of taking a row
// this turn from the cards it has not seen and the number of cards the others will play, and
// plays the card with the lowest expected bullheads. On a row choice it takes the row that costs
// least now. A decision takes a few microseconds.
type Intermediate struct{}

// Name implements Bot.
func (*Intermediate) Name() string { return LevelIntermediate }

// Decide implements Bot.
func (*Intermediate) Decide(v *engine.View) engine.Action {
	if a, ok := variantTurn(v, LevelIntermediate, 0); ok {
		return a
	}
	if v.Decision == nil || v.Decision.Kind == engine.DecideRow || len(v.Hand) == 0 {
		return Fallback(v)
	}
	if v.Config.Seats == 2 && v.Config.Variant == engine.Basic {
		return engine.PlayCard(headsUp(v))
	}
	risk := newRiskModel(v)
	best, bestScore := v.Hand[0], math.Inf(1)
	for _, c := range v.Hand {
		s := risk.cost(c) + risk.holdBonus(c)
		if s < bestScore {
			best, bestScore = c, s
		}
	}
	return engine.PlayCard(best)
}

// riskModel estimates what a card costs this turn. Each other seat plays one card; seen from this
// seat each of them is any unseen card with equal chance. A card joins its target row after the
// others' cards that fall between the row's last card and it: with s free places in the row, the
// seat takes the row when exactly s of them do (more than s means someone else took it first).
// A card below every row takes the cheapest row unless another seat plays lower still.
type riskModel struct {
	// Not comparable: no equality code in the wasm (#25).
	_       [0]func()
	st      engine.State
	others  int                      // cards the other seats play this turn
	unseen  float64                  // number of unseen cards
	cnt     [engine.DeckSize + 2]int // cnt[x]: unseen cards below x
	bull    [engine.DeckSize + 2]int // bull[x]: bullheads of the unseen cards below x
	minBull int
}

func newRiskModel(v *engine.View) *riskModel {
	m := &riskModel{st: v.Table(), others: v.Config.Seats - 1}
	var unseen [engine.DeckSize + 2]bool
	for _, c := range v.Unseen() {
		unseen[c] = true
	}
	for x := 1; x <= engine.DeckSize+1; x++ {
		m.cnt[x], m.bull[x] = m.cnt[x-1], m.bull[x-1]
		if unseen[x-1] {
			m.cnt[x]++
			m.bull[x] += engine.Card(x - 1).Bullheads()
		}
	}
	m.unseen = float64(max(1, m.cnt[engine.DeckSize+1]))
	m.minBull = m.st.Rows[m.st.CheapestRow()].Bullheads()
	return m
}

// cost returns the expected bullheads of playing c this turn.
func (m *riskModel) cost(c engine.Card) float64 {
	t := m.st.Target(c)
	if t < 0 {
		pLow := float64(m.cnt[c]) / m.unseen
		return math.Pow(1-pLow, float64(m.others)) * float64(m.minBull)
	}
	row := &m.st.Rows[t]
	last := row.Last()
	k := m.cnt[c] - m.cnt[last+1]
	p := float64(k) / m.unseen
	free := engine.RowLimit - row.Len()
	if free == 0 {
		return math.Pow(1-p, float64(m.others)) * float64(row.Bullheads())
	}
	if free > m.others || k == 0 {
		return 0
	}
	avg := float64(m.bull[c]-m.bull[last+1]) / float64(k)
	return binom(m.others, free, p) * (float64(row.Bullheads()) + float64(free)*avg)
}

// holdBonus is a small preference, among cards about equally safe now, for playing the card that
// would be most dangerous to keep: one that lands in a nearly full row or far above its row's
// last card. It is negative (a bonus) and never outweighs a real risk. (Measured in the arena
// against Beginner: this tie-break is worth about one bullhead per round.)
func (m *riskModel) holdBonus(c engine.Card) float64 {
	t := m.st.Target(c)
	if t < 0 {
		return 0
	}
	row := &m.st.Rows[t]
	gap := float64(c - row.Last())
	return -0.02*float64(row.Len()) - 0.003*gap
}

// binom is the probability of exactly k successes in n trials of probability p.
func binom(n, k int, p float64) float64 {
	if k < 0 || k > n {
		return 0
	}
	c := 1.0
	for i := 0; i < k; i++ {
		c = c * float64(n-i) / float64(i+1)
	}
	return c * math.Pow(p, float64(k)) * math.Pow(1-p, float64(n-k))
}
