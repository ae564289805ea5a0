// Package textport is the game server's text port: a telnet-compatible line protocol in which a
// person with `telnet HOST 4000` or `nc HOST 4000` plays with the text game's commands
// (../shared/rules/001: "join game as red on oak", "play 33 on oak", "play 3 taking 2 on oak", …).
//
// It is a thin transport over server.Hub, like the WebSocket endpoint: each room a connection is
// in is a server.Peer whose Sink folds the room's messages (client.State, as every client does)
// and renders them as lines of text; each command becomes a protocol message given to
// Peer.Handle. The hub validates everything and sends each peer only its own seat's redacted
// events, so a text player sees exactly what a WebSocket player of the seat sees.
package textport

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"strings"
	"sync"
	"time"

	"nimmt/client"
	"nimmt/clock"
	"nimmt/engine"
	"nimmt/netlimit"
	"nimmt/protocol"
	"nimmt/server"
	"nimmt/server/account"
)

// Options tune the text port. The zero value is usable.
type Options struct {
	// Limits bound the connections: MaxConns open at once (0: 1,000), PerAddr open at once from
	// one address (0: 8), Idle closes a connection that sends no line for that long (0: 30
	// minutes; bytes that make no line do not count), Write bounds writing output to a connection
	// (0: 30 s). A connection refused past a cap is told so ("server full, try later") and
	// closed. The other fields are unused.
	Limits netlimit.Limits
	// FirstLine closes a connection that has not sent its first line this long after it opened;
	// 0 means 10 s.
	FirstLine time.Duration
	// Clock runs FirstLine and Idle; nil means the wall clock. It is not the hub's clock, so that a
	// test moving the rooms' time does not time out its connections.
	Clock clock.Clock
	// MaxLine is the longest line accepted, in bytes; 0 means 512.
	MaxLine int
	// Rate is the lines per second a connection may send on average, in bursts of 4×Rate;
	// 0 means 5.
	Rate float64
	// MaxRooms is how many rooms one connection may be in at once; 0 means 4.
	MaxRooms int
	// MaxOutput is how many bytes of output may wait for a connection that does not read before
	// it is closed; 0 means 1 MiB.
	MaxOutput int
	// Log receives the port's notes; nil means slog.Default.
	Log *slog.Logger
}

// Server is a text port over a hub.
type Server struct {
	hub  *server.Hub
	opts Options

	mu     sync.Mutex
	names  map[string]string // room name (lower case) → room code, as stored by the hub
	conns  map[*conn]struct{}
	ln     net.Listener
	closed bool
	nextID int
}

// New returns a text port over hub.
func New(hub *server.Hub, o Options) *Server {
	if o.Limits.MaxConns == 0 {
		o.Limits.MaxConns = 1000
	}
	if o.Limits.Idle == 0 {
		o.Limits.Idle = 30 * time.Minute
	}
	if o.Limits.Write == 0 {
		o.Limits.Write = 30 * time.Second
	}
	if o.Limits.PerAddr == 0 {
		o.Limits.PerAddr = 8
	}
	if o.FirstLine == 0 {
		o.FirstLine = 10 * time.Second
	}
	if o.Clock == nil {
		o.Clock = clock.Wall{}
	}
	if o.MaxLine == 0 {
		o.MaxLine = 512
	}
	if o.Rate == 0 {
		o.Rate = 5
	}
	if o.MaxRooms == 0 {
		o.MaxRooms = 4
	}
	if o.MaxOutput == 0 {
		o.MaxOutput = 1 << 20
	}
	if o.Log == nil {
		o.Log = slog.Default()
	}
	names, err := hub.RoomNames()
	if err != nil {
		o.Log.Error("textport: the stored room names could not be read; names start empty", "err", err)
		names = map[string]string{}
	}
	srv := &Server{hub: hub, opts: o, names: names, conns: map[*conn]struct{}{}}
	srv.opts.Limits.Refuse = srv.refuse
	return srv
}

// refuse tells a connection refused past a cap why, before it is closed.
func (s *Server) refuse(c net.Conn, reason string) {
	text := "* server full, try later\r\n"
	if reason == netlimit.PerAddress {
		text = "* too many connections from your address, try later\r\n"
	}
	io.WriteString(c, text)
	s.hub.Metrics().Refused("text", reason)
}

