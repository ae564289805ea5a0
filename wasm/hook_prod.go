//go:build js && wasm && !nimmttest

package main

import "nimmt/scenes"

// testState is nil in the release build: it has no test hook (webrun) to give the state to.
func testState(*scenes.Game) func() any { return nil }
