// Package fonts holds the game's two fonts, embedded: the Go fonts' Regular and Bold (Bigelow &
// Holmes, BSD licence: see README in this folder) without their TrueType hinting, which the
// game's renderer (golang.org/x/image/font/sfnt under etxt) never runs. `make assets` (cmd/assets)
// makes them from golang.org/x/image/font/gofont; fonts_test checks that every glyph's outline
// and metrics are those of the original.
package fonts

import _ "embed" // the fonts

// Regular is Go Regular, a TrueType file.
//
//go:embed go-regular.ttf
var Regular []byte

// Bold is Go Bold, a TrueType file.
//
//go:embed go-bold.ttf
var Bold []byte
