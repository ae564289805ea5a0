package server

import (
	"time"

	"nimmt/clock"
)

// Clock is the time the rooms see: the decision timer, the disconnection grace and the rate
// limits read it. The server runs on the wall clock; tests inject a ManualClock and move it.
type Clock = clock.Clock

// Stopper cancels a pending AfterFunc; it reports whether the call was still pending.
type Stopper = clock.Stopper

// WallClock is the real clock.
type WallClock = clock.Wall

// ManualClock is a clock that moves only when Advance is called (clock.Manual).
type ManualClock = clock.Manual

// NewManualClock returns a clock standing at t.
func NewManualClock(t time.Time) *ManualClock { return clock.NewManual(t) }
