package bots

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"nimmt/engine"
)

// playoutWorld returns the search world of seat 0 at the first decision of a fresh game.
func playoutWorld(tb testing.TB, seats int) (*world, []candidate) {
	g, err := engine.NewGame(engine.Config{Seats: seats, Rounds: 1}, rand.New(rand.NewPCG(1, 2)))
	if err != nil {
		tb.Fatal(err)
	}
	v := g.View(0)
	w := newWorld(&v)
	return w, w.candidates(&v, true)
}

func benchPlayout(b *testing.B, seats int, pol playPolicy) {
	w, cands := playoutWorld(b, seats)
	r := newRNG(1)
	ln := new(lane)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		ln.st = w.base
		w.deal(&ln.st, &r)
		w.playout(&ln.st, cands[i%len(cands)], pol, &r, &ln.fix)
	}
}

// BenchmarkPlayoutExpert4 is one Expert playout (deal and rest of the round) at 4 seats; it must
// not allocate.
func BenchmarkPlayoutExpert4(b *testing.B) { benchPlayout(b, 4, NewExpert(1, ExpertOptions{}).pol) }

// BenchmarkPlayoutExpert10 is the same at 10 seats.
func BenchmarkPlayoutExpert10(b *testing.B) { benchPlayout(b, 10, NewExpert(1, ExpertOptions{}).pol) }

// BenchmarkPlayoutSafe4 is an Expert playout at 4 seats with the others by policySafe.
func BenchmarkPlayoutSafe4(b *testing.B) {
	pol := NewExpert(1, ExpertOptions{}).pol
	pol.opp, pol.safeTries = policySafe, 3
	benchPlayout(b, 4, pol)
}

// BenchmarkPlayoutRandom4 is one MC100 playout at 4 seats.
func BenchmarkPlayoutRandom4(b *testing.B) { benchPlayout(b, 4, playPolicy{}) }

func TestPlayoutAllocatesNothing(t *testing.T) {
	for _, seats := range []int{2, 4, 10} {
		w, cands := playoutWorld(t, seats)
		r := newRNG(3)
		ln := new(lane)
		for _, pol := range []playPolicy{{}, {opp: policyRisk, self: policyRisk, noise: 0.3}, NewExpert(1, ExpertOptions{}).pol,
			{opp: policyRisk, self: policyRisk, oppOwn: true, horizon: 3, leaf: 1}, {opp: policyModel, self: policyRisk},
			{opp: policySafe, self: policyRisk, safeTries: 3, nest: 10, nestN: 1},
			{opp: policySafe, self: policyRisk, safeTries: 3, rel: 0.5}, {opp: policyRandom, self: policyModel},
			{opp: policyRandom, self: policyModel, selfGen: 2}} {
			allocs := testing.AllocsPerRun(200, func() {
				ln.st = w.base
				w.deal(&ln.st, &r)
				w.playout(&ln.st, cands[0], pol, &r, &ln.fix)
			})
			if allocs != 0 {
				t.Errorf("%d seats, policy %+v: %v allocations per playout", seats, pol, allocs)
			}
		}
	}
}

func TestDealConsistent(t *testing.T) {
	// A deal gives each other seat its hand size from the unseen cards, no card twice.
	for _, seats := range []int{2, 5, 10} {
		w, _ := playoutWorld(t, seats)
		r := newRNG(uint64(seats))
		st := w.base
		w.deal(&st, &r)
		var seen engine.Hand
		for s := 0; s < seats; s++ {
			if got := st.Hands[s].Len(); got != engine.DefaultHandSize {
				t.Errorf("%d seats: seat %d holds %d cards", seats, s, got)
			}
			for _, c := range st.Hands[s].Cards(nil) {
				if !seen.Add(c) {
					t.Errorf("card %d dealt twice", c)
				}
				for i := range st.Rows {
					if st.Rows[i].Last() == c {
						t.Errorf("card %d is on the table", c)
					}
				}
			}
		}
	}
}

