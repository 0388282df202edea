package expr

import (
	"math"
	"math/big"
	"math/bits"
	"strconv"

	"github.com/flinkplay/flinkplay/engine/types"
)

// maxCompactPrecision is the largest DECIMAL precision whose unscaled value
// lives in Value.I; larger ones use Value.X (*big.Int), as value.go says.
const maxCompactPrecision = 18

// dec is a decimal during computation: unscaled × 10^-scale. The int64 form
// is used while it fits, so DECIMAL(p <= 18) arithmetic does not allocate.
type dec struct {
	i     int64
	b     *big.Int // non-nil: the value, i is unused
	scale int
}

var pow10 = func() [19]int64 {
	var p [19]int64
	p[0] = 1
	for i := 1; i < len(p); i++ {
		p[i] = p[i-1] * 10
	}
	return p
}()

func bigPow10(n int) *big.Int {
	return new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(n)), nil)
}

func (d dec) toBig() *big.Int {
	if d.b != nil {
		return d.b
	}
	return big.NewInt(d.i)
}

func (d dec) sign() int {
	if d.b != nil {
		return d.b.Sign()
	}
	switch {
	case d.i > 0:
		return 1
	case d.i < 0:
		return -1
	}
	return 0
}

// decOf reads a DECIMAL value of type t.
func decOf(v types.Value, t types.Type) dec {
	if x, ok := v.X.(*big.Int); ok && x != nil {
		if x.IsInt64() {
			return dec{i: x.Int64(), scale: t.Scale}
		}
		return dec{b: x, scale: t.Scale}
	}
	return dec{i: v.I, scale: t.Scale}
}

// decFromInt is an integer as a decimal of scale 0.
func decFromInt(i int64) dec { return dec{i: i} }

// numDec reads any exact numeric value as a decimal.
func numDec(v types.Value, t types.Type) dec {
	if t.Kind == types.Decimal {
		return decOf(v, t)
	}
	return decFromInt(v.I)
}

// decFromFloat is BigDecimal.valueOf(f): the shortest decimal that reads back as f.
func decFromFloat(f float64) (dec, bool) {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return dec{}, false
	}
	var buf [32]byte
	s := strconv.AppendFloat(buf[:0], f, 'e', -1, 64)
	return parseDecimalText(s)
}

// rescale returns d with the given scale, rounding HALF_UP (away from zero
// on ties) when digits are dropped, as BigDecimal.setScale(s, HALF_UP).
func (d dec) rescale(scale int) dec {
	if scale == d.scale {
		return d
	}
	if d.b == nil {
		if scale > d.scale {
			k := scale - d.scale
			if k < len(pow10) {
				hi, lo := bits.Mul64(uint64(abs64(d.i)), uint64(pow10[k]))
				if hi == 0 && lo <= math.MaxInt64 {
					r := int64(lo)
					if d.i < 0 {
						r = -r
					}
					return dec{i: r, scale: scale}
				}
			}
		} else {
			k := d.scale - scale
			if k < len(pow10) && d.i != math.MinInt64 {
				p := pow10[k]
				q, r := d.i/p, d.i%p
				if 2*abs64(r) >= p {
					if d.i < 0 {
						q--
					} else {
						q++
					}
				}
				return dec{i: q, scale: scale}
			}
		}
	}
	x := new(big.Int).Set(d.toBig())
	if scale > d.scale {
		x.Mul(x, bigPow10(scale-d.scale))
	} else {
		x = divHalfUp(x, bigPow10(d.scale-scale))
	}
	return dec{b: x, scale: scale}.norm()
}

// norm moves a big value that fits int64 back to the compact form.
func (d dec) norm() dec {
	if d.b != nil && d.b.IsInt64() {
		return dec{i: d.b.Int64(), scale: d.scale}
	}
	return d
}

// divHalfUp returns x / y rounded half away from zero.
func divHalfUp(x, y *big.Int) *big.Int {
	q, r := new(big.Int).QuoRem(x, y, new(big.Int))
	if r.Sign() != 0 {
		r2 := new(big.Int).Abs(r)
		r2.Lsh(r2, 1)
		if r2.CmpAbs(y) >= 0 {
			if (x.Sign() < 0) != (y.Sign() < 0) {
				q.Sub(q, big.NewInt(1))
			} else {
				q.Add(q, big.NewInt(1))
			}
		}
	}
	return q
}

func abs64(i int64) int64 {
	if i < 0 {
		return -i
	}
	return i
}

