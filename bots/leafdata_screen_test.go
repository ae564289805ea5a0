//go:build screen

package bots

// TestLeafData writes the positions of games of one Expert and MC100 at the other seats, a
// measuring tool for the learned leaf value (leafv.go), not a test (built only with -tags
// screen):
//
//	LEAF_OUT=/tmp/leaf.jsonl LEAF_SEED=1 LEAF_GAMES=100 LEAF_SEATS=4 \
//	    go test -tags screen -run '^TestLeafData$' ./bots
//
// One line per seat and card decision: whether the seat is the Expert, the rows, the seat's
// hand, the cards it has seen (bitset), its bullheads this round so far and at the round's end.

import (
	"bufio"
	"encoding/json"
	"math/rand/v2"
	"os"
	"testing"

	"nimmt/engine"
)

type leafRec struct {
	X    bool            `json:"x"`
	S    int             `json:"s"`
	Rows [][]engine.Card `json:"rows"`
	Hand []engine.Card   `json:"hand"`
	Seen [2]uint64       `json:"seen"`
	Pen  int             `json:"pen"`
	Fin  int             `json:"fin"`
}

func TestLeafData(t *testing.T) {
	out := os.Getenv("LEAF_OUT")
	if out == "" {
		t.Skip()
	}
	f, err := os.Create(out)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	bw := bufio.NewWriter(f)
	defer bw.Flush()
	enc := json.NewEncoder(bw)
	seed := uint64(envInt("LEAF_SEED", 1))
	seats := envInt("LEAF_SEATS", 4)
	for gi := 0; gi < envInt("LEAF_GAMES", 10); gi++ {
		g, err := engine.NewGame(engine.Config{Seats: seats, Rounds: 10}, rand.New(rand.NewPCG(seed, uint64(gi))))
		if err != nil {
			t.Fatal(err)
		}
		ex := gi % seats
		players := make([]Bot, seats)
		for s := range players {
			if s == ex {
				players[s] = NewExpert(mix(seed, uint64(gi*100+99)), ExpertOptions{Workers: 1})
			} else {
				players[s] = &MC100{seed: mix(seed, uint64(gi*100+s)), Playouts: 100}
			}
		}
		var recs [][]leafRec // per round
		for !g.Over() {
			s := g.Waiting()[0]
			v := g.View(s)
			for len(recs) <= v.Round {
				recs = append(recs, nil)
			}
			if v.Decision != nil && v.Decision.Kind == engine.DecidePlay && v.Phase == engine.PhaseChoose && v.MyChoice == 0 {
				var seen cardSet
				for c := 1; c <= engine.DeckSize; c++ {
					seen.add(engine.Card(c))
				}
				for _, c := range v.HiddenPool() {
					seen.remove(c)
				}
				rows := make([][]engine.Card, engine.NumRows)
				for i := range rows {
					rows[i] = append([]engine.Card(nil), v.Rows[i]...)
				}
				recs[v.Round] = append(recs[v.Round], leafRec{X: s == ex, S: s, Rows: rows, Hand: append([]engine.Card(nil), v.Hand...), Seen: seen, Pen: v.Penalties[s]})
			}
			a := players[s].Decide(&v)
			if err := g.Act(s, a); err != nil {
				t.Fatal(err)
			}
		}
		for _, e := range g.Events() {
			rs, ok := e.(engine.RoundScored)
			if !ok || rs.Round >= len(recs) {
				continue
			}
			for _, r := range recs[rs.Round] {
				r.Fin = rs.Penalties[r.S]
				_ = enc.Encode(r)
			}
		}
	}
}
