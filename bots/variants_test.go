package bots_test

import (
	"math/rand/v2"
	"testing"

	"nimmt/bots"
	"nimmt/engine"
)

// TestEveryLevelPlaysEveryVariant: every bot level plays whole games of every variant, each
// decision legal by bots.Legal and accepted by the engine.
func TestEveryLevelPlaysEveryVariant(t *testing.T) {
	for _, v := range engine.Variants() {
		for _, level := range bots.AllLevels() {
			t.Run(v.String()+"/"+level, func(t *testing.T) {
				seats := 3
				cfg := engine.Config{Seats: seats, Variant: v, Rounds: 1, EndScore: 66}
				if v == engine.TCG {
					cfg.Rounds = 2
				}
				g, err := engine.NewGame(cfg, rand.New(rand.NewPCG(uint64(v), 7)))
				if err != nil {
					t.Fatal(err)
				}
				players := make([]bots.Bot, seats)
				for s := range players {
					if level == bots.LevelExpert {
						players[s] = bots.NewExpert(uint64(s), bots.ExpertOptions{Playouts: 60, Workers: 1})
						continue
					}
					b, err := bots.New(level, uint64(s))
					if err != nil {
						t.Fatal(err)
					}
					players[s] = b
				}
				for steps := 0; !g.Over(); steps++ {
					if steps > 5000 {
						t.Fatal("game does not end")
					}
					s := g.Waiting()[0]
					view := g.View(s)
					a := players[s].Decide(&view)
					if !bots.Legal(&view, a) {
						t.Fatalf("%s in %s: illegal %+v for %+v", level, v, a, view.Decision)
					}
					if err := g.Act(s, a); err != nil {
						t.Fatalf("%s in %s: engine refuses %+v: %v", level, v, a, err)
					}
				}
			})
		}
	}
}

// TestFallbackLegalInVariants: the arena's safe answer is legal for every decision of every variant.
func TestFallbackLegalInVariants(t *testing.T) {
	for _, v := range engine.Variants() {
		cfg := engine.Config{Seats: 4, Variant: v, Rounds: 1, EndScore: 66}
		if v == engine.TCG {
			cfg.Rounds = 2
		}
		g, err := engine.NewGame(cfg, rand.New(rand.NewPCG(3, uint64(v))))
		if err != nil {
			t.Fatal(err)
		}
		for !g.Over() {
			s := g.Waiting()[0]
			view := g.View(s)
			a := bots.Fallback(&view)
			if !bots.Legal(&view, a) {
				t.Fatalf("%s: fallback %+v illegal for %+v", v, a, view.Decision)
			}
			if err := g.Act(s, a); err != nil {
				t.Fatalf("%s: %v", v, err)
			}
		}
	}
}
