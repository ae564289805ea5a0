package scenes

import (
	"image/color"
	"math"
	"slices"
	"strconv"

	"github.com/hajimehoshi/ebiten/v2"

	"nimmt/engine"
	"nimmt/layout"
	"nimmt/sprites"
	"nimmt/text"
)

// numStrs holds the decimal strings 0–999 so drawing numbers does not allocate.
var numStrs = func() (a [1000]string) {
	for i := range a {
		a[i] = strconv.Itoa(i)
	}
	return
}()

func num(n int) string {
	if n >= 0 && n < len(numStrs) {
		return numStrs[n]
	}
	return strconv.Itoa(n)
}

// Pulsing colours at the glow's 8 alpha steps (pulse), boxed once.
var pulseRed, pulseGold [8]color.Color

func init() {
	for i := range pulseRed {
		a := uint8(40 + i*26)
		pulseRed[i] = color.RGBA{0xe0 * 3 / 4, 0x3a * 3 / 4, 0x3a * 3 / 4, a}
		pulseGold[i] = color.RGBA{0xff * 3 / 4, 0xd8 * 3 / 4, 0x4a * 3 / 4, a}
	}
}

var (
	chipReady    color.Color = color.RGBA{0x6c, 0xd4, 0x7e, 0xff}
	chipThinking color.Color = color.RGBA{0xf4, 0xc4, 0x30, 0xff}
	chipYou      color.Color = color.RGBA{0x8e, 0xc8, 0xff, 0xff}
	plateMe      color.Color = color.RGBA{0x10, 0x3a, 0x5a, 0xe0}
	trackHand    color.Color = color.RGBA{0xf4, 0xc4, 0x30, 0xff}
	trackSeen    color.Color = color.RGBA{0x6f, 0x86, 0x78, 0xff}
	trackHalf    color.Color = color.RGBA{0x8c, 0xc4, 0xf0, 0xff} // Double: one of two copies seen
	adviceBG     color.Color = color.RGBA{0x12, 0x2a, 0x44, 0xe8}
	adviceHot    color.Color = color.RGBA{0xb8, 0x22, 0x2a, 0xf0}
	warnBG       color.Color = color.RGBA{0xb0, 0x20, 0x28, 0xf0}
	floatCol     color.Color = color.RGBA{0xff, 0x6a, 0x5a, 0xff}
)

// tableResources are the images the table draws from: card caches at three sizes and the
// pre-rendered still background.
type tableResources struct {
	big, small, tiny *sprites.Cards
	bg               *ebiten.Image
	op               ebiten.DrawImageOptions
}

func (r *tableResources) init(g *Game) {
	if r.big != nil {
		return
	}
	r.big = sprites.NewCards(&g.painter, g.txt)
	r.small = sprites.NewCards(&g.painter, g.txt)
	r.tiny = sprites.NewCards(&g.painter, g.txt)
}

func (r *tableResources) resize(g *Game, l *layout.Table) {
	s := g.scale
	hw, hh := l.CardW*1.4, l.CardH*1.4
	if len(l.Hand) > 0 {
		hw, hh = l.Hand[0].W, l.Hand[0].H
	}
	r.big.Resize(hw*s, hh*s)
	r.small.Resize(l.CardW*s, l.CardH*s)
	if len(l.Seats) > 1 {
		c := l.Seats[1].Chosen
		r.tiny.Resize(c.W*s, c.H*s)
	} else {
		r.tiny.Resize(l.CardW*s*0.6, l.CardH*s*0.6)
	}
	dw, dh := int(math.Ceil(g.w*s)), int(math.Ceil(g.h*s))
	if r.bg == nil || r.bg.Bounds().Dx() != dw || r.bg.Bounds().Dy() != dh {
		if r.bg != nil {
			r.bg.Deallocate()
		}
		r.bg = ebiten.NewImage(dw, dh)
	}
}

