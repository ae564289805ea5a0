package scenes

import (
	"slices"
	"testing"
	"time"

	"nimmt/clock"
	"nimmt/engine"
	"nimmt/layout"
	"nimmt/scenes/session"
	"nimmt/scenes/table"
	"nimmt/scenes/ui"
	"nimmt/sprites"
	"nimmt/text"
)

// TestRingLeft: what the ring shows (whole seconds left, rounded up, and the part of the ring
// full) and when it next changes, from a deadline and the time now.
func TestRingLeft(t *testing.T) {
	t0 := time.Date(2026, 11, 23, 12, 0, 0, 0, time.UTC)
	at := t0.Add(23*time.Second + 400*time.Millisecond)
	const span = 60 * time.Second
	for _, c := range []struct {
		name string
		at   time.Time
		span time.Duration
		now  time.Time
		secs int
		frac float64
		next time.Duration // 0: no change to come
	}{
		{"23.4 s left", at, span, t0, 24, 24.0 / 60, 400 * time.Millisecond},
		{"23 s left", at, span, t0.Add(400 * time.Millisecond), 23, 23.0 / 60, time.Second},
		{"22.5 s left", at, span, t0.Add(900 * time.Millisecond), 23, 23.0 / 60, 500 * time.Millisecond},
		{"a millisecond left", at, span, at.Add(-time.Millisecond), 1, 1.0 / 60, time.Millisecond},
		{"at the deadline", at, span, at, 0, 0, 0},
		{"past the deadline", at, span, at.Add(time.Hour), 0, 0, 0},
		{"no deadline", time.Time{}, span, t0, 0, 0, 0},
		{"no span", at, 0, t0, 0, 0, 0},
		{"a clock behind the server's", t0.Add(75 * time.Second), span, t0, 60, 1, 16 * time.Second},
		{"30 s timer, full", t0.Add(30 * time.Second), 30 * time.Second, t0, 30, 1, time.Second},
	} {
		secs, frac := table.RingLeft(c.at, c.span, c.now)
		if secs != c.secs || frac != c.frac {
			t.Errorf("%s: ringLeft = %d s, %.3f; want %d s, %.3f", c.name, secs, frac, c.secs, c.frac)
		}
		d, ok := table.RingNext(c.at, c.span, c.now)
		if ok != (c.next > 0) || d != c.next {
			t.Errorf("%s: ringNext = %v, %v; want %v", c.name, d, ok, c.next)
		}
		if ok {
			if s, _ := table.RingLeft(c.at, c.span, c.now.Add(d-time.Nanosecond)); s != secs {
				t.Errorf("%s: the ring changes before ringNext (%d s, want %d)", c.name, s, secs)
			}
			if s, _ := table.RingLeft(c.at, c.span, c.now.Add(d)); s != secs-1 {
				t.Errorf("%s: at ringNext the ring shows %d s, want %d", c.name, s, secs-1)
			}
		}
	}
	for _, c := range []struct {
		secs int
		mine bool
		want any
	}{{23, false, table.ChipThinking}, {23, true, table.ChipYou}, {11, true, table.ChipYou}, {10, false, sprites.Danger}, {1, true, sprites.Danger}} {
		if got := table.RingColor(c.secs, c.mine); got != c.want {
			t.Errorf("ringColor(%d, %v) = %v, want %v", c.secs, c.mine, got, c.want)
		}
	}
}

