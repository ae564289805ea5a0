// Package ui is what every scene of the game draws, reads and moves on with, and nothing of any
// one scene: the Kit (kit.go: text renderer, card painter, the shape cache of shapes.go, size
// and scale, the widgets of widgets.go, the way the person plays), the Input of a tick and the
// pointer it is read from (input.go), the text fields (textfield.go: the platform's own; keyboard.go:
// the on-screen keyboard of a touch screen without one), the Env (env.go: Options, the Settings
// and their storage of settings.go, the background saver, sound, statistics, clock and the
// frames' wake of wake.go), the Scene interface with the TestState every scene reports into
// (scene.go), and the Router a scene asks to move on and the Host it is given (router.go).
//
// It imports no other package of the scenes: the scenes import it, and the scene manager
// (package scenes) implements the Router.
package ui
