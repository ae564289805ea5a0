// Package clock is the time the game server's rooms and the game's screen read: the wall clock
// in play, a manual one that tests move.
package clock

import (
	"slices"
	"sync"
	"time"
)

// Clock is the time a program reads where it matters to a test: the server's decision timer,
// disconnection grace and rate limits, the game's decision timer ring. Programs run on Wall;
// tests inject a Manual clock and move it.
type Clock interface {
	Now() time.Time
	// AfterFunc calls f in its own goroutine (or, for a Manual clock, in Advance) once d has
	// passed. Stop cancels it.
	AfterFunc(d time.Duration, f func()) Stopper
}

// Stopper cancels a pending AfterFunc; it reports whether the call was still pending.
type Stopper interface {
	Stop() bool
}

// Wall is the real clock.
type Wall struct{}

// Now returns time.Now.
func (Wall) Now() time.Time { return time.Now() }

// AfterFunc is time.AfterFunc.
func (Wall) AfterFunc(d time.Duration, f func()) Stopper { return time.AfterFunc(d, f) }

// Manual is a clock that moves only when Advance is called: timers fire inside Advance, in
// the caller's goroutine, in the order of their times. It is safe for concurrent use.
type Manual struct {
	mu     sync.Mutex
	now    time.Time
	timers []*manualTimer
	seq    int
}

type manualTimer struct {
	c    *Manual
	at   time.Time
	seq  int
	f    func()
	done bool
}

// NewManual returns a clock standing at t.
func NewManual(t time.Time) *Manual { return &Manual{now: t} }

// Now returns the clock's time.
func (c *Manual) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

// AfterFunc registers f to run when Advance passes now+d.
func (c *Manual) AfterFunc(d time.Duration, f func()) Stopper {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.seq++
	t := &manualTimer{c: c, at: c.now.Add(d), seq: c.seq, f: f}
	c.timers = append(c.timers, t)
	return t
}

// Pending returns the number of timers waiting to fire.
func (c *Manual) Pending() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.timers)
}

// Advance moves the clock by d, running every timer due on the way (and timers those timers set,
// if they are due too) before it returns.
func (c *Manual) Advance(d time.Duration) {
	c.mu.Lock()
	end := c.now.Add(d)
	c.mu.Unlock()
	for {
		c.mu.Lock()
		slices.SortFunc(c.timers, func(a, b *manualTimer) int {
			if k := a.at.Compare(b.at); k != 0 {
				return k
			}
			return a.seq - b.seq
		})
		if len(c.timers) == 0 || c.timers[0].at.After(end) {
			c.now = end
			c.mu.Unlock()
			return
		}
		t := c.timers[0]
		c.timers = c.timers[1:]
		t.done = true
		if t.at.After(c.now) {
			c.now = t.at
		}
		c.mu.Unlock()
		t.f()
	}
}

// Stop cancels the timer.
func (t *manualTimer) Stop() bool {
	c := t.c
	c.mu.Lock()
	defer c.mu.Unlock()
	if t.done {
		return false
	}
	t.done = true
	c.timers = slices.DeleteFunc(c.timers, func(x *manualTimer) bool { return x == t })
	return true
}
