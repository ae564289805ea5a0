//go:build !js

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
