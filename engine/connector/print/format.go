package print

import (
	"math"
	"math/big"
	"math/bits"
	"sort"
	"strconv"
	"unicode/utf8"

	"github.com/flinkplay/flinkplay/engine/types"
)

// formatter renders values as Flink's print sink does: the planner's
// internal value is converted to its external Java object (String,
// BigDecimal, LocalDateTime, Instant, Period, Duration, arrays, HashMap,
// Row) and printed with that object's toString.
type formatter struct{}

// appendValue appends the Java toString of v's external object.
func (f *formatter) appendValue(dst []byte, v types.Value, t types.Type) []byte {
	if v.Null {
		return append(dst, "null"...)
	}
	switch t.Kind {
	case types.Boolean:
		if v.I != 0 {
			return append(dst, "true"...)
		}
		return append(dst, "false"...)
	case types.TinyInt, types.SmallInt, types.Int, types.BigInt:
		return strconv.AppendInt(dst, v.I, 10)
	case types.Float:
		return types.AppendJavaFloat(dst, float32(v.F))
	case types.Double:
		return types.AppendJavaDouble(dst, v.F)
	case types.Decimal:
		return appendBigDecimal(dst, v, t)
	case types.Char, types.Varchar:
		return append(dst, v.B...)
	case types.Binary, types.Varbinary:
		// byte[] goes through Arrays.toString: signed bytes.
		dst = append(dst, '[')
		for i, c := range v.B {
			if i > 0 {
				dst = append(dst, ", "...)
			}
			dst = strconv.AppendInt(dst, int64(int8(c)), 10)
		}
		return append(dst, ']')
	case types.Date:
		return types.AppendLocalDate(dst, v.I)
	case types.Time:
		return types.AppendLocalTime(dst, v.I*1_000_000)
	case types.Timestamp:
		days, nanoOfDay := types.SplitTimestamp(v.I, v.N)
		dst = types.AppendLocalDate(dst, days)
		dst = append(dst, 'T')
		return types.AppendLocalTime(dst, nanoOfDay)
	case types.TimestampLTZ:
		return types.AppendInstant(dst, v.I, v.N)
	case types.IntervalYearMonth:
		return appendPeriod(dst, v.I, t.Res)
	case types.IntervalDayTime:
		return appendDuration(dst, v.I)
	case types.Array:
		a, _ := v.X.(*types.ArrayValue)
		dst = append(dst, '[')
		if a != nil {
			for i, e := range a.Elems {
				if i > 0 {
					dst = append(dst, ", "...)
				}
				dst = f.appendValue(dst, e, *t.Elem)
			}
		}
		return append(dst, ']')
	case types.Map, types.Multiset:
		return f.appendMap(dst, v, t)
	case types.Row:
		r, _ := v.X.(*types.RowValue)
		dst = append(dst, "+I["...)
		if r != nil {
			for i, e := range r.Fields {
				if i > 0 {
					dst = append(dst, ", "...)
				}
				var ft types.Type
				if i < len(t.Fields) {
					ft = t.Fields[i].Type
				}
				dst = f.appendValue(dst, e, ft)
			}
		}
		return append(dst, ']')
	}
	return append(dst, "null"...)
}

// appendMap prints a MAP or MULTISET as the java.util.HashMap the print sink
// builds from it: "{k=v, ...}" in HashMap iteration order, which depends on
// the keys' Java hash codes. Keys without a stable Java hash (arrays, rows,
// byte arrays hash by identity in Java) keep their stored order.
func (f *formatter) appendMap(dst []byte, v types.Value, t types.Type) []byte {
	m, _ := v.X.(*types.MapValue)
	kt, vt := t.Key, t.Val
	if t.Kind == types.Multiset {
		kt, vt = t.Elem, &types.Int32
	}
	dst = append(dst, '{')
	if m == nil || kt == nil || vt == nil {
		return append(dst, '}')
	}
	order := hashMapOrder(m.Keys, *kt)
	for i := range m.Keys {
		j := i
		if order != nil {
			j = order[i]
		}
		if i > 0 {
			dst = append(dst, ", "...)
		}
		dst = f.appendValue(dst, m.Keys[j], *kt)
		dst = append(dst, '=')
		dst = f.appendValue(dst, m.Vals[j], *vt)
	}
	return append(dst, '}')
}

