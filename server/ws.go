package server

import (
	"bufio"
	"context"
	"fmt"
	"net"
	"net/http"
	"net/netip"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/coder/websocket"

	"nimmt/netlimit"

	"nimmt/clock"
	"nimmt/protocol"
)

// HTTPOptions tune the WebSocket endpoint. The zero value is usable.
type HTTPOptions struct {
	// Origins are the origin host patterns (path.Match syntax, e.g. "example.com" or
	// "*.example.com") whose pages may open a WebSocket; the server's own host is always allowed.
	Origins []string
	// MaxConns caps the open WebSocket connections; 0 means 20,000. An upgrade past it is
	// answered 503.
	MaxConns int
	// PerAddr caps the open WebSocket connections of one client address, so that one address
	// cannot take every place; 0 means 32. An upgrade past it is answered 429.
	PerAddr int
	// FirstMessage closes a connection whose first message (hello or create) has not come this
	// long after it opened; 0 means 10 s.
	FirstMessage time.Duration
	// TrustedProxies are the addresses of the reverse proxies in front of the server: a request
	// from one of them names its client in X-Forwarded-For (or Forwarded), read from the right,
	// skipping the trusted proxies. From any other address these headers are ignored: the
	// client's address is the connection's.
	TrustedProxies []netip.Prefix
	// Rate is the messages per second a connection may send on average, with bursts of 4×Rate;
	// 0 means 10.
	Rate float64
	// IdleTimeout closes a connection that sent no message for this long (a client's answers to
	// the server's pings do not count); 0 means one hour.
	IdleTimeout time.Duration
	// PingInterval is how often the server pings each connection; one that has not answered a
	// ping by the next is closed. 0 means 30 s.
	PingInterval time.Duration
	// SendBytes is how many bytes of messages may wait for a slow connection before it is
	// closed (its client reconnects and resumes from its last event); 0 means 256 KiB.
	SendBytes int
	// Clock runs the idle time-out and the pings; nil means the wall clock. It is not the hub's
	// clock, so that a test moving the rooms' time by minutes does not time out its connections.
	Clock clock.Clock
	// Site serves every path outside /ws (the web build); nil answers a short text.
	Site http.Handler
}

// Handler returns the server's HTTP handler: the WebSocket endpoint /ws (create a room) and
// /ws/CODE (a room), and o.Site for every other path.
func (h *Hub) Handler(o HTTPOptions) http.Handler {
	o = o.withDefaults()
	ep := &endpoint{hub: h, opts: o, addrs: netlimit.NewAddrs(o.PerAddr)}
	mux := http.NewServeMux()
	mux.HandleFunc("GET /ws", func(w http.ResponseWriter, r *http.Request) { ep.serve(w, r, "") })
	mux.HandleFunc("GET /ws/{code}", func(w http.ResponseWriter, r *http.Request) {
		code := r.PathValue("code")
		if protocol.CheckCode(code) != nil {
			http.Error(w, "no such room", http.StatusNotFound)
			return
		}
		ep.serve(w, r, code)
	})
	site := o.Site
	if site == nil {
		site = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if r.URL.Path != "/" {
				http.NotFound(w, r)
				return
			}
			w.Header().Set("Content-Type", "text/plain; charset=utf-8")
			fmt.Fprintln(w, "nimmt game server: the game protocol is at /ws (docs/protocol.md); run `make web` to serve the game here too")
		})
	}
	mux.Handle("/", site)
	return mux
}

// withDefaults fills the zero fields with their defaults.
func (o HTTPOptions) withDefaults() HTTPOptions {
	if o.MaxConns == 0 {
		o.MaxConns = 20_000
	}
	if o.PerAddr == 0 {
		o.PerAddr = 32
	}
	if o.FirstMessage == 0 {
		o.FirstMessage = 10 * time.Second
	}
	if o.Rate == 0 {
		o.Rate = 10
	}
	if o.IdleTimeout == 0 {
		o.IdleTimeout = time.Hour
	}
	if o.PingInterval == 0 {
		o.PingInterval = 30 * time.Second
	}
	if o.SendBytes == 0 {
		o.SendBytes = 256 << 10
	}
	if o.Clock == nil {
		o.Clock = clock.Wall{}
	}
	return o
}

