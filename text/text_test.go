package text

import (
	"strings"
	"testing"
)

func TestCut(t *testing.T) {
	r, err := New()
	if err != nil {
		t.Fatal(err)
	}
	st := Style{Size: 12, Bold: true}
	if got := r.Cut("Ada", st, 100); got != "Ada" {
		t.Errorf("Cut of a fitting name = %q", got)
	}
	long := "Maximiliane-Josefine"
	full, _ := r.Measure(long, st)
	for _, w := range []float64{full * 0.8, full / 2, 30} {
		got := r.Cut(long, st, w)
		if gw, _ := r.Measure(got, st); gw > w || !strings.HasSuffix(got, "…") || !strings.HasPrefix(long, strings.TrimSuffix(got, "…")) {
			t.Errorf("Cut(%q, %.1f) = %q (%.1f wide)", long, w, got, gw)
		}
		if longer := strings.TrimSuffix(got, "…") + long[len(got)-len("…"):len(got)-len("…")+1] + "…"; longer != long+"…" {
			if lw, _ := r.Measure(longer, st); lw <= w {
				t.Errorf("Cut(%q, %.1f) = %q, but %q fits", long, w, got, longer)
			}
		}
	}
	if got := r.Cut(long, st, 1); got != "…" {
		t.Errorf("Cut to 1 px = %q, want the ellipsis alone", got)
	}
}
