package protocol

// The account errors' codes (the account messages are in nimmt/protocol/accountmsg).
const (
	ErrSignIn    = "sign_in"    // no account has this secret, handle and password, or pairing code
	ErrNoAccount = "no_account" // the connection is not signed in
)

// Register adds the decoders of message types another package defines (nimmt/protocol/accountmsg):
// client's, which DecodeClient reads, and server's, which DecodeServer reads. A program links
// those messages only if it imports their package, which calls Register from its init function
// (Register is not safe to call once decoding has started).
func Register(client, server map[string]func([]byte) (Message, error)) {
	for t, f := range client {
		clientTypes[t] = f
	}
	for t, f := range server {
		serverTypes[t] = f
	}
}
