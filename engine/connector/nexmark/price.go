package nexmark

import (
	"math"
	"math/big"
	"sync"
)

// nextPrice is PriceGenerator.nextPrice: Math.round(10^(6u) * 100) for a
// uniform u, a price in cents between 1.00 and 1,000,000.00, most of them
// small.
func nextPrice(r *splitRandom) int64 {
	p, _ := priceOf(r.nextDouble() * 6.0)
	return p
}

// priceOf returns Math.round(10^y * 100) for 0 <= y < 6. Plain double
// arithmetic (cents) is within a few ulps of 10^y (a few parts in 10^16 of
// at most 10^8); the rounded price is then certain unless the cents lie
// within 1e-6 of a half, far more than that error, where pow10's exact
// result decides (slow reports it). The caller has made the tables
// (pow10Once): the generator does when it loads its pool.
func priceOf(y float64) (price int64, slow bool) {
	if price, near := roundCents(cents(y)); !near {
		return price, false
	}
	return exactPrice(y), true
}

// roundCents is Math.round(v) for 100 <= v < 10^8 (no NaN, no
// saturation), and whether v lies within 1e-6 of a half, where cents'
// few ulps of error could decide it. It is small enough to inline.
func roundCents(v float64) (price int64, near bool) {
	fl := math.Floor(v)
	d := v - fl - 0.5
	// The increment is an integer one, which the compiler makes a select
	// rather than a branch: d's sign is a coin toss, which a branch would
	// mispredict half the time.
	price = int64(fl)
	if d > 0 {
		price++
	}
	return price, math.Abs(d) < 1e-6
}

// cents is 10^y * 100 in plain double arithmetic: 10^n * 10^(j/1024) from
// the tables times a short series for the rest.
func cents(y float64) float64 {
	n := int(y)
	f := y - float64(n)
	j := int(f * pow10Steps)
	t := (f - float64(j)/pow10Steps) * ln10Hi // |t| < 0.00225
	e := 1 + t*(1+t*(1.0/2+t*(1.0/6+t*(1.0/24+t*(1.0/120)))))
	// The masks change nothing for 0 <= y < 6; they spare the bounds
	// checks.
	return pow10Hi[j&(pow10Steps-1)] * e * powersOf10[n&7] * 100
}

// exactPrice is Math.round(10^y * 100) from pow10's exact power: the
// rare price whose cents lie near a half.
//
//go:noinline
func exactPrice(y float64) int64 { return javaRound(pow10(y) * 100.0) }

// pow10 returns 10^y for 0 <= y < 8, correctly rounded but for values
// within about 1e-25 of a rounding midpoint.
//
// Java's Math.pow is not correctly rounded: its x86 intrinsic and
// StrictMath's fdlibm disagree in the last bit for about one value in
// ten. Over 5 million of these arguments, Java's Math.pow differed from
// this function 2,600 times (in the cases checked against a 60-digit
// computation, Java's was the farther neighbour) and Go's math.Pow 2.3
// million times, by up to 3 ulps; the rounded price differed in none.
//
// The method: 10^y = 10^n * 10^(j/1024) * exp(r*ln 10) with n and j the
// integer and the first ten fractional bits of y; the table holds
// 10^(j/1024) as double-doubles, and exp of the small rest is a short
// series in double-double arithmetic.
func pow10(y float64) float64 {
	pow10Once.Do(initPow10)
	n := int(y)
	f := y - float64(n) // exact
	j := int(f * pow10Steps)
	r := f - float64(j)/pow10Steps // exact, 0 <= r < 1/1024
	// t = r * ln 10 as a double-double (p, q).
	p, q := twoProd(r, ln10Hi)
	p, q = fastTwoSum(p, q+r*ln10Lo)
	// exp(t) = 1 + t + t²/2 + the rest; |t| < 0.0023, so the rest
	// (t³/6 and beyond) is below 2e-9 and a double holds it closely enough.
	sh, sl := ddMul(p, q, p, q)
	sh, sl = sh*0.5, sl*0.5
	rest := p * p * p * (1.0/6 + p*(1.0/24+p*(1.0/120+p*(1.0/720+p*(1.0/5040)))))
	eh, el := ddAdd(1, 0, p, q)
	eh, el = ddAdd(eh, el, sh, sl)
	eh, el = ddAdd(eh, el, rest, 0)
	rh, rl := ddMul(pow10Hi[j], pow10Lo[j], eh, el)
	rh, rl = ddMul(rh, rl, powersOf10[n], 0)
	return rh + rl
}

const pow10Steps = 1024

// ln 10 as a double-double.
const (
	ln10Hi = 2.302585092994045901e+00
	ln10Lo = -2.170756223382249351e-16
)

var powersOf10 = [...]float64{1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7}

var (
	pow10Once        sync.Once
	pow10Hi, pow10Lo [pow10Steps]float64
)

// initPow10 computes 10^(j/1024) to 256 bits: the 1024th root of 10 by
// ten square roots, then its powers.
func initPow10() {
	const prec = 256
	root := new(big.Float).SetPrec(prec).SetInt64(10)
	for i := 0; i < 10; i++ {
		root.Sqrt(root)
	}
	x := new(big.Float).SetPrec(prec).SetInt64(1)
	rest := new(big.Float).SetPrec(prec)
	for j := range pow10Hi {
		hi, _ := x.Float64()
		lo, _ := rest.Sub(x, big.NewFloat(hi)).Float64()
		pow10Hi[j], pow10Lo[j] = hi, lo
		x.Mul(x, root)
	}
}

// Double-double arithmetic: a value is an unevaluated sum hi + lo with
// |lo| at most half an ulp of hi.

func fastTwoSum(a, b float64) (float64, float64) {
	s := a + b
	return s, b - (s - a)
}

func twoSum(a, b float64) (float64, float64) {
	s := a + b
	bb := s - a
	return s, (a - (s - bb)) + (b - bb)
}

func ddAdd(ah, al, bh, bl float64) (float64, float64) {
	s, e := twoSum(ah, bh)
	return fastTwoSum(s, e+al+bl)
}

func ddMul(ah, al, bh, bl float64) (float64, float64) {
	p, e := twoProd(ah, bh)
	return fastTwoSum(p, e+(ah*bl+al*bh))
}

// twoProd returns a*b rounded and its exact error, by Dekker's splitting
// rather than math.FMA, which WebAssembly lacks (Go emulates it there,
// slowly). The conversions keep the compiler from fusing the roundings
// the method depends on.
func twoProd(a, b float64) (float64, float64) {
	p := float64(a * b)
	ah, al := split(a)
	bh, bl := split(b)
	return p, ((ah*bh - p) + ah*bl + al*bh) + al*bl
}

// split is Veltkamp's: a = hi + lo with both halves 26 bits wide.
func split(a float64) (float64, float64) {
	t := float64(134217729 * a) // 2^27 + 1
	hi := float64(t - (t - a))
	return hi, a - hi
}
