// Package anim provides tick-based animation: easing functions, tweens, sequences, parallel
// groups and completion callbacks, all scaled by a speed setting and skippable.
//
// Nothing here reads a clock or imports Ebitengine: a Step advances one tick per call to
// Update, so animations are deterministic and test anywhere. At the instant speed every
// duration is zero and a timeline finishes on its first Update.
package anim

import "math"

// Speed is the animation speed setting.
type Speed uint8

// The speed settings, slowest first.
const (
	Slow Speed = iota
	Normal
	Fast
	Instant
)

var speedNames = [...]string{"slow", "normal", "fast", "instant"}

// String returns the speed's lower-case name.
func (s Speed) String() string {
	if int(s) < len(speedNames) {
		return speedNames[s]
	}
	return "normal"
}

// ParseSpeed returns the speed with the given name, or Normal and false if it is unknown.
func ParseSpeed(name string) (Speed, bool) {
	for i, n := range speedNames {
		if n == name {
			return Speed(i), true
		}
	}
	return Normal, false
}

// Ticks scales a duration given in ticks at normal speed to this speed. A positive duration
// stays at least one tick except at Instant, which gives zero.
func (s Speed) Ticks(normal int) int {
	if normal <= 0 {
		return 0
	}
	var f float64
	switch s {
	case Slow:
		f = 1.6
	case Fast:
		f = 0.5
	case Instant:
		return 0
	default:
		f = 1
	}
	n := int(math.Round(float64(normal) * f))
	if n < 1 {
		n = 1
	}
	return n
}

// Ease maps progress t in [0, 1] to eased progress (0 at 0, 1 at 1).
type Ease func(t float64) float64

// Linear is the identity easing.
func Linear(t float64) float64 { return t }

// OutCubic decelerates to the end.
func OutCubic(t float64) float64 {
	u := 1 - t
	return 1 - u*u*u
}

// InOutCubic accelerates then decelerates.
func InOutCubic(t float64) float64 {
	if t < 0.5 {
		return 4 * t * t * t
	}
	u := -2*t + 2
	return 1 - u*u*u/2
}

// OutBack overshoots the end slightly once, then settles.
func OutBack(t float64) float64 {
	const c1 = 1.70158
	const c3 = c1 + 1
	u := t - 1
	return 1 + c3*u*u*u + c1*u*u
}

// Lerp interpolates between a and b by t.
func Lerp(a, b, t float64) float64 { return a + (b-a)*t }

// Step is one part of a timeline. Update advances it by one tick and reports whether it is
// done; Skip finishes it at once (running every completion callback it holds).
type Step interface {
	Update() bool
	Skip()
}

// Tween moves a progress value from 0 to 1 over Dur ticks after Delay ticks, eased.
// The zero Tween with Dur 0 is done at once.
type Tween struct {
	Delay, Dur int
	Ease       Ease
	// OnDone runs once when the tween finishes or is skipped.
	OnDone func()
	t      int
	done   bool
}

// NewTween returns a tween of dur ticks after delay ticks with the given easing (nil means OutCubic).
func NewTween(delay, dur int, e Ease) *Tween {
	if e == nil {
		e = OutCubic
	}
	return &Tween{Delay: delay, Dur: dur, Ease: e}
}

// Update advances the tween by one tick and reports whether it is done.
func (tw *Tween) Update() bool {
	if tw.done {
		return true
	}
	tw.t++
	if tw.t >= tw.Delay+tw.Dur {
		tw.finish()
	}
	return tw.done
}

// Skip finishes the tween at once.
func (tw *Tween) Skip() {
	if !tw.done {
		tw.t = tw.Delay + tw.Dur
		tw.finish()
	}
}

func (tw *Tween) finish() {
	tw.done = true
	if tw.OnDone != nil {
		f := tw.OnDone
		tw.OnDone = nil
		f()
	}
}

// Done reports whether the tween has finished.
func (tw *Tween) Done() bool { return tw.done }

// Started reports whether the delay is over.
func (tw *Tween) Started() bool { return tw.done || tw.t > tw.Delay }

// Progress returns the eased progress, 0 before the delay ends and 1 when done.
func (tw *Tween) Progress() float64 {
	if tw.done || tw.Dur <= 0 && tw.t >= tw.Delay {
		return 1
	}
	p := float64(tw.t-tw.Delay) / float64(tw.Dur)
	if p <= 0 {
		return 0
	}
	if p >= 1 {
		return 1
	}
	e := tw.Ease
	if e == nil {
		e = OutCubic
	}
	return e(p)
}

// Raw returns the uneased progress in [0, 1].
func (tw *Tween) Raw() float64 {
	if tw.done {
		return 1
	}
	if tw.Dur <= 0 {
		if tw.t >= tw.Delay {
			return 1
		}
		return 0
	}
	p := float64(tw.t-tw.Delay) / float64(tw.Dur)
	return math.Max(0, math.Min(1, p))
}