// endpoint is the WebSocket transport of a hub.
type endpoint struct {
	hub   *Hub
	opts  HTTPOptions
	conns atomic.Int64
	addrs *netlimit.Addrs
}

// frameConn is what a connection's session needs of its WebSocket: *websocket.Conn behind a
// corkConn in the server (wsConn), a fake in tests.
type frameConn interface {
	// Read returns the next data message.
	Read(ctx context.Context) (websocket.MessageType, []byte, error)
	// WriteBatch writes text messages, in as few system calls as it can. The messages' bytes
	// are the caller's again when it returns.
	WriteBatch(msgs [][]byte) error
	// Ping sends a ping and waits for its pong (answers are also reported to the session's
	// pong method as they are read).
	Ping(ctx context.Context) error
	// Close sends a close frame with the code and reason and closes the connection.
	Close(code websocket.StatusCode, reason string) error
	// CloseNow closes the connection without a close frame.
	CloseNow() error
}

func (e *endpoint) serve(w http.ResponseWriter, r *http.Request, code string) {
	m := e.hub.metrics
	if e.conns.Add(1) > int64(e.opts.MaxConns) {
		e.conns.Add(-1)
		m.Refused("ws", netlimit.Full)
		http.Error(w, "server full: too many connections; try again later", http.StatusServiceUnavailable)
		return
	}
	addr := clientAddr(r, e.opts.TrustedProxies)
	if !e.addrs.Take(addr) {
		e.conns.Add(-1)
		m.Refused("ws", netlimit.PerAddress)
		http.Error(w, "too many connections from your address; try again later", http.StatusTooManyRequests)
		return
	}
	done := func() {
		e.addrs.Done(addr)
		e.conns.Add(-1)
	}
	s := e.newSession()
	hw := &hijackWriter{ResponseWriter: w}
	c, err := websocket.Accept(hw, r, &websocket.AcceptOptions{
		OriginPatterns: e.opts.Origins,
		OnPongReceived: func(context.Context, []byte) { s.pong() },
	})
	if err != nil {
		done()
		return // Accept has answered the request
	}
	c.SetReadLimit(protocol.MaxMessageBytes)
	s.conn = &wsConn{c: c, cork: hw.conn}
	m.Conn("ws", 1)
	// The session runs in its own goroutine and the handler returns: net/http then lets go of
	// what it holds for the request (its buffers, the request, the response), which would
	// otherwise live as long as the connection.
	go func() {
		defer done()
		defer m.Conn("ws", -1)
		e.run(context.Background(), s, code, addr)
	}()
}

// newSession returns the session of a connection not started yet. Its first-message deadline
// counts from now, before the handshake: a client cannot see the connection open before its
// deadline has started, however late the session's goroutine runs.
func (e *endpoint) newSession() *wsSink {
	return &wsSink{clock: e.opts.Clock, max: e.opts.SendBytes, metrics: e.hub.metrics, done: make(chan struct{}), finished: make(chan struct{}),
		opened: e.opts.Clock.Now()}
}

// run serves a connection whose session is s (with its conn set) until it ends: the calling
// goroutine reads; a writer goroutine runs only while messages wait; one clock timer per
// connection sends the pings and enforces the idle time-out.
func (e *endpoint) run(ctx context.Context, s *wsSink, code, addr string) {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	s.ctx = ctx
	s.mu.Lock()
	s.lastRead = s.opened
	s.interval, s.idle, s.first = e.opts.PingInterval, e.opts.IdleTimeout, e.opts.FirstMessage
	if now := s.clock.Now(); !s.missedFirstLocked(now) { // a session started late may be past it
		s.armLocked(now)
	}
	s.mu.Unlock()
	p := e.hub.Connect(code, addr, s)
	e.read(p, s)
	p.Close()
	s.Close("")
	<-s.finished // the writer sends what was queued (a last error) before it closes
}

