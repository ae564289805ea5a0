package ui

import (
	"image"
	"image/color"
	"math"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/hajimehoshi/ebiten/v2"

	"nimmt/layout"
	"nimmt/sprites"
	"nimmt/text"
)

// Widget is a button or label in a menu-like scene.
type Widget struct {
	_       NoCompare
	ID      string
	R       layout.Rect
	Label   string
	Enabled bool
	// Kind: 0 button, 1 label (left-aligned text), 2 value (centred text, no frame), 3 toggle
	// chip, kindTwoLine, kindPrimary, kindSecondary, kindNotice
	Kind int
	On   bool
	// Hint marks a text field's label as a placeholder.
	Hint bool
	// Sub is a two-line button's second line.
	Sub string
	// Fit is the label size that fits the width, for fitFor; subFit the same for sub.
	Fit    float64
	fitFor string
	SubFit float64
	subFor string
	Size   float64 // text size; 0 = from the height
	// wrapped says a notice is drawn on several lines at size fit.
	wrapped bool
}

// More widget kinds (0–3 are in widget.kind's comment).
const (
	// KindTwoLine is a button with a bold title and a smaller line under it (sub), left-aligned.
	KindTwoLine = 4
	// KindPrimary is a form's main action (Start): gold and bold.
	KindPrimary = 5
	// KindSecondary is a quieter button (Back): an outline on the felt.
	KindSecondary = 6
	// KindField is a text field: typed text on a dark field (on: it has the caret; hint: the
	// label is a placeholder).
	KindField = 7
	// KindNotice is a sentence on the felt that may need several lines on a narrow screen (a
	// damaged save, why the sound is silent): centred on one line, or wrapped onto lines within
	// the rectangle when that allows a larger size.
	KindNotice = 8
	// KindSwitch is a setting that is on or off: its state in words (label, "On"/"Off") beside
	// a switch, gold with the knob at the right when on, grey with the knob at the left when off.
	KindSwitch = 9
)

// switchRect is where a switch widget draws its track: at the right end, centred.
func switchRect(r layout.Rect) layout.Rect {
	h := r.H * 0.42
	w := h * 1.9
	return layout.Rect{X: r.X + r.W - w - r.H*0.25, Y: r.Y + (r.H-h)/2, W: w, H: h}
}

// PlacedText is one text of a widget where drawWidget draws it; wrap > 0 wraps it onto lines
// of that width (x, y is then its top left corner).
type PlacedText struct {
	S     string
	X, Y  float64
	Style text.Style
	Wrap  float64
}

