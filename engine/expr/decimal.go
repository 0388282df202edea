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

// Dec is a decimal during computation: unscaled × 10^-scale. The int64 form
// is used while it fits, so DECIMAL(p <= 18) arithmetic does not allocate.
type Dec struct {
	i     int64
	B     *big.Int // non-nil: the value, i is unused
	Scale int
}

var Pow10 = func() [19]int64 {
	var p [19]int64
	p[0] = 1
	for i := 1; i < len(p); i++ {
		p[i] = p[i-1] * 10
	}
	return p
}()

func BigPow10(n int) *big.Int {
	return new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(n)), nil)
}

func (d Dec) ToBig() *big.Int {
	if d.B != nil {
		return d.B
	}
	return big.NewInt(d.i)
}

func (d Dec) Sign() int {
	if d.B != nil {
		return d.B.Sign()
	}
	switch {
	case d.i > 0:
		return 1
	case d.i < 0:
		return -1
	}
	return 0
}

// DecOf reads a DECIMAL value of type t.
func DecOf(v types.Value, t types.Type) Dec {
	if x, ok := v.X.(*big.Int); ok && x != nil {
		if x.IsInt64() {
			return Dec{i: x.Int64(), Scale: t.Scale}
		}
		return Dec{B: x, Scale: t.Scale}
	}
	return Dec{i: v.I, Scale: t.Scale}
}

// DecFromInt is an integer as a decimal of scale 0.
func DecFromInt(i int64) Dec { return Dec{i: i} }

// numDec reads any exact numeric value as a decimal.
func numDec(v types.Value, t types.Type) Dec {
	if t.Kind == types.Decimal {
		return DecOf(v, t)
	}
	return DecFromInt(v.I)
}

// DecFromFloat is BigDecimal.valueOf(f): the shortest decimal that reads back as f.
func DecFromFloat(f float64) (Dec, bool) {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return Dec{}, false
	}
	var buf [32]byte
	s := strconv.AppendFloat(buf[:0], f, 'e', -1, 64)
	return ParseDecimalText(s)
}

// Rescale returns d with the given scale, rounding HALF_UP (away from zero
// on ties) when digits are dropped, as BigDecimal.setScale(s, HALF_UP).
func (d Dec) Rescale(scale int) Dec {
	if scale == d.Scale {
		return d
	}
	if d.B == nil {
		if scale > d.Scale {
			k := scale - d.Scale
			if k < len(Pow10) {
				hi, lo := bits.Mul64(uint64(abs64(d.i)), uint64(Pow10[k]))
				if hi == 0 && lo <= math.MaxInt64 {
					r := int64(lo)
					if d.i < 0 {
						r = -r
					}
					return Dec{i: r, Scale: scale}
				}
			}
		} else {
			k := d.Scale - scale
			if k < len(Pow10) && d.i != math.MinInt64 {
				p := Pow10[k]
				q, r := d.i/p, d.i%p
				if 2*abs64(r) >= p {
					if d.i < 0 {
						q--
					} else {
						q++
					}
				}
				return Dec{i: q, Scale: scale}
			}
		}
	}
	x := new(big.Int).Set(d.ToBig())
	if scale > d.Scale {
		x.Mul(x, BigPow10(scale-d.Scale))
	} else {
		x = DivHalfUp(x, BigPow10(d.Scale-scale))
	}
	return Dec{B: x, Scale: scale}.Norm()
}

// Norm moves a big value that fits int64 back to the compact form.
func (d Dec) Norm() Dec {
	if d.B != nil && d.B.IsInt64() {
		return Dec{i: d.B.Int64(), Scale: d.Scale}
	}
	return d
}

