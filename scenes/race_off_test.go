//go:build !race

package scenes

// raceEnabled is set when the tests are built with -race (see race_on_test.go).
const raceEnabled = false
