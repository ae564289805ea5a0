package session

import (
	"fmt"
	"math/rand/v2"
	"slices"

	"nimmt/engine"
	"nimmt/scenes/ui"
	"nimmt/tutorial"
)

// guidedLevel is the level of the guided game's bots once their script is over: the weakest,
// for a first game.
var guidedLevel = ui.Levels[0]

// NewGuidedSession starts the guided game (package tutorial): its fixed first deal, the person
// at seat tutorial.Person and a bot at every other seat playing its scripted cards first. It is
// saved as any local game (Continue resumes it as a free game). Seed 0 picks one; it deals the
// later rounds.
func NewGuidedSession(g *ui.Host, seed uint64) (*LocalSession, error) {
	if seed == 0 {
		seed = rand.Uint64()
	}
	eg, err := tutorial.NewGame(rand.New(rand.NewPCG(seed, 1)))
	if err != nil {
		return nil, fmt.Errorf("scenes: guided game: %w", err)
	}
	seats := make([]Seat, tutorial.Seats)
	names := make([]string, len(seats))
	bot := 0
	for s := range seats {
		if s == tutorial.Person {
			seats[s] = Seat{Kind: SeatPerson, Name: g.Settings.OwnName()}
		} else {
			seats[s] = Seat{Kind: SeatBot, Name: BotNames[bot].Text(), Level: guidedLevel}
			bot++
		}
		names[s] = seats[s].Name
	}
	eg.SetPlayers(names)
	l, err := attachLocal(g, eg, seats, seed)
	if err != nil {
		return nil, err
	}
	scriptBots(l)
	l.Viewer = tutorial.Person
	l.Save()
	return l, nil
}

// ResumeGuided reports whether the resumed game l is the guided game (its configuration and
// first deal are the guided game's), and if so gives its bots their script again (Bot): a
// guided game continued from the autosave goes on as it began.
func ResumeGuided(l *LocalSession) bool {
	rec := l.Engine.Record()
	if len(rec.Rounds) == 0 || rec.Config != tutorial.Config() || !sameDeal(rec.Rounds[0].Deal, tutorial.Deal()) {
		return false
	}
	scriptBots(l)
	return true
}

// sameDeal reports whether a and b deal the same cards. It compares by hand: reflect.DeepEqual
// would add ~5 KB (gzip) to the wasm (#25).
func sameDeal(a, b engine.Deal) bool {
	return a.Rows == b.Rows && slices.Equal(a.Stacked, b.Stacked) && slices.EqualFunc(a.Hands, b.Hands, slices.Equal)
}

// scriptBots wraps every bot of l in its guided-game script.
func scriptBots(l *LocalSession) {
	for s := range l.bots {
		if b := &l.bots[s]; b.bot != nil {
			b.bot = tutorial.Bot(s, b.bot)
		}
	}
}