// pick returns the cache to draw a card of hdev device pixels high from: the row size for
// cards up to it (seat cards are drawn from it scaled down), else the hand size. Two sizes keep
// the number of rendered faces, and memory, down.
func (r *tableResources) pick(hdev float64) *sprites.Cards {
	_, sh := r.small.Size()
	if hdev <= float64(sh)*1.1 {
		return r.small
	}
	return r.big
}

// drawFelt draws the plain table felt (menu screens).
func (g *Game) drawFelt(dst *ebiten.Image) {
	b := dst.Bounds()
	g.painter.DrawFelt(dst, float32(b.Dx()), float32(b.Dy()))
}

func (t *table) renderBackground() {
	g := t.g
	bg := t.res.bg
	g.painter.DrawFelt(bg, float32(bg.Bounds().Dx()), float32(bg.Bounds().Dy()))
	// Slots and danger marks are cached shapes copied onto the background: vector fills on a
	// screen-sized image cost far more than the same fills on a small one.
	for r := range t.lay.Rows {
		row := &t.lay.Rows[r]
		for i, sl := range row.Slots {
			kind := uint8(3)
			if i == layout.Slots-1 {
				kind = 4
			}
			g.drawShape(bg, kind, sl, 0, 0, sprites.Ink)
		}
	}
	t.bgDirty = false
}

func (t *table) drawCard(dst *ebiten.Image, c engine.Card, x, y, w, h float64, face bool, sx float64, shadow bool) {
	s := t.g.scale
	cache := t.res.pick(h * s)
	img := cache.Back()
	if face {
		img = cache.Face(int(c))
		if img == nil {
			// Not rendered yet (a few per frame): borrow another size, else the back.
			t.facesPending = true
			for _, alt := range [...]*sprites.Cards{t.res.small, t.res.big, t.res.tiny} {
				if alt.Has(int(c)) {
					cache, img = alt, alt.Face(int(c))
					break
				}
			}
			if img == nil {
				img = cache.Back()
			}
		}
	}
	iw, ih := cache.Size()
	op := &t.res.op
	op.Filter = ebiten.FilterLinear
	if shadow {
		op.GeoM.Reset()
		op.GeoM.Scale(w*s*sx/float64(iw), h*s/float64(ih))
		op.GeoM.Translate((x+w*(1-sx)/2)*s+2*s, (y+3)*s)
		op.ColorScale.Reset()
		op.ColorScale.Scale(0, 0, 0, 0.28)
		dst.DrawImage(cache.Back(), op)
	}
	op.GeoM.Reset()
	op.GeoM.Scale(w*s*sx/float64(iw), h*s/float64(ih))
	op.GeoM.Translate((x+w*(1-sx)/2)*s, y*s)
	op.ColorScale.Reset()
	dst.DrawImage(img, op)
}

func (t *table) drawSprite(dst *ebiten.Image, i int) {
	sp := &t.cards[i]
	if !sp.vis {
		return
	}
	sx, face := flipState(sp)
	t.drawCard(dst, spriteCard(i), sp.x, sp.y-t.lift[i], sp.w, sp.h, face, sx, true)
}

// pulse is the step of the warning glow (a lifted card's landing row, a row choice): one of 8,
// about 1 s a cycle. The table is redrawn only when the step changes (animating),
// about 14 times a second rather than every frame: a phone waiting for its player with a card
// lifted, or a browser without a GPU, does a quarter of the work.
func (t *table) pulse() int {
	v := 0.5 + 0.5*math.Sin(float64(t.g.frames)*0.1)
	return min(int(v*8), 7)
}