// Listen listens on address (e.g. "127.0.0.1:4000") with the connection cap of the options.
func (s *Server) Listen(address string) (net.Listener, error) {
	ln, err := s.opts.Limits.Listen("tcp", address)
	if err != nil {
		return nil, fmt.Errorf("textport: %w", err)
	}
	return ln, nil
}

// Serve accepts connections on ln until Close; ln should come from Listen (or be capped with
// netlimit.Limits.Cap). It returns nil after Close.
func (s *Server) Serve(ln net.Listener) error {
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		return ln.Close()
	}
	s.ln = ln
	s.mu.Unlock()
	for {
		c, err := ln.Accept()
		if err != nil {
			s.mu.Lock()
			closed := s.closed
			s.mu.Unlock()
			if closed {
				return nil
			}
			var ne net.Error
			if errors.As(err, &ne) && ne.Timeout() {
				continue
			}
			return fmt.Errorf("textport: %w", err)
		}
		go s.serveConn(c)
	}
}

// Close stops accepting connections and closes every open one.
func (s *Server) Close() error {
	s.mu.Lock()
	s.closed = true
	ln := s.ln
	conns := make([]*conn, 0, len(s.conns))
	for c := range s.conns {
		conns = append(conns, c)
	}
	s.mu.Unlock()
	var err error
	if ln != nil {
		err = ln.Close()
	}
	for _, c := range conns {
		c.close("the server is shutting down")
	}
	return err
}

// conn is one text connection. Its commands run on one goroutine (run), which alone calls the
// peers' Handle and Close; the sinks, called by the rooms, only fold, render and queue output,
// and hand work for run to ops.
type conn struct {
	srv  *Server
	nc   net.Conn
	addr string
	id   int

	rooms map[string]*room // by the room's key (name or code, lower case); run's goroutine only
	name  string           // the name the person joins with; run's goroutine only
	acct  *account.Session // the account signed in (account.go), or nil; run's goroutine only

	mu      sync.Mutex
	opened  time.Time     // when the connection opened
	lastAt  time.Time     // when its last line came; zero: none yet
	timer   clock.Stopper // closes the connection at the first-line or idle deadline
	out     []byte
	dirty   []*room // rooms whose table is printed at the next flush
	ops     []func()
	closed  bool
	reason  string
	wakeW   chan struct{} // the writer has output
	wakeOps chan struct{} // run has ops
	done    chan struct{}
}

func (s *Server) serveConn(nc net.Conn) {
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		nc.Close()
		return
	}
	s.nextID++
	c := &conn{srv: s, nc: nc, id: s.nextID, rooms: map[string]*room{},
		wakeW: make(chan struct{}, 1), wakeOps: make(chan struct{}, 1), done: make(chan struct{})}
	s.conns[c] = struct{}{}
	s.mu.Unlock()
	c.addr, _, _ = net.SplitHostPort(nc.RemoteAddr().String())

	c.mu.Lock()
	c.opened = s.opts.Clock.Now()
	c.armLocked(c.opened)
	c.mu.Unlock()
	s.hub.Metrics().Conn("text", 1)
	defer s.hub.Metrics().Conn("text", -1)

	var wg sync.WaitGroup
	wg.Add(1)
	go func() { defer wg.Done(); c.write() }()
	lines := make(chan string)
	go c.read(lines)
	c.say("", "* nimmt text port: 6 nimmt! with the text game's commands. Type \"help\".")
	c.run(lines)
	for _, r := range c.rooms {
		r.peer.Close()
	}
	c.close("")
	wg.Wait()
	closeGently(nc)
	s.mu.Lock()
	delete(s.conns, c)
	s.mu.Unlock()
}

// lingerAfterClose bounds how long a closed connection's unread input is drained.
const lingerAfterClose = 2 * time.Second

// closeGently closes nc after its output: it ends the sending side, then reads what the client
// still sends for a moment, so that input left unread does not make the close a reset that
// loses the last lines ("* closing: …") on their way.
func closeGently(nc net.Conn) {
	if tc, ok := nc.(interface{ CloseWrite() error }); ok && tc.CloseWrite() == nil {
		nc.SetReadDeadline(time.Now().Add(lingerAfterClose))
		io.Copy(io.Discard, io.LimitReader(nc, 64<<10))
	}
	nc.Close()
}

