package server

import (
	"bytes"
	"context"
	"encoding/json"
	"math"
	"slices"
	"strconv"
	"sync"
	"time"

	"nimmt/engine"
	"nimmt/protocol"
	"nimmt/server/store"
)

// outbox is what a room has done and not yet told anyone, and what it has told. A change is
// made under the room's lock and staged here with what it stores; the room's lock is released
// while the store commits, so that the room answers others (a welcome, a chat line, the next
// action) meanwhile; a change's chat lines, room and events are sent to the connections only
// once its commit has returned, in the order the changes were made. One goroutine at a time
// commits a room's stages (flush), all those waiting at once in one store change, so that the
// room's log entries reach the store in order.
type outbox struct {
	r      *Room
	stages []stage
	cond   sync.Cond // on the room's lock: a stage was sent, or the flusher stopped
	busy   bool      // a flush runs
	inline bool      // the change being made is flushed by its caller's wait: push starts no goroutine
	seq    int       // the last stage made
	sent   int       // the last stage sent
	err    error     // the store refused the stages after sent: the room was reloaded

	// What every connection has been told, the durable room.
	room   protocol.Room   // the room as a spectator sees it (You -1)
	chat   []protocol.Chat // the last ChatLines lines, stored and sent
	game   *engine.Game    // the game whose events were sent, up to events
	gameN  int             // its number
	events int
}

// stage is one change of a room: what it stores, and what its connections hear once stored.
type stage struct {
	seq     int
	change  store.Change  // Code "": nothing to store
	metaBuf *bytes.Buffer // holds change.Meta; back to metaBufs once the store is done with it
	chat    []protocol.Chat
	room    protocol.Room
	game    *engine.Game
	gameN   int
	events  int
}

// init sets the outbox of r, as r is now: the room's state is durable (new or restored).
func (o *outbox) init(r *Room, chat []protocol.Chat) {
	o.r = r
	o.cond.L = &r.mu
	o.room = r.snapshot(-1)
	o.chat = chat
	o.game, o.gameN = r.game, r.Game
	if r.game != nil {
		o.events = r.game.EventCount()
	}
}

// push stages s (made under the room's lock) and returns its number: a change with nothing to
// store while nothing waits is sent at once; otherwise a flush commits it: the caller's wait
// when the caller set inline, else a goroutine.
func (o *outbox) push(s stage) int {
	o.seq++
	s.seq = o.seq
	if o.err != nil {
		return o.seq // the room was reloaded: nobody hears of this one
	}
	if s.change.Code == "" && len(o.stages) == 0 && !o.busy {
		o.send(&s)
		return s.seq
	}
	o.stages = append(o.stages, s)
	if !o.busy && !o.inline {
		o.busy = true
		go o.flushAsync()
	}
	return s.seq
}

// wait waits (under the room's lock, which it releases meanwhile) until stage seq was sent, or
// the store refused it. When no flush runs, the caller flushes, up to its stage: a handler's
// goroutine commits its own change, and no other goroutine is started for it.
func (o *outbox) wait(seq int) error {
	for o.sent < seq && o.err == nil {
		if !o.busy && len(o.stages) > 0 {
			o.busy = true
			o.flush(seq)
			continue
		}
		o.cond.Wait()
	}
	if o.sent >= seq {
		return nil
	}
	return o.err
}

// settle waits (under the room's lock) until no flush runs: every stage made is stored and sent,
// or refused.
func (o *outbox) settle() {
	for o.busy {
		o.cond.Wait()
	}
}

// flushAsync flushes on a goroutine of its own.
func (o *outbox) flushAsync() {
	o.r.mu.Lock()
	defer o.r.mu.Unlock()
	o.flush(0)
}

// flush (under the room's lock, with busy set by the caller) commits the stages, the ones of
// one game waiting at once in one change, and sends each once its commit returned, until none
// waits or, when until is not 0, stage until is sent: then a goroutine flushes the rest. A
// refused commit drops the stages and reloads the room from the store (unless the room is
// closed already: then it is another's).
func (o *outbox) flush(until int) {
	r := o.r
	for len(o.stages) > 0 {
		if until != 0 && o.sent >= until {
			go o.flushAsync() // busy stays set: the goroutine flushes the rest
			return
		}
		n, c := o.merge()
		if c.Code != "" {
			r.mu.Unlock()
			start := time.Now()
			err := r.hub.store.Commit(context.Background(), c)
			r.hub.metrics.stored(time.Since(start), err)
			r.mu.Lock()
			for i := range o.stages[:n] {
				if b := o.stages[i].metaBuf; b != nil && b.Cap() <= 64<<10 {
					metaBufs.Put(b)
				}
				o.stages[i].metaBuf = nil
			}
			if err != nil {
				r.hub.storeLog.failed(r.hub, r.hub.clock.Now(), err, "room", r.code)
				o.stages, o.err = nil, &storeFailure{err}
				if !r.closed {
					r.hub.reload(r)
				}
				break
			}
			r.hub.storeLog.ok()
		}
		for i := range o.stages[:n] {
			o.send(&o.stages[i])
		}
		o.stages = slices.Delete(o.stages, 0, n)
	}
	o.busy = false
	o.cond.Broadcast()
}

// metaBufs are the buffers a room's metadata is encoded in for the store.
var metaBufs = sync.Pool{New: func() any { return new(bytes.Buffer) }}

// merge returns how many of the first stages go in the next commit (those of one game) and
// their change together.
func (o *outbox) merge() (int, store.Change) {
	c := o.stages[0].change
	n := 1
	for ; n < len(o.stages); n++ {
		x := o.stages[n].change
		if x.Code == "" {
			continue
		}
		if c.Code == "" {
			c = x
			continue
		}
		if x.Game != c.Game {
			break
		}
		if x.Meta != nil {
			c.Meta = x.Meta
		}
		c.Entries = append(slices.Clip(c.Entries), x.Entries...)
		c.Chat = append(slices.Clip(c.Chat), x.Chat...)
	}
	return n, c
}

