//go:build race

package engine_test

// raceEnabled is set when the tests are built with -race (make test-race). The engine starts no
// goroutine and shares nothing between games; what the race detector can find in its tests is
// state that parallel subtests share, which every game of a subtest touches from its first
// action on. So under -race the variant property test plays the fewest and the most seats of
// each variant, not every seat count in between (see TestVariantProperties).
const raceEnabled = true
