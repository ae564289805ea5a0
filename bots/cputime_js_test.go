//go:build js && wasm

package bots_test

import (
	"syscall/js"
	"time"
)

// processCPU returns the CPU time (user and system) the JavaScript host's process has used so
// far: node's process.cpuUsage, in microseconds; false in a host without it (a browser).
func processCPU() (time.Duration, bool) {
	proc := js.Global().Get("process")
	if proc.Type() != js.TypeObject || proc.Get("cpuUsage").Type() != js.TypeFunction {
		return 0, false
	}
	u := proc.Call("cpuUsage")
	return time.Duration(u.Get("user").Float()+u.Get("system").Float()) * time.Microsecond, true
}