func (t *table) draw(dst *ebiten.Image) {
	g := t.g
	t.facesPending = false
	t.redraw = false
	if t.bgDirty || t.res.bg == nil {
		t.relayout()
		t.renderBackground()
	}
	t.res.op.GeoM.Reset()
	t.res.op.ColorScale.Reset()
	dst.DrawImage(t.res.bg, &t.res.op)
	l := &t.lay
	u := l.Unit

	// Landing preview and row-choice highlights.
	t.drawPreview(dst)
	// Row sums.
	for r := range l.Rows {
		sum := 0
		for _, c := range t.disp.Rows[r] {
			sum += c.Bullheads()
		}
		sr := l.Rows[r].Sum
		cx, cy := sr.Center()
		sz := clampF(sr.H*0.5, 10, 34)
		g.bullhead(dst, sr.X+sz*0.55, cy, sz, sprites.Muted)
		g.label(dst, num(sum), cx+sz*0.35, cy, sz, sprites.White, text.Center, true)
	}
	// The face-up pool of a draft (Logic, Tournament), over the empty rows.
	t.drawPool(dst)
	if t.tutorial != nil {
		t.tutorial.drawCaption(dst)
	}
	// Seats.
	for s := range t.seats {
		t.drawPlate(dst, s)
	}
	// Cards: resting ones first (twins stacked on a row card after it), then the hand, then
	// moving ones on top.
	for pass := 0; pass < 2; pass++ {
		for i := range t.cards {
			sp, h := &t.cards[i], &t.homes[i]
			if sp.vis && !sp.moving && h.at != atHand && h.top == (pass == 1) {
				t.drawSprite(dst, i)
			}
		}
	}
	for s := range t.backs {
		sp := &t.backs[s]
		if sp.vis {
			sx, _ := flipState(sp)
			t.drawCard(dst, 0, sp.x, sp.y, sp.w, sp.h, false, sx, true)
		}
	}
	// The hand left to right, so twins overlap like the other cards; a lifted card last, whole
	// over its neighbours.
	for pass := 0; pass < 2; pass++ {
		for k := range t.lay.Hand {
			i := t.spriteAt(atHand, 0, k)
			if i < 0 || (t.lift[i] > 0) != (pass == 1) {
				continue
			}
			sp := &t.cards[i]
			if sp.vis && !sp.moving {
				t.drawSprite(dst, i)
				if c := spriteCard(i); g.settings.Advisor && t.phase == "choose" && t.adviceStr[c] != "" {
					t.drawAdvice(dst, i)
				}
			}
		}
	}
	for i := range t.cards {
		if sp := &t.cards[i]; sp.vis && sp.moving {
			t.drawSprite(dst, i)
		}
	}
	// Under each queued card, whose it is.
	if t.queued {
		for i, p := range t.disp.Pending {
			if si := t.spriteAt(atPending, 0, i); i >= len(l.Queue) || si < 0 || t.cards[si].moving {
				continue
			}
			q := l.Queue[i]
			g.label(dst, t.seats[p.Seat].Name, q.X+q.W/2, q.Y+q.H+u*0.2, clampF(u*0.85, 8, 16), sprites.White, text.HorzCenter|text.Top, false)
		}
	}
	// Floaters: "+N" rising from a seat.
	for _, f := range t.floaters {
		p := f.tw.Progress()
		g.label(dst, f.label, f.x, f.y-p*u*4, u*2.2, floatCol, text.Center, true)
	}
	// Score bar and status line.
	sb := l.ScoreBar
	g.roundRect(dst, sb, 8, sprites.PlateBG)
	if l.Portrait {
		// A one-line strip: the title centred in it, small enough to stay inside.
		g.label(dst, t.scoreLine, sb.X+10, sb.Y+sb.H/2, min(u*1.05, sb.H*0.62), sprites.White, text.Left|text.VertCenter, true)
	} else {
		g.label(dst, t.scoreLine, sb.X+10, sb.Y+u*1.2, u*1.05, sprites.White, text.Left|text.VertCenter, true)
		t.drawScoreList(dst, sb)
	}
	if t.status != "" {
		st := l.Status
		g.label(dst, t.status, st.X, st.Y+u*0.75, t.statusSize, sprites.White, text.Left|text.VertCenter, false)
	}
	t.drawButtons(dst)
	switch t.showPanel {
	case 1:
		t.drawTracker(dst)
	case 2:
		t.drawLog(dst)
	}
	// The person's order (Nifty) or keep (Hand) choice.
	t.drawChoice(dst)
	if t.holdScore && t.tl.Idle() {
		t.drawScoreOverlay(dst)
	}
	if t.over && t.tl.Idle() {
		t.drawGameOver(dst)
	}
	if t.tutorial != nil {
		t.tutorial.draw(dst)
	}
}

