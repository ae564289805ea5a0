package main

import (
	"math"

	"nimmt/assets/sounds"
)

// The music is composed here as a score and rendered by a small sequencer: each bar has a chord
// (held by a pad, its root and fifth played by a bass, its tones picked by a mallet between the
// beats) and a melody on an electric piano over it. Both themes loop: the render runs past the
// loop's end for the notes and the room to ring out, and that tail is added into the start, so
// the last sample leads into the first exactly as the loop would carry on.

// bar is one bar of a theme: its chord (MIDI notes, lowest first), its bass root (MIDI) and its
// melody notes.
type bar struct {
	chord  []float64
	root   float64
	melody []note
	// change, if set, is a second chord from beat 2 (a suspension resolving).
	change []float64
}

// note is a melody note: when (beats from the bar's start), how long (beats) and its pitch (MIDI).
type note struct{ at, dur, n float64 }

// theme is a piece of music: its tempo, its bars (4/4) and how it is played.
type theme struct {
	bpm  float64
	bars []bar
	// arp is the mallet's pattern over each bar: which chord tone (an index; an octave up) on
	// each eighth, -1 for none.
	arp []int
	// levels of the instruments in the mix.
	pad, bass, keys, mallet float64
}

// tail is how long the render runs past the loop's end: the pads' release and the room's decay
// are far below one 16-bit step after it.
const tail = 4.0

// render plays a theme into a clip of exactly its loop's length, the tail wrapped into the start.
func (th theme) render(seed uint64) *clip {
	beat := 60 / th.bpm
	loop := float64(4*len(th.bars)) * beat
	c := newClip(loop+tail, seed)
	for i, b := range th.bars {
		t0 := float64(4*i) * beat
		chordAt := func(at float64) []float64 {
			if b.change != nil && at >= 2 {
				return b.change
			}
			return b.chord
		}
		if b.change == nil {
			for _, n := range b.chord {
				c.pad(t0, hz(n), 4*beat, th.pad)
			}
		} else {
			for _, n := range b.chord {
				c.pad(t0, hz(n), 2*beat, th.pad)
			}
			for _, n := range b.change {
				c.pad(t0+2*beat, hz(n), 2*beat, th.pad)
			}
		}
		c.bass(t0, hz(b.root), 2.3*beat, th.bass)
		c.bass(t0+2.5*beat, hz(b.root+7), 1.2*beat, 0.8*th.bass)
		for k, j := range th.arp {
			at := float64(k) / 2
			if ch := chordAt(at); j >= 0 && j < len(ch) {
				c.mallet(t0+at*beat, hz(ch[j]+12), th.mallet*(1-0.15*float64(k%2)), 0.22)
			}
		}
		for _, m := range b.melody {
			c.keys(t0+m.at*beat, hz(m.n), m.dur*beat*0.92, th.keys, 0.35)
		}
	}
	c.lowPass(4500)
	c.reverb(0.3, 0.78)
	n := int(math.Round(loop * rate))
	for i := n; i < len(c.s); i++ {
		c.s[i-n] += c.s[i]
	}
	c.s = c.s[:n]
	return c
}

// lowPass takes the edge off the highs (one pole at f Hz): the music stays behind the effects.
func (c *clip) lowPass(f float64) {
	a := 1 - math.Exp(-2*math.Pi*f/rate)
	y := 0.0
	for i, x := range c.s {
		y += a * (x - y)
		c.s[i] = y
	}
}

// themes are the scores. The table's theme is slow and sparse, in F major like the placements'
// notes; the menu's is a little brighter, in C major.
var themes = [sounds.NumThemes]theme{
	sounds.MenuTheme: {
		bpm: 100, arp: []int{0, 1, 2, 3, 2, 1, 2, 3},
		pad: 0.11, bass: 0.42, keys: 0.3, mallet: 0.1,
		bars: []bar{
			{chord: []float64{55, 60, 62, 64}, root: 36, melody: []note{{0, 1, 72}, {1, 1, 74}, {2, 2, 76}}},
			{chord: []float64{55, 57, 60, 64}, root: 45, melody: []note{{0, 1.5, 72}, {1.5, 0.5, 69}, {2, 2, 67}}},
			{chord: []float64{53, 57, 60, 64}, root: 41, melody: []note{{0, 1, 69}, {1, 1, 72}, {2, 1.5, 77}, {3.5, 0.5, 76}}},
			{chord: []float64{55, 59, 62, 64}, root: 43, melody: []note{{0, 2, 74}, {2, 1, 71}, {3, 1, 67}}},
			{chord: []float64{55, 60, 64, 67}, root: 36, melody: []note{{0, 1, 72}, {1, 1, 74}, {2, 1, 76}, {3, 1, 79}}},
			{chord: []float64{55, 59, 62, 64}, root: 40, melody: []note{{0, 1.5, 79}, {1.5, 0.5, 76}, {2, 1, 74}, {3, 1, 71}}},
			{chord: []float64{53, 57, 60, 62}, root: 38, melody: []note{{0, 1.5, 72}, {1.5, 0.5, 69}, {2, 1, 72}, {3, 1, 74}}},
			{chord: []float64{53, 55, 60, 62}, root: 43, change: []float64{53, 55, 59, 62}, melody: []note{{0, 2, 74}, {2, 2, 71}}},
		},
	},
	sounds.TableTheme: {
		bpm: 80, arp: []int{-1, 1, -1, 2, -1, 3, -1, 2},
		pad: 0.12, bass: 0.45, keys: 0.3, mallet: 0.09,
		bars: []bar{
			{chord: []float64{53, 57, 60, 64}, root: 41, melody: []note{{0, 1.5, 72}, {1.5, 0.5, 69}, {2, 2, 72}}},
			{chord: []float64{55, 57, 60, 64}, root: 45, melody: []note{{0, 1.5, 76}, {1.5, 0.5, 74}, {2, 1, 72}, {3, 1, 69}}},
			{chord: []float64{53, 57, 58, 62}, root: 46, melody: []note{{0, 1, 70}, {1, 1, 69}, {2, 2, 67}}},
			{chord: []float64{55, 60, 62, 64}, root: 48, melody: []note{{2, 1, 64}, {3, 1, 67}}},
			{chord: []float64{53, 57, 60, 64}, root: 41, melody: []note{{0, 1.5, 72}, {1.5, 0.5, 69}, {2, 1, 72}, {3, 1, 77}}},
			{chord: []float64{53, 57, 60, 62}, root: 38, melody: []note{{0, 2, 76}, {2, 1, 74}, {3, 1, 72}}},
			{chord: []float64{55, 58, 62, 65}, root: 43, melody: []note{{0, 1.5, 74}, {1.5, 0.5, 70}, {2, 1, 69}, {3, 1, 67}}},
			{chord: []float64{53, 55, 58, 60}, root: 36, change: []float64{52, 55, 58, 60}, melody: []note{{0, 2, 67}, {2, 2, 64}}},
		},
	},
}

// music returns the WAV file of a theme: a seamless loop (no fade at its end).
func music(t sounds.Theme) []byte {
	return themes[t].render(uint64(100 + t)).wav(0)
}
