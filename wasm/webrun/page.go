//go:build js && wasm

package webrun

import (
	"errors"
	"syscall/js"
)

// CopyText puts s on the clipboard through navigator.clipboard (the room's link). The browser
// writes it after the call returns and may still refuse (a page not served over https, a denied
// permission); the error says when the clipboard is missing.
func CopyText(s string) error {
	c := js.Global().Get("navigator").Get("clipboard")
	if !c.Truthy() || !c.Get("writeText").Truthy() {
		return errors.New("webrun: this page has no clipboard (navigator.clipboard)")
	}
	c.Call("writeText", s)
	return nil
}

// Server is the game server that serves this page: its WebSocket base, ws://host or wss://host.
func Server() string {
	loc := js.Global().Get("location")
	host := loc.Get("host").String()
	if host == "" {
		return ""
	}
	if loc.Get("protocol").String() == "https:" {
		return "wss://" + host
	}
	return "ws://" + host
}

// RoomParam is the room code of the page's address (?room=CODE), or "".
func RoomParam() string {
	p := js.Global().Get("URLSearchParams").New(js.Global().Get("location").Get("search"))
	if v := p.Call("get", "room"); v.Type() == js.TypeString {
		return v.String()
	}
	return ""
}
