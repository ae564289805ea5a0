package storetest

import (
	"context"
	"slices"
	"testing"
	"time"

	"nimmt/server/store"
)

// LobbyConformance checks what every store.Lobby must do, on the database that open opens
// (empty at first): the list of public tables (filtered, ordered, gone with its room), reports
// and bans, all kept across a reopening.
func LobbyConformance(t *testing.T, open Opener) {
	ctx := context.Background()
	s, err := open()
	if err != nil {
		t.Fatal(err)
	}
	for _, code := range []string{"AAAAAA", "BBBBBB", "CCCCCC"} {
		if err := s.Commit(ctx, store.Change{Code: code, Game: 0, Meta: []byte(`{}`)}); err != nil {
			t.Fatal(err)
		}
	}
	put := func(tb store.Table) {
		t.Helper()
		if err := s.PutTable(ctx, tb); err != nil {
			t.Fatal(err)
		}
	}
	put(store.Table{Code: "AAAAAA", Variant: "basic", Seats: 4, Taken: 1, State: "lobby", Quick: true, Fill: 30, Made: 1, Data: []byte(`{"a":1}`)})
	put(store.Table{Code: "BBBBBB", Variant: "basic", Seats: 6, Taken: 5, State: "lobby", Made: 2, Data: []byte(`{}`)})
	put(store.Table{Code: "CCCCCC", Variant: "nifty", Seats: 4, Taken: 4, State: "playing", Made: 3, Data: []byte(`{}`)})
	put(store.Table{Code: "DDDDDD", Variant: "basic", Seats: 4, Taken: 1, State: "lobby", Made: 4, Data: []byte(`{}`)}) // no room: never listed
	codes := func(f store.TableFilter) []string {
		t.Helper()
		ts, err := s.Tables(ctx, f)
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, x := range ts {
			out = append(out, x.Code)
		}
		return out
	}
	check := func(what string, f store.TableFilter, want ...string) {
		t.Helper()
		if got := codes(f); !slices.Equal(got, want) {
			t.Errorf("%s: tables %v, want %v", what, got, want)
		}
	}
	check("all, fullest first", store.TableFilter{}, "BBBBBB", "CCCCCC", "AAAAAA")
	check("variant", store.TableFilter{Variant: "basic"}, "BBBBBB", "AAAAAA")
	check("open", store.TableFilter{Open: true}, "BBBBBB", "AAAAAA")
	check("quick", store.TableFilter{Quick: true}, "AAAAAA")
	check("seats", store.TableFilter{Seats: 4}, "CCCCCC", "AAAAAA")
	check("seat range", store.TableFilter{MinSeats: 5, MaxSeats: 8}, "BBBBBB")
	check("state", store.TableFilter{State: "playing"}, "CCCCCC")
	check("limit", store.TableFilter{Limit: 1}, "BBBBBB")

	// A listing replaced keeps the time it was first listed.
	put(store.Table{Code: "AAAAAA", Variant: "basic", Seats: 4, Taken: 2, State: "lobby", Quick: true, Fill: 30, Made: 99, Data: []byte(`{"a":2}`)})
	ts, err := s.Tables(ctx, store.TableFilter{Quick: true})
	if err != nil || len(ts) != 1 || ts[0].Made != 1 || ts[0].Taken != 2 || string(ts[0].Data) != `{"a":2}` || !ts[0].Quick || ts[0].Fill != 30 {
		t.Errorf("replaced listing: %+v, %v", ts, err)
	}
	if err := s.DropTable(ctx, "BBBBBB"); err != nil {
		t.Fatal(err)
	}
	if err := s.DropTable(ctx, "ZZZZZZ"); err != nil {
		t.Errorf("unlisting a table not listed: %v", err)
	}
	if err := s.Delete(ctx, "CCCCCC"); err != nil {
		t.Fatal(err)
	}
	check("after a drop and a room deleted", store.TableFilter{}, "AAAAAA")

	now := time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)
	id1, err := s.AddReport(ctx, store.Report{At: now, Room: "AAAAAA", Data: []byte(`{"n":1}`)})
	if err != nil {
		t.Fatal(err)
	}
	id2, err := s.AddReport(ctx, store.Report{At: now.Add(time.Second), Room: "BBBBBB", Data: []byte(`{"n":2}`)})
	if err != nil || id2 <= id1 {
		t.Fatalf("report ids %d then %d, %v", id1, id2, err)
	}
	if err := s.Ban(ctx, store.Ban{Who: "addr:192.0.2.1", Reason: "spam", At: now, Until: now.Add(time.Hour)}); err != nil {
		t.Fatal(err)
	}
	if err := s.Ban(ctx, store.Ban{Who: "account:x", Reason: "abuse", At: now}); err != nil {
		t.Fatal(err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	if s, err = open(); err != nil { // everything is kept across a reopening
		t.Fatal(err)
	}
	defer s.Close()
	check("reopened", store.TableFilter{}, "AAAAAA")
	rs, err := s.Reports(ctx, 1)
	if err != nil || len(rs) != 1 || rs[0].ID != id2 || rs[0].Room != "BBBBBB" || string(rs[0].Data) != `{"n":2}` || !rs[0].At.Equal(now.Add(time.Second)) {
		t.Errorf("last report: %+v, %v", rs, err)
	}
	if n, err := s.DeleteReports(ctx, now.Add(time.Second)); err != nil || n != 1 {
		t.Errorf("reports deleted: %d, %v; want the older one", n, err)
	}
	if rs, err := s.Reports(ctx, 10); err != nil || len(rs) != 1 || rs[0].ID != id2 {
		t.Errorf("reports after the deletion: %+v, %v", rs, err)
	}
	banned := func(at time.Time, whos ...string) string {
		t.Helper()
		b, ok, err := s.Banned(ctx, whos, at)
		if err != nil {
			t.Fatal(err)
		}
		if !ok {
			return ""
		}
		return b.Who + " " + b.Reason
	}
	if got := banned(now, "addr:192.0.2.2", "addr:192.0.2.1"); got != "addr:192.0.2.1 spam" {
		t.Errorf("banned address: %q", got)
	}
	if got := banned(now.Add(2*time.Hour), "addr:192.0.2.1"); got != "" {
		t.Errorf("a ban past its end still holds: %q", got)
	}
	if got := banned(now.Add(1000*time.Hour), "account:x"); got != "account:x abuse" {
		t.Errorf("a ban for ever: %q", got)
	}
	if got := banned(now); got != "" {
		t.Errorf("nobody is banned with no identity: %q", got)
	}
	bs, err := s.Bans(ctx, now)
	if err != nil || len(bs) != 2 || bs[0].Who != "account:x" || !bs[0].Until.IsZero() || !bs[1].Until.Equal(now.Add(time.Hour)) {
		t.Errorf("bans: %+v, %v", bs, err)
	}
	if ok, err := s.Unban(ctx, "account:x"); !ok || err != nil {
		t.Errorf("unban: %v, %v", ok, err)
	}
	if ok, err := s.Unban(ctx, "account:x"); ok || err != nil {
		t.Errorf("unban again: %v, %v", ok, err)
	}
	if got := banned(now, "account:x"); got != "" {
		t.Errorf("unbanned still banned: %q", got)
	}
}
