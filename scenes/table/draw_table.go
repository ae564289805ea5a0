package table

import (
	"image/color"
	"math"
	"strconv"

	"github.com/hajimehoshi/ebiten/v2"

	"nimmt/engine"
	"nimmt/layout"
	"nimmt/scenes/ui"
	"nimmt/sprites"
	"nimmt/text"
)

// numStrs holds the decimal strings 0–999 so drawing numbers does not allocate. Filled by init,
// not returned by a function: an array returned that large is allocated with its type, which
// brings its equality code into the wasm (#25).
var numStrs [1000]string

func init() {
	for i := range numStrs {
		numStrs[i] = strconv.Itoa(i)
	}
}

func Num(n int) string {
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
	ChipThinking color.Color = color.RGBA{0xf4, 0xc4, 0x30, 0xff}
	ChipYou      color.Color = color.RGBA{0x8e, 0xc8, 0xff, 0xff}
	plateMe      color.Color = color.RGBA{0x10, 0x3a, 0x5a, 0xe0}
	trackHand    color.Color = color.RGBA{0xf4, 0xc4, 0x30, 0xff}
	trackSeen    color.Color = color.RGBA{0x6f, 0x86, 0x78, 0xff}
	trackHalf    color.Color = color.RGBA{0x8c, 0xc4, 0xf0, 0xff} // Double: one of two copies seen
	adviceBG     color.Color = color.RGBA{0x12, 0x2a, 0x44, 0xe8}
	adviceHot    color.Color = color.RGBA{0xb8, 0x22, 0x2a, 0xf0}
	warnBG       color.Color = color.RGBA{0xb0, 0x20, 0x28, 0xf0}
	floatCol     color.Color = color.RGBA{0xff, 0x6a, 0x5a, 0xff}
	// panelBG and panelEdge are the opaque panels' fill and rim (the tracker, the log, the
	// round's score and the game over): nothing of the table shows through them (issue 25).
	panelBG   color.Color = color.RGBA{0x0a, 0x22, 0x16, 0xff}
	panelEdge color.Color = color.RGBA{0x4a, 0x6e, 0x58, 0xff}
)

// drawPanel draws an opaque panel with its rim at r, corners of radius rad.
func drawPanel(g *ui.Host, dst *ebiten.Image, r layout.Rect, rad float64) {
	g.RoundRect(dst, r, rad, panelBG)
	g.StrokeRect(dst, r, rad, 1.5, panelEdge)
}

// tableResources are the images the table draws from: card caches at three sizes and the
// seats' avatars.
type tableResources struct {
	big, small, tiny *sprites.Cards
	avatars          *sprites.Avatars
	op               ebiten.DrawImageOptions
}

func (r *tableResources) init(g *ui.Host) {
	if r.big != nil {
		return
	}
	r.big = sprites.NewCards(&g.Painter, g.Txt)
	r.small = sprites.NewCards(&g.Painter, g.Txt)
	r.tiny = sprites.NewCards(&g.Painter, g.Txt)
	r.avatars = sprites.NewAvatars(&g.Painter)
}

func (r *tableResources) Resize(g *ui.Host, l *layout.Table) {
	s := g.Scale
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
	// The avatars at the largest size drawn (the hand-over panel's, or a plate's); smaller
	// ones are drawn from it scaled down.
	side := handoverAvatar(g.W, g.H)
	for i := range l.Seats {
		side = max(side, l.Seats[i].Avatar.W)
	}
	r.avatars.Resize(side * s)
}

