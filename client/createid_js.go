//go:build js

package client

import "syscall/js"

// newCreateID returns a fresh, unguessable create ID (protocol.CheckCreateID) like the native
// build's crypto/rand.Text: 26 base32 characters, 130 random bits, here from the page's
// crypto.getRandomValues (the source Go's runtime seeds itself from in the browser). crypto/rand
// would add its FIPS module, ~95 KB of code, to the wasm (#13).
func newCreateID() string {
	const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"
	a := js.Global().Get("Uint8Array").New(26)
	js.Global().Get("crypto").Call("getRandomValues", a)
	b := make([]byte, 26)
	js.CopyBytesToGo(b, a)
	for i := range b {
		b[i] = alphabet[b[i]%32]
	}
	return string(b)
}
