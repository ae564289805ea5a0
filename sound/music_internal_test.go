//go:build !js && !nimmtnoaudio

package sound

import (
	"encoding/binary"
	"io"
	"math"
	"testing"
)

// read reads n frames of a loop and returns the left channel.
func read(t *testing.T, l *loop, n int) []float64 {
	t.Helper()
	b := make([]byte, 8*n)
	if got, err := l.Read(b); err != nil || got != len(b) {
		t.Fatalf("Read: %d bytes, %v", got, err)
	}
	out := make([]float64, n)
	for i := range out {
		out[i] = float64(math.Float32frombits(binary.LittleEndian.Uint32(b[8*i:])))
	}
	return out
}

// TestLoop: the desktop's music stream is silent until its samples are decoded, fades in, loops
// without a seam, ducks to duckDepth and comes back, after stop fades out and ends, and rests
// (fades out and ends) when no effect plays for a while, unless one comes before the end.
func TestLoop(t *testing.T) {
	const rate = 1000
	l := newLoop(rate)
	for _, v := range read(t, l, 100) {
		if v != 0 {
			t.Fatal("sound before the samples were decoded")
		}
	}
	pcm := make([]float32, 2*700) // a loop of 0.7 s: a constant level, so the gain is what is read
	for i := range pcm {
		pcm[i] = 0.5
	}
	l.set(pcm)
	s := read(t, l, int(fadeIn*rate)+300)
	if got := s[len(s)-1]; math.Abs(got-0.5) > 1e-3 {
		t.Errorf("after the fade-in: %v, want 0.5", got)
	}
	for i := 1; i < len(s); i++ {
		if s[i] < s[i-1]-1e-9 || s[i]-s[i-1] > 0.5/(fadeIn*rate)+1e-6 {
			t.Fatalf("the fade-in steps from %v to %v at %d", s[i-1], s[i], i)
		}
	}
	l.duck()
	s = read(t, l, int((duckAttack+duckHold)*rate))
	if low := s[len(s)-1]; math.Abs(low-0.5*duckDepth) > 1e-3 {
		t.Errorf("ducked: %v, want %v", low, 0.5*duckDepth)
	}
	l.duck() // again while low: it stays low
	s = read(t, l, int(duckHold*rate))
	if low := s[len(s)-1]; math.Abs(low-0.5*duckDepth) > 1e-3 {
		t.Errorf("ducked twice: %v, want %v", low, 0.5*duckDepth)
	}
	s = read(t, l, int((duckAttack+duckRelease+0.3)*rate))
	if got := s[len(s)-1]; math.Abs(got-0.5) > 1e-3 {
		t.Errorf("after the duck: %v, want 0.5", got)
	}
	l.stop()
	s = read(t, l, int((fadeOut+0.4)*rate))
	if got := s[len(s)-1]; got != 0 && got > 1e-4 {
		t.Errorf("after stop: %v, want silence", got)
	}
	if n, err := l.Read(make([]byte, 64)); n != 0 || err != io.EOF {
		t.Errorf("after the fade-out: %d bytes, %v; want io.EOF", n, err)
	}

	// The rest: without an effect the theme fades out; an effect calls the fade off; then,
	// without one for good, it ends, and touch says so.
	l = newLoop(rate)
	l.set(pcm)
	read(t, l, int(fadeIn*rate)+100)
	l.rest = 500
	l.touch()
	s = read(t, l, 1000)
	if s[400] < 0.499 || s[999] > 0.45 {
		t.Errorf("resting: %v at 400 frames after the effect, %v at 1000; want 0.5, then fading", s[400], s[999])
	}
	if !l.touch() {
		t.Fatal("touch while resting: the loop has ended")
	}
	s = read(t, l, 300)
	if got := s[len(s)-1]; math.Abs(got-0.5) > 1e-3 {
		t.Errorf("after an effect called the rest off: %v, want 0.5", got)
	}
	b := make([]byte, 8*1000)
	var err error
	for range int((restAfter + 8*restFade) * rate / 1000) {
		if _, err = l.Read(b); err != nil {
			break
		}
	}
	if err != io.EOF || l.touch() {
		t.Errorf("after the rest: %v, touch %v; want io.EOF and false", err, l.touch())
	}

	ramp := make([]float32, 2*100) // a ramp: the loop must wrap from its last frame to its first
	for i := range 100 {
		ramp[2*i], ramp[2*i+1] = float32(i), float32(i)
	}
	l = newLoop(rate)
	l.set(ramp)
	l.fade, l.gain = 1, 1
	s = read(t, l, 250)
	for i, v := range s {
		if want := float64(i % 100); v != want {
			t.Fatalf("frame %d: %v, want %v", i, v, want)
		}
	}
}