// WidgetTexts returns a widget's texts as drawWidget draws them, their sizes fitted to the
// widget (and cached in it); tests measure them.
func (k *Kit) WidgetTexts(w *Widget) (out [2]PlacedText, n int) {
	size := ClampF(w.R.H*0.42, 12, 30)
	if w.Size > 0 {
		size = w.Size
	}
	cx, cy := w.R.Center()
	fit := func(s string, st text.Style, width, min float64, cache *float64, key *string) float64 {
		if *cache == 0 || *key != s {
			*cache = k.Txt.Fit(s, st, width, min)
			*key = s
		}
		return *cache
	}
	fg := sprites.Ink
	if !w.Enabled {
		fg = sprites.Muted
	}
	switch w.Kind {
	case 1:
		st := text.Style{Size: size, Color: LabelCol, Align: text.Left | text.VertCenter}
		st.Size = fit(w.Label, st, w.R.W-8, 8, &w.Fit, &w.fitFor)
		out[0] = PlacedText{w.Label, w.R.X + 4, cy, st, 0}
		return out, 1
	case 2:
		st := text.Style{Size: size, Color: TitleCol, Align: text.Center, Bold: true}
		st.Size = fit(w.Label, st, w.R.W-8, 8, &w.Fit, &w.fitFor)
		out[0] = PlacedText{w.Label, cx, cy, st, 0}
		return out, 1
	case KindTwoLine:
		pad := ClampF(w.R.H*0.2, 6, 14)
		st := text.Style{Size: ClampF(w.R.H*0.3, 12, 24), Color: fg, Align: text.Left | text.VertCenter, Bold: true}
		st.Size = fit(w.Label, st, w.R.W-2*pad, 10, &w.Fit, &w.fitFor)
		sub := text.Style{Size: ClampF(w.R.H*0.22, 10, 17), Color: sprites.Ink, Align: text.Left | text.VertCenter}
		if !w.Enabled {
			sub.Color = sprites.Muted
		}
		sub.Size = fit(w.Sub, sub, w.R.W-2*pad, 9, &w.SubFit, &w.subFor)
		gap := (w.R.H - st.Size - sub.Size) / 3
		out[0] = PlacedText{w.Label, w.R.X + pad, w.R.Y + gap + st.Size/2, st, 0}
		out[1] = PlacedText{w.Sub, w.R.X + pad, w.R.Y + 2*gap + st.Size + sub.Size/2, sub, 0}
		return out, 2
	case KindNotice:
		const minSize = 8
		st := text.Style{Size: size, Color: TitleCol, Align: text.Center, Bold: true}
		inner := w.R.W - 8
		if w.Fit == 0 || w.fitFor != w.Label {
			w.fitFor = w.Label
			one := k.Txt.Fit(w.Label, st, inner, minSize)
			wrapped := k.Txt.FitWrap(w.Label, st, inner, w.R.H, minSize)
			w.Fit, w.wrapped = one, wrapped > one
			if w.wrapped {
				w.Fit = wrapped
			}
		}
		st.Size = w.Fit
		if !w.wrapped {
			out[0] = PlacedText{w.Label, cx, cy, st, 0}
			return out, 1
		}
		st.Align = text.Left | text.Top
		_, h := k.Txt.MeasureWrap(w.Label, st, inner)
		out[0] = PlacedText{w.Label, w.R.X + 4, w.R.Y + (w.R.H-h)/2, st, inner}
		return out, 1
	case KindSecondary:
		fg = TitleCol
	case KindSwitch:
		sw := switchRect(w.R)
		st := text.Style{Size: size, Color: fg, Align: text.Center, Bold: true}
		width := sw.X - w.R.X - 8
		st.Size = fit(w.Label, st, width, 8, &w.Fit, &w.fitFor)
		out[0] = PlacedText{w.Label, w.R.X + 4 + width/2, cy, st, 0}
		return out, 1
	}
	st := text.Style{Size: size, Color: fg, Align: text.Center, Bold: true}
	st.Size = fit(w.Label, st, w.R.W-8, 8, &w.Fit, &w.fitFor)
	out[0] = PlacedText{w.Label, cx, cy, st, 0}
	return out, 1
}

var (
	FocusCol  color.Color = color.RGBA{0xff, 0xd8, 0x4a, 0xff}
	TitleCol  color.Color = color.RGBA{0xfb, 0xf7, 0xee, 0xff}
	LabelCol  color.Color = color.RGBA{0xdd, 0xe8, 0xe0, 0xff}
	chipOnCol color.Color = color.RGBA{0xf4, 0xc4, 0x30, 0xff}
	Overlay   color.Color = color.RGBA{0x06, 0x1a, 0x10, 0xe6}
	// primaryCol is the main action's button (Start): warmer and brighter than the others.
	primaryCol color.Color = color.RGBA{0xff, 0xc9, 0x3c, 0xff}
)

// FillRect fills a logical rectangle: one white pixel scaled over it and tinted, without
// anti-aliasing.
func (k *Kit) FillRect(dst *ebiten.Image, r layout.Rect, c color.Color) {
	if k.pixel == nil {
		// The middle of a 3×3 white image: a scaled pixel's edges sample no neighbour.
		img := ebiten.NewImage(3, 3)
		img.Fill(color.White)
		k.pixel = img.SubImage(image.Rect(1, 1, 2, 2)).(*ebiten.Image)
	}
	s := k.Scale
	k.rectOp.GeoM.Reset()
	k.rectOp.GeoM.Scale(r.W*s, r.H*s)
	k.rectOp.GeoM.Translate(r.X*s, r.Y*s)
	k.rectOp.ColorScale.Reset()
	k.rectOp.ColorScale.ScaleWithColor(c)
	dst.DrawImage(k.pixel, &k.rectOp)
}

// Bullhead draws a bullhead icon of logical size sz centred at (cx, cy).
func (k *Kit) Bullhead(dst *ebiten.Image, cx, cy, sz float64, c color.Color) {
	k.DrawShape(dst, 2, layout.Rect{X: cx - sz/2, Y: cy - sz/2, W: sz, H: sz}, 0, 0, c)
}

