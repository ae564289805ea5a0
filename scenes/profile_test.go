package scenes

import (
	"encoding/json"
	"strings"
	"testing"

	"nimmt/msg"
	"nimmt/protocol/accountmsg"
	"nimmt/scenes/online"
	"nimmt/server"
	"nimmt/server/servertest"
	"nimmt/storage"
)

// openProfile taps Profile on the list of public tables and waits until the page has signed in,
// or says there is no account.
func openProfile(t *testing.T, og *onlineGame, p notePacer) *online.Profile {
	t.Helper()
	og.Tap(t, "profile")
	og.tickIdle(t)
	pr, ok := og.cur.(*online.Profile)
	if !ok {
		t.Fatalf("scene %s after Profile", og.cur.Name())
	}
	t.Cleanup(pr.Conn.Close)
	og.until(t, p, "the profile", func() bool { return og.has("export") || og.has("create") })
	return pr
}

// TestProfileDevices: the profile page over a real server. Ann makes an account (its secret kept
// in the settings), shows a pairing code, which her second device types in; her first device
// then lists both, revokes the second with two taps (whose open page then says it was signed
// out and forgets its secret), exports her data to a file and deletes the account with two
// taps, which takes the secret out of the settings.
func TestProfileDevices(t *testing.T) {
	srv := servertest.New(t, publicOpts, server.HTTPOptions{Rate: 1e9})
	og, p := newPublicGame(t, srv, "Ann")
	pr := openProfile(t, og, p)
	og.Tap(t, "create")
	og.until(t, p, "the account", func() bool { return pr.Account != nil && len(pr.Devices) == 1 })
	secret := og.Settings.Online.Secret
	if accountmsg.CheckSecret(secret) != nil || pr.Account.Name != "Ann" {
		t.Fatalf("secret %q, account %+v", secret, pr.Account)
	}
	og.Tap(t, "pair")
	og.until(t, p, "the pairing code", func() bool { return pr.Pairing.Code != "" })
	if n := og.TestState().Notice; !strings.Contains(n, pr.Pairing.Code) {
		t.Errorf("the page says %q, not the code %s", n, pr.Pairing.Code)
	}

	og2, p2 := newPublicGame(t, srv, "Ann")
	pr2 := openProfile(t, og2, p2)
	og2.Tap(t, "pair-code")
	og2.typeText(t, strings.ToLower(pr.Pairing.Code))
	og2.Tap(t, "pair-here")
	og2.until(t, p2, "the paired account", func() bool { return pr2.Account != nil && len(pr2.Devices) == 2 })
	if pr2.Account.Handle != pr.Account.Handle || og2.Settings.Online.Secret == secret || og2.Settings.Online.Secret == "" {
		t.Fatalf("paired %+v with secret %q", pr2.Account, og2.Settings.Online.Secret)
	}

	og.Tap(t, "back")
	og.tickIdle(t)
	pr = openProfile(t, og, p)
	og.until(t, p, "two devices", func() bool { return len(pr.Devices) == 2 })
	other := pr.Devices[0]
	if other.This {
		other = pr.Devices[1]
	}
	og.Tap(t, "revoke-"+other.ID)
	if len(pr.Devices) != 2 {
		t.Fatal("one tap revoked")
	}
	og.Tap(t, "revoke-"+other.ID)
	og.until(t, p, "one device", func() bool { return len(pr.Devices) == 1 })
	// The second device's page, open all along, is signed out: it says so in words and forgets
	// the secret.
	og2.until(t, p2, "the second device's end", func() bool {
		return pr2.Account == nil || strings.Contains(og2.TestState().Notice, "removed from its account")
	})
	if n := og2.TestState().Notice; pr2.Account != nil || og2.Settings.Online.Secret != "" || n != msg.New(msg.RoomErrRevoked).String() {
		t.Errorf("the revoked device: account %+v, secret %q, notice %q", pr2.Account, og2.Settings.Online.Secret, n)
	}

	og.Tap(t, "export")
	og.until(t, p, "the export", func() bool { return strings.Contains(og.TestState().Notice, ".json") })
	b, err := og.Opts.Storage.Load("nimmt-account-" + pr.Account.Handle + ".json")
	if err != nil {
		t.Fatal(err)
	}
	var data accountmsg.AccountData
	if err := json.Unmarshal(b, &data); err != nil || data.Handle != pr.Account.Handle || len(data.Devices) != 1 {
		t.Fatalf("export %v: %s", err, b)
	}

	og.Tap(t, "delete")
	if pr.Account == nil || !strings.Contains(og.TestState().Buttons[len(og.TestState().Buttons)-1].Label+labels(og), pr.Account.Handle) {
		t.Fatal("the first tap of Delete does not ask again")
	}
	og.Tap(t, "delete")
	og.until(t, p, "the deletion", func() bool { return pr.Account == nil })
	if og.Settings.Online.Secret != "" {
		t.Errorf("the deleted account's secret is kept")
	}
	if _, ok := og.Opts.Storage.(*storage.Memory); !ok {
		t.Fatal("not the test's storage")
	}
}

// labels are the current scene's buttons' labels.
func labels(og *onlineGame) string {
	var s []string
	for _, b := range og.TestState().Buttons {
		s = append(s, b.Label)
	}
	return strings.Join(s, "|")
}
