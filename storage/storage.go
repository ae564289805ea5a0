// Package storage keeps the game's small files (settings, the autosave) on the desktop: one
// directory, files written atomically (a temporary file in the same directory, synced, then
// renamed over the old one), so a crash never leaves half a file.
//
// It satisfies the scenes.Storage interface; the browser and mobile builds supply their own.
package storage

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"
)

// ErrNotExist is wrapped by Load when the file does not exist.
var ErrNotExist = fs.ErrNotExist

// Dir stores files in a directory, created on first save.
type Dir string

// Default returns the directory nimmt in the user's configuration directory
// (os.UserConfigDir, e.g. ~/.config/nimmt on Linux).
func Default() (Dir, error) {
	base, err := os.UserConfigDir()
	if err != nil {
		return "", fmt.Errorf("storage: no configuration directory: %w", err)
	}
	return Dir(filepath.Join(base, "nimmt")), nil
}

func checkName(name string) error {
	if name == "" || strings.ContainsAny(name, `/\`) || name == "." || name == ".." {
		return fmt.Errorf("storage: bad file name %q", name)
	}
	return nil
}

// Load returns the contents of the named file; the error wraps fs.ErrNotExist when it is missing.
func (d Dir) Load(name string) ([]byte, error) {
	if err := checkName(name); err != nil {
		return nil, err
	}
	b, err := os.ReadFile(filepath.Join(string(d), name))
	if err != nil {
		return nil, fmt.Errorf("storage: %w", err)
	}
	return b, nil
}

// Save writes the named file atomically.
func (d Dir) Save(name string, data []byte) (err error) {
	if err := checkName(name); err != nil {
		return err
	}
	if err := os.MkdirAll(string(d), 0o755); err != nil {
		return fmt.Errorf("storage: %w", err)
	}
	f, err := os.CreateTemp(string(d), "."+name+".*.tmp")
	if err != nil {
		return fmt.Errorf("storage: %w", err)
	}
	defer func() {
		if err != nil {
			f.Close()
			os.Remove(f.Name())
		}
	}()
	if _, err = f.Write(data); err != nil {
		return fmt.Errorf("storage: write %s: %w", name, err)
	}
	if err = f.Sync(); err != nil {
		return fmt.Errorf("storage: sync %s: %w", name, err)
	}
	if err = f.Close(); err != nil {
		return fmt.Errorf("storage: close %s: %w", name, err)
	}
	if err = os.Rename(f.Name(), filepath.Join(string(d), name)); err != nil {
		return fmt.Errorf("storage: rename %s: %w", name, err)
	}
	return nil
}

// Memory keeps files in memory; for tests and for platforms without storage.
type Memory struct {
	mu    sync.Mutex
	files map[string][]byte
}

// Load returns a copy of the named file; the error wraps fs.ErrNotExist when it is missing.
func (m *Memory) Load(name string) ([]byte, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	b, ok := m.files[name]
	if !ok {
		return nil, fmt.Errorf("storage: %s: %w", name, fs.ErrNotExist)
	}
	return append([]byte(nil), b...), nil
}

// Save stores a copy of data under name.
func (m *Memory) Save(name string, data []byte) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.files == nil {
		m.files = map[string][]byte{}
	}
	m.files[name] = append([]byte(nil), data...)
	return nil
}

// IsNotExist reports whether err says a file is missing.
func IsNotExist(err error) bool { return errors.Is(err, fs.ErrNotExist) }
