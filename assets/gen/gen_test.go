package main

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// TestCommitted checks that every generated file in the repository is what the generator makes
// now: run `make assets` after changing the generator and commit the result.
func TestCommitted(t *testing.T) {
	files, err := generate()
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		got, err := os.ReadFile(filepath.Join("..", "..", filepath.FromSlash(f.path)))
		if err != nil {
			t.Errorf("%s: %v (run make assets)", f.path, err)
			continue
		}
		if !bytes.Equal(got, f.data) {
			t.Errorf("%s differs from the generator's output (run make assets)", f.path)
		}
	}
}
