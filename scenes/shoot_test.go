//go:build !js

package scenes

import (
	"path/filepath"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
)

// TestShotLockstep: a screenshot runs in lockstep, one Update and one Draw per frame without
// vsync, and never stops its frames, so two runs of one scene give the same pixels
// (scripts/shots-compare.sh). At 60 ticks a second with vsync the frames each tick got depended
// on the machine's speed, and 31 of the 90 images of `make screenshots` differed run to run.
func TestShotLockstep(t *testing.T) {
	tps, vsync := ebiten.TPS(), ebiten.IsVsyncEnabled()
	t.Cleanup(func() {
		ebiten.SetTPS(tps)
		ebiten.SetVsyncEnabled(vsync)
	})
	// The game's defaults (the test loop runs in lockstep itself).
	ebiten.SetTPS(ebiten.DefaultTPS)
	ebiten.SetVsyncEnabled(true)
	g, err := NewGame(Options{Desktop: true, IdleFrames: true, Scene: "menu", Screenshot: filepath.Join(t.TempDir(), "menu.png")})
	if err != nil {
		t.Fatal(err)
	}
	if got := ebiten.TPS(); got != ebiten.SyncWithFPS {
		t.Errorf("ticks per second %d, want SyncWithFPS (one Update per frame)", got)
	}
	if ebiten.IsVsyncEnabled() {
		t.Error("vsync on: the frames would follow the display")
	}
	if _, ok := g.pacer.(steadyPacer); !ok {
		t.Errorf("pacer %T, want steadyPacer (a screenshot never idles)", g.pacer)
	}
}
