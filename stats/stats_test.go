package stats_test

import (
	"bytes"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"nimmt/engine"
	"nimmt/stats"
	"nimmt/storage"
)

// play plays a whole game with random legal actions and returns it as the table would give it
// to Record at game over, with the events as the only source.
func play(t *testing.T, cfg engine.Config, levels []string, seed uint64) stats.Game {
	t.Helper()
	r := rand.New(rand.NewPCG(seed, 2))
	g, err := engine.NewGame(cfg, r)
	if err != nil {
		t.Fatal(err)
	}
	for !g.Over() {
		w := g.Waiting()
		v := g.View(w[0])
		if err := g.Act(w[0], engine.RandomAction(&v, r)); err != nil {
			t.Fatal(err)
		}
	}
	out := stats.Game{ID: fmt.Sprintf("game-%d", seed), Config: cfg, Levels: levels, Me: 0,
		End: time.Date(2026, 11, 23, 0, 0, int(seed), 0, time.UTC)}
	for _, ev := range g.EventsFor(0, 0) {
		switch ev := ev.(type) {
		case engine.RoundScored:
			out.Rounds = append(out.Rounds, ev.Penalties)
		case engine.GameOver:
			out.Totals, out.Winners = ev.Totals, ev.Winners
		}
	}
	return out
}

func open(t *testing.T, st stats.Store) *stats.Keeper {
	t.Helper()
	k, err := stats.Open(st)
	if err != nil {
		t.Fatal(err)
	}
	return k
}

// TestRecordGames records real games and checks every figure against the games themselves,
// then reopens the file and finds the same statistics.
func TestRecordGames(t *testing.T) {
	dir := storage.Dir(t.TempDir())
	k := open(t, dir)
	basic, tactics := engine.DefaultConfig(4), engine.Config{Seats: 3, Variant: engine.Tactics, EndScore: 66}
	var games []stats.Game
	for seed := range uint64(30) {
		switch seed % 3 {
		case 0:
			games = append(games, play(t, basic, []string{"", "expert", "beginner", "intermediate"}, seed))
		case 1:
			games = append(games, play(t, basic, []string{"", "beginner", "random", "beginner"}, seed))
		default:
			games = append(games, play(t, tactics, []string{"", "", "random"}, seed))
		}
	}
	for _, g := range games {
		if err := k.Record(g); err != nil {
			t.Fatal(err)
		}
	}
	// The same games again: counted once.
	for _, g := range games[len(games)-5:] {
		if err := k.Record(g); err != nil {
			t.Fatal(err)
		}
	}
	s := k.Stats()
	won, rounds, bullheads, streak, longest := 0, 0, 0, 0, 0
	best, worst := 1<<30, -1
	byLevel := map[string]stats.Tally{}
	for i, g := range games {
		w := slices.Contains(g.Winners, 0)
		level := []string{"expert", "beginner", "random"}[i%3]
		t := byLevel[level]
		t.Played++
		if w {
			won++
			t.Won++
			streak++
			longest = max(longest, streak)
		} else {
			streak = 0
		}
		byLevel[level] = t
		rounds += len(g.Rounds)
		for _, r := range g.Rounds {
			bullheads += r[0]
		}
		best, worst = min(best, g.Totals[0]), max(worst, g.Totals[0])
	}
	if s.Local.Played != 30 || s.Local.Won != won || s.Online.Played != 0 {
		t.Errorf("local %d played %d won, online %d; want 30 played %d won, online 0", s.Local.Played, s.Local.Won, s.Online.Played, won)
	}
	if s.Local.Rounds != rounds || s.Local.Bullheads != bullheads {
		t.Errorf("rounds %d bullheads %d, want %d %d", s.Local.Rounds, s.Local.Bullheads, rounds, bullheads)
	}
	if got, want := s.Local.AverageBullheads(), float64(bullheads)/float64(rounds); got != want {
		t.Errorf("average %v, want %v", got, want)
	}
	if s.Local.Streak != streak || s.Local.LongestStreak != longest {
		t.Errorf("streak %d longest %d, want %d %d", s.Local.Streak, s.Local.LongestStreak, streak, longest)
	}
	if s.Local.Best.Total != best || s.Local.Worst.Total != worst {
		t.Errorf("best %d worst %d, want %d %d", s.Local.Best.Total, s.Local.Worst.Total, best, worst)
	}
	for l, want := range byLevel {
		if got := s.Local.ByLevel[l]; got != want {
			t.Errorf("level %s: %+v, want %+v", l, got, want)
		}
	}
	if b, tc := s.Local.ByVariant["basic"], s.Local.ByVariant["tactics"]; b.Played != 20 || tc.Played != 10 {
		t.Errorf("by variant %v, want basic 20, tactics 10", s.Local.ByVariant)
	}
	if len(s.Local.Recent) != stats.RecentGames || s.Local.Recent[stats.RecentGames-1].ID != games[29].ID {
		t.Errorf("%d recent games ending with %q, want %d ending with %q", len(s.Local.Recent), s.Local.Recent[len(s.Local.Recent)-1].ID, stats.RecentGames, games[29].ID)
	}
	// Reopened from the file: the same.
	again := open(t, dir).Stats()
	if !reflect.DeepEqual(again, s) {
		t.Errorf("reopened:\n%+v\nwant\n%+v", again, s)
	}
	// Online games count apart.
	g := games[0]
	g.Online, g.ID = true, "room-1/1"
	if err := k.Record(g); err != nil {
		t.Fatal(err)
	}
	if s := k.Stats(); s.Online.Played != 1 || s.Local.Played != 30 {
		t.Errorf("after an online game: local %d online %d", s.Local.Played, s.Online.Played)
	}
	// Reset: empty, and saved empty.
	if err := k.Reset(); err != nil {
		t.Fatal(err)
	}
	if s := open(t, dir).Stats(); s.Local.Played != 0 || s.Online.Played != 0 || s.Local.Best != nil {
		t.Errorf("after Reset: %+v", s)
	}
}

