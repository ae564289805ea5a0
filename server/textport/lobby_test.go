package textport_test

import (
	"context"
	"runtime"
	"strings"
	"testing"
	"time"

	"nimmt/protocol"
	"nimmt/server"
)

// waitListed waits until the lobby's list, as stored, holds tables for which cond holds: a
// room's listing is stored just after the room's change, by another goroutine.
func waitListed(t *testing.T, hub *server.Hub, what string, cond func([]protocol.Table) bool) {
	t.Helper()
	deadline := time.Now().Add(guard) // a guard against hanging, not a quota
	for {
		ts, err := hub.Tables("", 0)
		if err == nil && cond(ts) {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("the list never held %s: %+v, %v", what, ts, err)
		}
		runtime.Gosched()
	}
}

// listed returns the listed table with the code, or nil.
func listed(ts []protocol.Table, code string) *protocol.Table {
	for i := range ts {
		if ts[i].Code == code {
			return &ts[i]
		}
	}
	return nil
}

// On the text port "rooms" lists the public tables (the port's and the game's), "join game as
// COLOUR on NAME" takes a seat at one, "watch NAME" watches one being played without a hand, and
// "play now" seats two people at one quick-match table, which starts once full.
func TestPublicTablesByText(t *testing.T) {
	e := newEnv(t, fastText)
	ann := dialText(t, e.text, "Ann")
	ann.send("name Ann")
	ann.untilHas("you are Ann")
	oak := ann.makeRoom("create game on oak public seats 3")

	set := protocol.DefaultSettings(4)
	set.Public = true
	ws := createWS(t, e.ws, "Wes", set)
	code := ws.st.Code
	private := createWS(t, e.ws, "Pia", protocol.DefaultSettings(4)).st.Code
	waitListed(t, e.hub, "both tables", func(ts []protocol.Table) bool { return listed(ts, oak) != nil && listed(ts, code) != nil })

	bo := dialText(t, e.text, "Bo")
	bo.send("name Bo")
	bo.untilHas("you are Bo")
	bo.send("rooms")
	bo.untilHas("* public tables")
	got := map[string]string{}
	for len(got) < 2 {
		l := bo.untilHas("seat")
		name, _, _ := strings.Cut(strings.TrimPrefix(l, "* "), ":")
		got[name] = l
	}
	if l := got["oak"]; !strings.Contains(l, "oak: basic, waiting for players, 1 of 3 seats: Ann; to 66, 60 s a decision; no bots") {
		t.Errorf("oak listed as %q", l)
	}
	if l := got[strings.ToLower(code)]; !strings.Contains(l, "1 of 4 seats: Wes") {
		t.Errorf("the game's table listed as %q", l)
	}
	for _, l := range bo.all() {
		if strings.Contains(l, private) || strings.Contains(l, strings.ToLower(private)) {
			t.Errorf("a private room is listed: %q", l)
		}
	}
	bo.send("rooms variant nifty")
	bo.untilHas("no public tables")

	bo.send("join game as red on " + strings.ToLower(code))
	bo.untilHas("you sit as red")
	ws.until("Bo at the table", func(protocol.Message) bool { return len(ws.st.Room.Seats) == 2 })

	ann.send("add bot expert to oak")
	ann.send("add bot beginner to oak")
	ann.send("start new game on oak")
	ann.untilHas("| game 1, round 1")
	waitListed(t, e.hub, "oak playing", func(ts []protocol.Table) bool {
		tb := listed(ts, oak)
		return tb != nil && tb.State == protocol.StatePlaying
	})
	cy := dialText(t, e.text, "Cy")
	cy.send("rooms")
	cy.untilHas("oak: basic, playing game 1, 3 of 3 seats: Ann, Expert bot 1 (bot), Beginner bot 2 (bot)")
	cy.send("watch oak")
	cy.untilHas("[oak] | game 1, round 1")
	cy.send("look oak")
	cy.untilHas("[oak] | game 1, round 1")
	for _, l := range cy.all() {
		if strings.Contains(l, "your hand") {
			t.Errorf("the watcher was shown a hand: %q", l)
		}
	}

	dee, eve := dialText(t, e.text, "Dee"), dialText(t, e.text, "Eve")
	dee.send("play now seats 2-2")
	first := codeRe.FindStringSubmatch(dee.untilHas("has the code"))[1]
	dee.untilHas("you sit as")
	eve.send("play now seats 2")
	second := codeRe.FindStringSubmatch(eve.untilHas("has the code"))[1]
	if first != second {
		t.Fatalf("Dee at %s, Eve at %s", first, second)
	}
	eve.untilHas("| game 1, round 1")
	dee.untilHas("| game 1, round 1")
	eve.send("play now seats 9-2")
	eve.untilErr()
}

// Moderation by text: the word list masks, a mute hides a seat's lines, a report is received
// (with a reason of the protocol's, stored with it; another refused), and the host's kick puts
// the person out for good.
func TestModerationByText(t *testing.T) {
	e := newEnv(t, fastText)
	ann, bo := dialText(t, e.text, "Ann"), dialText(t, e.text, "Bo")
	ann.send("name Ann")
	ann.untilHas("you are Ann")
	ann.makeRoom("create game on elm public")
	bo.send("name Bo")
	bo.untilHas("you are Bo")
	bo.send("join game on elm")
	bo.untilHas("you sit as")
	bo.send("say holy shit on elm")
	ann.untilHas("[elm] <Bo> holy ****")
	ann.send("report 2 on elm")
	ann.untilHas("[elm] * report 1 received")
	ann.send("report 2 on elm rude")
	ann.untilHas(`[elm] error: a report's reason is one of spam, insults, other, not "rude"`)
	ann.send("report 2 on elm Spam")
	ann.untilHas("[elm] * report 2 received")
	reps, err := e.store.Reports(context.Background(), 2)
	if err != nil || len(reps) != 2 || !strings.Contains(string(reps[0].Data), `"reason":"spam"`) || strings.Contains(string(reps[1].Data), `"reason":"`) {
		t.Errorf("the reports (%v): %+v", err, reps)
	}
	ann.send("mute 2 on elm")
	ann.untilHas("you muted Bo")
	bo.send("say hello on elm")
	bo.untilHas("[elm] <Bo> hello")
	ann.send("say welcome on elm")
	ann.untilHas("[elm] <Ann> welcome")
	for _, l := range ann.all() {
		if strings.Contains(l, "<Bo> hello") {
			t.Errorf("a muted line reached Ann: %q", l)
		}
	}
	bo.send("kick 1 from elm")
	bo.untilHas("only the host may do this")
	ann.send("kick 2 from elm")
	bo.untilHas("the host kicked you out of this room")
	ann.untilHas("the host kicked Bo out")
	bo.send("join game on elm")
	bo.untilHas("the host kicked you out of this room")
}
