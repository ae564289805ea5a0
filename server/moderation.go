package server

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"sync"
	"time"

	"nimmt/protocol"
	"nimmt/server/account"
	"nimmt/server/store"
)

// This file is moderation (docs/protocol.md "Moderation"): the host kicks (the seat goes to a
// bot, the person cannot come back into the room), anyone mutes a seat for themselves or
// reports a chat line (kept in the store with the lines before it), the operator bans an
// address or an account (cmd/server admin), and chat and seat names pass the word lists of
// assets/words (account.Filter).

// identities are who a connection is for kicks and bans: "addr:ADDRESS" and, when it is signed
// in to an account (account.go), "account:ID".
func (p *Peer) identities() []string {
	ids := []string{"addr:" + p.addr}
	if id := p.acct.ID(); id != "" {
		ids = append(ids, "account:"+id)
	}
	return ids
}

// maxKicked caps the identities a room keeps out.
const maxKicked = 64

// kickedOut reports whether p was kicked out of r (under r's lock).
func (m *meta) kickedOut(p *Peer) bool {
	for _, w := range p.identities() {
		if slices.Contains(m.Kicked, w) {
			return true
		}
	}
	return false
}

// errKicked refuses a person the host kicked out of the room.
var errKicked = refuse(protocol.ErrKicked, "the host kicked you out of this room")

// kick gives the person's seat i to a bot and keeps the person out of the room (the host asks).
func (r *Room) kick(i int) error {
	if i < 0 || i >= len(r.Seats) {
		return refuse(protocol.ErrBadMessage, "no seat %d (counting from 1)", i+1)
	}
	s := r.Seats[i]
	switch {
	case s.Kind != protocol.KindPerson:
		return refuse(protocol.ErrBadMessage, "seat %d holds a bot: remove_bot takes it away", i+1)
	case i == r.Host:
		return refuse(protocol.ErrBadMessage, "the host does not kick themselves")
	}
	var whos []string
	if s.addr != "" {
		whos = append(whos, "addr:"+s.addr)
	}
	if s.Account != "" {
		whos = append(whos, "account:"+s.Account)
	}
	for q := range r.peers {
		if q.seat == s {
			whos = append(whos, q.identities()...)
		}
	}
	for _, w := range whos {
		if !slices.Contains(r.Kicked, w) {
			r.Kicked = append(r.Kicked, w)
		}
	}
	if n := len(r.Kicked) - maxKicked; n > 0 {
		r.Kicked = slices.Delete(r.Kicked, 0, n)
	}
	name := s.Name
	bots := 0
	for _, x := range r.Seats {
		if x.Kind == protocol.KindBot {
			bots++
		}
	}
	b := botSeat(s.Level, bots+1)
	s.Name, s.Kind, s.Token, s.Account, s.Away, s.Resigned, s.addr = b.Name, protocol.KindBot, "", "", false, false, ""
	var out []*Peer
	for q := range r.peers {
		if q.seat == s {
			q.closed = true
			delete(r.peers, q)
			out = append(out, q)
		}
	}
	s.conns = 0
	r.journal.system(fmt.Sprintf("the host kicked %s out: %s plays the seat", name, s.Name))
	err := r.update()
	if err == nil {
		err = r.out.wait(r.out.seq) // stored before the kicked person hears of it
	}
	for _, q := range out {
		if err != nil { // not stored: the room is reloaded as it was, and they may come back
			q.sink.Close("the server could not store the last change; reconnect")
			continue
		}
		q.sink.Send(protocol.Error{Code: protocol.ErrKicked, Ref: protocol.TypeKick, Message: errKicked.Error()})
		q.sink.Close("kicked by the host")
	}
	return err
}

// mute hides seat i's chat lines from p, or shows them again.
func (p *Peer) mute(r *Room, i int, on bool) error {
	if i < 0 || i >= len(r.Seats) {
		return refuse(protocol.ErrBadMessage, "no seat %d (counting from 1)", i+1)
	}
	s := r.Seats[i]
	if s == p.seat {
		return refuse(protocol.ErrBadMessage, "you do not mute yourself")
	}
	if p.muted == nil {
		p.muted = map[*seat]bool{}
	}
	text := "you muted " + s.Name + ": their lines are hidden from you (only you)"
	if on {
		p.muted[s] = true
	} else {
		delete(p.muted, s)
		text = "you see " + s.Name + "'s lines again"
	}
	p.sink.Send(protocol.Chat{Seat: -1, Text: text, System: true})
	return nil
}

// hears reports whether p is sent chat line c of r (a seat it muted is not heard).
func (p *Peer) hears(r *Room, c *protocol.Chat) bool {
	return len(p.muted) == 0 || c.Seat < 0 || c.Seat >= len(r.Seats) || !p.muted[r.Seats[c.Seat]]
}

// maxReports caps the reports one connection makes.
const maxReports = 5

// reportLines is how many of the room's lines, up to the one reported, a report keeps.
const reportLines = 20

// reported is what a report stores (store.Report.Data).
type reported struct {
	Room     string          `json:"room"`
	N        int             `json:"n"`
	Reason   string          `json:"reason,omitempty"`
	Reporter reportedPerson  `json:"reporter"`
	Reported reportedPerson  `json:"reported"`
	Lines    []protocol.Chat `json:"lines"`
}

