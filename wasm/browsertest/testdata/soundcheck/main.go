//go:build js && wasm

// Command soundcheck is the page of TestSound: nimmt/sound's browser Device alone, driven from
// JavaScript through window.nimmtSound.
package main

import (
	"syscall/js"

	"nimmt/assets/sounds"
	"nimmt/sound"
)

func main() {
	p := sound.New(sound.Open())
	api := js.Global().Get("Object").New()
	api.Set("effects", int(sounds.NumEffects))
	api.Set("cue", js.FuncOf(func(_ js.Value, args []js.Value) any {
		p.Cue(sounds.Effect(args[0].Int()))
		return nil
	}))
	api.Set("pause", js.FuncOf(func(_ js.Value, args []js.Value) any {
		p.SetPaused(args[0].Bool())
		return nil
	}))
	api.Set("music", js.FuncOf(func(_ js.Value, args []js.Value) any {
		p.PlayMusic(sounds.Theme(args[0].Int()))
		return nil
	}))
	api.Set("duck", js.FuncOf(func(js.Value, []js.Value) any {
		p.Duck()
		return nil
	}))
	js.Global().Set("nimmtSound", api)
	select {}
}
