package mobile

import (
	"fmt"
	"sync"

	"github.com/hajimehoshi/ebiten/v2"
)

// theApp is the game that init registers with ebiten/mobile.
var theApp = &app{newGame: newGame}

// suspender is what a game does when the app goes to the background: stop and autosave.
type suspender interface {
	Suspend()
	Resume()
}

// backer is what a game does with the Android back button; it reports whether it used it.
type backer interface {
	Back() bool
}

// app wraps the game so that it is made after SetFilesDir, and so that calls from the app's UI
// thread (Suspend, Resume, Back) never run while the game loop is in Update or Draw.
type app struct {
	mu        sync.Mutex
	newGame   func(dir, locale string) (ebiten.Game, error)
	dir       string
	locale    string
	game      ebiten.Game
	suspended bool
}

func (a *app) setDir(dir string) {
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.game == nil {
		a.dir = dir
	}
}

func (a *app) setLocale(tag string) {
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.game == nil {
		a.locale = tag
	}
}

func (a *app) suspend() {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.suspended = true
	if s, ok := a.game.(suspender); ok {
		s.Suspend()
	}
}

func (a *app) resume() {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.suspended = false
	if s, ok := a.game.(suspender); ok {
		s.Resume()
	}
}

func (a *app) back() bool {
	a.mu.Lock()
	defer a.mu.Unlock()
	if b, ok := a.game.(backer); ok {
		return b.Back()
	}
	return false
}

// Update implements ebiten.Game.
func (a *app) Update() error {
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.game == nil {
		g, err := a.newGame(a.dir, a.locale)
		if err != nil {
			return fmt.Errorf("mobile: %w", err)
		}
		a.game = g
	}
	if a.suspended {
		return nil
	}
	return a.game.Update()
}

// Draw implements ebiten.Game.
func (a *app) Draw(screen *ebiten.Image) {
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.game != nil {
		a.game.Draw(screen)
	}
}

// Layout implements ebiten.Game.
func (a *app) Layout(outsideWidth, outsideHeight int) (int, int) {
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.game == nil {
		return outsideWidth, outsideHeight
	}
	return a.game.Layout(outsideWidth, outsideHeight)
}

// LayoutF implements ebiten.LayoutFer, passing it on when the game has it.
func (a *app) LayoutF(outsideWidth, outsideHeight float64) (float64, float64) {
	a.mu.Lock()
	defer a.mu.Unlock()
	switch g := a.game.(type) {
	case nil:
		return outsideWidth, outsideHeight
	case ebiten.LayoutFer:
		return g.LayoutF(outsideWidth, outsideHeight)
	default:
		w, h := g.Layout(int(outsideWidth), int(outsideHeight))
		return float64(w), float64(h)
	}
}
