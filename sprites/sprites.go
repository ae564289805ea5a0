// Package sprites draws the game's pictures at device resolution, their shapes filled on the CPU
// (Painter, Raster):
// card faces and backs, the table felt, seat plates, row slots and the danger mark.
//
// Card images are rendered once per card and size into a Cards cache and then drawn with
// DrawImage, so steady-state frames allocate nothing. Each penalty level has its own hue, its own
// lightness and its own pattern, so it reads without colour vision:
// 1 plain · 2 one stripe · 3 two stripes · 5 bold border · 7 bold border and hatching.
package sprites

import (
	"image"
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"nimmt/layout"
)

// Colours used across the game, boxed once so that drawing does not allocate.
var (
	Ink       color.Color = color.RGBA{0x22, 0x1e, 0x1c, 0xff}
	Paper     color.Color = color.RGBA{0xfb, 0xf7, 0xee, 0xff}
	White     color.Color = color.RGBA{0xff, 0xff, 0xff, 0xff}
	Muted     color.Color = color.RGBA{0xc9, 0xd6, 0xcd, 0xff}
	Gold      color.Color = color.RGBA{0xf4, 0xc4, 0x30, 0xff}
	Danger    color.Color = color.RGBA{0xe0, 0x3a, 0x3a, 0xff}
	Good      color.Color = color.RGBA{0x6c, 0xd4, 0x7e, 0xff}
	Felt      color.Color = color.RGBA{0x1b, 0x5a, 0x3a, 0xff}
	FeltLight color.Color = color.RGBA{0x23, 0x6d, 0x47, 0xff}
	FeltDark  color.Color = color.RGBA{0x12, 0x42, 0x2a, 0xff}
	PlateBG   color.Color = color.RGBA{0x0c, 0x2a, 0x1b, 0xd8}
	PlateHi   color.Color = color.RGBA{0x2f, 0x4f, 0x3f, 0xf0}
	ButtonBG  color.Color = color.RGBA{0xf4, 0xec, 0xd8, 0xff}
	ButtonOff color.Color = color.RGBA{0x6a, 0x7a, 0x70, 0xff}
	Shadow    color.Color = color.RGBA{0, 0, 0, 0x50}
	Dim       color.Color = color.RGBA{0, 0, 0, 0xa0}
	SlotLine  color.Color = color.RGBA{0x60, 0x60, 0x60, 0x60}
	Glow      color.Color = color.RGBA{0xff, 0xe0, 0x60, 0xff}
	BackBlue  color.Color = color.RGBA{0x1f, 0x3a, 0x68, 0xff}
	BackLine  color.Color = color.RGBA{0x5d, 0x7f, 0xb8, 0xff}
)

// Level is the look of one penalty level.
type Level struct {
	// Band is the colour of the band across the top.
	Band color.Color
	// Text is the colour of text drawn on the band.
	Text color.Color
	// Stripes is the number of stripes under the band (0, 1 or 2).
	Stripes int
	// Border is set for a bold coloured border.
	Border bool
	// Hatch is set for diagonal hatching on the band.
	Hatch bool
	// Pattern is the colour of the hatching's lines.
	Pattern color.Color
}

// LevelOf returns the look for a card with the given number of bullheads. The bands darken
// as the penalty grows (L* about 93, 79, 58, 45, 23), so that they stay in order and apart
// without colour vision too.
func LevelOf(bullheads int) Level {
	switch bullheads {
	case 7:
		return Level{Band: color.RGBA{0x4b, 0x1e, 0x78, 0xff}, Text: White, Border: true, Hatch: true, Pattern: color.RGBA{0x2c, 0x0f, 0x4e, 0xff}}
	case 5:
		return Level{Band: color.RGBA{0xc8, 0x2b, 0x33, 0xff}, Text: White, Border: true}
	case 3:
		return Level{Band: color.RGBA{0xe2, 0x69, 0x1f, 0xff}, Text: Ink, Stripes: 2}
	case 2:
		return Level{Band: color.RGBA{0xee, 0xbc, 0x2c, 0xff}, Text: Ink, Stripes: 1}
	default:
		return Level{Band: color.RGBA{0xe0, 0xee, 0xf8, 0xff}, Text: Ink}
	}
}

// Direction is the way round an arc goes (Pather.Arc).
type Direction int

const (
	// Clockwise goes round clockwise on screen (y grows down).
	Clockwise Direction = iota
	// CounterClockwise goes round counter-clockwise on screen.
	CounterClockwise
)

// Pather takes an outline: Raster does, for the game's shapes (Painter), the game-over chart
// and the app icon (assets/gen), so that all of them draw the same bullhead.
type Pather interface {
	MoveTo(x, y float32)
	LineTo(x, y float32)
	QuadTo(x1, y1, x2, y2 float32)
	Arc(x, y, radius, startAngle, endAngle float32, dir Direction)
	Close()
}