// reportedPerson is one side of a report.
type reportedPerson struct {
	Seat    int    `json:"seat"`
	Name    string `json:"name"`
	Addr    string `json:"addr,omitempty"`
	Account string `json:"account,omitempty"` // the account's ID, for "admin ban account:ID"
}

// report stores p's report of the room's chat line m.N with the lines before it.
func (p *Peer) report(r *Room, m protocol.Report) error {
	st := r.hub.lobby.st
	if st == nil {
		return refuse(protocol.ErrState, "this server keeps no reports")
	}
	if err := protocol.CheckReason(m.Reason); err != nil {
		return &codeError{code: protocol.ErrBadMessage, err: err}
	}
	i := slices.IndexFunc(r.out.chat, func(c protocol.Chat) bool { return c.N == m.N })
	if i < 0 {
		return refuse(protocol.ErrBadMessage, "line %d is not among the room's last %d", m.N, ChatLines)
	}
	line := r.out.chat[i]
	if line.System {
		return refuse(protocol.ErrBadMessage, "line %d is the room's own", m.N)
	}
	if p.reports >= maxReports {
		return refuse(protocol.ErrLimit, "a connection makes at most %d reports", maxReports)
	}
	rep := reported{Room: r.code, N: m.N, Reason: m.Reason, Lines: slices.Clone(r.out.chat[max(0, i+1-reportLines) : i+1]),
		Reporter: reportedPerson{Seat: r.index(p.seat), Name: "spectator", Addr: p.addr, Account: p.acct.ID()},
		Reported: reportedPerson{Seat: line.Seat, Name: line.Name}}
	if p.seat != nil {
		rep.Reporter.Name = p.seat.Name
	}
	if line.Seat >= 0 && line.Seat < len(r.Seats) && r.Seats[line.Seat].Name == line.Name {
		rep.Reported.Addr, rep.Reported.Account = r.Seats[line.Seat].addr, r.Seats[line.Seat].Account
	}
	data, err := json.Marshal(rep)
	if err != nil {
		return fmt.Errorf("server: %w", err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), takeWait)
	defer cancel()
	id, err := st.AddReport(ctx, store.Report{At: r.hub.clock.Now(), Room: r.code, Data: data})
	if err != nil {
		return refuse(protocol.ErrServer, "the report could not be stored: %v", err)
	}
	p.reports++
	p.sink.Send(protocol.Chat{Seat: -1, System: true, Text: fmt.Sprintf("report %d received: the server's operator reads it with the lines before it", id)})
	return nil
}

// chatText is the line a seat's text becomes in r: one of protocol.Phrases at a quick-match
// table, else the text with the word list's words masked.
func (m *meta) chatText(text string) (string, error) {
	if m.Settings.Quick {
		p, ok := protocol.Phrase(text)
		if !ok {
			return "", refuse(protocol.ErrBadMessage, "a quick-match table chats in phrases: %s", strings.Join(protocol.Phrases, " "))
		}
		return p, nil
	}
	return words.Mask(text), nil
}

// checkWords refuses a name that holds a word of the word lists.
func checkWords(name string) error {
	if words.Blocked(name) != "" {
		return fmt.Errorf("server: the name %q is not allowed here: choose another", name)
	}
	return nil
}

// words is the filter of the word lists of assets/words, the same as accounts' display names
// pass.
var words = account.NewFilter()

// banTTL is how long a connection's ban check is remembered: a ban holds for new connections
// within this time of its being stored.
const banTTL = 10 * time.Second

// banCache remembers the ban checks of the last banTTL.
type banCache struct {
	mu      sync.Mutex
	entries map[string]banEntry
}

type banEntry struct {
	ban    store.Ban
	banned bool
	at     time.Time
}

// banned answers a banned connection's first message with an error and closes it; it reports
// whether it did. A store that cannot say lets the connection in (and logs why).
func (p *Peer) banned(ref string) bool {
	l := p.hub.lobby
	if l.st == nil {
		return false
	}
	now := p.hub.clock.Now()
	key := strings.Join(p.identities(), " ")
	l.bans.mu.Lock()
	e, ok := l.bans.entries[key]
	l.bans.mu.Unlock()
	if !ok || now.Sub(e.at) >= banTTL {
		ctx, cancel := context.WithTimeout(context.Background(), takeWait)
		b, banned, err := l.st.Banned(ctx, p.identities(), now)
		cancel()
		if err != nil {
			p.hub.opts.Log.Error("server: ban check", "addr", p.addr, "err", err)
			return false
		}
		e = banEntry{ban: b, banned: banned, at: now}
		l.bans.mu.Lock()
		if len(l.bans.entries) > 10_000 {
			clear(l.bans.entries)
		}
		l.bans.entries[key] = e
		l.bans.mu.Unlock()
	}
	if !e.banned || (!e.ban.Until.IsZero() && !now.Before(e.ban.Until)) {
		return false
	}
	p.fail(protocol.ErrBanned, ref, fmt.Errorf("%s", banMessage(e.ban)))
	p.sink.Close("banned")
	return true
}
