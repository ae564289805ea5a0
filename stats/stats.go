// Package stats keeps this device's game statistics: games played and won per opponent level and
// per variant, bullheads per round, the best and worst game, the longest run of wins and the last
// games' results, for local games and for online ones apart. They live in one file (File) beside
// the settings, written through the same storage (atomic files on desktop, localStorage in the
// browser).
//
// The table calls Keeper.Record once a game is over, with what it has then (Game); the statistics
// screen reads Keeper.Stats and calls Keeper.Reset after asking. A damaged file never stops the
// game: Open reports it (*DamagedError), keeps its bytes under DamagedFile and starts afresh.
package stats

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"slices"
	"time"

	"nimmt/bots"
	"nimmt/engine"
)

// File is the name of the statistics file in the storage.
const File = "stats.json"

// DamagedFile is where Open keeps the bytes of a damaged statistics file before replacing it.
const DamagedFile = "stats.damaged.json"

// version is the file format's version.
const version = 1

// RecentGames is how many of the last games each Summary keeps for the chart.
const RecentGames = 20

// People is the opponent level of a game against people only (hot-seat or online).
const People = "people"

// Store is where the file lives: storage.Dir on desktop, storage.Local in the browser (the
// scenes' Storage). Load's error wraps fs.ErrNotExist when the file does not exist.
type Store interface {
	Load(name string) ([]byte, error)
	Save(name string, data []byte) error
}

// Game is a finished game as the table knows it at game over.
type Game struct {
	// ID identifies the game (the autosave's id, a room and game number); a game recorded twice
	// with the same non-empty ID counts once.
	ID     string
	Config engine.Config
	// Levels holds each seat's bot level (bots.Levels), "" for a person (this one, another at
	// this device, or one online).
	Levels []string
	// Me is the seat of the person whose statistics these are.
	Me int
	// Rounds holds each round's penalties, one per seat (engine.RoundScored.Penalties).
	Rounds [][]int
	// Totals and Winners are engine.GameOver's.
	Totals  []int
	Winners []int
	// Online marks a game played on a server.
	Online bool
	// End is when the game ended.
	End time.Time
}

// Tally counts games played and won.
type Tally struct {
	Played int `json:"played"`
	Won    int `json:"won"`
}

// Result is one game's outcome for the person.
type Result struct {
	// Not comparable: no equality code in the wasm (#25).
	_       [0]func()
	ID      string    `json:"id,omitempty"`
	End     time.Time `json:"end"`
	Variant string    `json:"variant"`
	Level   string    `json:"level"` // the opponents' level: the strongest bot's, or People
	Seats   int       `json:"seats"`
	Rounds  int       `json:"rounds"`
	Total   int       `json:"total"` // the person's bullheads
	Place   int       `json:"place"` // 1 for the lowest total; seats with the same total share a place
	Won     bool      `json:"won"`
}

// Summary is the statistics of one kind of game (local or online).
type Summary struct {
	Tally
	ByLevel       map[string]Tally `json:"by_level"`   // by the opponents' level
	ByVariant     map[string]Tally `json:"by_variant"` // by engine variant name
	Rounds        int              `json:"rounds"`     // rounds played
	Bullheads     int              `json:"bullheads"`  // the person's bullheads in them
	Best          *Result          `json:"best,omitempty"`
	Worst         *Result          `json:"worst,omitempty"`
	Streak        int              `json:"streak"` // the current run of wins
	LongestStreak int              `json:"longest_streak"`
	Recent        []Result         `json:"recent"` // the last RecentGames games, oldest first
}

// AverageBullheads returns the person's bullheads per round (0 before any round).
func (s Summary) AverageBullheads() float64 {
	if s.Rounds == 0 {
		return 0
	}
	return float64(s.Bullheads) / float64(s.Rounds)
}

// WinRate returns the share of games won, 0 to 1 (0 before any game).
func (s Summary) WinRate() float64 {
	if s.Played == 0 {
		return 0
	}
	return float64(s.Won) / float64(s.Played)
}

// Stats are the statistics of this device.
type Stats struct {
	Version int     `json:"version"`
	Local   Summary `json:"local"`
	Online  Summary `json:"online"`
}

// InputError rejects a Game that does not describe a finished game; nothing is recorded.
type InputError struct {
	Field  string // the Game field at fault
	Reason string
}

