package server

import (
	"nimmt/protocol"
	"time"
)

// A create is idempotent when it carries an ID (protocol.Create.ID): the hub remembers for
// protocol.CreateMemory which room and seat each ID made, so a create sent again — its welcome
// was lost with the connection and the client's Link dials again — takes that seat back instead
// of making a second room. The memory is the process's: a create repeated across a server
// restart makes a new room.

// created is what a create ID made: the room's code, the host seat's token and colour. done is
// closed once the create is answered; ok says it made the room.
type created struct {
	done                chan struct{}
	ok                  bool
	code, token, colour string
	at                  time.Time
}

// claimCreate returns the create made with id, waiting for it if it is being made (wait), or
// reserves id for this create (mine: the caller makes the room, then calls settle). A create
// whose room failed frees the ID for the next attempt.
func (h *Hub) claimCreate(id string) (c *created, mine bool) {
	for {
		h.mu.Lock()
		now := h.clock.Now()
		for k, x := range h.creates {
			if x.ok && now.Sub(x.at) > protocol.CreateMemory {
				delete(h.creates, k)
			}
		}
		c = h.creates[id]
		if c == nil {
			c = &created{done: make(chan struct{}), at: now}
			h.creates[id] = c
			h.mu.Unlock()
			return c, true
		}
		h.mu.Unlock()
		<-c.done
		if c.ok {
			return c, false
		}
	}
}

// settle ends the create reserved for id: it made the room with the host's token and colour,
// or (code "") it failed and the ID is free again.
func (h *Hub) settle(id string, c *created, code, token, colour string) {
	h.mu.Lock()
	if code == "" {
		delete(h.creates, id)
	} else {
		c.ok, c.code, c.token, c.colour, c.at = true, code, token, colour, h.clock.Now()
	}
	h.mu.Unlock()
	close(c.done)
}

// recreate answers a create sent again: the connection takes the host's seat of the room the
// first made back, as a hello with its token would, and is told the token again.
func (p *Peer) recreate(m protocol.Create, c *created) {
	p.code = c.code
	p.hello(protocol.Hello{Version: m.Version, Token: c.token})
	if p.room != nil {
		p.sink.Send(protocol.Joined{Token: c.token, Colour: c.colour})
	}
}
