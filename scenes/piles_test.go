package scenes

import (
	"strconv"
	"testing"

	"nimmt/scenes/table"
	"nimmt/storage"
)

// TestPileCountsUp: at normal speed a taken row's penalty reaches its taker's plate and pile
// only once the cards have flown there, and then counts up through the values between, tick by
// tick, to the view's (issue 25: the plate showed the new penalty before the cards left the row).
func TestPileCountsUp(t *testing.T) {
	g := newTestGame(t, &storage.Memory{}, "normal")
	tb, err := table.NewTable(g.host, 4)
	if err != nil {
		t.Fatal(err)
	}
	g.goTo(tb)
	d := &driver{g: g}
	g.InjectInput(d.step)
	seat, from, to := -1, 0, 0
	held, steps := 0, map[int]bool{}
	for i := 0; i < 20000; i++ {
		if err := g.Update(); err != nil {
			t.Fatal(err)
		}
		if seat < 0 {
			for s := range tb.Disp.Penalties {
				if shown := tb.ShownPen(s); shown < tb.Disp.Penalties[s] {
					seat, from, to = s, shown, tb.Disp.Penalties[s]
				}
			}
			continue
		}
		shown := tb.ShownPen(seat)
		if shown < from || shown > to {
			t.Fatalf("seat %d's plate shows %d, counting from %d to %d", seat, shown, from, to)
		}
		if shown == from {
			held++
		}
		if shown < to && !tb.Animating() {
			// An idle game stops its frames: a count that says it is still would freeze.
			t.Fatalf("seat %d's plate counts (%d of %d to %d) while the table says nothing animates", seat, shown, from, to)
		}
		if got, want := tb.PlateScore(seat, "?"), strconv.Itoa(tb.Disp.Scores[seat]+shown); got != want {
			t.Fatalf("seat %d's plate shows the total %s with the round's %d, want %s", seat, got, shown, want)
		}
		steps[shown] = true
		if shown == to && to-from >= 3 {
			break
		}
		if shown == to { // too small a take to see a count: the next one
			seat, held, steps = -1, 0, map[int]bool{}
		}
	}
	if seat < 0 {
		t.Fatal("no row taken with its penalty held back")
	}
	if tb.ShownPen(seat) != to {
		t.Fatalf("seat %d's plate stopped at %d, want %d", seat, tb.ShownPen(seat), to)
	}
	t.Logf("seat %d: %d to %d, held %d ticks, values %v", seat, from, to, held, steps)
	if held < 10 {
		t.Errorf("the old penalty %d held %d ticks while the cards flew", from, held)
	}
	if len(steps) < 3 {
		t.Errorf("from %d to %d in %d values %v: no count", from, to, len(steps), steps)
	}
}
