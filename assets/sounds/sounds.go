// Package sounds holds the game's sound effects and music: mono 16-bit WAV files at 22.05 kHz
// made by `make assets` (cmd/assets synthesises them; see the Makefile), embedded in the desktop
// and mobile binaries (WAV). The web build does not embed them: scripts/build-web.sh puts them in
// the site's Dir folder and the page's Web Audio fetches and decodes them (URL), which keeps
// them out of the wasm. The player that decodes and plays them is package nimmt/sound.
package sounds

// SampleRate is the rate of every file, effects and music.
const SampleRate = 22050

// Effect names one sound effect.
type Effect int

// The effects, in the order of a game.
const (
	Click      Effect = iota // a short, quiet UI click
	Deal                     // the cards are dealt (a riffle)
	Choose                   // a card chosen from the hand
	Flip                     // the chosen cards turned over together
	Place                    // the first card of a turn laid in a row: the lowest, a low note
	Place2                   // a later card of the turn, a step higher
	Place3                   // a step higher again
	Place4                   // a step higher again
	Place5                   // the last (highest) cards of a turn
	TakeLight                // a row taken with few bullheads (1–5)
	TakeHeavy                // a row taken with more (6–10)
	TakeHuge                 // a row taken with very many (11 or more)
	Moo                      // a bull's moo, after a huge take
	RowChoice                // rule 4: you are asked to choose a row
	RoundEnd                 // the round is scored
	Win                      // you won the game
	Loss                     // you lost the game
	NumEffects               // the number of effects
)

// NumPlace is the number of placement effects, Place to Place5: pitch rising through a turn.
const NumPlace = 5

var names = [NumEffects]string{"click", "deal", "choose", "flip", "place-1", "place-2", "place-3", "place-4", "place-5",
	"take-light", "take-heavy", "take-huge", "moo", "row-choice", "round-end", "win", "loss"}

// String returns the effect's name, which is also its file's name without ".wav".
func (e Effect) String() string {
	if e < 0 || e >= NumEffects {
		return "effect(?)"
	}
	return names[e]
}

// File returns the effect's file name in this folder.
func (e Effect) File() string { return e.String() + ".wav" }

// Dir is the folder of the web site that holds the effects' and the music's files
// (scripts/build-web.sh copies every WAV file of this folder there).
const Dir = "sounds"

// URL returns the effect's file's address relative to the web page: Dir/File.
func (e Effect) URL() string { return Dir + "/" + e.File() }

// Take returns the effect for a row taken with the given number of bullheads: heavier with more.
func Take(bullheads int) Effect {
	switch {
	case bullheads >= 11:
		return TakeHuge
	case bullheads >= 6:
		return TakeHeavy
	}
	return TakeLight
}

// Placement returns the effect of the i-th card (0-based) laid in a turn of n cards, which the
// rules lay lowest first: the pitch rises from Place for the first to Place5 for the last.
func Placement(i, n int) Effect {
	if n < 2 || i <= 0 {
		return Place
	}
	if i >= n-1 {
		return Place5
	}
	return Place + Effect((i*(NumPlace-1)+(n-1)/2)/(n-1))
}

// Theme names one piece of music.
type Theme int

// The themes. NoTheme is silence.
const (
	NoTheme    Theme = iota - 1 // no music
	MenuTheme                   // the menus: short, light
	TableTheme                  // at the table: calm, slow
	NumThemes                   // the number of themes
)

var themeNames = [NumThemes]string{"music-menu", "music-table"}

// String returns the theme's name, which is also its file's name without ".wav".
func (t Theme) String() string {
	if t < 0 || t >= NumThemes {
		return "theme(?)"
	}
	return themeNames[t]
}

// File returns the theme's file name in this folder: a loop, its last sample followed by its first.
func (t Theme) File() string { return t.String() + ".wav" }

// URL returns the theme's file's address relative to the web page: Dir/File.
func (t Theme) URL() string { return Dir + "/" + t.File() }
