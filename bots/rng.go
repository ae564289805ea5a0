package bots

// rng is the bots' playout generator: SplitMix64, a value type that a search can copy and
// re-seed without allocating, so every candidate of a decision can replay the same random
// stream (common random numbers). It is not for cryptography.
type rng struct{ s uint64 }

func newRNG(seed uint64) rng { return rng{s: seed} }

// mix derives a well-spread seed from a seed and a stream number.
func mix(seed, stream uint64) uint64 {
	r := rng{s: seed ^ (stream * 0xd1b54a32d192ed03)}
	r.next()
	return r.next()
}

func (r *rng) next() uint64 {
	r.s += 0x9e3779b97f4a7c15
	z := r.s
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

// intn returns a number in [0, n) for 0 < n < 2^32; the bias (below 2^-32 for the small n used
// here) does not matter to a bot.
func (r *rng) intn(n int) int { return int((r.next() >> 32) * uint64(n) >> 32) }

// float returns a number in [0, 1).
func (r *rng) float() float64 { return float64(r.next()>>11) / (1 << 53) }
