// Package fonts holds the game's two fonts: the Go fonts' Regular and Bold (Bigelow & Holmes, BSD
// licence: see README in this folder) without their TrueType hinting, which the game's renderer
// (golang.org/x/image/font/sfnt under etxt) never runs. `make assets` (cmd/assets) makes them from
// golang.org/x/image/font/gofont; fonts_test checks that every glyph's outline and metrics are
// those of the original.
//
// Desktop and mobile builds embed them (fonts_embed.go). The browser build does not: the page
// fetches fonts/go-regular.ttf and fonts/go-bold.ttf from the site before it starts the game, and
// fonts_js.go takes the bytes from it (docs/PERFORMANCE.md, "Web").
package fonts
