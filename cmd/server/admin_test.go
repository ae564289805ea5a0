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
	for _, args := range [][]string{{"ban", "not-an-address"}, {"unban", "192.0.2.8"}, {"rename"}, {}} {
		if _, err := run(args...); err == nil {
			t.Errorf("admin %v: no error", args)
		}
	}
}
