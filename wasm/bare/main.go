// Command bare is the smallest Ebitengine program: the yardstick for the size of the game's wasm
// (scripts/wasm-figures.sh builds both the same way and prints the ratio).
package main

import (
	"image/color"

	"github.com/hajimehoshi/ebiten/v2"
)

type game struct{}

func (game) Update() error              { return nil }
func (game) Draw(screen *ebiten.Image)  { screen.Fill(color.RGBA{0x1d, 0x3b, 0x2a, 0xff}) }
func (game) Layout(w, h int) (int, int) { return w, h }

func main() {
	if err := ebiten.RunGame(game{}); err != nil {
		panic(err)
	}
}
