package online

import (
	"strconv"
	"strings"

	"nimmt/client"
	"nimmt/msg"
	"nimmt/protocol"
	"nimmt/scenes/ui"
)

// roomMod is the room screen's moderation (docs/protocol.md "Moderation"): the "…" on another
// person's seat line chooses that seat, and the bottom row then offers Kick (the host's: a bot
// takes the seat and the person cannot come back), Mute or Unmute (for this connection only)
// and Report (the seat's last chat line, to the server's operator), which then offers the
// reasons. The "…" again, or Esc, puts the row back.
type roomMod struct {
	// seat is the seat chosen (-1: none); reasons says the report's reasons are offered.
	seat    int
	reasons bool
	// muted are the seats this connection muted (by name: a seat's index stays, its person may
	// change).
	muted map[string]bool
}

// reasonName is a report reason of the protocol's list (protocol.ReportReasons) in the
// person's language; ok is false for a reason the game cannot name, which it does not offer.
func reasonName(reason string) (id msg.ID, ok bool) {
	switch reason {
	case protocol.ReasonSpam:
		return msg.RoomReasonSpam, true
	case protocol.ReasonInsults:
		return msg.RoomReasonAbuse, true
	case protocol.ReasonOther:
		return msg.RoomReasonOther, true
	}
	return msg.None, false
}

// open reports whether a seat is chosen.
func (m *roomMod) open() bool { return m.seat >= 0 }

// close puts the bottom row back.
func (m *roomMod) close() { m.seat, m.reasons = -1, false }

// moderated reports whether seat s has a "…": another person's seat, the room open and its link
// not ended for good.
func (r *Room) moderated(s int) bool {
	rm := r.State()
	return r.Opened && r.Status.Phase != client.LinkFailed && s < len(rm.Seats) && s != rm.You && rm.Seats[s].Kind == protocol.KindPerson
}

// lastLine is the number of seat s's last chat line the link holds (0: none).
func (r *Room) lastLine(s int) int {
	rm := r.State()
	chat := r.Link.State().Chat
	for i := len(chat) - 1; i >= 0; i-- {
		if c := chat[i]; !c.System && c.N > 0 && c.Seat == s && s < len(rm.Seats) && c.Name == rm.Seats[s].Name {
			return c.N
		}
	}
	return 0
}

// buildMod adds the seat lines' "…" and, with a seat chosen, the bottom row's choices; it
// reports whether the bottom row is taken.
func (r *Room) buildMod() bool {
	m := &r.mod
	l := &r.lay
	for s, line := range l.Seats {
		if r.moderated(s) {
			kind := 0
			if s == m.seat {
				kind = ui.KindPrimary // the seat chosen stands out
			}
			r.add("mod-"+strconv.Itoa(s), "…", line.Remove, true, kind)
		}
	}
	if m.open() && !r.moderated(m.seat) {
		m.close() // the person left, or was kicked
	}
	if !m.open() {
		return false
	}
	if m.reasons {
		i := 0
		for _, reason := range protocol.ReportReasons {
			if id, ok := reasonName(reason); ok && i < len(l.Buttons) {
				r.add("reason-"+reason, id.Text(), l.Buttons[i], true, 0)
				i++
			}
		}
		return true
	}
	if r.Host() {
		r.add("kick", msg.RoomKick.Text(), l.Buttons[0], true, 0)
	}
	mute := msg.RoomMute
	if m.muted[r.State().Seats[m.seat].Name] {
		mute = msg.RoomUnmute
	}
	r.add("mute", mute.Text(), l.Buttons[1], true, 0)
	r.add("report", msg.RoomReport.Text(), l.Buttons[2], r.lastLine(m.seat) > 0, 0)
	return true
}

// activateMod does what a moderation button does; it reports whether id was one.
func (r *Room) activateMod(id string) bool {
	m := &r.mod
	switch {
	case strings.HasPrefix(id, "mod-"):
		s, _ := strconv.Atoi(strings.TrimPrefix(id, "mod-"))
		if m.seat == s {
			m.close()
		} else {
			m.seat, m.reasons = s, false
		}
	case !m.open():
		return false
	case id == "kick":
		r.Link.Send(protocol.Kick{Seat: m.seat})
		m.close()
	case id == "mute":
		name := r.State().Seats[m.seat].Name
		if m.muted == nil {
			m.muted = map[string]bool{}
		}
		if m.muted[name] {
			r.Link.Send(protocol.Unmute{Seat: m.seat})
			delete(m.muted, name)
		} else {
			r.Link.Send(protocol.Mute{Seat: m.seat})
			m.muted[name] = true
		}
		m.close()
	case id == "report":
		m.reasons = true
	case strings.HasPrefix(id, "reason-"):
		if n := r.lastLine(m.seat); n > 0 {
			r.Link.Send(protocol.Report{N: n, Reason: strings.TrimPrefix(id, "reason-")})
		}
		m.close()
	default:
		return false
	}
	return true
}

// remute mutes again, on a new connection, the seats muted on the last one.
func (r *Room) remute() {
	for i, s := range r.State().Seats {
		if r.mod.muted[s.Name] {
			r.Link.Send(protocol.Mute{Seat: i})
		}
	}
}

// modLine is what the status line says while the report's reasons are offered.
func (r *Room) modLine() (msg.Message, bool) {
	if m := &r.mod; m.open() && m.reasons {
		return msg.New(msg.RoomReportWhy, r.State().Seats[m.seat].Name), true
	}
	return msg.Message{}, false
}