// drawAvatar draws seat s's avatar into r.
func (t *Table) drawAvatar(dst *ebiten.Image, s int, r layout.Rect) {
	if r.Empty() || s < 0 || s >= len(t.Seats) {
		return
	}
	img := t.res.avatars.Get(t.Seats[s].Name, t.SeatColour(s))
	sc := t.G.Scale
	op := &t.res.op
	op.Filter = ebiten.FilterLinear
	op.GeoM.Reset()
	op.GeoM.Scale(r.W*sc/float64(img.Bounds().Dx()), r.H*sc/float64(img.Bounds().Dy()))
	op.GeoM.Translate(r.X*sc, r.Y*sc)
	op.ColorScale.Reset()
	dst.DrawImage(img, op)
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

// drawBackground draws the felt and the rows' empty places. It draws them straight onto the
// screen, 25 images in one batch: a screen-sized image holding them cost 3.5 MiB of texture and
// made Ebitengine's atlas twice as large (docs/PERFORMANCE.md, "Memory of a whole game").
func (bd *board) drawBackground(dst *ebiten.Image) {
	g := bd.g
	g.DrawFelt(dst)
	if bd.Disp.Phase == engine.PhaseDraft {
		// The draft's pool lies where the rows are, and the rows are empty until it ends.
		return
	}
	// Slots and danger marks are cached shapes, filled once on the CPU and drawn as images.
	for r := range bd.lay.Rows {
		row := &bd.lay.Rows[r]
		for i, sl := range row.Slots {
			kind := uint8(3)
			if i == layout.Slots-1 {
				kind = 4
			}
			g.DrawShape(dst, kind, sl, 0, 0, sprites.Ink)
		}
	}
}

// RowLaid reports whether row r's first card lies in its place: not while the deal brings it,
// nor before the row has one.
func (bd *board) RowLaid(r int) bool {
	i := bd.SpriteAt(AtRow, r, 0)
	if i < 0 {
		return false
	}
	sp := &bd.Cards[i]
	return sp.Vis && !sp.Moving
}

func (t *Table) drawCard(dst *ebiten.Image, c engine.Card, x, y, w, h float64, face bool, sx float64, shadow bool) {
	s := t.G.Scale
	if t.G.CardSpy != nil {
		t.G.CardSpy(c, face, layout.Rect{X: x, Y: y, W: w, H: h})
	}
	cache := t.res.pick(h * s)
	img := cache.Back()
	if face {
		img = cache.Face(int(c))
		if img == nil {
			// Not rendered yet (a few per frame): borrow another size, else the back.
			t.FacesPending = true
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

func (t *Table) drawSprite(dst *ebiten.Image, i int) {
	sp := &t.Cards[i]
	if !sp.Vis {
		return
	}
	sx, face := flipState(sp)
	t.drawCard(dst, SpriteCard(i), sp.X+t.Shift[i], sp.Y-t.Lift[i], sp.W, sp.H, face, sx, true)
}

// pulse is the step of the warning glow (a lifted card's landing row, a row choice): one of 8,
// about 1 s a cycle. The table is redrawn only when the step changes (animating),
// about 14 times a second rather than every frame: a phone waiting for its player with a card
// lifted, or a browser without a GPU, does a quarter of the work.
func (bd *board) pulse() int {
	v := 0.5 + 0.5*math.Sin(float64(bd.g.FrameCount)*0.1)
	return min(int(v*8), 7)
}

func (t *Table) Draw(dst *ebiten.Image) {
	g := t.G
	t.FacesPending = false
	t.redraw = false
	if t.faceRush {
		t.faceRush = false
		g.Painter.Budget = NumSprites
	}
	if t.Handover >= 0 {
		t.drawHandover(dst)
		return
	}
	if t.bgDirty {
		t.Relayout()
		t.bgDirty = false
	}
	t.drawBackground(dst)
	l := &t.Lay
	u := l.Unit

	// Landing preview and row-choice highlights.
	t.drawPreview(dst)
	// Row sums, of the rows whose first card lies in its place (none while it is being dealt).
	for r := range l.Rows {
		if !t.SumsShown() {
			break
		}
		if !t.RowLaid(r) || r == t.picked() { // the picked row shows its cost (drawRowChoice)
			continue
		}
		sum := 0
		for _, c := range t.Disp.Rows[r] {
			sum += c.Bullheads()
		}
		sr := l.Rows[r].Sum
		cx, cy := sr.Center()
		sz := ui.ClampF(sr.H*0.5, 10, 34)
		g.Bullhead(dst, sr.X+sz*0.55, cy, sz, sprites.Muted)
		g.Label(dst, Num(sum), cx+sz*0.35, cy, sz, sprites.White, text.Center, true)
	}
	// The face-up pool of a draft (Logic, Tournament), over the empty rows.
	t.drawPool(dst)
	if t.Tutorial != nil {
		t.Tutorial.drawCaption(dst)
	}
	// Seats.
	for s := range t.Seats {
		t.drawPlate(dst, s)
	}
	// Cards: resting ones first (twins stacked on a row card after it), then the hand, then
	// moving ones on top. The phones' reveal line, while up, hides the hand and is drawn over
	// the buttons, with the moving cards over it (drawReveal).
	over := t.revealOver()
	for pass := 0; pass < 2; pass++ {
		for i := range t.Cards {
			sp, h := &t.Cards[i], &t.Homes[i]
			if sp.Vis && !sp.Moving && h.At != AtHand && h.Top == (pass == 1) && !t.restsInLine(h, over) {
				t.drawSprite(dst, i)
			}
		}
	}
	for s := range t.Backs {
		sp := &t.Backs[s]
		if sp.Vis {
			sx, _ := flipState(sp)
			t.drawCard(dst, 0, sp.X, sp.Y, sp.W, sp.H, false, sx, true)
		}
	}
	// The hand left to right, so twins overlap like the other cards; a lifted card last, whole
	// over its neighbours.
	for pass := 0; pass < 2 && !over; pass++ {
		for k := range t.Lay.Hand {
			i := t.SpriteAt(AtHand, 0, k)
			if i < 0 || (t.Lift[i] > 0) != (pass == 1) {
				continue
			}
			sp := &t.Cards[i]
			if sp.Vis && !sp.Moving {
				t.drawSprite(dst, i)
				if c := SpriteCard(i); g.Settings.Advisor && t.Phase == PhaseChoose && t.adviceStr[c] != "" {
					t.drawAdvice(dst, i)
				}
			}
		}
	}
	for i := range t.Cards {
		if sp := &t.Cards[i]; sp.Vis && sp.Moving && !over {
			t.drawSprite(dst, i)
		}
	}
	// The decision timer's rings, over a card waiting on its seat.
	t.drawRings(dst)
	if !over {
		t.drawQueueNames(dst)
	}
	// Score bar and status line.
	sb := l.ScoreBar
	g.RoundRect(dst, sb, 8, sprites.PlateBG)
	st := l.ScoreTitle
	line, size := t.scoreCut.get(g, t.scoreLine, text.Style{Size: st.Size, Bold: true}, st.R.W, MinPlateText)
	g.Label(dst, line, st.R.X, st.R.Y+st.R.H/2, size, sprites.White, text.Left|text.VertCenter, true)
	if t.variant.text != "" && l.Variant.Shown() {
		v := l.Variant
		line, size := t.variant.cut.get(g, t.variant.text, text.Style{Size: v.Size}, v.R.W, MinPlateText)
		x, align := v.R.X, text.Left
		if v.Right {
			x, align = v.R.X+v.R.W, text.Right
		}
		g.Label(dst, line, x, v.R.Y+v.R.H/2, size, sprites.Muted, align|text.VertCenter, false)
	}
	if t.Status != "" {
		st := l.Status
		for i, line := range t.StatusLines {
			g.Label(dst, line, st.X, st.Y+u*0.75+float64(i)*t.StatusSize*1.25, t.StatusSize, sprites.White, text.Left|text.VertCenter, false)
		}
	}
	t.DrawButtons(dst)
	if over {
		t.drawReveal(dst, func(i int) { t.drawSprite(dst, i) })
	}
	t.drawBanner(dst)
	// Floaters: "+N" rising from a seat's pile, over the buttons.
	for i := range t.Floaters {
		x, y := t.floaterAt(&t.Floaters[i])
		g.Label(dst, t.Floaters[i].Label, x, y, u*2.2, floatCol, text.Center, true)
	}
	switch t.ShowPanel {
	case 1:
		t.drawTracker(dst)
	case 2:
		t.LogView.draw(dst)
	}
	// The person's order (Nifty) or keep (Hand) choice.
	t.drawChoice(dst)
	t.coaching.draw(dst, &t.presenter)
	if (t.Phase == PhaseScore) && t.Tl.Idle() {
		t.drawScoreOverlay(dst)
	}
	if (t.Phase == PhaseOver) && t.Tl.Idle() {
		t.drawGameOver(dst)
	}
	if t.Tutorial != nil {
		t.Tutorial.Draw(dst)
	}
	t.Pause.draw(dst)
}

func (t *Table) drawAdvice(dst *ebiten.Image, i int) {
	g := t.G
	sp, c := &t.Cards[i], SpriteCard(i)
	w := sp.W * 0.5
	h := ui.ClampF(sp.H*0.14, 14, 28)
	r := layout.Rect{X: sp.X + t.Shift[i] + sp.W*0.05, Y: sp.Y - t.Lift[i] + sp.H*0.95 - h, W: w, H: h}
	bg := adviceBG
	if t.advice[c] >= 1 {
		bg = adviceHot
	}
	g.RoundRect(dst, r, h/2, bg)
	cx, cy := r.Center()
	g.Label(dst, t.adviceStr[c], cx, cy, h*0.7, sprites.White, text.Center, true)
}
