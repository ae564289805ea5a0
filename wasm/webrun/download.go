//go:build js && wasm

package webrun

import (
	"errors"
	"syscall/js"
)

// Download hands data to the browser as a file download named name (the profile page's export):
// a Blob behind an object URL, clicked through a link.
func Download(name, mime string, data []byte) error {
	url := js.Global().Get("URL")
	if !url.Get("createObjectURL").Truthy() || !js.Global().Get("Blob").Truthy() {
		return errors.New("webrun: this page cannot download a file (no Blob or URL.createObjectURL)")
	}
	arr := js.Global().Get("Uint8Array").New(len(data))
	js.CopyBytesToJS(arr, data)
	blob := js.Global().Get("Blob").New([]any{arr}, map[string]any{"type": mime})
	doc := js.Global().Get("document")
	a := doc.Call("createElement", "a")
	a.Set("href", url.Call("createObjectURL", blob))
	a.Set("download", name)
	doc.Get("body").Call("appendChild", a)
	a.Call("click")
	a.Call("remove")
	return nil
}
