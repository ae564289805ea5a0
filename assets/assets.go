// Package assets holds the files the game embeds: the text tables in lang/ (one JSON file per
// language, read by nimmt/msg). Each kind of asset has one exported file system here; the
// packages that use them decode them once.
package assets

import "embed"

// Lang holds lang/*.json, one text table per language, named by its language code (en.json).
//
//go:embed lang/*.json
var Lang embed.FS
