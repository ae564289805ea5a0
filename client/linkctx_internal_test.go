package client

import (
	"context"
	"errors"
	"testing"
	"time"
)

// ended reports whether c has ended, without waiting.
func ended(c *linkCtx) bool {
	select {
	case <-c.Done():
		return true
	default:
		return false
	}
}

// A cancel ends the context and its children with context.Canceled, not its parent; a child of
// an ended context is born ended; a second cancel changes nothing.
func TestLinkCtxCancel(t *testing.T) {
	root, stop := newLinkCtx(nil)
	a, cancelA := newLinkCtx(root)
	b, _ := newLinkCtx(a)
	other, cancelOther := newLinkCtx(root)
	if ended(root) || ended(a) || ended(b) || root.Err() != nil || b.Err() != nil {
		t.Fatal("a new context has ended")
	}
	cancelA()
	if !ended(a) || !ended(b) || !errors.Is(a.Err(), context.Canceled) || !errors.Is(b.Err(), context.Canceled) {
		t.Fatalf("after cancel: a %v, b %v", a.Err(), b.Err())
	}
	if ended(root) || ended(other) {
		t.Fatal("a cancel ended its parent or a sibling")
	}
	if len(root.children) != 1 {
		t.Errorf("root keeps %d children after one ended, want 1", len(root.children))
	}
	cancelOther()
	stop()
	stop()
	if !errors.Is(root.Err(), context.Canceled) {
		t.Fatalf("root: %v", root.Err())
	}
	late, _ := newLinkCtx(root)
	if !ended(late) || !errors.Is(late.Err(), context.Canceled) {
		t.Fatalf("a child of an ended context: %v", late.Err())
	}
	if _, ok := late.Deadline(); ok || late.Value("k") != nil {
		t.Error("a context without a timeout has a deadline or a value")
	}
}

// A timeout ends the context and its children with context.DeadlineExceeded and is its deadline;
// a cancel before it wins.
func TestLinkCtxTimeout(t *testing.T) {
	root, stop := newLinkCtx(nil)
	defer stop()
	before := time.Now()
	c, cancel := linkCtxTimeout(root, time.Millisecond)
	defer cancel()
	child, _ := newLinkCtx(c)
	if d, ok := child.Deadline(); !ok || d.Before(before.Add(time.Millisecond)) {
		t.Errorf("deadline %v, %v; want one 1 ms after %v", d, ok, before)
	}
	<-child.Done()
	if !errors.Is(c.Err(), context.DeadlineExceeded) || !errors.Is(child.Err(), context.DeadlineExceeded) {
		t.Fatalf("after the timeout: %v, %v", c.Err(), child.Err())
	}
	if ended(root) {
		t.Fatal("a timeout ended its parent")
	}
	long, cancelLong := linkCtxTimeout(root, time.Hour)
	cancelLong()
	if !errors.Is(long.Err(), context.Canceled) {
		t.Fatalf("cancelled before its timeout: %v", long.Err())
	}
}
