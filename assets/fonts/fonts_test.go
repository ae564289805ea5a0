package fonts_test

import (
	"testing"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"

	"nimmt/assets/fonts"
)

// TestSameAsGoFonts checks that the embedded fonts draw exactly what the Go fonts draw: the same
// glyph for every rune of the Basic Multilingual Plane, and for every glyph the same outline and
// advance at three sizes, the same kerning and the same font metrics.
func TestSameAsGoFonts(t *testing.T) {
	for _, tc := range []struct {
		name      string
		got, want []byte
	}{{"regular", fonts.Regular, goregular.TTF}, {"bold", fonts.Bold, gobold.TTF}} {
		got, err := sfnt.Parse(tc.got)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		want, err := sfnt.Parse(tc.want)
		if err != nil {
			t.Fatal(err)
		}
		if len(tc.got) >= len(tc.want)*3/4 {
			t.Errorf("%s: %d bytes, the original %d: the hinting was not removed", tc.name, len(tc.got), len(tc.want))
		}
		if got.NumGlyphs() != want.NumGlyphs() {
			t.Fatalf("%s: %d glyphs, want %d", tc.name, got.NumGlyphs(), want.NumGlyphs())
		}
		var gb, wb sfnt.Buffer
		for r := rune(0); r < 0x10000; r++ {
			g, _ := got.GlyphIndex(&gb, r)
			w, _ := want.GlyphIndex(&wb, r)
			if g != w {
				t.Fatalf("%s: %U is glyph %d, want %d", tc.name, r, g, w)
			}
		}
		for _, ppem := range []fixed.Int26_6{fixed.I(11), fixed.I(16), fixed.I(48) + 13} {
			gm, err := got.Metrics(&gb, ppem, font.HintingNone)
			if err != nil {
				t.Fatal(err)
			}
			wm, _ := want.Metrics(&wb, ppem, font.HintingNone)
			if gm != wm {
				t.Errorf("%s at %v: metrics %+v, want %+v", tc.name, ppem, gm, wm)
			}
			for i := range got.NumGlyphs() {
				x := sfnt.GlyphIndex(i)
				gs, err := got.LoadGlyph(&gb, x, ppem, nil)
				if err != nil {
					t.Fatalf("%s: glyph %d: %v", tc.name, i, err)
				}
				gs = append(sfnt.Segments(nil), gs...)
				ws, err := want.LoadGlyph(&wb, x, ppem, nil)
				if err != nil {
					t.Fatal(err)
				}
				if len(gs) != len(ws) {
					t.Fatalf("%s: glyph %d: %d segments, want %d", tc.name, i, len(gs), len(ws))
				}
				for k := range gs {
					if gs[k] != ws[k] {
						t.Fatalf("%s: glyph %d, segment %d: %v, want %v", tc.name, i, k, gs[k], ws[k])
					}
				}
				ga, err := got.GlyphAdvance(&gb, x, ppem, font.HintingNone)
				if err != nil {
					t.Fatal(err)
				}
				if wa, _ := want.GlyphAdvance(&wb, x, ppem, font.HintingNone); ga != wa {
					t.Errorf("%s: glyph %d: advance %v, want %v", tc.name, i, ga, wa)
				}
				gk, gerr := got.Kern(&gb, x, 36, ppem, font.HintingNone)
				wk, werr := want.Kern(&wb, x, 36, ppem, font.HintingNone)
				if gk != wk || (gerr == nil) != (werr == nil) {
					t.Errorf("%s: kern %d,36: %v %v, want %v %v", tc.name, i, gk, gerr, wk, werr)
				}
			}
		}
	}
}
