//go:build js

package online

import (
	"fmt"
	"syscall/js"

	"nimmt/msg"
	"nimmt/protocol/accountmsg"
)

// export hands the account's export to the browser as a download.
func (p *Profile) export(d accountmsg.AccountData) (out msg.Message) {
	b, err := exportJSON(d)
	if err != nil {
		return msg.New(msg.Verbatim, err.Error())
	}
	defer func() {
		if r := recover(); r != nil { // the page has no Blob or URL: say so
			out = msg.New(msg.Verbatim, fmt.Sprint("scenes: the download failed: ", r))
		}
	}()
	name := exportName(d.Handle)
	arr := js.Global().Get("Uint8Array").New(len(b))
	js.CopyBytesToJS(arr, b)
	blob := js.Global().Get("Blob").New([]any{arr}, map[string]any{"type": "application/json"})
	url := js.Global().Get("URL").Call("createObjectURL", blob)
	doc := js.Global().Get("document")
	a := doc.Call("createElement", "a")
	a.Set("href", url)
	a.Set("download", name)
	doc.Get("body").Call("appendChild", a)
	a.Call("click")
	a.Call("remove")
	return msg.New(msg.ProfileExported, name)
}
