//go:build !js

package scenes

import "nimmt/client"

// roomTransport dials the game server's WebSocket (github.com/coder/websocket).
var roomTransport client.Dialer = client.DialTransport
