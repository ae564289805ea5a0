//go:build js && wasm

// Command wasm is nimmt in the browser: `make web` builds it into build/web/nimmt.wasm beside
// index.html (from this folder) and wasm_exec.js. Settings and the autosave live in localStorage.
package main

import (
	"fmt"
	"os"

	"github.com/hajimehoshi/ebiten/v2"

	"nimmt/scenes"
	"nimmt/storage"
	"nimmt/wasm/webrun"
)

func main() {
	g, err := scenes.NewGame(scenes.Options{Storage: storage.NewLocal("nimmt/")})
	if err != nil {
		fmt.Fprintln(os.Stderr, "nimmt:", err)
		os.Exit(1)
	}
	ebiten.SetScreenClearedEveryFrame(false) // the game skips redrawing a still table
	opts := webrun.Options{
		TestState: func() any { return g.TestState() },
		Suspend:   g.Suspend, // autosave when the tab is hidden or the page is left
	}
	if err := webrun.Run(g, opts); err != nil {
		fmt.Fprintln(os.Stderr, "nimmt:", err)
		os.Exit(1)
	}
}