// drawScoreList lists the totals in the side score bar (landscape).
func (t *table) drawScoreList(dst *ebiten.Image, sb layout.Rect) {
	g := t.g
	n := len(t.seats)
	top := sb.Y + t.lay.Unit*2.4
	lh := (sb.Y + sb.H - top - 4) / float64((n+1)/2)
	size := clampF(lh*0.7, 8, t.lay.Unit)
	colW := sb.W / 2
	for s := 0; s < n; s++ {
		x := sb.X + 10 + float64(s%2)*colW
		y := top + float64(s/2)*lh + lh/2
		col := sprites.Muted
		if s == t.me {
			col = chipYou
		}
		g.label(dst, t.seats[s].Name, x, y, size, col, text.Left|text.VertCenter, false)
		g.label(dst, t.seats[s].scoreStr, x+colW-18, y, size, sprites.White, text.Right|text.VertCenter, true)
	}
}

func (t *table) drawPreview(dst *ebiten.Image) {
	g := t.g
	l := &t.lay
	p := t.pulse()
	t.drawnPulse = p
	if t.phase == "rowchoice" && len(t.disp.Waiting) > 0 {
		for r := range l.Rows {
			g.strokeRect(dst, l.Rows[r].Hit, 8, 3, pulseRed[p])
		}
		return
	}
	if !t.previewActive() || !t.tl.Idle() {
		return
	}
	c := t.handCard(t.sel)
	if c == 0 {
		return
	}
	tgt := t.disp.Target(c)
	switch {
	case tgt < 0:
		for r := range l.Rows {
			g.strokeRect(dst, l.Rows[r].Hit, 8, 3, pulseRed[p])
		}
		t.drawWarning(dst, "Too low: you would take a row of your choice")
	case onTwin(t.disp.Rows[tgt], c):
		// Double: the card goes on top of its twin, in the same place.
		row := t.disp.Rows[tgt]
		if i := rowPlaces(row) - 1; i >= 0 && i < layout.Slots {
			sl := l.Rows[tgt].Slots[i]
			g.strokeRect(dst, sl, sl.W*0.09, 3, sprites.Glow)
		}
	case rowPlaces(t.disp.Rows[tgt]) >= engine.RowLimit:
		sl := l.Rows[tgt].Slots[layout.Slots-1]
		g.roundRect(dst, sl, sl.W*0.09, pulseRed[p])
		sum := engine.SumBullheads(t.disp.Rows[tgt])
		t.drawWarning(dst, "Sixth card: you would take row "+num(tgt+1)+" (+"+num(sum)+")")
	default:
		i := rowPlaces(t.disp.Rows[tgt])
		if i < layout.Slots {
			sl := l.Rows[tgt].Slots[i]
			g.roundRect(dst, sl, sl.W*0.09, pulseGold[p])
			g.strokeRect(dst, sl, sl.W*0.09, 3, sprites.Glow)
		}
	}
}

func (t *table) drawWarning(dst *ebiten.Image, msg string) {
	g := t.g
	u := t.lay.Unit
	r := t.lay.Warn
	g.roundRect(dst, r, 6, warnBG)
	g.label(dst, msg, r.X+8, r.Y+r.H/2, g.txt.Fit(msg, text.Style{Size: u, Bold: true}, r.W-16, 8), sprites.White, text.Left|text.VertCenter, true)
}

