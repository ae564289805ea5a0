//go:build !js

package bots

import "nimmt/engine"

// The learned leaf value (a knob of the screen, fourteenth #28 session): the bullheads a seat
// takes from the start of a turn to the end of the round, as a linear function of features of its
// hand on the table (leafFeatures), fitted on games of the Expert against MC100
// (bots/leaffit_screen_test.go). A playout with pol.vleaf stops vhz turns after the decision's
// and adds the value of the hand left.

// Bins of the counts of unseen cards the features use.
var gapBins = [...]int{0, 1, 2, 3, 5, 8, 13, 21} // lower bounds: 8 bins
var lowBins = [...]int{0, 1, 3, 6, 11, 21}       // 6 bins

func binOf(b []int, n int) int {
	i := 0
	for i+1 < len(b) && n >= b[i+1] {
		i++
	}
	return i
}

// Layout of the features: per card summed (leafPer), once plain and once scaled by the hand's size
// over 10, then the hand's size one-hot, then a bias.
const (
	fTgt     = 0                   // [free 0..4][gap bin]: a card that goes to a row
	fTgtBh   = fTgt + 5*8          // the same weighted by the row's bullheads
	fLow     = fTgtBh + 5*8        // [below bin]: a card lower than every row
	fLowBh   = fLow + 6            // the same weighted by the cheapest row's bullheads
	fStack   = fLowBh + 6          // [0..3+]: own cards before it into the same row's gap
	fRisk    = fStack + 4          // the risk policy's cost
	leafPer  = fRisk + 1           // per-card features
	fK       = 2 * leafPer         // [hand size 1..10]
	fBias    = fK + engine.MaxHand // 1
	leafFeat = fBias + 1
)

// leafFeatures fills f (leafFeat long, cleared first) with the features of seat's hand on st,
// the cards counted as seen.
func leafFeatures(st *engine.State, seat int, seen *cardSet, f []float32) {
	clear(f)
	var buf [engine.MaxHand]engine.Card
	cards := st.Hands[seat].Cards(buf[:0])
	k := len(cards)
	if k == 0 {
		f[fBias] = 1
		return
	}
	sc := float32(k) / 10
	var stack [engine.NumRows]int
	add := func(i int, x float32) { f[i] += x; f[leafPer+i] += x * sc }
	cheap := float32(st.Rows[st.CheapestRow()].Bullheads())
	for _, c := range cards { // lowest first
		t := st.Target(c)
		if t < 0 {
			b := binOf(lowBins[:], seen.unseenIn(1, int(c)-1))
			add(fLow+b, 1)
			add(fLowBh+b, cheap)
		} else {
			row := &st.Rows[t]
			free := engine.RowLimit - row.Len()
			b := binOf(gapBins[:], seen.unseenIn(int(row.Last())+1, int(c)-1))
			add(fTgt+free*8+b, 1)
			add(fTgtBh+free*8+b, float32(row.Bullheads()))
			add(fStack+min(3, stack[t]), 1)
			stack[t]++
		}
		add(fRisk, max(0, riskCost(st, c, seen)))
	}
	f[fK+k-1] = 1
	f[fBias] = 1
}

// leafValue is the learned value of seat's hand on st: the bullheads it is expected to take
// from here to the end of the round.
func leafValue(st *engine.State, seat int, seen *cardSet) float64 {
	var f [leafFeat + 1]float32
	leafFeatures(st, seat, seen, f[:leafFeat])
	if leafNet != nil {
		f[leafFeat] = 1 // the Expert's seat
		var hid [64]float32
		return float64(leafNet.eval(f[:], hid[:leafNet.H]))
	}
	v := float32(0)
	for i, x := range f[:leafFeat] {
		v += x * leafW[i]
	}
	return float64(v)
}

