package main

import (
	"bytes"
	"encoding/binary"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// TestCommitted checks that every generated file in the repository is what the generator makes
// now: run `make assets` after changing the generator and commit the result.
func TestCommitted(t *testing.T) {
	files, err := generate()
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		got, err := os.ReadFile(filepath.Join("..", "..", filepath.FromSlash(f.path)))
		if err != nil {
			t.Errorf("%s: %v (run make assets)", f.path, err)
			continue
		}
		if !bytes.Equal(got, f.data) && !(runtime.GOARCH != "amd64" && strings.HasSuffix(f.path, ".wav") && withinTwoSteps(got, f.data)) {
			t.Errorf("%s differs from the generator's output (run make assets)", f.path)
		}
	}
}

// withinTwoSteps reports whether two 16-bit WAV files have the same header and samples that
// differ by at most two steps: what the sounds may differ by on an architecture whose math.Exp,
// math.Sin or fused multiply-adds differ from amd64's in the last bit (synth.go explains; the
// files are made on amd64).
func withinTwoSteps(a, b []byte) bool {
	if len(a) != len(b) || len(a) < 44 || len(a)%2 != 0 || !bytes.Equal(a[:44], b[:44]) {
		return false
	}
	for i := 44; i < len(a); i += 2 {
		d := int(int16(binary.LittleEndian.Uint16(a[i:]))) - int(int16(binary.LittleEndian.Uint16(b[i:])))
		if d < -2 || d > 2 {
			return false
		}
	}
	return true
}

// TestWithinTwoSteps: the tolerance of the sounds on other architectures accepts samples two
// steps off (across zero too) and refuses three steps, a changed header or a changed length.
func TestWithinTwoSteps(t *testing.T) {
	wav := func(head byte, s ...int16) []byte {
		b := bytes.Repeat([]byte{'h'}, 43)
		b = append(b, head)
		for _, v := range s {
			b = binary.LittleEndian.AppendUint16(b, uint16(v))
		}
		return b
	}
	a := wav('h', 10, 1, 32000)
	for _, tc := range []struct {
		b    []byte
		want bool
	}{
		{wav('h', 12, -1, 31998), true},
		{wav('h', 13, 1, 32000), false},
		{wav('h', 10, -2, 32000), false},
		{wav('x', 10, 1, 32000), false},
		{wav('h', 10, 1), false},
	} {
		if got := withinTwoSteps(a, tc.b); got != tc.want {
			t.Errorf("withinTwoSteps(%v) = %v", tc.b[44:], got)
		}
	}
}

// TestAdaptiveIcon: the foreground layer of Android's adaptive icon is 108 dp at every density,
// the card covers its centre, and nothing of it (shadow included) lies outside the 72 dp circle
// that launchers show, so no mask cuts it.
func TestAdaptiveIcon(t *testing.T) {
	for _, n := range []int{108, 162, 216, 324, 432} {
		img := adaptiveForeground(n)
		if _, _, _, a := img.At(n/2, n/2).RGBA(); a != 0xffff {
			t.Errorf("%d px: the centre is not the card (alpha %d)", n, a)
		}
		r := float64(n) * 36 / 108
		for y := range n {
			for x := range n {
				dx, dy := float64(x)+0.5-float64(n)/2, float64(y)+0.5-float64(n)/2
				if _, _, _, a := img.At(x, y).RGBA(); a != 0 && dx*dx+dy*dy > r*r {
					t.Fatalf("%d px: pixel (%d, %d) outside the visible circle", n, x, y)
				}
			}
		}
	}
}
