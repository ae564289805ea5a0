//go:build race

package scenes

// raceEnabled is set when the tests are built with -race: the race detector's sync.Pool drops
// items at random and its instrumentation allocates, so allocation counts mean nothing there.
const raceEnabled = true