// run executes the connection's commands and ops until it closes.
func (c *conn) run(lines <-chan string) {
	limit := server.NewLimiter(4*c.srv.opts.Rate, c.srv.opts.Rate, c.srv.hub.Clock().Now())
	strikes := 0
	for {
		select {
		case line, ok := <-lines:
			if !ok {
				return
			}
			if !limit.Allow(c.srv.hub.Clock().Now()) {
				strikes++
				c.say("", "error: too many commands: at most a few a second")
				if strikes >= 20 {
					c.close("too many commands")
					return
				}
				continue
			}
			if line == lineTooLong {
				c.say("", fmt.Sprintf("error: a line has at most %d bytes", c.srv.opts.MaxLine))
				continue
			}
			if !c.command(line) {
				c.close("")
				return
			}
		case <-c.wakeOps:
			c.mu.Lock()
			ops := c.ops
			c.ops = nil
			c.mu.Unlock()
			for _, op := range ops {
				op()
			}
		case <-c.done:
			return
		}
	}
}

// armLocked sets the connection's timer for its deadline: the first line FirstLine after it
// opened, then each line Idle after the last.
func (c *conn) armLocked(now time.Time) {
	at := c.opened.Add(c.srv.opts.FirstLine)
	if !c.lastAt.IsZero() {
		at = c.lastAt.Add(c.srv.opts.Limits.Idle)
	}
	c.timer = c.srv.opts.Clock.AfterFunc(max(at.Sub(now), 0), c.tick)
}

// tick runs at the connection's deadline: a connection that sent no line in time is closed.
func (c *conn) tick() {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.closed {
		return
	}
	now := c.srv.opts.Clock.Now()
	switch {
	case c.lastAt.IsZero() && !now.Before(c.opened.Add(c.srv.opts.FirstLine)):
		c.closeLocked(fmt.Sprintf("no command within %v", c.srv.opts.FirstLine))
	case !c.lastAt.IsZero() && !now.Before(c.lastAt.Add(c.srv.opts.Limits.Idle)):
		c.closeLocked("idle for too long")
	default:
		c.armLocked(now)
	}
}

// lineCame notes a line from the client: its idle deadline starts again.
func (c *conn) lineCame() {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.closed {
		return
	}
	c.lastAt = c.srv.opts.Clock.Now()
	if c.timer != nil {
		c.timer.Stop()
	}
	c.armLocked(c.lastAt)
}

// do queues op for run's goroutine (a sink may not call its peer: the room's lock is held).
func (c *conn) do(op func()) {
	c.mu.Lock()
	c.ops = append(c.ops, op)
	c.mu.Unlock()
	select {
	case c.wakeOps <- struct{}{}:
	default:
	}
}

// lineTooLong is what read hands on for a line past MaxLine (it cannot be a line: it holds a
// NUL byte, which read drops from lines).
const lineTooLong = "\x00too long"

// read splits the input into lines, dropping telnet negotiation (IAC sequences) and control
// characters, until the connection ends or is idle for too long.
func (c *conn) read(lines chan<- string) {
	defer close(lines)
	br := bufio.NewReader(c.nc)
	var line []byte
	long := false
	for {
		b, err := br.ReadByte()
		if err != nil {
			return
		}
		switch {
		case b == iac:
			if err := skipTelnet(br); err != nil {
				return
			}
			continue
		case b == '\n' || b == '\r':
			if b == '\r' { // \r\n, \r\0 and a lone \r end a line once
				if nb, err := br.Peek(1); err == nil && (nb[0] == '\n' || nb[0] == 0) {
					br.ReadByte()
				}
			}
			out := string(line)
			if long {
				out = lineTooLong
			}
			line, long = line[:0], false
			c.lineCame()
			select {
			case lines <- out:
			case <-c.done:
				return
			}
			continue
		case b == 8 || b == 127: // backspace, delete
			if len(line) > 0 {
				line = line[:len(line)-1]
			}
			continue
		case b < 32:
			continue
		}
		if len(line) >= c.srv.opts.MaxLine {
			long = true
			continue
		}
		line = append(line, b)
	}
}

// The telnet bytes (RFC 854, 855).
const (
	iac  = 255
	sb   = 250
	se   = 240
	will = 251
	dont = 254
)

