package scenes

import "nimmt/scenes/ui"

// The game's options and the platform's hooks are declared in package ui, beside the Env that
// keeps them; these names are the ones the platforms (main.go, wasm, mobile) build a Game with.

// Options configure a Game (ui.Options).
type Options = ui.Options

// Storage keeps the game's small files (ui.Storage).
type Storage = ui.Storage

// TextField is a platform's own text input shown over the canvas (ui.TextField).
type TextField = ui.TextField

// TextFieldTargets is a TextField that also learns where the screen's text fields are
// (ui.TextFieldTargets).
type TextFieldTargets = ui.TextFieldTargets

// Bot, BotFactory and Advisor are the computer players and the hand's advisor Options take
// (ui.Bot, ui.BotFactory, ui.Advisor).
type (
	Bot        = ui.Bot
	BotFactory = ui.BotFactory
	Advisor    = ui.Advisor
)

// TestState is the snapshot of the current scene the tests and the browser hook read
// (ui.TestState).
type TestState = ui.TestState
