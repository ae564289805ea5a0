package table

import (
	"image/color"
	"math"
	"slices"

	"github.com/hajimehoshi/ebiten/v2"

	"nimmt/engine"
	"nimmt/layout"
	"nimmt/msg"
	"nimmt/scenes/ui"
	"nimmt/sprites"
	"nimmt/text"
)

// The HUD's drawing on the table: the seats' plates and their cut texts, the buttons and the
// landing warning.

func (t *Table) drawPlate(dst *ebiten.Image, s int) {
	g := t.G
	seat := t.SeatLay(s)
	p := seat.Plate
	si := &t.Seats[s]
	bg := sprites.PlateBG
	if s == t.Me {
		bg = plateMe
	}
	g.RoundRect(dst, p, math.Min(10, p.H*0.2), bg)
	waiting := false
	for _, w := range t.Disp.Waiting {
		if w == s {
			waiting = true
		}
	}
	if waiting && t.Tutorial == nil && (t.Phase == PhaseChoose || t.Phase == PhaseRowChoice) && !t.Disp.Chosen[s] {
		g.StrokeRect(dst, p, math.Min(10, p.H*0.2), 2, ChipThinking)
	}
	t.drawAvatar(dst, s, seat.Avatar)
	// The texts in the layout's boxes at the layout's sizes; a text too wide is cut short
	// (cached: the strings change only with the game), never shrunk.
	pile := t.pileStr(s, si.pileStr)      // counting up while a taken row arrives (piles.go)
	score := t.PlateScore(s, si.scoreStr) // counting up with the pile
	strs := [layout.NumPlateTexts]string{si.Name, score, t.plateKind(s), pile, si.stateStr}
	cols := [layout.NumPlateTexts]color.Color{sprites.White, sprites.Gold, sprites.Muted, floatCol, stateColor(si.State)}
	bold := [layout.NumPlateTexts]bool{true, true, false, true, true}
	if len(t.plateCuts) != len(t.Lay.Seats) {
		t.plateCuts = make([][layout.NumPlateTexts]plateCut, len(t.Lay.Seats))
	}
	for k, tx := range seat.Text {
		if !tx.Shown() || strs[k] == "" {
			continue
		}
		floor := tx.Size // names and scores keep their size
		if k == layout.TxtLevel || k == layout.TxtState {
			floor = MinPlateText
		}
		st := text.Style{Size: tx.Size, Bold: bold[k]}
		c := &t.plateCuts[s][k]
		str, size := strs[k], tx.Size
		if k == layout.TxtName { // a name keeps what tells it apart: "Ada L.", "P. 10"
			str = c.Name(g, str, st, tx.R.W)
		} else {
			str, size = c.get(g, str, st, tx.R.W, floor)
		}
		x, a := tx.R.X, text.Left|text.VertCenter
		if tx.Right {
			x, a = tx.R.X+tx.R.W, text.Right|text.VertCenter
		}
		g.Label(dst, str, x, tx.R.Y+tx.R.H/2, size, cols[k], a, bold[k])
	}
	// A compact plate has no pile line: the penalty taken this round goes at the right of the
	// score's box (the score is left-aligned in it), smaller than the score, where it fits
	// beside it; it never covers the score.
	if sc := seat.Text[layout.TxtScore]; seat.Compact && sc.Shown() && !sc.Right && pile != "" {
		size := math.Max(MinPlateText, math.Round(sc.Size*0.7))
		sw, _ := g.Txt.Measure(score, text.Style{Size: sc.Size, Bold: true})
		pw, _ := g.Txt.Measure(pile, text.Style{Size: size, Bold: true})
		if sw+pw+sc.Size*0.25 <= sc.R.W {
			g.Label(dst, pile, sc.R.X+sc.R.W, sc.R.Y+sc.R.H/2, size, floatCol, text.Right|text.VertCenter, true)
		}
	}
	// The round's pile by the plate, under the seat's chosen card (a compact plate's "+N" says it).
	if !seat.Compact {
		t.drawPile(dst, s, seat.Pile, func(x, y, w, h float64) { t.drawCard(dst, 0, x, y, w, h, false, 1, true) })
	}
}

