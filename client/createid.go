//go:build !js

package client

import "crypto/rand"

// newCreateID returns a fresh, unguessable create ID (protocol.CheckCreateID): 26 base32
// characters, 130 random bits.
func newCreateID() string { return rand.Text() }
