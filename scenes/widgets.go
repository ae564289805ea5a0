package scenes

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

// widget is a button or label in a menu-like scene.
type widget struct {
	id      string
	r       layout.Rect
	label   string
	enabled bool
	// kind: 0 button, 1 label (left-aligned text), 2 value (centred text, no frame), 3 toggle
	// chip, kindTwoLine, kindPrimary, kindSecondary, kindNotice
	kind int
	on   bool
	// hint marks a text field's label as a placeholder.
	hint bool
	// sub is a two-line button's second line.
	sub string
	// fit is the label size that fits the width, for fitFor; subFit the same for sub.
	fit    float64
	fitFor string
	subFit float64
	subFor string
	size   float64 // text size; 0 = from the height
	// wrapped says a notice is drawn on several lines at size fit.
	wrapped bool
}

// More widget kinds (0–3 are in widget.kind's comment).
const (
	// kindTwoLine is a button with a bold title and a smaller line under it (sub), left-aligned.
	kindTwoLine = 4
	// kindPrimary is a form's main action (Start): gold and bold.
	kindPrimary = 5
	// kindSecondary is a quieter button (Back): an outline on the felt.
	kindSecondary = 6
	// kindField is a text field: typed text on a dark field (on: it has the caret; hint: the
	// label is a placeholder).
	kindField = 7
	// kindNotice is a sentence on the felt that may need several lines on a narrow screen (a
	// damaged save, why the sound is silent): centred on one line, or wrapped onto lines within
	// the rectangle when that allows a larger size.
	kindNotice = 8
	// kindSwitch is a setting that is on or off: its state in words (label, "On"/"Off") beside
	// a switch, gold with the knob at the right when on, grey with the knob at the left when off.
	kindSwitch = 9
)

// switchRect is where a switch widget draws its track: at the right end, centred.
func switchRect(r layout.Rect) layout.Rect {
	h := r.H * 0.42
	w := h * 1.9
	return layout.Rect{X: r.X + r.W - w - r.H*0.25, Y: r.Y + (r.H-h)/2, W: w, H: h}
}

// placedText is one text of a widget where drawWidget draws it; wrap > 0 wraps it onto lines
// of that width (x, y is then its top left corner).
type placedText struct {
	s     string
	x, y  float64
	style text.Style
	wrap  float64
}

