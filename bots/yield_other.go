//go:build !(js && wasm)

package bots

// yieldToPage is needed in the browser only (see yield_js.go).
func yieldToPage() {}
