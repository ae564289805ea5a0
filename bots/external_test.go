package bots_test

import (
	"path/filepath"
	"strings"
	"testing"
	"time"

	"nimmt/bots"
	"nimmt/engine"
)

// generous is the time limit of exchanges that must not time out: the fixtures answer at once,
// so a test waits this long only when a bot is broken.
const generous = time.Minute

// decisions returns a card decision and a row choice.
func decisions(t *testing.T) (play, row engine.View) {
	t.Helper()
	vs := views(t, 4, 40, 21)
	for _, v := range vs {
		if v.Decision.Kind == engine.DecideRow && row.Decision == nil {
			row = v
		}
		if v.Decision.Kind == engine.DecidePlay && play.Decision == nil {
			play = v
		}
	}
	if play.Decision == nil || row.Decision == nil {
		t.Fatal("no card decision or no row choice among the views")
	}
	return play, row
}

// within fails the test if f does not return within generous: what it checks would otherwise
// hang the test.
func within(t *testing.T, what string, f func()) {
	t.Helper()
	done := make(chan struct{})
	go func() {
		defer close(done)
		f()
	}()
	select {
	case <-done:
	case <-time.After(generous):
		t.Fatalf("%s did not finish within %v", what, generous)
	}
}

func TestExternalFaults(t *testing.T) {
	play, row := decisions(t)
	tests := []struct {
		kind    string // the fixture
		fault   string // fault expected at the first decision; "" for none
		detail  string
		timeout time.Duration
	}{
		{"good", "", "", generous},
		{"crash", "crash", "boom", generous},
		{"garbage", "garbage", "banana", generous},
		{"illegal", "illegal", "105", generous},
		{"silent", "timeout", "no answer", 100 * time.Millisecond}, // never answers: the limit always passes
		{"oldversion", "hello", "version 99", generous},
		{"missing", "hello", "cannot start", generous},
		{"trailing", "garbage", "junk", generous},
		{"long", "garbage", "line limit", generous},
	}
	for _, tc := range tests {
		t.Run(tc.kind, func(t *testing.T) {
			cmd := fixtureCommand(t, tc.kind)
			if tc.kind == "missing" {
				cmd = filepath.Join(t.TempDir(), "no-such-bot")
			}
			x := bots.NewExternal(cmd)
			x.Timeout, x.HelloTimeout = tc.timeout, generous
			var faults []bots.Fault
			x.OnFault = func(f bots.Fault) { faults = append(faults, f) }
			defer x.Close(nil)
			for _, v := range []engine.View{play, row} {
				a := x.Decide(&v)
				if !bots.Legal(&v, a) {
					t.Fatalf("answer %+v is illegal", a)
				}
				if tc.fault != "" {
					if fb := bots.Fallback(&v); a.Row != fb.Row || firstCard(a) != firstCard(fb) {
						t.Errorf("answer %+v, want the fallback %+v", a, fb)
					}
				}
			}
			if tc.fault == "" {
				if len(faults) > 0 {
					t.Fatalf("faults %v", faults)
				}
				return
			}
			if len(faults) == 0 {
				t.Fatal("no fault reported")
			}
			f := faults[0]
			if f.Kind != tc.fault {
				t.Errorf("kind %q, want %q (%v)", f.Kind, tc.fault, f)
			}
			msg := f.Error()
			for _, want := range []string{cmd, "round", "turn", "fallback", tc.detail} {
				if !strings.Contains(msg, want) {
					t.Errorf("message %q lacks %q", msg, want)
				}
			}
			if x.Faults() != len(faults) {
				t.Errorf("Faults() = %d, reported %d", x.Faults(), len(faults))
			}
		})
	}
}

// TestExternalOneLineOneAnswer: a second line written with an answer is not taken as the next
// decision's answer; it is a fault, and the program is stopped.
func TestExternalOneLineOneAnswer(t *testing.T) {
	play, row := decisions(t)
	x := bots.NewExternal(fixtureCommand(t, "twice"))
	x.Timeout, x.HelloTimeout = generous, generous
	var faults []bots.Fault
	x.OnFault = func(f bots.Fault) { faults = append(faults, f) }
	defer x.Close(nil)
	if a := x.Decide(&play); firstCard(a) != play.Hand[0] || len(faults) > 0 {
		t.Fatalf("first decision: %+v, faults %v", a, faults)
	}
	x.Decide(&row)
	if len(faults) != 1 || faults[0].Kind != "garbage" || !strings.Contains(faults[0].Detail, "no answer was due") {
		t.Fatalf("faults %v, want one garbage fault for the extra line", faults)
	}
}

// TestExternalUnreadInput: a bot that answers its greeting and then writes answers without ever
// reading its input cannot hold the arena: every exchange ends within its time limit.
func TestExternalUnreadInput(t *testing.T) {
	play, _ := decisions(t)
	x := bots.NewExternal(fixtureCommand(t, "spam"))
	x.Timeout, x.HelloTimeout = 200*time.Millisecond, generous
	var faults []bots.Fault
	x.OnFault = func(f bots.Fault) { faults = append(faults, f) }
	const n = 1000 // its input pipe (64 KB) fills after some 150 views
	within(t, "1000 decisions of a bot that never reads", func() {
		for range n {
			x.Decide(&play)
		}
		x.Close(nil)
	})
	if len(faults) == 0 || len(faults) == n {
		t.Fatalf("%d faults in %d decisions, want the bot stopped", len(faults), n)
	}
	if last := faults[len(faults)-1]; last.Kind != "garbage" && last.Kind != "timeout" {
		t.Errorf("last fault %v, want the one that stopped the bot", last)
	}
}
