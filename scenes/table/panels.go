package table

import (
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

// OverlayButton returns the rectangles of the score and game-over panels' buttons.
func (t *Table) OverlayButton(i int) layout.Rect {
	p := t.OverlayPanel()
	bh := ui.ClampF(t.G.H*0.07, layout.MinTap, 60)
	row := layout.Rect{X: p.X + 16, Y: p.Y + p.H - bh - 16, W: p.W - 32, H: bh}
	if t.Phase == PhaseOver {
		return t.overData().lay.Buttons[i]
	}
	return row
}

// ResultPanel is the result panel shown now (the round's score or the game over), if any.
func (t *Table) ResultPanel() (layout.Rect, bool) {
	switch {
	case !t.Tl.Idle():
	case t.Phase == PhaseScore:
		return t.OverlayPanel(), true
	case t.Phase == PhaseOver:
		return t.overData().lay.Panel, true
	}
	return layout.Rect{}, false
}

// noButtons are the table's buttons under a tap that a result panel takes: none.
var noButtons [layout.NumButtons]layout.Rect

// TrackerTexts are the card tracker's texts: its head and every card number in its cell,
// coloured by what is known of the card.
func (hd *hud) TrackerTexts() []ui.BoxText {
	g := hd.g
	p := hd.lay.Panel
	// Copies counted: in Double each number can be seen once or twice.
	var seen, mine [engine.DeckSize + 1]uint8
	for _, c := range hd.Disp.Revealed {
		seen[c]++
	}
	for _, c := range hd.Disp.Hand {
		mine[c]++
	}
	cfg := &hd.Disp.Config
	cols, rows := 13, 8
	title := hd.lay.Unit * 1.6
	cw := (p.W - 16) / float64(cols)
	ch := (p.H - 16 - title) / float64(rows)
	head := msg.TrackerHead.Text()
	if cfg.Variant == engine.Double {
		head = msg.TrackerHeadDouble.Text()
	}
	// The heading: at least a seat name's size (layout.MinNameSize, MinNameSizePhone on a
	// phone), on two lines where one would be smaller; the numbers share what is left.
	lo := float64(layout.MinNameSize)
	if min(g.W, g.H) < 600 {
		lo = layout.MinNameSizePhone
	}
	lines, hs := hd.trackerHead(head, p.W-20, math.Max(lo, ui.ClampF(ch*0.5, ui.MinPanelText, hd.lay.Unit)))
	lh := math.Ceil(hs * 1.25)
	if need := float64(len(lines))*lh + 4; need > title {
		title = need
		ch = (p.H - 16 - title) / float64(rows)
	}
	out := hd.panelTexts[:0]
	top := p.Y + 4 + (title-float64(len(lines))*lh)/2
	for i, line := range lines {
		out = append(out, g.Fitted(line, layout.Rect{X: p.X + 10, Y: top + float64(i)*lh, W: p.W - 20, H: lh}, hs, false, false, text.Left, sprites.White))
	}
	size := ui.ClampF(math.Min(cw*0.55, ch*0.6), ui.MinPanelText, 22)
	for c := 1; c <= engine.DeckSize; c++ {
		i := c - 1
		cell := layout.Rect{X: p.X + 8 + float64(i%cols)*cw, Y: p.Y + 8 + title + float64(i/cols)*ch, W: cw, H: ch}
		col := sprites.White
		switch n := int(seen[c] + mine[c]); {
		case mine[c] > 0:
			col = trackHand
		case n >= cfg.Copies(engine.Card(c)):
			col = trackSeen
		case n > 0:
			col = trackHalf
		}
		out = append(out, ui.BoxText{S: Num(c), Box: cell, Size: size, Bold: mine[c] > 0, Align: text.HorzCenter, Col: col})
	}
	hd.panelTexts = out
	return out
}

// headLines is the tracker's heading broken into lines (table.trackerHead), kept while the
// heading, its width and its wanted size stay.
type headLines struct {
	s           string
	w, want, at float64
	lines       []string
}

// trackerHead returns head in lines no wider than w and their size: one line at size where it
// fits, else two lines at size or as little smaller as two lines need (not under minPanelText).
func (hd *hud) trackerHead(head string, w, size float64) ([]string, float64) {
	c := &hd.headLines
	if c.s == head && c.w == w && c.want == size {
		return c.lines, c.at
	}
	*c = headLines{s: head, w: w, want: size, at: size, lines: []string{head}}
	if tw, _ := hd.g.Txt.Measure(head, text.Style{Size: size}); tw > w {
		for c.at = size; ; c.at -= 0.5 {
			c.lines = hd.g.WrapText(head, c.at, w)
			if len(c.lines) <= 2 || c.at <= ui.MinPanelText {
				break
			}
		}
	}
	return c.lines, c.at
}

func (hd *hud) drawTracker(dst *ebiten.Image) { hd.drawPanelTexts(dst, hd.TrackerTexts()) }

// drawPanelTexts draws the tracker's panel with its texts.
func (hd *hud) drawPanelTexts(dst *ebiten.Image, bs []ui.BoxText) {
	drawPanel(hd.g, dst, hd.lay.Panel, 10)
	for _, b := range bs {
		b.Draw(hd.g, dst)
	}
}

// PoolRects lays the face-up draft pool (Logic, Tournament) out in the layout's pool area
// (layout.Table.PoolGrid), where the rows will be: one rectangle per card of the pool.
func (hd *hud) PoolRects() []layout.Rect { return hd.lay.PoolGrid(len(hd.Disp.Pool)) }

// SumsShown reports whether the rows' bullhead sums are drawn: not during a draft, whose pool
// lies over the empty rows, sums and all.
func (hd *hud) SumsShown() bool { return hd.Disp.Phase != engine.PhaseDraft }

// PoolLift is how far a pool card under the pointer rises, in its heights.
const PoolLift = 0.12

// drawPool draws the face-up draft pool; the card under the pointer is lifted when it is the
// person's turn to draft.
func (t *Table) drawPool(dst *ebiten.Image) {
	if t.Disp.Phase != engine.PhaseDraft {
		return
	}
	mine := t.Disp.Decision != nil && t.Disp.Decision.Kind == engine.DecideDraft
	for i, r := range t.PoolRects() {
		if mine && i == t.poolHover {
			r.Y -= r.H * PoolLift
		}
		t.drawCard(dst, t.Disp.Pool[i], r.X, r.Y, r.W, r.H, true, 1, mine && i == t.poolHover)
	}
}

// ChoiceLayout returns the panel, one rectangle per card of the decision and the Keep button.
func (hd *hud) ChoiceLayout(d engine.Decision) (panel layout.Rect, cards []layout.Rect, button layout.Rect) {
	g := hd.g
	n := max(len(d.Cards), 1)
	slot := hd.lay.Rows[0].Slots[0]
	cw := min(slot.W*1.2, (min(g.W-24, 640)-32)/float64(n)*0.9)
	ch := cw * 1.5
	bh := ui.ClampF(g.H*0.07, layout.MinTap, 60)
	pw := min(g.W-24, max(float64(n)*cw*1.1+32, 320))
	ph := 16 + bh*0.8 + ch*1.2 + 16
	if d.Kind == engine.DecideKeep {
		ph += bh + 8
	}
	panel = layout.Rect{X: (g.W - pw) / 2, Y: (g.H - ph) / 2, W: pw, H: ph}
	x0 := panel.X + (pw-float64(n)*cw*1.1)/2 + cw*0.05
	y := panel.Y + 16 + bh*0.8 + ch*0.1
	for i := range d.Cards {
		cards = append(cards, layout.Rect{X: x0 + float64(i)*cw*1.1, Y: y, W: cw, H: ch})
	}
	if d.Kind == engine.DecideKeep {
		button = layout.Rect{X: panel.X + 16, Y: panel.Y + ph - bh - 12, W: pw - 32, H: bh}
	}
	return panel, cards, button
}

// ChoiceTitle is the panel's instruction.
func (hd *hud) ChoiceTitle(d engine.Decision) string {
	if d.Kind == engine.DecideOrder {
		return msg.ChoiceOrder.Text()
	}
	room := engine.MaxHand - len(hd.Disp.Hand)
	return hd.cached(msg.New(msg.ChoiceKeep, room))
}

// ChoiceTitleText is the choice panel's instruction in its box over the cards.
func (hd *hud) ChoiceTitleText(d engine.Decision, panel layout.Rect) ui.BoxText {
	bh := ui.ClampF(hd.g.H*0.07, layout.MinTap, 60)
	box := layout.Rect{X: panel.X + 12, Y: panel.Y + 16, W: panel.W - 24, H: bh * 0.8}
	return hd.g.Fitted(hd.ChoiceTitle(d), box, bh*0.4, true, false, text.HorzCenter, ui.TitleCol)
}

// drawChoice draws the choice panel.
func (t *Table) drawChoice(dst *ebiten.Image) {
	d, ok := t.choiceDecision()
	if !ok {
		return
	}
	g := t.G
	panel, cards, button := t.ChoiceLayout(d)
	g.RoundRect(dst, panel, 10, ui.Overlay)
	title := t.ChoiceTitleText(d, panel)
	title.Draw(g, dst)
	for i, r := range cards {
		if d.Kind == engine.DecideKeep && t.keepSel[i] {
			r.Y -= r.H * 0.1
		}
		t.drawCard(dst, d.Cards[i], r.X, r.Y, r.W, r.H, true, 1, d.Kind == engine.DecideKeep && t.keepSel[i])
	}
	if d.Kind == engine.DecideKeep {
		n := 0
		for _, on := range t.keepSel {
			if on {
				n++
			}
		}
		w := ui.Widget{ID: "keep", Label: msg.New(msg.ButtonKeep, n, len(d.Cards)-n).String(), R: button, Enabled: true}
		g.DrawWidget(dst, &w, false)
	}
}

// gameOverTitle says who won: "You win!" to the one person at this device, else the winner's
// name, or the names of those who share the win.
func (hd *hud) gameOverTitle() msg.Message {
	w := hd.Disp.Winners
	mine := slices.Contains(w, hd.Me) && hd.People() == 1
	switch {
	case mine && len(w) > 1:
		return msg.New(msg.GameOverYouShare)
	case mine:
		return msg.New(msg.GameOverYouWin)
	case len(w) == 1:
		return msg.New(msg.GameOverWins, hd.seatName(w[0]))
	case len(w) > 1:
		// "Ada and Bruno share the win"; more winners: "Ada, Bruno and Cleo".
		first := hd.seatName(w[0])
		for _, s := range w[1 : len(w)-1] {
			first += ", " + hd.seatName(s)
		}
		return msg.New(msg.GameOverShare, first, hd.seatName(w[len(w)-1]))
	}
	return msg.New(msg.GameOverTitle)
}

// cached returns m's text, formatted once while the panel shows the same message.
func (hd *hud) cached(m msg.Message) string {
	if m != hd.panelMsg || hd.panelStr == "" {
		hd.panelMsg, hd.panelStr = m, m.String()
	}
	return hd.panelStr
}
