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
	return file(e.File())
}

// Music returns the embedded WAV file of a theme, or nil for a value that names no theme.
// The web build has no Music: its page fetches Theme.URL instead.
func Music(t Theme) []byte {
	if t < 0 || t >= NumThemes {
		return nil
	}
	return file(t.File())
}

func file(name string) []byte {
	b, err := files.ReadFile(name)
	if err != nil {
		return nil // every effect's and theme's file is embedded: sounds_test checks it
	}
	return b
}