// send tells every connection of stage s, which is durable: its chat lines, the room if it
// changed, then the events they lack.
func (o *outbox) send(s *stage) {
	r := o.r
	for _, c := range s.chat {
		for p := range r.peers {
			if p.hears(r, &c) { // a seat p muted is not heard (moderation.go)
				p.sink.Send(c)
			}
		}
	}
	o.chat = append(o.chat, s.chat...)
	if n := len(o.chat) - ChatLines; n > 0 {
		o.chat = slices.Delete(o.chat, 0, n)
	}
	changed := !sameRoom(&s.room, &o.room)
	o.room = s.room
	o.game, o.gameN, o.events = s.game, s.gameN, s.events
	var room roomMessage
	var shared eventCache
	for p := range r.peers {
		if changed {
			x := s.room
			x.You = r.index(p.seat)
			if es, ok := p.sink.(encodedSink); ok && room.encode(&x) {
				es.SendSpliced(roomOpen, room.head, x.You, room.tail)
			} else {
				p.sink.Send(x)
			}
		}
		o.sendEvents(p, &shared)
	}
	o.sent = s.seq
	o.cond.Broadcast()
}

// sendEvents sends p the events of the game last sent from the next one it lacks. With shared
// (a broadcast's), each event is encoded once per audience for the connections that take
// encoded messages: shared keeps the encodings.
func (o *outbox) sendEvents(p *Peer, shared *eventCache) {
	if o.game == nil {
		return
	}
	if p.game != o.gameN {
		p.game, p.next = o.gameN, 0
	}
	seat := o.r.index(p.seat)
	es, _ := p.sink.(encodedSink)
	for i := max(p.next, 0); i < o.events; i++ {
		e, aud := o.game.EventFor(seat, i)
		if es == nil {
			p.sink.Send(protocol.Event{Game: o.gameN, Seq: i, Event: e})
			continue
		}
		if b := o.encodeEvent(i, aud, e, shared); b != nil {
			es.SendEncoded(b)
		}
	}
	p.next = max(p.next, o.events)
}

// encodeEvent returns event seq of the game last sent as its audience sees it (e), encoded
// (found in shared or added to it, unless shared is nil); nil if it cannot be encoded.
func (o *outbox) encodeEvent(seq, aud int, e engine.Event, shared *eventCache) []byte {
	if shared != nil {
		for _, x := range shared.e[:shared.n] {
			if x.game == o.gameN && x.seq == seq && x.audience == aud {
				return x.b
			}
		}
	}
	ev, err := engine.MarshalEvent(e)
	if err != nil {
		o.r.hub.opts.Log.Error("server: encode event", "room", o.r.code, "seq", seq, "err", err)
		return nil
	}
	b := protocol.EncodeEvent(o.gameN, seq, ev)
	if shared != nil && shared.n < len(shared.e) {
		shared.e[shared.n] = encodedEvent{game: o.gameN, seq: seq, audience: aud, b: b}
		shared.n++
	}
	return b
}

// sameRoom reports whether two snapshots are equal.
func sameRoom(a, b *protocol.Room) bool {
	if a.Code != b.Code || a.Settings != b.Settings || a.State != b.State || a.Game != b.Game || a.Host != b.Host ||
		a.You != b.You || a.Spectators != b.Spectators || a.Deadline != b.Deadline || a.StartAt != b.StartAt || !slices.Equal(a.Seats, b.Seats) {
		return false
	}
	if a.Result == nil || b.Result == nil {
		return a.Result == b.Result
	}
	return a.Result.Finished == b.Result.Finished && slices.Equal(a.Result.Totals, b.Result.Totals) &&
		slices.Equal(a.Result.Winners, b.Result.Winners)
}

// roomMessage is a room snapshot encoded once for all its connections: they differ only in
// "you", written between head and tail; roomOpen comes before head.
type roomMessage struct {
	head, tail []byte
	tried      bool
}

// youMark is the "you" written while encoding a roomMessage: no seat has it, and a name cannot
// hold the quote that opens it.
var youMark = []byte(`"you":` + strconv.Itoa(math.MinInt))

// encode encodes s (its You aside) unless done already, and reports whether it could.
func (m *roomMessage) encode(s *protocol.Room) bool {
	if !m.tried {
		m.tried = true
		x := *s
		x.You = math.MinInt
		// protocol.Encode's bytes, in pieces of the one encoding: roomOpen, head, you, tail.
		body, err := json.Marshal(x)
		if i := bytes.Index(body, youMark); err == nil && i >= 0 && bytes.Count(body, youMark) == 1 {
			m.head, m.tail = body[1:i+len(`"you":`)], body[i+len(youMark):]
		}
	}
	return m.head != nil
}

// roomOpen opens a room message as protocol.Encode writes it, before the fields of its body.
var roomOpen = []byte(`{"type":"` + protocol.TypeRoom + `",`)

// encodedSink is a Sink that sends messages already encoded (the WebSocket session): a room
// encodes an event once for all the connections that see it alike, and its snapshot once for
// all its connections.
type encodedSink interface {
	SendEncoded(b []byte)
	SendSpliced(open, head []byte, you int, tail []byte)
}

// encodedEvent is an event of the room's game encoded for one audience (engine.Game.EventFor).
type encodedEvent struct {
	game, seq, audience int
	b                   []byte
}

// eventCache holds the events a broadcast has encoded, for the connections after the first: the
// first 16 (a turn's events to a connection are fewer), on the broadcast's stack.
type eventCache struct {
	n int
	e [16]encodedEvent
}
