package store

import "fmt"

// loader assembles rooms from the rows SQLRooms reads: the rooms, then their current games' log
// entries in order, then their chat lines in order.
type loader struct {
	rooms []Room
	index map[string]int
}

// addRoom adds a room's metadata.
func (l *loader) addRoom(code string, game int, meta []byte) {
	if l.index == nil {
		l.index = map[string]int{}
	}
	l.index[code] = len(l.rooms)
	l.rooms = append(l.rooms, Room{Code: code, Game: game, Meta: meta})
}

// addEntry adds entry n of a room's log; entries come in order from 0, and a gap is an error.
func (l *loader) addEntry(code string, n, kind int, data []byte) error {
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

// addChat adds a room's chat line.
func (l *loader) addChat(code string, n int, data []byte) {
	if i, ok := l.index[code]; ok {
		l.rooms[i].Chat = append(l.rooms[i].Chat, ChatLine{N: n, Data: data})
	}
}
