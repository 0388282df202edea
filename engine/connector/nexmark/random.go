package nexmark

import "math/bits"

// splitRandom is java.util.SplittableRandom, bit for bit: a Weyl sequence
// (seed += gamma) finalized by Stafford's mix functions. Nexmark's
// generator draws every random field from it, so porting it exactly is
// what lets the same seed give the same events as Nexmark's Java classes.
type splitRandom struct {
	seed, gamma uint64
}

// goldenGamma is SplittableRandom's GOLDEN_GAMMA, the increment of its
// default seed generator and of a seeded instance.
const goldenGamma = 0x9e3779b97f4a7c15

// newSplitRandom is new SplittableRandom(seed).
func newSplitRandom(seed int64) *splitRandom {
	return &splitRandom{seed: uint64(seed), gamma: goldenGamma}
}

// defaultSplit is the k-th new SplittableRandom() of a JVM whose
// SplittableRandom seed generator (the static defaultGen) started at gen:
// the no-argument constructor takes defaultGen's value and advances it by
// two golden gammas.
func defaultSplit(gen int64, k int) splitRandom {
	s := uint64(gen) + uint64(k)*2*goldenGamma
	return splitRandom{seed: mix64(s), gamma: mixGamma(s + goldenGamma)}
}

func mix64(z uint64) uint64 {
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

func mix32(z uint64) int32 {
	z = (z ^ (z >> 33)) * 0x62a9d9ed799705f5
	return int32(((z ^ (z >> 28)) * 0xcb24d0a5c88c35b3) >> 32)
}

func mixGamma(z uint64) uint64 {
	z = (z ^ (z >> 33)) * 0xff51afd7ed558ccd
	z = (z ^ (z >> 33)) * 0xc4ceb9fe1a85ec53
	z = (z ^ (z >> 33)) | 1
	if bits.OnesCount64(z^(z>>1)) < 24 {
		return z ^ 0xaaaaaaaaaaaaaaaa
	}
	return z
}

// nextInt is SplittableRandom.nextInt().
func (r *splitRandom) nextInt() int32 {
	r.seed += r.gamma
	return mix32(r.seed)
}

// nextLong is SplittableRandom.nextLong().
func (r *splitRandom) nextLong() int64 {
	r.seed += r.gamma
	return int64(mix64(r.seed))
}

// nextDouble is SplittableRandom.nextDouble(): the top 53 bits of a long
// scaled into [0, 1).
func (r *splitRandom) nextDouble() float64 {
	return float64(uint64(r.nextLong())>>11) * 0x1.0p-53
}

// nextIntN is SplittableRandom.nextInt(bound): a mask for a power of two,
// otherwise a remainder with Java's rejection of the over-represented top
// of the range. A bound that is not positive bails out with Java's
// IllegalArgumentException.
func (r *splitRandom) nextIntN(bound int32) int32 {
	if bound <= 0 {
		r.badBound()
	}
	return r.below(bound)
}

// below is nextIntN of a bound known to be positive: Java's loop, which
// rejects the over-represented top of the range. It is small enough to
// inline, which matters under WebAssembly, where a call is dear.
func (r *splitRandom) below(bound int32) int32 {
	m := bound - 1
	for {
		r.seed += r.gamma
		v := mix32(r.seed)
		if bound&m == 0 {
			return v & m
		}
		u := int32(uint32(v) >> 1)
		if w := u % bound; u+m-w >= 0 {
			return w
		}
	}
}

// badBound bails out with Java's IllegalArgumentException.
func (r *splitRandom) badBound() { bail(badBound) }
