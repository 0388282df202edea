package datagen

import (
	"encoding/binary"
	"math"
	"math/bits"
)

// rng is xoshiro256**: fast, small, and identical on every platform, so a
// seeded table yields the same rows natively and in the browser. Flink uses
// commons-math's Well19937c; its exact stream cannot matter because Flink
// never seeds it, so only the distributions are reproduced here.
type rng struct {
	s0, s1, s2, s3 uint64
}

// newRNG seeds the generator from a 64-bit seed through splitmix64, which
// spreads nearby seeds apart and never yields the all-zero state.
func newRNG(seed uint64) *rng {
	r := &rng{}
	r.s0 = splitmix(&seed)
	r.s1 = splitmix(&seed)
	r.s2 = splitmix(&seed)
	r.s3 = splitmix(&seed)
	return r
}

func splitmix(x *uint64) uint64 {
	*x += 0x9e3779b97f4a7c15
	z := *x
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

func (r *rng) uint64() uint64 {
	result := bits.RotateLeft64(r.s1*5, 7) * 9
	t := r.s1 << 17
	r.s2 ^= r.s0
	r.s3 ^= r.s1
	r.s1 ^= r.s2
	r.s0 ^= r.s3
	r.s2 ^= t
	r.s3 = bits.RotateLeft64(r.s3, 45)
	return result
}

// below returns a uniform value in [0, n), n > 0, without modulo bias
// (Lemire's multiply-and-reject).
func (r *rng) below(n uint64) uint64 {
	hi, lo := bits.Mul64(r.uint64(), n)
	if lo < n {
		thresh := -n % n
		for lo < thresh {
			hi, lo = bits.Mul64(r.uint64(), n)
		}
	}
	return hi
}

// intRange returns a uniform integer in [lo, hi], both inclusive, as
// commons-math's nextInt(lower, upper) and nextLong(lower, upper) do. The
// full 64-bit range works. The caller guarantees lo <= hi.
func (r *rng) intRange(lo, hi int64) int64 {
	span := uint64(hi) - uint64(lo) + 1
	switch {
	case span == 0:
		return int64(r.uint64())
	case span <= 1<<32:
		return lo + int64(r.below32(span))
	}
	return lo + int64(r.below(span))
}

// below32 is below for n <= 2^32 using only 64-bit multiplication, which
// WebAssembly does natively (a 64x64->128 multiply it must emulate).
func (r *rng) below32(n uint64) uint64 {
	if n == 1<<32 {
		return r.uint64() >> 32
	}
	n32 := uint32(n)
	m := (r.uint64() >> 32) * n
	if uint32(m) < n32 {
		thresh := -n32 % n32
		for uint32(m) < thresh {
			m = (r.uint64() >> 32) * n
		}
	}
	return m >> 32
}

// float64 returns a uniform value in [0, 1) with 53 random bits.
func (r *rng) float64() float64 {
	return float64(r.uint64()>>11) * (1.0 / (1 << 53))
}

// float32 returns a uniform value in [0, 1) with 24 random bits, like
// Java's Random.nextFloat, used for null-rate decisions.
func (r *rng) float32() float32 {
	return float32(r.uint64()>>40) * (1.0 / (1 << 24))
}

// uniform is commons-math's nextUniform(lower, upper): the lower bound is
// excluded and the value is interpolated as u*upper + (1-u)*lower, which
// cannot overflow even for ±MaxFloat64 bounds.
func (r *rng) uniform(lower, upper float64) float64 {
	u := r.float64()
	for u <= 0 {
		u = r.float64()
	}
	return u*upper + (1.0-u)*lower
}

// boundedDouble is ThreadLocalRandom.nextDouble(origin, bound): in
// [origin, bound), clamped below bound when rounding reaches it.
func (r *rng) boundedDouble(origin, bound float64) float64 {
	v := r.float64()*(bound-origin) + origin
	if v >= bound {
		v = math.Nextafter(bound, math.Inf(-1))
	}
	return v
}

// nullRateHit reports whether the next value is NULL. As in Flink, a value
// is produced when the rate is exactly 0 or a uniform draw exceeds it; so a
// rate of 1 (or NaN) always yields NULL and a negative rate never does.
func (r *rng) nullRateHit(rate float32) bool {
	if rate == 0 {
		return false
	}
	return !(r.float32() > rate)
}

// hex fills dst with lowercase hex digits, like commons-math's
// nextHexString: uniformly random digits of 0-9a-f. Eight digits are made
// at once in a 64-bit word (one nibble per byte, then shifted to ASCII
// arithmetically), which matters under WebAssembly where per-byte table
// lookups cost several times more than native.
func (r *rng) hex(dst []byte) {
	for len(dst) >= 16 {
		x := r.uint64()
		binary.LittleEndian.PutUint64(dst[0:8], hex8(uint32(x)))
		binary.LittleEndian.PutUint64(dst[8:16], hex8(uint32(x>>32)))
		dst = dst[16:]
	}
	if len(dst) > 0 {
		var tmp [16]byte
		x := r.uint64()
		binary.LittleEndian.PutUint64(tmp[0:8], hex8(uint32(x)))
		binary.LittleEndian.PutUint64(tmp[8:16], hex8(uint32(x>>32)))
		copy(dst, tmp[:])
	}
}

// hex8 spreads the eight nibbles of v into the bytes of a word and turns
// each into its ASCII hex digit.
func hex8(v uint32) uint64 {
	x := uint64(v)
	x = (x | x<<16) & 0x0000FFFF0000FFFF
	x = (x | x<<8) & 0x00FF00FF00FF00FF
	x = (x | x<<4) & 0x0F0F0F0F0F0F0F0F
	letters := ((x + 0x0606060606060606) >> 4) & 0x0101010101010101
	return x + 0x3030303030303030 + letters*('a'-'0'-10)
}

// bytes fills dst with random bytes.
func (r *rng) bytes(dst []byte) {
	i := 0
	for i+8 <= len(dst) {
		x := r.uint64()
		for j := 0; j < 8; j++ {
			dst[i+j] = byte(x >> (8 * j))
		}
		i += 8
	}
	if i < len(dst) {
		x := r.uint64()
		for ; i < len(dst); i++ {
			dst[i] = byte(x)
			x >>= 8
		}
	}
}
