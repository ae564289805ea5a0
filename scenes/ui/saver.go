package ui

import "sync"

// Saver writes files in the background so that a slow disk (the desktop storage syncs every
// file) never stalls Update. The latest data for a name wins; Flush waits for everything queued.
type Saver struct {
	st      Storage
	mu      sync.Mutex
	pending map[string]func() ([]byte, error)
	order   []string
	// idle is closed once the writer has written everything queued; nil while none runs. (A
	// channel, not a sync.Cond: that would add ~2 KB (gzip) to the wasm, #25.)
	idle    chan struct{}
	lastErr error
	// wake wakes the game loop when a write failed (its notice must be shown).
	wake func()
}

// NewSaver writes to st; wake (nil: none) is called from the writer goroutine after a write fails.
func NewSaver(st Storage, wake func()) *Saver {
	return &Saver{st: st, pending: map[string]func() ([]byte, error){}, wake: wake}
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
	if s.idle == nil {
		s.idle = make(chan struct{})
		go s.run(s.idle)
	}
}

// run writes what is queued, then closes idle.
func (s *Saver) run(idle chan struct{}) {
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
	s.idle = nil
	failed := s.lastErr != nil
	s.mu.Unlock()
	close(idle)
	if failed && s.wake != nil {
		s.wake()
	}
}

// Flush waits until every queued file is written.
func (s *Saver) Flush() {
	for {
		s.mu.Lock()
		idle := s.idle
		s.mu.Unlock()
		if idle == nil {
			return
		}
		<-idle
	}
}

// Err returns and clears the last write error.
func (s *Saver) Err() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	e := s.lastErr
	s.lastErr = nil
	return e
}
