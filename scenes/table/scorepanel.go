package table

import (
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"nimmt/layout"
	"nimmt/msg"
	"nimmt/scenes/ui"
	"nimmt/sprites"
	"nimmt/text"
)

// scoreGeom lays the round's score panel out in area (layout.Table.ResultArea, clear of the
// live buttons) on a screen h high, for seats lines and, when you is set, the line that says the
// person's place: the panel and its line height.
func scoreGeom(area layout.Rect, h float64, seats int, you bool) (layout.Rect, float64) {
	w := math.Min(area.W, 560)
	bh := ui.ClampF(h*0.07, layout.MinTap, 60)
	lines := float64(seats) + 4.5 // the title, the heads, the gaps after them and below the last seat
	if you {
		lines++
	}
	lineH := math.Min(ui.ClampF(h*0.045, 18, 34), (area.H-bh-40)/lines)
	ph := lineH*lines + bh + 40
	return layout.Rect{X: area.X + (area.W-w)/2, Y: area.Y + (area.H-ph)/2, W: w, H: ph}, lineH
}

// scoreRank is the round's ranking after the last round scored.
func scoreRank(hd *hud) *ranking {
	return hd.over.rank.update(hd.LastRound.Totals, viewerOf(hd), msg.ScoreYouPlace)
}

// OverlayPanel is the round's score panel: in the screen's part clear of the live buttons.
func (hd *hud) OverlayPanel() layout.Rect {
	p, _ := scoreGeom(hd.lay.ResultArea(), hd.g.H, len(hd.Seats), scoreRank(hd).youStr != "")
	return p
}

// scoreLineY is the middle of the score panel's line i: 0 the title, then the person's place
// (when you), the column heads and the seats by place.
func scoreLineY(p layout.Rect, lineH float64, you bool, i int) float64 {
	y := p.Y + lineH
	if i > 0 {
		y += lineH * 0.2
	}
	if you && i > 1 {
		y += lineH * 0.3
	}
	return y + float64(i)*lineH
}

// ScoreTexts are the round score panel's texts: the title, the person's place, the column heads,
// and each seat by place (ties share one): its place, name, penalty this round and total.
func (hd *hud) ScoreTexts() []ui.BoxText {
	g := hd.g
	rk := scoreRank(hd)
	you := rk.youStr != ""
	p, lineH := scoreGeom(hd.lay.ResultArea(), g.H, len(hd.Seats), you)
	line := func(i int) layout.Rect {
		return layout.Rect{X: p.X + 12, Y: scoreLineY(p, lineH, you, i) - lineH/2, W: p.W - 24, H: lineH}
	}
	out := hd.panelTexts[:0]
	out = append(out, g.Fitted(hd.cached(msg.New(msg.ScoreTitle, hd.LastRound.Round)), line(0), lineH*0.9, true, false, text.HorzCenter, sprites.White))
	next := 1
	if you {
		out = append(out, g.Fitted(rk.youStr, line(1), lineH*0.72, true, false, text.HorzCenter, sprites.Gold))
		next++
	}
	size := lineH * 0.62
	colW := p.W * 0.22
	col := func(i int, y float64) layout.Rect { // the columns centred at 62 % and 85 % of the width
		return layout.Rect{X: p.X + p.W*[2]float64{0.62, 0.85}[i] - colW/2, Y: y - lineH/2, W: colW, H: lineH}
	}
	y := scoreLineY(p, lineH, you, next)
	out = append(out, g.Fitted(msg.ScoreThisRound.Text(), col(0, y), size*0.8, false, false, text.HorzCenter, sprites.Muted),
		g.Fitted(msg.ScoreTotal.Text(), col(1, y), size*0.8, false, false, text.HorzCenter, sprites.Muted))
	cfg := hd.Disp.Config
	placeW := size * 2.8
	for i, s := range rk.order {
		y = scoreLineY(p, lineH, you, next+1+i)
		c := sprites.White
		tot := 0
		if s < len(hd.LastRound.Totals) {
			tot = hd.LastRound.Totals[s]
		}
		if cfg.EndScore > 0 && tot >= cfg.EndScore {
			c = sprites.Danger
		}
		pen := 0
		if s < len(hd.LastRound.Penalties) {
			pen = hd.LastRound.Penalties[s]
		}
		pc := sprites.Muted
		if rk.places[s] == 1 {
			pc = sprites.Gold
		}
		place := layout.Rect{X: p.X + 16, Y: y - lineH/2, W: placeW, H: lineH}
		name := layout.Rect{X: place.X + placeW + 4, Y: y - lineH/2, W: col(0, y).X - 4 - (place.X + placeW + 4), H: lineH}
		out = append(out, g.Fitted(rk.placeStr[s], place, size, true, false, text.Left, pc),
			g.Fitted(hd.Seats[s].Name, name, size, s == hd.Me, true, text.Left, c),
			g.Fitted("+"+Num(pen), col(0, y), size, true, false, text.HorzCenter, floatCol),
			g.Fitted(Num(tot), col(1, y), size, true, false, text.HorzCenter, c))
	}
	hd.panelTexts = out
	return out
}

func (t *Table) drawScoreOverlay(dst *ebiten.Image) {
	g := t.G
	rk := scoreRank(&t.hud)
	you := rk.youStr != ""
	p, lineH := scoreGeom(t.Lay.ResultArea(), g.H, len(t.Seats), you)
	g.FillRect(dst, layout.Rect{W: g.W, H: g.H}, sprites.Dim)
	drawPanel(g, dst, p, 14)
	if me := viewerOf(&t.hud); me >= 0 {
		// The person's line stands out in a band, as on the game-over table.
		head := 1
		if you {
			head = 2
		}
		for i, s := range rk.order {
			if s == me {
				y := scoreLineY(p, lineH, you, head+1+i)
				g.RoundRect(dst, layout.Rect{X: p.X + 8, Y: y - lineH/2 + 1, W: p.W - 16, H: lineH - 2}, math.Min(6, lineH/3), sprites.PlateHi)
			}
		}
	}
	for _, b := range t.ScoreTexts() {
		b.Draw(g, dst)
	}
	w := ui.Widget{ID: "continue", R: t.OverlayButton(0), Label: msg.ButtonContinue.Text(), Enabled: true}
	g.DrawWidget(dst, &w, true)
}