// leafW are the weights of the leaf value (leafFeatures), fitted by TestLeafFit.
var leafW = [leafFeat]float32{
	-1.955, -1.176, -4.57, 0.08966, -0.6977, -2.413, 1.682, 0.6865,
	-0.5537, 0.07277, -1.441, -0.7951, -0.6852, -0.5899, -0.4741, 1.448,
	-0.9388, 0.2727, -0.1885, -0.5664, 0.8128, -0.5545, 0.4433, 0.6671,
	0.4357, 0.8523, 0.5848, -0.503, 0.7002, 0.2987, 0.03516, 0.5739,
	0.2939, 1.306, 0.8085, 0.9453, 0.8058, 1.122, 1.291, 0.5235,
	-0.002602, -0.04927, 0.4196, -0.1624, 0.0382, 0.1684, -0.3553, -0.1581,
	-0.01528, -0.01051, 0.1944, 0.136, 0.05288, -0.005908, -0.1342, -0.4186,
	0.1013, -0.1973, 0.03587, 0.06728, -0.1459, 0.3498, 0.09784, -0.2504,
	-0.2704, -0.2903, -0.07761, 0.1266, -0.1452, -0.0008242, 0.2011, 0.09202,
	-0.06836, -0.1261, -0.2084, -0.1141, 0.02055, -0.2018, -0.16, 0.04642,
	2.26, 1.268, 0.9775, 1.423, 1.076, 0.3984, -0.3801, -0.2219,
	-0.4214, -0.3938, -0.2575, -0.1066, 0.8447, -0.2801, -1.42, -0.4951,
	0.9514, 1.892, 0.6948, 7.8, -0.807, 1.273, 4.666, -2.31,
	-0.9325, 0.3414, -0.003593, 2.566, 2.508, 1.14, 0.1524, 0.5752,
	-2.462, 0.7325, -0.267, 1.305, 1.154, -1.27, 1.69, -0.4668,
	-1.398, -0.4467, -1.161, -1.874, 0.7594, -0.6934, -0.2012, 0.55,
	-0.9725, -0.5152, -1.672, -0.7512, -1.329, -0.933, -1.497, -1.558,
	-0.865, 0.47, 0.4212, -0.5651, 0.4012, 0.05795, -0.3752, 0.5119,
	0.1675, -0.1028, -0.01672, -0.3072, -0.2649, 0.1381, 0.3345, 0.2427,
	0.6068, -0.2561, 0.09392, -0.3907, -0.1525, 0.3031, -0.4696, -0.02525,
	0.4177, 0.2979, 0.339, 0.3052, -0.3166, 0.1458, 0.003041, -0.4018,
	-0.01449, 0.1654, 0.1032, 0.1279, 0.1607, -0.08637, 0.2296, 0.1481,
	-0.04714, -0.7055, 0.2501, 0.3263, -0.3757, -0.3682, 0.1812, 0.9368,
	0.2401, 0.6373, 0.6613, 0.5205, 0.07896, 0.2652, 1.293, 2.434,
	1.421, -1.16, -0.3683, -0.4038, -0.2432, -0.03499, 0.09147, 0.1894,
	0.4536, 0.646, 0.2598, -0.4178, 0, 0, 0, 0,
	0, 0, 0.1723,
}

// leafNet, when set (a knob of the screen: LEAF_NET names its file), is a one-hidden-layer
// network over leafFeatures and an input saying the seat is the Expert; leafValue uses it
// instead of leafW.
var leafNet *mlpNet

// mlpNet is a network of one hidden layer of ReLU units over scaled inputs.
type mlpNet struct {
	In    int       `json:"in"`
	H     int       `json:"h"`
	Scale []float32 `json:"scale"` // per input
	W1    []float32 `json:"w1"`    // [in][h]
	B1    []float32 `json:"b1"`
	W2    []float32 `json:"w2"`
	B2    float32   `json:"b2"`
}

// eval returns the network's output for x (In long) and fills hid (H long) with the hidden
// layer's activations.
func (m *mlpNet) eval(x []float32, hid []float32) float32 {
	copy(hid, m.B1)
	for i, v := range x {
		if v == 0 {
			continue
		}
		v *= m.Scale[i]
		w := m.W1[i*m.H : (i+1)*m.H]
		for j := range hid {
			hid[j] += w[j] * v
		}
	}
	out := m.B2
	for j, a := range hid {
		if a > 0 {
			out += a * m.W2[j]
		} else {
			hid[j] = 0
		}
	}
	return out
}
