package faker

import (
	"math"
	"math/big"
	"strings"
	"time"

	"github.com/flinkplay/flinkplay/engine/connector"
	"github.com/flinkplay/flinkplay/engine/diag"
	"github.com/flinkplay/flinkplay/engine/types"
)

// convert turns generated strings into a value of type t as flink-faker's
// FakerUtils.stringValueToType does: vals holds one string for a scalar,
// the elements for an ARRAY or MULTISET, key, value, key, value... for a
// MAP and one per field for a ROW. Errors are the Java parsers'.
func convert(vals []string, t types.Type) (types.Value, error) {
	v := ""
	if len(vals) > 0 {
		v = vals[0]
	}
	switch t.Kind {
	case types.Char, types.Varchar:
		return types.StringValue(v), nil
	case types.Boolean:
		return types.BoolValue(strings.EqualFold(v, "true")), nil
	case types.TinyInt:
		return javaIntValue(v, math.MinInt8, math.MaxInt8, true)
	case types.SmallInt:
		return javaIntValue(v, math.MinInt16, math.MaxInt16, true)
	case types.Int:
		return javaIntValue(v, math.MinInt32, math.MaxInt32, false)
	case types.BigInt:
		return javaIntValue(v, math.MinInt64, math.MaxInt64, false)
	case types.Float:
		f, err := connector.JavaFloat(v, 32)
		if err != nil {
			return types.Value{}, err
		}
		return types.FloatValue(float64(float32(f))), nil
	case types.Double:
		f, err := connector.JavaFloat(v, 64)
		if err != nil {
			return types.Value{}, err
		}
		return types.FloatValue(f), nil
	case types.Decimal:
		return decimalValue(v, t)
	case types.Date:
		ms, err := parseJavaTimestamp(v)
		if err != nil {
			return types.Value{}, err
		}
		return types.IntValue(ms / 86_400_000), nil // Java's division: toward zero
	case types.Time:
		n, err := connector.JavaInteger(v, math.MinInt64, math.MaxInt64)
		if err != nil {
			return types.Value{}, err
		}
		return types.IntValue(int64(int32(n / 1_000_000))), nil
	case types.Timestamp, types.TimestampLTZ:
		ms, nanos, err := parseJavaTimestampNanos(v)
		if err != nil {
			return types.Value{}, err
		}
		return types.TimestampValue(ms, nanos), nil
	case types.Array:
		elems := make([]types.Value, len(vals))
		for i, s := range vals {
			e, err := convert([]string{s}, *t.Elem)
			if err != nil {
				return types.Value{}, err
			}
			elems[i] = e
		}
		return types.Value{X: &types.ArrayValue{Elems: elems}}, nil
	case types.Multiset:
		m := &types.MapValue{}
		for _, s := range vals {
			e, err := convert([]string{s}, *t.Elem)
			if err != nil {
				return types.Value{}, err
			}
			if i := indexOf(m.Keys, e, *t.Elem); i >= 0 {
				m.Vals[i].I++
			} else {
				m.Keys = append(m.Keys, e)
				m.Vals = append(m.Vals, types.IntValue(1))
			}
		}
		return types.Value{X: m}, nil
	case types.Map:
		m := &types.MapValue{}
		for i := 0; i+1 < len(vals); i += 2 {
			k, err := convert(vals[i:i+1], *t.Key)
			if err != nil {
				return types.Value{}, err
			}
			val, err := convert(vals[i+1:i+2], *t.Val)
			if err != nil {
				return types.Value{}, err
			}
			if j := indexOf(m.Keys, k, *t.Key); j >= 0 {
				m.Vals[j] = val // a HashMap keeps the key's place
			} else {
				m.Keys = append(m.Keys, k)
				m.Vals = append(m.Vals, val)
			}
		}
		return types.Value{X: m}, nil
	case types.Row:
		fields := make([]types.Value, len(t.Fields))
		for i, f := range t.Fields {
			if i >= len(vals) {
				return types.Value{}, diag.Errorf(diag.NoPos, "java.lang.ArrayIndexOutOfBoundsException",
					"Index %d out of bounds for length %d", i, len(vals))
			}
			fv, err := convert(vals[i:i+1], f.Type)
			if err != nil {
				return types.Value{}, err
			}
			fields[i] = fv
		}
		return types.Value{X: &types.RowValue{Fields: fields}}, nil
	}
	return types.Value{}, diag.Errorf(diag.NoPos, diag.RuntimeException, "Unsupported Data Type")
}

// indexOf finds an equal key (scalars only: the element types of
// generated collections).
func indexOf(keys []types.Value, v types.Value, t types.Type) int {
	for i, k := range keys {
		if k.Null == v.Null && k.I == v.I && k.F == v.F && string(k.B) == string(v.B) && k.N == v.N {
			if x, ok := k.X.(*big.Int); ok {
				if y, ok := v.X.(*big.Int); !ok || x.Cmp(y) != 0 {
					continue
				}
			}
			return i
		}
	}
	return -1
}

// javaIntValue parses as Integer.parseInt / Long.valueOf, or as
// Byte.parseByte / Short.parseShort (small), whose range error differs.
func javaIntValue(s string, lo, hi int64, small bool) (types.Value, error) {
	if small {
		n, err := connector.JavaInteger(s, math.MinInt32, math.MaxInt32)
		if err != nil {
			return types.Value{}, err
		}
		if n < lo || n > hi {
			return types.Value{}, diag.Errorf(diag.NoPos, diag.NumberFormatException, "Value out of range. Value:\"%s\" Radix:10", s)
		}
		return types.IntValue(n), nil
	}
	n, err := connector.JavaInteger(s, lo, hi)
	if err != nil {
		return types.Value{}, err
	}
	return types.IntValue(n), nil
}

