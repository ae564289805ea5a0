// Package icons holds the game's window icon at the sizes desktops ask for, drawn by
// cmd/assets (`make assets`) and embedded. The web and mobile icons are generated beside their
// projects (wasm/, mobile/android, mobile/ios).
package icons

import (
	"embed"
	"image"
	"image/png"
	"io/fs"
)

//go:embed icon-*.png
var files embed.FS

// Images returns the window icon at every embedded size (16 to 256 pixels), for
// ebiten.SetWindowIcon, which picks the size closest to what the desktop wants.
func Images() ([]image.Image, error) {
	names, err := fs.Glob(files, "icon-*.png")
	if err != nil {
		return nil, err
	}
	var out []image.Image
	for _, n := range names {
		f, err := files.Open(n)
		if err != nil {
			return nil, err
		}
		img, err := png.Decode(f)
		f.Close()
		if err != nil {
			return nil, err
		}
		out = append(out, img)
	}
	return out, nil
}
