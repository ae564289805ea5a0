//go:build js

package scenes

import (
	"errors"

	"github.com/hajimehoshi/ebiten/v2"
)

// writePNG is not available in the browser, which has no files to write: the web build leaves the
// PNG encoder (and its decoder, which the encoder's package registers) out of the wasm.
func writePNG(*ebiten.Image, string) error {
	return errors.New("scenes: screenshot: no files in the browser")
}