// TestRingWakes: an online table with the decision timer running (the person decides with
// 22.6 s left, Bruno, back after a lost connection, with 48.6 s; Chloé, a bot, has chosen; Dev
// is away) shows rings for the person and Bruno only, in their Chosen places, each with its own
// seconds. While the game's frames are stopped it is woken exactly at each second a ring steps —
// not a millisecond before — redraws, and stops its frames again; once both deadlines have
// passed no timer is left and nothing wakes it. When the room's timer stops (the decision is
// made), the rings go and the timer is cancelled. The clock is the test's.
func TestRingWakes(t *testing.T) {
	g, p, tick := pacedGame(t, ui.Options{Speed: "fast"})
	g.InjectInput(func(*ui.Input) {})
	clk := clock.NewManual(time.Date(2026, 11, 23, 12, 0, 0, 0, time.UTC))
	g.Clock = clk
	tb, err := shotRemote(g, 0, clk.Now())
	if err != nil {
		t.Fatal(err)
	}
	g.goTo(tb)
	settle := func(what string) {
		t.Helper()
		for i := 0; i == 0 || !p.idle.Load(); i++ {
			if i > 5000 {
				t.Fatalf("the frames never stopped: %s", what)
			}
			tick()
		}
	}
	settle("the table waits for the person")
	want := [4]bool{true, true, false, false}
	for s, on := range want {
		if tb.Rings.On[s] != on {
			t.Fatalf("seat %d shows a ring: %v, want %v (rings %v)", s, tb.Rings.On[s], on, tb.Rings.On)
		}
		if r := tb.RingRect(s); on && !r.Within(tb.Lay.Ring(tb.LayIndex(s))) {
			t.Errorf("seat %d's ring %+v is not in its place %+v", s, r, tb.Lay.Ring(tb.LayIndex(s)))
		}
	}
	if tb.Rings.Secs[0] != 23 || tb.Rings.Secs[1] != 49 {
		t.Fatalf("the rings show %v s, want 23 and 49", tb.Rings.Secs)
	}
	for k := 1; k <= 49; k++ {
		if n := clk.Pending(); n != 1 {
			t.Fatalf("step %d: %d timers pending, want 1", k, n)
		}
		step := time.Second
		if k == 1 {
			step = 600 * time.Millisecond
		}
		clk.Advance(step - time.Millisecond)
		if len(p.wakes) != 0 || !p.idle.Load() {
			t.Fatalf("step %d: the game was woken before the ring's step", k)
		}
		redraws := g.redraws
		clk.Advance(time.Millisecond)
		p.waitWake(t, "the ring's step")
		settle("after the ring's step")
		if mine, his := max(23-k, 0), 49-k; tb.Rings.Secs[0] != mine || tb.Rings.Secs[1] != his || !tb.Rings.On[0] || !tb.Rings.On[1] {
			t.Fatalf("step %d: the rings show %v s (on %v), want %d and %d", k, tb.Rings.Secs, tb.Rings.On, mine, his)
		}
		if g.redraws == redraws {
			t.Fatalf("step %d was not drawn", k)
		}
	}
	if n := clk.Pending(); n != 0 {
		t.Fatalf("%d timers pending after the deadlines, want none", n)
	}
	clk.Advance(time.Minute)
	if len(p.wakes) != 0 || !p.idle.Load() {
		t.Fatal("the game was woken after the deadlines")
	}

	// The server's timer for a new decision, then the decision made: no ring, no timer.
	link := tb.Sess.(*session.RemoteSession).Link.(*cannedLink)
	rm := link.st.Room
	rm.Seats = slices.Clone(rm.Seats)
	rm.Deadline = clk.Now().Add(30 * time.Second).UnixMilli()
	rm.Seats[0].Deadline, rm.Seats[1].Deadline = rm.Deadline, 0
	if err := link.push(rm); err != nil {
		t.Fatal(err)
	}
	g.Wake()
	p.waitWake(t, "the room's new deadline")
	settle("the new deadline")
	if !tb.Rings.On[0] || tb.Rings.Secs[0] != 30 || clk.Pending() != 1 {
		t.Fatalf("with a new deadline: rings %v, %v s, %d timers; want on, 30 s, one timer", tb.Rings.On, tb.Rings.Secs, clk.Pending())
	}
	rm.Seats = slices.Clone(rm.Seats)
	rm.Deadline, rm.Seats[0].Deadline = 0, 0
	if err := link.push(rm); err != nil {
		t.Fatal(err)
	}
	g.Wake()
	p.waitWake(t, "the room without a deadline")
	settle("no deadline")
	if tb.Rings.On != [engine.MaxSeats]bool{} || clk.Pending() != 0 {
		t.Fatalf("without a deadline: rings %v, %d timers; want none", tb.Rings.On, clk.Pending())
	}
}

// TestRingText: on every screen of the layout matrix, with 2, 4 and 10 seats, the seconds of
// each seat's ring and of the ring beside the warning line fit inside the ring's arc, at least
// minRingText large; up to 99 they always show, 100 to 120 (the longest timer) on the rings
// large enough.
func TestRingText(t *testing.T) {
	g, err := NewGame(ui.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, sz := range [][2]float64{{360, 640}, {390, 844}, {844, 390}, {1024, 1366}, {1280, 720}, {1920, 1080}, {2560, 1440}, {800, 600}} {
		for _, seats := range []int{2, 4, 10} {
			l := layout.NewTable(sz[0], sz[1], seats, 10)
			rs := []layout.Rect{l.WarnRing()}
			for s := range l.Seats {
				rs = append(rs, l.Ring(s))
			}
			for _, r := range rs {
				inner := r.W - 2*table.RingLine(r)
				for _, secs := range []int{9, 60, 120} {
					size := table.RingTextSize(r, secs)
					if size == 0 && secs >= 100 {
						continue
					}
					w, h := g.Txt.Measure(table.Num(secs), text.Style{Size: size, Bold: true})
					if w > inner || h > inner*1.2 || size < table.MinRingText {
						t.Errorf("%vx%v, %d seats: %d s at %.1f px is %.1f×%.1f in a ring %.1f across (%.1f inside)",
							sz[0], sz[1], seats, secs, size, w, h, r.W, inner)
					}
				}
			}
		}
	}
}
