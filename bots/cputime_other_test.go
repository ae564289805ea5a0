//go:build !unix && !(js && wasm)

package bots_test

import "time"

// processCPU reports that this platform's benchmarks measure the wall clock only.
func processCPU() (time.Duration, bool) { return 0, false }
