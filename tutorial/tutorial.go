// Package tutorial is the guided game: a first game of the basic rules on the real engine in
// which the person's own moves teach rules 1–4, one coaching line at a time, and which then goes
// on as a free game.
//
// The guided game has four seats: the person (seat 0, Person) and three bots. Its first round is
// a fixed deal (Deal) in which the bots play scripted cards for the first three turns (Bot) and
// the person is coached (Coach) through
//
//  1. rules 1 and 2: the 45 goes after the 43, the row end closest below it (not the 37);
//  2. rule 3: the 48 of a bot makes a row of five; the person's 50 is its sixth card and takes
//     the five (6 bullheads), and the 50 starts the row;
//  3. rule 4: the person's 5 is lower than every row: the person chooses a row to take, and is
//     told to take the cheapest (1 bullhead, where the dearest would cost 4) and why.
//
// From the fourth turn on the game is free: the bots decide as bots do, later rounds are dealt
// at random, the game ends as any game does.
//
// # How the table uses it
//
// The table plays the guided game as a local game whose engine game is NewGame(rng) (the fixed
// deal replayed from Record, so the autosave and Continue work as for any game), Seats seats
// with the person at seat Person, and each bot seat's player wrapped by Bot(seat, player). Then, with one Coach made by New:
//
//   - every event the person's seat sees, in order, goes to Coach.Observe (a table restored from
//     a save feeds it every event from the start: the coach is a function of the events);
//   - Coach.Line is the one coaching line to show on the table (a msg.Message: it follows the
//     language), none once Coach.Free; a hint after a refused move replaces it until the next
//     step;
//   - before the person's action reaches the session, Coach.Allow(view, action) decides: false
//     means the move is not this lesson's — the table does not send it, keeps the card in the
//     hand (or the row choice open) and shows the hint. Mouse, touch and keyboard all end in the
//     same action, so one check serves them all;
//   - Coach.Expected names the card to play or the row to take, for the table to point at (the
//     lifted card's glow, the row's highlight);
//   - the menu offers the guided game to a first-time player (msg.TutorialOffer) and always under
//     msg.MenuTutorial.
package tutorial

import (
	"fmt"
	"math/rand/v2"

	"nimmt/engine"
)

// Seats is the number of seats of the guided game; Person is the person's seat, the others are
// bots.
const (
	Seats  = 4
	Person = 0
)

// startRows are the four row cards of the fixed deal.
var startRows = [engine.NumRows]engine.Card{12, 37, 43, 58}

// hands are the fixed deal's hands, lowest first: the person's, then the three bots'.
var hands = [Seats][]engine.Card{
	{5, 24, 29, 45, 50, 64, 73, 81, 92, 97},
	{2, 18, 27, 46, 48, 53, 61, 70, 84, 101},
	{8, 15, 31, 39, 47, 60, 68, 76, 89, 103},
	{13, 14, 20, 34, 51, 57, 72, 79, 94, 100},
}

// script is each scripted turn's card of every seat, the person's (the lesson's card) first.
// Turn 1: 13, 45, 46, 47 (45 after 43). Turn 2: 14, 48 (the fifth card of the 43 row), 50 (the
// sixth: takes 43 45 46 47 48), 60. Turn 3: 5 (too low: the person takes the 37, the cheapest
// row), 15, 51, 61.
var script = [...][Seats]engine.Card{
	{45, 46, 47, 13},
	{50, 48, 60, 14},
	{5, 61, 15, 51},
}

// ScriptedTurns is the number of turns of the first round whose cards are scripted.
const ScriptedTurns = len(script)

// Config returns the guided game's configuration: the basic game for Seats seats.
func Config() engine.Config { return engine.DefaultConfig(Seats) }

// Deal returns the guided game's first deal (a copy).
func Deal() engine.Deal {
	d := engine.Deal{Rows: startRows, Hands: make([][]engine.Card, Seats)}
	for s := range hands {
		d.Hands[s] = append([]engine.Card(nil), hands[s]...)
	}
	return d
}

// Record returns the record of the guided game before its first move: its configuration and the
// fixed first deal.
func Record() *engine.Record {
	return &engine.Record{Format: engine.RecordFormat, Version: engine.RecordVersion, Config: Config(),
		Rounds: []engine.RoundRecord{{Deal: Deal()}}}
}

// NewGame starts the guided game on the engine: the first round is the fixed deal, later rounds
// are dealt with rng.
func NewGame(rng *rand.Rand) (*engine.Game, error) {
	g, err := engine.Replay(Record(), rng)
	if err != nil {
		return nil, fmt.Errorf("tutorial: %w", err)
	}
	return g, nil
}

// Player decides for a seat from its view (the shape of the table's bots).
type Player interface {
	Decide(v *engine.View) engine.Action
}

// Bot returns the player of bot seat seat in the guided game: its scripted card in the scripted
// turns of the first round, next's decisions everywhere else (and should the scripted card not
// be in its hand, which the fixed deal rules out).
func Bot(seat int, next Player) Player { return scripted{seat: seat, next: next} }

type scripted struct {
	// Not comparable: no equality code in the wasm (#25).
	_    [0]func()
	seat int
	next Player
}

// Decide implements Player.
func (b scripted) Decide(v *engine.View) engine.Action {
	if c, ok := scriptedCard(v, b.seat); ok {
		return engine.PlayCard(c)
	}
	return b.next.Decide(v)
}

// scriptedCard returns seat's scripted card for the view's decision, if there is one.
func scriptedCard(v *engine.View, seat int) (engine.Card, bool) {
	if v.Round != 1 || v.Turn < 1 || v.Turn > len(script) || seat < 0 || seat >= Seats ||
		v.Decision == nil || v.Decision.Kind != engine.DecidePlay {
		return 0, false
	}
	c := script[v.Turn-1][seat]
	for _, h := range v.Hand {
		if h == c {
			return c, true
		}
	}
	return 0, false
}
