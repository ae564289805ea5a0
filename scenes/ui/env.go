package ui

import (
	"nimmt/clock"
	"nimmt/msg"
	"nimmt/sound"
	"nimmt/stats"
)

// Env is what the scenes read and keep beside the screen: the options, the person's settings
// and their storage, the menu's notice, the sound, the statistics, the clock and the wake of
// the frames (pace.go). The scene manager owns one.
type Env struct {
	Opts     Options
	Settings Settings
	// Notice is a one-line message shown on the menu (e.g. a corrupt save).
	Notice msg.Message
	Saver  *Saver
	// Snd plays the sound effects (never nil).
	Snd *sound.Player
	// Stats keeps this device's game statistics (never nil).
	Stats *stats.Keeper
	// Pacer stops and restarts the frames (pace.go); Wake asks it for a frame.
	Pacer pacer
	// Clock is the time of the decision timer's ring and its wakes: the wall clock in play,
	// one the test moves in tests.
	Clock clock.Clock
}