// DivHalfUp returns x / y rounded half away from zero.
func DivHalfUp(x, y *big.Int) *big.Int {
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

// Digits is the number of decimal Digits of |d.unscaled| (0 has 1 digit),
// BigDecimal.precision().
func (d Dec) Digits() int {
	if d.B == nil {
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
	return len(new(big.Int).Abs(d.B).String())
}

// approxDigits is digits() without formatting big values: it may exceed the
// true count by one.
func (d Dec) approxDigits() int {
	if d.B == nil {
		return d.Digits()
	}
	return int(float64(d.B.BitLen())*0.30103) + 1
}

// toValue rounds d to scale s and stores it for DECIMAL(p, s); ok is false
// when the value needs more than p digits (Flink's DecimalData.fromBigDecimal
// returns null then, and so do we).
func (d Dec) toValue(p, s int) (types.Value, bool) {
	// Guard against absurd exponents ("1e99999") before scaling, so text
	// from users cannot make a cast do unbounded work.
	n := d.approxDigits()
	if d.Sign() != 0 && n-d.Scale > p-s+1 {
		return types.NullValue, false
	}
	if d.Scale-s > n+1 {
		d = Dec{Scale: s}
	}
	d = d.Rescale(s)
	if d.Digits() > p {
		return types.NullValue, false
	}
	if p <= maxCompactPrecision {
		if d.B != nil {
			return types.Value{I: d.B.Int64()}, true
		}
		return types.Value{I: d.i}, true
	}
	return types.Value{X: d.ToBig()}, true
}

// DecValue is toValue with overflow turned into NULL.
func DecValue(d Dec, t types.Type) types.Value {
	v, _ := d.toValue(t.Precision, t.Scale)
	return v
}

// ToFloat converts like DecimalDataUtils.doubleValue.
func (d Dec) ToFloat() float64 {
	if d.B == nil && d.Scale >= 0 && d.Scale < len(Pow10) {
		return float64(d.i) / float64(Pow10[d.Scale])
	}
	f, _ := strconv.ParseFloat(d.String(), 64)
	return f
}

// ToIntegral truncates toward zero and keeps the low 64 bits, as
// BigDecimal.setScale(0, DOWN).longValue().
func (d Dec) ToIntegral() int64 {
	if d.Scale < 0 { // an integer times 10^-scale (a rounded huge double)
		return lowInt64(new(big.Int).Mul(d.ToBig(), BigPow10(-d.Scale)))
	}
	if d.B == nil {
		if d.Scale == 0 {
			return d.i
		}
		if d.Scale < len(Pow10) {
			return d.i / Pow10[d.Scale]
		}
		return 0
	}
	x := new(big.Int).Quo(d.B, BigPow10(d.Scale))
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
func (d Dec) String() string {
	var buf []byte
	return string(appendPlain(buf, d))
}

func appendPlain(dst []byte, d Dec) []byte {
	var digits string
	neg := false
	if d.B != nil {
		digits = new(big.Int).Abs(d.B).String()
		neg = d.B.Sign() < 0
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
	if d.Scale <= 0 {
		dst = append(dst, digits...)
		for i := 0; i < -d.Scale; i++ {
			dst = append(dst, '0')
		}
		return dst
	}
	if len(digits) <= d.Scale {
		dst = append(dst, '0', '.')
		for i := len(digits); i < d.Scale; i++ {
			dst = append(dst, '0')
		}
		return append(dst, digits...)
	}
	k := len(digits) - d.Scale
	dst = append(dst, digits[:k]...)
	dst = append(dst, '.')
	return append(dst, digits[k:]...)
}

func DecCmp(a, b Dec) int {
	if a.B == nil && b.B == nil && a.Scale == b.Scale {
		switch {
		case a.i < b.i:
			return -1
		case a.i > b.i:
			return 1
		}
		return 0
	}
	s := max(a.Scale, b.Scale)
	x := a.ToBig()
	if a.Scale < s {
		x = new(big.Int).Mul(x, BigPow10(s-a.Scale))
	}
	y := b.ToBig()
	if b.Scale < s {
		y = new(big.Int).Mul(y, BigPow10(s-b.Scale))
	}
	return x.Cmp(y)
}

// align brings a and b to the same scale (the larger).
func align(a, b Dec) (Dec, Dec) {
	s := max(a.Scale, b.Scale)
	return a.Rescale(s), b.Rescale(s)
}

func DecAdd(a, b Dec) Dec {
	a, b = align(a, b)
	if a.B == nil && b.B == nil {
		sum := a.i + b.i
		// Signed overflow: both operands share a sign the sum lacks.
		if (a.i >= 0) != (b.i >= 0) || (sum >= 0) == (a.i >= 0) {
			return Dec{i: sum, Scale: a.Scale}
		}
	}
	return Dec{B: new(big.Int).Add(a.ToBig(), b.ToBig()), Scale: a.Scale}.Norm()
}

func DecNeg(a Dec) Dec {
	if a.B == nil && a.i != math.MinInt64 {
		return Dec{i: -a.i, Scale: a.Scale}
	}
	return Dec{B: new(big.Int).Neg(a.ToBig()), Scale: a.Scale}.Norm()
}

func decMul(a, b Dec) Dec {
	if a.B == nil && b.B == nil {
		hi, lo := bits.Mul64(uint64(abs64(a.i)), uint64(abs64(b.i)))
		if hi == 0 && lo <= math.MaxInt64 && a.i != math.MinInt64 && b.i != math.MinInt64 {
			r := int64(lo)
			if (a.i < 0) != (b.i < 0) {
				r = -r
			}
			return Dec{i: r, Scale: a.Scale + b.Scale}
		}
	}
	return Dec{B: new(big.Int).Mul(a.ToBig(), b.ToBig()), Scale: a.Scale + b.Scale}.Norm()
}

// decDiv divides to the given result scale, rounding HALF_UP.
func decDiv(a, b Dec, scale int) Dec {
	// a/b at scale s: (a.u * 10^(s - a.s + b.s)) / b.u
	shift := scale - a.Scale + b.Scale
	x := new(big.Int).Set(a.ToBig())
	y := new(big.Int).Set(b.ToBig())
	if shift >= 0 {
		x.Mul(x, BigPow10(shift))
	} else {
		y.Mul(y, BigPow10(-shift))
	}
	return Dec{B: DivHalfUp(x, y), Scale: scale}.Norm()
}

// decRem is BigDecimal.remainder: the sign follows the dividend.
func decRem(a, b Dec) Dec {
	a, b = align(a, b)
	if a.B == nil && b.B == nil && !(a.i == math.MinInt64 && b.i == -1) {
		return Dec{i: a.i % b.i, Scale: a.Scale}
	}
	return Dec{B: new(big.Int).Rem(a.ToBig(), b.ToBig()), Scale: a.Scale}.Norm()
}

// ParseDecimalText parses [+-]digits[.digits][(e|E)[+-]digits] exactly.
func ParseDecimalText(s []byte) (Dec, bool) {
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
				return Dec{}, false
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
		return Dec{}, false
	}
	if i < len(s) {
		if s[i] != 'e' && s[i] != 'E' {
			return Dec{}, false
		}
		i++
		eneg := false
		if i < len(s) && (s[i] == '+' || s[i] == '-') {
			eneg = s[i] == '-'
			i++
		}
		if i == len(s) {
			return Dec{}, false
		}
		e := 0
		for ; i < len(s); i++ {
			c := s[i]
			if c < '0' || c > '9' {
				return Dec{}, false
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
	var d Dec
	if useBig {
		if neg {
			u.Neg(&u)
		}
		d = Dec{B: new(big.Int).Set(&u), Scale: scale}.Norm()
	} else {
		v := int64(small)
		if neg {
			v = -v
		}
		d = Dec{i: v, Scale: scale}
	}
	return d, true
}
