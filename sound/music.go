//go:build !js && !nimmtnoaudio

package sound

import (
	"encoding/binary"
	"io"
	"math"
	"sync"
)

// The music's envelope, in seconds: a theme fades in over fadeIn and out over fadeOut; a duck
// lowers it to duckDepth within duckAttack, holds it to duckHold and brings it back over
// duckRelease.
const (
	fadeIn      = 1.2
	fadeOut     = 0.6
	duckDepth   = 0.3
	duckAttack  = 0.12
	duckHold    = 1.4
	duckRelease = 1.6
	// restAfter is how long a theme plays without an event or cue (nobody plays) before it
	// rests: it fades out over restFade and ends, so an idle game goes quiet; the next event or
	// cue brings it back (Device.Active).
	restAfter = 60
	restFade  = 4
	// smooth is the time constant of the one-pole that smooths every change of gain (a duck
	// asked again while the music is coming back, a fade reversed), so no change clicks.
	smooth = 0.03
)

// loop is one theme playing: an endless reader of 32-bit float stereo samples over the theme's
// decoded loop, with the fades and the ducks applied sample by sample. The audio thread reads it;
// the game's Update starts, stops and ducks it.
type loop struct {
	mu   sync.Mutex
	pcm  []float32 // the loop, interleaved stereo; nil while it is being decoded (silence)
	rate float64   // the context's sample rate
	pos  int       // the next frame of pcm
	// fade is the theme's fade (0 to 1), moving to fadeTo by fadeStep a frame.
	fade, fadeTo, fadeStep float64
	// frame counts the frames read; ducked is the frame of the last duck (-1: none); touched
	// is the frame of the last effect and rest the frames without one before the theme rests.
	frame, ducked, touched, rest int
	gain                         float64 // the smoothed gain
	stopped                      bool    // stop was called: fading out for good
	done                         bool    // faded out (stopped or rested): the reader has ended
}

// newLoop returns a loop that fades in at a context's sample rate; set gives it its samples.
func newLoop(rate int) *loop {
	r := float64(rate)
	return &loop{rate: r, fadeTo: 1, fadeStep: 1 / (fadeIn * r), ducked: -1, rest: int(restAfter * r)}
}

// set gives the loop its decoded samples.
func (l *loop) set(pcm []float32) {
	l.mu.Lock()
	l.pcm = pcm
	l.mu.Unlock()
}

// stop fades the loop out; its reader then ends.
func (l *loop) stop() {
	l.mu.Lock()
	l.fadeTo, l.fadeStep, l.stopped = 0, 1/(fadeOut*l.rate), true
	l.mu.Unlock()
}

// touch tells the loop that the game is being played (Device.Active): its rest is restAfter from now, and a rest that
// was fading out is called off. It reports false when the loop has ended (rested or stopped).
func (l *loop) touch() bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.touched = l.frame
	if !l.stopped && !l.done {
		l.fadeTo, l.fadeStep = 1, 1/(fadeIn*l.rate)
	}
	return !l.done
}

// duck lowers the loop for a moment from the next frame read; a duck during a duck holds the
// low level on.
func (l *loop) duck() {
	l.mu.Lock()
	if l.ducked >= 0 && l.frame-l.ducked < int((duckAttack+duckHold)*l.rate) {
		l.ducked = l.frame - int(duckAttack*l.rate) // already low: stay low from now
	} else {
		l.ducked = l.frame
	}
	l.mu.Unlock()
}

// duckGain is the duck's gain at a frame.
func (l *loop) duckGain(frame int) float64 {
	if l.ducked < 0 {
		return 1
	}
	t := float64(frame-l.ducked) / l.rate
	switch {
	case t < duckAttack:
		return 1 - (1-duckDepth)*t/duckAttack
	case t < duckAttack+duckHold:
		return duckDepth
	case t < duckAttack+duckHold+duckRelease:
		return duckDepth + (1-duckDepth)*(t-duckAttack-duckHold)/duckRelease
	}
	return 1
}

// Read implements io.Reader: 32-bit float little-endian stereo frames.
func (l *loop) Read(b []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.done {
		return 0, io.EOF
	}
	a := 1 - math.Exp(-1/(smooth*l.rate))
	n := len(b) / 8
	for i := range n {
		if !l.stopped && l.fadeTo == 1 && l.frame-l.touched > l.rest {
			l.fadeTo, l.fadeStep = 0, 1/(restFade*l.rate)
		}
		switch {
		case l.fade < l.fadeTo:
			l.fade = math.Min(l.fadeTo, l.fade+l.fadeStep)
		case l.fade > l.fadeTo:
			l.fade = math.Max(l.fadeTo, l.fade-l.fadeStep)
		}
		l.gain += a * (l.fade*l.duckGain(l.frame) - l.gain)
		var left, right float32
		if len(l.pcm) >= 2 {
			left, right = l.pcm[2*l.pos], l.pcm[2*l.pos+1]
			l.pos = (l.pos + 1) % (len(l.pcm) / 2)
		}
		g := float32(l.gain)
		binary.LittleEndian.PutUint32(b[8*i:], math.Float32bits(left*g))
		binary.LittleEndian.PutUint32(b[8*i+4:], math.Float32bits(right*g))
		l.frame++
	}
	if l.fadeTo == 0 && l.fade == 0 && l.gain < 1e-4 {
		l.done = true
	}
	return 8 * n, nil
}
