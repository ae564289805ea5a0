package mobile

import (
	"errors"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
)

type fakeGame struct {
	updates, suspends, resumes int
	inGame                     bool
}

func (g *fakeGame) Update() error              { g.updates++; return nil }
func (g *fakeGame) Draw(*ebiten.Image)         {}
func (g *fakeGame) Layout(w, h int) (int, int) { return 2 * w, 2 * h }
func (g *fakeGame) Suspend()                   { g.suspends++ }
func (g *fakeGame) Resume()                    { g.resumes++ }
func (g *fakeGame) Back() bool                 { b := g.inGame; g.inGame = false; return b }

func TestAppMakesTheGameAfterSetFilesDir(t *testing.T) {
	fg := &fakeGame{inGame: true}
	var gotDir, gotLocale string
	a := &app{newGame: func(dir, locale string) (ebiten.Game, error) { gotDir, gotLocale = dir, locale; return fg, nil }}
	if w, h := a.LayoutF(360, 640); w != 360 || h != 640 {
		t.Errorf("LayoutF before the game = %v×%v, want the outside size", w, h)
	}
	if a.back() {
		t.Errorf("Back before the game is made reports it was used")
	}
	a.setDir("/data/user/0/io.nimmt/files")
	a.setLocale("de-AT")
	if err := a.Update(); err != nil {
		t.Fatal(err)
	}
	a.setDir("/elsewhere") // too late: ignored
	a.setLocale("fr-FR")
	if gotDir != "/data/user/0/io.nimmt/files" || gotLocale != "de-AT" || fg.updates != 1 {
		t.Errorf("game made with %q, %q, %d updates", gotDir, gotLocale, fg.updates)
	}
	if w, h := a.LayoutF(360, 640); w != 720 || h != 1280 {
		t.Errorf("LayoutF = %v×%v, want the game's", w, h)
	}

	a.suspend()
	a.Update()
	if fg.suspends != 1 || fg.updates != 1 {
		t.Errorf("suspended: %d suspends, %d updates; want 1, 1 (no update while suspended)", fg.suspends, fg.updates)
	}
	a.resume()
	a.Update()
	if fg.resumes != 1 || fg.updates != 2 {
		t.Errorf("resumed: %d resumes, %d updates; want 1, 2", fg.resumes, fg.updates)
	}

	if !a.back() {
		t.Errorf("Back during a game is not used")
	}
	if a.back() {
		t.Errorf("Back on the menu is used; the app should leave")
	}
}

func TestAppReportsGameErrors(t *testing.T) {
	a := &app{newGame: func(string, string) (ebiten.Game, error) { return nil, errors.New("no fonts") }}
	if err := a.Update(); err == nil {
		t.Fatal("Update hides the constructor's error")
	}
}
