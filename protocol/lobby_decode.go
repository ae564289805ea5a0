//go:build !js

package protocol

// The server decodes the client's messages of public play (DecodeClient); the browser build
// (js/wasm) never does, and leaving their decoders out of it keeps 7.4 KB (gzip -9) out of the
// wasm, whose size has a budget (docs/PERFORMANCE.md). Clients encode them with Encode, as any
// message.
func init() {
	clientTypes[TypeLobby] = dec[Lobby]
	clientTypes[TypeQuick] = dec[Quick]
	clientTypes[TypeSit] = dec[Sit]
	clientTypes[TypeKick] = dec[Kick]
	clientTypes[TypeMute] = dec[Mute]
	clientTypes[TypeUnmute] = dec[Unmute]
	clientTypes[TypeReport] = dec[Report]
}