// digits is the number of decimal digits of |d.unscaled| (0 has 1 digit),
// BigDecimal.precision().
func (d dec) digits() int {
	if d.b == nil {
		u := uint64(d.i)
		if d.i < 0 {
			u = uint64(-d.i)
		}
		n := 1
		for u >= 10 {
			u /= 10
			n++
		}
		return n
	}
	return len(new(big.Int).Abs(d.b).String())
}

// approxDigits is digits() without formatting big values: it may exceed the
// true count by one.
func (d dec) approxDigits() int {
	if d.b == nil {
		return d.digits()
	}
	return int(float64(d.b.BitLen())*0.30103) + 1
}

// toValue rounds d to scale s and stores it for DECIMAL(p, s); ok is false
// when the value needs more than p digits (Flink's DecimalData.fromBigDecimal
// returns null then, and so do we).
func (d dec) toValue(p, s int) (types.Value, bool) {
	// Guard against absurd exponents ("1e99999") before scaling, so text
	// from users cannot make a cast do unbounded work.
	n := d.approxDigits()
	if d.sign() != 0 && n-d.scale > p-s+1 {
		return types.NullValue, false
	}
	if d.scale-s > n+1 {
		d = dec{scale: s}
	}
	d = d.rescale(s)
	if d.digits() > p {
		return types.NullValue, false
	}
	if p <= maxCompactPrecision {
		if d.b != nil {
			return types.Value{I: d.b.Int64()}, true
		}
		return types.Value{I: d.i}, true
	}
	return types.Value{X: d.toBig()}, true
}

// decValue is toValue with overflow turned into NULL.
func decValue(d dec, t types.Type) types.Value {
	v, _ := d.toValue(t.Precision, t.Scale)
	return v
}

// toFloat converts like DecimalDataUtils.doubleValue.
func (d dec) toFloat() float64 {
	if d.b == nil && d.scale >= 0 && d.scale < len(pow10) {
		return float64(d.i) / float64(pow10[d.scale])
	}
	f, _ := strconv.ParseFloat(d.String(), 64)
	return f
}

// toIntegral truncates toward zero and keeps the low 64 bits, as
// BigDecimal.setScale(0, DOWN).longValue().
func (d dec) toIntegral() int64 {
	if d.scale < 0 { // an integer times 10^-scale (a rounded huge double)
		return lowInt64(new(big.Int).Mul(d.toBig(), bigPow10(-d.scale)))
	}
	if d.b == nil {
		if d.scale == 0 {
			return d.i
		}
		if d.scale < len(pow10) {
			return d.i / pow10[d.scale]
		}
		return 0
	}
	x := new(big.Int).Quo(d.b, bigPow10(d.scale))
	return lowInt64(x)
}

// lowInt64 is Java's BigInteger.longValue: the low 64 bits, two's complement.
func lowInt64(x *big.Int) int64 {
	if x.IsInt64() {
		return x.Int64()
	}
	m := new(big.Int).And(x, new(big.Int).SetUint64(math.MaxUint64))
	return int64(m.Uint64())
}

// String is BigDecimal.toPlainString.
func (d dec) String() string {
	var buf []byte
	return string(appendPlain(buf, d))
}

func appendPlain(dst []byte, d dec) []byte {
	var digits string
	neg := false
	if d.b != nil {
		digits = new(big.Int).Abs(d.b).String()
		neg = d.b.Sign() < 0
	} else {
		u := uint64(d.i)
		if d.i < 0 {
			neg = true
			u = uint64(-d.i)
		}
		digits = strconv.FormatUint(u, 10)
	}
	if neg {
		dst = append(dst, '-')
	}
	if d.scale <= 0 {
		dst = append(dst, digits...)
		for i := 0; i < -d.scale; i++ {
			dst = append(dst, '0')
		}
		return dst
	}
	if len(digits) <= d.scale {
		dst = append(dst, '0', '.')
		for i := len(digits); i < d.scale; i++ {
			dst = append(dst, '0')
		}
		return append(dst, digits...)
	}
	k := len(digits) - d.scale
	dst = append(dst, digits[:k]...)
	dst = append(dst, '.')
	return append(dst, digits[k:]...)
}

func decCmp(a, b dec) int {
	if a.b == nil && b.b == nil && a.scale == b.scale {
		switch {
		case a.i < b.i:
			return -1
		case a.i > b.i:
			return 1
		}
		return 0
	}
	s := max(a.scale, b.scale)
	x := a.toBig()
	if a.scale < s {
		x = new(big.Int).Mul(x, bigPow10(s-a.scale))
	}
	y := b.toBig()
	if b.scale < s {
		y = new(big.Int).Mul(y, bigPow10(s-b.scale))
	}
	return x.Cmp(y)
}

