package server

import (
	"bytes"
	"encoding/json"
	"fmt"

	"nimmt/engine"
	"nimmt/protocol"
	"nimmt/server/store"
)

// journal is what a room has made and not yet staged to be stored — its game's log entries and
// its chat lines — and where the stored copy stands: the length of the game's log and the
// metadata as last staged. A room stages it with every update (Room.stage); the outbox stores
// what was staged before anyone hears of it.
type journal struct {
	logN     int             // entries of the current game's log in the store
	pending  []store.Entry   // entries made and not stored yet
	lastMeta []byte          // the metadata as stored, until lastKey is known (a restored room)
	lastKey  metaKey         // the metadata as last staged: an update that changed none of it skips JSON
	chat     []protocol.Chat // lines made and not staged yet
	chatN    int             // the number of the room's last line
}

// move logs seat's action.
func (j *journal) move(seat int, a engine.Action) error {
	data, err := json.Marshal(engine.Move{Seat: seat, Action: a})
	if err != nil {
		return fmt.Errorf("server: %w", err)
	}
	j.pending = append(j.pending, store.Entry{Kind: store.EntryMove, Data: data})
	return nil
}

// deal logs g's last deal.
func (j *journal) deal(g *engine.Game) error {
	d, _ := g.LastDeal() // not Record(): that copies the whole game
	data, err := json.Marshal(d)
	if err != nil {
		return fmt.Errorf("server: %w", err)
	}
	j.pending = append(j.pending, store.Entry{Kind: store.EntryDeal, Data: data})
	return nil
}

// newGame starts the log of a new game: the last one's entries are the store's to drop.
func (j *journal) newGame() {
	j.logN, j.pending = 0, nil
}

// say adds a line to the room's chat: it is stored, then sent to everyone, after the next update.
func (j *journal) say(c protocol.Chat) {
	j.chatN++
	c.N = j.chatN
	j.chat = append(j.chat, c)
}

// system adds a line from the room itself to the chat.
func (j *journal) system(text string) {
	j.say(protocol.Chat{Seat: -1, Text: text, System: true})
}

// stage moves what was made since the last stage into s — the chat lines, and the change for
// the store: the metadata m of room code when it changed, the log entries, the lines — and
// counts the entries as stored.
func (j *journal) stage(code string, m *meta, s *stage) error {
	s.chat, j.chat = j.chat, nil
	var enc []byte
	if !j.lastKey.same(m) {
		// Encoded into a pooled buffer, which the outbox puts back once the store is done.
		s.metaBuf = metaBufs.Get().(*bytes.Buffer)
		s.metaBuf.Reset()
		if err := json.NewEncoder(s.metaBuf).Encode(m); err != nil {
			return fmt.Errorf("server: %w", err)
		}
		enc = bytes.TrimSuffix(s.metaBuf.Bytes(), []byte("\n"))
		if string(enc) == string(j.lastMeta) {
			enc = nil
			metaBufs.Put(s.metaBuf)
			s.metaBuf = nil
		}
		j.lastMeta = nil
		j.lastKey.set(m)
	}
	if enc != nil || len(j.pending) > 0 || len(s.chat) > 0 {
		s.change = store.Change{Code: code, Game: m.Game, Meta: enc, First: j.logN, Entries: j.pending, ChatCap: ChatLines}
		for _, l := range s.chat {
			data, err := json.Marshal(l)
			if err != nil {
				return fmt.Errorf("server: %w", err)
			}
			s.change.Chat = append(s.change.Chat, store.ChatLine{N: l.N, Data: data})
		}
		j.logN += len(j.pending)
		j.pending = nil
	}
	return nil
}

// metaKey is the metadata in comparable pieces: an update compares it instead of encoding the
// metadata as JSON after every action. Result is compared by pointer: a room sets a new one.
type metaKey struct {
	settings protocol.Settings
	host     int
	state    string
	game     int
	result   *protocol.Result
	seats    []seatData
	startAt  int64
	kicked   int
}

// same reports whether the room's metadata is still what k was made of.
func (k *metaKey) same(m *meta) bool {
	if k.seats == nil || k.settings != m.Settings || k.host != m.Host || k.state != m.State || k.game != m.Game ||
		k.result != m.Result || len(k.seats) != len(m.Seats) || k.startAt != m.StartAt || k.kicked != len(m.Kicked) {
		return false
	}
	for i, s := range m.Seats {
		if k.seats[i] != s.seatData {
			return false
		}
	}
	return true
}

// set makes k the metaKey of m, reusing k's seats.
func (k *metaKey) set(m *meta) {
	seats := k.seats[:0]
	if seats == nil {
		seats = make([]seatData, 0, len(m.Seats))
	}
	for _, s := range m.Seats {
		seats = append(seats, s.seatData)
	}
	*k = metaKey{settings: m.Settings, host: m.Host, state: m.State, game: m.Game, result: m.Result, seats: seats,
		startAt: m.StartAt, kicked: len(m.Kicked)}
}
