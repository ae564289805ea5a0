package client

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"nimmt/protocol"
)

// Dialer opens a Transport to the room with the code at base ("" code: the endpoint that makes
// rooms). DialTransport is the native one; a browser build dials the page's own WebSocket.
type Dialer func(ctx context.Context, base, code string) (Transport, error)

// LinkPhase is where a Link stands.
type LinkPhase uint8

// The phases of a Link.
const (
	// LinkConnecting is the first connection, not answered yet.
	LinkConnecting LinkPhase = iota
	// LinkOnline is a connection the server has welcomed.
	LinkOnline
	// LinkReconnecting is after a lost connection (or a failed attempt): the Link waits its
	// back-off and tries again.
	LinkReconnecting
	// LinkFailed is the end: the server refused the room for good (no such room, wrong seat
	// token, protocol version), banned the connection or signed its device out (revoked), or the
	// Link was closed; Err says why.
	LinkFailed
)

var linkPhaseNames = [...]string{"connecting", "online", "reconnecting", "failed"}

// String returns the phase's name.
func (p LinkPhase) String() string {
	if int(p) < len(linkPhaseNames) {
		return linkPhaseNames[p]
	}
	return fmt.Sprintf("LinkPhase(%d)", uint8(p))
}

// LinkStatus is a Link's phase, the number of consecutive failed attempts and the last error.
type LinkStatus struct {
	// Not comparable: no equality code in the wasm (#25).
	_     [0]func()
	Phase LinkPhase
	// Attempt counts the attempts that failed since the Link was last online.
	Attempt int
	// Err is why the last connection or attempt ended (nil while online).
	Err error
}

// Resume is what a later Open needs to take the seat back: Open(d, r.Base, r.Code, r.Hello(), …).
type Resume struct {
	// Not comparable: no equality code in the wasm (#25).
	_                 [0]func()
	Base, Code, Token string
	// Game and Since are the game and the number of its events this Link holds. A new Link holds
	// none and asks for all of them, so Hello leaves them out.
	Game, Since int
}

// Hello returns the first message of a Link that takes the seat back (a watcher's Hello without
// a token).
func (r Resume) Hello() protocol.Hello {
	return protocol.Hello{Version: protocol.Version, Token: r.Token}
}

// FailedError is why a Link failed: the server's refusal, in its words.
type FailedError struct {
	_       [0]func() // not comparable (only *FailedError is an error): no equality code in the wasm (#25)
	Refusal protocol.Error
}

func (e *FailedError) Error() string { return "client: " + e.Refusal.Message }

// ErrClosed is the error of a Link closed by its owner.
var ErrClosed = errors.New("client: link closed")

// LinkOptions tune a Link. The zero value is usable.
type LinkOptions struct {
	// Notify, if set, is called from the network goroutine after messages arrived or the status
	// changed (the game schedules a frame, which then calls Poll).
	Notify func()
	// Backoff is how long to wait before attempt n (1, 2, …) after a lost connection; nil means
	// DefaultBackoff.
	Backoff func(attempt int) time.Duration
	// Sleep waits d or until ctx ends (then it returns ctx's error); nil waits on a timer. Tests
	// inject one that does not wait.
	Sleep func(ctx context.Context, d time.Duration) error
	// MaxAttempts is how many attempts in a row may fail before the Link fails; 0 means no end
	// (the Link keeps trying until it is closed).
	MaxAttempts int
	// DialTimeout bounds one attempt to open a connection; 0 means 20 s.
	DialTimeout time.Duration
	// SignIn, if set, is an account message sent first on every connection (the device's
	// accountmsg.SignIn): the seats the connection takes are then its account's (docs/protocol.md
	// "Accounts"). Its refusal (an unknown secret) is dropped: the Link plays as a guest.
	SignIn protocol.Message
}

// DefaultBackoff waits 0.5 s before the first attempt again, doubling up to 15 s.
func DefaultBackoff(attempt int) time.Duration {
	d := 500 * time.Millisecond
	for i := 1; i < attempt && d < 15*time.Second; i++ {
		d *= 2
	}
	return min(d, 15*time.Second)
}

