package textport_test

import (
	"net/http/httptest"
	"strings"
	"testing"

	"nimmt/server"
	"nimmt/server/servertest"
	"nimmt/server/store/storetest"
	"nimmt/server/textport"
)

// A text session in a room reached through the balancer (Options.Remote) whose connection is
// cut while the person owes a card comes back by itself and prints the table and its prompt
// again, though nothing changed: the person need not type "look" to see what to answer.
func TestRemoteSessionBackPrintsTable(t *testing.T) {
	st, err := storetest.New(t).Open()
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	hub, err := server.NewHub(st, server.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer hub.Close()
	hs := httptest.NewUnstartedServer(hub.Handler(server.HTTPOptions{Rate: 1e9}))
	ln := &servertest.CutListener{Listener: hs.Listener}
	hs.Listener = ln
	hs.Start()
	defer hs.Close()
	tp := textport.New(hub, textport.Options{Rate: 1e9, Remote: "ws://" + ln.Addr().String()})
	tl, err := tp.Listen("127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go tp.Serve(tl)
	defer tp.Close()

	tex := dialText(t, tl.Addr().String(), "Tex")
	tex.send("name Tex")
	tex.makeRoom("create game on oak seats 2 rounds 1 as red")
	tex.send("add bot beginner to oak")
	tex.untilHas("Beginner bot")
	tex.send("start new game on oak")
	tex.untilHas("[oak] > ")

	ln.Cut()
	tex.untilHas("[oak] * back in the room")
	tex.send("marker")
	tex.untilHas(`unknown command "marker"`)
	var prompt bool
	lines := tex.all()
	for i := len(lines) - 1; i >= 0 && !strings.Contains(lines[i], "[oak] * back in the room"); i-- {
		prompt = prompt || strings.HasPrefix(lines[i], "[oak] > ")
	}
	if !prompt {
		t.Errorf("no prompt after the session came back; last lines: %q", tex.tail(6))
	}
}