// hashMapOrder returns the positions of keys in the iteration order of a
// java.util.HashMap filled in stored order (table of 16 buckets doubling
// past a 0.75 load; a resize keeps the relative order within a bucket), or
// nil to keep the stored order.
func hashMapOrder(keys []types.Value, kt types.Type) []int {
	if len(keys) < 2 {
		return nil
	}
	buckets := make([]uint32, len(keys))
	n := 16
	for len(keys) > n*3/4 {
		n *= 2
	}
	for i, k := range keys {
		h, ok := javaHash(k, kt)
		if !ok {
			return nil
		}
		spread := uint32(h) ^ (uint32(h) >> 16)
		buckets[i] = spread & uint32(n-1)
	}
	order := make([]int, len(keys))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool { return buckets[order[a]] < buckets[order[b]] })
	return order
}

// javaHash returns hashCode() of the external Java object of v.
func javaHash(v types.Value, t types.Type) (int32, bool) {
	if v.Null {
		return 0, true
	}
	switch t.Kind {
	case types.Boolean:
		if v.I != 0 {
			return 1231, true
		}
		return 1237, true
	case types.TinyInt, types.SmallInt, types.Int:
		return int32(v.I), true
	case types.BigInt:
		return longHash(v.I), true
	case types.Float:
		f := float32(v.F)
		if f != f {
			return 0x7fc00000, true
		}
		return int32(math.Float32bits(f)), true
	case types.Double:
		if math.IsNaN(v.F) {
			return longHash(0x7ff8000000000000), true
		}
		return longHash(int64(math.Float64bits(v.F))), true
	case types.Char, types.Varchar:
		return stringHash(v.B), true
	case types.Decimal:
		return bigDecimalHash(v, t), true
	case types.Date:
		y, m, d := types.CivilFromDays(v.I)
		return localDateHash(y, m, d), true
	case types.Time:
		return longHash(v.I * 1_000_000), true
	case types.Timestamp:
		days, nod := types.SplitTimestamp(v.I, v.N)
		y, m, d := types.CivilFromDays(days)
		return localDateHash(y, m, d) ^ longHash(nod), true
	case types.TimestampLTZ:
		secs, nanos := floorDiv(v.I, 1000)
		return longHash(secs) + 51*int32(nanos*1_000_000+int64(v.N)), true
	case types.IntervalYearMonth:
		y, m := periodParts(v.I, t.Res)
		return int32(y) + int32(bits.RotateLeft32(uint32(m), 8)), true
	case types.IntervalDayTime:
		secs, ms := floorDiv(v.I, 1000)
		return longHash(secs) + 51*int32(ms*1_000_000), true
	case types.Map, types.Multiset:
		m, _ := v.X.(*types.MapValue)
		if m == nil {
			return 0, false
		}
		kt, vt := t.Key, t.Val
		if t.Kind == types.Multiset {
			kt, vt = t.Elem, &types.Int32
		}
		var h int32
		for i := range m.Keys {
			kh, ok1 := javaHash(m.Keys[i], *kt)
			vh, ok2 := javaHash(m.Vals[i], *vt)
			if !ok1 || !ok2 {
				return 0, false
			}
			h += kh ^ vh
		}
		return h, true
	}
	return 0, false
}

func longHash(v int64) int32 { return int32(uint64(v) ^ uint64(v)>>32) }

// stringHash is String.hashCode over the UTF-16 units of the text.
func stringHash(b []byte) int32 {
	var h int32
	for len(b) > 0 {
		r, size := utf8.DecodeRune(b)
		b = b[size:]
		if r >= 0x10000 {
			r -= 0x10000
			h = 31*h + int32(0xD800+(r>>10))
			h = 31*h + int32(0xDC00+(r&0x3FF))
			continue
		}
		h = 31*h + int32(r)
	}
	return h
}

func localDateHash(y, m, d int64) int32 {
	yv := int32(y)
	return (yv & -2048) ^ ((yv << 11) + (int32(m) << 6) + int32(d))
}

