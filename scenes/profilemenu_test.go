package scenes

import (
	"testing"

	"nimmt/scenes/menu"
	"nimmt/scenes/online"
	"nimmt/server"
	"nimmt/server/servertest"
)

// menuProfile is a game whose server is srv, at a phone's size, on the account page opened from
// the menu, once the page has signed in or says there is no account.
func menuProfile(t *testing.T, srv *servertest.Server, name string) (*onlineGame, notePacer, *online.Profile) {
	t.Helper()
	og, p := newServedGame(t, srv, name)
	og.Tap(t, "profile")
	og.tickIdle(t)
	pr, ok := og.cur.(*online.Profile)
	if !ok {
		t.Fatalf("scene %s after Profile", og.cur.Name())
	}
	t.Cleanup(func() { pr.Conn.Close() })
	og.until(t, p, "the profile", func() bool { return og.has("export") || og.has("create") })
	return og, p, pr
}

// TestProfileFromMenu: the menu's Profile opens the account page, whose Back goes to the menu.
func TestProfileFromMenu(t *testing.T) {
	srv := servertest.New(t, publicOpts, server.HTTPOptions{Rate: 1e9})
	og, _, _ := menuProfile(t, srv, "Ann")
	og.Tap(t, "back")
	og.tickIdle(t)
	if _, ok := og.cur.(*menu.Menu); !ok {
		t.Fatalf("scene %s after the profile's Back", og.cur.Name())
	}
}
