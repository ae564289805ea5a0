// Package arena plays many games between bots and measures them: duplicate deals (each deal
// replayed with the seats rotated, and mirrored for three or more bots, so luck cancels out),
// mean penalty per round with a 95 % confidence interval, game win rate and decision times.
// Games run on all cores; the same seed gives the same table, timing aside. Every game is driven
// through engine.Game and every bot sees only its seat's view.
package arena

import (
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"runtime"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"nimmt/bots"
	"nimmt/engine"
)

// Options configure a run.
type Options struct {
	// Bots are the bot specs, a level name or "cmd:PROGRAM ARGS"; seat s of the first seating
	// gets Bots[s mod len(Bots)].
	Bots []string
	// Players is the number of seats.
	Players int
	// Games is the number of games, rounded up to a whole number of duplicate sets.
	Games int
	// Seed fixes the deals and the bots' seeds.
	Seed uint64
	// Rounds ends each game after this many rounds; EndScore (if Rounds is 0) at this score.
	Rounds, EndScore int
	// Variant is the rules: any variant of docs/variants.md.
	Variant engine.Variant
	// Doublets plays Double with one deck plus the doublets 11…99 of a second (Variant Double only).
	Doublets bool
	// Workers is the number of games played at once (0: all cores).
	Workers int
	// Timeout limits each answer of an external bot (0: 2 s); HelloTimeout its greeting (0: 10 s).
	Timeout, HelloTimeout time.Duration
	// Progress, if set, receives a progress line now and then; Faults receives one line per fault.
	Progress, Faults io.Writer
	// KeepRecords keeps every game's record in Result.Records.
	KeepRecords bool
}

// Stats is one bot's line of the table. Bots that sit at several seats are counted per seat.
type Stats struct {
	Bot             string  `json:"bot"`
	Seats           int     `json:"seats"`  // seat-games played
	Rounds          int     `json:"rounds"` // seat-rounds played
	PenaltyPerRound float64 `json:"penalty_per_round"`
	CI95            float64 `json:"ci95"`
	WinRate         float64 `json:"win_rate"` // games won per seat-game; a shared win is split
	Decisions       int     `json:"decisions"`
	DecisionMsMean  float64 `json:"decision_ms_mean"`
	DecisionMsP95   float64 `json:"decision_ms_p95"`
	Faults          int     `json:"faults"`
}

// Pair compares two bots over the rounds where both sat at the table: the mean of A's penalty
// per round minus B's, with a 95 % confidence interval.
type Pair struct {
	A, B string
	Diff float64
	CI95 float64
	N    int
}

// Result is the outcome of a run.
type Result struct {
	Stats       []Stats
	Pairs       []Pair // consecutive bots of the list
	Games       int
	Seatings    int
	Elapsed     time.Duration
	GamesPerSec float64
	// Records are the games' records in order (game i is seating i mod Seatings of deal set
	// i / Seatings) when Options.KeepRecords is set.
	Records []*engine.Record
}

// Seatings returns the duplicate seatings for players seats and the bot list: seating[s] is the
// index in bots of the bot at seat s. The first seating cycles through bots; the others rotate
// it, and for three or more distinct bots also rotate its mirror image. Duplicates are dropped.
func Seatings(players int, bots []string) [][]int {
	base := make([]int, players)
	for s := range base {
		base[s] = s % len(bots)
	}
	// Identical specs are the same bot: map each to its first index.
	for s, b := range base {
		base[s] = slices.Index(bots, bots[b])
	}
	distinct := map[int]bool{}
	for _, b := range base {
		distinct[b] = true
	}
	var out [][]int
	seen := map[string]bool{}
	add := func(layout []int) {
		for r := 0; r < players; r++ {
			l := make([]int, players)
			for s := range l {
				l[s] = layout[(s+r)%players]
			}
			if k := fmt.Sprint(l); !seen[k] {
				seen[k] = true
				out = append(out, l)
			}
		}
	}
	add(base)
	if len(distinct) >= 3 {
		mirror := slices.Clone(base)
		slices.Reverse(mirror)
		add(mirror)
	}
	return out
}

// gameResult is what one game tells the table.
type gameResult struct {
	seating   []int
	penalties [][]int // per round, per seat
	win       []float64
	times     [][]float64 // per seat, decision times in ms
	faults    []int
	record    *engine.Record
	err       error
}