func TestCardSetUnseenIn(t *testing.T) {
	var s cardSet
	for _, c := range []engine.Card{1, 5, 63, 64, 65, 100, 104} {
		s.add(c)
	}
	tests := []struct{ lo, hi, want int }{
		{1, 104, 97}, {1, 1, 0}, {2, 4, 3}, {60, 70, 8}, {64, 64, 0}, {66, 99, 34}, {10, 9, 0},
	}
	for _, tc := range tests {
		if got := s.unseenIn(tc.lo, tc.hi); got != tc.want {
			t.Errorf("unseenIn(%d, %d) = %d, want %d", tc.lo, tc.hi, got, tc.want)
		}
	}
	if s.len() != 7 {
		t.Errorf("len %d", s.len())
	}
}

// TestWorldOpenFaceUp: in Open, the cards other seats have already played face up this turn are
// theirs in every sampled deal and are what they play in the first turn of a playout; nobody
// else is dealt them.
func TestWorldOpenFaceUp(t *testing.T) {
	for _, seats := range []int{3, 5, 9} {
		g, err := engine.NewGame(engine.Config{Seats: seats, Variant: engine.Open, Rounds: 1}, rand.New(rand.NewPCG(uint64(seats), 3)))
		if err != nil {
			t.Fatal(err)
		}
		// Everyone before the last seat of the turn plays; the last one decides.
		r := rand.New(rand.NewPCG(7, 7))
		var v engine.View
		for {
			w := g.Waiting()
			v = g.View(w[0])
			if len(v.FaceUp) == seats-1 {
				break
			}
			if err := g.Act(w[0], engine.RandomAction(&v, r)); err != nil {
				t.Fatal(err)
			}
		}
		w := newWorld(&v)
		rr := newRNG(5)
		for trial := 0; trial < 50; trial++ {
			st := w.base
			w.deal(&st, &rr)
			for _, p := range v.FaceUp {
				h := &st.Hands[p.Seat]
				if !h.Has(p.Card) || h.Len() != v.HandSizes[p.Seat] {
					t.Fatalf("%d seats: seat %d dealt %d cards without its face-up %d", seats, p.Seat, h.Len(), p.Card)
				}
				for s := 0; s < seats; s++ {
					if s != p.Seat && s != v.Seat && st.Hands[s].Has(p.Card) {
						t.Fatalf("%d seats: face-up %d of seat %d dealt to seat %d", seats, p.Card, p.Seat, s)
					}
				}
			}
			var fix rowFix
			w.playout(&st, candidate{v.Hand[0], -1}, playPolicy{opp: policyRandom, self: policyRisk}, &rr, &fix)
		}
	}
}

// TestClairvoyantDealsTrueHands: told the hands, the search deals every other seat its true hand
// in every playout, whatever the random stream.
func TestClairvoyantDealsTrueHands(t *testing.T) {
	g, err := engine.NewGame(engine.Config{Seats: 5, Rounds: 1}, rand.New(rand.NewPCG(4, 4)))
	if err != nil {
		t.Fatal(err)
	}
	hands := make([][]engine.Card, 5)
	for s := range hands {
		v := g.View(s)
		hands[s] = v.Hand
	}
	v := g.View(2)
	w := newWorld(&v)
	w.know(hands)
	for trial := uint64(0); trial < 5; trial++ {
		r := newRNG(trial)
		st := w.base
		w.deal(&st, &r)
		for s := range hands {
			if got := st.Hands[s].Cards(nil); !slices.Equal(got, hands[s]) {
				t.Fatalf("seat %d dealt %v, holds %v", s, got, hands[s])
			}
		}
	}
}

