//go:build js && wasm

// Command placeholder is a stand-in game for trying the web harness before the real game exists:
// a green table with one "start" button. It is test data, never the product.
package main

import (
	"image"
	"image/color"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/inpututil"
	"github.com/hajimehoshi/ebiten/v2/vector"

	"nimmt/wasm/webrun"
)

type button struct {
	ID   string          `json:"id"`
	Rect image.Rectangle `json:"rect"`
}

type game struct {
	scene  string
	clicks int
}

func (g *game) button() button { return button{"start", image.Rect(100, 100, 300, 160)} }

func (g *game) Update() error {
	if inpututil.IsMouseButtonJustPressed(ebiten.MouseButtonLeft) {
		x, y := ebiten.CursorPosition()
		if image.Pt(x, y).In(g.button().Rect) {
			g.scene = "table"
			g.clicks++
		}
	}
	return nil
}

func (g *game) Draw(screen *ebiten.Image) {
	screen.Fill(color.RGBA{0x1d, 0x5b, 0x3a, 0xff})
	r := g.button().Rect
	vector.FillRect(screen, float32(r.Min.X), float32(r.Min.Y), float32(r.Dx()), float32(r.Dy()), color.RGBA{0xe8, 0xc3, 0x5a, 0xff}, false)
}

func (g *game) Layout(w, h int) (int, int) { return 800, 600 }

func main() {
	g := &game{scene: "menu"}
	state := func() any {
		return map[string]any{"scene": g.scene, "clicks": g.clicks, "buttons": []button{g.button()}}
	}
	if err := webrun.Run(g, webrun.Options{TestState: state}); err != nil {
		panic(err)
	}
}
