package text

import (
	"slices"
	"strconv"
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

// TestCutName: a name too wide keeps what tells it apart — the first name and the initials,
// the number of "Player 10" — and fits its width; a name that fits is left alone; one word too
// long is cut with an ellipsis as Cut cuts it.
func TestCutName(t *testing.T) {
	r, err := New()
	if err != nil {
		t.Fatal(err)
	}
	st := Style{Size: 11, Bold: true}
	width := func(s string) float64 { w, _ := r.Measure(s, st); return w }
	tests := []struct {
		name  string
		w     float64
		wants []string // the result is one of these (the first fitting, widest first)
	}{
		{"Ada", width("Ada"), []string{"Ada"}},
		{"Ada Lovelace", width("Ada L."), []string{"Ada L."}},
		{"Player 10", width("Player 1"), []string{"P. 10"}},
		{"Spieler 7", width("S. 7") + 1, []string{"S. 7"}},
		{"Jean-Baptiste", width("Jean-B."), []string{"Jean-B."}},
		{"Anna Maria Schmidt", width("Anna M. S."), []string{"Anna M. S."}},
		{"Maximilian", width("Maxi…") + 0.5, []string{"Maxi…"}},
		{"Alexandra Smith", width("Alexa…") + 0.5, []string{"Alexa…"}},
	}
	names := map[string]bool{}
	for _, tc := range tests {
		got := r.CutName(tc.name, st, tc.w)
		if width(got) > tc.w || !slices.Contains(tc.wants, got) {
			t.Errorf("CutName(%q, %.1f) = %q (%.1f wide), want %q", tc.name, tc.w, got, width(got), tc.wants)
		}
	}
	// Ten numbered players in a box a little wider than "P. 10" stay ten names.
	for i := 1; i <= 10; i++ {
		names[r.CutName("Player "+strconv.Itoa(i), st, width("P. 10")+1)] = true
	}
	if len(names) != 10 {
		t.Errorf("ten players cut to %d names: %v", len(names), names)
	}
}
