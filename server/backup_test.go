package server_test

import (
	"context"
	"encoding/json"
	"path/filepath"
	"testing"

	"nimmt/protocol"
	"nimmt/server"
	"nimmt/server/store/sqlite"
)

// TestBackupRestores: a backup taken while the server runs holds every room as it was; a hub on
// the copy restores the room with its game where it stood.
func TestBackupRestores(t *testing.T) {
	ts := newTestServer(t, server.Options{}, fast)
	if ts.db.Postgres() {
		t.Skip("an SQLite backup; PostgreSQL's is pg_dump (docs/SCALING.md)")
	}
	ann := newPlayer(t, "Ann", 1)
	ann.connect(ts.url, "")
	code := ann.create(noTimer(2))
	ann.send(protocol.AddBot{Level: "beginner"})
	ann.send(protocol.Start{})
	ann.playTo("two turns", func() bool { return ann.st.View.Turn >= 2 })
	out := filepath.Join(t.TempDir(), "backup.db")
	if err := sqlite.Backup(context.Background(), ts.db.DSN(), out); err != nil {
		t.Fatal(err)
	}
	if err := sqlite.Backup(context.Background(), ts.db.DSN(), out); err == nil {
		t.Error("a backup over an existing file was made")
	}
	want, _ := json.Marshal(ts.hub.Room(code).Record())
	store, err := sqlite.Open(out)
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	hub, err := server.NewHub(store, server.Options{Clock: ts.clock})
	if err != nil {
		t.Fatal(err)
	}
	defer hub.Close()
	r := hub.Room(code)
	if r == nil {
		t.Fatalf("the backup has no room %s", code)
	}
	got, _ := json.Marshal(r.Record())
	if string(got) != string(want) {
		t.Errorf("the restored game differs:\n%s\nwant\n%s", got, want)
	}
	if s := r.Summary(); len(s.Seats) != 2 || s.Seats[0].Name != "Ann" || s.State != protocol.StatePlaying {
		t.Errorf("the restored room: %+v", s)
	}
}
