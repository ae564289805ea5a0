package browsertest

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"slices"
	"testing"

	"github.com/chromedp/chromedp"
)

// untilState waits, by polling the page's test hook, until ok holds for the game's state, and
// returns that state.
func untilState(t *testing.T, ctx context.Context, what, cond string, ok func(gameState) bool) gameState {
	t.Helper()
	c, cancel := context.WithTimeout(ctx, guard)
	defer cancel()
	_, err := chromedp.Run(c, poll[bool]("(() => { const s = JSON.parse(window.nimmtTestState()); return s !== null && ("+cond+"); })()"))
	s := readState(t, ctx)
	if err != nil || !ok(s) {
		screenshot(t, ctx, "lang-"+what)
		t.Fatalf("waiting for %s (%s): %v; last state: %v", what, cond, err, s)
	}
	return s
}

// pressButton presses the control id once it is there, enabled and input is accepted.
func pressButton(t *testing.T, ctx context.Context, id string) {
	t.Helper()
	s := untilState(t, ctx, "button "+id, fmt.Sprintf("s.input && (s.buttons || []).some((b) => b.id === %q && b.enabled)", id),
		func(s gameState) bool { b, ok := s.button(id); return ok && b.Enabled && s.Input })
	b, _ := s.button(id)
	clickRect(t, ctx, s, b.Rect)
}

// langState is the part of the game's state this test reads beyond gameState.
type langState struct {
	Lang    string `json:"lang"`
	Buttons []struct {
		ID    string `json:"id"`
		Label string `json:"label"`
	} `json:"buttons"`
}

func readLang(t *testing.T, ctx context.Context) langState {
	t.Helper()
	var l langState
	testState(t, ctx, &l)
	return l
}

func (l langState) label(id string) string {
	for _, b := range l.Buttons {
		if b.ID == id {
			return b.Label
		}
	}
	return ""
}

// TestGermanTurn switches the game to German on the settings page, by clicks, in a browser
// whose language is English; checks the labels the player then reads and that the choice is
// kept in localStorage; then starts a game and plays one turn on the German table: the card
// clicked leaves the hand and lies in a row once the turn is over. Every wait is on the game's
// state (its test hook) or its update count, never on a clock.
func TestGermanTurn(t *testing.T) {
	enabled(t)
	url := serve(t)
	ctx := browser(t)
	setSettings(t, ctx, url, `{"speed":"instant"}`)
	open(t, ctx, url+"/")

	untilState(t, ctx, "the menu", `s.scene === "menu" && s.input`, func(s gameState) bool { return s.Scene == "menu" })
	if l := readLang(t, ctx); l.Lang != "en" || l.label("new-game") != "New game" {
		t.Fatalf("the browser asks for English: the game shows %q, New game reads %q", l.Lang, l.label("new-game"))
	}
	pressButton(t, ctx, "settings")
	untilState(t, ctx, "the settings", `s.scene === "settings"`, func(s gameState) bool { return s.Scene == "settings" })
	seen := []string{"en"}
	for readLang(t, ctx).Lang != "de" {
		if len(seen) > 4 {
			t.Fatalf("the language button went through %v without German", seen)
		}
		prev := seen[len(seen)-1]
		pressButton(t, ctx, "lang")
		untilState(t, ctx, "the next language", fmt.Sprintf("s.lang !== %q", prev), func(gameState) bool { return readLang(t, ctx).Lang != prev })
		seen = append(seen, readLang(t, ctx).Lang)
	}
	l := readLang(t, ctx)
	for id, want := range map[string]string{"lang": "Deutsch", "back": "Zurück"} {
		if got := l.label(id); got != want {
			t.Errorf("settings in German: %s reads %q, want %q", id, got, want)
		}
	}
	pressButton(t, ctx, "back")
	untilState(t, ctx, "the menu in German", `s.scene === "menu" && s.input`, func(s gameState) bool { return s.Scene == "menu" })
	l = readLang(t, ctx)
	for id, want := range map[string]string{"new-game": "Neues Spiel", "rules": "Spielregeln", "settings": "Einstellungen"} {
		if got := l.label(id); got != want {
			t.Errorf("menu in German: %s reads %q, want %q", id, got, want)
		}
	}
	stored := run(t, ctx, step, chromedp.Evaluate[string](`localStorage.getItem("nimmt/settings.json") || ""`))
	b, err := base64.StdEncoding.DecodeString(stored)
	var st struct {
		Lang string `json:"lang"`
	}
	if err != nil || json.Unmarshal(b, &st) != nil || st.Lang != "de" {
		t.Errorf("localStorage keeps the settings %q (%s): want lang de", stored, b)
	}
	screenshot(t, ctx, "menu-de")

	pressButton(t, ctx, "new-game")
	untilState(t, ctx, "the new game form", `s.scene === "newgame"`, func(s gameState) bool { return s.Scene == "newgame" })
	pressButton(t, ctx, "start")
	s := untilState(t, ctx, "the person's first turn", `s.input && s.decision === "play" && s.chosen === 0 && s.hand.length > 0 && s.hand_rects.length >= s.hand.length`,
		func(s gameState) bool { return s.Decision == "play" && len(s.Hand) > 0 })
	if s.Turn != 1 || s.Round != 1 {
		t.Fatalf("the first turn is round %d turn %d", s.Round, s.Turn)
	}
	i := len(s.Hand) / 2
	card, hand := s.Hand[i], len(s.Hand)
	// A click plays the card (a tap on a touch screen lifts it first: then a second one plays it).
	clickRect(t, ctx, s, s.HandRects[i])
	played := fmt.Sprintf(`s.chosen === %d || !s.hand.includes(%d)`, card, card)
	s = untilState(t, ctx, "the card played or lifted", played+` || (s.buttons || []).some((b) => b.id === "confirm" && b.enabled)`,
		func(gameState) bool { return true })
	if s.Chosen != card && slices.Contains(s.Hand, card) {
		clickRect(t, ctx, s, s.HandRects[i])
	}
	untilState(t, ctx, "the card played", played, func(s gameState) bool { return s.Chosen == card || !slices.Contains(s.Hand, card) })
	s = untilState(t, ctx, "the turn over", `s.input && (s.turn === 2 || s.decision === "row" || s.scene === "score")`,
		func(gameState) bool { return true })
	if s.Decision == "row" && s.Turn == 1 { // the card was lower than every row's: take the cheapest
		clickRect(t, ctx, s, s.RowRects[cheapestRow(s)])
		s = untilState(t, ctx, "the turn over", `s.input && (s.turn === 2 || s.scene === "score")`, func(gameState) bool { return true })
	}
	if slices.Contains(s.Hand, card) || len(s.Hand) != hand-1 {
		t.Errorf("after the turn the hand is %v: card %d played from %d cards", s.Hand, card, hand)
	}
	onTable := 0
	for _, r := range s.Rows {
		onTable += len(r)
	}
	if onTable < 4 || onTable > 20 {
		t.Errorf("%d cards in the rows after the first turn: %v", onTable, s.Rows)
	}
	if l := readLang(t, ctx); l.Lang != "de" {
		t.Errorf("the table is in %q, want de", l.Lang)
	}
	screenshot(t, ctx, "table-de")
}
