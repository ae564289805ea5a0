package engine_test

import (
	"os"
	"strconv"
)

func envInt(name string) int {
	n, _ := strconv.Atoi(os.Getenv(name))
	return n
}