// skipTelnet reads the rest of a telnet command after IAC: a negotiation (WILL, WONT, DO, DONT
// and an option), a subnegotiation up to IAC SE, or a one-byte command.
func skipTelnet(br *bufio.Reader) error {
	b, err := br.ReadByte()
	if err != nil {
		return err
	}
	switch {
	case b >= will && b <= dont:
		_, err = br.ReadByte()
		return err
	case b == sb:
		for n := 0; n < 4096; n++ {
			x, err := br.ReadByte()
			if err != nil {
				return err
			}
			if x == iac {
				y, err := br.ReadByte()
				if err != nil {
					return err
				}
				if y == se {
					return nil
				}
			}
		}
		return errors.New("textport: telnet subnegotiation too long")
	}
	return nil // IAC IAC (a 255 byte: not text here) or a one-byte command
}

// write sends the queued output, with the tables of the rooms that changed, until the connection
// closes (then it sends what was queued before the close).
func (c *conn) write() {
	for {
		var stop bool
		select {
		case <-c.wakeW:
		case <-c.done:
			stop = true
		}
		c.mu.Lock()
		for _, r := range c.dirty {
			r.dirty = false
			c.out = r.appendTable(c.out)
		}
		c.dirty = c.dirty[:0]
		buf := c.out
		c.out = nil
		c.mu.Unlock()
		if len(buf) > 0 {
			c.nc.SetWriteDeadline(time.Now().Add(c.srv.opts.Limits.Write))
			if _, err := c.nc.Write(buf); err != nil {
				c.close("write failed")
				return
			}
		}
		if stop {
			return
		}
	}
}

// say queues one line; room "" is a line of the port itself.
func (c *conn) say(room, text string) {
	c.mu.Lock()
	c.appendLine(room, text)
	c.mu.Unlock()
	c.kick()
}

// appendLine queues a line, under c.mu; a connection whose output passes MaxOutput is closed.
func (c *conn) appendLine(room, text string) {
	if c.closed {
		return
	}
	if room != "" {
		c.out = append(c.out, '[')
		c.out = append(c.out, room...)
		c.out = append(c.out, "] "...)
	}
	c.out = append(c.out, text...)
	c.out = append(c.out, '\r', '\n')
	if len(c.out) > c.srv.opts.MaxOutput {
		c.out = c.out[:0]
		c.closeLocked("too much output waiting: the connection does not read")
	}
}

func (c *conn) kick() {
	select {
	case c.wakeW <- struct{}{}:
	default:
	}
}

func (c *conn) close(reason string) {
	c.mu.Lock()
	c.closeLocked(reason)
	c.mu.Unlock()
}

func (c *conn) closeLocked(reason string) {
	if c.closed {
		return
	}
	if reason != "" {
		c.out = append(c.out, "* closing: "+reason+"\r\n"...)
	}
	c.closed = true
	c.reason = reason
	close(c.done)
	if c.timer != nil {
		c.timer.Stop()
	}
	// A reader blocked in Read or a writer in Write ends at once.
	c.nc.SetReadDeadline(time.Now())
}

// room is one room a connection is in: its peer and what the connection knows of it.
type room struct {
	c    *conn
	key  string // lower case: the name or code the connection used
	name string // as shown in brackets
	peer *server.Peer

	// Under c.mu.
	st     client.State
	dirty  bool
	taking map[engine.Card]int // rows named in advance with "play C taking R": card → row (0-based)
	gone   bool
	shown  string // the table and prompt last printed, less who is awaited
	force  bool   // print the table at the next flush even if unchanged ("look")
	// catching is set while the room's answer to a hello is folded: its events and lines are
	// not printed (they are the past), and the present is printed once it is over.
	catching bool
}

var _ server.Sink = (*room)(nil)