func sleep(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// Link is a connection to a room that survives: it connects in the background, reconnects by
// itself with back-off after the connection drops (resuming the events where it stopped: no gap,
// no duplicate), and hands the game loop what arrived through Poll and State.
//
// An action (protocol.Act) is sent only on the connection that was open when it was sent; if that
// connection is lost before the action's effect arrives, the Link sends it again once the new
// connection has caught up and the decision it answered is still pending — so no action is lost,
// and none is applied to a later decision.
type Link struct {
	dial   Dialer
	base   string
	first  protocol.Message
	opt    LinkOptions
	ctx    *linkCtx
	cancel func()

	mu     sync.Mutex
	code   string // the room's code once known
	token  string
	game   int // the events received so far (the network side's count, ahead of Poll's)
	next   int
	inbox  []queued
	out    []queued
	signal chan struct{} // a message was queued
	wake   chan struct{} // Reconnect: stop waiting
	conn   int           // connections opened so far; the current one's number
	drop   func()
	status LinkStatus
	stale  bool // status changed since the last Poll

	// The game loop's side.
	st       State
	shown    LinkStatus
	act      *sentAct
	welcat   int // the connection whose welcome was folded last
	refusals []protocol.Error
}

// queued is a message waiting to be written or folded, with the connection it was queued on or
// arrived by.
type queued struct {
	// Not comparable: no equality code in the wasm (#25).
	_    [0]func()
	m    protocol.Message
	conn int
}

// sentAct is the last action sent and the decision it answered.
type sentAct struct {
	m    protocol.Act
	key  string
	conn int
}

// Open starts connecting in the background to the room with the code at base ("" code: make a
// room). first is the first message: Create (code ""), Hello (enter the room: watch it, or take a
// seat back with its token), Join (enter the room and take a free seat), Sit (both in one
// message: a public table of the lobby), Quick (code "": a seat at a public table the server
// chooses) or Lobby (code "": follow the list of public tables, State.Tables; a Lobby sent later
// changes the filter, for this connection and the next). A Hello's Game and
// Since are ignored: a new Link holds no events and asks for all of them. A Create without an ID
// gets a random one, so that a create sent again after its welcome was lost takes the room the
// first made instead of making a second (protocol.Create.ID).
func Open(d Dialer, base, code string, first protocol.Message, opt LinkOptions) *Link {
	if opt.Backoff == nil {
		opt.Backoff = DefaultBackoff
	}
	if opt.Sleep == nil {
		opt.Sleep = sleep
	}
	if opt.DialTimeout == 0 {
		opt.DialTimeout = 20 * time.Second
	}
	l := &Link{dial: d, base: base, first: first, opt: opt, code: code,
		signal: make(chan struct{}, 1), wake: make(chan struct{}, 1)}
	l.ctx, l.cancel = newLinkCtx(nil)
	if h, ok := first.(protocol.Hello); ok {
		l.token = h.Token
	}
	var err error
	switch f := first.(type) {
	case protocol.Create:
		if f.ID == "" {
			f.ID = newCreateID()
			l.first = f
		}
		if code != "" {
			err = errors.New("client: a room is created on the endpoint without a code")
		}
	case protocol.Hello, protocol.Join, protocol.Sit:
		if e := protocol.CheckCode(code); e != nil {
			err = fmt.Errorf("client: room %q: %w", code, e)
		}
	case protocol.Quick, protocol.Lobby:
		if code != "" {
			err = fmt.Errorf("client: %s is sent on the endpoint without a code", first.Type())
		}
	default:
		err = fmt.Errorf("client: a link starts with create, quick, lobby, hello, join or sit, not %s", first.Type())
	}
	if err != nil {
		l.status = LinkStatus{Phase: LinkFailed, Err: err}
		l.stale = true
		l.cancel()
		return l
	}
	go l.run()
	return l
}

// Poll folds the messages that arrived since the last Poll into State, without waiting; it
// reports whether anything (a message, the status) changed. Call it from the game loop.
func (l *Link) Poll() (changed bool) {
	l.mu.Lock()
	in := l.inbox
	l.inbox = nil
	changed = l.stale || len(in) > 0
	l.stale = false
	l.shown = l.status
	l.mu.Unlock()
	for _, q := range in {
		if err := l.st.Apply(q.m); err != nil {
			// The server sent an event that does not fit: nothing after it can be folded.
			l.fail(err)
			l.mu.Lock()
			l.shown = l.status
			l.mu.Unlock()
			return true
		}
		switch m := q.m.(type) {
		case protocol.Welcome:
			l.welcat = q.conn
		case protocol.Event:
			l.answered()
		case protocol.Error:
			// The answer to the action waited for. A refusal while none is waited for answers
			// a copy sent again after a reconnect whose first went through after all.
			if m.Ref == protocol.TypeAct && l.act != nil {
				l.act = nil
				l.refusals = append(l.refusals, m)
			}
		}
	}
	l.resend()
	return changed
}

// answered forgets the last action once the decision it answered is gone.
func (l *Link) answered() {
	if a := l.act; a != nil && (DecisionKey(&l.st.View) != a.key || l.st.Game != a.m.Game) {
		l.act = nil
	}
}

// resend sends the last action again when the connection it went out on was lost before its
// effect arrived, once the new connection has caught up and its decision is still pending.
func (l *Link) resend() {
	if a := l.act; a != nil && l.welcat > a.conn && l.st.CaughtUp() {
		l.Send(a.m)
	}
}

// Pending reports whether news waits for the next Poll: messages arrived or the status changed
// since the last one. The game asks it before it stops its frames, so news whose Notify came
// while the frames still ran is not left waiting for an input.
func (l *Link) Pending() bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.stale || len(l.inbox) > 0
}

