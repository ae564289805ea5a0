//go:build js && wasm

package bots

import (
	"syscall/js"
	"testing"
	"time"
)

// TestYieldToPage checks the property the browser needs, with no wall-clock quota: a JS task
// posted before a yield runs before the search continues, at every yield. (A runtime.Gosched
// loop fails it: no JS callback runs until the Go code blocks.)
func TestYieldToPage(t *testing.T) {
	const yields = 50
	ran := make([]bool, yields)
	for i := range yields {
		var cb js.Func
		cb = js.FuncOf(func(js.Value, []js.Value) any {
			ran[i] = true
			cb.Release()
			return nil
		})
		js.Global().Call("setTimeout", cb, 0)
		lastYield = time.Time{} // the search has run for a slice: this call yields
		yieldToPage()
		if !ran[i] {
			t.Fatalf("yield %d: the task posted before it had not run when the search continued", i+1)
		}
	}
	// Within a slice a call returns at once: the search is not slowed by yielding too often.
	lastYield = time.Now().Add(time.Hour)
	posted := false
	cb := js.FuncOf(func(js.Value, []js.Value) any { posted = true; return nil })
	defer cb.Release()
	js.Global().Call("setTimeout", cb, 0)
	yieldToPage()
	if posted {
		t.Error("a call within the slice yielded")
	}
}
