package storage

import (
	"os"
	"path/filepath"
	"testing"
)

func TestDir(t *testing.T) {
	d := Dir(filepath.Join(t.TempDir(), "sub"))
	if _, err := d.Load("a.json"); !IsNotExist(err) {
		t.Fatalf("missing file: %v", err)
	}
	for _, s := range []string{"one", "two, longer", "3"} {
		if err := d.Save("a.json", []byte(s)); err != nil {
			t.Fatal(err)
		}
		b, err := d.Load("a.json")
		if err != nil || string(b) != s {
			t.Fatalf("Load = %q, %v; want %q", b, err, s)
		}
	}
	ents, _ := os.ReadDir(string(d))
	if len(ents) != 1 {
		t.Fatalf("left %d files behind", len(ents))
	}
	for _, bad := range []string{"", "../x", "a/b", ".."} {
		if err := d.Save(bad, nil); err == nil {
			t.Errorf("Save(%q) accepted", bad)
		}
	}
}

func TestMemory(t *testing.T) {
	var m Memory
	if _, err := m.Load("x"); !IsNotExist(err) {
		t.Fatal(err)
	}
	m.Save("x", []byte("hi"))
	if b, _ := m.Load("x"); string(b) != "hi" {
		t.Fatal(string(b))
	}
}