// TestCrowdPolicy: from 5 seats the Expert's playouts model the others' later cards by the safe
// policy (docs/BOTS.md, tenth #28 session), at 10 seats on 2,400 playouts; below, and for Hard,
// the others play at random.
func TestCrowdPolicy(t *testing.T) {
	e, h := NewExpert(1, ExpertOptions{}), NewHard(1, ExpertOptions{})
	if p := e.policy(10); p.opp != policySafe || p.safeTries != 3 || e.budget(10) != 2400 {
		t.Errorf("Expert at 10 seats: policy %+v, budget %d", p, e.budget(10))
	}
	for seats := 2; seats < engine.MaxSeats; seats++ {
		want := policyRandom
		if seats >= 5 {
			want = policySafe
		}
		if p := e.policy(seats); p.opp != want || (want == policySafe && p.safeTries != 3) || e.budget(seats) != DefaultExpertBudget/seats {
			t.Errorf("Expert at %d seats: others play %v (%d draws), want %v; budget %d", seats, p.opp, p.safeTries, want, e.budget(seats))
		}
	}
	for seats := 2; seats <= engine.MaxSeats; seats++ {
		if p := h.policy(seats); p.opp != policyRandom {
			t.Errorf("Hard at %d seats: others play %v", seats, p.opp)
		}
	}
}

// TestPlayoutHorizon: a playout with a horizon stops that many turns after the decision's turn
// and adds leaf × the risk of the hand left; without one it plays to the end of the round.
func TestPlayoutHorizon(t *testing.T) {
	w, cands := playoutWorld(t, 4)
	for _, h := range []int{0, 1, 3} {
		r := newRNG(5)
		var fix rowFix
		st := w.base
		w.deal(&st, &r)
		pol := playPolicy{opp: policyRandom, self: policyRisk, horizon: h}
		w.playout(&st, cands[0], pol, &r, &fix)
		want := 0
		if h > 0 {
			want = w.turns - h
		}
		if got := st.Hands[w.me].Len(); got != want {
			t.Errorf("horizon %d: %d cards left in hand, want %d", h, got, want)
		}
		if h == 0 {
			continue
		}
		// The same playout with a leaf weight scores the bullheads plus the hand's risk.
		plain, leafy := w.base, w.base
		r1, r2 := newRNG(5), newRNG(5)
		w.deal(&plain, &r1)
		w.deal(&leafy, &r2)
		a := w.playout(&plain, cands[0], pol, &r1, &fix)
		pol.leaf = 1
		b := w.playout(&leafy, cands[0], pol, &r2, &fix)
		if b <= a {
			t.Errorf("horizon %d: leaf 1 scored %d, without %d: the hand left adds nothing", h, b, a)
		}
	}
}

// TestPlayoutRelative: with rel set a playout scores this seat's bullheads less rel × the mean
// of the other seats' bullheads taken in it, in hundredths; the play itself is the same.
func TestPlayoutRelative(t *testing.T) {
	for _, seats := range []int{2, 4, 10} {
		w, cands := playoutWorld(t, seats)
		for d := uint64(0); d < 20; d++ {
			plain, rel := w.base, w.base
			r1, r2 := newRNG(d), newRNG(d)
			w.deal(&plain, &r1)
			w.deal(&rel, &r2)
			var fix rowFix
			pol := playPolicy{opp: policyRandom, self: policyRisk}
			a := w.playout(&plain, cands[0], pol, &r1, &fix)
			pol.rel = 0.5
			b := w.playout(&rel, cands[0], pol, &r2, &fix)
			if plain.Penalty != rel.Penalty {
				t.Fatalf("%d seats, deal %d: rel changed the play: %v, %v", seats, d, plain.Penalty, rel.Penalty)
			}
			others := 0
			for s := 0; s < seats; s++ {
				if s != w.me {
					others += int(rel.Penalty[s])
				}
			}
			if want := a - int(0.5*float64(100*others)/float64(seats-1)); b != want || a != 100*int(plain.Penalty[w.me]) {
				t.Errorf("%d seats, deal %d: scored %d, plain %d; want %d (own %d, others %d)", seats, d, b, a, want, plain.Penalty[w.me], others)
			}
		}
	}
}

