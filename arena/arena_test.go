package arena_test

import (
	"bytes"
	"fmt"
	"os/exec"
	"strings"
	"testing"
	"time"

	"nimmt/arena"
	"nimmt/engine"
)

func TestSeatings(t *testing.T) {
	tests := []struct {
		players int
		bots    []string
		want    [][]int
	}{
		{2, []string{"a", "b"}, [][]int{{0, 1}, {1, 0}}},
		{4, []string{"a", "b"}, [][]int{{0, 1, 0, 1}, {1, 0, 1, 0}}},
		{4, []string{"e", "m", "m", "m"}, [][]int{{0, 1, 1, 1}, {1, 1, 1, 0}, {1, 1, 0, 1}, {1, 0, 1, 1}}},
		{3, []string{"a", "b", "c"}, [][]int{{0, 1, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}, {1, 0, 2}, {0, 2, 1}}},
	}
	for _, tc := range tests {
		got := arena.Seatings(tc.players, tc.bots)
		if fmt.Sprint(got) != fmt.Sprint(tc.want) {
			t.Errorf("Seatings(%d, %v) = %v, want %v", tc.players, tc.bots, got, tc.want)
		}
	}
	// Every bot sits at every seat equally often.
	for _, b := range [][]string{{"a", "b", "c", "d"}, {"a", "b", "c"}, {"x", "y"}} {
		for players := 2; players <= 10; players++ {
			ss := arena.Seatings(players, b)
			for seat := 0; seat < players; seat++ {
				count := map[int]int{}
				for _, s := range ss {
					count[s[seat]]++
				}
				for bot, n := range count {
					for bot2, n2 := range count {
						if float64(n) != float64(n2)*float64(countIn(ss[0], bot))/float64(countIn(ss[0], bot2)) {
							t.Errorf("%v at %d seats: seat %d has bot %d %d times, bot %d %d times", b, players, seat, bot, n, bot2, n2)
						}
					}
				}
			}
		}
	}
}

func countIn(s []int, b int) int {
	n := 0
	for _, x := range s {
		if x == b {
			n++
		}
	}
	return n
}

