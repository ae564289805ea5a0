//go:build js && wasm

package storage_test

import (
	"errors"
	"io/fs"
	"syscall/js"
	"testing"

	"nimmt/storage"
)

// installFakeLocalStorage gives node a localStorage made of a Map, if it has none.
func installFakeLocalStorage(t *testing.T) {
	t.Helper()
	if js.Global().Get("localStorage").Truthy() {
		return
	}
	// Written in JS, not with js.FuncOf: node would call back into Go from inside a Go call.
	js.Global().Get("Function").New(`
		const m = new Map();
		globalThis.localStorage = {
			getItem: (k) => (m.has(k) ? m.get(k) : null),
			setItem: (k, v) => { m.set(k, String(v)); },
		};`).Invoke()
}

func TestLocalRoundTrip(t *testing.T) {
	installFakeLocalStorage(t)
	l := storage.NewLocal("nimmt-test/")
	if _, err := l.Load("nothing"); !errors.Is(err, fs.ErrNotExist) {
		t.Fatalf("Load of a missing name: %v, want fs.ErrNotExist", err)
	}
	data := []byte{0, 1, 2, 0xff, '{', '"', '}'}
	if err := l.Save("save.json", data); err != nil {
		t.Fatal(err)
	}
	got, err := l.Load("save.json")
	if err != nil || string(got) != string(data) {
		t.Fatalf("Load = %q, %v; want %q", got, err, data)
	}
	if err := l.Save("save.json", nil); err != nil {
		t.Fatal(err)
	}
	if got, err := l.Load("save.json"); err != nil || len(got) != 0 {
		t.Fatalf("Load after saving nothing = %q, %v", got, err)
	}
}
