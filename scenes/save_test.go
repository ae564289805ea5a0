package scenes

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"unicode/utf8"

	"nimmt/scenes/session"
	"nimmt/scenes/ui"
	"nimmt/storage"
)

// unreadable is a storage whose save.json exists but cannot be read.
type unreadable struct{ storage.Memory }

func (u *unreadable) Load(name string) ([]byte, error) {
	if name == ui.SaveFile {
		return nil, errors.New("permission denied")
	}
	return u.Memory.Load(name)
}

// TestDamagedSave checks that each kind of save that cannot be resumed says why on the menu,
// that Continue is not offered, that the file is left as it was and that a new game starts.
func TestDamagedSave(t *testing.T) {
	whole := `{"version":2,"seed":1,"record":{"format":1}}`
	tests := []struct {
		name   string
		save   string
		broken bool // Load fails
		notice string
	}{
		{"empty", "", false, "The saved game is empty; start a new one."},
		{"truncated", whole[:20], false, "The saved game is cut short at byte 20; start a new one."},
		{"garbage", "\x00\x01garbage", false, "The saved game is damaged at byte 1; start a new one."},
		{"not an object", `[1,2]`, false, "The saved game is damaged at byte 1; start a new one."},
		{"unreadable", "", true, "The saved game cannot be read; start a new one."},
		{"future version", `{"version":99,"record":{}}`, false, "The saved game is version 99; this game reads versions 1 to 2."},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var st ui.Storage
			mem := &storage.Memory{}
			if tc.broken {
				u := &unreadable{}
				mem, st = &u.Memory, u
			} else {
				st = mem
			}
			mem.Save(ui.SaveFile, []byte(tc.save))
			g := newTestGame(t, st, "instant")
			g.InjectInput(func(in *ui.Input) {})
			ts := runUntil(t, g, 5, func(ts ui.TestState) bool { return ts.Scene == "menu" })
			if ts.Notice != tc.notice {
				t.Errorf("notice %q, want %q", ts.Notice, tc.notice)
			}
			for _, b := range ts.Buttons {
				if b.ID == "continue" && b.Enabled {
					t.Error("Continue is offered for a save that cannot be resumed")
				}
			}
			if _, err := session.ResumeLocal(g.host); err == nil || session.Notice(err).String() != tc.notice {
				t.Errorf("resumeLocal: %v, want %q", err, tc.notice)
			}
			if b, err := mem.Load(ui.SaveFile); err != nil || string(b) != tc.save {
				t.Errorf("save.json now %q (%v), want it kept as %q", b, err, tc.save)
			}
			tapButton(t, g, "new-game")
			tapButton(t, g, "start")
			runUntil(t, g, 50, func(ts ui.TestState) bool { return ts.Scene == "choose" })
		})
	}
}

// TestSettingsNameCap loads a settings.json whose names are 200,000 letters long: each is cut
// to maxName letters (within engine.MaxPlayerName) as the file is read.
func TestSettingsNameCap(t *testing.T) {
	long := strings.Repeat("ü", 200000)
	mem := &storage.Memory{}
	b, err := json.Marshal(map[string]any{"name": long, "names": []string{"", long}})
	if err != nil {
		t.Fatal(err)
	}
	mem.Save(ui.SettingsFile, b)
	g := newTestGame(t, mem, "instant")
	want := strings.Repeat("ü", ui.MaxName)
	if g.Settings.Name != want || g.Settings.Names[1] != want {
		t.Errorf("names of %d and %d letters kept, want %d", utf8.RuneCountInString(g.Settings.Name), utf8.RuneCountInString(g.Settings.Names[1]), ui.MaxName)
	}
}
