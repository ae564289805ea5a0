package protocol

// The account errors' codes (the account messages are in nimmt/protocol/accountmsg).
const (
	ErrSignIn    = "sign_in"    // no account has this secret, handle and password, or pairing code
	ErrNoAccount = "no_account" // the connection is not signed in
	ErrRevoked   = "revoked"    // the connection's device was revoked or its account deleted: it is closed
)

// RegisterServer adds the decoders of server message types another package defines
// (nimmt/protocol/accountmsg), which DecodeServer reads; RegisterClient those of client message
// types, which DecodeClient reads. A program links those messages only if it imports their
// package, which calls these from its init functions (they are not safe to call once decoding
// has started). They are apart so that a program that never decodes a client message (the
// browser build) does not link the client decoders (protocol/lobby_decode.go).
func RegisterServer(m map[string]func([]byte) (Message, error)) {
	for t, f := range m {
		serverTypes[t] = f
	}
}

// RegisterClient adds the decoders of client message types (see RegisterServer).
func RegisterClient(m map[string]func([]byte) (Message, error)) {
	for t, f := range m {
		clientTypes[t] = f
	}
}
