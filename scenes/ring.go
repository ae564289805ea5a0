package scenes

import (
	"image/color"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"nimmt/clock"
	"nimmt/engine"
	"nimmt/layout"
	"nimmt/sprites"
	"nimmt/text"
)

// The decision timer's ring (online play): for each seat whose decision the game waits for and
// whose session gives it a deadline (Session.Deadline: a person in an online room with a timer),
// a ring where the seat's card will come (layout.Table.Ring) empties as the time runs out, the
// whole seconds left in its middle, in the warning colour for the last ringWarn seconds. The
// person's own ring is in the person's colour. Time is the game's clock (Game.clock): the ring
// steps once a second, and while the frames are stopped (pace.go) a timer on that clock wakes
// the game for each step, none once the deadline has passed or no ring shows.

// ringWarn is how many seconds before the deadline the ring turns to the warning colour.
const ringWarn = 10

var (
	ringTrack color.Color = color.RGBA{0x38, 0x38, 0x38, 0x38} // white at a fifth, premultiplied
	ringDisc  color.Color = color.RGBA{0x08, 0x1e, 0x13, 0xe8}
)

// ringState is what the table's rings show, per seat, as of the last tick, and the timer that
// wakes the game for their next step.
type ringState struct {
	on   [engine.MaxSeats]bool
	secs [engine.MaxSeats]int
	frac [engine.MaxSeats]float64
	// wake is the clock's timer for the next step, due at wakeAt (zero: none).
	wake   clock.Stopper
	wakeAt time.Time
}

// ringLeft returns what a decision timer shows at now: the whole seconds left, rounded up (0
// once the deadline has passed or when there is no deadline), and the part of the ring still
// full, by whole seconds of the span. A deadline further away than span (this device's clock
// behind the server's) shows the whole span.
func ringLeft(at time.Time, span time.Duration, now time.Time) (secs int, frac float64) {
	total := int((span + time.Second - 1) / time.Second)
	left := at.Sub(now)
	if at.IsZero() || total <= 0 || left <= 0 {
		return 0, 0
	}
	secs = min(int((left+time.Second-1)/time.Second), total)
	return secs, float64(secs) / float64(total)
}

// ringNext returns how long after now what the timer shows next changes, and false when it does
// not change any more (no deadline, or it has passed).
func ringNext(at time.Time, span time.Duration, now time.Time) (time.Duration, bool) {
	secs, _ := ringLeft(at, span, now)
	if secs == 0 {
		return 0, false
	}
	return at.Sub(now) - time.Duration(secs-1)*time.Second, true
}

// ringDeadline is seat s's deadline as the table shows it: only while the displayed view waits
// for the seat's decision (it has not chosen its card), outside the walkthrough.
func (pr *presenter) ringDeadline(s int) (time.Time, time.Duration) {
	if pr.tutorial != nil || (pr.phase != phaseChoose && pr.phase != phaseRowChoice) || !pr.tl.Idle() {
		return time.Time{}, 0
	}
	waiting := false
	for _, w := range pr.disp.Waiting {
		waiting = waiting || w == s
	}
	if !waiting || s < len(pr.disp.Chosen) && pr.disp.Chosen[s] {
		return time.Time{}, 0
	}
	return pr.sess.Deadline(s)
}

// tickRings runs every tick: it takes the rings' seconds from the clock, asks for a redraw when
// one changed and keeps the wake timer set for the next step.
func (t *table) tickRings() {
	now := t.g.Clock.Now()
	var next time.Time
	r := &t.rings
	for s := range t.seats {
		if s >= len(r.on) {
			break
		}
		at, span := t.ringDeadline(s)
		on := !at.IsZero()
		secs, frac := ringLeft(at, span, now)
		if on != r.on[s] || secs != r.secs[s] {
			r.on[s], r.secs[s], r.frac[s] = on, secs, frac
			t.redraw = true
		}
		if d, ok := ringNext(at, span, now); ok {
			if w := now.Add(d); next.IsZero() || w.Before(next) {
				next = w
			}
		}
	}
	if next.Equal(r.wakeAt) {
		return
	}
	r.stop()
	r.wakeAt = next
	if !next.IsZero() {
		r.wake = t.g.WakeAfter(next.Sub(now))
	}
}

// stop cancels the wake timer.
func (r *ringState) stop() {
	if r.wake != nil {
		r.wake.Stop()
	}
	r.wake, r.wakeAt = nil, time.Time{}
}

// ringRect is where seat s's ring stands: in its Chosen place, or at the end of the warning
// line when a card lies there (a row choice without a reveal queue).
func (t *table) ringRect(s int) layout.Rect {
	l := &t.lay
	k := t.layIndex(s)
	if k < 0 {
		return layout.Rect{}
	}
	if t.backs[s].vis {
		return l.WarnRing()
	}
	for i, p := range t.disp.Pending {
		if p.Seat == s && !(t.queued && i < len(l.Queue)) {
			return l.WarnRing()
		}
	}
	for _, p := range t.disp.FaceUp {
		if p.Seat == s {
			return l.WarnRing()
		}
	}
	return l.Ring(k)
}

// drawRings draws the rings of the seats that have one.
func (t *table) drawRings(dst *ebiten.Image) {
	for s := range t.seats {
		if s < len(t.rings.on) && t.rings.on[s] {
			t.drawRing(dst, t.ringRect(s), t.rings.secs[s], t.rings.frac[s], s == t.me)
		}
	}
}

// drawRing draws one ring in r: a dark disc, the track, the arc of what is left and the
// seconds.
func (bd *board) drawRing(dst *ebiten.Image, r layout.Rect, secs int, frac float64, mine bool) {
	if r.Empty() {
		return
	}
	g := bd.g
	col := ringColor(secs, mine)
	lw := ringLine(r)
	g.RoundRect(dst, r, r.W/2, ringDisc)
	g.DrawArc(dst, r, lw, 1, ringTrack)
	g.DrawArc(dst, r, lw, frac, col)
	if size := ringTextSize(r, secs); size > 0 {
		cx, cy := r.Center()
		g.Label(dst, num(secs), cx, cy, size, sprites.White, text.Center, true)
	}
}

// ringLine is the width of the arc of a ring drawn in r.
func ringLine(r layout.Rect) float64 { return max(2, r.W*0.13) }

// ringTextSize is the size of the seconds in a ring drawn in r: three digits smaller than two,
// and none where they would be smaller than minRingText (a small ring shows its seconds from 99
// on; the arc, nearly full, says enough before).
func ringTextSize(r layout.Rect, secs int) float64 {
	size := r.W * 0.44
	if secs >= 100 {
		size = r.W * 0.34
	}
	if size < minRingText {
		return 0
	}
	return size
}

// minRingText is the smallest size a ring's seconds are drawn at.
const minRingText = 7

// ringColor is the colour of a ring's arc: the warning colour for the last ringWarn seconds,
// else the person's own colour or the one of a seat deciding.
func ringColor(secs int, mine bool) color.Color {
	switch {
	case secs <= ringWarn:
		return sprites.Danger
	case mine:
		return chipYou
	}
	return chipThinking
}