func (t *table) drawAdvice(dst *ebiten.Image, i int) {
	g := t.g
	sp, c := &t.cards[i], spriteCard(i)
	w := sp.w * 0.5
	h := clampF(sp.h*0.14, 14, 28)
	r := layout.Rect{X: sp.x + sp.w*0.05, Y: sp.y - t.lift[i] + sp.h*0.95 - h, W: w, H: h}
	bg := adviceBG
	if t.advice[c] >= 1 {
		bg = adviceHot
	}
	g.roundRect(dst, r, h/2, bg)
	cx, cy := r.Center()
	g.label(dst, t.adviceStr[c], cx, cy, h*0.7, sprites.White, text.Center, true)
}

func (t *table) drawPlate(dst *ebiten.Image, s int) {
	g := t.g
	seat := &t.lay.Seats[s]
	p := seat.Plate
	si := &t.seats[s]
	bg := sprites.PlateBG
	if s == t.me {
		bg = plateMe
	}
	g.roundRect(dst, p, math.Min(10, p.H*0.2), bg)
	waiting := false
	for _, w := range t.disp.Waiting {
		if w == s {
			waiting = true
		}
	}
	if waiting && t.tutorial == nil && (t.phase == "choose" || t.phase == "rowchoice") && !t.disp.Chosen[s] {
		g.strokeRect(dst, p, math.Min(10, p.H*0.2), 2, chipThinking)
	}
	// The texts in the layout's boxes at the layout's sizes; a text too wide is cut short
	// (cached: the strings change only with the game), never shrunk.
	lvl := si.Level
	switch {
	case s == t.me && t.tutorial == nil:
		lvl = "you"
	case si.Here():
		lvl = "player"
	}
	strs := [layout.NumPlateTexts]string{si.Name, si.scoreStr, lvl, si.pileStr, si.stateStr}
	cols := [layout.NumPlateTexts]color.Color{sprites.White, sprites.Gold, sprites.Muted, floatCol, stateColor(si.stateStr)}
	bold := [layout.NumPlateTexts]bool{true, true, false, true, true}
	if len(t.plateCuts) != len(t.lay.Seats) {
		t.plateCuts = make([][layout.NumPlateTexts]plateCut, len(t.lay.Seats))
	}
	for k, tx := range seat.Text {
		if !tx.Shown() || strs[k] == "" {
			continue
		}
		c := &t.plateCuts[s][k]
		if c.in != strs[k] || c.w != tx.R.W || c.size != tx.Size {
			*c = plateCut{in: strs[k], w: tx.R.W, size: tx.Size}
			c.out = g.txt.Cut(strs[k], text.Style{Size: tx.Size, Bold: bold[k]}, tx.R.W)
		}
		x, a := tx.R.X, text.Left|text.VertCenter
		if tx.Right {
			x, a = tx.R.X+tx.R.W, text.Right|text.VertCenter
		}
		g.label(dst, c.out, x, tx.R.Y+tx.R.H/2, tx.Size, cols[k], a, bold[k])
	}
}

// plateCut is a plate text cut to its box (text.Renderer.Cut), kept while the text, the box's
// width and the size stay.
type plateCut struct {
	in, out string
	w, size float64
}

// stateColor is the colour of a seat's state line.
func stateColor(state string) color.Color {
	switch state {
	case "thinking…", "choosing row":
		return chipThinking
	case "your turn":
		return chipYou
	case "winner":
		return sprites.Gold
	}
	return chipReady
}

var buttonLabels = [layout.NumButtons]string{"Menu", "Tracker", "Advisor", "Log", "Replay", "Play card"}

