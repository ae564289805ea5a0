//go:build js && wasm

// Command wasm is nimmt in the browser: `make web` builds it into build/web/nimmt.wasm beside
// index.html (from this folder) and wasm_exec.js. Settings and the autosave live in localStorage.
package main

import (
	"fmt"
	"os"
	"syscall/js"

	"github.com/hajimehoshi/ebiten/v2"

	"nimmt/msg"
	"nimmt/scenes"
	"nimmt/sound"
	"nimmt/storage"
	"nimmt/wasm/webrun"
)

// steadyFrames, set by -ldflags "-X main.steadyFrames=1", keeps the frames running while nothing
// moves, as before the idle mode: only for measuring what that mode saves (scripts/idle-cpu.sh).
var steadyFrames string

func main() {
	dev := sound.Open() // Web Audio, started by the first tap or key
	// Online play uses the server that serves the page; a ?room=CODE link opens that room.
	g, err := scenes.NewGame(scenes.Options{Storage: storage.NewLocal("nimmt/"), Locale: browserLocale(),
		Sound: sound.New(dev), SoundStatus: dev.Status, TextField: newHTMLField(),
		Server: webrun.Server(), Room: webrun.RoomParam(), Clipboard: webrun.CopyText, Download: webrun.Download, IdleFrames: steadyFrames == "", FrameWake: webrun.FrameWake})
	if err != nil {
		fmt.Fprintln(os.Stderr, "nimmt:", err)
		os.Exit(1)
	}
	ebiten.SetScreenClearedEveryFrame(false) // the game skips redrawing a still table
	opts := webrun.Options{
		TestState: testState(g),
		Suspend:   g.Suspend, // autosave and pause the sound when the tab is hidden or the page is left
		Resume:    g.Resume,
	}
	if steadyFrames == "" {
		opts.Idle = g.Idle
	}
	if err := webrun.Run(g, opts); err != nil {
		fmt.Fprintln(os.Stderr, "nimmt:", err)
		os.Exit(1)
	}
}

// browserLocale returns the language of the browser's preferred languages (navigator.languages,
// best first, then navigator.language) that the game has, as a code; English if none.
func browserLocale() string {
	nav := js.Global().Get("navigator")
	if nav.IsUndefined() {
		return msg.English
	}
	var tags []string
	if ls := nav.Get("languages"); ls.Type() == js.TypeObject {
		for i := range ls.Length() {
			tags = append(tags, ls.Index(i).String())
		}
	}
	if l := nav.Get("language"); l.Type() == js.TypeString {
		tags = append(tags, l.String())
	}
	return msg.MatchAny(tags...)
}
