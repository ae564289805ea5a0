package engine

// The placement rule, once: where a card goes on the rows and what it does there, by the
// variant's rules. Game places every card by it; View.Land and Placer.Land answer the same
// question for bots, advisors and the table's landing preview. State, the fast path, plays the
// basic rules on its own fixed-size rows; TestStateAgreesWithGame ties the two.

// Landing is the full outcome of placing one card on the rows.
//
// A card that fits a row (TooLow false) goes to Row: at its right end, or in Professional at its
// left end (Left), or in Double on top of its twin at the right end, in the same place (OnTwin).
// It takes the row first (Takes) when it would be the row's sixth place (rule 3); a card on its
// twin never does. A card lower than every row (TooLow, rule 4) takes a row of its seat's
// choice, any of the four: Row is then the cheapest row (CheapestRow), the usual answer, and
// Bullheads what that row costs; choosing row i instead costs SumBullheads(rows[i]).
type Landing struct {
	// Row is the row the card goes to (with TooLow: the cheapest row, one choice of four).
	Row int
	// Left reports that the card goes to Row's left end (Professional); it still does when it
	// takes the row, after which it starts the row.
	Left bool
	// OnTwin reports that the card goes on top of its twin, the last card of Row (Double).
	OnTwin bool
	// Takes reports that the card takes Row's cards before it is placed: as the sixth card
	// (rule 3) or, with TooLow, as the card lower than every row (rule 4).
	Takes bool
	// TooLow reports that the card fits no row and its seat chooses the row it takes (rule 4).
	TooLow bool
	// Pos is the index among Row's cards (after any take) at which the card is inserted, as
	// CardPlaced.Pos reports it: 0 at the left end and after a take, else the row's length.
	Pos int
	// Slot is the place the card fills in Row once placed, counting stacked twins as one place
	// (Places): 0 at the left end and after a take, the twin's place on a twin, else Places(row).
	Slot int
	// Bullheads are the bullheads of the row the card takes (0 when Takes is false): what its
	// seat takes, except that twins played together (Double) take Shared each and that in the
	// Hand variant the seat may put some of the cards in its hand instead of its pile.
	Bullheads int
}

// Shared returns what each of two twins played together takes when they take a row together
// (Double): half the row's bullheads, rounded up.
func (l Landing) Shared() int { return (l.Bullheads + 1) / 2 }

// Places returns how many places a row's cards fill: twins stacked on each other (Double) count
// once. The sixth place takes the row (rule 3).
func Places(row []Card) int {
	n := 0
	for i, c := range row {
		if i == 0 || row[i-1] != c {
			n++
		}
	}
	return n
}

// CheapestRow returns the row with the fewest bullheads; ties go to the row with fewer cards,
// then to the lower row number. It is the usual answer to rule 4 and State.CheapestRow's rule.
func CheapestRow(rows *[NumRows][]Card) int {
	best, bestB, bestN := 0, 1<<30, 0
	for i, r := range rows {
		if b := SumBullheads(r); b < bestB || (b == bestB && len(r) < bestN) {
			best, bestB, bestN = i, b, len(r)
		}
	}
	return best
}

// Land returns the outcome of placing card c on the view's rows now.
func (v *View) Land(c Card) Landing {
	p := NewPlacer(v.Config)
	return p.Land(&v.Rows, c)
}

// Land returns the outcome of placing card c on rows now by the placer's variant. The row is
// found by rules 1 and 2 as the variant extends them: the row whose end is nearest to c, on its
// right (ascending) or, in Professional, its left (descending); in Double a row ending in c's twin
// takes c on top. A tie between a right end and a left end goes to the right end
// (docs/variants.md).
func (p *Placer) Land(rows *[NumRows][]Card, c Card) Landing {
	// The body is here, not in a wrapper, so that callers receive the Landing without a copy.
	r := &p.r
	row, diff, left := -1, 1<<30, false
	for i, cs := range rows {
		if len(cs) == 0 {
			continue
		}
		last := cs[len(cs)-1]
		if r.twins && last == c {
			return Landing{Row: i, OnTwin: true, Pos: len(cs), Slot: Places(cs) - 1}
		}
		if last < c && int(c-last) < diff {
			row, diff = i, int(c-last)
		}
	}
	if r.bothEnds {
		for i, cs := range rows {
			if len(cs) > 0 && cs[0] > c && int(cs[0]-c) < diff {
				row, diff, left = i, int(cs[0]-c), true
			}
		}
	}
	if row < 0 {
		l := landOn(rows, CheapestRow(rows))
		l.TooLow = true
		return l
	}
	cs := rows[row]
	n := len(cs)
	if r.twins {
		n = Places(cs)
	}
	switch {
	case n >= RowLimit:
		return Landing{Row: row, Left: left, Takes: true, Bullheads: SumBullheads(cs)}
	case left:
		return Landing{Row: row, Left: true}
	}
	return Landing{Row: row, Pos: len(cs), Slot: n}
}

// landOn is the landing of a card lower than every row whose seat takes row (rule 4).
func landOn(rows *[NumRows][]Card, row int) Landing {
	return Landing{Row: row, Takes: true, TooLow: true, Bullheads: SumBullheads(rows[row])}
}
