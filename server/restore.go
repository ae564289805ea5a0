package server

import (
	"math/rand/v2"
	"sync"
	"sync/atomic"

	"nimmt/server/store"
)

// restoreAll rebuilds the stored rooms (restoreRoom), replaying their logs on up to workers
// goroutines. Each room's random generator is drawn from the hub's source first, in the stored
// order, so that the rooms are those restored one after another would be; the first room in that
// order that cannot be restored is the error.
func restoreAll(h *Hub, stored []store.Room, workers int) ([]*Room, error) {
	rngs := make([]*rand.Rand, len(stored))
	for i := range stored {
		var err error
		if rngs[i], err = newRNG(h.opts.Random); err != nil {
			return nil, err
		}
	}
	rooms := make([]*Room, len(stored))
	errs := make([]error, len(stored))
	var next atomic.Int64
	var wg sync.WaitGroup
	for range min(max(workers, 1), len(stored)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := int(next.Add(1) - 1); i < len(stored); i = int(next.Add(1) - 1) {
				rooms[i], errs[i] = restoreRoomWith(h, stored[i], rngs[i])
			}
		}()
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return nil, err
		}
	}
	return rooms, nil
}
