package engine_test

import (
	"bufio"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"hash"
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"nimmt/engine"
)

// historyGolden holds, per variant configuration, a SHA-256 of everything a game shows of its
// history: its record (Record().Marshal() and json.Marshal of it, the last deal) at checkpoints
// through the game and at its end, the record of the game replayed from it, every event as each
// seat and a spectator gets it (EventsFor, and EventFor with its audience) and every seat's view
// at the checkpoints. The hashes were written by the engine before it kept its history once
// (main 03bd97f), so the test says that the change of how the history is kept changes nothing
// anyone can see. NIMMT_HISTORY_WRITE=1 writes the file anew.
const historyGolden = "testdata/history.golden"

// TestHistoryUnchanged plays seeded random games of every variant at every seat count, with the
// moves a person can make that the history must keep exactly: two cards given in either order,
// cards kept in any order, an empty keep as an empty list or none, a change of mind, a Nifty
// order given with both cards; and compares the hashes of what they show with historyGolden.
//
// NIMMT_HISTORY_GAMES=N plays N games per configuration and seat count instead (a long check);
// with NIMMT_HISTORY_DUMP=FILE each game's hash is written as a line of FILE, so that two builds'
// files can be compared game by game (diff).
func TestHistoryUnchanged(t *testing.T) {
	if endsOnly() {
		t.Skip("checked by the plain run: the race detector's and the wasm's -short runs play the same code at a tenth of the speed")
	}
	games := 1
	if n, err := strconv.Atoi(os.Getenv("NIMMT_HISTORY_GAMES")); err == nil && n > 0 {
		games = n
	}
	var dump *bufio.Writer
	if path := os.Getenv("NIMMT_HISTORY_DUMP"); path != "" {
		f, err := os.Create(path)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		dump = bufio.NewWriter(f)
		defer dump.Flush()
	}
	var got []string
	for k, base := range variantConfigs() {
		lo, hi := engine.SeatsAllowed(base.Variant)
		all := sha256.New()
		for seats := lo; seats <= hi; seats++ {
			cfg := base
			cfg.Seats = seats
			for i := 0; i < games; i++ {
				seed := uint64(100*seats + i + 1)
				one := sha256.New()
				historyGame(t, cfg, seed, one)
				sum := one.Sum(nil)
				all.Write(sum)
				if dump != nil {
					fmt.Fprintf(dump, "%d-%v seats %d seed %d %x\n", k, base.Variant, seats, seed, sum)
				}
			}
		}
		got = append(got, fmt.Sprintf("%d-%v %s", k, base.Variant, hex.EncodeToString(all.Sum(nil))))
	}
	if games != 1 {
		t.Skipf("%d games per configuration: no golden file to compare with", games)
	}
	text := strings.Join(got, "\n") + "\n"
	if os.Getenv("NIMMT_HISTORY_WRITE") == "1" {
		if err := os.WriteFile(historyGolden, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(historyGolden)
	if err != nil {
		t.Fatal(err)
	}
	if string(want) != text {
		t.Errorf("what the games show of their history changed:\n got:\n%s\nwant:\n%s", text, want)
	}
}

// historyGame plays one game and writes what it shows into h.
func historyGame(t *testing.T, cfg engine.Config, seed uint64, h hash.Hash) {
	t.Helper()
	r := rng(seed)
	g, err := engine.NewGame(cfg, rng(seed+1))
	if err != nil {
		t.Fatalf("%+v: %v", cfg, err)
	}
	names := make([]string, cfg.Seats)
	for s := range names {
		names[s] = fmt.Sprintf("P%d", s)
	}
	if seed%2 == 0 {
		g.SetPlayers(names)
	}
	put := func(v any) {
		b, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		h.Write(b)
		h.Write([]byte{'\n'})
	}
	checkpoint := func() {
		b, err := g.Record().Marshal()
		if err != nil {
			t.Fatal(err)
		}
		h.Write(b)
		put(g.Record())
		d, ok := g.LastDeal()
		put(d)
		put(ok)
		for s := -1; s < cfg.Seats; s++ {
			put(g.View(s))
		}
	}
	checkpoint()
	for step := 0; !g.Over(); step++ {
		if step > 5000 {
			t.Fatalf("%+v seed %d: no end after %d actions", cfg, seed, step)
		}
		seat, a := historyAction(g, r)
		if err := g.Act(seat, a); err != nil {
			t.Fatalf("%+v seed %d: seat %d %+v: %v", cfg, seed, seat, a, err)
		}
		if step%16 == 0 {
			checkpoint()
		}
	}
	checkpoint()
	for s := -1; s < cfg.Seats; s++ {
		for _, e := range g.EventsFor(s, 0) {
			b, err := engine.MarshalEvent(e)
			if err != nil {
				t.Fatal(err)
			}
			h.Write(b)
		}
		for i := 0; i < g.EventCount(); i++ {
			e, aud := g.EventFor(s, i)
			b, err := engine.MarshalEvent(e)
			if err != nil {
				t.Fatal(err)
			}
			h.Write(b)
			fmt.Fprintf(h, " %d\n", aud)
		}
	}
	g2, err := engine.Replay(g.Record(), nil)
	if err != nil {
		t.Fatalf("%+v seed %d: replay: %v", cfg, seed, err)
	}
	b, err := g2.Record().Marshal()
	if err != nil {
		t.Fatal(err)
	}
	h.Write(b)
	if a, b := eventsJSON(t, g.Events()), eventsJSON(t, g2.Events()); a != b {
		t.Fatalf("%+v seed %d: the replayed game's events differ", cfg, seed)
	}
}

// historyAction picks a seat the game waits for (or, now and then, a seat that changes its mind)
// and a legal action for it, in the forms a person may give it.
func historyAction(g *engine.Game, r *rand.Rand) (int, engine.Action) {
	w := g.Waiting()
	seat := w[r.IntN(len(w))]
	if g.Phase() == engine.PhaseChoose && r.IntN(6) == 0 {
		for s := 0; s < g.Config().Seats; s++ {
			if g.Chosen(s) {
				if _, ok := g.Decision(s); ok {
					seat = s // changes its mind
					break
				}
			}
		}
	}
	v := g.View(seat)
	a := engine.RandomAction(&v, r)
	switch a.Kind {
	case engine.DecideKeep:
		r.Shuffle(len(a.Cards), func(i, j int) { a.Cards[i], a.Cards[j] = a.Cards[j], a.Cards[i] })
		if len(a.Cards) == 0 && r.IntN(2) == 0 {
			a.Cards = []engine.Card{}
		}
	case engine.DecideOrder:
		if r.IntN(2) == 0 {
			other := v.Decision.Cards[0]
			if other == a.Cards[0] {
				other = v.Decision.Cards[1]
			}
			a.Cards = append(a.Cards, other)
		}
	case engine.DecidePlay:
		if len(a.Cards) == 2 && r.IntN(2) == 0 {
			slices.Reverse(a.Cards)
		}
	}
	return seat, a
}
