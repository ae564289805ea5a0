//go:build !js

package assets

import _ "embed" // the text tables

// Lang holds lang/*.json, one text table per language, in the order of their codes. Each file is
// embedded by name (assets_test checks that every lang/*.json is here and nothing else): an
// embed.FS would add its file-system code to the wasm, 3.3 KB gzipped (#13).
var Lang = []Table{{"de", de}, {"en", en}, {"es", es}, {"fr", fr}}

//go:embed lang/de.json
var de []byte

//go:embed lang/en.json
var en []byte

//go:embed lang/es.json
var es []byte

//go:embed lang/fr.json
var fr []byte