func (e *InputError) Error() string { return "stats: game " + e.Field + ": " + e.Reason }

// DamagedError reports a statistics file that could not be read. The file's bytes were kept
// under DamagedFile (unless Kept is false) and the statistics start afresh.
type DamagedError struct {
	_    [0]func() // not comparable (only *DamagedError is an error): no equality code in the wasm (#25)
	Err  error     // what is wrong with the file
	Kept bool      // the bytes were saved under DamagedFile
}

func (e *DamagedError) Error() string {
	kept := "could not keep a copy"
	if e.Kept {
		kept = "kept as " + DamagedFile
	}
	return fmt.Sprintf("stats: %s is damaged (%v); statistics start afresh, the old file %s", File, e.Err, kept)
}

// Unwrap returns what is wrong with the file.
func (e *DamagedError) Unwrap() error { return e.Err }

// Keeper holds the statistics and writes them after every change.
type Keeper struct {
	st    Store
	stats Stats
}

// Open reads the statistics from st (nil: kept in memory only). A missing file is a fresh start.
// A damaged file gives a usable Keeper with fresh statistics and a *DamagedError; its bytes are
// kept under DamagedFile and File is rewritten. Another error (the storage cannot be read) gives
// a usable Keeper and that error.
func Open(st Store) (*Keeper, error) {
	k := &Keeper{st: st, stats: fresh()}
	if st == nil {
		return k, nil
	}
	b, err := st.Load(File)
	if errors.Is(err, fs.ErrNotExist) {
		return k, nil
	}
	if err != nil {
		return k, fmt.Errorf("stats: %w", err)
	}
	s, err := decode(b)
	if err == nil {
		k.stats = s
		return k, nil
	}
	derr := &DamagedError{Err: err, Kept: st.Save(DamagedFile, b) == nil}
	if err := k.save(); err != nil {
		return k, errors.Join(derr, err)
	}
	return k, derr
}

func fresh() Stats {
	return Stats{Version: version, Local: newSummary(), Online: newSummary()}
}

func newSummary() Summary {
	return Summary{ByLevel: map[string]Tally{}, ByVariant: map[string]Tally{}, Recent: []Result{}}
}

// decode reads a statistics file and checks that it makes sense.
func decode(b []byte) (Stats, error) {
	var s Stats
	if err := json.Unmarshal(b, &s); err != nil {
		return Stats{}, err
	}
	if s.Version != version {
		return Stats{}, fmt.Errorf("version %d, want %d", s.Version, version)
	}
	for _, m := range []*Summary{&s.Local, &s.Online} {
		if err := m.check(); err != nil {
			return Stats{}, err
		}
		if m.ByLevel == nil {
			m.ByLevel = map[string]Tally{}
		}
		if m.ByVariant == nil {
			m.ByVariant = map[string]Tally{}
		}
		if m.Recent == nil {
			m.Recent = []Result{}
		}
	}
	return s, nil
}

// check reports counts that cannot be.
func (m *Summary) check() error {
	bad := func(t Tally) bool { return t.Played < 0 || t.Won < 0 || t.Won > t.Played }
	if bad(m.Tally) || m.Rounds < 0 || m.Bullheads < 0 || m.Streak < 0 || m.Streak > m.LongestStreak || m.LongestStreak > m.Won {
		return errors.New("counts out of range")
	}
	for name, t := range m.ByLevel {
		if bad(t) || t.Played > m.Played {
			return fmt.Errorf("level %q: counts out of range", name)
		}
	}
	for name, t := range m.ByVariant {
		if bad(t) || t.Played > m.Played {
			return fmt.Errorf("variant %q: counts out of range", name)
		}
	}
	if len(m.Recent) > RecentGames {
		return fmt.Errorf("%d recent games, at most %d", len(m.Recent), RecentGames)
	}
	return nil
}

// Stats returns a copy of the statistics.
func (k *Keeper) Stats() Stats {
	s := k.stats
	for _, m := range []*Summary{&s.Local, &s.Online} {
		m.ByLevel = clone(m.ByLevel)
		m.ByVariant = clone(m.ByVariant)
		m.Recent = slices.Clone(m.Recent)
		if m.Best != nil {
			b := *m.Best
			m.Best = &b
		}
		if m.Worst != nil {
			w := *m.Worst
			m.Worst = &w
		}
	}
	return s
}

