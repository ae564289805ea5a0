//go:build screen

package bots

import (
	"fmt"
	"math/rand/v2"
	"os"
	"testing"

	"nimmt/engine"
)

// TestRowDev counts how often MC100's rule-4 row is not the cheapest row (the one the Expert's
// playouts give every other seat), a measuring tool for docs/BOTS.md, not a test (built only
// with -tags screen): ROWDEV=1 ROWDEV_GAMES=30 go test -tags screen -run '^TestRowDev$' ./bots
func TestRowDev(t *testing.T) {
	if os.Getenv("ROWDEV") == "" {
		t.Skip()
	}
	var n, dev, devBh, devLong int
	var tied, rounds int
	for gi := 0; gi < envInt("ROWDEV_GAMES", 20); gi++ {
		g, _ := engine.NewGame(engine.Config{Seats: 4, Rounds: 10}, rand.New(rand.NewPCG(9, uint64(gi))))
		players := make([]Bot, 4)
		for s := range players {
			players[s] = &MC100{seed: mix(9, uint64(gi*10+s)), Playouts: 100}
		}
		for !g.Over() {
			s := g.Waiting()[0]
			v := g.View(s)
			a := players[s].Decide(&v)
			if v.Decision != nil && v.Decision.Kind == engine.DecideRow {
				st := v.Table()
				ch := st.CheapestRow()
				n++
				if a.Row != ch {
					if st.Rows[a.Row].Bullheads() == st.Rows[ch].Bullheads() {
						tied++
					} else {
						dev++
						devBh += st.Rows[a.Row].Bullheads() - st.Rows[ch].Bullheads()
						if st.Rows[a.Row].Len() > st.Rows[ch].Len() {
							devLong++
						}
					}
				}
			}
			if err := g.Act(s, a); err != nil {
				t.Fatal(err)
			}
		}
		for _, e := range g.Events() {
			if _, ok := e.(engine.RoundScored); ok {
				rounds++
			}
		}
	}
	fmt.Printf("%d rounds, row choices %d: a tied other row %d, a dearer row %d (%.1f %%; +%.2f bullheads on average; %d longer)\n", rounds, n, tied, dev, 100*float64(dev)/float64(n), float64(devBh)/float64(max(1, dev)), devLong)
}