// TestSeenBy: with oppOwn the others' risk policy counts its own hand as seen and this seat's as
// unseen; without it, it counts what this seat has seen.
func TestSeenBy(t *testing.T) {
	w, _ := playoutWorld(t, 4)
	r := newRNG(1)
	st := w.base
	w.deal(&st, &r)
	var o cardSet
	if got := w.seenBy(&w.seen, &st, 1, playPolicy{opp: policyRisk}, &o); got != &w.seen {
		t.Error("without oppOwn seenBy did not return this seat's seen cards")
	}
	got := w.seenBy(&w.seen, &st, 1, playPolicy{opp: policyRisk, oppOwn: true}, &o)
	for _, c := range st.Hands[w.me].Cards(nil) {
		if got.unseenIn(int(c), int(c)) != 1 {
			t.Errorf("this seat's card %d counted as seen by seat 1", c)
		}
	}
	for _, c := range st.Hands[1].Cards(nil) {
		if got.unseenIn(int(c), int(c)) != 0 {
			t.Errorf("seat 1's own card %d counted as unseen", c)
		}
	}
	if got.len() != w.seen.len() {
		t.Errorf("seat 1 has seen %d cards, this seat %d: the hands are the same size", got.len(), w.seen.len())
	}
}

// TestPickSafe: the others' safe policy draws again while the card drawn would take a row now
// (a sixth card, a card below every row), up to its number of draws; one draw is uniform.
func TestPickSafe(t *testing.T) {
	var st engine.State
	st.Seats = 4
	st.SetRows([engine.NumRows]engine.Card{10, 30, 50, 70})
	for _, c := range []engine.Card{71, 72, 73, 74} {
		st.Place(1, c, -1) // row 3 holds five cards: 75 would be the sixth
	}
	cases := []struct {
		hand  []engine.Card
		bad   engine.Card
		tries int
		lo    int // the bad card's count in 1,000 picks lies in [lo, hi]
		hi    int
	}{
		{[]engine.Card{5, 20}, 5, 1, 440, 560},  // below every row; one draw: uniform
		{[]engine.Card{5, 20}, 5, 3, 90, 160},   // three draws: 1/8
		{[]engine.Card{75, 40}, 75, 3, 90, 160}, // the sixth card
		{[]engine.Card{75, 40}, 75, 8, 0, 15},   // eight draws: 1/256
		{[]engine.Card{5, 75}, 5, 8, 440, 560},  // no safe card: as drawn
	}
	for _, tc := range cases {
		st.SetHand(2, tc.hand)
		r := newRNG(9)
		n := 0
		for i := 0; i < 1000; i++ {
			if pickSafe(&st, 2, tc.tries, &r) == tc.bad {
				n++
			}
		}
		if n < tc.lo || n > tc.hi {
			t.Errorf("hand %v, %d draws: %d of 1,000 picks were %d, want %d–%d", tc.hand, tc.tries, n, tc.bad, tc.lo, tc.hi)
		}
	}
}

// BenchmarkPlayoutModel4 is an Expert playout at 4 seats with the others by the learned model of
// MC100 (policyModel).
func BenchmarkPlayoutModel4(b *testing.B) {
	pol := NewExpert(1, ExpertOptions{}).pol
	pol.opp = policyModel
	benchPlayout(b, 4, pol)
}

// BenchmarkPlayoutSelfModel4 is an Expert playout at 4 seats with its own later cards by the
// learned model of its own decisions (self policyModel, selfW).
func BenchmarkPlayoutSelfModel4(b *testing.B) {
	pol := NewExpert(1, ExpertOptions{}).pol
	pol.self = policyModel
	benchPlayout(b, 4, pol)
}

