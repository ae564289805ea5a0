package table

import (
	"strconv"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"nimmt/engine"
	"nimmt/layout"
	"nimmt/msg"
	"nimmt/scenes/ui"
	"nimmt/sprites"
	"nimmt/text"
)

// logView is the log panel (the Log button): the HUD's lines as this seat may read them, under
// a header for each turn, each line about a seat marked in the seat's colour and its card
// drawn as a chip in the card's penalty colour.
type logView struct {
	hd *hud
	// rows are the rows shown, top first; texts their texts (reused from frame to frame).
	rows  []logRow
	texts []ui.BoxText
}

// logRow is one row of the log panel: a line of the HUD's log (entry), or a turn's header
// (entry -1).
type logRow struct {
	entry, turn int
}

// chipPad is how far a card's chip reaches either side of its number, in the text's size.
const chipPad = 0.15

// startsTurn reports whether line i of log opens a turn: the first of the turn's played cards.
func startsTurn(log []LogEntry, i int) bool {
	id := log[i].M.ID
	return (id == msg.LogPlayed || id == msg.LogPlaysFaceUp) && (i == 0 || log[i-1].M.ID != id)
}

// lay picks the last n rows of the log that this seat may read, headers included.
func (v *logView) lay(n int) {
	hd := v.hd
	v.rows = v.rows[:0]
	turn := 0
	for i := range hd.Log {
		if startsTurn(hd.Log, i) {
			turn++
			v.rows = append(v.rows, logRow{entry: -1, turn: turn})
		}
		if e := &hd.Log[i]; e.Private < 0 || e.Private == hd.Me {
			v.rows = append(v.rows, logRow{entry: i, turn: turn})
		}
	}
	if len(v.rows) > n {
		v.rows = append(v.rows[:0], v.rows[len(v.rows)-n:]...)
	}
}

// Texts are the log panel's texts, one per row: a turn's header in gold, a line at its size or
// smaller to fit the panel's width, its seat's mark in the margin.
func (v *logView) Texts() []ui.BoxText {
	hd := v.hd
	g := hd.g
	p := hd.lay.Panel
	lh := ui.ClampF(hd.lay.Unit*1.4, 12, 30)
	v.lay(int((p.H - 16) / lh))
	out := v.texts[:0]
	for k, r := range v.rows {
		box := layout.Rect{X: p.X + 10, Y: p.Y + 8 + lh*float64(k), W: p.W - 20, H: lh}
		if r.entry < 0 {
			out = append(out, g.Fitted(msg.New(msg.LogTurn, r.turn).String(), box, lh*0.62, true, false, text.Left, sprites.Gold))
			continue
		}
		m := hd.Log[r.entry].M
		if _, _, _, ok := m.Around("card"); ok {
			box.W -= lh * 0.7 * chipPad // the card's chip is wider than its number
		}
		out = append(out, g.Fitted(m.String(), box, lh*0.7, false, false, text.Left, sprites.White))
	}
	v.texts = out
	return out
}

// seatOf is the seat a log line is about: the one it names, the person for a line that says
// "you", or -1.
func (v *logView) seatOf(e *LogEntry) int {
	hd := v.hd
	if e.Private >= 0 {
		return e.Private
	}
	if _, name, _, ok := e.M.Around("name"); ok {
		for s := range hd.Seats {
			if hd.seatName(s) == name {
				return s
			}
		}
	}
	if strings.HasPrefix(e.M.ID.String(), "log.you") {
		return hd.Me
	}
	return -1
}

// draw draws the log panel.
func (v *logView) draw(dst *ebiten.Image) {
	hd := v.hd
	g := hd.g
	bs := v.Texts()
	drawPanel(g, dst, hd.lay.Panel, 10)
	for k, b := range bs {
		r := v.rows[k]
		if r.entry < 0 {
			b.Draw(g, dst)
			continue
		}
		e := &hd.Log[r.entry]
		if s := v.seatOf(e); s >= 0 && s < len(hd.Seats) {
			mark := layout.Rect{X: b.Box.X - 7, Y: b.Box.Y + b.Box.H*0.2, W: 3.5, H: b.Box.H * 0.6} // in the panel's margin
			g.RoundRect(dst, mark, 2, hd.SeatColour(s))
		}
		v.drawLine(dst, &b, e)
	}
}

// drawLine draws line b (entry e), its card as a chip in the card's penalty colour where the
// line shows the card whole.
func (v *logView) drawLine(dst *ebiten.Image, b *ui.BoxText, e *LogEntry) {
	before, num, after, ok := e.M.Around("card")
	c, err := strconv.Atoi(num)
	if !ok || err != nil || b.S != before+num+after || c < 1 || c > engine.DeckSize {
		b.Draw(v.hd.g, dst)
		return
	}
	g := v.hd.g
	st := text.Style{Size: b.Size}
	x, cy := b.Box.X, b.Box.Y+b.Box.H/2
	bw, _ := g.Txt.Measure(before, st)
	nw, _ := g.Txt.Measure(num, st)
	// The chip reaches over half the space before the number and pushes the rest of the line
	// right by as much (Texts leaves that room).
	pad := b.Size * chipPad
	g.Label(dst, before, x, cy, b.Size, b.Col, text.Left|text.VertCenter, false)
	x += bw
	lv := sprites.LevelOf(engine.Card(c).Bullheads())
	g.RoundRect(dst, layout.Rect{X: x - pad, Y: cy - b.Size*0.68, W: nw + 2*pad, H: b.Size * 1.36}, b.Size*0.25, lv.Band)
	g.Label(dst, num, x, cy, b.Size, lv.Text, text.Left|text.VertCenter, false)
	g.Label(dst, after, x+nw+pad, cy, b.Size, b.Col, text.Left|text.VertCenter, false)
}
