package store

import "fmt"

// Loader assembles rooms from the rows a store reads: the rooms, then their current games' log
// entries in order, then their chat lines in order.
type Loader struct {
	rooms []Room
	index map[string]int
}

// AddRoom adds a room's metadata.
func (l *Loader) AddRoom(code string, game int, meta []byte) {
	if l.index == nil {
		l.index = map[string]int{}
	}
	l.index[code] = len(l.rooms)
	l.rooms = append(l.rooms, Room{Code: code, Game: game, Meta: meta})
}

// AddEntry adds entry n of a room's log; entries come in order from 0, and a gap is an error.
func (l *Loader) AddEntry(code string, n, kind int, data []byte) error {
	i, ok := l.index[code]
	if !ok {
		return nil
	}
	r := &l.rooms[i]
	if n != len(r.Log) {
		return fmt.Errorf("store: room %s: log entry %d missing", code, len(r.Log))
	}
	r.Log = append(r.Log, Entry{Kind: EntryKind(kind), Data: data})
	return nil
}

// AddChat adds a room's chat line.
func (l *Loader) AddChat(code string, n int, data []byte) {
	if i, ok := l.index[code]; ok {
		l.rooms[i].Chat = append(l.rooms[i].Chat, ChatLine{N: n, Data: data})
	}
}

// Rooms returns the rooms assembled.
func (l *Loader) Rooms() []Room { return l.rooms }
