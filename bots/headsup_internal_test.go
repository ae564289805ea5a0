package bots

import (
	"math"
	"math/rand/v2"
	"testing"

	"nimmt/engine"
)

// preHeadsUp is the Intermediate's card choice before the heads-up search (#3): the risk model's
// cost plus the hold bonus. At 3 or more seats the Intermediate must still play exactly this.
func preHeadsUp(v *engine.View) engine.Card {
	risk := newRiskModel(v)
	best, bestScore := v.Hand[0], math.Inf(1)
	for _, c := range v.Hand {
		if s := risk.cost(c) + risk.holdBonus(c); s < bestScore {
			best, bestScore = c, s
		}
	}
	return best
}

// TestIntermediateUnchangedAtThreePlus compares the Intermediate's cards with the pre-#3 choice
// on views from random games at 3 to 10 seats.
func TestIntermediateUnchangedAtThreePlus(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 3))
	bot := &Intermediate{}
	checked := 0
	for seats := 3; seats <= engine.MaxSeats; seats++ {
		for game := 0; game < 60; game++ {
			g, err := engine.NewGame(engine.Config{Seats: seats, Rounds: 1}, r)
			if err != nil {
				t.Fatal(err)
			}
			for !g.Over() {
				s := g.Waiting()[0]
				v := g.View(s)
				var a engine.Action
				if v.Decision.Kind == engine.DecideRow {
					a = engine.TakeRow(r.IntN(engine.NumRows))
				} else {
					got, want := bot.Decide(&v), preHeadsUp(&v)
					if got.Cards[0] != want {
						t.Fatalf("%d seats: Intermediate plays %v, before #3 it played %v", seats, got.Cards[0], want)
					}
					checked++
					a = engine.PlayCard(v.Hand[r.IntN(len(v.Hand))])
				}
				if err := g.Act(s, a); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	t.Logf("%d decisions identical", checked)
}
