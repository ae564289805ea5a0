package main

import (
	"encoding/binary"
	"math"
	"math/rand/v2"

	"nimmt/assets/sounds"
)

// rate is the sample rate of every generated sound (sounds.SampleRate): 22.05 kHz, enough for the
// cards' flicks and the mallets' overtones; Ebitengine resamples the files once when the game
// decodes them, the browser as it decodes them.
const rate = sounds.SampleRate

// The synthesis is plain float64 arithmetic from fixed seeds, so the files are the same on every
// run. The Go spec lets a compiler fuse x*y+z into one FMA instruction (arm64 does; amd64 does
// not), and math.Exp and math.Sin have their own assembly on some architectures that may differ in
// the last bit: gen_test compares the files exactly on amd64 (where they are made) and within two
// steps of the 16-bit samples elsewhere.

// clip is a mono signal being synthesised, in about [-1, 1] before normalisation.
type clip struct {
	s   []float64
	rng *rand.Rand
}

func newClip(seconds float64, seed uint64) *clip {
	return &clip{s: make([]float64, int(seconds*rate)), rng: rand.New(rand.NewPCG(seed, 0x6e696d6d74))}
}

// span returns the sample range [i0, i1) of a sound starting at t0 lasting dur seconds, cut to the clip.
func (c *clip) span(t0, dur float64) (int, int) {
	i0, i1 := int(math.Round(t0*rate)), int(math.Round((t0+dur)*rate))
	return max(i0, 0), min(i1, len(c.s))
}

// hz returns the frequency of a MIDI note number (69 is A4, 440 Hz).
func hz(note float64) float64 { return 440 * math.Pow(2, (note-69)/12) }

// env is a percussive envelope: a linear attack of a seconds, then an exponential decay with
// time constant d.
func env(t, a, d float64) float64 {
	if t < 0 {
		return 0
	}
	if t < a {
		return t / a
	}
	return math.Exp(-(t - a) / d)
}

// soft is a held note's envelope: a smooth (raised-cosine) attack of a seconds, held to dur, then
// a smooth release of r seconds. It is 0 outside [0, dur+r].
func soft(t, dur, a, r float64) float64 {
	switch {
	case t < 0 || t > dur+r:
		return 0
	case t < a:
		return 0.5 - 0.5*math.Cos(math.Pi*t/a)
	case t < dur:
		return 1
	}
	return 0.5 + 0.5*math.Cos(math.Pi*(t-dur)/r)
}

// svf is a state-variable filter (Chamberlin): low-pass, band-pass and high-pass at once.
type svf struct{ low, band float64 }

// step filters one sample at cut-off f (Hz) and damping q (about 1/Q; smaller rings more) and
// returns the low-, band- and high-pass outputs.
func (s *svf) step(x, f, q float64) (low, band, high float64) {
	g := 2 * math.Sin(math.Pi*math.Min(f, rate/6)/rate)
	s.low += g * s.band
	high = x - s.low - q*s.band
	s.band += g * high
	return s.low, s.band, high
}

// mallet adds a struck bar (a marimba's partials: 1, 3.93 and 9.2 times the pitch, the upper
// ones dying faster) at t0: the placements, the chimes and the music's off-beats.
func (c *clip) mallet(t0, f, amp, decay float64) {
	c.partial(t0, f, amp, 0.002, decay)
	c.partial(t0, 3.93*f, 0.3*amp, 0.001, decay/4)
	c.partial(t0, 9.2*f, 0.08*amp, 0.0005, decay/12)
}

// partial adds a sine at t0 with a linear attack of a seconds and an exponential decay with time
// constant d (env), for 8 time constants (-70 dB); the decay is a product per sample, not an
// exponential each.
func (c *clip) partial(t0, f, amp, a, d float64) {
	i0, i1 := c.span(t0, a+8*d)
	k := math.Exp(-1 / (d * rate))
	g := 1.0
	for i := i0; i < i1; i++ {
		t := float64(i)/rate - t0
		e := g
		if t < a {
			e = t / a
		} else {
			g *= k
		}
		c.s[i] += amp * e * math.Sin(2*math.Pi*f*t)
	}
}

// bell adds a soft FM bell: a sine modulated at 3.5 times its pitch by an index that decays, so
// the attack shimmers and the tail is pure.
func (c *clip) bell(t0, f, amp, decay float64) {
	i0, i1 := c.span(t0, decay*7)
	for i := i0; i < i1; i++ {
		t := float64(i)/rate - t0
		idx := 2.2 * math.Exp(-t/(decay/3))
		c.s[i] += amp * env(t, 0.003, decay) * math.Sin(2*math.Pi*f*t+idx*math.Sin(2*math.Pi*3.5*f*t))
	}
}

