//go:build js && wasm

package bots

import (
	"syscall/js"
	"time"
)

// slice is how long a search runs before it gives the browser's only thread back: short enough
// that the page keeps drawing at 60 FPS while an Expert thinks.
const slice = 4 * time.Millisecond

var (
	lastYield time.Time
	port      js.Value        // a MessageChannel's port2: posting to it queues a task
	waiters   []chan struct{} // searches waiting for their task, oldest first
)

// yieldToPage returns the thread to the page when the search has run for a slice. In the browser
// a goroutine that never blocks keeps the page frozen (runtime.Gosched does not return to the
// event loop); blocking until a queued task runs lets the page render a frame first. A
// MessageChannel task has none of setTimeout's 4 ms clamp. Under node (no document) a
// setTimeout(0) task does the same. (A time.Sleep does not: when its timer is already due the Go
// scheduler runs on without returning to the event loop.)
func yieldToPage() {
	if time.Since(lastYield) < slice {
		return
	}
	if !port.Truthy() && js.Global().Get("document").Truthy() {
		mc := js.Global().Get("MessageChannel").New()
		mc.Get("port1").Set("onmessage", js.FuncOf(func(js.Value, []js.Value) any {
			if len(waiters) > 0 {
				close(waiters[0])
				waiters = waiters[1:]
			}
			return nil
		}))
		port = mc.Get("port2")
	}
	if port.Truthy() {
		ch := make(chan struct{})
		waiters = append(waiters, ch)
		port.Call("postMessage", nil)
		<-ch
	} else {
		ch := make(chan struct{})
		var f js.Func
		f = js.FuncOf(func(js.Value, []js.Value) any {
			close(ch)
			f.Release()
			return nil
		})
		js.Global().Call("setTimeout", f, 0)
		<-ch
	}
	lastYield = time.Now()
}