// TestNestPickSeesNoHiddenHands: the nested search deals the others' hands anew from the cards
// this seat has not seen, so two playout states that differ only in the others' hidden cards get
// the same choice from the same random stream (a search that used the playout's deal would be
// clairvoyant).
func TestNestPickSeesNoHiddenHands(t *testing.T) {
	const seats = 4
	var a, b engine.State
	for _, st := range []*engine.State{&a, &b} {
		st.Seats = seats
		st.SetRows([engine.NumRows]engine.Card{10, 30, 50, 70})
		st.SetHand(0, []engine.Card{12, 55, 90})
	}
	a.SetHand(1, []engine.Card{11, 31, 51})
	a.SetHand(2, []engine.Card{13, 33, 53})
	a.SetHand(3, []engine.Card{14, 34, 54})
	b.SetHand(1, []engine.Card{20, 71, 100})
	b.SetHand(2, []engine.Card{21, 41, 61})
	b.SetHand(3, []engine.Card{1, 2, 3})
	w := &world{me: 0, seats: seats, turns: 3}
	var seen cardSet
	for _, c := range []engine.Card{10, 30, 50, 70, 12, 55, 90} {
		seen.add(c)
	}
	pol := playPolicy{opp: policyRandom, self: policyRisk, noise: 0.02, nest: 3, nestN: 2}
	var fix rowFix
	var oseen cardSet
	choices := map[engine.Card]bool{}
	for seed := uint64(0); seed < 60; seed++ {
		ra, rb := newRNG(seed), newRNG(seed)
		ca := w.nestPick(&a, pol, &ra, &seen, &oseen, &fix)
		cb := w.nestPick(&b, pol, &rb, &seen, &oseen, &fix)
		if ca != cb {
			t.Fatalf("seed %d: %d with one deal of the hidden cards, %d with another", seed, ca, cb)
		}
		if !a.Hands[0].Has(ca) {
			t.Fatalf("seed %d: chose %d, not in hand", seed, ca)
		}
		choices[ca] = true
	}
	if len(choices) < 2 {
		t.Errorf("the same card %v from every stream: the test cannot tell deals apart", choices)
	}
}

// TestNestBudget: the nested search scales the root's budget only where it nests (two or more
// turns after the decision's, at most nest), by nestX × the plain playout's turns ÷ the nested one's.
func TestNestBudget(t *testing.T) {
	pol := playPolicy{nest: 2, nestN: 8, nestX: 2}
	for _, c := range []struct{ turns, want int }{
		{0, 6000}, {1, 6000}, {2, 6000 * 2 * 3 / (3 + 8*4)}, {3, 6000}, {9, 6000},
	} {
		if got := pol.nestBudget(6000, c.turns); got != c.want {
			t.Errorf("%d turns after the decision: budget %d, want %d", c.turns, got, c.want)
		}
	}
}

// TestPlayoutPlaysFirstCards: a playout given the others' first cards (rowFix.first) plays them in
// the decision's own turn, allocating nothing.
func TestPlayoutPlaysFirstCards(t *testing.T) {
	w, cands := playoutWorld(t, 4)
	one := *w
	one.turns = 0 // the decision's turn only
	pol := NewExpert(1, ExpertOptions{}).pol
	r := newRNG(7)
	ln := new(lane)
	for k := 0; k < 20; k++ {
		ln.dealt = w.base
		w.deal(&ln.dealt, &r)
		w.firstCards(&ln.dealt, pol, &r, &ln.first)
		ln.fix.first = &ln.first
		ln.st = ln.dealt
		one.playout(&ln.st, cands[k%len(cands)], pol, &r, &ln.fix)
		for s := 1; s < 4; s++ {
			before, after := ln.dealt.Hands[s], ln.st.Hands[s]
			if !before.Has(ln.first[s]) || after.Has(ln.first[s]) || after.Len() != before.Len()-1 {
				t.Fatalf("seat %d was to play %d from %v and kept %v", s, ln.first[s], before.Cards(nil), after.Cards(nil))
			}
		}
	}
	allocs := testing.AllocsPerRun(100, func() {
		ln.st = ln.dealt
		w.playout(&ln.st, cands[0], pol, &r, &ln.fix)
	})
	if allocs != 0 {
		t.Errorf("%v allocations per playout", allocs)
	}
}

func benchSimTable(b *testing.B, seats int) {
	w, _ := playoutWorld(b, seats)
	r := newRNG(1)
	var m mcTable
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		m.build(w, simNow, simLater/seats, &r)
	}
}

// BenchmarkSimTable4 is the build of the simulated model of MC100 (mcTable) at the first card
// decision of a 4-seat round, once a decision; it must not allocate.
func BenchmarkSimTable4(b *testing.B) { benchSimTable(b, 4) }

// BenchmarkSimTable10 is the same at 10 seats.
func BenchmarkSimTable10(b *testing.B) { benchSimTable(b, 10) }