// BullheadHead adds the outline of a bullhead of size s centred at (cx, cy) to p: a rounded
// shield of a head, two horns and two ears.
func BullheadHead(p Pather, cx, cy, s float32) {
	// Head: a rounded shield.
	p.MoveTo(cx-0.30*s, cy-0.18*s)
	p.QuadTo(cx, cy-0.30*s, cx+0.30*s, cy-0.18*s)
	p.QuadTo(cx+0.32*s, cy+0.30*s, cx, cy+0.46*s)
	p.QuadTo(cx-0.32*s, cy+0.30*s, cx-0.30*s, cy-0.18*s)
	p.Close()
	// Horns.
	p.MoveTo(cx-0.24*s, cy-0.22*s)
	p.QuadTo(cx-0.52*s, cy-0.20*s, cx-0.50*s, cy-0.50*s)
	p.QuadTo(cx-0.40*s, cy-0.30*s, cx-0.16*s, cy-0.28*s)
	p.Close()
	p.MoveTo(cx+0.24*s, cy-0.22*s)
	p.QuadTo(cx+0.52*s, cy-0.20*s, cx+0.50*s, cy-0.50*s)
	p.QuadTo(cx+0.40*s, cy-0.30*s, cx+0.16*s, cy-0.28*s)
	p.Close()
	// Ears.
	p.MoveTo(cx-0.28*s, cy-0.08*s)
	p.LineTo(cx-0.48*s, cy-0.02*s)
	p.LineTo(cx-0.28*s, cy+0.06*s)
	p.Close()
	p.MoveTo(cx+0.28*s, cy-0.08*s)
	p.LineTo(cx+0.48*s, cy-0.02*s)
	p.LineTo(cx+0.28*s, cy+0.06*s)
	p.Close()
}

// BullheadEyes adds the eyes and nostrils of the bullhead BullheadHead outlines to p.
func BullheadEyes(p Pather, cx, cy, s float32) {
	p.Arc(cx-0.12*s, cy, 0.055*s, 0, 2*math.Pi, Clockwise)
	p.Close()
	p.Arc(cx+0.12*s, cy, 0.055*s, 0, 2*math.Pi, Clockwise)
	p.Close()
	p.Arc(cx-0.07*s, cy+0.28*s, 0.04*s, 0, 2*math.Pi, Clockwise)
	p.Close()
	p.Arc(cx+0.07*s, cy+0.28*s, 0.04*s, 0, 2*math.Pi, Clockwise)
	p.Close()
}

// headGrid places n bullheads in box (the card's layout.Face Heads): one or two lines,
// left-aligned from the box's left edge, as large as fit but at most nine tenths of the box's
// height. It returns the icon size and calls at with each icon's centre.
func headGrid(n int, box layout.Rect, at func(cx, cy float64)) (size float64) {
	if n <= 0 {
		return 0
	}
	lines, per := 1, n
	size = math.Min(box.W/float64(n), box.H)
	if p := (n + 1) / 2; n > 1 && math.Min(box.W/float64(p), box.H/2) > size {
		lines, per = 2, p
		size = math.Min(box.W/float64(p), box.H/2)
	}
	size = math.Min(size, box.H*0.9)
	y0 := box.Y + (box.H-float64(lines)*size)/2
	for i := 0; i < n; i++ {
		l, c := i/per, i%per
		at(box.X+size*(float64(c)+0.5), y0+size*(float64(l)+0.5))
	}
	return size
}

// headScale is the drawn size of a bullhead in its headGrid cell: a small gap between heads.
const headScale = 0.94

// DrawFelt fills the table: a green felt with a lighter centre and a darker rim. The
// gradient is computed on a small image and scaled up smoothly, which costs one draw.
func (p *Painter) DrawFelt(dst *ebiten.Image, w, h float32) {
	if p.felt == nil {
		const n = 48
		pix := make([]byte, 4*n*n)
		for y := 0; y < n; y++ {
			for x := 0; x < n; x++ {
				dx, dy := (float64(x)+0.5)/n-0.5, (float64(y)+0.5)/n-0.5
				d := math.Min(1, math.Hypot(dx, dy)/0.7071)
				t := 1 - d*d
				c := lerpColor(FeltDark, FeltLight, t).(color.RGBA)
				i := 4 * (y*n + x)
				pix[i], pix[i+1], pix[i+2], pix[i+3] = c.R, c.G, c.B, 0xff
			}
		}
		p.felt = ebiten.NewImage(n, n)
		p.felt.WritePixels(pix)
	}
	var op ebiten.DrawImageOptions
	op.GeoM.Scale(float64(w)/48, float64(h)/48)
	op.Filter = ebiten.FilterLinear
	dst.DrawImage(p.felt, &op)
}

func lerpColor(a, b color.Color, t float64) color.Color {
	ar, ag, ab, _ := a.RGBA()
	br, bg, bb, _ := b.RGBA()
	l := func(x, y uint32) uint8 { return uint8((float64(x) + (float64(y)-float64(x))*t) / 257) }
	return color.RGBA{l(ar, br), l(ag, bg), l(ab, bb), 0xff}
}

// DrawSlot draws an empty row place: a faint rounded outline.
func (p *Painter) DrawSlot(dst *image.RGBA, x, y, w, h float32) {
	p.StrokeRoundRect(dst, x, y, w, h, w*0.09, float32(math.Max(1, float64(w)*0.025)), SlotLine)
}

// DrawDanger draws the sixth place of a row: a red hatched outline that reads "takes the row".
func (p *Painter) DrawDanger(dst *image.RGBA, x, y, w, h float32, alpha float32) {
	c := color.RGBA{0xe0, 0x3a, 0x3a, uint8(0x90 * alpha)}
	lw := float32(math.Max(1.5, float64(w)*0.03))
	p.StrokeRoundRect(dst, x, y, w, h, w*0.09, lw, c)
	step := w / 4
	p.begin(dst)
	for i := float32(-h); i < w; i += step {
		x0, y0, x1, y1 := x+i, y+h, x+i+h, y
		p.appendClippedLine(x0, y0, x1, y1, x+lw, y+lw, w-2*lw, h-2*lw, lw*0.6)
	}
	p.fill(dst, c)
}