// Run plays the games and returns the table.
func Run(o Options) (*Result, error) {
	if len(o.Bots) == 0 {
		return nil, fmt.Errorf("arena: no bots")
	}
	if !bots.Supports(o.Variant) {
		return nil, fmt.Errorf("arena: variant %q: the bots do not play it", o.Variant)
	}
	cfg := engine.Config{Seats: o.Players, Variant: o.Variant, EndScore: o.EndScore, Rounds: o.Rounds, Doublets: o.Doublets}
	if o.Rounds > 0 {
		cfg.EndScore = 0
	}
	if err := cfg.Validate(); err != nil {
		return nil, fmt.Errorf("arena: %w", err)
	}
	for _, b := range o.Bots {
		if !strings.HasPrefix(b, "cmd:") {
			if _, err := newBot(b, 0); err != nil {
				return nil, fmt.Errorf("arena: %w", err)
			}
		}
	}
	seatings := Seatings(o.Players, o.Bots)
	sets := max(1, (o.Games+len(seatings)-1)/len(seatings))
	total := sets * len(seatings)
	workers := o.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	results := make([]gameResult, total)
	var next, done atomic.Int64
	start := time.Now()
	stop := make(chan struct{})
	if o.Progress != nil {
		go func() {
			t := time.NewTicker(2 * time.Second)
			defer t.Stop()
			for {
				select {
				case <-stop:
					return
				case <-t.C:
					d := done.Load()
					fmt.Fprintf(o.Progress, "arena: %d/%d games, %.1f games/s\n", d, total, float64(d)/time.Since(start).Seconds())
				}
			}
		}()
	}
	var wg sync.WaitGroup
	var faultMu sync.Mutex
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				i := int(next.Add(1) - 1)
				if i >= total {
					return
				}
				set, j := i/len(seatings), i%len(seatings)
				results[i] = playGame(o, cfg, set, i, seatings[j], &faultMu)
				done.Add(1)
			}
		}()
	}
	wg.Wait()
	close(stop)
	elapsed := time.Since(start)
	for _, r := range results {
		if r.err != nil {
			return nil, r.err
		}
	}
	res := tabulate(o.Bots, results)
	res.Games, res.Seatings, res.Elapsed = total, len(seatings), elapsed
	res.GamesPerSec = float64(total) / elapsed.Seconds()
	if o.KeepRecords {
		for _, r := range results {
			res.Records = append(res.Records, r.record)
		}
	}
	return res, nil
}

// playGame plays game number idx of duplicate set set with the given seating.
func playGame(o Options, cfg engine.Config, set, idx int, seating []int, faultMu *sync.Mutex) gameResult {
	n := o.Players
	gr := gameResult{seating: seating, win: make([]float64, n), times: make([][]float64, n), faults: make([]int, n)}
	deals := rand.New(rand.NewPCG(o.Seed, uint64(set)))
	g, err := engine.NewGame(cfg, deals)
	if err != nil {
		gr.err = err
		return gr
	}
	players := make([]bots.Bot, n)
	var externals []*bots.External
	for s := 0; s < n; s++ {
		spec := o.Bots[seating[s]]
		if cmd, ok := strings.CutPrefix(spec, "cmd:"); ok {
			x := bots.NewExternal(cmd)
			if o.Timeout > 0 {
				x.Timeout = o.Timeout
			}
			if o.HelloTimeout > 0 {
				x.HelloTimeout = o.HelloTimeout
			}
			x.OnFault = func(f bots.Fault) {
				if o.Faults != nil {
					faultMu.Lock()
					fmt.Fprintf(o.Faults, "arena: game %d: %v\n", idx+1, f)
					faultMu.Unlock()
				}
			}
			externals = append(externals, x)
			players[s] = x
			continue
		}
		b, err := newBot(spec, botSeed(o.Seed, set, s, seating))
		if err != nil {
			gr.err = err
			return gr
		}
		players[s] = b
	}
	defer func() {
		for _, x := range externals {
			_ = x.Close(g.Scores())
		}
	}()
	for !g.Over() {
		s := g.Waiting()[0]
		v := g.View(s)
		t0 := time.Now()
		var a engine.Action
		if c, ok := players[s].(*bots.Clairvoyant); ok {
			a = c.DecideSeeing(&v, hands(g, n))
		} else {
			a = players[s].Decide(&v)
		}
		gr.times[s] = append(gr.times[s], float64(time.Since(t0).Nanoseconds())/1e6)
		if err := g.Act(s, a); err != nil {
			// A built-in bot answered illegally: a bug. Count it and play the fallback.
			gr.faults[s]++
			if err := g.Act(s, bots.Fallback(&v)); err != nil {
				gr.err = fmt.Errorf("arena: game %d: fallback rejected: %w", idx+1, err)
				return gr
			}
		}
	}
	for _, e := range g.Events() {
		if rs, ok := e.(engine.RoundScored); ok {
			gr.penalties = append(gr.penalties, rs.Penalties)
		}
	}
	if o.KeepRecords {
		gr.record = g.Record()
	}
	winners := g.Winners()
	for _, w := range winners {
		gr.win[w] = 1 / float64(len(winners))
	}
	for s, p := range players {
		if x, ok := p.(*bots.External); ok {
			gr.faults[s] += x.Faults()
		}
	}
	return gr
}