// keys adds an electric piano's note (FM at ratio 1, the index falling from bright to mellow),
// held for dur seconds with a release of r.
func (c *clip) keys(t0, f, dur, amp, r float64) {
	i0, i1 := c.span(t0, dur+r)
	for i := i0; i < i1; i++ {
		t := float64(i)/rate - t0
		idx := 0.25 + 1.1*math.Exp(-t/0.25)
		v := math.Sin(2*math.Pi*f*t + idx*math.Sin(2*math.Pi*f*t))
		v += 0.15 * math.Sin(2*math.Pi*2*f*t) * math.Exp(-t/0.4)
		c.s[i] += amp * soft(t, dur, 0.006, r) * math.Exp(-t/2.5) * v
	}
}

// pad adds a held, slowly swelling chord tone: a few harmonics falling off steeply, played by
// two voices detuned by a few cents, so the tone breathes without moving. Each voice's phase turns
// as a rotating unit vector (one complex product a sample instead of a sine).
func (c *clip) pad(t0, f, dur, amp float64) {
	const a, r = 0.9, 1.4
	i0, i1 := c.span(t0, dur+r)
	type voice struct{ s, c, ws, wc float64 }
	var vs [2]voice
	for j, det := range [2]float64{1.0025, 0.9975} {
		start := 2*math.Pi*f*det*(float64(i0)/rate-t0) + float64(j) // the second voice starts a radian on
		vs[j].s, vs[j].c = math.Sincos(start)
		vs[j].ws, vs[j].wc = math.Sincos(2 * math.Pi * f * det / rate)
	}
	for i := i0; i < i1; i++ {
		t := float64(i)/rate - t0
		v := 0.0
		for j := range vs {
			p := &vs[j]
			v += harmonics(p.s, p.c)
			p.s, p.c = p.s*p.wc+p.c*p.ws, p.c*p.wc-p.s*p.ws
		}
		c.s[i] += amp * 0.5 * soft(t, dur, a, r) * v
	}
}

// harmonics returns the pad's tone at the phase whose sine and cosine are s1 and c: its first
// five harmonics at weights 1/h², sin(h·x) by sin((h+1)x) = 2cos(x)sin(hx) - sin((h-1)x).
func harmonics(s1, c float64) float64 {
	prev, cur, v := 0.0, s1, s1
	for h := 2; h <= 5; h++ {
		prev, cur = cur, 2*c*cur-prev
		v += cur / float64(h*h)
	}
	return v
}

// bass adds a round plucked bass note: a sine with a little of its octave and twelfth.
func (c *clip) bass(t0, f, dur, amp float64) {
	i0, i1 := c.span(t0, dur+0.15)
	for i := i0; i < i1; i++ {
		t := float64(i)/rate - t0
		v := math.Sin(2*math.Pi*f*t) + 0.25*math.Sin(4*math.Pi*f*t)*math.Exp(-t/0.3) + 0.08*math.Sin(6*math.Pi*f*t)*math.Exp(-t/0.15)
		c.s[i] += amp * soft(t, dur, 0.012, 0.15) * (0.45 + 0.55*math.Exp(-t/0.9)) * v
	}
}

// thud adds a low sine whose pitch falls from f0 to f1: a weight landing on felt.
func (c *clip) thud(t0, f0, f1, amp, decay float64) {
	phase := 0.0
	i0, i1 := c.span(t0, decay*8)
	for i := i0; i < i1; i++ {
		t := float64(i)/rate - t0
		f := f1 + (f0-f1)*math.Exp(-t/0.04)
		phase += 2 * math.Pi * f / rate
		c.s[i] += amp * env(t, 0.003, decay) * math.Sin(phase)
	}
}

// noise adds a burst of noise through a band-pass at f (Hz) with damping q: a card's flick
// (high f), a slide over felt (lower), a row swept up (low and long).
func (c *clip) noise(t0, amp, attack, decay, f, q float64) {
	var flt svf
	i0, i1 := c.span(t0, attack+decay*8)
	for i := i0; i < i1; i++ {
		t := float64(i)/rate - t0
		_, band, _ := flt.step(c.rng.Float64()*2-1, f, q)
		c.s[i] += amp * env(t, attack, decay) * band
	}
}

// sweep adds noise whose band glides from f0 to f1 over dur seconds with a soft envelope: a card
// slid out of the hand, a row's cards gathered.
func (c *clip) sweep(t0, dur, amp, f0, f1 float64) {
	var flt svf
	i0, i1 := c.span(t0, dur)
	for i := i0; i < i1; i++ {
		t := float64(i)/rate - t0
		f := f0 * math.Pow(f1/f0, t/dur)
		_, band, _ := flt.step(c.rng.Float64()*2-1, f, 0.7)
		c.s[i] += amp * math.Sin(math.Pi*t/dur) * band
	}
}

