package engine

// Ranking ranks seats by their totals, fewest bullheads first (the winners are 1st): places[s]
// is seat s's place, counting from 1; seats with equal totals share a place and the next place
// skips as many (totals 5, 9, 5, 12 give places 1, 3, 1, 4). Order lists the seats by place,
// ties in seat order.
func Ranking(totals []int) (places, order []int) {
	places = make([]int, len(totals))
	order = make([]int, len(totals))
	for s, t := range totals {
		p := 1
		for _, u := range totals {
			if u < t {
				p++
			}
		}
		places[s] = p
		order[s] = s
	}
	// Few seats (at most MaxSeats): an insertion sort, stable, by place.
	for i := 1; i < len(order); i++ {
		for j := i; j > 0 && places[order[j]] < places[order[j-1]]; j-- {
			order[j], order[j-1] = order[j-1], order[j]
		}
	}
	return places, order
}
