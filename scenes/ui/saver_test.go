package ui

import (
	"errors"
	"sync"
	"testing"
)

// gateStore holds every Save until gate is closed, then records it; entered gets the first
// name saved.
type gateStore struct {
	gate    chan struct{}
	entered chan string
	mu      sync.Mutex
	saved   map[string]string
}

func (g *gateStore) Load(string) ([]byte, error) { return nil, errors.New("none") }

func (g *gateStore) Save(name string, data []byte) error {
	select {
	case g.entered <- name:
	default:
	}
	<-g.gate
	g.mu.Lock()
	defer g.mu.Unlock()
	if name == "bad" {
		return errors.New("disk full")
	}
	g.saved[name] = string(data)
	return nil
}

// TestSaverFlush: Flush waits for every queued file, also those queued while a write is under
// way; the latest data for a name wins; a failed write is reported once by Err and wakes the game.
func TestSaverFlush(t *testing.T) {
	st := &gateStore{gate: make(chan struct{}), entered: make(chan string, 1), saved: map[string]string{}}
	woken := make(chan struct{}, 1)
	s := NewSaver(st, func() { woken <- struct{}{} })
	s.save("a", []byte("1"))
	go func() {
		<-st.entered // the writer is inside Save("a")
		s.save("a", []byte("2"))
		s.save("bad", []byte("x"))
		s.save("b", []byte("3"))
		close(st.gate)
	}()
	s.Flush()
	st.mu.Lock()
	got := st.saved
	st.mu.Unlock()
	if got["a"] != "2" || got["b"] != "3" || len(got) != 2 {
		t.Fatalf("after Flush the store holds %v, want a=2 and b=3", got)
	}
	<-woken
	if err := s.Err(); err == nil || err.Error() != "disk full" {
		t.Errorf("Err = %v, want disk full", err)
	}
	if err := s.Err(); err != nil {
		t.Errorf("Err again = %v, want nil", err)
	}
	s.save("c", []byte("4"))
	s.Flush()
	if st.mu.Lock(); st.saved["c"] != "4" {
		t.Errorf("a second writer: c = %q", st.saved["c"])
	}
	st.mu.Unlock()
}
