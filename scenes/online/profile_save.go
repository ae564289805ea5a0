//go:build !js

package online

import (
	"path/filepath"

	"nimmt/storage"
)

// saveFile saves data as the named file of the game's storage and returns where it is: its
// path in the files folder of the desktop and the phones.
func (p *Profile) saveFile(name string, data []byte) (string, error) {
	st := p.g.Opts.Storage
	if st == nil {
		return "", errNoFiles
	}
	if err := st.Save(name, data); err != nil {
		return "", err
	}
	if dir, ok := st.(storage.Dir); ok {
		return filepath.Join(string(dir), name), nil
	}
	return name, nil
}
