//go:build js

package assets

import "syscall/js"

// Lang holds the text tables that the page fetched from the site's lang/ folder before it
// started the game (wasm/index.html: the object nimmtLang, a code → the file's text), in the
// order of their codes. The page starts the game only once English arrived (the other tables
// fall back to it) and shows an error otherwise; a table it could not fetch is missing, and the
// game offers the languages it has. None is embedded: that keeps ~27 KB (gzip) of data out of the
// wasm (docs/PERFORMANCE.md, "Web").
var Lang = fetched()

func fetched() []Table {
	var ts []Table
	got := js.Global().Get("nimmtLang")
	if got.Type() != js.TypeObject {
		return ts
	}
	keys := js.Global().Get("Object").Call("keys", got)
	for i := range keys.Length() {
		code := keys.Index(i).String()
		if v := got.Get(code); v.Type() == js.TypeString {
			ts = append(ts, Table{code, []byte(v.String())})
		}
	}
	// By code: an insertion sort, as sort.Slice adds ~4 KB (gzip) to the wasm (#13, #25).
	for i := 1; i < len(ts); i++ {
		for j := i; j > 0 && ts[j].Code < ts[j-1].Code; j-- {
			ts[j], ts[j-1] = ts[j-1], ts[j]
		}
	}
	return ts
}
