package storetest

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"sync"
	"testing"

	"nimmt/server/store"
)

// Opener opens the test's store; called again after Close it opens the same database.
type Opener func() (Store, error)

// Move is a log of one action, numbered n in its data.
func Move(n int) []store.Entry {
	return []store.Entry{{Kind: store.EntryMove, Data: fmt.Appendf(nil, `{"seat":0,"n":%d}`, n)}}
}

// Conformance checks what every store.Store, store.Names and store.Accounts must do, on the database that
// open opens (empty at first).
func Conformance(t *testing.T, open Opener) {
	ctx := context.Background()
	mustOpen := func(t *testing.T) Store {
		t.Helper()
		s, err := open()
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	commit := func(t *testing.T, s Store, c store.Change) {
		t.Helper()
		if err := s.Commit(ctx, c); err != nil {
			t.Fatal(err)
		}
	}
	s := mustOpen(t)
	defer func() { s.Close() }()

	t.Run("GroupCommit", func(t *testing.T) {
		// Changes committed at once by many rooms are all stored, each under its room.
		const rooms, actions = 20, 10
		var wg sync.WaitGroup
		errs := make(chan error, rooms*actions)
		for r := range rooms {
			wg.Add(1)
			go func() {
				defer wg.Done()
				code := fmt.Sprintf("GROUP%d", r)
				for i := range actions {
					c := store.Change{Code: code, Game: 1, First: i, Entries: Move(i)}
					if i == 0 {
						c.Meta = []byte(`{}`)
					}
					if err := s.Commit(ctx, c); err != nil {
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
		for r := range rooms {
			sr, err := s.LoadRoom(ctx, fmt.Sprintf("GROUP%d", r))
			if err != nil {
				t.Fatal(err)
			}
			if len(sr.Log) != actions {
				t.Errorf("room %s: %d entries", sr.Code, len(sr.Log))
			}
		}
	})

	t.Run("EntryOnce", func(t *testing.T) {
		// An entry stored already is refused (a stale writer is fenced), and nothing of its
		// change is kept; the other rooms' changes committed with it are stored.
		commit(t, s, store.Change{Code: "ONCE", Game: 1, Meta: []byte(`{"v":1}`), Entries: Move(0)})
		var wg sync.WaitGroup
		errs := make([]error, 5)
		for i := range errs {
			c := store.Change{Code: fmt.Sprintf("OTHER%d", i), Game: 1, Meta: []byte(`{}`), Entries: Move(0)}
			if i == 2 {
				c = store.Change{Code: "ONCE", Game: 1, Meta: []byte(`{"v":2}`), Entries: Move(1)} // entry 0 again
			}
			wg.Add(1)
			go func() {
				defer wg.Done()
				errs[i] = s.Commit(ctx, c)
			}()
		}
		wg.Wait()
		for i, err := range errs {
			if (err != nil) != (i == 2) {
				t.Errorf("change %d: %v", i, err)
			}
		}
		sr, err := s.LoadRoom(ctx, "ONCE")
		if err != nil {
			t.Fatal(err)
		}
		if string(sr.Meta) != `{"v":1}` || len(sr.Log) != 1 || string(sr.Log[0].Data) != string(Move(0)[0].Data) {
			t.Errorf("the refused change was kept: %+v", sr)
		}
		for i := range errs {
			if i == 2 {
				continue
			}
			if sr, err := s.LoadRoom(ctx, fmt.Sprintf("OTHER%d", i)); err != nil || len(sr.Log) != 1 {
				t.Errorf("room OTHER%d: %+v, %v", i, sr, err)
			}
		}
	})

	t.Run("GamesAndChat", func(t *testing.T) {
		// A room holds its current game's log only, and its last ChatCap chat lines.
		commit(t, s, store.Change{Code: "GAMES", Game: 1, Meta: []byte(`{}`), Entries: append(Move(0), Move(1)...)})
		for n := 1; n <= 7; n++ {
			commit(t, s, store.Change{Code: "GAMES", Game: 1, Chat: []store.ChatLine{{N: n, Data: fmt.Appendf(nil, `"%d"`, n)}}, ChatCap: 3})
		}
		commit(t, s, store.Change{Code: "GAMES", Game: 2, Meta: []byte(`{"game":2}`), Entries: Move(5)})
		sr, err := s.LoadRoom(ctx, "GAMES")
		if err != nil {
			t.Fatal(err)
		}
		want := store.Room{Code: "GAMES", Game: 2, Meta: []byte(`{"game":2}`), Log: Move(5),
			Chat: []store.ChatLine{{N: 5, Data: []byte(`"5"`)}, {N: 6, Data: []byte(`"6"`)}, {N: 7, Data: []byte(`"7"`)}}}
		if !reflect.DeepEqual(sr, want) {
			t.Errorf("got %+v\nwant %+v", sr, want)
		}
		all, err := s.Load(ctx)
		if err != nil {
			t.Fatal(err)
		}
		found := false
		for _, r := range all {
			if r.Code == "GAMES" {
				found = reflect.DeepEqual(r, want)
			}
		}
		if !found {
			t.Error("Load does not return the room as LoadRoom does")
		}
		if _, err := s.LoadRoom(ctx, "NOSUCH"); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("LoadRoom of a missing room: %v", err)
		}
	})

	t.Run("NamesAndDelete", func(t *testing.T) {
		// Names lead to codes; a room's deletion takes its log, chat and names.
		commit(t, s, store.Change{Code: "GONE", Game: 1, Meta: []byte(`{}`), Entries: Move(0), Chat: []store.ChatLine{{N: 1, Data: []byte(`"x"`)}}})
		commit(t, s, store.Change{Code: "KEPT", Game: 1, Meta: []byte(`{}`)})
		for _, n := range [][2]string{{"oak", "GONE"}, {"elm", "GONE"}, {"elm", "KEPT"}, {"ash", "GONE"}} {
			if err := s.SetName(ctx, n[0], n[1]); err != nil {
				t.Fatal(err)
			}
		}
		if code, err := s.Name(ctx, "elm"); err != nil || code != "KEPT" {
			t.Errorf("elm leads to %q, %v", code, err)
		}
		if err := s.Delete(ctx, "GONE"); err != nil {
			t.Fatal(err)
		}
		if _, err := s.LoadRoom(ctx, "GONE"); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("deleted room: %v", err)
		}
		names, err := s.Names(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(names, map[string]string{"elm": "KEPT"}) {
			t.Errorf("names %v", names)
		}
		if code, err := s.Name(ctx, "oak"); err != nil || code != "" {
			t.Errorf("oak leads to %q, %v", code, err)
		}
		// A room made again under a deleted code starts with no log.
		commit(t, s, store.Change{Code: "GONE", Game: 1, Meta: []byte(`{}`), Entries: Move(9)})
		if sr, err := s.LoadRoom(ctx, "GONE"); err != nil || len(sr.Log) != 1 || len(sr.Chat) != 0 {
			t.Errorf("room made again: %+v, %v", sr, err)
		}
	})

	t.Run("Accounts", func(t *testing.T) { accounts(t, s) })

	t.Run("Reopen", func(t *testing.T) {
		// Closed and opened again (the migrations run again and change nothing), the store
		// holds what it held; a commit after Close is refused.
		before, err := s.Load(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if err := s.Close(); err != nil {
			t.Fatal(err)
		}
		if err := s.Commit(ctx, store.Change{Code: "LATE", Game: 1, Meta: []byte(`{}`)}); err == nil {
			t.Error("a commit after Close succeeded")
		}
		s = mustOpen(t)
		after, err := s.Load(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(before, after) {
			t.Errorf("reopened: %d rooms, before %d", len(after), len(before))
		}
	})
}
