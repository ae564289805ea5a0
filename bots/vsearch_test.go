package bots_test

import (
	"context"
	"fmt"
	"testing"

	"nimmt/bots"
	"nimmt/engine"
)

// searchedVariants are the variants where the Expert searches on engine.Game.
var searchedVariants = []engine.Variant{engine.Nifty, engine.HandVariant, engine.Double, engine.Professional}

// TestVariantSearchDeterministic: the Expert's variant search answers every kind of decision
// legally, the same on one goroutine as on three, and the same when asked again.
func TestVariantSearchDeterministic(t *testing.T) {
	for _, variant := range searchedVariants {
		t.Run(variant.String(), func(t *testing.T) {
			kinds := map[engine.DecisionKind]int{}
			for _, v := range variantViews(t, variant, 4, 24, 5) {
				kinds[v.Decision.Kind]++
				one := bots.NewExpert(9, bots.ExpertOptions{Playouts: 40, Workers: 1})
				three := bots.NewExpert(9, bots.ExpertOptions{Playouts: 40, Workers: 3})
				a := one.Decide(&v)
				if !bots.Legal(&v, a) {
					t.Fatalf("illegal %+v for %+v", a, v.Decision)
				}
				if b := three.Decide(&v); fmt.Sprint(a) != fmt.Sprint(b) {
					t.Fatalf("%+v: one worker %+v, three %+v", v.Decision, a, b)
				}
				if b := one.Decide(&v); fmt.Sprint(a) != fmt.Sprint(b) {
					t.Fatalf("%+v: asked again %+v, then %+v", v.Decision, a, b)
				}
			}
			if kinds[engine.DecidePlay] == 0 {
				t.Fatalf("no play decision among %v", kinds)
			}
		})
	}
}

// TestVariantSearchCancelled: a search whose context has ended still answers legally.
func TestVariantSearchCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	e := bots.NewExpert(1, bots.ExpertOptions{})
	for _, variant := range searchedVariants {
		for _, v := range variantViews(t, variant, 3, 6, 8) {
			if a := e.DecideContext(ctx, &v); !bots.Legal(&v, a) {
				t.Fatalf("%v: illegal %+v for %+v", variant, a, v.Decision)
			}
		}
	}
}

// TestVariantSearchBadView: views no game can show (more hidden cards than unseen ones, a hand
// size off by one) get a legal answer, not a panic.
func TestVariantSearchBadView(t *testing.T) {
	e := bots.NewExpert(1, bots.ExpertOptions{Playouts: 20, Workers: 1})
	for _, variant := range searchedVariants {
		for _, v := range variantViews(t, variant, 3, 4, 2) {
			other := (v.Seat + 1) % v.Config.Seats
			for _, size := range []int{v.HandSizes[other] + 1, 200, -1} {
				w := v
				w.HandSizes = append([]int(nil), v.HandSizes...)
				w.HandSizes[other] = size
				if a := e.Decide(&w); !bots.Legal(&w, a) {
					t.Fatalf("%v hand size %d: illegal %+v", variant, size, a)
				}
			}
		}
	}
}
