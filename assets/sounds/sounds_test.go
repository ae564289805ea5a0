//go:build !js

package sounds_test

import (
	"encoding/binary"
	"testing"

	"nimmt/assets/sounds"
)

// TestFiles checks that every effect has an embedded file that is a mono 8-bit PCM WAV of a
// length between 10 ms and 1 s, and names that are distinct.
func TestFiles(t *testing.T) {
	seen := map[string]bool{}
	for e := range sounds.NumEffects {
		if seen[e.String()] {
			t.Errorf("%d: name %q twice", e, e)
		}
		seen[e.String()] = true
		b := sounds.WAV(e)
		if len(b) < 44 || string(b[0:4]) != "RIFF" || string(b[8:16]) != "WAVEfmt " || string(b[36:40]) != "data" {
			t.Errorf("%s: not a plain WAV file (%d bytes)", e.File(), len(b))
			continue
		}
		le := binary.LittleEndian
		format, channels, rate, bits := le.Uint16(b[20:]), le.Uint16(b[22:]), le.Uint32(b[24:]), le.Uint16(b[34:])
		if format != 1 || channels != 1 || bits != 8 {
			t.Errorf("%s: format %d, %d channels, %d bits; want PCM mono 8-bit", e.File(), format, channels, bits)
		}
		n := le.Uint32(b[40:])
		if int(n) != len(b)-44 {
			t.Errorf("%s: data chunk of %d bytes in a file of %d", e.File(), n, len(b))
		}
		if secs := float64(n) / float64(rate); secs < 0.01 || secs > 1 {
			t.Errorf("%s: %.3f s long", e.File(), secs)
		}
	}
	if sounds.WAV(sounds.NumEffects) != nil || sounds.WAV(-1) != nil {
		t.Error("WAV of no effect is not nil")
	}
}

// TestTake checks that heavier rows get heavier effects.
func TestTake(t *testing.T) {
	for bh, want := range map[int]sounds.Effect{1: sounds.TakeLight, 5: sounds.TakeLight, 6: sounds.TakeHeavy, 10: sounds.TakeHeavy, 11: sounds.TakeHuge, 27: sounds.TakeHuge} {
		if got := sounds.Take(bh); got != want {
			t.Errorf("Take(%d) = %s, want %s", bh, got, want)
		}
	}
}
