package sqlite_test

import (
	"context"
	"fmt"
	"path/filepath"
	"testing"

	"nimmt/server/store"
	"nimmt/server/store/sqlite"
	"nimmt/server/store/storetest"
)

func TestLobbyConformance(t *testing.T) {
	path := filepath.Join(t.TempDir(), "nimmt.db")
	storetest.LobbyConformance(t, func() (storetest.Store, error) { return sqlite.Open(path) })
}

// BenchmarkTables reads the list of 500 public tables (listings of a few hundred bytes, as the
// server writes them): one reading serves every follower of a process (docs/PERFORMANCE.md).
func BenchmarkTables(b *testing.B) {
	s, err := sqlite.Open(filepath.Join(b.TempDir(), "nimmt.db"))
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	ctx := context.Background()
	data := []byte(`{"code":"AAAAAA","settings":{"variant":"basic","seats":4,"end_score":66,"timer":60,"public":true,"fill":30},"state":"lobby","seats":[{"name":"Ann","colour":"green","kind":"person"},{"name":"Bo","colour":"red","kind":"person"}],"start_at":1763855030000}`)
	for i := range 500 {
		code := fmt.Sprintf("T%05d", i)
		if err := s.Commit(ctx, store.Change{Code: code, Meta: []byte(`{}`)}); err != nil {
			b.Fatal(err)
		}
		if err := s.PutTable(ctx, store.Table{Code: code, Variant: "basic", Seats: 4, Taken: 1 + i%4, State: "lobby", Made: int64(i), Data: data}); err != nil {
			b.Fatal(err)
		}
	}
	b.ResetTimer()
	for b.Loop() {
		ts, err := s.Tables(ctx, store.TableFilter{})
		if err != nil || len(ts) != 500 {
			b.Fatal(len(ts), err)
		}
	}
}