// hands returns every seat's hand, for the clairvoyant ceiling only.
func hands(g *engine.Game, n int) [][]engine.Card {
	out := make([][]engine.Card, n)
	for s := range out {
		v := g.View(s)
		out[s] = v.Hand
	}
	return out
}

// botSeed gives the bot at seat s of a duplicate set a seed that depends on the set and on which
// bot it is, so a bot meets the same deal with the same seed whatever seat it has.
func botSeed(seed uint64, set, s int, seating []int) uint64 {
	k := 0 // which copy of this bot in the seating
	for t := 0; t < s; t++ {
		if seating[t] == seating[s] {
			k++
		}
	}
	return seed*0x9e3779b97f4a7c15 ^ uint64(set)<<20 ^ uint64(seating[s])<<8 ^ uint64(k)
}

func tabulate(names []string, results []gameResult) *Result {
	type acc struct {
		seats, faults int
		sum, sq       float64
		n             int
		win           float64
		times         []float64
	}
	accs := map[int]*acc{}
	var order []int
	get := func(b int) *acc {
		if accs[b] == nil {
			accs[b] = &acc{}
			order = append(order, b)
		}
		return accs[b]
	}
	for _, r := range results {
		for s, b := range r.seating {
			a := get(b)
			a.seats++
			a.win += r.win[s]
			a.faults += r.faults[s]
			a.times = append(a.times, r.times[s]...)
			for _, p := range r.penalties {
				x := float64(p[s])
				a.sum += x
				a.sq += x * x
				a.n++
			}
		}
	}
	sort.Ints(order)
	res := &Result{}
	for _, b := range order {
		a := accs[b]
		mean, ci := meanCI(a.sum, a.sq, a.n)
		st := Stats{Bot: names[b], Seats: a.seats, Rounds: a.n, PenaltyPerRound: mean, CI95: ci,
			WinRate: a.win / float64(max(1, a.seats)), Decisions: len(a.times), Faults: a.faults}
		if len(a.times) > 0 {
			sum := 0.0
			for _, t := range a.times {
				sum += t
			}
			st.DecisionMsMean = sum / float64(len(a.times))
			slices.Sort(a.times)
			st.DecisionMsP95 = a.times[min(len(a.times)-1, int(math.Ceil(0.95*float64(len(a.times))))-1)]
		}
		res.Stats = append(res.Stats, st)
	}
	for i := 0; i+1 < len(order); i++ {
		A, B := order[i], order[i+1]
		var sum, sq float64
		n := 0
		for _, r := range results {
			for _, p := range r.penalties {
				ma, na, mb, nb := 0.0, 0, 0.0, 0
				for s, b := range r.seating {
					switch b {
					case A:
						ma += float64(p[s])
						na++
					case B:
						mb += float64(p[s])
						nb++
					}
				}
				if na == 0 || nb == 0 {
					continue
				}
				d := ma/float64(na) - mb/float64(nb)
				sum += d
				sq += d * d
				n++
			}
		}
		mean, ci := meanCI(sum, sq, n)
		res.Pairs = append(res.Pairs, Pair{A: names[A], B: names[B], Diff: mean, CI95: ci, N: n})
	}
	return res
}

// meanCI returns the mean of n samples with sum and sum of squares, and the half-width of its
// 95 % confidence interval (normal approximation).
func meanCI(sum, sq float64, n int) (mean, ci float64) {
	if n == 0 {
		return 0, 0
	}
	mean = sum / float64(n)
	if n < 2 {
		return mean, 0
	}
	v := (sq - sum*sum/float64(n)) / float64(n-1)
	return mean, 1.96 * math.Sqrt(max(0, v)/float64(n))
}

// newBot makes a built-in bot from its spec: a level name, "clairvoyant" (the Expert told every
// hand: a ceiling), or LEVEL@N for an Expert, Hard or Clairvoyant with a budget of N playouts per
// decision.
func newBot(spec string, seed uint64) (bots.Bot, error) {
	level, budget, ok := strings.Cut(spec, "@")
	n := 0
	if ok {
		var err error
		if n, err = strconv.Atoi(budget); err != nil || n <= 0 {
			return nil, fmt.Errorf("arena: bot %q: the budget after @ must be a number of playouts above 0", spec)
		}
	}
	opt := bots.ExpertOptions{Playouts: n}
	switch level {
	case bots.LevelExpert:
		return bots.NewExpert(seed, opt), nil
	case bots.LevelHard:
		return bots.NewHard(seed, opt), nil
	case bots.LevelClairvoyant:
		return bots.NewClairvoyant(seed, opt), nil
	}
	if ok {
		return nil, fmt.Errorf("arena: bot %q: only expert, hard and clairvoyant take a budget (@N)", spec)
	}
	return bots.New(spec, seed)
}