// read feeds the client's messages to the peer until the connection ends. The reader goroutine
// lives as long as the connection, so it only reads: each message is decoded and handled on a
// goroutine of its own (the reader waits for it, so messages are handled in order), whose deep
// stack — JSON, the engine, the bots, the store — is freed when it ends instead of staying with
// every idle connection.
func (e *endpoint) read(p *Peer, s *wsSink) {
	clock := e.hub.clock
	rate := newBucket(4*e.opts.Rate, e.opts.Rate, clock.Now())
	strikes := 0
	handled := make(chan bool)
	handle := func(typ websocket.MessageType, b []byte) bool {
		strike := func(code, msg, ref string) bool {
			s.Send(protocol.Error{Code: code, Message: msg, Ref: ref})
			strikes++
			if strikes >= 20 {
				s.Close("too many bad or excess messages")
				return false
			}
			return true
		}
		if typ != websocket.MessageText {
			return strike(protocol.ErrBadMessage, "server: send JSON text messages", "")
		}
		m, err := protocol.DecodeClient(b)
		if err != nil {
			return strike(protocol.ErrBadMessage, err.Error(), "")
		}
		if !rate.take(clock.Now()) {
			return strike(protocol.ErrLimit, "server: too many messages: slow down", m.Type())
		}
		p.Handle(m)
		return true
	}
	for {
		// No context: a context that can end makes the WebSocket library set up a watcher for
		// every read. The writer closes the connection when the session ends, which ends Read.
		typ, b, err := s.conn.Read(context.Background())
		if err != nil {
			return
		}
		select {
		case <-s.done:
			return
		default:
		}
		s.read()
		go func() { handled <- handle(typ, b) }()
		if !<-handled {
			return
		}
	}
}

// wsSink is a connection's session: the queue of encoded messages waiting for the connection,
// the writer goroutine that exists while it is not empty, and the timer that pings the client
// and closes it when idle.
type wsSink struct {
	conn     frameConn
	clock    clock.Clock
	metrics  *Metrics
	max      int // bytes that may wait
	ctx      context.Context
	done     chan struct{} // closed by Close
	finished chan struct{} // closed when the writer has closed the connection

	mu       sync.Mutex
	queue    *batch // the messages waiting; nil: none
	bytes    int
	writing  bool // a writer goroutine runs
	closing  bool
	reason   string
	interval time.Duration
	idle     time.Duration
	first    time.Duration // the first message's deadline after opened
	opened   time.Time
	greeted  bool      // the client's first message came
	lastRead time.Time // when the client's last message came
	pingAt   time.Time // when the last ping went; zero: none since the last pong
	pingDue  time.Time // when the next ping goes
	timer    clock.Stopper
}

// Send implements Sink: it encodes m and queues it; a connection with more than the byte cap
// waiting is closed (its client reconnects and resumes from its last event).
func (s *wsSink) Send(m protocol.Message) {
	b, err := protocol.Encode(m)
	if err != nil {
		return
	}
	s.SendEncoded(b)
}

// SendEncoded queues a message already encoded (b is not changed afterwards): a room encodes an
// event once for every connection that sees it alike.
func (s *wsSink) SendEncoded(b []byte) {
	s.enqueue(queued{b: b}, len(b))
}

// SendSpliced queues the message open, head, you as a number, tail (none changed afterwards): a
// room encodes its snapshot once for every connection, which differ only in "you". The writer
// puts the message together in a buffer it reuses.
func (s *wsSink) SendSpliced(open, head []byte, you int, tail []byte) {
	s.enqueue(queued{open: open, b: head, tail: tail, you: you, spliced: true}, len(open)+len(head)+len(tail)+4)
}

