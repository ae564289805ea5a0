package table

import (
	"image/color"

	"github.com/hajimehoshi/ebiten/v2"

	"nimmt/engine"
	"nimmt/layout"
	"nimmt/msg"
	"nimmt/scenes/ui"
	"nimmt/sprites"
	"nimmt/text"
)

// The landing preview of a lifted card and the row choice's feedback (issue 25): the row under
// the pointer, or tapped once on a touch screen, is lit with the bullheads it would cost ("+N");
// a click takes it, and on a touch screen a second tap on the same row does.

// rowPick is the row choice's feedback: the row under the mouse (hover) and the row a first tap
// chose on a touch screen (armed), each counted from 1, 0 for none. armed holds for the decision
// it was made in: at, the count of events shown then.
type rowPick struct {
	hover, armed int
	at           int
}

// picked is the row previewed now, or -1: the armed row of this decision, else the row under the
// mouse; none unless the person shown chooses a row.
func (bd *board) picked() int {
	rp := &bd.rows
	switch {
	case !bd.myRowChoice():
	case rp.armed > 0 && rp.at == bd.Consumed:
		return rp.armed - 1
	case rp.hover > 0:
		return rp.hover - 1
	}
	return -1
}

// rowInput follows the pointer over the rows during the person's row choice and returns the
// row to take, or -1: the row clicked, or on a touch screen the row tapped a second time (the
// first tap picks it and shows what it costs). A change of the row shown asks for a frame.
func (bd *board) rowInput(in *ui.Input) int {
	rp := &bd.rows
	before := bd.picked()
	if in.Hover {
		rp.hover = 0
		for r := range bd.lay.Rows {
			if bd.lay.Rows[r].Hit.Contains(in.X, in.Y) {
				rp.hover = r + 1
			}
		}
	}
	take := -1
	for r := range bd.lay.Rows {
		if !in.TapIn(bd.lay.Rows[r].Hit) {
			continue
		}
		if in.Touch && (rp.armed != r+1 || rp.at != bd.Consumed) {
			rp.armed, rp.at = r+1, bd.Consumed
			break
		}
		rp.armed, take = 0, r
		break
	}
	if bd.picked() != before {
		bd.redraw = true
	}
	return take
}

// PreviewRow lights row r (0–3) as the pointer over it would, or with touch as a first tap on
// it does (the screenshots show the feedback).
func (bd *board) PreviewRow(r int, touch bool) {
	if touch {
		bd.rows.armed, bd.rows.at = r+1, bd.Consumed
		return
	}
	bd.rows.hover = r + 1
}

// pickFill is the picked row's glow: gold at a fifth, premultiplied.
var pickFill color.Color = color.RGBA{0x33, 0x2b, 0x0f, 0x33}

// drawRowChoice lights the rows of a row choice: each pulsing red, and the row picked (picked)
// gold with its cost over its sum and, in the warning's place, what a click or a second tap
// does.
func (bd *board) drawRowChoice(dst *ebiten.Image, p int) {
	g, l := bd.g, bd.lay
	k := bd.picked()
	for r := range l.Rows {
		if r != k {
			g.StrokeRect(dst, l.Rows[r].Hit, 8, 3, pulseRed[p])
		}
	}
	if k < 0 || k >= len(bd.Disp.Rows) {
		return
	}
	hit := l.Rows[k].Hit
	g.RoundRect(dst, hit, 8, pickFill)
	g.StrokeRect(dst, hit, 8, 3, sprites.Glow)
	// In the sum's place (drawn for the other rows only): a red pill with the bull and "+N".
	n := engine.SumBullheads(bd.Disp.Rows[k])
	sr := l.Rows[k].Sum
	_, cy := sr.Center()
	size := ui.ClampF(sr.H*0.5, 12, 34)
	pill := layout.Rect{X: sr.X, Y: cy - size*0.8, W: sr.W, H: size * 1.6}
	g.RoundRect(dst, pill, pill.H/2, warnBG)
	g.Bullhead(dst, sr.X+size*0.55, cy, size*0.9, sprites.White)
	g.Label(dst, "+"+Num(n), sr.X+size*1.05, cy, size, sprites.White, text.Left|text.VertCenter, true)
	id := msg.RowPreviewClick
	if bd.rows.armed == k+1 && bd.rows.at == bd.Consumed {
		id = msg.RowPreviewTap
	}
	bd.drawWarning(dst, bd.h.warning(msg.New(id, k+1, n)))
}

func (t *Table) drawPreview(dst *ebiten.Image) {
	g := t.G
	l := &t.Lay
	p := t.pulse()
	t.drawnPulse = p
	if t.Phase == PhaseRowChoice && len(t.Disp.Waiting) > 0 {
		t.drawRowChoice(dst, p)
		return
	}
	if !t.previewActive() || !t.Tl.Idle() {
		return
	}
	c := t.HandCard(t.Sel)
	if c == 0 {
		return
	}
	// The engine's answer, by the variant: the row, its end, a twin, a take.
	land := t.Disp.Land(c)
	if land.TooLow {
		for r := range l.Rows {
			g.StrokeRect(dst, l.Rows[r].Hit, 8, 3, pulseRed[p])
		}
		t.drawWarning(dst, msg.WarnTooLow.Text())
		return
	}
	sl, ok := t.LandingRect(land)
	switch {
	case !ok:
	case land.OnTwin:
		// Double: the card goes on top of its twin, in the same place.
		g.StrokeRect(dst, sl, sl.W*0.09, 3, sprites.Glow)
	case land.Takes:
		g.RoundRect(dst, sl, sl.W*0.09, pulseRed[p])
		t.drawWarning(dst, t.warning(msg.New(msg.WarnSixth, land.Row+1, land.Bullheads)))
	default:
		g.RoundRect(dst, sl, sl.W*0.09, pulseGold[p])
		g.StrokeRect(dst, sl, sl.W*0.09, 3, sprites.Glow)
	}
}

// LandingRect is where the landing preview glows for a card that fits a row: its twin's place
// (Double), the place after the row's last card, the sixth place when it takes the row, or the
// room in front of the row's first card (Row.Front) when it goes to the left end (Professional).
func (bd *board) LandingRect(land engine.Landing) (layout.Rect, bool) {
	row := &bd.lay.Rows[land.Row]
	switch {
	case land.Left:
		return row.Front, true
	case land.Takes:
		return row.Slots[layout.Slots-1], true
	case land.Slot < layout.Slots:
		return row.Slots[land.Slot], true
	}
	return layout.Rect{}, false
}

func (bd *board) drawWarning(dst *ebiten.Image, msg string) {
	g := bd.g
	u := bd.lay.Unit
	r := bd.lay.Warn
	g.RoundRect(dst, r, 6, warnBG)
	g.Label(dst, msg, r.X+8, r.Y+r.H/2, g.Txt.Fit(msg, text.Style{Size: u, Bold: true}, r.W-16, 8), sprites.White, text.Left|text.VertCenter, true)
}
