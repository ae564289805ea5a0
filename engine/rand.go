package engine

import "math/rand/v2"

// Rand is the fast path's uniform generator: it reads a math/rand/v2 PCG 16 bits at a time and
// maps them to a range with Lemire's multiply-and-reject method, so every result is exactly
// uniform while one 64-bit step serves up to four draws. Playouts draw millions of small numbers;
// this halves their cost against rand.Rand.IntN. A Rand is not safe for concurrent use.
type Rand struct {
	src  *rand.PCG
	buf  uint64
	left uint8 // 16-bit chunks left in buf
}

// NewRand returns a Rand reading from src.
func NewRand(src *rand.PCG) *Rand { return &Rand{src: src} }

// NewRandSeed returns a Rand reading from a PCG seeded with seed.
func NewRandSeed(seed uint64) *Rand { return NewRand(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15)) }

func (r *Rand) next16() uint32 {
	if r.left == 0 {
		r.buf, r.left = r.src.Uint64(), 4
	}
	x := uint32(r.buf & 0xffff)
	r.buf >>= 16
	r.left--
	return x
}

// IntN returns a uniform number in [0, n). n must be 1 to 65536.
func (r *Rand) IntN(n int) int {
	un := uint32(n)
	m := r.next16() * un
	if l := m & 0xffff; l < un {
		t := (0x10000 - un) % un
		for l < t {
			m = r.next16() * un
			l = m & 0xffff
		}
	}
	return int(m >> 16)
}

// Uint64 returns 64 uniform bits from the source.
func (r *Rand) Uint64() uint64 { return r.src.Uint64() }
