//go:build !js

package scenes

import (
	"math/rand/v2"
	"time"

	"nimmt/client"
	"nimmt/clock"
	"nimmt/engine"
	"nimmt/protocol"
	"nimmt/scenes/session"
	"nimmt/scenes/table"
)

// shotReconnecting prepares the screenshot of an online table whose connection dropped: the
// person's table on a remote session over a canned link, in the middle of the first round, with
// the link reconnecting (attempt 2) and its banner up.
func shotReconnecting(g *Game, seed uint64) (*table.Table, error) {
	return shotRemote(g, seed, time.Time{})
}

// shotTimer prepares the screenshot of an online table with the decision timer running: the
// fourth turn of the first round, Chloé's card (a bot) chosen, Dev away, the person with 23 of
// 60 seconds left and Bruno (back after a lost connection) with 49, on a clock standing still.
func shotTimer(g *Game, seed uint64) (*table.Table, error) {
	now := time.Date(2026, 11, 23, 20, 0, 0, 0, time.UTC)
	g.Clock = stillClock{now}
	return shotRemote(g, seed, now)
}

// shotRemote prepares an online table of the settings' seats (at least 4) over a canned link
// after three turns: reconnecting, or, with a time now, online with the decision timer running
// at that time: 22.6 s left for the person and the people after Dev, 48.6 s for Bruno.
func shotRemote(g *Game, seed uint64, now time.Time) (*table.Table, error) {
	if seed == 0 {
		seed = shotSeed
	}
	n := max(g.Settings.Seats, 4)
	eg, err := engine.NewGame(engine.DefaultConfig(n), rand.New(rand.NewPCG(seed, 1)))
	if err != nil {
		return nil, err
	}
	rng := rand.New(rand.NewPCG(seed, 1))
	for step := 0; eg.Turn() < 4 && step < 100; step++ { // three turns played
		for _, s := range eg.Waiting() {
			if d, ok := eg.Decision(s); !ok || d.Kind == engine.DecidePlay && eg.Chosen(s) {
				continue
			}
			v := eg.View(s)
			if err := eg.Act(s, engine.RandomAction(&v, rng)); err != nil {
				return nil, err
			}
		}
	}
	link := &cannedLink{status: client.LinkStatus{Phase: client.LinkReconnecting, Attempt: 2}}
	seats := make([]protocol.Seat, n)
	for i := range seats {
		seats[i] = protocol.Seat{Name: session.BotNames[i%len(session.BotNames)].Text(), Colour: protocol.Colours[i], Kind: protocol.KindPerson, Connected: true}
	}
	seats[0].Name = g.Settings.Name
	rm := protocol.Room{Code: sampleCode, Settings: protocol.DefaultSettings(n), State: protocol.StatePlaying, Game: 1, Seats: seats}
	if !now.IsZero() {
		link.status = client.LinkStatus{Phase: client.LinkOnline}
		seats[2].Kind, seats[2].Level, seats[3].Away = protocol.KindBot, "expert", true
		if v := eg.View(2); v.Decision != nil {
			if err := eg.Act(2, engine.RandomAction(&v, rng)); err != nil {
				return nil, err
			}
		}
		// The person has 22.6 s left (23 shown); Bruno, back after a lost connection, 48.6.
		mine := now.Add(22*time.Second + 600*time.Millisecond).UnixMilli()
		seats[0].Deadline, seats[1].Deadline, rm.Deadline = mine, mine+26_000, mine
		for i := 4; i < n; i++ {
			seats[i].Deadline = mine
		}
	}
	ms := []protocol.Message{protocol.Welcome{Version: protocol.Version, Code: sampleCode}, rm}
	for i, e := range eg.EventsFor(0, 0) {
		ms = append(ms, protocol.Event{Game: 1, Seq: i, Event: e})
	}
	if err := link.push(ms...); err != nil {
		return nil, err
	}
	s := session.NewRemoteSession(link)
	t := table.NewTableOn(g.host, s, 0)
	t.FastForward()
	return t, nil
}

// stillClock is a clock standing still at its time (screenshots): its timers never fire.
type stillClock struct{ t time.Time }

func (c stillClock) Now() time.Time                              { return c.t }
func (stillClock) AfterFunc(time.Duration, func()) clock.Stopper { return stillTimer{} }

// stillTimer is a timer of stillClock.
type stillTimer struct{}

func (stillTimer) Stop() bool { return true }