func (s *wsSink) enqueue(q queued, n int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closing {
		return
	}
	if s.bytes+n > s.max {
		s.closeLocked("too slow: reconnect")
		return
	}
	if s.queue == nil {
		s.queue = batches.Get().(*batch)
	}
	s.queue.q = append(s.queue.q, q)
	s.bytes += n
	s.startLocked()
}

// queued is a message waiting for a connection: b, or, spliced, open + b + you + tail.
type queued struct {
	open, b, tail []byte
	you           int
	spliced       bool
}

// batch is the messages waiting for a connection, and the buffers its writer puts them together
// in. Batches are pooled: a connection holds one only while messages wait.
type batch struct {
	q     []queued
	msgs  [][]byte
	arena []byte
}

var batches = sync.Pool{New: func() any { return &batch{q: make([]queued, 0, 8)} }}

// frames returns the batch's messages whole, the spliced ones put together in the batch's arena;
// they are valid until release.
func (b *batch) frames() [][]byte {
	size := 0
	for _, q := range b.q {
		if q.spliced {
			size += q.size()
		}
	}
	if cap(b.arena) < size { // one allocation at most (a batch new from the pool has none)
		b.arena = make([]byte, 0, max(size, 2<<10))
	}
	b.arena = b.arena[:0]
	for _, q := range b.q {
		if !q.spliced {
			b.msgs = append(b.msgs, q.b)
			continue
		}
		off := len(b.arena)
		b.arena = appendSpliced(b.arena, q.open, q.b, q.you, q.tail)
		b.msgs = append(b.msgs, b.arena[off:len(b.arena):len(b.arena)])
	}
	return b.msgs
}

// size returns the length of a spliced message put together.
func (q *queued) size() int {
	var digits [20]byte
	return len(q.open) + len(q.b) + len(strconv.AppendInt(digits[:0], int64(q.you), 10)) + len(q.tail)
}

// appendSpliced appends open, head, you as a decimal number and tail to dst.
func appendSpliced(dst, open, head []byte, you int, tail []byte) []byte {
	dst = append(dst, open...)
	dst = append(dst, head...)
	dst = strconv.AppendInt(dst, int64(you), 10)
	return append(dst, tail...)
}

// release returns the batch to the pool, holding on to no message.
func (b *batch) release() {
	clear(b.q)
	clear(b.msgs)
	b.q, b.msgs = b.q[:0], b.msgs[:0]
	if cap(b.arena) > 64<<10 {
		b.arena = nil
	}
	batches.Put(b)
}

// Close implements Sink: what is queued still goes out, then a close frame with the reason.
func (s *wsSink) Close(reason string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.closeLocked(reason)
}

func (s *wsSink) closeLocked(reason string) {
	if s.closing {
		return
	}
	s.closing, s.reason = true, reason
	close(s.done)
	if s.timer != nil {
		s.timer.Stop()
		s.timer = nil
	}
	s.startLocked()
}

// startLocked starts the writer unless it runs.
func (s *wsSink) startLocked() {
	if !s.writing {
		s.writing = true
		go s.write()
	}
}

// write sends the queued messages, a batch at a time, until the queue is empty; after a Close
// it closes the connection.
func (s *wsSink) write() {
	for {
		s.mu.Lock()
		batch := s.queue
		s.queue, s.bytes = nil, 0
		if batch == nil {
			if !s.closing {
				s.writing = false
				s.mu.Unlock()
				return
			}
			reason := s.reason
			s.mu.Unlock()
			code := websocket.StatusNormalClosure
			if reason != "" {
				code = websocket.StatusPolicyViolation
			}
			s.conn.Close(code, reason)
			close(s.finished)
			return
		}
		s.mu.Unlock()
		err := s.conn.WriteBatch(batch.frames())
		batch.release()
		if err != nil {
			s.mu.Lock()
			s.closeLocked("write failed")
			if s.queue != nil {
				s.queue.release()
			}
			s.queue, s.bytes = nil, 0
			s.mu.Unlock()
			s.conn.CloseNow()
			close(s.finished)
			return
		}
	}
}

