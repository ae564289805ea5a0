//go:build !js

package sounds

import "embed"

//go:embed *.wav
var files embed.FS

// WAV returns the embedded WAV file of an effect, or nil for a value that names no effect.
// The web build has no WAV: its page fetches URL instead.
func WAV(e Effect) []byte {
	if e < 0 || e >= NumEffects {
		return nil
	}
	b, err := files.ReadFile(e.File())
	if err != nil {
		return nil // every effect's file is embedded: sounds_test checks it
	}
	return b
}
