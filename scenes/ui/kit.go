package ui

import (
	"github.com/hajimehoshi/ebiten/v2"

	"nimmt/engine"
	"nimmt/layout"
	"nimmt/sprites"
	"nimmt/text"
)

// Kit is what every scene draws and reads input with: the text renderer, the card painter, the
// shape cache, the logical screen size and its scale, the widgets' drawing (widgets.go), and
// the way the person plays (device). The scene manager owns one and keeps its size current.
type Kit struct {
	Txt     *text.Renderer
	Painter sprites.Painter

	W, H  float64 // logical size
	Scale float64 // device pixels per logical pixel

	// Dirty asks for the screen to be drawn again; FrameCount counts the frames (pulsing marks).
	Dirty      bool
	FrameCount int

	// Device is how the person last played: a pointer with hover, touch or keys (controls.go).
	Device Device

	Shapes  map[shapeKey]*ebiten.Image
	shapeOp ebiten.DrawImageOptions
	// sliceVerts, sliceIdx and sliceOp draw a stretched shape in nine pieces (drawShape).
	sliceVerts []ebiten.Vertex
	sliceIdx   []uint32
	sliceOp    ebiten.DrawTrianglesOptions
	// pixel is one white pixel that fillRect scales and tints with rectOp.
	pixel  *ebiten.Image
	rectOp ebiten.DrawImageOptions
	// CardSpy, when set (tests), is told every card drawn, whether its face shows and where.
	CardSpy func(c engine.Card, face bool, r layout.Rect)
}
