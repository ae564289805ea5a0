package client

import (
	"sync"
	"time"

	"nimmt/protocol"
)

// AccountLink is a connection to a server's endpoint without a room code that carries account
// messages only (docs/protocol.md "Accounts"): the game's profile page. Each request gets one
// answer, the account message that answers it or a protocol.Error naming it, and Poll hands the
// answers to the game loop in order. The answers decode only in a program that links
// nimmt/protocol/accountmsg. A lost connection fails the AccountLink (Err says why): its owner
// opens another and signs in again. So does the server's unasked error that bans the connection
// or signs its device out (a *FailedError).
type AccountLink struct {
	dial   Dialer
	base   string
	opt    LinkOptions
	ctx    *linkCtx
	cancel func()

	mu      sync.Mutex
	out     []protocol.Message
	in      []protocol.Message
	waiting int // requests not answered yet
	err     error
	stale   bool // answers or the end came since the last Poll
	signal  chan struct{}
}

// NewSecret returns a fresh device secret (accountmsg.CheckSecret): 26 base32 characters, 130
// random bits, made as a create ID is.
func NewSecret() string { return newCreateID() }

// OpenAccount starts connecting in the background to the endpoint without a room code at base.
// opt's Notify, if set, is called from the network goroutine after an answer arrived or the link
// failed; its DialTimeout bounds the connection's opening (0: 20 s); the rest is unused.
func OpenAccount(d Dialer, base string, opt LinkOptions) *AccountLink {
	if opt.DialTimeout == 0 {
		opt.DialTimeout = 20 * time.Second
	}
	a := &AccountLink{dial: d, base: base, opt: opt, signal: make(chan struct{}, 1)}
	a.ctx, a.cancel = newLinkCtx(nil)
	go a.run()
	return a
}

// Send queues request m (an account message) to be sent, in order, without waiting.
func (a *AccountLink) Send(m protocol.Message) {
	a.mu.Lock()
	a.out = append(a.out, m)
	a.waiting++
	a.mu.Unlock()
	select {
	case a.signal <- struct{}{}:
	default:
	}
}

// Poll returns the answers that arrived since the last Poll, without waiting, and the error
// that ended the link (nil while it lasts).
func (a *AccountLink) Poll() ([]protocol.Message, error) {
	a.mu.Lock()
	defer a.mu.Unlock()
	in := a.in
	a.in, a.stale = nil, false
	return in, a.err
}

// Busy reports whether a request waits for its answer (its answer may wait for Poll).
func (a *AccountLink) Busy() bool {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.err == nil && a.waiting > 0
}

// Pending reports whether answers, or the link's end, wait for the next Poll.
func (a *AccountLink) Pending() bool {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.stale
}

// Close ends the link: its connection closes.
func (a *AccountLink) Close() { a.fail(ErrClosed) }

// fail ends the link with err (the first error only).
func (a *AccountLink) fail(err error) {
	a.mu.Lock()
	first := a.err == nil
	if first {
		a.err, a.stale = err, true
	}
	a.mu.Unlock()
	a.cancel()
	if first && a.opt.Notify != nil {
		a.opt.Notify()
	}
}

// run opens the connection and reads the answers until it ends.
func (a *AccountLink) run() {
	dctx, dcancel := linkCtxTimeout(a.ctx, a.opt.DialTimeout)
	t, err := a.dial(dctx, a.base, "")
	dcancel()
	if err != nil {
		a.fail(err)
		return
	}
	go func() {
		<-a.ctx.Done()
		t.Close()
	}()
	c := New(t)
	go a.write(c)
	for {
		m, err := c.Recv(a.ctx)
		if err != nil {
			if a.ctx.Err() != nil {
				err = ErrClosed
			}
			a.fail(err)
			return
		}
		if e, ok := m.(protocol.Error); ok && e.Ref == "" && ends(e) {
			a.fail(&FailedError{Refusal: e}) // banned or signed out: no answer, the end
			return
		}
		a.mu.Lock()
		a.in, a.stale = append(a.in, m), true
		a.waiting = max(0, a.waiting-1)
		a.mu.Unlock()
		if a.opt.Notify != nil {
			a.opt.Notify()
		}
	}
}

// write sends the queued requests until the link ends.
func (a *AccountLink) write(c *Conn) {
	for {
		a.mu.Lock()
		out := a.out
		a.out = nil
		a.mu.Unlock()
		for _, m := range out {
			if err := c.Send(a.ctx, m); err != nil {
				a.fail(err)
				return
			}
		}
		select {
		case <-a.signal:
		case <-a.ctx.Done():
			return
		}
	}
}
