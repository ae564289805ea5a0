//go:build js && wasm && !nimmttest

package webrun

func afterDraw(*wrapper) {}

func afterUpdate(*wrapper) {}