// TestBadGame rejects games that do not add up, with an *InputError naming the field, and
// changes neither the statistics nor the file.
func TestBadGame(t *testing.T) {
	dir := storage.Dir(t.TempDir())
	k := open(t, dir)
	good := play(t, engine.DefaultConfig(3), []string{"", "expert", "expert"}, 1)
	if err := k.Record(good); err != nil {
		t.Fatal(err)
	}
	before, _ := dir.Load(stats.File)
	for field, mutate := range map[string]func(g *stats.Game){
		"Config":  func(g *stats.Game) { g.Config.Seats = 11 },
		"Levels":  func(g *stats.Game) { g.Levels = g.Levels[:2] },
		"Me":      func(g *stats.Game) { g.Me = 3 },
		"Totals":  func(g *stats.Game) { g.Totals = nil },
		"Rounds":  func(g *stats.Game) { g.Rounds = [][]int{{1, 2}} },
		"Winners": func(g *stats.Game) { g.Winners = []int{-1} },
	} {
		g := good
		g.ID = "another"
		g.Levels = slices.Clone(good.Levels)
		mutate(&g)
		err := k.Record(g)
		var ie *stats.InputError
		if !errors.As(err, &ie) || ie.Field != field || !strings.HasPrefix(err.Error(), "stats: game "+field) {
			t.Errorf("%s: error %v, want an InputError on %s", field, err, field)
		}
	}
	bad := good
	bad.ID = "unknown level"
	bad.Levels = []string{"", "grandmaster", "expert"}
	if err := k.Record(bad); err == nil || !strings.Contains(err.Error(), `"grandmaster"`) {
		t.Errorf("unknown level: %v", err)
	}
	after, _ := dir.Load(stats.File)
	if s := k.Stats(); s.Local.Played != 1 || !bytes.Equal(before, after) {
		t.Errorf("bad games changed the statistics: %d played, file changed %v", s.Local.Played, !bytes.Equal(before, after))
	}
}

// TestDamagedFile opens damaged files: each is reported with a *DamagedError, kept under
// DamagedFile and replaced by fresh statistics that the next Open reads without complaint.
func TestDamagedFile(t *testing.T) {
	for name, content := range map[string]string{
		"garbage":   "\x00\x01 not json",
		"truncated": `{"version":1,"local":{"played":3,"won":`,
		"version":   `{"version":9,"local":{},"online":{}}`,
		"counts":    `{"version":1,"local":{"played":2,"won":5},"online":{}}`,
		"level":     `{"version":1,"local":{"played":2,"won":1,"by_level":{"expert":{"played":7,"won":0}}},"online":{}}`,
		"empty":     ``,
	} {
		dir := storage.Dir(t.TempDir())
		if err := dir.Save(stats.File, []byte(content)); err != nil {
			t.Fatal(err)
		}
		k, err := stats.Open(dir)
		var de *stats.DamagedError
		if !errors.As(err, &de) || !de.Kept || !strings.Contains(err.Error(), "damaged") {
			t.Errorf("%s: error %v, want a DamagedError with the file kept", name, err)
			continue
		}
		if k == nil || k.Stats().Local.Played != 0 {
			t.Errorf("%s: no fresh Keeper", name)
			continue
		}
		if kept, _ := os.ReadFile(filepath.Join(string(dir), stats.DamagedFile)); string(kept) != content {
			t.Errorf("%s: kept %q, want the damaged bytes", name, kept)
		}
		if err := k.Record(play(t, engine.DefaultConfig(2), []string{"", "random"}, 3)); err != nil {
			t.Errorf("%s: record after the damage: %v", name, err)
		}
		if k2, err := stats.Open(dir); err != nil || k2.Stats().Local.Played != 1 {
			t.Errorf("%s: reopened: %v", name, err)
		}
	}
}

// failing is a storage whose writes fail.
type failing struct{ storage.Dir }

func (failing) Save(string, []byte) error { return errors.New("disk full") }

// TestSaveFails reports a storage that cannot write, and keeps counting in memory.
func TestSaveFails(t *testing.T) {
	k := open(t, failing{storage.Dir(t.TempDir())})
	err := k.Record(play(t, engine.DefaultConfig(2), []string{"", "random"}, 4))
	if err == nil || !strings.Contains(err.Error(), "disk full") {
		t.Errorf("Record: %v, want the storage's error", err)
	}
	if k.Stats().Local.Played != 1 {
		t.Error("the game was not counted in memory")
	}
	mem := open(t, nil)
	if err := mem.Record(play(t, engine.DefaultConfig(2), []string{"", "random"}, 4)); err != nil || mem.Stats().Local.Played != 1 {
		t.Errorf("in memory: %v", err)
	}
}
