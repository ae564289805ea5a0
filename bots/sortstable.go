package bots

// sortStable sorts a short list (a decision's candidate answers, the candidates still in a search)
// by cmp, keeping equal ones in order: an insertion sort, where slices.SortStableFunc would add a
// copy of its merge sort per element type to the web build (#13).
func sortStable[E any](s []E, cmp func(a, b E) int) {
	for i := 1; i < len(s); i++ {
		for j := i; j > 0 && cmp(s[j-1], s[j]) > 0; j-- {
			s[j], s[j-1] = s[j-1], s[j]
		}
	}
}
