package scenes

import (
	"slices"
	"strings"
	"testing"

	"nimmt/bots"
	"nimmt/engine"
	"nimmt/msg"
	"nimmt/scenes/menu"
	"nimmt/scenes/session"
	"nimmt/scenes/ui"
	"nimmt/storage"
)

// refusedBot answers every decision with a card no deck holds: the rules refuse it.
type refusedBot struct{}

func (refusedBot) Decide(*engine.View) engine.Action { return engine.PlayCard(engine.DeckSize + 1) }

// TestBotRefusedIsReported: a bot answer the rules refuse is answered by the bots' one-step
// player instead, and the refusal comes back from Update (the table logs it), not dropped.
func TestBotRefusedIsReported(t *testing.T) {
	g, err := NewGame(ui.Options{Storage: &storage.Memory{}, Speed: "instant", Seed: 3, InlineBots: true,
		Bots: func(string, uint64) (ui.Bot, error) { return refusedBot{}, nil }})
	if err != nil {
		t.Fatal(err)
	}
	seats := []session.Seat{{Kind: session.SeatPerson, Name: "Ann"}, {Kind: session.SeatBot, Name: "Bo", Level: "expert"}}
	l, err := session.NewLocalSession(g.host, engine.DefaultConfig(2), seats, 5)
	if err != nil {
		t.Fatal(err)
	}
	var refused error
	for i := 0; i < 1000 && refused == nil; i++ {
		_, refused = l.Update(true)
	}
	if refused == nil || !strings.Contains(refused.Error(), "seat 2") || !strings.Contains(refused.Error(), "engine:") {
		t.Fatalf("refused = %v, want the bot's refusal at seat 2", refused)
	}
	if !l.Engine.Chosen(1) {
		t.Error("the fallback did not play the bot's card")
	}
}

// TestLevelsAreTheBots: the levels offered (new-game form, room, plates) are the bots package's,
// each with its name and its meaning in the language files.
func TestLevelsAreTheBots(t *testing.T) {
	if !slices.Equal(ui.Levels, bots.Levels()) {
		t.Fatalf("Levels %v, the bots offer %v", ui.Levels, bots.Levels())
	}
	var ids []string
	for _, c := range menu.LocalChoices {
		ids = append(ids, c.ID)
	}
	if want := append(bots.Levels(), ui.LevelPerson); !slices.Equal(ids, want) {
		t.Errorf("the form offers %v, want %v", ids, want)
	}
	for _, l := range bots.Levels() {
		for _, key := range []string{"level." + l, "form.means_" + l} {
			if _, ok := msg.ByName(key); !ok {
				t.Errorf("level %s has no text %q", l, key)
			}
		}
	}
}
