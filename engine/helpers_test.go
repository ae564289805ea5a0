package engine_test

import (
	"os"
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
