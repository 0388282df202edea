package datagen

import (
	"math"
	"math/big"
	"strconv"

	"github.com/flinkplay/flinkplay/engine/types"
)

// decimalGen draws a double uniformly from the column's range and turns it
// into a DECIMAL as Flink's DecimalDataRandomGenerator does: the bounds are
// clamped to what DECIMAL(p, s) can hold, the double is cut DOWN to p
// significant digits, then rounded HALF_UP to scale s.
type decimalGen struct {
	r         *rng
	precision int
	scale     int
	lo, hi    float64
	nullRate  float32
	sc        decimalScratch
}

func newDecimalGen(r *rng, f *field) *decimalGen {
	p, s := f.typ.Precision, f.typ.Scale
	largest := math.Pow(10, float64(p-s)) - math.Pow(10, float64(-s))
	return &decimalGen{
		r: r, precision: p, scale: s,
		lo: math.Max(-largest, f.minF), hi: math.Min(largest, f.maxF),
		nullRate: f.nullRate,
	}
}

func (g *decimalGen) fill(v *types.Value, _ *genCtx) {
	if g.r.nullRateHit(g.nullRate) {
		v.Null = true
		return
	}
	d := g.r.boundedDouble(g.lo, g.hi)
	u := g.sc.fromDouble(d, g.precision, g.scale)
	if g.precision <= 18 {
		v.I = u.Int64()
		return
	}
	v.X = new(big.Int).Set(u)
}

// decimalScratch holds the big numbers one generator reuses per value.
type decimalScratch struct {
	y, pow, frac, half big.Float
	t, bound           big.Int
}

// fromDouble returns the unscaled value of d as DECIMAL(p, s). The caller
// guarantees |d| < 10^(p-s). Since d then has at most p-s integer digits,
// cutting to p significant digits keeps every digit down to scale s, and the
// HALF_UP rounding at scale s only looks at the first dropped digit; so the
// two steps reduce to: truncate when d uses all p-s integer digits,
// otherwise round half-up at scale s.
func (sc *decimalScratch) fromDouble(d float64, p, s int) *big.Int {
	const prec = 256 // exact: 53 mantissa bits times 10^38 (< 2^127)
	sc.pow.SetPrec(prec).SetInt(pow10Big(s))
	sc.y.SetPrec(prec).SetFloat64(d)
	sc.y.Mul(&sc.y, &sc.pow)
	sc.y.Int(&sc.t) // truncates toward zero
	sc.bound.Set(pow10Big(p - 1))
	if sc.t.CmpAbs(&sc.bound) >= 0 {
		return &sc.t
	}
	sc.frac.SetPrec(prec).SetInt(&sc.t)
	sc.frac.Sub(&sc.y, &sc.frac)
	sc.frac.Abs(&sc.frac)
	sc.half.SetPrec(prec).SetFloat64(0.5)
	if sc.frac.Cmp(&sc.half) >= 0 {
		if d < 0 {
			sc.t.Sub(&sc.t, bigOne)
		} else {
			sc.t.Add(&sc.t, bigOne)
		}
	}
	return &sc.t
}

var bigOne = big.NewInt(1)

var pow10Table = func() [types.MaxDecimalPrecision + 1]*big.Int {
	var t [types.MaxDecimalPrecision + 1]*big.Int
	t[0] = big.NewInt(1)
	for i := 1; i < len(t); i++ {
		t[i] = new(big.Int).Mul(t[i-1], big.NewInt(10))
	}
	return t
}()

func pow10Big(n int) *big.Int {
	if n < 0 {
		n = 0
	}
	return pow10Table[n]
}

// sequenceDecimal converts a sequence value as Flink does: rounded HALF_UP
// to p significant digits, then given scale s; a value that no longer fits
// DECIMAL(p, s) becomes NULL (DecimalData.fromBigDecimal's rule). Flink's
// own sequence hands the planner a BigDecimal it cannot read; this is what
// the generator evidently means.
func sequenceDecimal(v *types.Value, x int64, p, s int) {
	neg := x < 0
	ax := uint64(x)
	if neg {
		ax = -ax
	}
	if d := decDigits(ax); d > p {
		div := uint64(1)
		for i := 0; i < d-p; i++ {
			div *= 10
		}
		q, r := ax/div, ax%div
		if r >= div-r {
			q++
		}
		ax = q * div
	}
	if ax != 0 && decDigits(ax)+s > p {
		v.Null = true
		return
	}
	u := new(big.Int).SetUint64(ax)
	u.Mul(u, pow10Big(s))
	if neg {
		u.Neg(u)
	}
	if p <= 18 {
		v.I = u.Int64()
		return
	}
	v.X = u
}

func decDigits(x uint64) int {
	n := 1
	for x >= 10 {
		x /= 10
		n++
	}
	return n
}

// messageInt formats an integer as java.text.MessageFormat does in
// commons-math's messages: with grouping commas.
func messageInt(n int64) string {
	s := strconv.FormatInt(n, 10)
	neg := s[0] == '-'
	if neg {
		s = s[1:]
	}
	return sign(neg) + group(s)
}

func sign(neg bool) string {
	if neg {
		return "-"
	}
	return ""
}

func group(digits string) string {
	var out []byte
	for i := 0; i < len(digits); i++ {
		if i > 0 && (len(digits)-i)%3 == 0 {
			out = append(out, ',')
		}
		out = append(out, digits[i])
	}
	return string(out)
}

// messageDouble formats a double as MessageFormat does (DecimalFormat
// "#,##0.###", HALF_EVEN on the shortest digits).
func messageDouble(x float64) string {
	switch {
	case math.IsNaN(x):
		return "NaN"
	case math.IsInf(x, 1):
		return "∞"
	case math.IsInf(x, -1):
		return "-∞"
	}
	neg := math.Signbit(x)
	if neg {
		x = -x
	}
	digits, exp := types.ShortestDigits(x)
	// Scale to integer thousandths with HALF_EVEN rounding on the digits.
	keep := exp + 3 // number of leading digits that stay
	var q []byte
	switch {
	case keep <= 0:
		q = []byte{'0'}
		if keep == 0 && (digits[0] > '5' || (digits[0] == '5' && len(digits) > 1)) {
			q = []byte{'1'}
		}
	case keep >= len(digits):
		q = append(append([]byte(nil), digits...), zeros(keep-len(digits))...)
	default:
		q = append([]byte(nil), digits[:keep]...)
		first, rest := digits[keep], digits[keep+1:]
		up := first > '5' || (first == '5' && (len(rest) > 0 || (q[len(q)-1]-'0')%2 == 1))
		if up {
			i := len(q) - 1
			for ; i >= 0 && q[i] == '9'; i-- {
				q[i] = '0'
			}
			if i < 0 {
				q = append([]byte{'1'}, q...)
			} else {
				q[i]++
			}
		}
	}
	for len(q) < 4 {
		q = append([]byte{'0'}, q...)
	}
	intPart, frac := string(q[:len(q)-3]), q[len(q)-3:]
	for len(frac) > 0 && frac[len(frac)-1] == '0' {
		frac = frac[:len(frac)-1]
	}
	out := sign(neg) + group(intPart)
	if len(frac) > 0 {
		out += "." + string(frac)
	}
	return out
}
