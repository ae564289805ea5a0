//go:build !js

package scenes

import (
	"math/rand/v2"

	"nimmt/client"
	"nimmt/engine"
	"nimmt/protocol"
)

// shotReconnecting prepares the screenshot of an online table whose connection dropped: the
// person's table on a remote session over a canned link, in the middle of the first round, with
// the link reconnecting (attempt 2) and its banner up.
func shotReconnecting(g *Game, seed uint64) (*table, error) {
	if seed == 0 {
		seed = shotSeed
	}
	eg, err := engine.NewGame(engine.DefaultConfig(4), rand.New(rand.NewPCG(seed, 1)))
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
	seats := make([]protocol.Seat, 4)
	for i := range seats {
		seats[i] = protocol.Seat{Name: botNames[i].Text(), Colour: protocol.Colours[i], Kind: protocol.KindPerson, Connected: true}
	}
	seats[0].Name = g.settings.Name
	ms := []protocol.Message{protocol.Welcome{Version: protocol.Version, Code: sampleCode},
		protocol.Room{Code: sampleCode, Settings: protocol.DefaultSettings(4), State: protocol.StatePlaying, Game: 1, Seats: seats}}
	for i, e := range eg.EventsFor(0, 0) {
		ms = append(ms, protocol.Event{Game: 1, Seq: i, Event: e})
	}
	if err := link.push(ms...); err != nil {
		return nil, err
	}
	s := newRemoteSession(link)
	t := newTableOn(g, s, 0)
	t.fastForward()
	return t, nil
}