// read notes that a message came from the client.
func (s *wsSink) read() {
	s.mu.Lock()
	s.lastRead = s.clock.Now()
	s.greeted = true
	s.mu.Unlock()
}

// pong notes that the client answered a ping.
func (s *wsSink) pong() {
	s.mu.Lock()
	s.pingAt = time.Time{}
	s.mu.Unlock()
}

// armLocked sets the timer for the next ping or the idle time-out, whichever comes first.
func (s *wsSink) armLocked(now time.Time) {
	if !s.pingDue.After(now) {
		s.pingDue = now.Add(s.interval)
	}
	d := min(s.pingDue.Sub(now), s.lastRead.Add(s.idle).Sub(now))
	if !s.greeted {
		d = min(d, s.opened.Add(s.first).Sub(now))
	}
	s.timer = s.clock.AfterFunc(max(d, 0), s.tick)
}

// missedFirstLocked closes the connection and reports true when its first message has not come
// by its deadline at now.
func (s *wsSink) missedFirstLocked(now time.Time) bool {
	if s.greeted || now.Before(s.opened.Add(s.first)) {
		return false
	}
	s.metrics.Refused("ws", "first_message")
	s.closeLocked(fmt.Sprintf("no hello or create within %v", s.first))
	return true
}

// tick runs on the connection's timer: it closes an idle connection and one that did not answer
// the last ping, and sends a ping when one is due.
func (s *wsSink) tick() {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closing {
		return
	}
	now := s.clock.Now()
	switch {
	case s.missedFirstLocked(now):
		return
	case !now.Before(s.lastRead.Add(s.idle)):
		s.metrics.Refused("ws", "idle")
		s.closeLocked(fmt.Sprintf("idle: no message for %v", s.idle))
		return
	case !s.pingAt.IsZero() && !now.Before(s.pingAt.Add(s.interval)):
		s.closeLocked("no answer to ping")
		return
	case now.Before(s.pingDue): // the first-message deadline's tick: no ping due yet
	case s.pingAt.IsZero():
		s.pingAt = now
		s.pingDue = now.Add(s.interval)
		ctx, conn, wait := s.ctx, s.conn, s.interval
		go func() { // lives until the pong (or the connection's end): the answer is seen by pong
			pctx, cancel := context.WithTimeout(ctx, wait)
			defer cancel()
			conn.Ping(pctx)
		}()
	}
	s.armLocked(now)
}

// wsConn is a *websocket.Conn whose net.Conn is a corkConn, so that a batch of messages leaves
// in one write.
type wsConn struct {
	c    *websocket.Conn
	cork *corkConn
}

func (w *wsConn) Read(ctx context.Context) (websocket.MessageType, []byte, error) {
	return w.c.Read(ctx)
}

// writeWait bounds writing a batch to a client.
const writeWait = 10 * time.Second

func (w *wsConn) WriteBatch(msgs [][]byte) error {
	w.cork.cork()
	for _, b := range msgs {
		// Corked, a write only appends to the batch: it does not block on the network.
		if err := w.c.Write(context.Background(), websocket.MessageText, b); err != nil {
			w.cork.uncork()
			return err
		}
	}
	return w.cork.uncork()
}

func (w *wsConn) Ping(ctx context.Context) error { return w.c.Ping(ctx) }

func (w *wsConn) Close(code websocket.StatusCode, reason string) error {
	return w.c.Close(code, reason)
}

func (w *wsConn) CloseNow() error { return w.c.CloseNow() }

// hijackWriter hands websocket.Accept a corkConn over the hijacked connection, with small
// buffers: the WebSocket library reads frame headers through the reader and writes each frame
// through the writer, and messages here are small.
type hijackWriter struct {
	http.ResponseWriter
	conn *corkConn
}

