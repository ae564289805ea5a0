package bots

import (
	"cmp"
	"context"
	"runtime"
	"sync"

	"nimmt/engine"
)

// DefaultExpertBudget sets the Expert's default node budget: DefaultExpertBudget/seats playouts
// per decision (6,000 at 4 seats, 2,400 at 9), so a decision costs about the same at every table
// size (from 5 seats, where the others' later cards are safe-random, a little more); at 10 seats
// crowdBudget. Against MC100, 6,000 playouts at 4 seats take 0.77× its penalty where 2,000 take
// 0.81×; at 10 seats 9,600 random-model playouts took no measurably fewer bullheads than 2,400
// (docs/BOTS.md).
const DefaultExpertBudget = 24000

// expertLanes is the fixed number of independent random streams a decision's playouts are split
// into. The lanes, not the goroutines, fix the result, so a decision is the same on one core or
// many.
const expertLanes = 4

// ExpertOptions tune the Expert. The zero value is the default.
type ExpertOptions struct {
	// Playouts is the node budget: playouts per decision (0: the level's default, see
	// DefaultExpertBudget and NewHard; in the variant search of Nifty, Hand, Double
	// and Professional DefaultVariantBudget/seats, a quarter of it for Hard).
	Playouts int
	// Workers is the number of goroutines (0: all cores; always 1 in the browser).
	Workers int
	// Noise is the randomness of this seat's own risk policy in its later playout turns, in
	// bullheads added at random to each card's estimate (0: the default, expertNoise; Hard's
	// hardNoise).
	Noise float64
}

// Expert searches over deals of the unseen cards consistent with its view (determinized Monte
// Carlo with card counting). For each sampled deal it plays every option to the end of the round —
// the other seats' cards of the present turn drawn from a model of MC100 simulated at the
// decision (mcTable, in the basic game, Tactics and TCG; up to 4 seats a fifth of them at
// random, simEps), their later cards at random (from 5 seats as safe-random players,
// policySafe), itself by a cheap risk estimate with some noise (expertNoise) — and it scores
// every option on the same deals (common random numbers). Options are pruned by successive
// halving, so the budget goes to the best ones. When its card may be the lowest of the turn it
// simulates each row it could take, and on a row choice each row, so taking a bigger row wins
// when it pays. The search is anytime: DecideContext returns the best option so far when its
// context ends.
type Expert struct {
	seed uint64
	opt  ExpertOptions
	pol  playPolicy
	name string
	// crowdFrom: from this many seats the others play the risk policy with crowdNoise in the
	// playouts (0: never, the default; the Expert from 10 seats before the safe policy).
	crowdFrom  int
	crowdNoise float64
	crowdOwn   bool
	// safeFrom and safeTries: from safeFrom seats (0: never; the Expert: safeSeats), when the
	// others do not play the risk policy, they play policySafe with safeTries draws.
	safeFrom, safeTries int
	// modelFrom: from this many seats (0: never, the default) the others play the learned model
	// of MC100 (policyModel) in the playouts.
	modelFrom int
	// simEps: up to simEpsSeats seats, the chance that another seat's present-turn card is drawn
	// uniformly instead of from the simulated model (mcTable.eps): a model less sure of itself
	// gives back most of what the model costs at a table with a random player, at no measured
	// cost against MC100 at 4 seats (docs/BOTS.md, ninth #28 session).
	simEps float64
	// budget and vbudget are the default playouts per decision at a number of seats, in the
	// basic game's search and in the variant search.
	budget, vbudget func(seats int) int
}

// NewExpert returns an Expert with the given seed and options.
func NewExpert(seed uint64, opt ExpertOptions) *Expert {
	if opt.Workers <= 0 {
		opt.Workers = runtime.GOMAXPROCS(0)
	}
	if runtime.GOOS == "js" {
		opt.Workers = 1
	}
	if opt.Noise <= 0 {
		opt.Noise = expertNoise
	}
	// In the playouts the other seats play the decision's own turn by a model of MC100 simulated
	// at the decision (modelFirst and simFirst: what they are about to play matters most, and
	// they choose it before they see this seat's card) and the later turns at random
	// (policySafe from safeSeats), while this seat plays its risk policy: measured against
	// MC100 (docs/BOTS.md, sixth, seventh and tenth #28 sessions).
	e := &Expert{seed: seed, opt: opt, pol: playPolicy{opp: policyRandom, self: policyRisk, noise: opt.Noise, modelFirst: true, simFirst: true},
		name: LevelExpert, simEps: 0.2, crowdNoise: crowdNoise, safeFrom: safeSeats, safeTries: crowdTries, budget: expertBudget, vbudget: func(seats int) int { return DefaultVariantBudget / seats }}
	return e
}

// Name implements Bot.
func (e *Expert) Name() string { return e.name }

// Decide implements Bot.
func (e *Expert) Decide(v *engine.View) engine.Action {
	return e.DecideContext(context.Background(), v)
}