func clone(m map[string]Tally) map[string]Tally {
	out := make(map[string]Tally, len(m))
	for k, v := range m {
		out[k] = v
	}
	return out
}

// Record adds a finished game and saves the statistics. A game that does not add up is rejected
// with an *InputError and changes nothing; a game already recorded (same ID) is ignored. An
// error saving leaves the game counted in memory.
func (k *Keeper) Record(g Game) error {
	r, err := result(g)
	if err != nil {
		return err
	}
	m := &k.stats.Local
	if g.Online {
		m = &k.stats.Online
	}
	if g.ID != "" && slices.ContainsFunc(m.Recent, func(x Result) bool { return x.ID == g.ID }) {
		return nil
	}
	add := func(t Tally) Tally {
		t.Played++
		if r.Won {
			t.Won++
		}
		return t
	}
	m.Tally = add(m.Tally)
	m.ByLevel[r.Level] = add(m.ByLevel[r.Level])
	m.ByVariant[r.Variant] = add(m.ByVariant[r.Variant])
	m.Rounds += r.Rounds
	for _, round := range g.Rounds {
		m.Bullheads += round[g.Me]
	}
	if r.Won {
		m.Streak++
		m.LongestStreak = max(m.LongestStreak, m.Streak)
	} else {
		m.Streak = 0
	}
	if m.Best == nil || r.Total < m.Best.Total {
		b := r
		m.Best = &b
	}
	if m.Worst == nil || r.Total > m.Worst.Total {
		w := r
		m.Worst = &w
	}
	m.Recent = append(m.Recent, r)
	if n := len(m.Recent); n > RecentGames {
		m.Recent = slices.Delete(m.Recent, 0, n-RecentGames)
	}
	return k.save()
}

// Reset forgets every statistic and saves the empty file.
func (k *Keeper) Reset() error {
	k.stats = fresh()
	return k.save()
}

func (k *Keeper) save() error {
	if k.st == nil {
		return nil
	}
	b, err := json.Marshal(k.stats)
	if err != nil {
		return fmt.Errorf("stats: %w", err)
	}
	if err := k.st.Save(File, b); err != nil {
		return fmt.Errorf("stats: %w", err)
	}
	return nil
}

// result checks a game and returns the person's result.
func result(g Game) (Result, error) {
	if err := g.Config.Validate(); err != nil {
		return Result{}, &InputError{"Config", err.Error()}
	}
	n := g.Config.Seats
	switch {
	case len(g.Levels) != n:
		return Result{}, &InputError{"Levels", fmt.Sprintf("%d levels for %d seats", len(g.Levels), n)}
	case g.Me < 0 || g.Me >= n:
		return Result{}, &InputError{"Me", fmt.Sprintf("seat %d of %d", g.Me, n)}
	case len(g.Totals) != n:
		return Result{}, &InputError{"Totals", fmt.Sprintf("%d totals for %d seats", len(g.Totals), n)}
	case len(g.Rounds) == 0:
		return Result{}, &InputError{"Rounds", "no round was played"}
	case len(g.Winners) == 0:
		return Result{}, &InputError{"Winners", "nobody won"}
	}
	for i, r := range g.Rounds {
		if len(r) != n {
			return Result{}, &InputError{"Rounds", fmt.Sprintf("round %d has %d penalties for %d seats", i+1, len(r), n)}
		}
	}
	won := false
	for _, w := range g.Winners {
		if w < 0 || w >= n {
			return Result{}, &InputError{"Winners", fmt.Sprintf("seat %d of %d", w, n)}
		}
		won = won || w == g.Me
	}
	level := ""
	rank := -1
	for s, l := range g.Levels {
		if s == g.Me || l == "" {
			continue
		}
		i := slices.Index(bots.AllLevels(), l)
		if i < 0 {
			return Result{}, &InputError{"Levels", fmt.Sprintf("seat %d: unknown level %q", s, l)}
		}
		if i > rank {
			rank, level = i, l
		}
	}
	if level == "" {
		level = People
	}
	place := 1
	for _, t := range g.Totals {
		if t < g.Totals[g.Me] {
			place++
		}
	}
	return Result{ID: g.ID, End: g.End, Variant: g.Config.Variant.String(), Level: level, Seats: n,
		Rounds: len(g.Rounds), Total: g.Totals[g.Me], Place: place, Won: won}, nil
}
