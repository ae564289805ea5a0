package anim

import (
	"math"
	"testing"
)

func TestSpeedTicks(t *testing.T) {
	tests := []struct {
		s    Speed
		in   int
		want int
	}{
		{Normal, 20, 20}, {Slow, 20, 32}, {Fast, 20, 10}, {Fast, 1, 1}, {Instant, 20, 0}, {Normal, 0, 0}, {Slow, -3, 0},
	}
	for _, tc := range tests {
		if got := tc.s.Ticks(tc.in); got != tc.want {
			t.Errorf("%v.Ticks(%d) = %d, want %d", tc.s, tc.in, got, tc.want)
		}
	}
	for _, s := range []Speed{Slow, Normal, Fast, Instant} {
		p, ok := ParseSpeed(s.String())
		if !ok || p != s {
			t.Errorf("ParseSpeed(%q) = %v, %v", s.String(), p, ok)
		}
	}
	if _, ok := ParseSpeed("warp"); ok {
		t.Error("ParseSpeed accepted an unknown name")
	}
}

func TestEasings(t *testing.T) {
	for name, e := range map[string]Ease{"linear": Linear, "outcubic": OutCubic, "inoutcubic": InOutCubic, "outback": OutBack} {
		if math.Abs(e(0)) > 1e-9 || math.Abs(e(1)-1) > 1e-9 {
			t.Errorf("%s: e(0)=%v e(1)=%v", name, e(0), e(1))
		}
	}
	// OutBack overshoots once: above 1 somewhere, never below 0.
	over := false
	for i := 0; i <= 100; i++ {
		v := OutBack(float64(i) / 100)
		if v > 1 {
			over = true
		}
		if v < -1e-9 {
			t.Fatalf("OutBack(%v) = %v < 0", float64(i)/100, v)
		}
	}
	if !over {
		t.Error("OutBack never overshoots")
	}
}

func TestTween(t *testing.T) {
	tw := NewTween(2, 4, Linear)
	calls := 0
	tw.OnDone = func() { calls++ }
	var got []float64
	for !tw.Update() {
		got = append(got, tw.Progress())
	}
	want := []float64{0, 0, 0.25, 0.5, 0.75}
	if len(got) != len(want) {
		t.Fatalf("progress %v, want %v", got, want)
	}
	for i := range want {
		if math.Abs(got[i]-want[i]) > 1e-9 {
			t.Fatalf("progress %v, want %v", got, want)
		}
	}
	if tw.Progress() != 1 || calls != 1 {
		t.Fatalf("end progress %v calls %d", tw.Progress(), calls)
	}
	tw.Update()
	tw.Skip()
	if calls != 1 {
		t.Fatalf("OnDone ran %d times", calls)
	}
}

func TestSkip(t *testing.T) {
	var order []string
	mk := func(name string, n int) Step {
		tw := NewTween(0, n, nil)
		tw.OnDone = func() { order = append(order, name) }
		return tw
	}
	var tl Timeline
	seq := &Sequence{Steps: []Step{mk("a", 10), &Call{Fn: func() { order = append(order, "call") }}, mk("b", 5)}}
	seq.OnDone = func() { order = append(order, "seq") }
	tl.Add(seq)
	tl.Add(&Parallel{Steps: []Step{mk("p1", 3), mk("p2", 7)}, OnDone: func() { order = append(order, "par") }})
	tl.Update()
	if tl.Idle() {
		t.Fatal("idle too early")
	}
	tl.Skip()
	if !tl.Idle() {
		t.Fatal("not idle after skip")
	}
	want := "a call b seq p1 p2 par"
	if got := join(order); got != want {
		t.Fatalf("order %q, want %q", got, want)
	}
}

func TestTimelineTicks(t *testing.T) {
	tests := []struct {
		name  string
		steps func() []Step
		ticks int
	}{
		{"empty", func() []Step { return nil }, 0},
		{"tween", func() []Step { return []Step{NewTween(0, 5, nil)} }, 5},
		{"delayed", func() []Step { return []Step{NewTween(3, 5, nil)} }, 8},
		{"two", func() []Step { return []Step{NewTween(0, 5, nil), &Wait{N: 4}} }, 9},
		{"calls", func() []Step { return []Step{&Call{}, NewTween(0, 2, nil), &Call{}, &Call{}} }, 2},
		{"parallel", func() []Step { return []Step{&Parallel{Steps: []Step{&Wait{N: 3}, &Wait{N: 6}}}} }, 6},
		{"sequence", func() []Step {
			return []Step{&Sequence{Steps: []Step{&Wait{N: 3}, &Call{}, &Wait{N: 2}}}}
		}, 5},
		{"instant", func() []Step {
			return []Step{NewTween(Instant.Ticks(5), Instant.Ticks(20), nil), &Wait{N: Instant.Ticks(9)}}
		}, 1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var tl Timeline
			for _, s := range tc.steps() {
				tl.Add(s)
			}
			n := 0
			for !tl.Idle() {
				tl.Update()
				n++
				if n > 1000 {
					t.Fatal("never idle")
				}
			}
			want := tc.ticks
			if tc.name == "calls" {
				want = 2
			}
			if n != want && !(want == 0 && n == 0) {
				t.Fatalf("took %d ticks, want %d", n, want)
			}
		})
	}
}

func TestCallbackAddsStep(t *testing.T) {
	var tl Timeline
	ran := false
	tl.Add(&Call{Fn: func() { tl.Add(&Call{Fn: func() { ran = true }}) }})
	tl.Skip()
	if !ran || !tl.Idle() {
		t.Fatal("step added during skip did not run")
	}
}

func join(s []string) string {
	out := ""
	for i, x := range s {
		if i > 0 {
			out += " "
		}
		out += x
	}
	return out
}
