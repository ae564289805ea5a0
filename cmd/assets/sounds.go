package main

import (
	"encoding/binary"
	"math"
	"math/rand/v2"

	"nimmt/assets/sounds"
)

// SampleRate is the rate of the generated files: low, because the effects are short and the wasm
// carries them (docs/PERFORMANCE.md "Web"); Ebitengine resamples them once when the game decodes them.
const SampleRate = 8000

// Every product that is added to something is converted with float64(…): the Go spec lets a
// compiler fuse x*y+z into one FMA instruction (arm64 does; amd64 does not), which rounds once
// instead of twice, and an explicit conversion forbids that, so the arithmetic is the same on
// every architecture. math.Exp has its own assembly on some (amd64, arm64, s390x) that may differ
// in the last bit; gen_test therefore compares the sounds exactly on amd64 and within one step
// of the 8-bit samples elsewhere.

// clip is a mono signal being synthesised, in [-1, 1] before normalisation.
type clip struct {
	s   []float64
	rng *rand.Rand
}

func newClip(seconds float64, seed uint64) *clip {
	return &clip{s: make([]float64, int(seconds*SampleRate)), rng: rand.New(rand.NewPCG(seed, 0x6e696d6d74))}
}

// env is an envelope: a linear attack of a seconds, then an exponential decay with time constant d.
func env(t, a, d float64) float64 {
	if t < 0 {
		return 0
	}
	if t < a {
		return t / a
	}
	return math.Exp(-(t - a) / d)
}

// tone adds a sine of frequency f (with a few harmonics of the given weights) starting at t0.
func (c *clip) tone(t0, f, amp, attack, decay float64, harmonics ...float64) {
	for i := int(t0 * SampleRate); i < len(c.s); i++ {
		t := float64(i)/SampleRate - t0
		v := math.Sin(2 * math.Pi * f * t)
		for h, w := range harmonics {
			v += float64(w * math.Sin(2*math.Pi*f*float64(h+2)*t))
		}
		c.s[i] += float64(amp * env(t, attack, decay) * v)
	}
}

// thud adds a low sine whose pitch falls from f0 to f1: a weight landing on felt.
func (c *clip) thud(t0, f0, f1, amp, decay float64) {
	phase := 0.0
	for i := int(t0 * SampleRate); i < len(c.s); i++ {
		t := float64(i)/SampleRate - t0
		f := f1 + float64((f0-f1)*math.Exp(-t/0.04))
		phase += float64(2 * math.Pi * f / SampleRate)
		c.s[i] += float64(amp * env(t, 0.004, decay) * math.Sin(phase))
	}
}

// noise adds a burst of noise through a one-pole low-pass (cut, 0–1: higher is brighter) and a
// one-pole high-pass that takes out the rumble: a card's flick or slide.
func (c *clip) noise(t0, amp, attack, decay, cut float64) {
	lp, prev, hp := 0.0, 0.0, 0.0
	for i := int(t0 * SampleRate); i < len(c.s); i++ {
		t := float64(i)/SampleRate - t0
		x := float64(c.rng.Float64()*2) - 1
		lp += float64(cut * (x - lp))
		hp = float64(0.9 * (hp + lp - prev))
		prev = lp
		c.s[i] += float64(amp * env(t, attack, decay) * hp)
	}
}

// wav normalises the clip to a peak of 0.95, fades its last 10 ms to silence and encodes it as
// a mono 8-bit PCM WAV file.
func (c *clip) wav() []byte {
	peak := 0.0
	for _, v := range c.s {
		peak = math.Max(peak, math.Abs(v))
	}
	gain := 0.0
	if peak > 0 {
		gain = 0.95 / peak
	}
	fade := SampleRate / 100
	data := make([]byte, len(c.s))
	for i, v := range c.s {
		v *= gain
		if left := len(c.s) - 1 - i; left < fade {
			v *= float64(left) / float64(fade)
		}
		data[i] = byte(128 + math.Round(v*127))
	}
	out := make([]byte, 0, 44+len(data))
	out = append(out, "RIFF"...)
	out = binary.LittleEndian.AppendUint32(out, uint32(36+len(data)))
	out = append(out, "WAVEfmt "...)
	out = binary.LittleEndian.AppendUint32(out, 16)
	out = binary.LittleEndian.AppendUint16(out, 1) // PCM
	out = binary.LittleEndian.AppendUint16(out, 1) // mono
	out = binary.LittleEndian.AppendUint32(out, SampleRate)
	out = binary.LittleEndian.AppendUint32(out, SampleRate) // bytes per second
	out = binary.LittleEndian.AppendUint16(out, 1)          // block align
	out = binary.LittleEndian.AppendUint16(out, 8)          // bits per sample
	out = append(out, "data"...)
	out = binary.LittleEndian.AppendUint32(out, uint32(len(data)))
	return append(out, data...)
}

