package table

// moments are the moments of play the board shows beyond its cards (issue 25): the revealed
// cards' line, lowest first (reveal.go), and the row choice's feedback (rowpick.go).
type moments struct {
	reveal revealLine
	rows   rowPick
}