// RoundRect fills a logical rounded rectangle.
func (k *Kit) RoundRect(dst *ebiten.Image, r layout.Rect, rad float64, c color.Color) {
	k.DrawShape(dst, 0, r, rad, 0, c)
}

// StrokeRect outlines a logical rounded rectangle.
func (k *Kit) StrokeRect(dst *ebiten.Image, r layout.Rect, rad, width float64, c color.Color) {
	k.DrawShape(dst, 1, r, rad, width, c)
}

// Label draws text in logical coordinates.
func (k *Kit) Label(dst *ebiten.Image, s string, x, y, size float64, c color.Color, a text.Align, bold bool) {
	k.Txt.Draw(dst, s, x, y, text.Style{Size: size, Color: c, Align: a, Bold: bold})
}

// DrawWidget draws a button, label or chip.
func (k *Kit) DrawWidget(dst *ebiten.Image, w *Widget, focused bool) {
	if w.Kind == KindField {
		size := ClampF(w.R.H*0.42, 12, 30)
		if w.Size > 0 {
			size = w.Size
		}
		k.drawField(dst, w, size, focused)
		return
	}
	ts, n := k.WidgetTexts(w)
	if w.Kind != 1 && w.Kind != 2 && w.Kind != KindNotice {
		bg := sprites.ButtonBG
		if (w.Kind == 3 || w.Kind == KindTwoLine) && w.On {
			bg = chipOnCol
		}
		if w.Kind == KindPrimary {
			bg = primaryCol
		}
		if !w.Enabled {
			bg = sprites.ButtonOff
		}
		rad := w.R.H * 0.22
		if w.Kind == KindSecondary {
			k.StrokeRect(dst, w.R, rad, 2, TitleCol)
		} else {
			k.RoundRect(dst, layout.Rect{X: w.R.X + 2, Y: w.R.Y + 3, W: w.R.W, H: w.R.H}, rad, sprites.Shadow)
			k.RoundRect(dst, w.R, rad, bg)
		}
		if focused {
			k.StrokeRect(dst, w.R.Inset(-2), rad+2, 3, FocusCol)
		}
	}
	if w.Kind == KindSwitch {
		sw := switchRect(w.R)
		track, knob := sprites.Muted, layout.Rect{X: sw.X + 3, Y: sw.Y + 3, W: sw.H - 6, H: sw.H - 6}
		if w.On {
			track, knob.X = chipOnCol, sw.X+sw.W-sw.H+3
		}
		k.RoundRect(dst, sw, sw.H/2, track)
		k.RoundRect(dst, knob, knob.H/2, sprites.White)
	}
	for _, t := range ts[:n] {
		if t.Wrap > 0 {
			k.Txt.DrawWrap(dst, t.S, t.X, t.Y, t.Wrap, t.Style)
			continue
		}
		k.Txt.Draw(dst, t.S, t.X, t.Y, t.Style)
	}
}

// WidgetInput takes this tick's tap on an enabled widget, or the arrows moving *focus over the
// enabled widgets and Enter pressing the focused one (a tap clears the focus); it returns the id
// pressed, or "". A tap elsewhere is consumed.
func WidgetInput(ws []Widget, focus *int, in *Input) string {
	for i := range ws {
		if w := &ws[i]; w.ID != "" && w.Enabled && in.TapIn(w.R) {
			*focus = -1
			return w.ID
		}
	}
	in.TakeTap()
	if in.Key(KeyDown) || in.Key(KeyRight) {
		*focus = nextFocus(ws, *focus, 1)
	}
	if in.Key(KeyUp) || in.Key(KeyLeft) {
		*focus = nextFocus(ws, *focus, -1)
	}
	if in.Key(KeyEnter) && *focus >= 0 && *focus < len(ws) {
		return ws[*focus].ID
	}
	return ""
}

// nextFocus returns the enabled widget d steps (1 or -1) from focus, round; from no focus (-1)
// going forward starts at the first.
func nextFocus(ws []Widget, focus, d int) int {
	n := len(ws)
	for k := 1; k <= n; k++ {
		i := ((focus+d*k)%n + n) % n
		if focus < 0 && d > 0 {
			i = (k - 1) % n
		}
		if w := ws[i]; w.ID != "" && w.Enabled {
			return i
		}
	}
	return focus
}

func ClampF(v, lo, hi float64) float64 {
	if v < lo {
		return lo
	}
	if v > hi {
		return hi
	}
	return v
}