// Refusal returns the oldest refusal of an action sent through the Link not returned yet (the
// engine's words are in its Message); ok is false when there is none.
func (l *Link) Refusal() (e protocol.Error, ok bool) {
	if len(l.refusals) == 0 {
		return protocol.Error{}, false
	}
	e = l.refusals[0]
	l.refusals = l.refusals[1:]
	return e, true
}

// State is what the Link knows, folded from the server's messages. Read it from the game loop
// only, after Poll.
func (l *Link) State() *State { return &l.st }

// Send queues m to be sent, in order, without waiting. An Act is kept until its effect arrives
// and sent again after a reconnect if it was lost (see Link).
func (l *Link) Send(m protocol.Message) {
	l.mu.Lock()
	switch m := m.(type) {
	case protocol.Act:
		l.act = &sentAct{m: m, key: DecisionKey(&l.st.View), conn: l.conn}
	case protocol.Lobby:
		if l.first.Type() == protocol.TypeLobby {
			l.first = m // a new filter: the next connection asks for it
		}
	}
	l.out = append(l.out, queued{m: m, conn: l.conn})
	l.mu.Unlock()
	select {
	case l.signal <- struct{}{}:
	default:
	}
}

// Status returns the Link's phase as of the last Poll.
func (l *Link) Status() LinkStatus { return l.shown }

// Resume returns what a later Open needs to take this Link's seat back.
func (l *Link) Resume() Resume {
	l.mu.Lock()
	defer l.mu.Unlock()
	return Resume{Base: l.base, Code: l.code, Token: l.token, Game: l.st.Game, Since: l.st.Next}
}

// Reconnect drops the current connection, if any, and connects again at once (the app comes back
// from the background, where the connection may have died without a word).
func (l *Link) Reconnect() {
	l.mu.Lock()
	if l.drop != nil {
		l.drop()
	}
	l.mu.Unlock()
	select {
	case l.wake <- struct{}{}:
	default:
	}
}

// Close ends the Link: the connection closes and no other is made.
func (l *Link) Close() {
	l.cancel()
}

// fail ends the Link with err.
func (l *Link) fail(err error) {
	l.setStatus(LinkStatus{Phase: LinkFailed, Err: err})
	l.cancel()
}

func (l *Link) setStatus(s LinkStatus) {
	l.mu.Lock()
	if l.status.Phase == LinkFailed {
		l.mu.Unlock()
		return
	}
	l.status, l.stale = s, true
	l.mu.Unlock()
	l.notify()
}

func (l *Link) notify() {
	if l.opt.Notify != nil {
		l.opt.Notify()
	}
}

// run connects, and connects again, until the Link fails or is closed.
func (l *Link) run() {
	attempt := 0
	for {
		online, err := l.connect()
		if l.ctx.Err() != nil {
			l.setStatus(LinkStatus{Phase: LinkFailed, Err: ErrClosed})
			return
		}
		if _, ok := errors.AsType[*FailedError](err); ok {
			l.fail(err)
			return
		}
		if online {
			attempt = 0
		}
		attempt++
		if l.opt.MaxAttempts > 0 && attempt > l.opt.MaxAttempts {
			l.fail(err)
			return
		}
		l.setStatus(LinkStatus{Phase: LinkReconnecting, Attempt: attempt, Err: err})
		select {
		case <-l.wake: // a Reconnect before the wait: no wait
		default:
			ctx, cancel := newLinkCtx(l.ctx)
			go func() {
				select {
				case <-l.wake:
					cancel()
				case <-ctx.Done():
				}
			}()
			l.opt.Sleep(ctx, l.opt.Backoff(attempt))
			cancel()
		}
	}
}

