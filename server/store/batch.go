package store

import (
	"context"
	"fmt"
	"sync"
	"time"
)

// Batcher groups the commits of many rooms: one goroutine writes, and the changes that arrive
// while it writes go into its next transaction together, so that the rooms' actions share the
// cost of a commit while each Commit still returns only once its own change is durable. A
// batch that fails is written again one change at a time, so that one refused change (an entry
// stored already) refuses no other room's.
type Batcher struct {
	write func(ctx context.Context, batch []Change) error

	mu      sync.Mutex
	queue   []*request
	delay   time.Duration
	closed  bool
	wake    chan struct{}
	stopped chan struct{}
}

type request struct {
	c    Change
	done chan error
}

// NewBatcher starts a batcher that writes each batch with write, which must store every
// change of the batch in one transaction or none of them.
func NewBatcher(write func(ctx context.Context, batch []Change) error) *Batcher {
	b := &Batcher{write: write, wake: make(chan struct{}, 1), stopped: make(chan struct{})}
	go b.run()
	return b
}

// Commit queues the change and waits until it is durable (nil) or refused, or until ctx ends.
func (b *Batcher) Commit(ctx context.Context, c Change) error {
	req := &request{c: c, done: make(chan error, 1)}
	b.mu.Lock()
	if b.closed {
		b.mu.Unlock()
		return fmt.Errorf("store: room %s: the store is closed", c.Code)
	}
	b.queue = append(b.queue, req)
	select { // under the lock: Close closes wake under it
	case b.wake <- struct{}{}:
	default:
	}
	b.mu.Unlock()
	select {
	case err := <-req.done:
		return err
	case <-ctx.Done():
		return fmt.Errorf("store: room %s: %w", c.Code, ctx.Err())
	}
}

// SetDelay makes the batcher start a transaction at most once per d: a change that comes less
// than d after the last transaction began waits for the rest of d, with the changes that come
// meanwhile, so that under load many rooms share each transaction (a transaction's fixed cost
// is most of a lone change's cost). A change that comes after a quiet spell of d is written at
// once. 0, the default, writes each batch as soon as the last ends.
func (b *Batcher) SetDelay(d time.Duration) {
	b.mu.Lock()
	b.delay = d
	b.mu.Unlock()
}

// Close waits for the changes queued to be written and stops the batcher; later commits fail.
func (b *Batcher) Close() {
	b.mu.Lock()
	if !b.closed {
		b.closed = true
		close(b.wake)
	}
	b.mu.Unlock()
	<-b.stopped
}

// run writes the queued changes, all that wait in one transaction, until Close.
func (b *Batcher) run() {
	defer close(b.stopped)
	var last time.Time // when the last transaction began
	for range b.wake {
		for {
			b.mu.Lock()
			waiting, d := len(b.queue), b.delay
			b.mu.Unlock()
			if waiting == 0 {
				break
			}
			if wait := d - time.Since(last); d > 0 && wait > 0 {
				time.Sleep(wait) // the changes that come meanwhile join this transaction
			}
			b.mu.Lock()
			batch := b.queue
			b.queue = nil
			b.mu.Unlock()
			last = time.Now()
			b.commit(batch)
		}
	}
}

// commit writes a batch in one transaction; if that fails, each change alone.
func (b *Batcher) commit(batch []*request) {
	ctx := context.Background() // a batch is not one caller's: it is never cut short
	cs := make([]Change, len(batch))
	for i, r := range batch {
		cs[i] = r.c
	}
	err := b.write(ctx, cs)
	if err == nil || len(batch) == 1 {
		for _, r := range batch {
			r.done <- err
		}
		return
	}
	for _, r := range batch {
		r.done <- b.write(ctx, []Change{r.c})
	}
}
