package storetest

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"reflect"
	"slices"
	"sync"
	"testing"
	"time"

	"nimmt/server/store"
)

// accounts checks what every store.Accounts must do.
func accounts(t *testing.T, s Store) {
	ctx := context.Background()
	t0 := time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)
	ann := store.Account{ID: "a1", Handle: "ann-7k2", Name: "Ann", Created: t0}
	annPhone := store.Device{ID: "d1", Account: "a1", Label: "phone", Secret: "s1", Created: t0, Seen: t0}
	bo := store.Account{ID: "b1", Handle: "bo-3xy", Name: "Bo", Created: t0}
	boPC := store.Device{ID: "d2", Account: "b1", Label: "pc", Secret: "s2", Created: t0, Seen: t0}
	must := func(t *testing.T, err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	must(t, s.CreateAccount(ctx, ann, annPhone))
	must(t, s.CreateAccount(ctx, bo, boPC))

	t.Run("Create", func(t *testing.T) {
		// A handle or a device secret is one account's; a refused create keeps nothing.
		for _, c := range []struct {
			a store.Account
			d store.Device
		}{
			{store.Account{ID: "x1", Handle: "ann-7k2", Name: "Ann", Created: t0}, store.Device{ID: "x1d", Account: "x1", Secret: "sx", Created: t0, Seen: t0}},
			{store.Account{ID: "x2", Handle: "cy-222", Name: "Cy", Created: t0}, store.Device{ID: "x2d", Account: "x2", Secret: "s1", Created: t0, Seen: t0}},
		} {
			if err := s.CreateAccount(ctx, c.a, c.d); !errors.Is(err, store.ErrTaken) {
				t.Errorf("create %s: %v, want ErrTaken", c.a.ID, err)
			}
			if _, err := s.AccountByID(ctx, c.a.ID); !errors.Is(err, store.ErrNoAccount) {
				t.Errorf("refused account %s kept: %v", c.a.ID, err)
			}
		}
		if _, _, err := s.AccountBySecret(ctx, "sx", t0); !errors.Is(err, store.ErrNoAccount) {
			t.Errorf("refused device kept: %v", err)
		}
	})

	t.Run("SignIn", func(t *testing.T) {
		// A device's secret signs in to its account and marks it seen; another does not.
		a, d, err := s.AccountBySecret(ctx, "s1", t0.Add(time.Hour))
		must(t, err)
		want := annPhone
		want.Seen = t0.Add(time.Hour)
		if a != ann || d != want {
			t.Errorf("got %+v %+v", a, d)
		}
		if _, _, err := s.AccountBySecret(ctx, "nope", t0); !errors.Is(err, store.ErrNoAccount) {
			t.Errorf("an unknown secret: %v", err)
		}
		if a, err := s.AccountByHandle(ctx, "bo-3xy"); err != nil || a != bo {
			t.Errorf("by handle: %+v, %v", a, err)
		}
		if _, err := s.AccountByHandle(ctx, "nobody-1"); !errors.Is(err, store.ErrNoAccount) {
			t.Errorf("an unknown handle: %v", err)
		}
	})

	t.Run("RenameAndPassword", func(t *testing.T) {
		must(t, s.RenameAccount(ctx, "b1", "Bob"))
		must(t, s.SetPassword(ctx, "b1", "$argon2id$x"))
		a, err := s.AccountByID(ctx, "b1")
		must(t, err)
		if a.Name != "Bob" || a.Password != "$argon2id$x" || a.Handle != "bo-3xy" {
			t.Errorf("got %+v", a)
		}
		if err := s.RenameAccount(ctx, "zz", "Zed"); !errors.Is(err, store.ErrNoAccount) {
			t.Errorf("rename of no account: %v", err)
		}
		if err := s.SetPassword(ctx, "zz", "h"); !errors.Is(err, store.ErrNoAccount) {
			t.Errorf("password of no account: %v", err)
		}
	})

	t.Run("Pairing", func(t *testing.T) {
		// An account has one live code: a newer one replaces it. A code adds one device, once,
		// before it expires; two devices redeeming one code at once: one gets it.
		must(t, s.AddPairing(ctx, store.Pairing{Code: "p-old", Account: "a1", Expires: t0.Add(10 * time.Minute)}))
		must(t, s.AddPairing(ctx, store.Pairing{Code: "p1", Account: "a1", Expires: t0.Add(10 * time.Minute)}))
		dev := func(id string) store.Device {
			return store.Device{ID: id, Label: id, Secret: "sec-" + id, Created: t0, Seen: t0}
		}
		if _, err := s.RedeemPairing(ctx, "p-old", t0, dev("dx")); !errors.Is(err, store.ErrNoAccount) {
			t.Errorf("a replaced code: %v", err)
		}
		var wg sync.WaitGroup
		errs := make([]error, 4)
		for i := range errs {
			wg.Add(1)
			go func() {
				defer wg.Done()
				var a store.Account
				a, errs[i] = s.RedeemPairing(ctx, "p1", t0.Add(time.Minute), dev(fmt.Sprintf("dp%d", i)))
				if errs[i] == nil && a.ID != "a1" {
					t.Errorf("the code led to %+v", a)
				}
			}()
		}
		wg.Wait()
		ok := 0
		for _, err := range errs {
			if err == nil {
				ok++
			} else if !errors.Is(err, store.ErrNoAccount) {
				t.Error(err)
			}
		}
		if ok != 1 {
			t.Errorf("%d devices redeemed one code: %v", ok, errs)
		}
		must(t, s.AddPairing(ctx, store.Pairing{Code: "p2", Account: "a1", Expires: t0.Add(10 * time.Minute)}))
		if _, err := s.RedeemPairing(ctx, "p2", t0.Add(10*time.Minute), dev("late")); !errors.Is(err, store.ErrNoAccount) {
			t.Errorf("an expired code: %v", err)
		}
		if _, err := s.RedeemPairing(ctx, "p2", t0, dev("late2")); !errors.Is(err, store.ErrNoAccount) {
			t.Errorf("an expired code is used up: %v", err)
		}
		ds, err := s.Devices(ctx, "a1")
		must(t, err)
		if len(ds) != 2 || ds[0].ID != "d1" || ds[1].Account != "a1" {
			t.Errorf("devices %+v", ds)
		}
		if _, _, err := s.AccountBySecret(ctx, ds[1].Secret, t0); err != nil {
			t.Errorf("the paired device does not sign in: %v", err)
		}
	})

	t.Run("Revoke", func(t *testing.T) {
		must(t, s.AddDevice(ctx, store.Device{ID: "d3", Account: "b1", Label: "tablet", Secret: "s3", Created: t0, Seen: t0}))
		if err := s.AddDevice(ctx, store.Device{ID: "d4", Account: "b1", Secret: "s3", Created: t0, Seen: t0}); !errors.Is(err, store.ErrTaken) {
			t.Errorf("a secret twice: %v", err)
		}
		if err := s.AddDevice(ctx, store.Device{ID: "d5", Account: "zz", Secret: "s5", Created: t0, Seen: t0}); !errors.Is(err, store.ErrNoAccount) {
			t.Errorf("a device of no account: %v", err)
		}
		if err := s.RevokeDevice(ctx, "a1", "d3"); !errors.Is(err, store.ErrNoAccount) {
			t.Errorf("another account's device revoked: %v", err)
		}
		must(t, s.RevokeDevice(ctx, "b1", "d3"))
		if _, _, err := s.AccountBySecret(ctx, "s3", t0); !errors.Is(err, store.ErrNoAccount) {
			t.Errorf("a revoked device signs in: %v", err)
		}
		if _, _, err := s.AccountBySecret(ctx, "s2", t0); err != nil {
			t.Errorf("the other device: %v", err)
		}
		as, ds, err := s.Live(ctx, []string{"a1", "b1", "zz"}, []string{"d1", "d3", "zz"})
		want := map[string]store.Account{}
		for _, id := range []string{"a1", "b1"} {
			a, err := s.AccountByID(ctx, id)
			must(t, err)
			want[id] = store.Account{ID: id, Handle: a.Handle, Name: a.Name}
		}
		if err != nil || !maps.Equal(as, want) || !maps.Equal(ds, map[string]bool{"d1": true}) {
			t.Errorf("live accounts %v, devices %v (%v): want %v, d1", as, ds, err, want)
		}
	})

	t.Run("Plays", func(t *testing.T) {
		must(t, s.AddPlay(ctx, "a1", "ROOM1", t0))
		must(t, s.AddPlay(ctx, "a1", "ROOM1", t0.Add(time.Hour)))
		must(t, s.AddPlay(ctx, "a1", "ROOM2", t0.Add(time.Minute)))
		must(t, s.AddPlay(ctx, "b1", "ROOM1", t0))
		// A room's deletion (it expired) takes the plays in it.
		must(t, s.AddPlay(ctx, "a1", "ROOM3", t0))
		must(t, s.Commit(ctx, store.Change{Code: "ROOM3", Game: 1, Meta: []byte(`{}`)}))
		must(t, s.Delete(ctx, "ROOM3"))
		ps, err := s.Plays(ctx, "a1")
		must(t, err)
		if !slices.Equal(ps, []store.Play{{Code: "ROOM1", At: t0}, {Code: "ROOM2", At: t0.Add(time.Minute)}}) {
			t.Errorf("plays %+v", ps)
		}
	})

	t.Run("RewriteChat", func(t *testing.T) {
		// Stored lines get their new data; a line not stored is not made.
		chat := []store.ChatLine{{N: 1, Data: []byte(`"a"`)}, {N: 2, Data: []byte(`"b"`)}}
		must(t, s.Commit(ctx, store.Change{Code: "CHATTY", Game: 1, Meta: []byte(`{}`), Chat: chat}))
		must(t, s.RewriteChat(ctx, "CHATTY", []store.ChatLine{{N: 2, Data: []byte(`"B"`)}, {N: 3, Data: []byte(`"C"`)}}))
		r, err := s.LoadRoom(ctx, "CHATTY")
		must(t, err)
		if want := []store.ChatLine{chat[0], {N: 2, Data: []byte(`"B"`)}}; !reflect.DeepEqual(r.Chat, want) {
			t.Errorf("chat %+v", r.Chat)
		}
	})

	t.Run("Hits", func(t *testing.T) {
		// Counts in one window go up, also when processes count at once; a new window starts
		// again; pruned counters start again.
		var wg sync.WaitGroup
		ns := make([]int, 10)
		for i := range ns {
			wg.Add(1)
			go func() {
				defer wg.Done()
				var err error
				ns[i], err = s.Hit(ctx, "k", 5, 100)
				if err != nil {
					t.Error(err)
				}
			}()
		}
		wg.Wait()
		slices.Sort(ns)
		if !slices.Equal(ns, []int{1, 2, 3, 4, 5, 6, 7, 8, 9, 10}) {
			t.Errorf("counts %v", ns)
		}
		if n, err := s.Hit(ctx, "k", 6, 100); err != nil || n != 1 {
			t.Errorf("a new window: %d, %v", n, err)
		}
		if n, err := s.Hit(ctx, "k", 5, 100); err != nil || n != 2 {
			t.Errorf("an earlier window (a clock behind) counts in the stored one: %d, %v", n, err)
		}
		if n, err := s.Hit(ctx, "other", 6, 300); err != nil || n != 1 {
			t.Errorf("another key: %d, %v", n, err)
		}
		// Pruning also drops the expired pairing codes (redeemed as if it were earlier, the
		// code is not found).
		must(t, s.AddPairing(ctx, store.Pairing{Code: "p-stale", Account: "b1", Expires: time.Unix(150, 0)}))
		must(t, s.AddPairing(ctx, store.Pairing{Code: "p-live", Account: "a1", Expires: time.Unix(250, 0)}))
		must(t, s.PruneHits(ctx, 200))
		if _, err := s.RedeemPairing(ctx, "p-stale", time.Unix(100, 0), store.Device{ID: "dz", Secret: "sz", Created: t0, Seen: t0}); !errors.Is(err, store.ErrNoAccount) {
			t.Errorf("a pruned code: %v", err)
		}
		if _, err := s.RedeemPairing(ctx, "p-live", time.Unix(100, 0), store.Device{ID: "dy", Secret: "sy", Created: t0, Seen: t0}); err != nil {
			t.Errorf("a code not expired: %v", err)
		}
		if n, err := s.Hit(ctx, "k", 5, 100); err != nil || n != 1 {
			t.Errorf("a pruned counter: %d, %v", n, err)
		}
		if n, err := s.Hit(ctx, "other", 6, 300); err != nil || n != 2 {
			t.Errorf("a counter not yet expired: %d, %v", n, err)
		}
	})

	t.Run("Delete", func(t *testing.T) {
		// The account goes with its devices, codes and plays; the other stays whole.
		must(t, s.AddPairing(ctx, store.Pairing{Code: "p3", Account: "a1", Expires: t0.Add(time.Hour)}))
		must(t, s.DeleteAccount(ctx, "a1"))
		if _, err := s.AccountByID(ctx, "a1"); !errors.Is(err, store.ErrNoAccount) {
			t.Errorf("deleted account: %v", err)
		}
		if _, _, err := s.AccountBySecret(ctx, "s1", t0); !errors.Is(err, store.ErrNoAccount) {
			t.Errorf("a deleted account's device: %v", err)
		}
		if ds, err := s.Devices(ctx, "a1"); err != nil || len(ds) != 0 {
			t.Errorf("devices %+v, %v", ds, err)
		}
		if ps, err := s.Plays(ctx, "a1"); err != nil || len(ps) != 0 {
			t.Errorf("plays %+v, %v", ps, err)
		}
		if _, err := s.RedeemPairing(ctx, "p3", t0, store.Device{ID: "d9", Secret: "s9", Created: t0, Seen: t0}); !errors.Is(err, store.ErrNoAccount) {
			t.Errorf("a deleted account's code: %v", err)
		}
		if _, err := s.AccountByID(ctx, "b1"); err != nil {
			t.Errorf("the other account: %v", err)
		}
		if ps, err := s.Plays(ctx, "b1"); err != nil || len(ps) != 1 {
			t.Errorf("the other's plays %+v, %v", ps, err)
		}
	})
}
