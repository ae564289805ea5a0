package storage_test

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"nimmt/storage"
)

func TestCheckSave(t *testing.T) {
	good := `{"version":2,"seed":7,"record":{"format":"nimmt-record"}}`
	tests := []struct {
		name    string
		data    string
		problem storage.SaveProblem
		msg     string
	}{
		{"empty", "", storage.SaveEmpty, "save.json is empty"},
		{"truncated", good[:30], storage.SaveTruncated, "save.json is cut short at byte 30"},
		{"garbage", "\x00\x01banana", storage.SaveGarbage, "save.json is not a saved game (broken at byte 1)"},
		{"array", "[1,2]", storage.SaveGarbage, "not a JSON object"},
		{"trailing", good + " {}", storage.SaveGarbage, "save.json is not a saved game"},
		{"no version", `{"seed":7}`, storage.SaveGarbage, "no version"},
		{"text version", `{"version":"2"}`, storage.SaveGarbage, "not a whole number"},
		{"future", `{"version":99}`, storage.SaveVersion, "save.json is version 99; this build reads versions 1 to 2"},
		{"zero", `{"version":0}`, storage.SaveVersion, "version 0"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := storage.CheckSave("save.json", []byte(tc.data), 2)
			var se *storage.SaveError
			if !errors.As(err, &se) {
				t.Fatalf("error %v, want a *SaveError", err)
			}
			if se.Problem != tc.problem || !strings.Contains(err.Error(), tc.msg) {
				t.Errorf("problem %d, message %q; want %d, %q", se.Problem, err, tc.problem, tc.msg)
			}
		})
	}
	if v, err := storage.CheckSave("save.json", []byte(good), 2); err != nil || v != 2 {
		t.Errorf("good save: %d, %v", v, err)
	}
}

// unreadable fails every Load as a file that exists but cannot be read.
type unreadable struct{}

func (unreadable) Load(string) ([]byte, error) { return nil, errors.New("permission denied") }

func TestLoadSave(t *testing.T) {
	var m storage.Memory
	if _, _, err := storage.LoadSave(&m, "save.json", 2); !storage.IsNotExist(err) {
		t.Errorf("missing: %v, want not-exist", err)
	}
	_, _, err := storage.LoadSave(unreadable{}, "save.json", 2)
	var se *storage.SaveError
	if !errors.As(err, &se) || se.Problem != storage.SaveUnreadable || !strings.Contains(err.Error(), "save.json cannot be read: permission denied") {
		t.Errorf("unreadable: %v", err)
	}
	m.Save("save.json", []byte(`{"version":1}`))
	if b, v, err := storage.LoadSave(&m, "save.json", 2); err != nil || v != 1 || string(b) != `{"version":1}` {
		t.Errorf("good: %q %d %v", b, v, err)
	}
}

// TestRemoveStale: the temporary files of saves killed half-way are removed once they are older
// than StaleAge; young ones (a save in progress elsewhere) and the saves themselves stay.
func TestRemoveStale(t *testing.T) {
	dir := t.TempDir()
	d := storage.Dir(dir)
	if err := d.Save("save.json", []byte(`{"version":2}`)); err != nil {
		t.Fatal(err)
	}
	old := time.Now().Add(-2 * storage.StaleAge)
	for _, n := range []string{".save.json.123.tmp", ".save.json.456.tmp", ".settings.json.9.tmp"} {
		p := filepath.Join(dir, n)
		if err := os.WriteFile(p, []byte(`{"vers`), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.Chtimes(p, old, old); err != nil {
			t.Fatal(err)
		}
	}
	young := filepath.Join(dir, ".save.json.789.tmp")
	if err := os.WriteFile(young, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	n, err := d.RemoveStale()
	if err != nil || n != 3 {
		t.Fatalf("RemoveStale = %d, %v; want 3 removed", n, err)
	}
	entries, _ := os.ReadDir(dir)
	var left []string
	for _, e := range entries {
		left = append(left, e.Name())
	}
	if strings.Join(left, " ") != ".save.json.789.tmp save.json" {
		t.Errorf("left %v, want the young temporary file and save.json", left)
	}
	if b, err := d.Load("save.json"); err != nil || string(b) != `{"version":2}` {
		t.Errorf("save.json: %q, %v", b, err)
	}
	if n, err := storage.Dir(filepath.Join(dir, "none")).RemoveStale(); n != 0 || err != nil {
		t.Errorf("missing directory: %d, %v", n, err)
	}
}
