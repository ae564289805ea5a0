package scenes

import (
	"encoding/json"
	"strings"
	"testing"

	"nimmt/msg"
	"nimmt/scenes/table"
	"nimmt/scenes/ui"
	"nimmt/storage"
)

// buttonLabel returns the label of the button id on the current scene.
func buttonLabel(t *testing.T, g *Game, id string) string {
	t.Helper()
	ts := g.TestState()
	for _, b := range ts.Buttons {
		if b.ID == id {
			return b.Label
		}
	}
	t.Fatalf("no button %q on scene %s (have %v)", id, ts.Scene, ts.Buttons)
	return ""
}

// TestLanguageSetting: the settings page's Language button cycles through every language by
// its own name; the choice is kept in settings.json and used by the next start, over the
// system's locale; -lang (Options.Lang) overrides it, and an unknown code is an error.
func TestLanguageSetting(t *testing.T) {
	defer func() { _ = msg.SetLang(msg.English) }()
	langs := msg.Langs()
	mem := &storage.Memory{}
	g, err := NewGame(ui.Options{Storage: mem, InlineBots: true})
	if err != nil {
		t.Fatal(err)
	}
	g.LayoutF(390, 844)
	runUntil(t, g, 5, func(ts ui.TestState) bool { return ts.Scene == "menu" })
	tapButton(t, g, "settings")
	for i := range langs {
		next := langs[(i+1)%len(langs)]
		if got := buttonLabel(t, g, "lang"); got != langs[i].Name {
			t.Fatalf("language button shows %q, want %q", got, langs[i].Name)
		}
		tapButton(t, g, "lang")
		if ts := g.TestState(); ts.Lang != next.Code {
			t.Fatalf("after tapping the language button the game shows %q, want %q", ts.Lang, next.Code)
		}
	}
	last := langs[len(langs)-1]
	for msg.Lang() != last.Code {
		tapButton(t, g, "lang")
	}
	tapButton(t, g, "back")
	g.FlushSaves()
	b, err := mem.Load(ui.SettingsFile)
	if err != nil {
		t.Fatal(err)
	}
	var st ui.Settings
	if err := json.Unmarshal(b, &st); err != nil || st.Lang != last.Code {
		t.Fatalf("settings.json keeps the language %q (%v): %s", st.Lang, err, b)
	}
	g2, err := NewGame(ui.Options{Storage: mem, Locale: "en_US.UTF-8"})
	if err != nil {
		t.Fatal(err)
	}
	if ts := g2.TestState(); ts.Lang != last.Code {
		t.Errorf("next start in %q, want the saved %q", ts.Lang, last.Code)
	}
	if _, err := NewGame(ui.Options{Storage: mem, Lang: "zz"}); err == nil || !strings.Contains(err.Error(), `no language "zz"`) {
		t.Errorf("Options.Lang zz: %v", err)
	}
	g3, err := NewGame(ui.Options{Storage: mem, Lang: msg.English})
	if err != nil {
		t.Fatal(err)
	}
	if ts := g3.TestState(); ts.Lang != msg.English {
		t.Errorf("Options.Lang en gives %q", ts.Lang)
	}
}