// Hijack implements http.Hijacker.
func (h *hijackWriter) Hijack() (net.Conn, *bufio.ReadWriter, error) {
	hj, ok := h.ResponseWriter.(http.Hijacker)
	if !ok {
		return nil, nil, fmt.Errorf("server: %T cannot be hijacked", h.ResponseWriter)
	}
	c, brw, err := hj.Hijack()
	if err != nil {
		return nil, nil, err
	}
	h.conn = &corkConn{Conn: c}
	br := brw.Reader
	if br.Buffered() == 0 { // nothing read ahead to keep: a smaller buffer does
		br = bufio.NewReaderSize(h.conn, 256)
	}
	return h.conn, bufio.NewReadWriter(br, bufio.NewWriterSize(h.conn, 256)), nil
}

// corkConn is a net.Conn whose writes, while corked, collect in a buffer that uncork writes at
// once.
type corkConn struct {
	net.Conn
	mu     sync.Mutex
	corked bool
	buf    *[]byte
}

var batchBufs = sync.Pool{New: func() any { b := make([]byte, 0, 4<<10); return &b }}

func (c *corkConn) cork() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.corked = true
	c.buf = batchBufs.Get().(*[]byte)
}

// uncork writes what collected.
func (c *corkConn) uncork() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.corked = false
	b := c.buf
	c.buf = nil
	err := c.writeLocked(*b)
	if cap(*b) <= 64<<10 {
		*b = (*b)[:0]
		batchBufs.Put(b)
	}
	return err
}

// Write implements net.Conn.
func (c *corkConn) Write(p []byte) (int, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.corked {
		*c.buf = append(*c.buf, p...)
		return len(p), nil
	}
	if err := c.writeLocked(p); err != nil {
		return 0, err
	}
	return len(p), nil
}

func (c *corkConn) writeLocked(p []byte) error {
	if len(p) == 0 {
		return nil
	}
	c.Conn.SetWriteDeadline(time.Now().Add(writeWait))
	_, err := c.Conn.Write(p)
	return err
}

// clientAddr returns the address of the client of r: the connection's, or — when the connection
// comes from a trusted proxy — the last address of X-Forwarded-For (or Forwarded's for=) that is
// not a trusted proxy, read from the right, since each proxy appends the address it saw.
func clientAddr(r *http.Request, trusted []netip.Prefix) string {
	peer := netlimit.Host(r.RemoteAddr)
	if len(trusted) == 0 {
		return peer
	}
	ip, err := netip.ParseAddr(peer)
	if err != nil || !inPrefixes(ip.Unmap(), trusted) {
		return peer
	}
	hops := forwardedFor(r.Header)
	for i := len(hops) - 1; i >= 0; i-- {
		a, err := netip.ParseAddr(hops[i])
		if err != nil {
			return peer // not an address: the proxy's own record is unusable
		}
		if a = a.Unmap(); !inPrefixes(a, trusted) {
			return a.String()
		}
	}
	return peer
}

func inPrefixes(a netip.Addr, ps []netip.Prefix) bool {
	for _, p := range ps {
		if p.Contains(a) {
			return true
		}
	}
	return false
}

// forwardedFor returns the client addresses of a request's X-Forwarded-For headers, or, without
// them, of its Forwarded headers' for= (RFC 7239), left to right, without ports and brackets.
func forwardedFor(h http.Header) []string {
	var out []string
	if xs := h.Values("X-Forwarded-For"); len(xs) > 0 {
		for _, x := range xs {
			for _, a := range strings.Split(x, ",") {
				out = append(out, strings.TrimSpace(a))
			}
		}
		return out
	}
	for _, x := range h.Values("Forwarded") {
		for _, elem := range strings.Split(x, ",") {
			for _, pair := range strings.Split(elem, ";") {
				k, v, ok := strings.Cut(strings.TrimSpace(pair), "=")
				if !ok || !strings.EqualFold(k, "for") {
					continue
				}
				v = strings.Trim(v, `"`)
				if strings.HasPrefix(v, "[") { // "[2001:db8::1]:4711"
					v, _, _ = strings.Cut(v[1:], "]")
				} else if h, _, err := net.SplitHostPort(v); err == nil {
					v = h
				}
				out = append(out, v)
			}
		}
	}
	return out
}
