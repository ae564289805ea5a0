//go:build !js

package scenes

import (
	"fmt"
	"image"
	"image/png"
	"os"

	"github.com/hajimehoshi/ebiten/v2"
)

// writePNG encodes device pixels of screen to a PNG file.
func writePNG(screen *ebiten.Image, file string) error {
	b := screen.Bounds()
	img := image.NewRGBA(image.Rect(0, 0, b.Dx(), b.Dy()))
	screen.ReadPixels(img.Pix)
	f, err := os.Create(file)
	if err != nil {
		return fmt.Errorf("scenes: screenshot: %w", err)
	}
	if err := png.Encode(f, img); err != nil {
		f.Close()
		return fmt.Errorf("scenes: screenshot: %w", err)
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("scenes: screenshot: %w", err)
	}
	return nil
}
