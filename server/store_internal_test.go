package server

import (
	"fmt"
	"path/filepath"
	"sync"
	"testing"
)

func openTestStore(t *testing.T) *SQLStore {
	t.Helper()
	s, err := OpenSQLite(filepath.Join(t.TempDir(), "nimmt.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

func move(n int) []Entry {
	return []Entry{{Kind: EntryMove, Data: []byte(fmt.Sprintf(`{"seat":0,"n":%d}`, n))}}
}

// Changes committed at once by many rooms are all stored, each under its room.
func TestGroupCommit(t *testing.T) {
	s := openTestStore(t)
	const rooms, actions = 20, 10
	var wg sync.WaitGroup
	errs := make(chan error, rooms*actions)
	for r := range rooms {
		wg.Add(1)
		go func() {
			defer wg.Done()
			code := fmt.Sprintf("ROOM%02d", r)
			for i := range actions {
				c := Change{Code: code, Game: 1, First: i, Entries: move(i)}
				if i == 0 {
					c.Meta = []byte(`{}`)
				}
				if err := s.Commit(c); err != nil {
					errs <- err
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	stored, err := s.Load()
	if err != nil {
		t.Fatal(err)
	}
	if len(stored) != rooms {
		t.Fatalf("%d rooms stored", len(stored))
	}
	for _, r := range stored {
		if len(r.Log) != actions {
			t.Errorf("room %s: %d entries", r.Code, len(r.Log))
		}
	}
}

// One refused change in a batch (an entry stored already) is refused alone: the other rooms'
// changes of the batch are stored.
func TestGroupCommitRefusesOneAlone(t *testing.T) {
	s := openTestStore(t)
	if err := s.Commit(Change{Code: "AAAAAA", Game: 1, Meta: []byte(`{}`), Entries: move(0)}); err != nil {
		t.Fatal(err)
	}
	var batch []*commitReq
	for i := range 5 {
		c := Change{Code: fmt.Sprintf("BBBBB%d", i), Game: 1, Meta: []byte(`{}`), Entries: move(0)}
		if i == 2 {
			c = Change{Code: "AAAAAA", Game: 1, Entries: move(1)} // entry 0 again
		}
		batch = append(batch, &commitReq{c: c, done: make(chan error, 1)})
	}
	s.commitBatch(batch)
	for i, r := range batch {
		if err := <-r.done; (err != nil) != (i == 2) {
			t.Errorf("change %d: %v", i, err)
		}
	}
	stored, err := s.Load()
	if err != nil {
		t.Fatal(err)
	}
	if len(stored) != 5 {
		t.Errorf("%d rooms stored, want AAAAAA and 4 others", len(stored))
	}
	for _, r := range stored {
		if len(r.Log) != 1 {
			t.Errorf("room %s: %d entries", r.Code, len(r.Log))
		}
	}
}