// TestSimTablePredictsMC100: the simulated model of MC100 (mcTable) predicts MC100's card
// decisions: over the first decisions of a few rounds, MC100's choices (each decided with several
// seeds) are far likelier under the table's softmax than under a uniform choice. A table that
// ranks the cards the wrong way round, or not at all, fails. Its build allocates nothing.
func TestSimTablePredictsMC100(t *testing.T) {
	const seeds = 12
	var ll, uniform float64
	n := 0
	for g := uint64(0); g < 4; g++ {
		game, err := engine.NewGame(engine.Config{Seats: 4, Rounds: 1}, rand.New(rand.NewPCG(g, 3)))
		if err != nil {
			t.Fatal(err)
		}
		for s := 0; s < 4; s++ {
			v := game.View(s)
			w := newWorld(&v)
			var m mcTable
			r := newRNG(g*10 + uint64(s))
			m.build(w, simNow, simLater/4, &r)
			if m.temp <= 0 || math.IsNaN(m.temp) {
				t.Fatalf("temperature %v", m.temp)
			}
			lo, z := math.Inf(1), 0.0
			for _, c := range v.Hand {
				lo = min(lo, m.d[c])
			}
			for _, c := range v.Hand {
				z += math.Exp((lo - m.d[c]) / m.temp)
			}
			for k := uint64(0); k < seeds; k++ {
				c := (&MC100{seed: 100 + k, Playouts: 100}).Decide(&v).Cards[0]
				ll += (lo-m.d[c])/m.temp - math.Log(z)
				uniform -= math.Log(float64(len(v.Hand)))
				n++
			}
		}
	}
	ll, uniform = ll/float64(n), uniform/float64(n)
	t.Logf("MC100's choices: log-likelihood %.3f a decision under the table, %.3f uniform", ll, uniform)
	if ll < uniform+0.3 {
		t.Errorf("the table predicts MC100 no better than chance: log-likelihood %.3f, uniform %.3f", ll, uniform)
	}
	w, _ := playoutWorld(t, 4)
	r := newRNG(1)
	var m mcTable
	if a := testing.AllocsPerRun(3, func() { m.build(w, simNow, simLater/4, &r) }); a != 0 {
		t.Errorf("%v allocations a build", a)
	}
}

// softmaxOf is the softmax over cards of logit(c).
func softmaxOf(cards []engine.Card, logit func(c engine.Card) float64) []float64 {
	p := make([]float64, len(cards))
	sum := 0.0
	for i, c := range cards {
		p[i] = math.Exp(logit(c))
		sum += p[i]
	}
	for i := range p {
		p[i] /= sum
	}
	return p
}

// TestFirstCardsFollowSim: with the simulated model built, the others' first cards are drawn from
// its softmax over each seat's dealt hand.
func TestFirstCardsFollowSim(t *testing.T) {
	w, _ := playoutWorld(t, 4)
	pol := NewExpert(1, ExpertOptions{}).pol
	if !pol.modelFirst || !pol.simFirst {
		t.Fatal("the Expert's playouts do not draw the others' first cards from the simulated model")
	}
	r := newRNG(9)
	w.sim = new(mcTable)
	w.sim.build(w, simNow, simLater/4, &r)
	st := w.base
	w.deal(&st, &r)
	const seat = 2
	cards := st.Hands[seat].Cards(nil)
	want := softmaxOf(cards, func(c engine.Card) float64 { return -w.sim.d[c] / w.sim.temp })
	top := 0.0
	for i := range want {
		top = max(top, want[i])
	}
	if top < 0.2 || top > 0.9 {
		t.Fatalf("the table is about uniform or certain on this hand (%v): the test cannot tell", want)
	}
	// The Expert's table up to 4 seats draws a share eps uniformly (Expert.simEps).
	if e := NewExpert(1, ExpertOptions{}); e.simEps <= 0 || e.simEps >= 0.5 {
		t.Fatalf("the Expert's simEps is %v", e.simEps)
	}
	for _, eps := range []float64{0, 0.2} {
		w.sim.eps = eps
		const n = 40000
		got := map[engine.Card]int{}
		var out [engine.MaxSeats]engine.Card
		for k := 0; k < n; k++ {
			w.firstCards(&st, pol, &r, &out)
			got[out[seat]]++
		}
		for i, c := range cards {
			p, q := float64(got[c])/n, (1-eps)*want[i]+eps/float64(len(cards))
			if math.Abs(p-q) > 0.015 {
				t.Errorf("eps %v: card %d drawn %.3f of the time, want %.3f", eps, c, p, q)
			}
		}
	}
}