// Send implements server.Sink: it folds m and queues its lines; the table follows at the flush.
func (r *room) Send(m protocol.Message) {
	c := r.c
	c.mu.Lock()
	defer c.kick()
	defer c.mu.Unlock()
	if c.closed || r.gone {
		return
	}
	if err := r.st.Apply(m); err != nil {
		c.appendLine(r.name, "error: "+err.Error())
		return
	}
	r.st.Chat = nil // the lines are printed; nothing needs them again
	r.st.Errors = nil
	if r.catching {
		switch m.(type) {
		case protocol.Event, protocol.Room, protocol.Chat:
			return // the past: caughtUp prints the present
		}
	}
	switch m := m.(type) {
	case protocol.Welcome:
		c.appendLine(r.name, fmt.Sprintf("* room %s has the code %s: browser and app players join with it (link %s)", r.name, m.Code, m.Link))
	case protocol.Joined:
		c.appendLine(r.name, fmt.Sprintf("* you sit as %s. To take the seat back after a dropped connection: \"rejoin %s with %s\"", m.Colour, r.st.Code, m.Token))
	case protocol.Room:
		r.markDirty()
	case protocol.Event:
		if m.Game != r.st.Game {
			return
		}
		if _, ok := m.Event.(engine.RoundDealt); ok {
			clear(r.taking)
		}
		c.appendLine(r.name, "- "+eventLine(names{seats: r.st.Room.Seats, you: r.st.Room.You}, m.Event))
		r.markDirty()
		if d := r.st.View.Decision; d != nil && d.Kind == engine.DecideRow {
			if row, ok := r.taking[d.Card]; ok {
				game, card := r.st.Game, d.Card
				c.ops = append(c.ops, func() {
					r.peer.Handle(protocol.Act{Game: game, Action: engine.TakeRow(row)})
					c.mu.Lock()
					delete(r.taking, card)
					c.mu.Unlock()
				})
				select {
				case c.wakeOps <- struct{}{}:
				default:
				}
			}
		}
	case protocol.Chat:
		switch {
		case m.System:
			for _, l := range strings.Split(m.Text, "\n") {
				c.appendLine(r.name, "* "+l)
			}
		default:
			c.appendLine(r.name, fmt.Sprintf("<%s> %s", m.Name, m.Text))
		}
	case protocol.Error:
		c.appendLine(r.name, "error: "+errorText(m.Message))
	}
}

// caughtUp ends the catching up after a hello: the room's present is printed once, the table
// with its prompt.
func (r *room) caughtUp() {
	c := r.c
	c.mu.Lock()
	defer c.kick()
	defer c.mu.Unlock()
	if !r.catching {
		return
	}
	r.catching = false
	if r.gone || r.st.Code == "" {
		return
	}
	if r.st.Game > 0 {
		c.appendLine(r.name, fmt.Sprintf("* caught up with game %d: %s so far", r.st.Game, plural(len(r.st.Events), "event")))
	}
	r.markDirty()
}

func (r *room) markDirty() {
	if !r.dirty {
		r.dirty = true
		r.c.dirty = append(r.c.dirty, r)
	}
}

// appendTable appends the room's table and prompt, under c.mu.
func (r *room) appendTable(out []byte) []byte {
	if r.gone || r.st.Code == "" {
		return out
	}
	line := func(mark, text string) {
		out = append(out, '[')
		out = append(out, r.name...)
		out = append(out, "] "...)
		out = append(out, mark...)
		out = append(out, text...)
		out = append(out, '\r', '\n')
	}
	lines, p := table(&r.st, r.name), prompt(&r.st, r.name, r.taking)
	// The table again only when something the person must see changed: who is still awaited
	// alone is said by the lines of the choices ("Ann chose a card.").
	var key strings.Builder
	for _, l := range lines {
		if !strings.HasPrefix(l, "  waiting for ") {
			key.WriteString(l)
			key.WriteByte('\n')
		}
	}
	key.WriteString(p)
	if !r.force && key.String() == r.shown {
		return out
	}
	r.force, r.shown = false, key.String()
	for _, l := range lines {
		line("| ", l)
	}
	if p != "" {
		line("> ", p)
	}
	return out
}

// Close implements server.Sink: the room ends the connection's session in it (the connection
// stays open for its other rooms and commands).
func (r *room) Close(reason string) {
	c := r.c
	c.mu.Lock()
	if !r.gone {
		r.gone = true
		if reason == "" {
			reason = "closed"
		}
		c.appendLine(r.name, "* you are out of the room: "+reason)
	}
	c.mu.Unlock()
	c.kick()
	c.do(func() { c.drop(r) })
}

// drop ends the connection's session in r (run's goroutine).
func (c *conn) drop(r *room) {
	if c.rooms[r.key] == r {
		delete(c.rooms, r.key)
	}
	r.peer.Close()
}

var _ io.Closer = (*Server)(nil)
