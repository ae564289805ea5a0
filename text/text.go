// Package text is the game's one text stack: a small wrapper around an etxt renderer with the Go
// fonts (BSD licence, from nimmt/assets/fonts, without their hinting) in which every draw
// sets its full style, so no state leaks between draws.
//
// Sizes and positions are in logical pixels; the wrapper multiplies them by the display scale
// set with SetScale, the one place where HiDPI scaling of text happens.
package text

import (
	"errors"
	"fmt"
	"image/color"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/tinne26/etxt"
	"github.com/tinne26/etxt/cache"
	"golang.org/x/image/font/sfnt"

	"nimmt/assets/fonts"
)

// Align says which point of the text the coordinates name.
type Align = etxt.Align

// Alignments, re-exported from etxt.
const (
	Left       = etxt.Left
	Right      = etxt.Right
	HorzCenter = etxt.HorzCenter
	Top        = etxt.Top
	Bottom     = etxt.Bottom
	VertCenter = etxt.VertCenter
	Baseline   = etxt.Baseline
	Center     = etxt.Center
)

// white is the default colour, boxed once.
var white color.Color = color.White

// Style is the full style of one draw.
type Style struct {
	// Size is the font size in logical pixels.
	Size float64
	// Color is the text colour; keep it a boxed color.Color (a package-level variable) so
	// drawing does not allocate.
	Color color.Color
	// Align names the anchor point; the zero value means Left|Baseline.
	Align Align
	// Bold selects the bold face.
	Bold bool
}

// Renderer draws text with the game's fonts.
type Renderer struct {
	r       *etxt.Renderer
	regular *sfnt.Font
	bold    *sfnt.Font
	scale   float64
}

// New parses the fonts (nimmt/assets/fonts) and returns a renderer at scale 1.
func New() (*Renderer, error) {
	if len(fonts.Regular) == 0 || len(fonts.Bold) == 0 {
		// Only in the browser, on a page that did not fetch them (wasm/index.html does).
		return nil, errors.New("text: the fonts are missing (the page fetches fonts/go-regular.ttf and fonts/go-bold.ttf)")
	}
	reg, err := sfnt.Parse(fonts.Regular)
	if err != nil {
		return nil, fmt.Errorf("text: parse regular font: %w", err)
	}
	bold, err := sfnt.Parse(fonts.Bold)
	if err != nil {
		return nil, fmt.Errorf("text: parse bold font: %w", err)
	}
	r := etxt.NewRenderer()
	c := cache.NewDefaultCache(16 * 1024 * 1024)
	r.SetCacheHandler(c.NewHandler())
	r.SetFont(reg)
	return &Renderer{r: r, regular: reg, bold: bold, scale: 1}, nil
}

// Drawable returns s without the letters the fonts cannot draw (drawing one would fail), so
// text a person typed — a name — is safe to show.
func (t *Renderer) Drawable(s string) string {
	var buf sfnt.Buffer
	ok := func(r rune) bool {
		for _, f := range []*sfnt.Font{t.regular, t.bold} {
			if i, err := f.GlyphIndex(&buf, r); err != nil || i == 0 {
				return false
			}
		}
		return true
	}
	return strings.Map(func(r rune) rune {
		if r == ' ' || ok(r) {
			return r
		}
		return -1
	}, s)
}

// SetScale sets the display scale: logical pixels times scale gives device pixels.
func (t *Renderer) SetScale(s float64) {
	if s <= 0 {
		s = 1
	}
	t.scale = s
	t.r.SetScale(s)
}

// Scale returns the display scale.
func (t *Renderer) Scale() float64 { return t.scale }

func (t *Renderer) apply(st Style) {
	if st.Bold {
		t.r.SetFont(t.bold)
	} else {
		t.r.SetFont(t.regular)
	}
	size := st.Size
	if size <= 0 {
		size = 16
	}
	t.r.SetSize(size)
	if st.Color != nil {
		t.r.SetColor(st.Color)
	} else {
		t.r.SetColor(white)
	}
	a := st.Align
	if a == 0 {
		a = Left | Baseline
	}
	if !a.HasHorzComponent() {
		a |= Left
	}
	if !a.HasVertComponent() {
		a |= Baseline
	}
	t.r.SetAlign(a)
}

// Draw draws s at (x, y) in logical pixels.
func (t *Renderer) Draw(dst *ebiten.Image, s string, x, y float64, st Style) {
	t.apply(st)
	t.r.Draw(dst, s, int(x*t.scale+0.5), int(y*t.scale+0.5))
}

