//go:build js && wasm && nimmttest

package main

import "nimmt/scenes"

// testState gives the browser tests' hook (webrun, tag nimmttest) the game's TestState.
func testState(g *scenes.Game) func() any { return func() any { return g.TestState() } }