// TestModelWhereHandsAreDealt checks where the Expert's model of MC100's present turn is used:
// where every hand is dealt at random and played by the basic turn (the basic game, Tactics,
// TCG), not where hands are drafted (Logic, Tournament) or the turn differs (Open, Professional,
// Nifty, Hand, Double). docs/BOTS.md (ninth #28 session) has the screens that chose it.
func TestModelWhereHandsAreDealt(t *testing.T) {
	want := map[engine.Variant]bool{engine.Basic: true, engine.Tactics: true, engine.TCG: true}
	for _, vr := range []engine.Variant{engine.Basic, engine.Tactics, engine.Logic, engine.Tournament, engine.Professional, engine.Open, engine.TCG} {
		g, err := engine.NewGame(engine.Config{Seats: 4, Variant: vr, Rounds: 2}, rand.New(rand.NewPCG(3, 4)))
		if err != nil {
			t.Fatal(err)
		}
		for steps := 0; ; steps++ {
			if steps > 200 || g.Over() {
				t.Fatalf("%v: no card decision reached", vr)
			}
			s := g.Waiting()[0]
			v := g.View(s)
			if v.Decision != nil && v.Decision.Kind == engine.DecidePlay && len(v.Hand) > 1 {
				if got := newWorld(&v).basic; got != want[vr] {
					t.Errorf("%v: the model of MC100's present turn used %v, want %v", vr, got, want[vr])
				}
				break
			}
			if err := g.Act(s, Heuristic(&v)); err != nil {
				t.Fatalf("%v: %v", vr, err)
			}
		}
	}
}

// TestOwnPlayoutNoise: the Expert plays its own later playout cards with expertNoise of noise,
// Hard with hardNoise, and an explicit ExpertOptions.Noise wins; with noise x, pick plays only
// cards whose estimate is within x of the hand's best, and more than one where several lie
// within x/2 of it.
func TestOwnPlayoutNoise(t *testing.T) {
	if e := NewExpert(1, ExpertOptions{}); e.pol.noise != expertNoise || expertNoise != 0.3 {
		t.Errorf("Expert's own playout noise %v, want 0.3", e.pol.noise)
	}
	if h := NewHard(1, ExpertOptions{}); h.pol.noise != hardNoise || hardNoise != 0.02 {
		t.Errorf("Hard's own playout noise %v, want 0.02", h.pol.noise)
	}
	if e := NewHard(1, ExpertOptions{Noise: 0.7}); e.pol.noise != 0.7 {
		t.Errorf("Hard with Noise 0.7 plays %v", e.pol.noise)
	}
	w, _ := playoutWorld(t, 4)
	r := newRNG(3)
	for _, noise := range []float64{0.02, 0.3, 1} {
		for d := 0; d < 20; d++ {
			st := w.base
			w.deal(&st, &r)
			cost := map[engine.Card]float32{}
			best := float32(1e9)
			for _, c := range st.Hands[w.me].Cards(nil) {
				cost[c] = riskCost(&st, c, &w.seen)
				best = min(best, cost[c])
			}
			close := 0
			for _, x := range cost {
				if x < best+float32(noise/2) {
					close++
				}
			}
			got := map[engine.Card]bool{}
			for k := 0; k < 400; k++ {
				c := pick(&st, w.me, policyRisk, noise, &r, &w.seen)
				if x, ok := cost[c]; !ok || x >= best+float32(noise) {
					t.Fatalf("noise %v: played %d, estimated %.3f against the best %.3f", noise, c, cost[c], best)
				}
				got[c] = true
			}
			if close > 1 && len(got) < 2 {
				t.Errorf("noise %v: always played one card where %d lie within half the noise of the best", noise, close)
			}
		}
	}
}