// DrawDevice draws s at (x, y) in device pixels with a size in device pixels, ignoring the
// display scale (for images rendered at device resolution, such as cards).
func (t *Renderer) DrawDevice(dst *ebiten.Image, s string, x, y float64, st Style) {
	t.r.SetScale(1)
	t.apply(st)
	t.r.Draw(dst, s, int(x+0.5), int(y+0.5))
	t.r.SetScale(t.scale)
}

// Measure returns the width and height of s in logical pixels.
func (t *Renderer) Measure(s string, st Style) (w, h float64) {
	t.apply(st)
	rect := t.r.Measure(s)
	return rect.Width().ToFloat64() / t.scale, rect.Height().ToFloat64() / t.scale
}

// Fit returns the largest size not above st.Size at which s fits in width w (logical pixels),
// but not below min.
func (t *Renderer) Fit(s string, st Style, w, min float64) float64 {
	size := st.Size
	for size > min {
		st.Size = size
		if tw, _ := t.Measure(s, st); tw <= w {
			return size
		}
		size *= 0.9
	}
	return min
}

// Cut returns s if it fits in width w (logical pixels) at st, else its longest prefix that fits
// with an ellipsis after it ("…" alone when nothing more fits). It keeps the size: a name is
// cut short rather than drawn too small to read.
func (t *Renderer) Cut(s string, st Style, w float64) string {
	if tw, _ := t.Measure(s, st); tw <= w {
		return s
	}
	r := []rune(s)
	for n := len(r) - 1; n > 0; n-- {
		c := string(r[:n]) + "…"
		if tw, _ := t.Measure(c, st); tw <= w {
			return c
		}
	}
	return "…"
}

// CutName returns a person's name s shortened to fit width w (logical pixels) at st the way a
// reader still tells the names apart: s when it fits; else the first word whole and the others
// by their initials ("Ada L." for "Ada Lovelace", "Jean-B." for "Jean-Baptiste"), a word with a
// digit always whole ("P. 10" for "Player 10", so that ten "Player N" stay ten names); else
// every word but those by its initial; else, as Cut, the longest start with an ellipsis.
func (t *Renderer) CutName(s string, st Style, w float64) string {
	if tw, _ := t.Measure(s, st); tw <= w {
		return s
	}
	fits := func(c string) bool { tw, _ := t.Measure(c, st); return tw <= w }
	words := strings.Fields(s)
	if len(words) == 1 {
		// A hyphenated name is words too: "Jean-Baptiste" is "Jean-B.".
		if first, rest, ok := strings.Cut(s, "-"); ok && first != "" && rest != "" {
			if c := first + "-" + initial(rest); fits(c) {
				return c
			}
		}
		return t.Cut(s, st, w)
	}
	numbered := false
	short := make([]string, len(words)) // the words by their initials, numbers whole
	for i, wd := range words {
		short[i] = initial(wd)
		if strings.ContainsAny(wd, "0123456789") {
			short[i], numbered = wd, true
		}
	}
	if c := words[0] + " " + strings.Join(short[1:], " "); !strings.ContainsAny(words[0], "0123456789") && fits(c) {
		return c
	}
	if c := strings.Join(short, " "); numbered && fits(c) {
		return c
	}
	return t.Cut(s, st, w)
}

// initial is a word's first letter and a full stop ("L." for "Lovelace"); a word of one letter
// stays as it is.
func initial(word string) string {
	r := []rune(word)
	if len(r) <= 1 {
		return word
	}
	return string(r[0]) + "."
}

// MeasureWrap returns the size in logical pixels of s wrapped at width w, as DrawWrap draws it.
func (t *Renderer) MeasureWrap(s string, st Style, w float64) (float64, float64) {
	t.apply(st)
	rect := t.r.MeasureWithWrap(s, int(w*t.scale))
	return rect.Width().ToFloat64() / t.scale, rect.Height().ToFloat64() / t.scale
}

// FitWrap returns the largest size not above st.Size at which s, wrapped at width w, fits in
// height h (logical pixels), but not below min.
func (t *Renderer) FitWrap(s string, st Style, w, h, min float64) float64 {
	size := st.Size
	for size > min {
		st.Size = size
		if tw, th := t.MeasureWrap(s, st, w); tw <= w && th <= h {
			return size
		}
		size *= 0.9
	}
	return min
}

// DrawWrap draws s at (x, y) in logical pixels, wrapping lines at width w.
func (t *Renderer) DrawWrap(dst *ebiten.Image, s string, x, y, w float64, st Style) {
	t.apply(st)
	t.r.DrawWithWrap(dst, s, int(x*t.scale+0.5), int(y*t.scale+0.5), int(w*t.scale))
}