// moo adds a bull's moo at t0 lasting dur seconds: a band-limited sawtooth at a low pitch that
// swells, wavers (vibrato) and falls, through formant filters that open from a hummed "m" to an
// "oo" and close again.
func (c *clip) moo(t0, dur, amp float64) {
	var f1, f2, f3, nasal svf
	phase := 0.0
	i0, i1 := c.span(t0, dur)
	for i := i0; i < i1; i++ {
		t := float64(i)/rate - t0
		x := t / dur
		pitch := 150*math.Exp(-0.45*x) + 28*math.Sin(math.Pi*math.Min(x*3, 1)) // rises a little, then falls
		pitch *= 1 + 0.018*math.Sin(2*math.Pi*5.2*t)*math.Min(t/0.3, 1)
		phase += 2 * math.Pi * pitch / rate
		saw := 0.0
		for k := 1; float64(k)*pitch < 3000; k++ {
			// the top harmonics fade in and out as the pitch moves, so none starts with a click
			saw += math.Min(1, (3000-float64(k)*pitch)/600) * math.Sin(float64(k)*phase) / float64(k)
		}
		open := math.Sin(math.Pi * math.Min(x*1.6, 1) / 2) // the mouth opens over the first part
		if x > 0.75 {
			open *= 1 - (x-0.75)/0.25*0.6
		}
		_, b1, _ := f1.step(saw, 260+190*open, 0.25)
		_, b2, _ := f2.step(saw, 600+320*open, 0.3)
		_, b3, _ := f3.step(saw, 2400, 0.4)
		low, _, _ := nasal.step(saw, 320, 0.6)
		v := (1-open)*0.8*low + open*(b1+0.55*b2+0.08*b3)
		c.s[i] += amp * soft(t, dur-0.35, 0.18, 0.35) * v
	}
}

// reverb adds a small room (Schroeder: four combs in parallel, two all-passes in series) at mix.
// It is linear and the same at every sample, so a loop's tail wrapped into its start is exactly
// what the previous time round would have left ringing.
func (c *clip) reverb(mix, feedback float64) {
	combs := []int{1116, 1188, 1277, 1356}
	out := make([]float64, len(c.s))
	for _, d := range combs {
		d = d * rate / 44100
		buf := make([]float64, d)
		lp := 0.0
		for i, x := range c.s {
			y := buf[i%d]
			lp = 0.7*y + 0.3*lp // damping: the highs die first
			buf[i%d] = x + feedback*lp
			out[i] += y / 4
		}
	}
	for _, d := range []int{556, 441} {
		d = d * rate / 44100
		buf := make([]float64, d)
		for i, x := range out {
			y := buf[i%d]
			buf[i%d] = x + 0.5*y
			out[i] = y - 0.5*buf[i%d]
		}
	}
	for i := range c.s {
		c.s[i] += mix * out[i]
	}
}

// peak is the level every file is normalised to: -1 dBFS, so nothing clips.
const peak = 0.89

// wav normalises the clip to peak, fades its last fade seconds to silence (0 for a loop) and
// encodes it as a mono 16-bit PCM WAV file.
func (c *clip) wav(fade float64) []byte {
	top := 0.0
	for _, v := range c.s {
		top = math.Max(top, math.Abs(v))
	}
	gain := 0.0
	if top > 0 {
		gain = peak / top
	}
	nf := int(fade * rate)
	data := make([]byte, 0, 2*len(c.s))
	for i, v := range c.s {
		v *= gain
		if left := len(c.s) - 1 - i; left < nf {
			v *= float64(left) / float64(nf)
		}
		data = binary.LittleEndian.AppendUint16(data, uint16(int16(math.Round(v*32767))))
	}
	out := make([]byte, 0, 44+len(data))
	out = append(out, "RIFF"...)
	out = binary.LittleEndian.AppendUint32(out, uint32(36+len(data)))
	out = append(out, "WAVEfmt "...)
	out = binary.LittleEndian.AppendUint32(out, 16)
	out = binary.LittleEndian.AppendUint16(out, 1) // PCM
	out = binary.LittleEndian.AppendUint16(out, 1) // mono
	out = binary.LittleEndian.AppendUint32(out, rate)
	out = binary.LittleEndian.AppendUint32(out, 2*rate) // bytes per second
	out = binary.LittleEndian.AppendUint16(out, 2)      // block align
	out = binary.LittleEndian.AppendUint16(out, 16)     // bits per sample
	out = append(out, "data"...)
	out = binary.LittleEndian.AppendUint32(out, uint32(len(data)))
	return append(out, data...)
}
