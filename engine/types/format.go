package types

import (
	"math/big"
	"strconv"
	"time"
)

// Value formatting: how Flink renders a value as text when it prints
// results, i.e. CAST(value AS STRING) with the planner's "printing" flag set
// and the non-legacy cast behaviour (RowDataToStringConverterImpl and the
// *ToStringCastRule classes). The rules, with the Java helpers they use:
//
//   - BOOLEAN: TRUE / FALSE.
//   - TINYINT..BIGINT: decimal; FLOAT, DOUBLE: Java's Float/Double.toString.
//   - DECIMAL(p, s): BigDecimal.toPlainString, exactly s fraction digits.
//   - CHAR, VARCHAR: the text as is; BINARY, VARBINARY: x'0aff' (lowercase).
//   - DATE: yyyy-MM-dd; TIME(p): HH:mm:ss plus, when p > 0, up to p fraction
//     digits that stop at the first trailing zero but keep at least one
//     (java.sql.Timestamp style); TIMESTAMP(p): yyyy-MM-dd HH:mm:ss plus,
//     when p > 0, exactly p fraction digits. TIMESTAMP is rendered in UTC
//     (its wall clock is stored as if UTC), TIMESTAMP_LTZ in the session zone.
//   - INTERVAL YEAR TO MONTH: +Y-MM; INTERVAL DAY TO SECOND: +D HH:mm:ss.SSS,
//     whatever the interval's resolution (INTERVAL '1' YEAR prints +1-00).
//   - ARRAY [a, b]; MAP {k=v, k2=v2}; MULTISET {elem=count}; ROW (a, b);
//     a NULL inside them prints NULL.
//
// Years are written as Flink's DateTimeUtils writes them: always four
// characters computed digit by digit, so year 12345 prints as 2345 and a
// negative year yields characters below '0' (year -1 is "000/"). That is odd
// but it is what Flink prints, and such dates only arise from arithmetic far
// outside the SQL range 0001..9999.

// AppendValue appends the printed form of v, of type t, to dst. A NULL at the
// top level is written by callers (as <NULL> or nothing); AppendValue writes
// NULL for it, which is what a NULL inside an ARRAY, MAP or ROW prints. zone
// is the session time zone used for TIMESTAMP_LTZ; nil means UTC.
//
// Scalars append without allocating, except DECIMAL values whose unscaled
// value does not fit 64 bits.
func AppendValue(dst []byte, v Value, t Type, zone *time.Location) []byte {
	if v.Null {
		return append(dst, "NULL"...)
	}
	switch t.Kind {
	case Null:
		return append(dst, "NULL"...)
	case Boolean:
		if v.I != 0 {
			return append(dst, "TRUE"...)
		}
		return append(dst, "FALSE"...)
	case TinyInt:
		return strconv.AppendInt(dst, int64(int8(v.I)), 10)
	case SmallInt:
		return strconv.AppendInt(dst, int64(int16(v.I)), 10)
	case Int:
		return strconv.AppendInt(dst, int64(int32(v.I)), 10)
	case BigInt:
		return strconv.AppendInt(dst, v.I, 10)
	case Float:
		return AppendJavaFloat(dst, float32(v.F))
	case Double:
		return AppendJavaDouble(dst, v.F)
	case Decimal:
		return appendDecimal(dst, v, t.Scale)
	case Char, Varchar:
		return append(dst, v.B...)
	case Binary, Varbinary:
		return appendHexBytes(dst, v.B)
	case Date:
		return appendDate(dst, int32(v.I))
	case Time:
		return appendTime(dst, int32(v.I), t.Precision)
	case Timestamp:
		return appendTimestamp(dst, v.I, v.N, t.Precision, time.UTC)
	case TimestampLTZ:
		if zone == nil {
			zone = time.UTC
		}
		return appendTimestamp(dst, v.I, v.N, t.Precision, zone)
	case IntervalYearMonth:
		return appendIntervalYearMonth(dst, int32(v.I))
	case IntervalDayTime:
		return appendIntervalDayTime(dst, v.I)
	case Array:
		return appendArray(dst, v, t, zone)
	case Map, Multiset:
		return appendMap(dst, v, t, zone)
	case Row:
		return appendRow(dst, v, t, zone)
	case Variant:
		if x, ok := v.X.(*VariantValue); ok {
			return x.AppendJSON(dst)
		}
	}
	return dst
}

// FormatValue returns the printed form of v; see AppendValue. It allocates:
// hot paths use AppendValue with a reused buffer.
func FormatValue(v Value, t Type, zone *time.Location) string {
	var buf [64]byte
	return string(AppendValue(buf[:0], v, t, zone))
}

const hexDigits = "0123456789abcdef"