// Wait is a step that does nothing for N ticks.
type Wait struct {
	N int
	t int
}

// Update advances the wait and reports whether it is over.
func (w *Wait) Update() bool {
	if w.t < w.N {
		w.t++
	}
	return w.t >= w.N
}

// Skip ends the wait.
func (w *Wait) Skip() { w.t = w.N }

// Call is a step that runs a function once, on its first Update or on Skip, and is then done.
type Call struct {
	Fn   func()
	done bool
}

// Update runs the function if it has not run and reports done.
func (c *Call) Update() bool { c.Skip(); return true }

// Skip runs the function if it has not run.
func (c *Call) Skip() {
	if !c.done {
		c.done = true
		if c.Fn != nil {
			c.Fn()
		}
	}
}

// Parallel runs its steps together; it is done when all are done.
type Parallel struct {
	Steps []Step
	// OnDone runs once when every step is done.
	OnDone func()
	done   bool
}

// Update advances every unfinished step by one tick.
func (p *Parallel) Update() bool {
	if p.done {
		return true
	}
	all := true
	for _, s := range p.Steps {
		if !s.Update() {
			all = false
		}
	}
	if all {
		p.finish()
	}
	return p.done
}

// Skip finishes every step.
func (p *Parallel) Skip() {
	if p.done {
		return
	}
	for _, s := range p.Steps {
		s.Skip()
	}
	p.finish()
}

func (p *Parallel) finish() {
	p.done = true
	if p.OnDone != nil {
		f := p.OnDone
		p.OnDone = nil
		f()
	}
}

// Sequence runs its steps one after another. Zero-time steps (calls, empty waits and tweens)
// chain with their neighbours in the same tick.
type Sequence struct {
	Steps []Step
	// OnDone runs once when the last step is done.
	OnDone func()
	i      int
	done   bool
}

// Update advances the current step; finished zero-time steps are passed through at once.
func (s *Sequence) Update() bool {
	advanced := false
	for !s.done {
		if s.i >= len(s.Steps) {
			s.finish()
			break
		}
		if !zeroTime(s.Steps[s.i]) {
			if advanced {
				break
			}
			advanced = true
		}
		if !s.Steps[s.i].Update() {
			break
		}
		s.i++
	}
	return s.done
}

func zeroTime(st Step) bool {
	switch v := st.(type) {
	case *Call:
		return true
	case *Wait:
		return v.N <= 0
	case *Tween:
		return v.Delay+v.Dur <= 0
	}
	return false
}

// Skip finishes every remaining step in order.
func (s *Sequence) Skip() {
	if s.done {
		return
	}
	for ; s.i < len(s.Steps); s.i++ {
		s.Steps[s.i].Skip()
	}
	s.finish()
}

func (s *Sequence) finish() {
	s.done = true
	if s.OnDone != nil {
		f := s.OnDone
		s.OnDone = nil
		f()
	}
}

// Timeline is a queue of steps run one after another; it is what gates input: the scene takes
// input only when the timeline is Idle. Steps added while another runs wait their turn.
type Timeline struct {
	queue []Step
}

// Add appends a step to the queue.
func (tl *Timeline) Add(s Step) { tl.queue = append(tl.queue, s) }

// Idle reports whether nothing is queued or running.
func (tl *Timeline) Idle() bool { return len(tl.queue) == 0 }

// Len returns the number of queued steps, the running one included.
func (tl *Timeline) Len() int { return len(tl.queue) }

// Update advances the running step by one tick; zero-time steps that follow run at once.
// It reports whether the timeline is idle afterwards.
func (tl *Timeline) Update() bool {
	advanced := false
	for len(tl.queue) > 0 {
		if !zeroTime(tl.queue[0]) {
			if advanced {
				return false
			}
			advanced = true
		}
		if !tl.queue[0].Update() {
			return false
		}
		tl.pop()
	}
	return true
}

// Skip finishes the running step and every queued one, in order, including steps that
// callbacks add while skipping.
func (tl *Timeline) Skip() {
	for len(tl.queue) > 0 {
		tl.queue[0].Skip()
		tl.pop()
	}
}

// SkipCurrent finishes only the running step.
func (tl *Timeline) SkipCurrent() {
	if len(tl.queue) > 0 {
		tl.queue[0].Skip()
		tl.pop()
	}
}

// Clear drops every queued step without running callbacks.
func (tl *Timeline) Clear() {
	clear(tl.queue)
	tl.queue = tl.queue[:0]
}

func (tl *Timeline) pop() {
	copy(tl.queue, tl.queue[1:])
	tl.queue[len(tl.queue)-1] = nil
	tl.queue = tl.queue[:len(tl.queue)-1]
}
