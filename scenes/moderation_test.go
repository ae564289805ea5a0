package scenes

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"nimmt/client"
	"nimmt/client/clienttest"
	"nimmt/protocol"
	"nimmt/scenes/online"
	"nimmt/server"
	"nimmt/server/servertest"
)

// TestRoomModeration: in a room Ann made on a real server, with Bo and Cy seated, Ann reports
// Bo's chat line from the room screen (the seat's "…", Report, a reason), and the report is in
// the server's store with Bo's line and the reason; she kicks Cy, whose seat goes to a bot and
// whose connection is refused; she mutes Bo, and the mute holds after her connection drops.
func TestRoomModeration(t *testing.T) {
	srv := servertest.New(t, publicOpts, server.HTTPOptions{Rate: 1e9})
	og, p := newPublicGame(t, srv, "Ann")
	d := &clienttest.Dialer{To: srv.Dial}
	og.dial.Dialer = d.Dial
	link := og.dialLink(srv.URL(), "", protocol.Create{Version: protocol.Version, Settings: clienttest.Settings(), Name: "Ann"})
	r := online.NewRoom(og.host, &og.dial, link, srv.URL(), false)
	t.Cleanup(link.Close)
	og.cur = r
	og.until(t, p, "the room", func() bool { return r.Opened && r.State().Code != "" })
	code := r.State().Code
	bo := clienttest.Open(t, srv, code, protocol.Join{Name: "Bo"}, "Bo", 2)
	bo.Must("Bo's seat", func() bool { return bo.L.State().Token != "" })
	cy := clienttest.Open(t, srv, code, protocol.Join{Name: "Cy"}, "Cy", 3)
	cy.Must("Cy's seat", func() bool { return cy.L.State().Token != "" })
	bo.L.Send(protocol.Say{Text: "buy cheap chips"})
	og.until(t, p, "Bo's line", func() bool {
		return slices.ContainsFunc(link.State().Chat, func(c protocol.Chat) bool { return c.Name == "Bo" && !c.System })
	})
	if og.has("mod-0") || !og.has("mod-1") || !og.has("mod-2") {
		t.Fatalf("the seats' moderation buttons: %s", labels(og))
	}

	// heard waits for the n-th system line that starts with what.
	heard := func(what string, n int) {
		t.Helper()
		og.until(t, p, what, func() bool {
			k := 0
			for _, c := range link.State().Chat {
				if c.System && strings.HasPrefix(c.Text, what) {
					k++
				}
			}
			return k >= n
		})
	}
	og.Tap(t, "mod-1")
	og.Tap(t, "report")
	if !strings.Contains(og.TestState().Online.Status, "Bo") {
		t.Errorf("the status line while the reasons show: %q", og.TestState().Online.Status)
	}
	og.Tap(t, "reason-spam")
	heard("report ", 1)
	reps, err := srv.Reports(1)
	if err != nil || len(reps) != 1 || reps[0].Room != code {
		t.Fatalf("reports %+v, %v", reps, err)
	}
	var rep struct {
		Reason   string
		Reported struct{ Name string }
		Lines    []protocol.Chat
	}
	if err := json.Unmarshal(reps[0].Data, &rep); err != nil || rep.Reason != "spam" || rep.Reported.Name != "Bo" ||
		!slices.ContainsFunc(rep.Lines, func(c protocol.Chat) bool { return c.Text == "buy cheap chips" }) {
		t.Errorf("report %s (%v)", reps[0].Data, err)
	}

	og.Tap(t, "mod-2")
	og.Tap(t, "kick")
	og.until(t, p, "Cy's seat to a bot", func() bool {
		s := r.State().Seats
		return len(s) == 3 && s[2].Kind == protocol.KindBot
	})
	if og.has("mod-2") {
		t.Error("the bot's seat offers moderation")
	}
	cy.Must("Cy refused", func() bool { return cy.L.Status().Phase == client.LinkFailed })
	og.Tap(t, "mod-1")
	og.Tap(t, "mute")
	heard("you muted Bo", 1)
	// The mute holds on the next connection: Bo's line after it is not heard, Ann's own after
	// that is.
	d.Drop()
	og.until(t, p, "the connection again", func() bool { return d.Dials() == 2 && r.Status.Phase == client.LinkOnline })
	heard("you muted Bo", 2) // again, on the new connection
	bo.L.Send(protocol.Say{Text: "muted line"})
	bo.Must("Bo's line said", func() bool {
		return slices.ContainsFunc(bo.L.State().Chat, func(c protocol.Chat) bool { return c.Text == "muted line" })
	})
	link.Send(protocol.Say{Text: "heard line"})
	og.until(t, p, "Ann's line", func() bool {
		return slices.ContainsFunc(link.State().Chat, func(c protocol.Chat) bool { return c.Text == "heard line" })
	})
	if slices.ContainsFunc(link.State().Chat, func(c protocol.Chat) bool { return c.Text == "muted line" }) {
		t.Error("a muted seat's line is heard after a reconnect")
	}
}