// Notes (Hz) of the chimes.
const (
	c4, eb4, g4, c5, e5, g5, c6 = 261.63, 311.13, 392.00, 523.25, 659.26, 783.99, 1046.50
)

// synth returns the WAV file of one effect. Every effect is made from a fixed seed, so the
// output is the same on every run (gen_test checks the committed files against it).
func synth(e sounds.Effect) []byte {
	seed := uint64(e) + 1
	var c *clip
	switch e {
	case sounds.Click:
		c = newClip(0.025, seed)
		c.tone(0, 1800, 0.6, 0.001, 0.004)
		c.noise(0, 0.4, 0.0005, 0.003, 0.7)
	case sounds.Deal: // a quick riffle of four cards
		c = newClip(0.22, seed)
		for i := range 4 {
			c.noise(float64(i)*0.045, 1-float64(0.12*float64(i)), 0.002, 0.014, 0.55)
		}
	case sounds.Choose: // a card slid up out of the hand
		c = newClip(0.09, seed)
		c.noise(0, 1, 0.02, 0.02, 0.35)
	case sounds.Flip: // the cards snap over together
		c = newClip(0.12, seed)
		c.noise(0, 1, 0.001, 0.012, 0.8)
		c.noise(0.035, 0.8, 0.001, 0.02, 0.6)
	case sounds.Place: // a card laid on the felt: a soft flick and a small thump
		c = newClip(0.11, seed)
		c.noise(0, 0.8, 0.002, 0.015, 0.5)
		c.thud(0.005, 300, 160, 0.5, 0.03)
	case sounds.TakeLight:
		c = newClip(0.18, seed)
		c.thud(0, 220, 110, 1, 0.045)
		c.noise(0, 0.3, 0.002, 0.03, 0.3)
	case sounds.TakeHeavy:
		c = newClip(0.24, seed)
		c.thud(0, 180, 80, 1, 0.065)
		c.noise(0, 0.35, 0.002, 0.05, 0.25)
	case sounds.TakeHuge:
		c = newClip(0.32, seed)
		c.thud(0, 150, 58, 1, 0.09)
		c.thud(0.06, 120, 50, 0.6, 0.07)
		c.noise(0, 0.4, 0.002, 0.07, 0.2)
	case sounds.RowChoice: // two gentle rising notes: your turn to choose
		c = newClip(0.24, seed)
		c.tone(0, g4, 0.6, 0.01, 0.05, 0.2)
		c.tone(0.09, c5, 0.6, 0.01, 0.06, 0.2)
	case sounds.RoundEnd: // a chime: the triad rolled
		c = newClip(0.38, seed)
		for i, f := range []float64{c5, e5, g5} {
			c.tone(float64(i)*0.05, f, 0.5, 0.005, 0.09, 0.3, 0.1)
		}
	case sounds.Win: // a short rising sting
		c = newClip(0.46, seed)
		for i, f := range []float64{c5, e5, g5, c6} {
			c.tone(float64(i)*0.07, f, 0.5, 0.005, 0.07+float64(0.025*float64(i)), 0.25, 0.08)
		}
	case sounds.Loss: // a soft falling minor
		c = newClip(0.42, seed)
		for i, f := range []float64{g4, eb4, c4} {
			c.tone(float64(i)*0.1, f, 0.55, 0.01, 0.08, 0.35)
		}
	default:
		return nil
	}
	return c.wav()
}
