package server_test

import (
	"testing"
	"time"

	"nimmt/engine"
	"nimmt/protocol"
	"nimmt/server/store/storetest"
)

// Two people ask for a quick match at the same moment on two processes on one PostgreSQL: they
// meet at one table (the choice is made under a lock in the database, and a process lists its
// new table before the next choice reads the list). Three rounds, each a new table of two.
func TestSharedQuickMatchAtOnce(t *testing.T) {
	db := storetest.NewPostgres(t)
	a, b := newSharedHub(t, db, time.Hour), newSharedHub(t, db, time.Hour)
	for round := range 3 {
		ann, bo := newPlayer(t, "Ann", uint64(2*round+1)), newPlayer(t, "Bo", uint64(2*round+2))
		ann.connect(a.url, "")
		bo.connect(b.url, "")
		q := protocol.Quick{Version: protocol.Version, Variant: engine.Basic, Min: 2, Max: 2}
		q.Name = ann.name
		ann.send(q)
		q.Name = bo.name
		bo.send(q)
		ann.untilType(protocol.TypeJoined)
		bo.untilType(protocol.TypeJoined)
		if ann.st.Code != bo.st.Code {
			t.Fatalf("round %d: Ann at %s (A), Bo at %s (B): two tables", round+1, ann.st.Code, bo.st.Code)
		}
	}
}
