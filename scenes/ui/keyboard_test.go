package ui

import (
	"slices"
	"testing"

	"nimmt/msg"
)

// TestKeyboardRows: the on-screen keyboard's letters are the language's own layout on a phone
// upright, on its side and on a desktop-sized screen (issue 26: they were a to z on phones):
// QWERTY in English, QWERTZ in German, AZERTY in French, QWERTY with ñ in Spanish; a tap in
// the gap between two narrow keys goes to the nearer one.
func TestKeyboardRows(t *testing.T) {
	t.Cleanup(func() { _ = msg.SetLang(msg.English) })
	want := map[string][]string{
		"en": {"qwertyuiop", "asdfghjkl", "zxcvbnm"},
		"de": {"qwertzuiopü", "asdfghjklöä", "yxcvbnmß"},
		"fr": {"azertyuiop", "qsdfghjklm", "wxcvbnéèàç"},
		"es": {"qwertyuiop", "asdfghjklñ", "zxcvbnm"},
	}
	if len(want) != len(msg.Langs()) {
		t.Fatalf("languages %v, the test knows %d", msg.Langs(), len(want))
	}
	for _, lang := range msg.Langs() {
		if err := msg.SetLang(lang.Code); err != nil {
			t.Fatal(err)
		}
		for _, sz := range [][2]float64{{360, 640}, {390, 844}, {844, 390}, {1280, 720}} {
			g := &Host{Kit: &Kit{W: sz[0], H: sz[1]}}
			var k Keyboard
			k.Build(g, true, nil, Rect{X: 10, Y: 10, W: 100, H: 40}, CaseLower)
			var rows []string
			y := -1.0
			for _, w := range k.Keys {
				if w.ID != "key-"+w.Label || len([]rune(w.Label)) != 1 || w.Label == shiftLabel { // letters only
					continue
				}
				if w.R.Y != y {
					rows, y = append(rows, ""), w.R.Y
				}
				rows[len(rows)-1] += w.Label
			}
			if !slices.Equal(rows, want[lang.Code]) {
				t.Errorf("%s %gx%g: rows %q, want %q", lang.Code, sz[0], sz[1], rows, want[lang.Code])
			}
			a, b := k.Keys[0].R, k.Keys[1].R
			gapX := (a.X + a.W + b.X) / 2
			for _, c := range []struct {
				x  float64
				id string
			}{{gapX - 0.5, k.Keys[0].ID}, {gapX + 0.5, k.Keys[1].ID}} {
				in := Input{Tap: true, TapX: c.x, TapY: a.Y + a.H/2}
				if id, on := k.Tap(g, &in); id != c.id || !on {
					t.Errorf("%s %gx%g: a tap at x %.1f between %s and %s gave %q", lang.Code, sz[0], sz[1], c.x, k.Keys[0].ID, k.Keys[1].ID, id)
				}
			}
		}
	}
}
