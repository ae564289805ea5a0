package table

import (
	"image/color"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"nimmt/clock"
	"nimmt/engine"
	"nimmt/layout"
	"nimmt/scenes/ui"
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
	_    ui.NoCompare
	On   [engine.MaxSeats]bool
	Secs [engine.MaxSeats]int
	frac [engine.MaxSeats]float64
	// wake is the clock's timer for the next step, due at wakeAt (zero: none).
	wake   clock.Stopper
	wakeAt time.Time
}

// RingLeft returns what a decision timer shows at now: the whole seconds left, rounded up (0
// once the deadline has passed or when there is no deadline), and the part of the ring still
// full, by whole seconds of the span. A deadline further away than span (this device's clock
// behind the server's) shows the whole span.
func RingLeft(at time.Time, span time.Duration, now time.Time) (secs int, frac float64) {
	total := int((span + time.Second - 1) / time.Second)
	left := at.Sub(now)
	if at.IsZero() || total <= 0 || left <= 0 {
		return 0, 0
	}
	secs = min(int((left+time.Second-1)/time.Second), total)
	return secs, float64(secs) / float64(total)
}

// RingNext returns how long after now what the timer shows next changes, and false when it does
// not change any more (no deadline, or it has passed).
func RingNext(at time.Time, span time.Duration, now time.Time) (time.Duration, bool) {
	secs, _ := RingLeft(at, span, now)
	if secs == 0 {
		return 0, false
	}
	return at.Sub(now) - time.Duration(secs-1)*time.Second, true
}

// ringDeadline is seat s's deadline as the table shows it: only while the displayed view waits
// for the seat's decision (it has not chosen its card), outside the walkthrough.
func (pr *presenter) ringDeadline(s int) (time.Time, time.Duration) {
	if pr.Tutorial != nil || (pr.Phase != PhaseChoose && pr.Phase != PhaseRowChoice) || !pr.tl.Idle() {
		return time.Time{}, 0
	}
	waiting := false
	for _, w := range pr.Disp.Waiting {
		waiting = waiting || w == s
	}
	if !waiting || s < len(pr.Disp.Chosen) && pr.Disp.Chosen[s] {
		return time.Time{}, 0
	}
	return pr.sess.Deadline(s)
}

// tick runs every tick: it takes the rings' seconds of the seats from the clock (deadline is a
// seat's, as the table shows it), reports whether one changed (the table is drawn again) and
// keeps the wake timer set for the next step.
func (r *ringState) tick(g *ui.Host, seats int, deadline func(s int) (time.Time, time.Duration)) (changed bool) {
	now := g.Clock.Now()
	var next time.Time
	for s := range seats {
		if s >= len(r.On) {
			break
		}
		at, span := deadline(s)
		on := !at.IsZero()
		secs, frac := RingLeft(at, span, now)
		if on != r.On[s] || secs != r.Secs[s] {
			r.On[s], r.Secs[s], r.frac[s] = on, secs, frac
			changed = true
		}
		if d, ok := RingNext(at, span, now); ok {
			if w := now.Add(d); next.IsZero() || w.Before(next) {
				next = w
			}
		}
	}
	if next.Equal(r.wakeAt) {
		return changed
	}
	r.stop()
	r.wakeAt = next
	if !next.IsZero() {
		r.wake = g.WakeAfter(next.Sub(now))
	}
	return changed
}

// stop cancels the wake timer.
func (r *ringState) stop() {
	if r.wake != nil {
		r.wake.Stop()
	}
	r.wake, r.wakeAt = nil, time.Time{}
}

// RingRect is where seat s's ring stands: in its Chosen place, or at the end of the warning
// line when a card lies there (a row choice without a reveal queue).
func (t *Table) RingRect(s int) layout.Rect {
	l := &t.Lay
	k := t.LayIndex(s)
	if k < 0 {
		return layout.Rect{}
	}
	if t.Backs[s].Vis {
		return l.WarnRing()
	}
	for i, p := range t.Disp.Pending {
		if p.Seat == s && !(t.queued && i < len(l.Queue)) {
			return l.WarnRing()
		}
	}
	for _, p := range t.Disp.FaceUp {
		if p.Seat == s {
			return l.WarnRing()
		}
	}
	return l.Ring(k)
}

// drawRings draws the rings of the seats that have one.
func (t *Table) drawRings(dst *ebiten.Image) {
	for s := range t.Seats {
		if s < len(t.Rings.On) && t.Rings.On[s] {
			t.drawRing(dst, t.RingRect(s), t.Rings.Secs[s], t.Rings.frac[s], s == t.Me)
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
	col := RingColor(secs, mine)
	lw := RingLine(r)
	g.RoundRect(dst, r, r.W/2, ringDisc)
	g.DrawArc(dst, r, lw, 1, ringTrack)
	g.DrawArc(dst, r, lw, frac, col)
	if size := RingTextSize(r, secs); size > 0 {
		cx, cy := r.Center()
		g.Label(dst, Num(secs), cx, cy, size, sprites.White, text.Center, true)
	}
}

// RingLine is the width of the arc of a ring drawn in r.
func RingLine(r layout.Rect) float64 { return max(2, r.W*0.13) }

// RingTextSize is the size of the seconds in a ring drawn in r: three digits smaller than two,
// and none where they would be smaller than minRingText (a small ring shows its seconds from 99
// on; the arc, nearly full, says enough before).
func RingTextSize(r layout.Rect, secs int) float64 {
	size := r.W * 0.44
	if secs >= 100 {
		size = r.W * 0.34
	}
	if size < MinRingText {
		return 0
	}
	return size
}

// MinRingText is the smallest size a ring's seconds are drawn at.
const MinRingText = 7

// RingColor is the colour of a ring's arc: the warning colour for the last ringWarn seconds,
// else the person's own colour or the one of a seat deciding.
func RingColor(secs int, mine bool) color.Color {
	switch {
	case secs <= ringWarn:
		return sprites.Danger
	case mine:
		return ChipYou
	}
	return ChipThinking
}
