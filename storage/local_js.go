//go:build js && wasm

package storage

import (
	"encoding/base64"
	"fmt"
	"io/fs"
	"syscall/js"
)

// Local keeps named blobs in the browser's localStorage, under keys prefixed with its prefix.
// The data are stored base64-encoded, since localStorage holds strings only.
type Local struct {
	prefix string
}

// NewLocal returns a Local whose keys start with prefix (e.g. "nimmt/").
func NewLocal(prefix string) *Local {
	return &Local{prefix: prefix}
}

func localStorage() (js.Value, error) {
	// Reading window.localStorage throws in some privacy modes; js.Value.Get panics then.
	var ls js.Value
	var err error
	func() {
		defer func() {
			if r := recover(); r != nil {
				err = fmt.Errorf("storage: localStorage unavailable: %v", r)
			}
		}()
		ls = js.Global().Get("localStorage")
	}()
	if err == nil && !ls.Truthy() {
		err = fmt.Errorf("storage: localStorage unavailable")
	}
	return ls, err
}

// Load returns the data saved under name, or an error wrapping fs.ErrNotExist if there are none.
func (l *Local) Load(name string) ([]byte, error) {
	ls, err := localStorage()
	if err != nil {
		return nil, err
	}
	v := ls.Call("getItem", l.prefix+name)
	if v.IsNull() || v.IsUndefined() {
		return nil, fmt.Errorf("storage: load %s: %w", name, fs.ErrNotExist)
	}
	b, err := base64.StdEncoding.DecodeString(v.String())
	if err != nil {
		return nil, fmt.Errorf("storage: load %s: %w", name, err)
	}
	return b, nil
}

// Save stores data under name, replacing what was there.
func (l *Local) Save(name string, data []byte) (err error) {
	ls, err := localStorage()
	if err != nil {
		return err
	}
	defer func() {
		// setItem throws QuotaExceededError when the storage is full.
		if r := recover(); r != nil {
			err = fmt.Errorf("storage: save %s: %v", name, r)
		}
	}()
	ls.Call("setItem", l.prefix+name, base64.StdEncoding.EncodeToString(data))
	return nil
}
