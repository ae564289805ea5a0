//go:build js

package scenes

import "nimmt/client"

// roomTransport dials the game server from the browser: none until the client package has the
// page's own WebSocket (client/dial_js.go); until then the menu's Play online is disabled here.
var roomTransport client.Dialer