func (t *table) drawButtons(dst *ebiten.Image) {
	g := t.g
	if t.tutorial != nil {
		w := widget{r: t.lay.Buttons[layout.BtnMenu], label: "Menu", enabled: true}
		g.drawWidget(dst, &w, false)
		return
	}
	for i, r := range t.lay.Buttons {
		w := &t.btns[i]
		if w.r != r {
			w.fit = 0
		}
		w.r, w.label, w.enabled, w.kind, w.on = r, buttonLabels[i], true, 0, false
		switch i {
		case layout.BtnTracker:
			w.kind, w.on = 3, t.showPanel == 1
		case layout.BtnAdvisor:
			w.kind, w.on = 3, g.settings.Advisor
		case layout.BtnLog:
			w.kind, w.on = 3, t.showPanel == 2
		case layout.BtnReplay:
			w.enabled = t.haveLast && t.tl.Idle()
		case layout.BtnConfirm:
			w.enabled = t.sel >= 0 && t.phase == "choose" && t.acceptsInput()
			if t.phase == "rowchoice" && len(t.disp.Waiting) > 0 && t.disp.Waiting[0] == t.me {
				w.label = "Tap a row"
			} else if d := t.disp.Decision; d != nil && d.Kind == engine.DecidePlay && d.Count > 1 {
				// Nifty and Hand: two cards, chosen one after the other.
				w.label = "Play 1st card"
				if t.pick != 0 && slices.Contains(t.disp.Hand, t.pick) {
					w.label = "Play 2nd card"
				}
			}
		}
		g.drawWidget(dst, w, false)
	}
}

func (t *table) drawTracker(dst *ebiten.Image) {
	g := t.g
	p := t.lay.Panel
	g.roundRect(dst, p, 10, overlay)
	// Copies counted: in Double each number can be seen once or twice.
	var seen, mine [engine.DeckSize + 1]uint8
	for _, c := range t.disp.Revealed {
		seen[c]++
	}
	for _, c := range t.disp.Hand {
		mine[c]++
	}
	cfg := &t.disp.Config
	cols, rows := 13, 8
	title := t.lay.Unit * 1.6
	cw := (p.W - 16) / float64(cols)
	ch := (p.H - 16 - title) / float64(rows)
	head := "Card tracker: gold = your hand, dim = seen this round"
	if cfg.Variant == engine.Double {
		head = "Card tracker: gold = in your hand, blue = 1 of 2 seen, dim = all seen"
	}
	hs := math.Min(clampF(ch*0.5, 8, t.lay.Unit), g.txt.Fit(head, text.Style{Size: clampF(ch*0.5, 8, t.lay.Unit)}, p.W-20, 8))
	g.label(dst, head, p.X+10, p.Y+title/2+4, hs, sprites.White, text.Left|text.VertCenter, false)
	size := clampF(math.Min(cw, ch)*0.55, 7, 22)
	for c := 1; c <= engine.DeckSize; c++ {
		i := c - 1
		x := p.X + 8 + float64(i%cols)*cw + cw/2
		y := p.Y + 8 + title + float64(i/cols)*ch + ch/2
		col := sprites.White
		switch n := int(seen[c] + mine[c]); {
		case mine[c] > 0:
			col = trackHand
		case n >= copiesOf(cfg, engine.Card(c)):
			col = trackSeen
		case n > 0:
			col = trackHalf
		}
		g.label(dst, num(c), x, y, size, col, text.Center, mine[c] > 0)
	}
}

func (t *table) drawLog(dst *ebiten.Image) {
	g := t.g
	p := t.lay.Panel
	g.roundRect(dst, p, 10, overlay)
	lh := clampF(t.lay.Unit*1.4, 12, 30)
	n := int((p.H - 16) / lh)
	first := len(t.log) - n
	if first < 0 {
		first = 0
	}
	for i, line := range t.log[first:] {
		g.label(dst, line, p.X+10, p.Y+8+lh*(float64(i)+0.5), lh*0.7, sprites.White, text.Left|text.VertCenter, false)
	}
}

