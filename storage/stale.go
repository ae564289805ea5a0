package storage

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// StaleAge is how old a temporary file of Save must be before RemoveStale removes it: a Save in
// progress in another instance of the game is never that old.
const StaleAge = time.Minute

// RemoveStale removes the temporary files (".NAME.*.tmp") that a Save interrupted by a crash or
// a kill left in the directory, if they are older than StaleAge; the saved files themselves are
// untouched (Save renames a temporary file over them only once it is complete). The game calls
// it at start. It returns how many files it removed.
func (d Dir) RemoveStale() (int, error) {
	entries, err := os.ReadDir(string(d))
	if err != nil {
		if os.IsNotExist(err) {
			return 0, nil
		}
		return 0, fmt.Errorf("storage: %w", err)
	}
	n := 0
	for _, e := range entries {
		name := e.Name()
		if !e.Type().IsRegular() || !strings.HasPrefix(name, ".") || !strings.HasSuffix(name, ".tmp") {
			continue
		}
		info, err := e.Info()
		if err != nil || time.Since(info.ModTime()) < StaleAge {
			continue
		}
		if err := os.Remove(filepath.Join(string(d), name)); err != nil {
			return n, fmt.Errorf("storage: %w", err)
		}
		n++
	}
	return n, nil
}