func appendHexBytes(dst, b []byte) []byte {
	dst = append(dst, 'x', '\'')
	for _, c := range b {
		dst = append(dst, hexDigits[c>>4], hexDigits[c&0x0F])
	}
	return append(dst, '\'')
}

// appendDecimal writes BigDecimal.toPlainString of unscaled × 10^-scale.
func appendDecimal(dst []byte, v Value, scale int) []byte {
	var tmp [24]byte
	var digits []byte
	neg := false
	if x, ok := v.X.(*big.Int); ok && x != nil {
		if x.IsInt64() {
			digits, neg = appendAbs(tmp[:0], x.Int64())
		} else {
			digits = x.Append(nil, 10) // rare: more than 18 digits
			if digits[0] == '-' {
				neg, digits = true, digits[1:]
			}
		}
	} else {
		digits, neg = appendAbs(tmp[:0], v.I)
	}
	if neg {
		dst = append(dst, '-')
	}
	if scale <= 0 {
		dst = append(dst, digits...)
		for ; scale < 0; scale++ {
			dst = append(dst, '0')
		}
		return dst
	}
	if len(digits) <= scale {
		dst = append(dst, '0', '.')
		for k := len(digits); k < scale; k++ {
			dst = append(dst, '0')
		}
		return append(dst, digits...)
	}
	cut := len(digits) - scale
	dst = append(dst, digits[:cut]...)
	dst = append(dst, '.')
	return append(dst, digits[cut:]...)
}

// appendAbs appends the decimal digits of |i| and reports whether i < 0.
func appendAbs(dst []byte, i int64) ([]byte, bool) {
	if i < 0 {
		return strconv.AppendUint(dst, uint64(-(i+1))+1, 10), true
	}
	return strconv.AppendUint(dst, uint64(i), 10), false
}

// int2 and int4 write a number as exactly 2 or 4 characters, digit by
// digit, with Java's int arithmetic, as DateTimeUtils does.
func int2(dst []byte, i int32) []byte {
	return append(dst, byte('0'+(i/10)%10), byte('0'+i%10))
}

func int4(dst []byte, i int32) []byte {
	return append(dst, byte('0'+(i/1000)%10), byte('0'+(i/100)%10), byte('0'+(i/10)%10), byte('0'+i%10))
}

// epochJulian is the Julian day number of 1970-01-01.
const epochJulian = 2440588

// appendDate writes the proleptic Gregorian date of days since the epoch.
// The conversion runs in int32 arithmetic like Flink's, so even dates far
// outside the SQL range print what Flink prints.
func appendDate(dst []byte, days int32) []byte {
	// Julian day number to Gregorian calendar date (Richards' algorithm).
	j := days + epochJulian + 32044
	g := j / 146097
	dg := j % 146097
	c := (dg/36524 + 1) * 3 / 4
	dc := dg - c*36524
	b := dc / 1461
	db := dc % 1461
	a := (db/365 + 1) * 3 / 4
	da := db - a*365
	y := g*400 + c*100 + b*4 + a // full years since March 1, 4801 BC
	m := (da*5+308)/153 - 2      // full months since the last March 1
	d := da - (m+4)*153/5 + 122  // days since the first of the month
	year := y - 4800 + (m+2)/12
	month := (m+2)%12 + 1
	day := d + 1
	dst = int4(dst, year)
	dst = append(dst, '-')
	dst = int2(dst, month)
	dst = append(dst, '-')
	return int2(dst, day)
}

const millisPerDay = 86400000

// appendTime writes TIME(p) from milliseconds of the day. The fraction stops
// at the first zero remainder but always has one digit (12:00:00.0).
func appendTime(dst []byte, ms int32, precision int) []byte {
	if ms < 0 {
		// Flink shifts a negative time forward by whole days.
		ms = ms%millisPerDay + millisPerDay
		if ms == millisPerDay {
			ms = 0
		}
	}
	h := ms / 3600000
	rest := ms % 3600000
	m := rest / 60000
	rest %= 60000
	s := rest / 1000
	frac := rest % 1000
	dst = int2(dst, h)
	dst = append(dst, ':')
	dst = int2(dst, m)
	dst = append(dst, ':')
	dst = int2(dst, s)
	if precision > 0 {
		dst = append(dst, '.')
		for ; precision > 0; precision-- {
			dst = append(dst, byte('0'+frac/100))
			frac = frac % 100 * 10
			if frac == 0 {
				break
			}
		}
	}
	return dst
}

