// Package cvd measures colours as people see them: the WCAG relative luminance and contrast
// ratio, CIE L*a*b* differences, and how a colour looks with protanopia or deuteranopia (the
// Machado, Oliveira and Fernandes 2009 model at full severity, applied in linear RGB). The
// card tests use it to check that the bullheads stand out and that the penalty levels stay
// apart without colour vision; it is not linked into the game.
package cvd

import (
	"image"
	"image/color"
	"math"
)

// Kind is a type of colour vision deficiency.
type Kind int

const (
	// Protanopia: no long-wavelength (red) cones.
	Protanopia Kind = iota
	// Deuteranopia: no medium-wavelength (green) cones.
	Deuteranopia
)

// String names the kind.
func (k Kind) String() string {
	if k == Protanopia {
		return "protanopia"
	}
	return "deuteranopia"
}

// machado holds the Machado et al. (2009) simulation matrices at severity 1.0, for linear RGB.
var machado = [2][3][3]float64{
	Protanopia: {
		{0.152286, 1.052583, -0.204868},
		{0.114503, 0.786281, 0.099216},
		{-0.003882, -0.048116, 1.051998},
	},
	Deuteranopia: {
		{0.367322, 0.860646, -0.227968},
		{0.280085, 0.672501, 0.047413},
		{-0.011820, 0.042940, 0.968881},
	},
}

// toLinear converts an sRGB channel (0–1) to linear light.
func toLinear(v float64) float64 {
	if v <= 0.04045 {
		return v / 12.92
	}
	return math.Pow((v+0.055)/1.055, 2.4)
}

// toSRGB converts linear light (0–1) to an sRGB channel.
func toSRGB(v float64) float64 {
	v = math.Min(1, math.Max(0, v))
	if v <= 0.0031308 {
		return v * 12.92
	}
	return 1.055*math.Pow(v, 1/2.4) - 0.055
}

// linear returns c's linear RGB, composed over black where it is not opaque (premultiplied).
func linear(c color.Color) [3]float64 {
	r, g, b, _ := c.RGBA()
	return [3]float64{toLinear(float64(r) / 0xffff), toLinear(float64(g) / 0xffff), toLinear(float64(b) / 0xffff)}
}

// SimulateColor returns c as seen with the given deficiency (opaque).
func SimulateColor(c color.Color, k Kind) color.RGBA {
	l := linear(c)
	m := machado[k]
	var out [3]uint8
	for i := range 3 {
		v := m[i][0]*l[0] + m[i][1]*l[1] + m[i][2]*l[2]
		out[i] = uint8(math.Round(toSRGB(v) * 255))
	}
	return color.RGBA{out[0], out[1], out[2], 0xff}
}

// Simulate returns a copy of img as seen with the given deficiency; alpha is kept.
func Simulate(img image.Image, k Kind) *image.RGBA {
	b := img.Bounds()
	out := image.NewRGBA(b)
	cache := map[color.RGBA]color.RGBA{}
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			c := color.RGBAModel.Convert(img.At(x, y)).(color.RGBA)
			s, ok := cache[c]
			if !ok {
				s = SimulateColor(color.RGBA{c.R, c.G, c.B, 0xff}, k)
				cache[c] = s
			}
			s.A = c.A
			out.SetRGBA(x, y, s)
		}
	}
	return out
}

// Luminance returns the WCAG 2 relative luminance of c (0 black … 1 white).
func Luminance(c color.Color) float64 {
	l := linear(c)
	return 0.2126*l[0] + 0.7152*l[1] + 0.0722*l[2]
}

// Contrast returns the WCAG 2 contrast ratio of two colours (1 … 21).
func Contrast(a, b color.Color) float64 { return ContrastL(Luminance(a), Luminance(b)) }

// ContrastL returns the WCAG 2 contrast ratio of two relative luminances.
func ContrastL(la, lb float64) float64 {
	if la < lb {
		la, lb = lb, la
	}
	return (la + 0.05) / (lb + 0.05)
}

// Lab returns c in CIE L*a*b* (D65).
func Lab(c color.Color) (l, a, b float64) {
	v := linear(c)
	x := (0.4124*v[0] + 0.3576*v[1] + 0.1805*v[2]) / 0.95047
	y := 0.2126*v[0] + 0.7152*v[1] + 0.0722*v[2]
	z := (0.0193*v[0] + 0.1192*v[1] + 0.9505*v[2]) / 1.08883
	f := func(t float64) float64 {
		if t > 216.0/24389 {
			return math.Cbrt(t)
		}
		return (24389.0/27*t + 16) / 116
	}
	fx, fy, fz := f(x), f(y), f(z)
	return 116*fy - 16, 500 * (fx - fy), 200 * (fy - fz)
}

// DeltaE returns the CIE76 colour difference of a and b (about 2.3 is just noticeable; over
// 20 reads as different colours at a glance).
func DeltaE(a, b color.Color) float64 {
	l1, a1, b1 := Lab(a)
	l2, a2, b2 := Lab(b)
	return math.Sqrt((l1-l2)*(l1-l2) + (a1-a2)*(a1-a2) + (b1-b2)*(b1-b2))
}
