package client

import (
	"context"
	"sync"
	"time"
)

// linkCtx is the context a Link hands its connections, its waits and its Dialer: it ends when it
// is cancelled, when its parent ends, or at its deadline. It does the little of the context
// package's WithCancel and WithTimeout the Link needs; those bring about 24 KB of code (6.5 KB
// gzipped) into the web build, where nothing else uses them (#13, #11).
type linkCtx struct {
	parent   *linkCtx // nil for the Link's own
	deadline time.Time
	timer    *time.Timer
	done     chan struct{}

	mu       sync.Mutex
	err      error
	children map[*linkCtx]struct{}
}

// newLinkCtx returns a context that ends with the parent (nil: none), or when the returned
// function is called.
func newLinkCtx(parent *linkCtx) (*linkCtx, func()) {
	c := &linkCtx{parent: parent, done: make(chan struct{})}
	if parent != nil {
		parent.mu.Lock()
		err := parent.err
		if err == nil {
			if parent.children == nil {
				parent.children = map[*linkCtx]struct{}{}
			}
			parent.children[c] = struct{}{}
		}
		parent.mu.Unlock()
		if err != nil {
			c.end(err)
		}
	}
	return c, func() { c.end(context.Canceled) }
}

// linkCtxTimeout is newLinkCtx that also ends after d, with context.DeadlineExceeded.
func linkCtxTimeout(parent *linkCtx, d time.Duration) (*linkCtx, func()) {
	c, cancel := newLinkCtx(parent)
	c.mu.Lock()
	if c.err == nil {
		c.deadline = time.Now().Add(d)
		c.timer = time.AfterFunc(d, func() { c.end(context.DeadlineExceeded) })
	}
	c.mu.Unlock()
	return c, cancel
}

// end ends c and its children with err, once.
func (c *linkCtx) end(err error) {
	c.mu.Lock()
	if c.err != nil {
		c.mu.Unlock()
		return
	}
	c.err = err
	close(c.done)
	if c.timer != nil {
		c.timer.Stop()
	}
	children := c.children
	c.children = nil
	c.mu.Unlock()
	for k := range children {
		k.end(err)
	}
	if p := c.parent; p != nil {
		p.mu.Lock()
		delete(p.children, c)
		p.mu.Unlock()
	}
}

// Deadline returns the earliest deadline of c and its parents.
func (c *linkCtx) Deadline() (deadline time.Time, ok bool) {
	for ; c != nil; c = c.parent {
		c.mu.Lock()
		d := c.deadline
		c.mu.Unlock()
		if !d.IsZero() && (!ok || d.Before(deadline)) {
			deadline, ok = d, true
		}
	}
	return deadline, ok
}

// Done is closed when c ends.
func (c *linkCtx) Done() <-chan struct{} { return c.done }

// Err is nil until c ends, then context.Canceled or context.DeadlineExceeded.
func (c *linkCtx) Err() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.err
}

// Value is always nil: the Link carries no values.
func (*linkCtx) Value(any) any { return nil }
