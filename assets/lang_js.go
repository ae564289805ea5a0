//go:build js

package assets

import (
	_ "embed" // the English table
	"sort"
	"syscall/js"
)

// Lang holds the English table, embedded, and the other languages' tables that the page fetched
// from the site's lang/ folder before it started the game (wasm/index.html: the object
// nimmtLang, a code → the file's text), in the order of their codes. A table the page could not
// fetch is missing: the game offers the languages it has. Fetching them keeps ~20 KB (gzip) of
// data out of the wasm (docs/PERFORMANCE.md, "Web").
var Lang = fetched()

//go:embed lang/en.json
var en []byte

func fetched() []Table {
	ts := []Table{{"en", en}}
	got := js.Global().Get("nimmtLang")
	if got.Type() != js.TypeObject {
		return ts
	}
	keys := js.Global().Get("Object").Call("keys", got)
	for i := range keys.Length() {
		code := keys.Index(i).String()
		if v := got.Get(code); code != "en" && v.Type() == js.TypeString {
			ts = append(ts, Table{code, []byte(v.String())})
		}
	}
	sort.Slice(ts, func(i, j int) bool { return ts[i].Code < ts[j].Code })
	return ts
}
