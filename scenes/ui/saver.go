package ui

import "sync"

// Saver writes files in the background so that a slow disk (the desktop storage syncs every
// file) never stalls Update. The latest data for a name wins; Flush waits for everything queued.
type Saver struct {
	st      Storage
	mu      sync.Mutex
	pending map[string]func() ([]byte, error)
	order   []string
	busy    bool
	idle    *sync.Cond
	lastErr error
	// wake wakes the game loop when a write failed (its notice must be shown).
	wake func()
}

// NewSaver writes to st; wake (nil: none) is called from the writer goroutine after a write fails.
func NewSaver(st Storage, wake func()) *Saver {
	s := &Saver{st: st, pending: map[string]func() ([]byte, error){}, wake: wake}
	s.idle = sync.NewCond(&s.mu)
	return s
}

// save queues data for name and starts the writer if it is not running.
func (s *Saver) save(name string, data []byte) {
	s.SaveFunc(name, func() ([]byte, error) { return data, nil })
}

// SaveFunc queues a function that encodes the data for name; it runs on the writer goroutine,
// so it must only read values nothing else changes.
func (s *Saver) SaveFunc(name string, encode func() ([]byte, error)) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, ok := s.pending[name]; !ok {
		s.order = append(s.order, name)
	}
	s.pending[name] = encode
	if !s.busy {
		s.busy = true
		go s.run()
	}
}

func (s *Saver) run() {
	s.mu.Lock()
	for len(s.order) > 0 {
		name := s.order[0]
		s.order = s.order[1:]
		encode := s.pending[name]
		delete(s.pending, name)
		s.mu.Unlock()
		data, err := encode()
		if err == nil {
			err = s.st.Save(name, data)
		}
		s.mu.Lock()
		if err != nil {
			s.lastErr = err
		}
	}
	s.busy = false
	failed := s.lastErr != nil
	s.idle.Broadcast()
	s.mu.Unlock()
	if failed && s.wake != nil {
		s.wake()
	}
}

// Flush waits until every queued file is written.
func (s *Saver) Flush() {
	s.mu.Lock()
	for s.busy {
		s.idle.Wait()
	}
	s.mu.Unlock()
}

// Err returns and clears the last write error.
func (s *Saver) Err() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	e := s.lastErr
	s.lastErr = nil
	return e
}