// drawField draws a text field: its text (cut at the left, the caret's end kept) or its hint on a
// dark field, outlined brighter while it has the caret or the focus.
func (k *Kit) drawField(dst *ebiten.Image, w *Widget, size float64, focused bool) {
	rad := w.R.H * 0.18
	k.RoundRect(dst, w.R, rad, Overlay)
	edge, lw := LabelCol, 1.5
	if w.On || focused {
		edge, lw = FocusCol, 3
	}
	k.StrokeRect(dst, w.R, rad, lw, edge)
	// The text at the form's size, vertically centred; while typed, its end (where the caret is)
	// stays in view and the caret is a bar after it.
	st := text.Style{Size: math.Min(size, w.R.H*0.6)}
	pad := ClampF(w.R.H*0.2, 6, 12)
	caretW := math.Max(2, math.Round(st.Size*0.1))
	room := w.R.W - 2*pad - caretW - 2
	s := w.Label
	tw := 0.0
	for len(s) > 0 {
		if tw, _ = k.Txt.Measure(s, st); tw <= room {
			break
		}
		_, n := utf8.DecodeRuneInString(s)
		s = s[n:]
	}
	if s == "" {
		tw = 0
	}
	c := TitleCol
	if w.Hint {
		c = sprites.Muted
	}
	_, cy := w.R.Center()
	k.Label(dst, s, w.R.X+pad, cy, st.Size, c, text.Left|text.VertCenter, false)
	if w.On {
		ch := st.Size * 1.15
		k.RoundRect(dst, layout.Rect{X: w.R.X + pad + tw + 1, Y: cy - ch/2, W: caretW, H: ch}, caretW/2, FocusCol)
	}
}

// Fitted is a boxText of s in box at size or smaller (not under minPanelText); a name is
// shortened as the plates shorten one, another text cut short only if it is still too wide.
func (k *Kit) Fitted(s string, box layout.Rect, size float64, bold, name bool, align text.Align, col color.Color) BoxText {
	st := text.Style{Size: size, Bold: bold}
	if name {
		s = k.Txt.CutName(s, st, box.W)
	} else {
		st.Size = max(MinPanelText, k.Txt.Fit(s, st, box.W, MinPanelText))
		s = k.Txt.Cut(s, st, box.W)
	}
	return BoxText{S: s, Box: box, Size: st.Size, Bold: bold, Align: align, Col: col}
}

// WrapText breaks s into lines no wider than w at the given size.
func (k *Kit) WrapText(s string, size, w float64) []string {
	st := text.Style{Size: size}
	var lines []string
	line := ""
	for _, word := range strings.FieldsFunc(s, breakable) {
		try := word
		if line != "" {
			try = line + " " + word
		}
		if tw, _ := k.Txt.Measure(try, st); tw > w && line != "" {
			lines = append(lines, line)
			line = word
			continue
		}
		line = try
	}
	if line != "" {
		lines = append(lines, line)
	}
	return lines
}

// BoxText is one line of a panel's text with its box: drawn at size, vertically centred in the
// box, at its left edge, centre or right edge (align: text.Left, text.HorzCenter, text.Right).
// The panels' tests measure each against its box.
type BoxText struct {
	_     NoCompare
	S     string
	Box   layout.Rect
	Size  float64
	Bold  bool
	Align text.Align
	Col   color.Color
}

// Draw draws the line.
func (b *BoxText) Draw(g *Host, dst *ebiten.Image) {
	x := b.Box.X
	switch b.Align {
	case text.HorzCenter:
		x += b.Box.W / 2
	case text.Right:
		x += b.Box.W
	}
	g.Label(dst, b.S, x, b.Box.Y+b.Box.H/2, b.Size, b.Col, b.Align|text.VertCenter, b.Bold)
}

// breakable reports whether a line may break at r: a space, but not a no-break space (French
// puts U+202F before ":" and U+00A0 inside "10 %": the line never breaks there).
func breakable(r rune) bool {
	return unicode.IsSpace(r) && r != '\u00a0' && r != '\u202f' && r != '\u2007'
}

// MinPanelText is the smallest size a panel's text shrinks to before it is cut short.
const MinPanelText = 9

// NoCompare, as a struct's first field, makes the struct not comparable with ==, so the build
// generates no equality function for it nor for the arrays and structs that hold it: 7 KB less
// wasm for Widget and Table's button array (docs/PERFORMANCE.md, "Web"). It takes no space.
type NoCompare [0]func()
