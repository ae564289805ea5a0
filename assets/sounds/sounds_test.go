//go:build !js

package sounds_test

import (
	"encoding/binary"
	"math"
	"slices"
	"testing"

	"nimmt/assets/sounds"
)

// samples checks that b is a mono 16-bit PCM WAV file at sounds.SampleRate and returns its samples.
func samples(t *testing.T, name string, b []byte) []int16 {
	t.Helper()
	if len(b) < 44 || string(b[0:4]) != "RIFF" || string(b[8:16]) != "WAVEfmt " || string(b[36:40]) != "data" {
		t.Errorf("%s: not a plain WAV file (%d bytes)", name, len(b))
		return nil
	}
	le := binary.LittleEndian
	format, channels, rate, bits := le.Uint16(b[20:]), le.Uint16(b[22:]), le.Uint32(b[24:]), le.Uint16(b[34:])
	if format != 1 || channels != 1 || bits != 16 || rate != sounds.SampleRate {
		t.Errorf("%s: format %d, %d channels, %d bits, %d Hz; want PCM mono 16-bit at %d Hz", name, format, channels, bits, rate, sounds.SampleRate)
		return nil
	}
	n := le.Uint32(b[40:])
	if int(n) != len(b)-44 || n%2 != 0 {
		t.Errorf("%s: data chunk of %d bytes in a file of %d", name, n, len(b))
		return nil
	}
	s := make([]int16, n/2)
	for i := range s {
		s[i] = int16(le.Uint16(b[44+2*i:]))
	}
	return s
}

// level returns a signal's peak and RMS in dBFS.
func level(s []int16) (peak, rms float64) {
	sum := 0.0
	for _, v := range s {
		x := float64(v) / 32768
		peak = math.Max(peak, math.Abs(x))
		sum += x * x
	}
	return 20 * math.Log10(peak), 10 * math.Log10(sum/float64(len(s)))
}

// checkLevel: the file's peak is near full scale without reaching it (nothing clipped) and its
// RMS is in a range that is heard without shouting.
func checkLevel(t *testing.T, name string, s []int16) {
	t.Helper()
	peak, rms := level(s)
	if peak > -0.5 || peak < -3 {
		t.Errorf("%s: peak %.2f dBFS, want -3 to -0.5 (normalised, not clipped)", name, peak)
	}
	if rms < -28 || rms > -9 {
		t.Errorf("%s: RMS %.1f dBFS, want -28 to -9", name, rms)
	}
}

// TestFiles checks that every effect has an embedded file that is a mono 16-bit PCM WAV at
// 22.05 kHz of a length between 30 ms and 2 s, at a sound level, and names that are distinct.
func TestFiles(t *testing.T) {
	seen := map[string]bool{}
	for e := range sounds.NumEffects {
		if seen[e.String()] {
			t.Errorf("%d: name %q twice", e, e)
		}
		seen[e.String()] = true
		s := samples(t, e.File(), sounds.WAV(e))
		if s == nil {
			continue
		}
		if secs := float64(len(s)) / sounds.SampleRate; secs < 0.03 || secs > 2 {
			t.Errorf("%s: %.3f s long", e.File(), secs)
		}
		checkLevel(t, e.File(), s)
		if last := s[len(s)-1]; last != 0 {
			t.Errorf("%s: ends on %d, not silence", e.File(), last)
		}
	}
	if sounds.WAV(sounds.NumEffects) != nil || sounds.WAV(-1) != nil {
		t.Error("WAV of no effect is not nil")
	}
}

// TestMusic checks every theme's file: mono 16-bit at 22.05 kHz, 15 to 40 s, at a sound level,
// and a seamless loop: the step from its last sample to its first is no larger than the 99th
// percentile of the steps between its samples, and so is the change of slope there.
func TestMusic(t *testing.T) {
	for th := range sounds.NumThemes {
		s := samples(t, th.File(), sounds.Music(th))
		if s == nil {
			continue
		}
		if secs := float64(len(s)) / sounds.SampleRate; secs < 15 || secs > 40 {
			t.Errorf("%s: %.1f s long, want 15 to 40", th.File(), secs)
		}
		checkLevel(t, th.File(), s)
		n := len(s)
		at := func(i int) int { return int(s[(i+n)%n]) }
		steps, bends := make([]int, n), make([]int, n)
		for i := range n {
			steps[i] = abs(at(i) - at(i-1))
			bends[i] = abs(at(i+1) - 2*at(i) + at(i-1))
		}
		seamStep, seamBend := steps[0], max(bends[0], bends[n-1])
		slices.Sort(steps)
		slices.Sort(bends)
		if p := steps[n*99/100]; seamStep > p {
			t.Errorf("%s: the loop jumps %d at its seam, more than 99%% of its steps (%d)", th.File(), seamStep, p)
		}
		if p := bends[n*99/100]; seamBend > p {
			t.Errorf("%s: the loop bends %d at its seam, more than 99%% of its samples (%d)", th.File(), seamBend, p)
		}
	}
	if sounds.Music(sounds.NoTheme) != nil || sounds.Music(sounds.NumThemes) != nil {
		t.Error("Music of no theme is not nil")
	}
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// TestTake checks that heavier rows get heavier effects.
func TestTake(t *testing.T) {
	for bh, want := range map[int]sounds.Effect{1: sounds.TakeLight, 5: sounds.TakeLight, 6: sounds.TakeHeavy, 10: sounds.TakeHeavy, 11: sounds.TakeHuge, 27: sounds.TakeHuge} {
		if got := sounds.Take(bh); got != want {
			t.Errorf("Take(%d) = %s, want %s", bh, got, want)
		}
	}
}

// TestPlacement: through a turn of n cards the placements' pitch never falls, starts at Place,
// ends at Place5 (when there are two or more) and uses every step when there are NumPlace cards.
func TestPlacement(t *testing.T) {
	for n := 1; n <= 10; n++ {
		var got []sounds.Effect
		for i := range n {
			got = append(got, sounds.Placement(i, n))
		}
		if !slices.IsSorted(got) || got[0] != sounds.Place || (n > 1 && got[n-1] != sounds.Place5) {
			t.Errorf("%d cards: %v", n, got)
		}
		if n == sounds.NumPlace && !slices.Equal(got, []sounds.Effect{sounds.Place, sounds.Place2, sounds.Place3, sounds.Place4, sounds.Place5}) {
			t.Errorf("%d cards: %v, want every step", n, got)
		}
	}
	if sounds.Placement(12, 4) != sounds.Place5 || sounds.Placement(-1, 4) != sounds.Place {
		t.Error("Placement out of the turn is not clamped")
	}
}
