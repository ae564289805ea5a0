package store

import (
	"context"
	"errors"
	"runtime"
	"sync"
	"testing"
)

// The changes that wait while a transaction is written share the next one; when that one is
// refused, each is written alone, so only the bad change is refused.
func TestBatcherRefusesOneAlone(t *testing.T) {
	var mu sync.Mutex
	var writes [][]string
	first := make(chan struct{})
	b := NewBatcher(func(_ context.Context, batch []Change) error {
		var codes []string
		for _, c := range batch {
			codes = append(codes, c.Code)
		}
		mu.Lock()
		n := len(writes)
		writes = append(writes, codes)
		mu.Unlock()
		if n == 0 {
			<-first // the first transaction lasts until the others wait
		}
		for _, c := range batch {
			if c.Code == "BAD" {
				return errors.New("refused")
			}
		}
		return nil
	})
	defer b.Close()
	ctx := context.Background()
	done := make(chan error, 1)
	go func() { done <- b.Commit(ctx, Change{Code: "FIRST"}) }()
	for { // until the first transaction is being written
		mu.Lock()
		started := len(writes) == 1
		mu.Unlock()
		if started {
			break
		}
		runtime.Gosched()
	}
	codes := []string{"A", "B", "BAD", "C"}
	errs := make([]error, len(codes))
	var wg sync.WaitGroup
	for i, code := range codes {
		wg.Add(1)
		go func() {
			defer wg.Done()
			errs[i] = b.Commit(ctx, Change{Code: code})
		}()
	}
	for { // until the four wait behind the first transaction
		b.mu.Lock()
		n := len(b.queue)
		b.mu.Unlock()
		if n == len(codes) {
			break
		}
		runtime.Gosched()
	}
	close(first)
	wg.Wait()
	if err := <-done; err != nil {
		t.Error(err)
	}
	for i, err := range errs {
		if (err != nil) != (codes[i] == "BAD") {
			t.Errorf("%s: %v", codes[i], err)
		}
	}
	if len(writes) != 2+len(codes) || len(writes[1]) != len(codes) {
		t.Errorf("transactions %v: want [FIRST], the four together, then each alone", writes)
	}
	if err := b.Commit(ctx, Change{Code: "LATE"}); err != nil {
		t.Error(err)
	}
	b.Close()
	if err := b.Commit(ctx, Change{Code: "CLOSED"}); err == nil {
		t.Error("a commit after Close succeeded")
	}
}
