package scenes

import (
	"strings"
	"testing"

	"nimmt/msg"
	"nimmt/protocol/accountmsg"
	"nimmt/scenes/ui"
	"nimmt/server"
	"nimmt/server/servertest"
)

// TestProfilePassword: the profile page over a real server. Ann makes an account on her first
// device, renames it, and sets a password (typed masked); a name of the word list is refused
// in words. On a fresh device a wrong password is refused in words and changes nothing; the
// right one signs in, the device pairs itself (a secret of its own in the settings, the password
// nowhere) and shows the account's new name beside both devices.
func TestProfilePassword(t *testing.T) {
	const pw = "correct horse"
	srv := servertest.New(t, publicOpts, server.HTTPOptions{Rate: 1e9})
	og, p, pr := menuProfile(t, srv, "Ann")
	og.Tap(t, "create")
	og.until(t, p, "the account", func() bool { return pr.Account != nil && len(pr.Devices) == 1 })

	rename := func(name string) {
		og.Tap(t, "rename")
		var in ui.Input
		for range pr.Account.Name {
			in.AddKey(ui.KeyBackspace)
		}
		og.tick(t, &in)
		og.typeText(t, name)
	}
	rename("Annie")
	og.until(t, p, "the new name", func() bool { return pr.Account.Name == "Annie" })
	og.Tap(t, "password")
	og.typeText(t, pw[:4]) // too short: refused here
	if want := msg.New(msg.ProfilePasswordRule, 8, 128).String(); og.TestState().Notice != want {
		t.Fatalf("a short password: notice %q, want %q", og.TestState().Notice, want)
	}
	og.Tap(t, "password")
	og.typeText(t, pw)
	if strings.Contains(labels(og), pw) {
		t.Fatalf("the password shows: %s", labels(og))
	}
	set := msg.New(msg.ProfilePasswordSet, pr.Account.Handle).String()
	og.until(t, p, "the password", func() bool { return og.TestState().Notice == set })
	if !pr.Account.Password || !og.has("password") {
		t.Fatalf("account %+v after the password", pr.Account)
	}
	rename("Shit")
	bad := msg.New(msg.ProfileBadName, "Shit").String()
	og.until(t, p, "the name refused", func() bool { return og.TestState().Notice == bad })
	handle := pr.Account.Handle

	og2, p2, pr2 := menuProfile(t, srv, "Bo")
	og2.Tap(t, "login-handle")
	og2.typeText(t, strings.ToUpper(handle))
	og2.Tap(t, "login-password")
	og2.typeText(t, "wrong horse") // Enter signs in
	wrong := msg.New(msg.ProfileWrongPassword).String()
	og2.until(t, p2, "the refusal", func() bool { return og2.TestState().Notice == wrong })
	if pr2.Account != nil || og2.Settings.Online.Secret != "" {
		t.Fatalf("a wrong password: account %+v, secret %q", pr2.Account, og2.Settings.Online.Secret)
	}
	og2.Tap(t, "login-password")
	og2.typeText(t, pw)
	og2.until(t, p2, "the account", func() bool { return pr2.Account != nil && len(pr2.Devices) == 2 })
	if pr2.Account.Name != "Annie" || pr2.Account.Device == "" || accountmsg.CheckSecret(og2.Settings.Online.Secret) != nil {
		t.Fatalf("signed in as %+v, secret %q", pr2.Account, og2.Settings.Online.Secret)
	}
	og2.FlushSaves() // the settings are written in the background
	b, err := og2.Opts.Storage.Load(ui.SettingsFile)
	if err != nil || !strings.Contains(string(b), og2.Settings.Online.Secret) || strings.Contains(string(b), pw) {
		t.Fatalf("the settings kept (%v): %s", err, b)
	}
}
