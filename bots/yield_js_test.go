//go:build js && wasm

package bots

import (
	"syscall/js"
	"testing"
	"time"
)

// TestYieldToPage checks that a search loop calling yieldToPage lets the JS event loop run (a
// runtime.Gosched loop would not: no JS callback runs until the loop ends).
func TestYieldToPage(t *testing.T) {
	ticks, stop := 0, false
	var cb js.Func
	cb = js.FuncOf(func(js.Value, []js.Value) any {
		ticks++
		if !stop {
			js.Global().Call("setTimeout", cb, 5)
		}
		return nil
	})
	defer func() { stop = true }()
	js.Global().Call("setTimeout", cb, 5)
	start := time.Now()
	x := 0
	for time.Since(start) < 300*time.Millisecond {
		for i := range 1000 {
			x += i
		}
		yieldToPage()
	}
	if ticks < 10 {
		t.Errorf("JS timers ran %d times during a 300 ms search, want ≥ 10 (x=%d)", ticks, x)
	}
}
