//go:build android || ios

package mobile

import ebitenmobile "github.com/hajimehoshi/ebiten/v2/mobile"

func init() {
	ebitenmobile.SetGame(theApp)
}
