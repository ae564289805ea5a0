package table

import (
	"nimmt/anim"
	"nimmt/scenes/ui"
)

// The podium's entrance (issue 25): at game over the places rise onto the podium from below its
// floor, the last place first and the winner last, then the crown drops onto the winner; about
// 1.4 s at normal speed, ended at once by a tap, a click or a key, and not played at all at the
// instant speed (reduced motion) or when a saved game resumes at its end. It counts ticks, so a
// screenshot at a given tick is always the same; once it is done the podium is drawn exactly as
// a still one and nothing moves.

// riseTicks is the entrance's length at normal speed; the steps rise in turn over riseSlot
// ticks each, riseGap apart, and the crown drops over the last riseCrown ticks.
const (
	riseTicks = 84
	riseGap   = 18
	riseSlot  = 30
	riseCrown = 24
)

// podiumRise is the podium's entrance in progress: t of n ticks (n 0: none).
type podiumRise struct {
	t, n int
}

// start begins the entrance over n ticks (0: none, the podium stands at once).
func (pr *podiumRise) start(n int) { *pr = podiumRise{n: n} }

// running reports whether the podium is still rising: the frames must go on.
func (pr *podiumRise) running() bool { return pr.t < pr.n }

// update advances the entrance one tick, or ends it when the person taps, clicks or presses a
// key (the input is taken); it reports whether it just ended.
func (pr *podiumRise) update(in *ui.Input) bool {
	if !pr.running() {
		return false
	}
	if in.NKeys > 0 || in.TakeTap() {
		in.NKeys = 0
		pr.t = pr.n
		return true
	}
	pr.t++
	return !pr.running()
}

// at returns the eased progress, 0 to 1, of the part that runs from tick from to tick from+dur
// of the entrance at normal speed.
func (pr *podiumRise) at(from, dur int) float64 {
	if !pr.running() {
		return 1
	}
	u := (float64(pr.t)*riseTicks/float64(pr.n) - float64(from)) / float64(dur)
	return anim.OutCubic(min(1, max(0, u)))
}

// step returns how far step i (podium order: 0 the first place) has risen, 0 to 1: the
// third rises first, the first last.
func (pr *podiumRise) step(i int) float64 {
	return pr.at((2-i)*riseGap, riseSlot)
}

// crown returns how far the crown has dropped, 0 to 1.
func (pr *podiumRise) crown() float64 { return pr.at(riseTicks-riseCrown, riseCrown) }
