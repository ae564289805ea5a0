//go:build js

package scenes

import (
	"errors"
	"nimmt/scenes/ui"

	"github.com/hajimehoshi/ebiten/v2"
)

// The web build has no screenshots and no autoplay: they are the desktop's -screenshot and
// -autoplay (shoot.go), and leaving them out keeps their code out of the wasm. Injected input
// (InjectInput) works as everywhere.

var errNoRig = errors.New("scenes: screenshots and autoplay are in the desktop build only")

// shooter is never made in the web build.
type shooter struct {
	_             ui.NoCompare
	capture, done bool
	err           error
}

func newShooter(*Game, string, string) (*shooter, error) { return nil, errNoRig }

func (*shooter) Update() error { return errNoRig }

func (*shooter) Draw(*ebiten.Image) {}

func (*rig) autoplay() error { return errNoRig }
