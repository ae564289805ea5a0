package table

// moments are the moments of play the board shows beyond its cards (issue 25): the revealed
// cards' line, lowest first (reveal.go), the row choice's feedback (rowpick.go) and the seats'
// piles with their counts (piles.go).
type moments struct {
	reveal revealLine
	rows   rowPick
	piles  piles
}
