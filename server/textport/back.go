package textport

import "nimmt/protocol"

// backer is a sink that says itself that a remote session came back (the text port's room).
type backer interface{ back(line string) }

// back tells the sink that the session is back in the room after why ended its connection.
func (s *remote) back(why string) {
	line := "back in the room (" + why + ")"
	if b, ok := s.sink.(backer); ok {
		b.back(line)
		return
	}
	s.sink.Send(protocol.Chat{System: true, Text: line})
}

// back prints that the room's remote session came back, and with it the table and its prompt
// even when they have not changed: the person's answer may have been lost with the connection,
// and the prompt printed before is far up the screen. Both go out in one write.
func (r *room) back(line string) {
	c := r.c
	c.mu.Lock()
	defer c.kick()
	defer c.mu.Unlock()
	if c.closed || r.gone || r.catching {
		return
	}
	c.appendLine(r.name, "* "+line)
	r.force = true
	r.markDirty()
}
