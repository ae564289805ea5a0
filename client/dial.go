//go:build !js

package client

import (
	"context"
	"fmt"
	"strings"

	"github.com/coder/websocket"
)

// DefaultBase is the server a native client talks to unless told otherwise: the one
// `go run ./cmd/server` starts.
func DefaultBase() string { return "ws://127.0.0.1:8080" }

// DialTransport opens the WebSocket of Dial and returns it as a Transport (tests wrap it to
// record every byte received).
func DialTransport(ctx context.Context, base, code string) (Transport, error) {
	u := strings.TrimSuffix(base, "/") + "/ws"
	if code != "" {
		u += "/" + code
	}
	c, _, err := websocket.Dial(ctx, u, nil)
	if err != nil {
		return nil, fmt.Errorf("client: dial %s: %w", u, err)
	}
	// The server's events of a long game can be large (a 10-seat deal); its messages are trusted.
	c.SetReadLimit(1 << 20)
	return wsTransport{c}, nil
}

type wsTransport struct{ c *websocket.Conn }

func (t wsTransport) Read(ctx context.Context) ([]byte, error) {
	_, b, err := t.c.Read(ctx)
	return b, err
}

func (t wsTransport) Write(ctx context.Context, b []byte) error {
	return t.c.Write(ctx, websocket.MessageText, b)
}

func (t wsTransport) Close() error { return t.c.Close(websocket.StatusNormalClosure, "") }
