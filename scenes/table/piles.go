package table

import (
	"image/color"
	"strconv"

	"github.com/hajimehoshi/ebiten/v2"

	"nimmt/anim"
	"nimmt/engine"
	"nimmt/layout"
	"nimmt/scenes/ui"
	"nimmt/sprites"
	"nimmt/text"
)

// The seats' piles (issue 25): a taken row slides to its taker's pile by the plate, the pile
// grows (a stack of card backs with its bullheads), and the round's penalty on the plate counts
// up once the cards have arrived. The count is a tween stepped with the sprites, tick by tick,
// so a screenshot at a given tick is always the same; nothing moves once it is done.

// pileCount is the round's penalty a seat's plate and pile show while a taken row arrives and
// counts up: from before the take, to after it; tw runs the count (nil while the cards fly).
type pileCount struct {
	_        ui.NoCompare
	on       bool
	from, to int
	tw       *anim.Tween
}

// piles are the seats' counts in progress.
type piles struct {
	_     ui.NoCompare
	count [engine.MaxSeats]pileCount
}

// countTicks is how long the penalty counts up, in ticks at normal speed.
const countTicks = 28

// pileUp holds seat ev.Seat's shown penalty at its value before the take while the row's cards
// fly (steps, the presenter's), then counts it up to the new one: it appends the count's start
// to steps. Without animation the plate shows the new value at once.
func (bd *board) pileUp(ev engine.RowTaken, steps []anim.Step, animate bool) []anim.Step {
	if ev.Seat < 0 || ev.Seat >= len(bd.Disp.Penalties) || ev.Seat >= engine.MaxSeats {
		return steps
	}
	c := &bd.piles.count[ev.Seat]
	if !animate || bd.Speed() == anim.Instant || ev.Bullheads <= 0 {
		*c = pileCount{}
		return steps
	}
	to := bd.Disp.Penalties[ev.Seat]
	from := to - ev.Bullheads
	if c.on { // a second take before the first one's count ended: count on from where it is
		from = bd.ShownPen(ev.Seat)
	}
	*c = pileCount{on: true, from: from, to: to}
	tw := anim.NewTween(0, bd.ticks(countTicks), anim.OutCubic)
	return append(steps, &anim.Call{Fn: func() {
		if c.on && c.to == to {
			c.tw = tw
		}
	}})
}

// stepPiles advances the counts (with the sprites) and ends those done.
func (bd *board) stepPiles() {
	for s := range bd.piles.count {
		c := &bd.piles.count[s]
		if c.on && c.tw != nil && c.tw.Update() {
			*c = pileCount{}
		}
	}
}

// counting reports whether a plate's penalty is counting up: the frames must go on until it ends.
func (bd *board) counting() bool {
	for s := range bd.piles.count {
		if c := &bd.piles.count[s]; c.on && c.tw != nil {
			return true
		}
	}
	return false
}

// endCounts shows every penalty as it is (a new round, a replay).
func (bd *board) endCounts() { bd.piles = piles{} }

// ShownPen is the round's penalty seat s's plate and pile show now: the view's, or, while a
// taken row flies to the seat and its count runs, the count's.
func (bd *board) ShownPen(s int) int {
	if s >= 0 && s < engine.MaxSeats {
		if c := &bd.piles.count[s]; c.on {
			if c.tw == nil {
				return c.from
			}
			return c.from + int(float64(c.to-c.from)*c.tw.Progress()+0.5)
		}
	}
	if s >= 0 && s < len(bd.Disp.Penalties) {
		return bd.Disp.Penalties[s]
	}
	return 0
}

// plusStrs are "+0" to "+199", so that a counting plate does not allocate (filled by init, as
// numStrs).
var plusStrs [200]string

func init() {
	for i := range plusStrs {
		plusStrs[i] = "+" + strconv.Itoa(i)
	}
}

// plus returns "+n".
func plus(n int) string {
	if n >= 0 && n < len(plusStrs) {
		return plusStrs[n]
	}
	return "+" + strconv.Itoa(n)
}

// pileStr is the penalty text of seat s's plate now: "+N", counting, or "" for none.
func (bd *board) pileStr(s int, still string) string {
	if s < 0 || s >= engine.MaxSeats || !bd.piles.count[s].on {
		return still
	}
	if n := bd.ShownPen(s); n > 0 {
		return plus(n)
	}
	return ""
}

// PlateScore is the total seat s's plate shows now: the game's so far with the round's penalty,
// counting up with the "+N" while a taken row arrives (still is the plate's string when nothing
// counts).
func (bd *board) PlateScore(s int, still string) string {
	if s < 0 || s >= engine.MaxSeats || s >= len(bd.Disp.Scores) || !bd.piles.count[s].on {
		return still
	}
	return Num(bd.total(s, bd.ShownPen(s)))
}

// total is seat s's game total with pen, the round's penalty, in it while the round is played
// (once it is scored the view's totals have it).
func (bd *board) total(s, pen int) int {
	if s < 0 || s >= len(bd.Disp.Scores) {
		return 0
	}
	if p := bd.Disp.Phase; p == engine.PhaseDeal || p == engine.PhaseOver {
		return bd.Disp.Scores[s]
	}
	return bd.Disp.Scores[s] + pen
}

// pileBadge is the pile's bullhead count: white on the warning red.
var pileBadge color.Color = color.RGBA{0xb0, 0x20, 0x28, 0xff}

// drawPile draws seat s's pile of the round at its place by the plate: one to three card backs,
// a card more for every 8 bullheads, fanned up and left, and under them a badge with a bull and
// the count. back draws a card back. A seat without penalty this round has no pile.
func (bd *board) drawPile(dst *ebiten.Image, s int, r layout.Rect, back func(x, y, w, h float64)) {
	n := bd.ShownPen(s)
	if n <= 0 || r.W < 16 { // a crowded phone's plate says "+N" only
		return
	}
	g := bd.g
	w, h := r.W*0.8, r.H*0.8
	cards := 1 + min(2, n/8)
	step := w * 0.1
	x0, y0 := r.X+r.W-w, r.Y+r.H-h
	for k := cards - 1; k >= 0; k-- {
		back(x0-float64(k)*step, y0-float64(k)*step, w, h)
	}
	size := ui.ClampF(r.W*0.34, 9, 18)
	badge := layout.Rect{X: r.X + r.W/2 - size*1.35, Y: r.Y + r.H - size*1.3, W: size * 2.7, H: size * 1.3}
	g.RoundRect(dst, badge, badge.H/2, pileBadge)
	_, cy := badge.Center()
	g.Bullhead(dst, badge.X+size*0.6, cy, size*0.9, sprites.White)
	g.Label(dst, Num(n), badge.X+size*1.15, cy, size, sprites.White, text.Left|text.VertCenter, true)
}
