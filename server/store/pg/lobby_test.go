package pg_test

import (
	"context"
	"testing"
	"time"

	"nimmt/server/store"
	"nimmt/server/store/pg"
	"nimmt/server/store/storetest"
)

func TestLobbyConformance(t *testing.T) {
	url := storetest.NewPostgres(t)
	storetest.LobbyConformance(t, func() (storetest.Store, error) { return pg.Open(context.Background(), url) })
}

// A process that changes the list of tables wakes the others (and not itself).
func TestLobbyNotify(t *testing.T) {
	url := storetest.NewPostgres(t)
	ctx := context.Background()
	a, err := pg.Open(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	b, err := pg.Open(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	woke := b.TablesChanged()
	<-woke // the listener's first wake-up: it reads the list once it listens
	mine := a.TablesChanged()
	<-mine
	if err := a.PutTable(ctx, store.Table{Code: "AAAAAA", Variant: "basic", Seats: 4, State: "lobby", Data: []byte(`{}`)}); err != nil {
		t.Fatal(err)
	}
	select {
	case <-woke:
	case <-time.After(2 * time.Minute): // a guard against hanging, not a quota
		t.Fatal("no wake-up after another process listed a table")
	}
	if err := b.DropTable(ctx, "AAAAAA"); err != nil {
		t.Fatal(err)
	}
	select {
	case <-mine:
	case <-time.After(2 * time.Minute):
		t.Fatal("no wake-up after another process unlisted a table")
	}
}
