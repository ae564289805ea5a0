//go:build js

package client

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"syscall/js"
)

// DialTransport opens the page's own WebSocket (the browser's, through syscall/js) to the server
// at base (e.g. "wss://example.org") in the room with the code, or on the endpoint that makes
// rooms when code is empty. It pulls no network code into the wasm: the browser speaks TLS and
// HTTP.
func DialTransport(ctx context.Context, base, code string) (Transport, error) {
	u := strings.TrimSuffix(base, "/") + "/ws"
	if code != "" {
		u += "/" + code
	}
	ctor := js.Global().Get("WebSocket")
	if ctor.Type() != js.TypeFunction {
		return nil, errors.New("client: this page has no WebSocket")
	}
	t := &pageSocket{signal: make(chan struct{}, 1)}
	var err error
	func() {
		defer func() { // the constructor throws on a malformed URL
			if r := recover(); r != nil {
				err = fmt.Errorf("client: dial %s: %v", u, r)
			}
		}()
		t.ws = ctor.New(u)
	}()
	if err != nil {
		return nil, err
	}
	t.funcs = []js.Func{
		js.FuncOf(func(js.Value, []js.Value) any { t.opened(); return nil }),
		js.FuncOf(func(_ js.Value, a []js.Value) any { t.received(a[0].Get("data")); return nil }),
		js.FuncOf(func(js.Value, []js.Value) any { t.ended(errors.New("the connection failed")); return nil }),
		js.FuncOf(func(_ js.Value, a []js.Value) any { t.ended(closeError(a[0])); return nil }),
	}
	for i, ev := range []string{"open", "message", "error", "close"} {
		t.ws.Call("addEventListener", ev, t.funcs[i])
	}
	for {
		t.mu.Lock()
		open, end := t.open, t.err
		t.mu.Unlock()
		switch {
		case end != nil:
			t.Close()
			return nil, fmt.Errorf("client: dial %s: %w", u, end)
		case open:
			return t, nil
		}
		select {
		case <-t.signal:
		case <-ctx.Done():
			t.Close()
			return nil, fmt.Errorf("client: dial %s: %w", u, ctx.Err())
		}
	}
}

// pageSocket is a Transport over a browser WebSocket. The page calls its handlers on its own
// event loop; they only note what happened and wake the reader.
type pageSocket struct {
	ws     js.Value
	funcs  []js.Func
	signal chan struct{}

	mu     sync.Mutex
	open   bool
	frames [][]byte
	err    error // why the socket ended
	freed  bool
}

func (t *pageSocket) wake() {
	select {
	case t.signal <- struct{}{}:
	default:
	}
}

func (t *pageSocket) opened() {
	t.mu.Lock()
	t.open = true
	t.mu.Unlock()
	t.wake()
}

func (t *pageSocket) received(data js.Value) {
	if data.Type() != js.TypeString {
		return // the protocol's frames are text; the server sends no binary frame
	}
	t.mu.Lock()
	t.frames = append(t.frames, []byte(data.String()))
	t.mu.Unlock()
	t.wake()
}

func (t *pageSocket) ended(err error) {
	t.mu.Lock()
	if t.err == nil {
		t.err = err
	}
	t.mu.Unlock()
	t.wake()
}

// closeError says why the server or the browser closed the socket.
func closeError(ev js.Value) error {
	code, reason := ev.Get("code").Int(), ev.Get("reason").String()
	if reason == "" {
		return fmt.Errorf("closed (%d)", code)
	}
	return fmt.Errorf("closed (%d): %s", code, reason)
}

// Read returns the next frame; after the socket ended, the frames that arrived before go first.
func (t *pageSocket) Read(ctx context.Context) ([]byte, error) {
	for {
		t.mu.Lock()
		if len(t.frames) > 0 {
			b := t.frames[0]
			t.frames = t.frames[1:]
			t.mu.Unlock()
			return b, nil
		}
		err := t.err
		t.mu.Unlock()
		if err != nil {
			t.wake() // another Read waiting sees the end too
			return nil, err
		}
		select {
		case <-t.signal:
		case <-ctx.Done():
			return nil, ctx.Err()
		}
	}
}

// Write sends one text frame (the browser queues it).
func (t *pageSocket) Write(ctx context.Context, b []byte) error {
	t.mu.Lock()
	err := t.err
	t.mu.Unlock()
	if err != nil {
		return err
	}
	if s := t.ws.Get("readyState").Int(); s != 1 { // OPEN
		return fmt.Errorf("client: the socket is not open (state %d)", s)
	}
	t.ws.Call("send", string(b))
	return nil
}

// Close closes the socket and lets go of its handlers.
func (t *pageSocket) Close() error {
	t.mu.Lock()
	if t.freed {
		t.mu.Unlock()
		return nil
	}
	t.freed = true
	if t.err == nil {
		t.err = errors.New("closed")
	}
	t.mu.Unlock()
	t.ws.Call("close", 1000)
	for i, ev := range []string{"open", "message", "error", "close"} {
		t.ws.Call("removeEventListener", ev, t.funcs[i])
		t.funcs[i].Release()
	}
	t.wake()
	return nil
}

// DefaultBase is the page's own server: the origin that served the game, as ws:// or wss://.
func DefaultBase() string {
	loc := js.Global().Get("location")
	if loc.Type() != js.TypeObject {
		return ""
	}
	scheme := "ws://"
	if loc.Get("protocol").String() == "https:" {
		scheme = "wss://"
	}
	return scheme + loc.Get("host").String()
}