// decimalValue is new BigDecimal(s) put into DECIMAL(p, s) as Flink's
// DecimalData.fromBigDecimal does: rounded half-up to the scale, and
// NULL when it then has more than p digits.
func decimalValue(s string, t types.Type) (types.Value, error) {
	r, ok := parseBigDecimal(s)
	if !ok {
		return types.Value{}, bigDecimalError(s)
	}
	scale := new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(t.Scale)), nil)
	x := new(big.Rat).Mul(r, new(big.Rat).SetInt(scale))
	q, m := new(big.Int).QuoRem(x.Num(), x.Denom(), new(big.Int))
	if new(big.Int).Mul(new(big.Int).Abs(m), big.NewInt(2)).Cmp(x.Denom()) >= 0 {
		if x.Sign() < 0 {
			q.Sub(q, big.NewInt(1))
		} else {
			q.Add(q, big.NewInt(1))
		}
	}
	limit := new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(t.Precision)), nil)
	if new(big.Int).Abs(q).Cmp(limit) >= 0 {
		return types.NullValue, nil
	}
	if t.Precision <= 18 {
		return types.IntValue(q.Int64()), nil
	}
	return types.BigDecimalValue(q), nil
}

// parseBigDecimal reads [+-]digits[.digits][(e|E)[+-]digits].
func parseBigDecimal(s string) (*big.Rat, bool) {
	i, n := 0, len(s)
	if i < n && (s[i] == '+' || s[i] == '-') {
		i++
	}
	digits := 0
	for i < n && s[i] >= '0' && s[i] <= '9' {
		i, digits = i+1, digits+1
	}
	if i < n && s[i] == '.' {
		i++
		for i < n && s[i] >= '0' && s[i] <= '9' {
			i, digits = i+1, digits+1
		}
	}
	if digits == 0 {
		return nil, false
	}
	if i < n && (s[i] == 'e' || s[i] == 'E') {
		j := i + 1
		if j < n && (s[j] == '+' || s[j] == '-') {
			j++
		}
		if j == n {
			return nil, false
		}
		for j < n && s[j] >= '0' && s[j] <= '9' {
			j++
		}
		i = j
	}
	if i != n {
		return nil, false
	}
	return new(big.Rat).SetString(s)
}

// parseJavaTimestamp reads flink-faker's "uuuu-MM-dd HH:mm:ss[.n...]" in
// UTC (the zone the playground's JVM would have) to epoch milliseconds.
func parseJavaTimestamp(s string) (int64, error) {
	ms, _, err := parseJavaTimestampNanos(s)
	return ms, err
}

func parseJavaTimestampNanos(s string) (int64, int32, error) {
	t, idx, ok := scanTimestamp(s)
	if !ok {
		return 0, 0, diag.Errorf(diag.NoPos, "java.time.format.DateTimeParseException",
			"Text '%s' could not be parsed at index %d", s, idx)
	}
	ms := t.Unix()*1000 + int64(t.Nanosecond()/1e6)
	return ms, int32(t.Nanosecond() % 1e6), nil
}

// scanTimestamp parses the fixed layout, reporting the index of the first
// character that does not fit.
func scanTimestamp(s string) (time.Time, int, bool) {
	layout := "dddd-dd-dd dd:dd:dd"
	for i := 0; i < len(layout); i++ {
		if i >= len(s) {
			return time.Time{}, i, false
		}
		if layout[i] == 'd' {
			if s[i] < '0' || s[i] > '9' {
				return time.Time{}, i, false
			}
		} else if s[i] != layout[i] {
			return time.Time{}, i, false
		}
	}
	i := len(layout)
	nanos, digits := 0, 0
	if i < len(s) && s[i] == '.' {
		i++
		for i < len(s) && s[i] >= '0' && s[i] <= '9' && digits < 9 {
			nanos = nanos*10 + int(s[i]-'0')
			i, digits = i+1, digits+1
		}
		for d := digits; d < 9; d++ {
			nanos *= 10
		}
	}
	if i != len(s) {
		return time.Time{}, i, false
	}
	num := func(a, b int) int {
		n := 0
		for _, c := range s[a:b] {
			n = n*10 + int(c-'0')
		}
		return n
	}
	y, mo, d, h, mi, sec := num(0, 4), num(5, 7), num(8, 10), num(11, 13), num(14, 16), num(17, 19)
	t := time.Date(y, time.Month(mo), d, h, mi, sec, nanos, time.UTC)
	if t.Month() != time.Month(mo) || t.Day() != d || h > 23 || mi > 59 || sec > 59 {
		return time.Time{}, 0, false
	}
	return t, 0, true
}

// bigDecimalError is the NumberFormatException of new BigDecimal(s).
func bigDecimalError(s string) error {
	if s == "" {
		return diag.Errorf(diag.NoPos, diag.NumberFormatException, "No digits found.")
	}
	for i, c := range s {
		if (c >= '0' && c <= '9') || c == '.' || c == 'e' || c == 'E' || ((c == '+' || c == '-') && i == 0) {
			continue
		}
		return diag.Errorf(diag.NoPos, diag.NumberFormatException,
			"Character %c is neither a decimal digit number, decimal point, nor \"e\" notation exponential mark.", c)
	}
	return diag.Errorf(diag.NoPos, diag.NumberFormatException, "Character array is missing \"exponent\" mark 'e' or 'E'.")
}
