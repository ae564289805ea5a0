package engine_test

import (
	"os"
	"runtime"
	"strconv"
	"testing"
)

func envInt(name string) int {
	n, _ := strconv.Atoi(os.Getenv(name))
	return n
}

// testSize is a randomized test's size: full, short with -short, or the environment variable
// env when it holds a positive number.
func testSize(full, short int, env string) int {
	if n := envInt(env); n > 0 {
		return n
	}
	if testing.Short() {
		return short
	}
	return full
}

// long reports whether the property tests run at their full size: NIMMT_LONG=1, as
// `make test-long` sets it. `make test` runs them at a size that keeps their power (see each
// test), in parallel.
func long() bool { return os.Getenv("NIMMT_LONG") == "1" }

// sized returns full under NIMMT_LONG=1, short with -short, and def otherwise.
func sized(full, def, short int) int {
	switch {
	case long():
		return full
	case testing.Short():
		return short
	}
	return def
}

// endsOnly reports whether a test that plays every seat count plays only the fewest and the most:
// at -short under the race detector (race_on_test.go) or compiled to WebAssembly, whose run
// checks that the same code plays the same games on another platform; the plain native run
// plays every seat count.
func endsOnly() bool {
	return (raceEnabled || runtime.GOOS == "js") && testing.Short() && !long()
}