// TestGermanMenu: with a German system locale and no saved choice the menu and the settings
// page are in German (the labels the player sees), the default name is German, and choosing
// English on the settings page turns the menu English and keeps the choice.
func TestGermanMenu(t *testing.T) {
	defer func() { _ = msg.SetLang(msg.English) }()
	mem := &storage.Memory{}
	g, err := NewGame(ui.Options{Storage: mem, Locale: "de_DE.UTF-8", InlineBots: true})
	if err != nil {
		t.Fatal(err)
	}
	g.LayoutF(390, 844)
	runUntil(t, g, 5, func(ts ui.TestState) bool { return ts.Scene == "menu" })
	for id, want := range map[string]string{"new-game": "Neues Spiel", "continue": "Fortsetzen", "rules": "Spielregeln", "settings": "Einstellungen"} {
		if got := buttonLabel(t, g, id); got != want {
			t.Errorf("menu button %s reads %q, want %q", id, got, want)
		}
	}
	if g.Settings.Name != "Du" {
		t.Errorf("default name %q, want Du", g.Settings.Name)
	}
	tapButton(t, g, "settings")
	if got := buttonLabel(t, g, "lang"); got != "Deutsch" {
		t.Errorf("language button reads %q", got)
	}
	for msg.Lang() != msg.English {
		tapButton(t, g, "lang")
	}
	if got := buttonLabel(t, g, "back"); got != "Back" {
		t.Errorf("after choosing English the back button reads %q", got)
	}
	tapButton(t, g, "back")
	if got := buttonLabel(t, g, "new-game"); got != "New game" {
		t.Errorf("after choosing English the menu reads %q", got)
	}
	if g.Settings.Name != "You" {
		t.Errorf("default name %q after choosing English, want You", g.Settings.Name)
	}
	g.FlushSaves()
	g2, err := NewGame(ui.Options{Storage: mem, Locale: "de_DE.UTF-8"})
	if err != nil {
		t.Fatal(err)
	}
	if ts := g2.TestState(); ts.Lang != msg.English {
		t.Errorf("the saved choice English lost to the German locale: %q", ts.Lang)
	}
}

// TestContinueInAnotherLanguage: a game started in English by a person named by default (with
// another person here, "Player 1") and by a second person here named by default ("Player 3"),
// continued in French, shows and logs them by the French default names ("Joueur 1", "Joueur
// 3"), not "Player 1 ramasse…"; a typed name stays.
func TestContinueInAnotherLanguage(t *testing.T) {
	defer func() { _ = msg.SetLang(msg.English) }()
	for _, typed := range []bool{false, true} {
		mem := &storage.Memory{}
		g := newTestGame(t, mem, "instant")
		if err := g.SetLang(msg.English); err != nil {
			t.Fatal(err)
		}
		g.Settings.Seats = 3
		g.Settings.Levels[1] = ui.LevelPerson
		g.Settings.Names[1] = ""
		if typed {
			g.Settings.Name = "Ann"
		}
		tb, err := table.NewTable(g.host, 99)
		if err != nil {
			t.Fatal(err)
		}
		if tb.Seats[0].Name != map[bool]string{false: "Player 1", true: "Ann"}[typed] || tb.Seats[2].Name != "Player 3" {
			t.Fatalf("the English game's seats are %q and %q", tb.Seats[0].Name, tb.Seats[2].Name)
		}
		g.goTo(tb)
		d := &driver{g: g}
		g.InjectInput(func(in *ui.Input) {
			ts := g.TestState()
			if ts.Handover != "" {
				if r, ok := d.button(&ts, "handover-ready"); ok {
					d.tapRect(in, r)
				}
				return
			}
			d.step(in)
		})
		runUntil(t, g, 20000, func(ts ui.TestState) bool { return ts.Turn >= 3 && ts.Decision == "play" && ts.Input })
		g.FlushSaves()

		g2, err := NewGame(ui.Options{Storage: mem, Speed: "instant", Seed: 7, InlineBots: true, Lang: "fr"})
		if err != nil {
			t.Fatal(err)
		}
		g2.LayoutF(1280, 720)
		fr, err := table.ResumeTable(g2.host)
		if err != nil {
			t.Fatal(err)
		}
		want := "Joueur 1"
		if typed {
			want = "Ann"
		}
		if fr.Seats[0].Name != want || fr.Seats[2].Name != "Joueur 3" {
			t.Errorf("typed %v: the French game's seats are %q and %q, want %q and %q", typed, fr.Seats[0].Name, fr.Seats[2].Name, want, "Joueur 3")
		}
		var log []string
		for _, e := range fr.Log {
			log = append(log, e.M.String())
		}
		all := strings.Join(log, "\n")
		if strings.Contains(all, "You") || strings.Contains(all, "Player ") || !strings.Contains(all, want+" ") {
			t.Errorf("typed %v: the French log names the English defaults or not %q:\n%s", typed, want, all)
		}
		_ = msg.SetLang(msg.English)
	}
}