func run(t *testing.T, o arena.Options) *arena.Result {
	t.Helper()
	r, err := arena.Run(o)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func TestSameSeedSameTable(t *testing.T) {
	o := arena.Options{Bots: []string{"intermediate", "beginner", "random"}, Players: 4, Games: 24, Seed: 5, Rounds: 3}
	a, b := run(t, o), run(t, o)
	for i := range a.Stats {
		x, y := a.Stats[i], b.Stats[i]
		x.DecisionMsMean, x.DecisionMsP95, y.DecisionMsMean, y.DecisionMsP95 = 0, 0, 0, 0
		if x != y {
			t.Errorf("same seed, different lines:\n%+v\n%+v", x, y)
		}
	}
	o.Workers = 1
	c := run(t, o)
	if c.Stats[0].PenaltyPerRound != a.Stats[0].PenaltyPerRound {
		t.Errorf("1 worker: %v, all cores: %v", c.Stats[0].PenaltyPerRound, a.Stats[0].PenaltyPerRound)
	}
	if a.Games != 24 || a.Stats[0].Rounds != 24*3*2 {
		t.Errorf("games %d, intermediate seat-rounds %d", a.Games, a.Stats[0].Rounds)
	}
}

func TestDuplicateDeals(t *testing.T) {
	// Every game of a duplicate set is dealt the same cards round after round, with the bots
	// rotated (and mirrored) over the seats; different sets get different deals.
	bots := []string{"intermediate", "beginner", "random"}
	r := run(t, arena.Options{Bots: bots, Players: 4, Games: 16, Seed: 3, EndScore: 66, KeepRecords: true})
	seatings := arena.Seatings(4, bots)
	if r.Seatings != len(seatings) || len(r.Records) != 16 || r.Games != 16 {
		t.Fatalf("seatings %d, records %d, games %d", r.Seatings, len(r.Records), r.Games)
	}
	for i, rec := range r.Records {
		first := r.Records[i-i%r.Seatings]
		n := min(len(rec.Rounds), len(first.Rounds))
		for k := 0; k < n; k++ {
			if fmt.Sprint(rec.Rounds[k].Deal) != fmt.Sprint(first.Rounds[k].Deal) {
				t.Errorf("game %d round %d: deal differs from its set's first game", i, k+1)
			}
		}
		if i >= r.Seatings && fmt.Sprint(rec.Rounds[0].Deal) == fmt.Sprint(r.Records[i%r.Seatings].Rounds[0].Deal) {
			t.Errorf("game %d: same deal as the previous set", i)
		}
	}
	// One bot at every seat: a third of the wins each way round.
	r = run(t, arena.Options{Bots: []string{"intermediate", "intermediate"}, Players: 3, Games: 6, Seed: 3, Rounds: 2})
	if len(r.Stats) != 1 || r.Stats[0].WinRate < 0.33 || r.Stats[0].WinRate > 0.34 {
		t.Errorf("one bot at every seat: %+v", r.Stats)
	}
}

func TestEndScoreAndErrors(t *testing.T) {
	r := run(t, arena.Options{Bots: []string{"beginner", "random"}, Players: 5, Games: 5, Seed: 1, EndScore: 66})
	total := 0.0
	for _, s := range r.Stats {
		total += s.WinRate * float64(s.Seats)
	}
	if total < 4.99 || total > 5.01 {
		t.Errorf("wins add up to %v over 5 games", total)
	}
	if _, err := arena.Run(arena.Options{Bots: []string{"nobody"}, Players: 4, Games: 1, Rounds: 1}); err == nil {
		t.Error("unknown bot accepted")
	}
	if _, err := arena.Run(arena.Options{Bots: []string{"random"}, Players: 4, Games: 1, Rounds: 1, Variant: engine.Variant(99)}); err == nil || !strings.Contains(err.Error(), "variant") {
		t.Errorf("unknown variant: %v", err)
	}
	if _, err := arena.Run(arena.Options{Bots: []string{"random"}, Players: 8, Games: 1, Rounds: 1, Variant: engine.Nifty}); err == nil || !strings.Contains(err.Error(), "seats") {
		t.Errorf("eight seats of Nifty: %v", err)
	}
}

// TestEveryVariant: the arena plays every variant (#7).
func TestEveryVariant(t *testing.T) {
	for _, v := range engine.Variants() {
		r, err := arena.Run(arena.Options{Bots: []string{"intermediate", "random"}, Players: 4, Games: 2, Seed: 3, Rounds: 2, Variant: v})
		if err != nil {
			t.Fatalf("%s: %v", v, err)
		}
		if len(r.Stats) != 2 {
			t.Fatalf("%s: %+v", v, r.Stats)
		}
	}
}

// TestDoublets: Double with one deck and the doublets 11…99 of a second is played and
// recorded as such; the option with another variant is an error.
func TestDoublets(t *testing.T) {
	r := run(t, arena.Options{Bots: []string{"intermediate", "random"}, Players: 4, Games: 2, Seed: 3, Rounds: 1,
		Variant: engine.Double, Doublets: true, KeepRecords: true})
	for i, rec := range r.Records {
		if !rec.Config.Doublets || rec.Config.Variant != engine.Double {
			t.Errorf("record %d: config %+v, want Double with doublets", i, rec.Config)
		}
	}
	if len(r.Records) == 0 {
		t.Error("no records kept")
	}
	if _, err := arena.Run(arena.Options{Bots: []string{"random"}, Players: 4, Games: 1, Rounds: 1, Doublets: true}); err == nil || !strings.Contains(err.Error(), "doublets") {
		t.Errorf("doublets without Double: %v", err)
	}
}

func TestExternalFaultsCounted(t *testing.T) {
	if _, err := exec.LookPath("python3"); err != nil {
		t.Skip("python3 not found")
	}
	var log bytes.Buffer
	r := run(t, arena.Options{Bots: []string{"cmd:python3 ../bots/testdata/garbage.py", "cmd:python3 ../examples/mybot.py", "random"},
		Players: 3, Games: 6, Seed: 2, Rounds: 1, Faults: &log,
		// Generous: both bots answer at once, but a Python start (through a pyenv shim) took over a
		// minute at load 35 on 2 cores. A passing run never waits for these limits.
		Timeout: 10 * time.Minute, HelloTimeout: 10 * time.Minute})

	if r.Stats[0].Faults < 6*10 { // every card decision, and every row choice
		t.Errorf("garbage bot: %d faults, want at least 60", r.Stats[0].Faults)
	}
	if r.Stats[1].Faults != 0 {
		t.Errorf("example bot: %d faults\n%s", r.Stats[1].Faults, log.String())
	}
	first := strings.SplitN(log.String(), "\n", 2)[0]
	for _, want := range []string{"game ", "garbage.py", "round 1", "turn ", "fallback"} {
		if !strings.Contains(first, want) {
			t.Errorf("fault line %q lacks %q", first, want)
		}
	}
}

// TestBudgetSpecs: hard@N, expert@N and the clairvoyant ceiling play; budgets on other levels,
// and budgets that are not a positive number, are refused.
func TestBudgetSpecs(t *testing.T) {
	r := run(t, arena.Options{Bots: []string{"hard@40", "clairvoyant@40", "expert@40"}, Players: 3, Games: 1, Seed: 3, Rounds: 1})
	if len(r.Stats) != 3 || r.Stats[1].Bot != "clairvoyant@40" || r.Stats[0].Rounds == 0 {
		t.Errorf("stats %+v", r.Stats)
	}
	for _, spec := range []string{"intermediate@50", "expert@0", "hard@x", "clairvoyant@-1"} {
		if _, err := arena.Run(arena.Options{Bots: []string{spec}, Players: 4, Games: 1, Rounds: 1}); err == nil {
			t.Errorf("%s accepted", spec)
		}
	}
}
