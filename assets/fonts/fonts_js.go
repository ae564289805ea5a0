//go:build js

package fonts

import "syscall/js"

// Regular is Go Regular, a TrueType file, as the page fetched it from fonts/go-regular.ttf
// (wasm/index.html: nimmtFonts.regular, a Uint8Array) before it started the game. The page starts
// the game only once both fonts arrived and shows an error otherwise; without them (a page that
// did not fetch them) it is empty, and text.New fails saying so.
var Regular = fetched("regular")

// Bold is Go Bold, a TrueType file, fetched by the page from fonts/go-bold.ttf like Regular.
var Bold = fetched("bold")

// fetched copies nimmtFonts[name] out of the page, or returns nil if it is not a Uint8Array.
func fetched(name string) []byte {
	fs := js.Global().Get("nimmtFonts")
	if fs.Type() != js.TypeObject {
		return nil
	}
	v := fs.Get(name)
	if !v.InstanceOf(js.Global().Get("Uint8Array")) {
		return nil
	}
	b := make([]byte, v.Length())
	js.CopyBytesToGo(b, v)
	return b
}