// lane is one random stream of a search and its scratch space.
type lane struct {
	fix       rowFix
	first     [engine.MaxSeats]engine.Card // the others' cards in the decision's turn (modelFirst)
	sums      []float64
	st, dealt engine.State // scratch: kept here so playouts allocate nothing
}

// DecideContext implements ContextBot: it stops early, with the best option so far, when ctx ends.
func (e *Expert) DecideContext(ctx context.Context, v *engine.View) engine.Action {
	if gameSearched(v) {
		return e.gameSearch(ctx, v)
	}
	if a, ok := variantTurn(v, LevelExpert, e.seed); ok {
		return a
	}
	if v.Decision == nil || (v.Decision.Kind == engine.DecidePlay && len(v.Hand) == 0) {
		return Fallback(v)
	}
	return e.decideBasic(ctx, v, nil)
}

// decideBasic answers a card or row decision of the basic game by the search; hands, when not
// nil, are every seat's true hand (the clairvoyant ceiling), dealt instead of sampled deals.
func (e *Expert) decideBasic(ctx context.Context, v *engine.View, hands [][]engine.Card) engine.Action {
	w := newWorld(v)
	if hands != nil {
		w.know(hands)
	}
	return e.decideIn(ctx, v, w)
}

// decideIn answers v's card or row decision by the search over w.
func (e *Expert) decideIn(ctx context.Context, v *engine.View, w *world) engine.Action {
	cands := w.candidates(v, true)
	best := e.search(ctx, w, cands, viewSeed(e.seed, v))
	if w.kind == engine.DecideRow {
		return engine.TakeRow(cands[best].row)
	}
	return engine.PlayCard(cands[best].card)
}

// search returns the index of the best candidate.
func (e *Expert) search(ctx context.Context, w *world, cands []candidate, seed uint64) int {
	n := len(cands)
	if n == 1 {
		return 0
	}
	sums := make([]float64, n)
	alive, rounds := halving(n)
	lanes := make([]lane, expertLanes)
	for i := range lanes {
		lanes[i].sums = make([]float64, n)
	}
	budget := e.opt.Playouts
	if budget <= 0 {
		budget = e.budget(w.seats)
	}
	budget = e.pol.nestBudget(budget, w.turns)
	if pol := e.policy(w.seats); pol.modelFirst && pol.simFirst && w.basic && w.kind == engine.DecidePlay {
		w.sim = new(mcTable)
		r := newRNG(mix(seed, simSalt))
		w.sim.build(w, simNow, simLater/w.seats, &r)
		if w.seats <= simEpsSeats {
			w.sim.eps = e.simEps
		}
	}
	for round := 0; round < rounds && len(alive) > 1; round++ {
		if ctx.Err() != nil {
			break
		}
		deals := max(expertLanes, budget/(rounds-round)/len(alive))
		budget -= deals * len(alive)
		e.runLanes(ctx, w, cands, alive, lanes, deals, mix(seed, uint64(round)))
		for l := range lanes {
			for _, i := range alive {
				sums[i] += lanes[l].sums[i]
			}
		}
		sortStable(alive, func(a, b int) int { return cmp.Compare(sums[a], sums[b]) })
		if round == rounds-1 {
			alive = alive[:1]
		} else {
			alive = alive[:(len(alive)+1)/2]
		}
	}
	sortStable(alive, func(a, b int) int { return cmp.Compare(sums[a], sums[b]) })
	return alive[0]
}

// simEpsSeats is the most seats at which the Expert's model is less sure of itself (simEps):
// measured at 3 and 4 seats; at 5 and 10 seats against MC100 it leaned worse (+0.47 and +0.72
// bullheads a round, n.s.) where the Expert's figure is near its target.
const simEpsSeats = 4

// simSalt separates the simulated model's draws (mcTable.build) from the search's; simNow and
// simLater are its draws of the others' cards and its random playouts (over the seats).
const (
	simSalt  = 0x5bd1e9955bd1e995
	simNow   = 200
	simLater = 4000
)

// firstSalt separates the draws of the others' first cards (firstCards) from a deal's playouts.
const firstSalt = 0x9e3779b97f4a7c15

// halving starts a successive halving over n candidates: every index alive, and the number of
// halving rounds that leave one (⌈log₂ n⌉).
func halving(n int) (alive []int, rounds int) {
	alive = make([]int, n)
	for i := range alive {
		alive[i] = i
	}
	for k := 1; k < n; k *= 2 {
		rounds++
	}
	return alive, rounds
}

