package main

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"nimmt/server/store"
	"nimmt/server/store/sqlite"
)

// The operator lists reports and bans and lifts an address, on the server's database.
func TestAdmin(t *testing.T) {
	db := filepath.Join(t.TempDir(), "nimmt.db")
	st, err := sqlite.Open(db)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := st.AddReport(context.Background(), store.Report{At: time.Unix(1700000000, 0), Room: "ABCDEF", Data: []byte(`{"n":3}`)}); err != nil {
		t.Fatal(err)
	}
	if _, err := st.AddReport(context.Background(), store.Report{At: time.Now().AddDate(0, 0, -89), Room: "NEWER1", Data: []byte(`{"n":4}`)}); err != nil {
		t.Fatal(err)
	}
	now := time.Now()
	if err := st.CreateAccount(context.Background(), store.Account{ID: "k3y", Handle: "ann-7k2", Name: "Ann", Created: now},
		store.Device{ID: "d1", Account: "k3y", Secret: "s1", Created: now, Seen: now}); err != nil {
		t.Fatal(err)
	}
	st.Close()
	run := func(args ...string) (string, error) {
		var out strings.Builder
		err := admin(append([]string{"-db", db}, args...), &out)
		return out.String(), err
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"reports"}, `report 1, 2023-11-14T22:13:20Z, room ABCDEF: {"n":3}`},
		{[]string{"prune-reports"}, "deleted 1 reports older than 90 days"},
		{[]string{"prune-reports", "-days", "90"}, "deleted 0 reports older than 90 days"},
		{[]string{"rename", "ANN-7k2", "Ann", "Lee"}, "renamed ann-7k2: Ann Lee"},
		{[]string{"ban", "-reason", "spam", "-for", "24h", "192.0.2.7"}, "banned addr:192.0.2.7, until "},
		{[]string{"ban", "account:k3y"}, "banned account:k3y, for ever"},
		{[]string{"bans"}, "addr:192.0.2.7 since "},
		{[]string{"unban", "addr:192.0.2.7"}, "unbanned addr:192.0.2.7"},
	} {
		out, err := run(c.args...)
		if err != nil || !strings.Contains(out, c.want) {
			t.Errorf("admin %v: %q, %v; want %q", c.args, out, err, c.want)
		}
	}
	if out, _ := run("bans"); strings.Contains(out, "192.0.2.7") || !strings.Contains(out, "account:k3y since") {
		t.Errorf("bans after the unban: %q", out)
	}
	if out, _ := run("reports"); strings.Contains(out, "ABCDEF") || !strings.Contains(out, "room NEWER1") {
		t.Errorf("reports after the pruning: %q", out)
	}
	st, err = sqlite.Open(db)
	if err != nil {
		t.Fatal(err)
	}
	a, err := st.AccountByHandle(context.Background(), "ann-7k2")
	st.Close()
	if err != nil || a.Name != "Ann Lee" {
		t.Errorf("the account renamed: %+v, %v", a, err)
	}
	for _, args := range [][]string{{"ban", "not-an-address"}, {"unban", "192.0.2.8"}, {"rename"}, {"rename", "nobody-1", "Bo"},
		{"rename", "ann-7k2", "fuck"}, {"prune-reports", "-days", "-1"}, {}} {
		if _, err := run(args...); err == nil {
			t.Errorf("admin %v: no error", args)
		}
	}
}
