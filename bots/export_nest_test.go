package bots

// NewExpertNested returns an Expert (NewExpert's defaults) whose playouts choose its own later
// cards by the nested search (bots/nested.go) when at most nest turns follow the decision's:
// nestN playouts a card, the root budget scaled by nestX. For the benchmarks of bots_test.
func NewExpertNested(seed uint64, nest, nestN int, nestX float64) *Expert {
	e := NewExpert(seed, ExpertOptions{})
	e.pol.nest, e.pol.nestN, e.pol.nestX = nest, nestN, nestX
	return e
}