// runLanes scores the alive candidates on deals sampled deals, split over the lanes, and runs the
// lanes on the Expert's workers. Lane l's results depend only on seed and l.
func (e *Expert) runLanes(ctx context.Context, w *world, cands []candidate, alive []int, lanes []lane, deals int, seed uint64) {
	pol := e.policy(w.seats)
	run := func(l int) {
		ln := &lanes[l]
		clear(ln.sums)
		my := deals / expertLanes
		if l < deals%expertLanes {
			my++
		}
		r := newRNG(mix(seed, uint64(l)+1))
		for d := 0; d < my; d++ {
			if d&63 == 63 && ctx.Err() != nil {
				return
			}
			ln.dealt = w.base
			w.deal(&ln.dealt, &r)
			wt := 1.0
			if w.weigh != nil {
				wt = w.weigh(&ln.dealt)
			}
			ps := r.next()
			ln.fix.first = nil
			if pol.modelFirst && w.basic && w.kind == engine.DecidePlay {
				fr := newRNG(ps ^ firstSalt)
				w.firstCards(&ln.dealt, pol, &fr, &ln.first)
				ln.fix.first = &ln.first
			}
			for _, i := range alive {
				ln.st = ln.dealt
				pr := newRNG(ps)
				ln.sums[i] += wt * float64(w.playout(&ln.st, cands[i], pol, &pr, &ln.fix))
			}
			yieldToPage()
		}
	}
	fanOut(min(e.opt.Workers, expertLanes), expertLanes, run)
}

// fanOut calls run(0), …, run(n-1) on workers goroutines (in order on the caller's when workers
// ≤ 1), goroutine k taking k, k+workers, …, and returns when every call has returned.
func fanOut(workers, n int, run func(i int)) {
	if workers <= 1 {
		for i := 0; i < n; i++ {
			run(i)
		}
		return
	}
	var wg sync.WaitGroup
	for k := 0; k < workers; k++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := k; i < n; i += workers {
				run(i)
			}
		}()
	}
	wg.Wait()
}

// From safeSeats seats the Expert's playouts model the other seats' later cards by policySafe
// with crowdTries draws (random cards, drawn again while the one drawn obviously takes a row, as
// MC100 avoids) instead of uniformly random cards; from crowdSeats on a budget of crowdBudget
// playouts (each costs ~1.5 times a random one). At 10 seats against MC100 this took fewer
// bullheads than the risk policy with crowdNoise of noise on 1,200 playouts (the Expert before);
// at 5 seats, with the others' present-turn cards from the simulated model of MC100, 0.58 fewer a
// round than random later cards over 6,000 paired rounds; at 4 seats nothing over 4,000
// (docs/BOTS.md, fourth, eighth and tenth #28 sessions). 6 to 9 seats lie between the two measured.
const (
	safeSeats   = 5
	crowdSeats  = 10
	crowdTries  = 3
	crowdBudget = 2400
	crowdNoise  = 1.0
)

// policy is how the playouts play at seats seats: the others at random, or from safeSeats by
// policySafe (the Expert, not Hard), or by the risk policy from crowdFrom seats when set.
func (e *Expert) policy(seats int) playPolicy {
	pol := e.pol
	if e.modelFrom > 0 && seats >= e.modelFrom {
		pol.opp = policyModel
	} else if e.crowdFrom > 0 && seats >= e.crowdFrom {
		pol.opp, pol.oppNoise, pol.oppOwn = policyRisk, e.crowdNoise, e.crowdOwn
	} else if e.safeFrom > 0 && seats >= e.safeFrom && e.safeTries > 0 {
		pol.opp, pol.safeTries = policySafe, e.safeTries
	}
	return pol
}

// expertBudget is the Expert's default playouts per decision at seats seats.
func expertBudget(seats int) int {
	if seats >= crowdSeats {
		return crowdBudget
	}
	return DefaultExpertBudget / seats
}

// hardBudget is Hard's playouts per decision at seats seats: 300 up to 4 seats, where it takes
// MC100's bullheads (0.99× over 800 rounds), then 150 more a seat up to 1,200 at 10 seats (750
// played no better than Intermediate there, +0.72 ± 0.96 bullheads a round). docs/BOTS.md has
// the runs.
func hardBudget(seats int) int { return max(300, 150*seats-300) }

// expertNoise is the Expert's own playout noise (ExpertOptions.Noise): each later card of its
// own in a playout is the one of least estimated bullheads plus up to this much at random.
// Against 3 MC100 at 4 seats 0.3 took 0.40 ± 0.24 fewer bullheads a round than 0.02 over 6,000
// fresh paired rounds, 1.0 0.14 ± 0.26 fewer (docs/BOTS.md, tenth #28 session).
const expertNoise = 0.3

// hardNoise is Hard's playout noise, the Expert's before the tenth #28 session: Hard is measured
// at MC100's strength with it.
const hardNoise = 0.02

// NewHard returns a Hard bot: the Expert's search on a smaller budget (hardBudget; in the
// variants' search a quarter of the Expert's). opt.Playouts, when set, overrides the budget.
func NewHard(seed uint64, opt ExpertOptions) *Expert {
	if opt.Noise <= 0 {
		opt.Noise = hardNoise
	}
	e := NewExpert(seed, opt)
	e.name = LevelHard
	e.safeFrom = 0
	// Hard keeps the others at random in every turn: it is measured at MC100's strength so.
	e.pol.modelFirst = false
	e.budget = hardBudget
	e.vbudget = func(seats int) int { return max(expertLanes, DefaultVariantBudget/seats/4) }
	return e
}
