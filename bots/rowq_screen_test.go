//go:build screen

package bots

import (
	"math/rand/v2"
	"testing"

	"nimmt/engine"
)

// TestRowQ counts, over 4-seat games of MC100 at every seat, how often MC100's row choice (rule 4)
// is not the engine's cheapest row (engine.CheapestRow: the fewest bullheads, then the fewest
// cards, then the first), which the Expert's playouts assume for the other seats (a measurement
// for docs/BOTS.md, #28):
//
//	ROWQ_GAMES=20 go test -tags screen -run '^TestRowQ$' -v ./bots
func TestRowQ(t *testing.T) {
	games := envInt("ROWQ_GAMES", 0)
	if games == 0 {
		t.Skip()
	}
	var rows, diff, eqB, turns int
	var extra float64
	var longer, longerNT int
	for gi := 0; gi < games; gi++ {
		g, _ := engine.NewGame(engine.Config{Seats: 4, Rounds: 10}, rand.New(rand.NewPCG(7, uint64(gi))))
		ps := make([]Bot, 4)
		for s := range ps {
			ps[s] = &MC100{seed: mix(9, uint64(gi*10+s)), Playouts: 100}
		}
		for !g.Over() {
			s := g.Waiting()[0]
			v := g.View(s)
			a := ps[s].Decide(&v)
			if v.Decision.Kind == engine.DecideRow {
				rows++
				ch := engine.CheapestRow(&v.Rows)
				if a.Row != ch {
					diff++
					b1, b2 := engine.SumBullheads(v.Rows[a.Row]), engine.SumBullheads(v.Rows[ch])
					extra += float64(b1 - b2)
					if b1 == b2 {
						eqB++
						if len(v.Rows[a.Row]) > len(v.Rows[ch]) {
							longer++
						}
					} else if len(v.Rows[a.Row]) > len(v.Rows[ch]) {
						longerNT++
					}
				}
			} else if s == 0 {
				turns++
			}
			if err := g.Act(s, a); err != nil {
				t.Fatal(err)
			}
		}
	}
	t.Logf("row choices %d (per seat-turn %.3f), not the cheapest %d (%.1f%%), of them equal bullheads %d, mean extra bullheads %.2f; ties to a longer row %d, non-ties to a longer row %d", rows, float64(rows)/float64(4*turns), diff, 100*float64(diff)/float64(rows), eqB, extra/float64(max(1, diff)), longer, longerNT)
}
