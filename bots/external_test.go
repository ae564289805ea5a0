package bots_test

import (
	"os/exec"
	"strings"
	"testing"
	"time"

	"nimmt/bots"
	"nimmt/engine"
)

func needPython(t *testing.T) {
	t.Helper()
	if _, err := exec.LookPath("python3"); err != nil {
		t.Skip("python3 not found")
	}
}

func TestExternalFaults(t *testing.T) {
	needPython(t)
	vs := views(t, 4, 40, 21)
	var row engine.View
	for _, v := range vs {
		if v.Decision.Kind == engine.DecideRow {
			row = v
			break
		}
	}
	var play engine.View
	for _, v := range vs {
		if v.Decision.Kind == engine.DecidePlay {
			play = v
			break
		}
	}
	tests := []struct {
		script string
		kind   string // fault expected at the first decision; "" for none
		detail string
	}{
		{"good.py", "", ""},
		{"crash.py", "crash", "boom"},
		{"garbage.py", "garbage", "banana"},
		{"illegal.py", "illegal", "105"},
		{"silent.py", "timeout", "no answer"},
		{"oldversion.py", "hello", "version 99"},
		{"missing.py", "crash", ""},
	}
	for _, tc := range tests {
		t.Run(tc.script, func(t *testing.T) {
			x := bots.NewExternal("python3 testdata/" + tc.script)
			x.Timeout, x.HelloTimeout = 300*time.Millisecond, 5*time.Second
			var faults []bots.Fault
			x.OnFault = func(f bots.Fault) { faults = append(faults, f) }
			defer x.Close(nil)
			for _, v := range []engine.View{play, row} {
				if v.Decision == nil {
					continue
				}
				a := x.Decide(&v)
				if !bots.Legal(&v, a) {
					t.Fatalf("answer %+v is illegal", a)
				}
				if tc.kind != "" {
					if fb := bots.Fallback(&v); a.Row != fb.Row || firstCard(a) != firstCard(fb) {
						t.Errorf("answer %+v, want the fallback %+v", a, fb)
					}
				}
			}
			if tc.kind == "" {
				if len(faults) > 0 {
					t.Fatalf("faults %v", faults)
				}
				return
			}
			if len(faults) == 0 {
				t.Fatal("no fault reported")
			}
			f := faults[0]
			if tc.script == "missing.py" {
				// python3 starts, then fails: a crash at the greeting.
				if f.Kind != "hello" && f.Kind != "crash" {
					t.Errorf("kind %q", f.Kind)
				}
			} else if f.Kind != tc.kind {
				t.Errorf("kind %q, want %q (%v)", f.Kind, tc.kind, f)
			}
			msg := f.Error()
			for _, want := range []string{"testdata/" + tc.script, "round", "turn", "fallback", tc.detail} {
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