// widgetTexts returns a widget's texts as drawWidget draws them, their sizes fitted to the
// widget (and cached in it); tests measure them.
func (k *Kit) widgetTexts(w *widget) (out [2]placedText, n int) {
	size := clampF(w.r.H*0.42, 12, 30)
	if w.size > 0 {
		size = w.size
	}
	cx, cy := w.r.Center()
	fit := func(s string, st text.Style, width, min float64, cache *float64, key *string) float64 {
		if *cache == 0 || *key != s {
			*cache = k.txt.Fit(s, st, width, min)
			*key = s
		}
		return *cache
	}
	fg := sprites.Ink
	if !w.enabled {
		fg = sprites.Muted
	}
	switch w.kind {
	case 1:
		st := text.Style{Size: size, Color: labelCol, Align: text.Left | text.VertCenter}
		st.Size = fit(w.label, st, w.r.W-8, 8, &w.fit, &w.fitFor)
		out[0] = placedText{w.label, w.r.X + 4, cy, st, 0}
		return out, 1
	case 2:
		st := text.Style{Size: size, Color: titleCol, Align: text.Center, Bold: true}
		st.Size = fit(w.label, st, w.r.W-8, 8, &w.fit, &w.fitFor)
		out[0] = placedText{w.label, cx, cy, st, 0}
		return out, 1
	case kindTwoLine:
		pad := clampF(w.r.H*0.2, 6, 14)
		st := text.Style{Size: clampF(w.r.H*0.3, 12, 24), Color: fg, Align: text.Left | text.VertCenter, Bold: true}
		st.Size = fit(w.label, st, w.r.W-2*pad, 10, &w.fit, &w.fitFor)
		sub := text.Style{Size: clampF(w.r.H*0.22, 10, 17), Color: sprites.Ink, Align: text.Left | text.VertCenter}
		if !w.enabled {
			sub.Color = sprites.Muted
		}
		sub.Size = fit(w.sub, sub, w.r.W-2*pad, 9, &w.subFit, &w.subFor)
		gap := (w.r.H - st.Size - sub.Size) / 3
		out[0] = placedText{w.label, w.r.X + pad, w.r.Y + gap + st.Size/2, st, 0}
		out[1] = placedText{w.sub, w.r.X + pad, w.r.Y + 2*gap + st.Size + sub.Size/2, sub, 0}
		return out, 2
	case kindNotice:
		const minSize = 8
		st := text.Style{Size: size, Color: titleCol, Align: text.Center, Bold: true}
		inner := w.r.W - 8
		if w.fit == 0 || w.fitFor != w.label {
			w.fitFor = w.label
			one := k.txt.Fit(w.label, st, inner, minSize)
			wrapped := k.txt.FitWrap(w.label, st, inner, w.r.H, minSize)
			w.fit, w.wrapped = one, wrapped > one
			if w.wrapped {
				w.fit = wrapped
			}
		}
		st.Size = w.fit
		if !w.wrapped {
			out[0] = placedText{w.label, cx, cy, st, 0}
			return out, 1
		}
		st.Align = text.Left | text.Top
		_, h := k.txt.MeasureWrap(w.label, st, inner)
		out[0] = placedText{w.label, w.r.X + 4, w.r.Y + (w.r.H-h)/2, st, inner}
		return out, 1
	case kindSecondary:
		fg = titleCol
	case kindSwitch:
		sw := switchRect(w.r)
		st := text.Style{Size: size, Color: fg, Align: text.Center, Bold: true}
		width := sw.X - w.r.X - 8
		st.Size = fit(w.label, st, width, 8, &w.fit, &w.fitFor)
		out[0] = placedText{w.label, w.r.X + 4 + width/2, cy, st, 0}
		return out, 1
	}
	st := text.Style{Size: size, Color: fg, Align: text.Center, Bold: true}
	st.Size = fit(w.label, st, w.r.W-8, 8, &w.fit, &w.fitFor)
	out[0] = placedText{w.label, cx, cy, st, 0}
	return out, 1
}

var (
	focusCol  color.Color = color.RGBA{0xff, 0xd8, 0x4a, 0xff}
	titleCol  color.Color = color.RGBA{0xfb, 0xf7, 0xee, 0xff}
	labelCol  color.Color = color.RGBA{0xdd, 0xe8, 0xe0, 0xff}
	chipOnCol color.Color = color.RGBA{0xf4, 0xc4, 0x30, 0xff}
	overlay   color.Color = color.RGBA{0x06, 0x1a, 0x10, 0xe6}
	// primaryCol is the main action's button (Start): warmer and brighter than the others.
	primaryCol color.Color = color.RGBA{0xff, 0xc9, 0x3c, 0xff}
)

// fillRect fills a logical rectangle: one white pixel scaled over it and tinted, without
// anti-aliasing.
func (k *Kit) fillRect(dst *ebiten.Image, r layout.Rect, c color.Color) {
	if k.pixel == nil {
		// The middle of a 3×3 white image: a scaled pixel's edges sample no neighbour.
		img := ebiten.NewImage(3, 3)
		img.Fill(color.White)
		k.pixel = img.SubImage(image.Rect(1, 1, 2, 2)).(*ebiten.Image)
	}
	s := k.scale
	k.rectOp.GeoM.Reset()
	k.rectOp.GeoM.Scale(r.W*s, r.H*s)
	k.rectOp.GeoM.Translate(r.X*s, r.Y*s)
	k.rectOp.ColorScale.Reset()
	k.rectOp.ColorScale.ScaleWithColor(c)
	dst.DrawImage(k.pixel, &k.rectOp)
}