// appendTimestamp writes epoch millis + nanos-of-milli as a wall clock in
// zone with exactly precision (at most 9) fraction digits.
func appendTimestamp(dst []byte, millis int64, nanoOfMilli int32, precision int, zone *time.Location) []byte {
	sec := millis / 1000
	msOfSec := millis % 1000
	if msOfSec < 0 {
		sec--
		msOfSec += 1000
	}
	nano := msOfSec*1e6 + int64(nanoOfMilli)
	tm := time.Unix(sec, nano).In(zone)
	year, month, day := tm.Date()
	hour, minute, second := tm.Clock()
	dst = int4(dst, int32(year))
	dst = append(dst, '-')
	dst = int2(dst, int32(month))
	dst = append(dst, '-')
	dst = int2(dst, int32(day))
	dst = append(dst, ' ')
	dst = int2(dst, int32(hour))
	dst = append(dst, ':')
	dst = int2(dst, int32(minute))
	dst = append(dst, ':')
	dst = int2(dst, int32(second))
	if precision > 9 {
		precision = 9
	}
	if precision > 0 {
		dst = append(dst, '.')
		ns := tm.Nanosecond()
		div := 100000000
		for k := 0; k < precision; k++ {
			dst = append(dst, byte('0'+ns/div%10))
			div /= 10
		}
	}
	return dst
}

// appendIntervalYearMonth writes months as +Y-MM or -Y-MM.
func appendIntervalYearMonth(dst []byte, months int32) []byte {
	if months >= 0 {
		dst = append(dst, '+')
	} else {
		dst = append(dst, '-')
		months = -months
	}
	dst = strconv.AppendInt(dst, int64(months/12), 10)
	dst = append(dst, '-')
	return appendPadded(dst, months%12, 2)
}

// appendIntervalDayTime writes milliseconds as +D HH:mm:ss.SSS or -D ....
func appendIntervalDayTime(dst []byte, ms int64) []byte {
	if ms >= 0 {
		dst = append(dst, '+')
	} else {
		dst = append(dst, '-')
		ms = -ms
	}
	frac := ms % 1000
	ms /= 1000
	s := ms % 60
	ms /= 60
	m := ms % 60
	ms /= 60
	h := ms % 24
	d := ms / 24
	// Flink narrows every part to a Java int before writing it.
	dst = strconv.AppendInt(dst, int64(int32(d)), 10)
	dst = append(dst, ' ')
	dst = appendPadded(dst, int32(h), 2)
	dst = append(dst, ':')
	dst = appendPadded(dst, int32(m), 2)
	dst = append(dst, ':')
	dst = appendPadded(dst, int32(s), 2)
	dst = append(dst, '.')
	return appendPadded(dst, int32(frac), 3)
}

// appendPadded writes v left-padded with zeros to n digits; the sign of a
// negative v (only from the most negative interval) counts as no digit, as
// in DateTimeUtils.number.
func appendPadded(dst []byte, v int32, n int) []byte {
	digits := 1
	for x := v / 10; x != 0; x /= 10 {
		digits++
	}
	for ; digits < n; digits++ {
		dst = append(dst, '0')
	}
	return strconv.AppendInt(dst, int64(v), 10)
}

func elemType(t *Type) Type {
	if t == nil {
		return NullType
	}
	return *t
}

func appendArray(dst []byte, v Value, t Type, zone *time.Location) []byte {
	dst = append(dst, '[')
	if a, ok := v.X.(*ArrayValue); ok && a != nil {
		et := elemType(t.Elem)
		for i, e := range a.Elems {
			if i > 0 {
				dst = append(dst, ", "...)
			}
			dst = AppendValue(dst, e, et, zone)
		}
	}
	return append(dst, ']')
}

// appendMap writes a MAP, or a MULTISET held as a MapValue of element to
// INT count.
func appendMap(dst []byte, v Value, t Type, zone *time.Location) []byte {
	dst = append(dst, '{')
	kt, vt := elemType(t.Key), elemType(t.Val)
	if t.Kind == Multiset {
		kt, vt = elemType(t.Elem), Type{Kind: Int, NotNull: true}
	}
	if m, ok := v.X.(*MapValue); ok && m != nil {
		n := min(len(m.Keys), len(m.Vals))
		for i := 0; i < n; i++ {
			if i > 0 {
				dst = append(dst, ", "...)
			}
			dst = AppendValue(dst, m.Keys[i], kt, zone)
			dst = append(dst, '=')
			dst = AppendValue(dst, m.Vals[i], vt, zone)
		}
	}
	return append(dst, '}')
}

func appendRow(dst []byte, v Value, t Type, zone *time.Location) []byte {
	dst = append(dst, '(')
	if r, ok := v.X.(*RowValue); ok && r != nil {
		n := min(len(r.Fields), len(t.Fields))
		for i := 0; i < n; i++ {
			if i > 0 {
				dst = append(dst, ", "...)
			}
			dst = AppendValue(dst, r.Fields[i], t.Fields[i].Type, zone)
		}
	}
	return append(dst, ')')
}