func (t *table) drawScoreOverlay(dst *ebiten.Image) {
	g := t.g
	p := t.overlayPanel()
	g.fillRect(dst, layout.Rect{W: g.w, H: g.h}, sprites.Dim)
	g.roundRect(dst, p, 14, sprites.PlateBG)
	lineH := clampF(g.h*0.045, 18, 34)
	g.label(dst, "Round "+num(t.lastRound.Round)+" score", p.X+p.W/2, p.Y+lineH, lineH*0.9, sprites.White, text.Center, true)
	y := p.Y + lineH*2.2
	size := lineH * 0.62
	g.label(dst, "this round", p.X+p.W*0.62, y, size*0.8, sprites.Muted, text.Center, false)
	g.label(dst, "total", p.X+p.W*0.85, y, size*0.8, sprites.Muted, text.Center, false)
	cfg := t.disp.Config
	for s := range t.seats {
		y += lineH
		col := sprites.White
		tot := 0
		if s < len(t.lastRound.Totals) {
			tot = t.lastRound.Totals[s]
		}
		if cfg.EndScore > 0 && tot >= cfg.EndScore {
			col = sprites.Danger
		}
		g.label(dst, t.seats[s].Name, p.X+20, y, size, col, text.Left|text.VertCenter, s == t.me)
		pen := 0
		if s < len(t.lastRound.Penalties) {
			pen = t.lastRound.Penalties[s]
		}
		g.label(dst, "+"+num(pen), p.X+p.W*0.62, y, size, floatCol, text.Center, true)
		g.label(dst, num(tot), p.X+p.W*0.85, y, size, col, text.Center, true)
	}
	w := widget{id: "continue", r: t.overlayButton(0), label: "Continue", enabled: true}
	g.drawWidget(dst, &w, true)
}

func (t *table) drawGameOver(dst *ebiten.Image) {
	g := t.g
	p := t.overlayPanel()
	g.fillRect(dst, layout.Rect{W: g.w, H: g.h}, sprites.Dim)
	g.roundRect(dst, p, 14, sprites.PlateBG)
	lineH := clampF(g.h*0.045, 18, 34)
	title := "Game over"
	for _, w := range t.disp.Winners {
		if w == t.me {
			title = "You win!"
			if len(t.disp.Winners) > 1 {
				title = "You share the win!"
			}
		}
	}
	g.label(dst, title, p.X+p.W/2, p.Y+lineH, lineH*0.95, sprites.Gold, text.Center, true)
	order := t.ranking()
	y := p.Y + lineH*2.2
	size := lineH * 0.66
	rank := 0
	for i, s := range order {
		if i == 0 || t.disp.Scores[s] != t.disp.Scores[order[i-1]] {
			rank = i + 1
		}
		y += lineH
		col := sprites.White
		if rank == 1 {
			col = sprites.Gold
		}
		g.label(dst, num(rank)+".", p.X+24, y, size, col, text.Left|text.VertCenter, true)
		g.label(dst, t.seats[s].Name, p.X+64, y, size, col, text.Left|text.VertCenter, s == t.me)
		g.label(dst, num(t.disp.Scores[s]), p.X+p.W-30, y, size, col, text.Right|text.VertCenter, true)
	}
	a := widget{r: t.overlayButton(0), label: "Play again", enabled: true}
	b := widget{r: t.overlayButton(1), label: "Menu", enabled: true}
	g.drawWidget(dst, &a, true)
	g.drawWidget(dst, &b, false)
}

// ranking returns the seats ordered by total, lowest first (stable on seat order).
func (t *table) ranking() []int {
	order := make([]int, len(t.seats))
	for i := range order {
		order[i] = i
	}
	sc := t.disp.Scores
	for i := 1; i < len(order); i++ {
		for j := i; j > 0 && sc[order[j]] < sc[order[j-1]]; j-- {
			order[j], order[j-1] = order[j-1], order[j]
		}
	}
	return order
}