// bullhead draws a bullhead icon of logical size sz centred at (cx, cy).
func (k *Kit) bullhead(dst *ebiten.Image, cx, cy, sz float64, c color.Color) {
	k.drawShape(dst, 2, layout.Rect{X: cx - sz/2, Y: cy - sz/2, W: sz, H: sz}, 0, 0, c)
}

// roundRect fills a logical rounded rectangle.
func (k *Kit) roundRect(dst *ebiten.Image, r layout.Rect, rad float64, c color.Color) {
	k.drawShape(dst, 0, r, rad, 0, c)
}

// strokeRect outlines a logical rounded rectangle.
func (k *Kit) strokeRect(dst *ebiten.Image, r layout.Rect, rad, width float64, c color.Color) {
	k.drawShape(dst, 1, r, rad, width, c)
}

// label draws text in logical coordinates.
func (k *Kit) label(dst *ebiten.Image, s string, x, y, size float64, c color.Color, a text.Align, bold bool) {
	k.txt.Draw(dst, s, x, y, text.Style{Size: size, Color: c, Align: a, Bold: bold})
}

// drawWidget draws a button, label or chip.
func (k *Kit) drawWidget(dst *ebiten.Image, w *widget, focused bool) {
	if w.kind == kindField {
		size := clampF(w.r.H*0.42, 12, 30)
		if w.size > 0 {
			size = w.size
		}
		k.drawField(dst, w, size, focused)
		return
	}
	ts, n := k.widgetTexts(w)
	if w.kind != 1 && w.kind != 2 && w.kind != kindNotice {
		bg := sprites.ButtonBG
		if (w.kind == 3 || w.kind == kindTwoLine) && w.on {
			bg = chipOnCol
		}
		if w.kind == kindPrimary {
			bg = primaryCol
		}
		if !w.enabled {
			bg = sprites.ButtonOff
		}
		rad := w.r.H * 0.22
		if w.kind == kindSecondary {
			k.strokeRect(dst, w.r, rad, 2, titleCol)
		} else {
			k.roundRect(dst, layout.Rect{X: w.r.X + 2, Y: w.r.Y + 3, W: w.r.W, H: w.r.H}, rad, sprites.Shadow)
			k.roundRect(dst, w.r, rad, bg)
		}
		if focused {
			k.strokeRect(dst, w.r.Inset(-2), rad+2, 3, focusCol)
		}
	}
	if w.kind == kindSwitch {
		sw := switchRect(w.r)
		track, knob := sprites.Muted, layout.Rect{X: sw.X + 3, Y: sw.Y + 3, W: sw.H - 6, H: sw.H - 6}
		if w.on {
			track, knob.X = chipOnCol, sw.X+sw.W-sw.H+3
		}
		k.roundRect(dst, sw, sw.H/2, track)
		k.roundRect(dst, knob, knob.H/2, sprites.White)
	}
	for _, t := range ts[:n] {
		if t.wrap > 0 {
			k.txt.DrawWrap(dst, t.s, t.x, t.y, t.wrap, t.style)
			continue
		}
		k.txt.Draw(dst, t.s, t.x, t.y, t.style)
	}
}

