package mobile

import (
	"github.com/hajimehoshi/ebiten/v2"

	"nimmt/scenes"
	"nimmt/storage"
)

// newGame makes the game with its saves in dir (no saves if dir is empty).
func newGame(dir string) (ebiten.Game, error) {
	opts := scenes.Options{}
	if dir != "" {
		opts.Storage = storage.Dir(dir)
	}
	return scenes.NewGame(opts)
}