// plateCut is a text fitted to its box — shrunk down to a floor size, then cut short
// (text.Renderer.Cut) — kept while the text, the box's width and the style stay.
type plateCut struct {
	_       ui.NoCompare
	in, out string
	w, min  float64
	st      text.Style
	size    float64
}

// get returns s fitted to width w at st: at st.Size or smaller down to min (min ≥ st.Size: never
// shrunk), cut short when it is still too wide; and the size to draw it at. It comes from the
// cache when nothing changed.
func (c *plateCut) get(g *ui.Host, s string, st text.Style, w, min float64) (string, float64) {
	return c.fit(s, st, w, min, g.Txt.Fit, g.Txt.Cut)
}

// Name returns the name s fitted to width w at st.Size, shortened as text.Renderer.CutName
// shortens a name ("Ada L.", "P. 10"); from the cache when nothing changed.
func (c *plateCut) Name(g *ui.Host, s string, st text.Style, w float64) string {
	out, _ := c.fit(s, st, w, st.Size, g.Txt.Fit, g.Txt.CutName)
	return out
}

func (c *plateCut) fit(s string, st text.Style, w, min float64, fitSize func(string, text.Style, float64, float64) float64, cut func(string, text.Style, float64) string) (string, float64) {
	if c.in != s || c.w != w || c.st != st || c.min != min || c.out == "" {
		fit := st
		if min < st.Size {
			fit.Size = math.Max(min, fitSize(s, st, w, min))
		}
		*c = plateCut{in: s, w: w, min: min, st: st, size: fit.Size, out: cut(s, fit, w)}
	}
	return c.out, c.size
}

// MinPlateText is the smallest size a plate's level and state lines and the score bar's title
// shrink to before they are cut short.
const MinPlateText = 9

var buttonLabels = [layout.NumButtons]msg.ID{msg.ButtonMenu, msg.ButtonTracker, msg.ButtonAdvisor, msg.ButtonLog, msg.ButtonReplay, msg.ButtonPlayCard}

func (t *Table) DrawButtons(dst *ebiten.Image) {
	g := t.G
	if t.Tutorial != nil {
		w := ui.Widget{R: t.Lay.Buttons[layout.BtnMenu], Label: msg.ButtonMenu.Text(), Enabled: true}
		g.DrawWidget(dst, &w, false)
		return
	}
	for i, r := range t.Lay.Buttons {
		w := &t.Btns[i]
		if w.R != r {
			w.Fit = 0
		}
		w.R, w.Label, w.Enabled, w.Kind, w.On = r, buttonLabels[i].Text(), true, 0, false
		switch i {
		case layout.BtnTracker:
			w.Kind, w.On = 3, t.ShowPanel == 1
		case layout.BtnAdvisor:
			w.Kind, w.On = 3, g.Settings.Advisor
		case layout.BtnLog:
			w.Kind, w.On = 3, t.ShowPanel == 2
		case layout.BtnReplay:
			w.Enabled = t.haveLast && t.Tl.Idle()
		case layout.BtnConfirm:
			w.Enabled = t.Sel >= 0 && t.Phase == PhaseChoose && t.AcceptsInput()
			if t.myRowChoice() {
				// Not a button to press but what to do: the rows are the targets, so the
				// instruction stands in the button's place as gold text without a button's face.
				w.Label = g.ByDevice(msg.ButtonClickRow, msg.ButtonTapRow, msg.ButtonKeyRow).Text()
				w.Kind, w.Enabled = ui.KindNotice, true
			} else if d := t.Disp.Decision; d != nil && d.Kind == engine.DecidePlay && d.Count > 1 {
				// Nifty and Hand: two cards, chosen one after the other.
				w.Label = msg.ButtonPlayFirst.Text()
				if t.Pick != 0 && slices.Contains(t.Disp.Hand, t.Pick) {
					w.Label = msg.ButtonPlaySecond.Text()
				}
			}
		}
		g.DrawWidget(dst, w, false)
	}
}

// warning returns the text of the landing warning m, formatted once while it stays the same.
func (hd *hud) warning(m msg.Message) string {
	if m != hd.warnMsg || hd.warnStr == "" {
		hd.warnMsg, hd.warnStr = m, m.String()
	}
	return hd.warnStr
}