// align brings a and b to the same scale (the larger).
func align(a, b dec) (dec, dec) {
	s := max(a.scale, b.scale)
	return a.rescale(s), b.rescale(s)
}

func decAdd(a, b dec) dec {
	a, b = align(a, b)
	if a.b == nil && b.b == nil {
		sum := a.i + b.i
		// Signed overflow: both operands share a sign the sum lacks.
		if (a.i >= 0) != (b.i >= 0) || (sum >= 0) == (a.i >= 0) {
			return dec{i: sum, scale: a.scale}
		}
	}
	return dec{b: new(big.Int).Add(a.toBig(), b.toBig()), scale: a.scale}.norm()
}

func decNeg(a dec) dec {
	if a.b == nil && a.i != math.MinInt64 {
		return dec{i: -a.i, scale: a.scale}
	}
	return dec{b: new(big.Int).Neg(a.toBig()), scale: a.scale}.norm()
}

func decMul(a, b dec) dec {
	if a.b == nil && b.b == nil {
		hi, lo := bits.Mul64(uint64(abs64(a.i)), uint64(abs64(b.i)))
		if hi == 0 && lo <= math.MaxInt64 && a.i != math.MinInt64 && b.i != math.MinInt64 {
			r := int64(lo)
			if (a.i < 0) != (b.i < 0) {
				r = -r
			}
			return dec{i: r, scale: a.scale + b.scale}
		}
	}
	return dec{b: new(big.Int).Mul(a.toBig(), b.toBig()), scale: a.scale + b.scale}.norm()
}

// decDiv divides to the given result scale, rounding HALF_UP.
func decDiv(a, b dec, scale int) dec {
	// a/b at scale s: (a.u * 10^(s - a.s + b.s)) / b.u
	shift := scale - a.scale + b.scale
	x := new(big.Int).Set(a.toBig())
	y := new(big.Int).Set(b.toBig())
	if shift >= 0 {
		x.Mul(x, bigPow10(shift))
	} else {
		y.Mul(y, bigPow10(-shift))
	}
	return dec{b: divHalfUp(x, y), scale: scale}.norm()
}

// decRem is BigDecimal.remainder: the sign follows the dividend.
func decRem(a, b dec) dec {
	a, b = align(a, b)
	if a.b == nil && b.b == nil && !(a.i == math.MinInt64 && b.i == -1) {
		return dec{i: a.i % b.i, scale: a.scale}
	}
	return dec{b: new(big.Int).Rem(a.toBig(), b.toBig()), scale: a.scale}.norm()
}

// parseDecimalText parses [+-]digits[.digits][(e|E)[+-]digits] exactly.
func parseDecimalText(s []byte) (dec, bool) {
	i := 0
	neg := false
	if i < len(s) && (s[i] == '+' || s[i] == '-') {
		neg = s[i] == '-'
		i++
	}
	var u big.Int
	var small uint64
	useBig := false
	nd, scale := 0, 0
	seenPoint := false
	ten := big.NewInt(10)
	for ; i < len(s); i++ {
		c := s[i]
		if c == '.' {
			if seenPoint {
				return dec{}, false
			}
			seenPoint = true
			continue
		}
		if c < '0' || c > '9' {
			break
		}
		nd++
		if seenPoint {
			scale++
		}
		if !useBig && small < (math.MaxInt64-9)/10 {
			small = small*10 + uint64(c-'0')
			continue
		}
		if !useBig {
			u.SetUint64(small)
			useBig = true
		}
		u.Mul(&u, ten)
		u.Add(&u, big.NewInt(int64(c-'0')))
	}
	if nd == 0 {
		return dec{}, false
	}
	if i < len(s) {
		if s[i] != 'e' && s[i] != 'E' {
			return dec{}, false
		}
		i++
		eneg := false
		if i < len(s) && (s[i] == '+' || s[i] == '-') {
			eneg = s[i] == '-'
			i++
		}
		if i == len(s) {
			return dec{}, false
		}
		e := 0
		for ; i < len(s); i++ {
			c := s[i]
			if c < '0' || c > '9' {
				return dec{}, false
			}
			if e < 100000 {
				e = e*10 + int(c-'0')
			}
		}
		if eneg {
			e = -e
		}
		scale -= e
	}
	var d dec
	if useBig {
		if neg {
			u.Neg(&u)
		}
		d = dec{b: new(big.Int).Set(&u), scale: scale}.norm()
	} else {
		v := int64(small)
		if neg {
			v = -v
		}
		d = dec{i: v, scale: scale}
	}
	return d, true
}