// bigDecimalHash is BigDecimal.hashCode for the value at the column scale.
func bigDecimalHash(v types.Value, t types.Type) int32 {
	scale := int32(t.Scale)
	var u *big.Int
	if t.Precision > 18 {
		u, _ = v.X.(*big.Int)
		if u == nil {
			return 0
		}
		if u.IsInt64() && u.Int64() != math.MinInt64 {
			return compactDecimalHash(u.Int64(), scale)
		}
		// Inflated: 31 * BigInteger.hashCode() + scale.
		var h int32
		words := new(big.Int).Abs(u).Bytes()
		for len(words)%4 != 0 {
			words = append([]byte{0}, words...)
		}
		for i := 0; i < len(words); i += 4 {
			w := uint32(words[i])<<24 | uint32(words[i+1])<<16 | uint32(words[i+2])<<8 | uint32(words[i+3])
			h = int32(int64(31)*int64(h) + int64(w))
		}
		return 31*(h*int32(u.Sign())) + scale
	}
	return compactDecimalHash(v.I, scale)
}

func compactDecimalHash(c int64, scale int32) int32 {
	val2 := c
	if c < 0 {
		val2 = -c
	}
	hi := int32(uint64(val2)>>32) * 31
	temp := int32(int64(hi) + int64(uint32(val2)))
	if c < 0 {
		temp = -temp
	}
	return 31*temp + scale
}

// appendBigDecimal prints BigDecimal.toString: plain unless the adjusted
// exponent is below -6, then scientific ("1E-8", "0E-10").
func appendBigDecimal(dst []byte, v types.Value, t types.Type) []byte {
	var tmp [48]byte
	var digits []byte
	neg := false
	if t.Precision > 18 {
		u, _ := v.X.(*big.Int)
		if u == nil {
			return append(dst, "null"...)
		}
		neg = u.Sign() < 0
		digits = new(big.Int).Abs(u).Append(tmp[:0], 10)
	} else {
		neg = v.I < 0
		digits = strconv.AppendUint(tmp[:0], absU(v.I), 10)
	}
	return types.AppendDecimalString(dst, neg, digits, t.Scale)
}

func absU(i int64) uint64 {
	if i < 0 {
		return -uint64(i)
	}
	return uint64(i)
}

func floorDiv(a, b int64) (q, r int64) {
	q, r = a/b, a%b
	if r < 0 {
		q--
		r += b
	}
	return q, r
}

// periodParts splits months into the years and months of the Period that
// Flink's converter builds for the interval's resolution.
func periodParts(months int64, res types.IntervalRes) (years, mons int64) {
	switch res {
	case types.ResYear:
		return months / 12, 0
	case types.ResMonth:
		return 0, months
	}
	return months / 12, months % 12
}

// appendPeriod prints Period.toString: P1Y2M, P0D for zero.
func appendPeriod(dst []byte, months int64, res types.IntervalRes) []byte {
	y, m := periodParts(months, res)
	if y == 0 && m == 0 {
		return append(dst, "P0D"...)
	}
	dst = append(dst, 'P')
	if y != 0 {
		dst = strconv.AppendInt(dst, y, 10)
		dst = append(dst, 'Y')
	}
	if m != 0 {
		dst = strconv.AppendInt(dst, m, 10)
		dst = append(dst, 'M')
	}
	return dst
}

// appendDuration prints java.time.Duration.toString of Duration.ofMillis:
// PT8H6M12.345S, PT0S for zero, negative parts signed.
func appendDuration(dst []byte, millis int64) []byte {
	if millis == 0 {
		return append(dst, "PT0S"...)
	}
	seconds, ms := floorDiv(millis, 1000)
	nanos := ms * 1_000_000
	eff := seconds
	if seconds < 0 && nanos > 0 {
		eff++
	}
	hours, minutes, secs := eff/3600, (eff%3600)/60, eff%60
	dst = append(dst, "PT"...)
	start := len(dst)
	if hours != 0 {
		dst = strconv.AppendInt(dst, hours, 10)
		dst = append(dst, 'H')
	}
	if minutes != 0 {
		dst = strconv.AppendInt(dst, minutes, 10)
		dst = append(dst, 'M')
	}
	if secs == 0 && nanos == 0 && len(dst) > start {
		return dst
	}
	if seconds < 0 && nanos > 0 && secs == 0 {
		dst = append(dst, "-0"...)
	} else {
		dst = strconv.AppendInt(dst, secs, 10)
	}
	if nanos > 0 {
		frac := nanos + 1_000_000_000
		if seconds < 0 {
			frac = 2_000_000_000 - nanos
		}
		pos := len(dst)
		dst = strconv.AppendInt(dst, frac, 10)
		for dst[len(dst)-1] == '0' {
			dst = dst[:len(dst)-1]
		}
		dst[pos] = '.'
	}
	return append(dst, 'S')
}