// connect makes one connection and serves it until it ends; online says the server welcomed it.
// A *FailedError means the server refused the room for good.
func (l *Link) connect() (online bool, err error) {
	ctx, cancel := newLinkCtx(l.ctx)
	defer cancel()
	l.mu.Lock()
	code := l.code
	hello := protocol.Hello{Version: protocol.Version, Token: l.token, Game: l.game, Since: l.next}
	switch f := l.first.(type) {
	case protocol.Hello:
		hello.Version = f.Version
	case protocol.Create:
		hello.Version = f.Version
	}
	firsts := []protocol.Message{hello}
	switch l.first.Type() {
	case protocol.TypeCreate, protocol.TypeQuick:
		if code == "" { // the room was not made yet (or its welcome was lost)
			firsts = []protocol.Message{l.first}
		}
	case protocol.TypeJoin:
		if l.token == "" { // no seat yet: take one
			firsts = append(firsts, l.first)
		}
	case protocol.TypeSit:
		if l.token == "" { // a hello and a join in one
			firsts = []protocol.Message{l.first}
		}
	case protocol.TypeLobby: // the list, with the last filter sent
		firsts = []protocol.Message{l.first}
	}
	l.mu.Unlock()
	if l.opt.SignIn != nil {
		firsts = append([]protocol.Message{l.opt.SignIn}, firsts...)
	}

	dctx, dcancel := linkCtxTimeout(ctx, l.opt.DialTimeout)
	t, err := l.dial(dctx, l.base, code)
	dcancel()
	if err != nil {
		return false, err
	}
	defer t.Close()
	go func() { // Close and Reconnect end the connection even while it waits for a message
		<-ctx.Done()
		t.Close()
	}()

	l.mu.Lock()
	l.conn++
	conn := l.conn
	l.drop = cancel
	// Actions queued for an earlier connection are not sent on this one: the decision they
	// answered may be gone (Poll sends them again when it is still pending).
	keep := l.out[:0]
	for _, q := range l.out {
		if q.m.Type() != protocol.TypeAct || q.conn == conn {
			keep = append(keep, q)
		}
	}
	l.out = keep
	l.mu.Unlock()

	c := New(t)
	for _, m := range firsts {
		if err := c.Send(ctx, m); err != nil {
			return false, err
		}
	}
	werr := make(chan error, 1)
	go func() {
		err := l.write(ctx, c, conn)
		if err != nil {
			cancel() // the reader stops too
		}
		werr <- err
	}()

	for {
		m, err := c.Recv(ctx)
		if err != nil {
			cancel()
			if w := <-werr; w != nil && !online {
				err = w
			}
			return online, err
		}
		if e, ok := m.(protocol.Error); ok && l.opt.SignIn != nil && e.Ref == l.opt.SignIn.Type() {
			continue // not signed in: a guest
		}
		if e, ok := m.(protocol.Error); ok && (!online && fatal(e) || ends(e)) {
			cancel()
			<-werr
			l.mu.Lock()
			l.inbox = append(l.inbox, queued{m: m, conn: conn})
			l.mu.Unlock()
			return false, &FailedError{Refusal: e}
		}
		if err := l.take(m, conn); err != nil {
			cancel()
			<-werr
			return online, err
		}
		switch m.(type) {
		case protocol.Welcome, protocol.Tables:
			online = true
			l.setStatus(LinkStatus{Phase: LinkOnline})
		default:
			l.notify()
		}
	}
}

// ends reports whether an error ends the session whenever it comes: another connection took the
// seat, the server banned this one, or signed its device out (a new connection would only be
// refused, or play as a guest).
func ends(e protocol.Error) bool {
	return e.Code == protocol.ErrReplaced || e.Code == protocol.ErrBanned || e.Code == protocol.ErrRevoked
}

// fatal reports whether an error before the welcome means the room cannot be entered at all.
func fatal(e protocol.Error) bool {
	switch e.Code {
	case protocol.ErrLimit, protocol.ErrServer:
		return false // slow down, or the room is being reloaded: try again later
	}
	return e.Ref == protocol.TypeHello || e.Ref == protocol.TypeCreate || e.Ref == protocol.TypeQuick || e.Ref == protocol.TypeLobby || e.Code == protocol.ErrVersion || e.Code == protocol.ErrNoRoom
}

// take notes what m changes for the network side (the room code, the token, the events held) and
// queues it for Poll. An event out of sequence ends the connection (the next one resumes from
// the last event in sequence).
func (l *Link) take(m protocol.Message, conn int) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	switch m := m.(type) {
	case protocol.Welcome:
		l.code = m.Code
	case protocol.Joined:
		l.token = m.Token
	case protocol.Room:
		if m.You < 0 {
			l.token = "" // no seat (left, or watching): nothing to take back
		}
	case protocol.Event:
		fresh, err := inSequence(l.game, l.next, m)
		if err != nil {
			return err
		}
		if fresh {
			l.game, l.next = m.Game, 0
		}
		l.next++
	}
	l.inbox = append(l.inbox, queued{m: m, conn: conn})
	return nil
}

// write sends the queued messages of connection conn, in order, until ctx ends.
func (l *Link) write(ctx context.Context, c *Conn, conn int) error {
	for {
		l.mu.Lock()
		var m protocol.Message
		for len(l.out) > 0 && m == nil {
			q := l.out[0]
			l.out = l.out[1:]
			if q.m.Type() != protocol.TypeAct || q.conn == conn {
				m = q.m
			}
		}
		l.mu.Unlock()
		if m == nil {
			select {
			case <-l.signal:
				continue
			case <-ctx.Done():
				return nil
			}
		}
		if err := c.Send(ctx, m); err != nil {
			return err
		}
	}
}
