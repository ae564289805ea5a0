// Package sounds holds the game's sound effects: short mono 8-bit WAV files made by
// `make assets` (cmd/assets synthesises them; see the Makefile), embedded in the desktop and
// mobile binaries (WAV). The web build does not embed them: scripts/build-web.sh puts them in
// the site's Dir folder and the page's Web Audio fetches and decodes them (URL), which keeps
// them out of the wasm. The player that decodes and plays them is package nimmt/sound.
package sounds

// Effect names one sound effect.
type Effect int

// The effects, in the order of a game.
const (
	Click      Effect = iota // a short, quiet UI click
	Deal                     // the cards are dealt (a short riffle)
	Choose                   // a card chosen from the hand
	Flip                     // the chosen cards turned over together
	Place                    // one card laid in a row
	TakeLight                // a row taken with few bullheads (1–5)
	TakeHeavy                // a row taken with more (6–10)
	TakeHuge                 // a row taken with very many (11 or more)
	RowChoice                // rule 4: you are asked to choose a row
	RoundEnd                 // the round is scored
	Win                      // you won the game
	Loss                     // you lost the game
	NumEffects               // the number of effects
)

var names = [NumEffects]string{"click", "deal", "choose", "flip", "place", "take-light", "take-heavy", "take-huge", "row-choice", "round-end", "win", "loss"}

// String returns the effect's name, which is also its file's name without ".wav".
func (e Effect) String() string {
	if e < 0 || e >= NumEffects {
		return "effect(?)"
	}
	return names[e]
}

// File returns the effect's file name in this folder.
func (e Effect) File() string { return e.String() + ".wav" }

// Dir is the folder of the web site that holds the effects' files (scripts/build-web.sh).
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
