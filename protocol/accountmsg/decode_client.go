//go:build !js

package accountmsg

import "nimmt/protocol"

// The server decodes the client's account messages (protocol.DecodeClient); the browser build
// never does, and leaving their decoders out of it keeps them out of the wasm, whose size has a
// budget (as protocol/lobby_decode.go does).
func init() {
	protocol.RegisterClient(map[string]func([]byte) (protocol.Message, error){
		TypeAccountNew:    dec[AccountNew],
		TypeSignIn:        dec[SignIn],
		TypePairCode:      dec[PairCode],
		TypePair:          dec[Pair],
		TypeListDevices:   dec[ListDevices],
		TypeRevoke:        dec[Revoke],
		TypeSetPassword:   dec[SetPassword],
		TypeRename:        dec[Rename],
		TypeExportAccount: dec[ExportAccount],
		TypeDeleteAccount: dec[DeleteAccount],
	})
}
