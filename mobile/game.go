package mobile

import (
	"github.com/hajimehoshi/ebiten/v2"

	"nimmt/scenes"
	"nimmt/sound"
	"nimmt/storage"
)

// newGame makes the game with its saves in dir (no saves if dir is empty), in the language of
// the device's locale until the settings choose one (English if the app names none).
func newGame(dir, locale string) (ebiten.Game, error) {
	dev := sound.Open()
	opts := scenes.Options{Locale: locale, Sound: sound.New(dev), SoundStatus: dev.Status, IdleFrames: true}
	if dir != "" {
		d := storage.Dir(dir)
		_, _ = d.RemoveStale() // temporary files of a save a crash interrupted
		opts.Storage = d
	}
	// As on the desktop and the web: the game skips redrawing a still table (battery), so the
	// screen must keep its last frame.
	ebiten.SetScreenClearedEveryFrame(false)
	return scenes.NewGame(opts)
}
