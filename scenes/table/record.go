package table

import (
	"fmt"
	"nimmt/engine"
	"nimmt/msg"
	"nimmt/scenes/session"
	"nimmt/stats"
	"time"
)

// recordGame adds a local game that is over to the statistics. They are this device's person's:
// a game with exactly one person here is recorded for that seat; a hot-seat game with several
// people (whose statistics would they be?) and the rules walkthrough are not recorded.
func (t *Table) recordGame(over engine.GameOver) {
	l, local := t.Sess.(*session.LocalSession)
	if !local || t.Tutorial != nil || t.People() != 1 {
		return
	}
	g := stats.Game{Config: t.Sess.Config(), Totals: over.Totals, Winners: over.Winners, End: time.Now(), Me: -1}
	for s, seat := range t.Sess.Seats() {
		g.Levels = append(g.Levels, seat.Level)
		if seat.Here() {
			g.Me = s
		}
	}
	for _, ev := range t.Sess.EventsFor(g.Me, 0) {
		if r, ok := ev.(engine.RoundScored); ok {
			g.Rounds = append(g.Rounds, r.Penalties)
		}
	}
	g.ID = fmt.Sprintf("local-%x-%d", l.Seed, len(g.Rounds)) // the same game resumed counts once
	if err := t.G.Stats.Record(g); err != nil {
		t.logf(msg.New(msg.LogSaveFailed, err.Error()), -1)
	}
}