// widgetInput takes this tick's tap on an enabled widget, or the arrows moving *focus over the
// enabled widgets and Enter pressing the focused one (a tap clears the focus); it returns the id
// pressed, or "". A tap elsewhere is consumed.
func widgetInput(ws []widget, focus *int, in *Input) string {
	for i := range ws {
		if w := &ws[i]; w.id != "" && w.enabled && in.TapIn(w.r) {
			*focus = -1
			return w.id
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
		return ws[*focus].id
	}
	return ""
}

// nextFocus returns the enabled widget d steps (1 or -1) from focus, round; from no focus (-1)
// going forward starts at the first.
func nextFocus(ws []widget, focus, d int) int {
	n := len(ws)
	for k := 1; k <= n; k++ {
		i := ((focus+d*k)%n + n) % n
		if focus < 0 && d > 0 {
			i = (k - 1) % n
		}
		if w := ws[i]; w.id != "" && w.enabled {
			return i
		}
	}
	return focus
}

func clampF(v, lo, hi float64) float64 {
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
func (k *Kit) drawField(dst *ebiten.Image, w *widget, size float64, focused bool) {
	rad := w.r.H * 0.18
	k.roundRect(dst, w.r, rad, overlay)
	edge, lw := labelCol, 1.5
	if w.on || focused {
		edge, lw = focusCol, 3
	}
	k.strokeRect(dst, w.r, rad, lw, edge)
	// The text at the form's size, vertically centred; while typed, its end (where the caret is)
	// stays in view and the caret is a bar after it.
	st := text.Style{Size: math.Min(size, w.r.H*0.6)}
	pad := clampF(w.r.H*0.2, 6, 12)
	caretW := math.Max(2, math.Round(st.Size*0.1))
	room := w.r.W - 2*pad - caretW - 2
	s := w.label
	tw := 0.0
	for len(s) > 0 {
		if tw, _ = k.txt.Measure(s, st); tw <= room {
			break
		}
		_, n := utf8.DecodeRuneInString(s)
		s = s[n:]
	}
	if s == "" {
		tw = 0
	}
	c := titleCol
	if w.hint {
		c = sprites.Muted
	}
	_, cy := w.r.Center()
	k.label(dst, s, w.r.X+pad, cy, st.Size, c, text.Left|text.VertCenter, false)
	if w.on {
		ch := st.Size * 1.15
		k.roundRect(dst, layout.Rect{X: w.r.X + pad + tw + 1, Y: cy - ch/2, W: caretW, H: ch}, caretW/2, focusCol)
	}
}

// fitted is a boxText of s in box at size or smaller (not under minPanelText); a name is
// shortened as the plates shorten one, another text cut short only if it is still too wide.
func (k *Kit) fitted(s string, box layout.Rect, size float64, bold, name bool, align text.Align, col color.Color) boxText {
	st := text.Style{Size: size, Bold: bold}
	if name {
		s = k.txt.CutName(s, st, box.W)
	} else {
		st.Size = max(minPanelText, k.txt.Fit(s, st, box.W, minPanelText))
		s = k.txt.Cut(s, st, box.W)
	}
	return boxText{s: s, box: box, size: st.Size, bold: bold, align: align, col: col}
}

// wrapText breaks s into lines no wider than w at the given size.
func (k *Kit) wrapText(s string, size, w float64) []string {
	st := text.Style{Size: size}
	var lines []string
	line := ""
	for _, word := range strings.FieldsFunc(s, breakable) {
		try := word
		if line != "" {
			try = line + " " + word
		}
		if tw, _ := k.txt.Measure(try, st); tw > w && line != "" {
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

// boxText is one line of a panel's text with its box: drawn at size, vertically centred in the
// box, at its left edge, centre or right edge (align: text.Left, text.HorzCenter, text.Right).
// The panels' tests measure each against its box.
type boxText struct {
	s     string
	box   layout.Rect
	size  float64
	bold  bool
	align text.Align
	col   color.Color
}

// draw draws the line.
func (b *boxText) draw(g *Host, dst *ebiten.Image) {
	x := b.box.X
	switch b.align {
	case text.HorzCenter:
		x += b.box.W / 2
	case text.Right:
		x += b.box.W
	}
	g.label(dst, b.s, x, b.box.Y+b.box.H/2, b.size, b.col, b.align|text.VertCenter, b.bold)
}

// breakable reports whether a line may break at r: a space, but not a no-break space (French
// puts U+202F before ":" and U+00A0 inside "10 %": the line never breaks there).
func breakable(r rune) bool {
	return unicode.IsSpace(r) && r != '\u00a0' && r != '\u202f' && r != '\u2007'
}

// minPanelText is the smallest size a panel's text shrinks to before it is cut short.
const minPanelText = 9
