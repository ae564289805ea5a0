package bots_test

import (
	"math/rand/v2"
	"testing"

	"nimmt/bots"
	"nimmt/engine"
)

// variantViews returns n views of Expert decisions (every kind the variant search answers) from
// games of variant at seats seats whose seats play Heuristic.
func variantViews(t testing.TB, variant engine.Variant, seats, n int, seed uint64) []engine.View {
	t.Helper()
	r := rand.New(rand.NewPCG(seed, 11))
	var out []engine.View
	for len(out) < n {
		g, err := engine.NewGame(engine.Config{Seats: seats, Variant: variant, Rounds: 1, EndScore: 66}, r)
		if err != nil {
			t.Fatal(err)
		}
		for !g.Over() && len(out) < n {
			s := g.Waiting()[0]
			v := g.View(s)
			if v.Decision.Kind != engine.DecidePlay || r.IntN(3) == 0 {
				out = append(out, v)
			}
			if err := g.Act(s, bots.Heuristic(&v)); err != nil {
				t.Fatal(err)
			}
		}
	}
	return out
}

// benchVariant times Expert decisions of a variant at 4 seats (default budget; all cores unless
// opt says).
func benchVariant(b *testing.B, variant engine.Variant, opt bots.ExpertOptions) {
	benchViews(b, bots.NewExpert(1, opt), variantViews(b, variant, 4, 48, 3))
}

// BenchmarkExpertNifty4 and the next three are Expert decisions of the variant search at 4 seats:
// every kind of decision it answers, from games of Heuristic players.
func BenchmarkExpertNifty4(b *testing.B) { benchVariant(b, engine.Nifty, bots.ExpertOptions{}) }
func BenchmarkExpertHand4(b *testing.B)  { benchVariant(b, engine.HandVariant, bots.ExpertOptions{}) }
func BenchmarkExpertDouble4(b *testing.B) {
	benchVariant(b, engine.Double, bots.ExpertOptions{})
}
func BenchmarkExpertProfessional4(b *testing.B) {
	benchVariant(b, engine.Professional, bots.ExpertOptions{})
}

// BenchmarkExpertHand4OneCore is BenchmarkExpertHand4 on one goroutine, as in the browser.
func BenchmarkExpertHand4OneCore(b *testing.B) {
	benchVariant(b, engine.HandVariant, bots.ExpertOptions{Workers: 1})
}

// benchHeuristic times Heuristic's decisions in a variant at 4 seats: the variant search's policy
// for its own seat in every playout, whose one-step cost places cards by engine.Landing.
func benchHeuristic(b *testing.B, variant engine.Variant) {
	vs := variantViews(b, variant, 4, 48, 3)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		bots.Heuristic(&vs[i%len(vs)])
	}
}

// BenchmarkHeuristicNifty4 and the next three are Heuristic decisions at 4 seats.
func BenchmarkHeuristicNifty4(b *testing.B)        { benchHeuristic(b, engine.Nifty) }
func BenchmarkHeuristicHand4(b *testing.B)         { benchHeuristic(b, engine.HandVariant) }
func BenchmarkHeuristicDouble4(b *testing.B)       { benchHeuristic(b, engine.Double) }
func BenchmarkHeuristicProfessional4(b *testing.B) { benchHeuristic(b, engine.Professional) }
