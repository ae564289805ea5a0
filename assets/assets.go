// Package assets holds the files the game embeds: the text tables in lang/ (one JSON file per
// language, read by nimmt/msg). The browser build embeds none: it takes the tables from the page,
// which fetches them from the site's lang/ folder (lang_js.go). Each kind of asset has one
// exported handle here; the packages that use them decode them once.
package assets

// Table is one language's text table: the file lang/CODE.json.
type Table struct {
	Code string // the language code, e.g. "en"
	JSON []byte // the file's contents
}
