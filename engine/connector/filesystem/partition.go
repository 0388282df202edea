package filesystem

import (
	"math/big"
	"strconv"
	"strings"
	"time"

	"github.com/flinkplay/flinkplay/engine/diag"
	"github.com/flinkplay/flinkplay/engine/types"
)

// needsEscape lists the characters PartitionPathUtils escapes in partition
// directory names: controls, and "#%'*/:=?\{}[]^ and DEL.
func needsEscape(c rune) bool {
	if c < ' ' || c == 0x7F {
		return true
	}
	return strings.ContainsRune("\"#%'*/:=?\\{}[]^", c)
}

// escapePathName escapes a partition key or value as %XX.
func escapePathName(s string) string {
	var b strings.Builder
	for _, r := range s {
		if needsEscape(r) {
			b.WriteByte('%')
			h := strings.ToUpper(strconv.FormatInt(int64(r), 16))
			if r < 16 {
				b.WriteByte('0')
			}
			b.WriteString(h)
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

// unescapePathName undoes escapePathName. Like Flink's, it leaves an
// escape in the last two characters of the name alone.
func unescapePathName(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '%' && i+2 < len(s) {
			if code, err := strconv.ParseUint(s[i+1:i+3], 16, 8); err == nil {
				b.WriteByte(byte(code))
				i += 2
				continue
			}
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// partitionDir is the directory of a row's partition values:
// "k1=v1/k2=v2", the values as Flink's RowDataPartitionComputer prints
// them (the internal value's toString: a DATE is its epoch day), NULL and
// ” as the default partition name.
func (c *config) partitionDir(row []types.Value) string {
	var parts []string
	for _, i := range c.partitions {
		col := c.physical.Columns[i]
		v := internalText(row[i], col.Type)
		if row[i].Null || v == "" {
			v = c.defaultName
		}
		parts = append(parts, escapePathName(col.Name)+"="+escapePathName(v))
	}
	return strings.Join(parts, "/")
}

// internalText is toString of Flink's internal object for a value.
func internalText(v types.Value, t types.Type) string {
	if v.Null {
		return ""
	}
	switch t.Kind {
	case types.Boolean:
		return strconv.FormatBool(v.I != 0)
	case types.Float:
		return string(types.AppendJavaFloat(nil, float32(v.F)))
	case types.Double:
		return string(types.AppendJavaDouble(nil, v.F))
	case types.Char, types.Varchar:
		return string(v.B)
	case types.Decimal:
		return plainDecimal(v, t)
	case types.Timestamp, types.TimestampLTZ:
		return localDateTimeString(v)
	}
	// Integers, DATE (epoch day), TIME (millis of day), intervals.
	return strconv.FormatInt(v.I, 10)
}

func plainDecimal(v types.Value, t types.Type) string {
	u, ok := v.X.(*big.Int)
	if !ok || u == nil {
		u = big.NewInt(v.I)
	}
	neg := u.Sign() < 0
	d := new(big.Int).Abs(u).String()
	for len(d) <= t.Scale {
		d = "0" + d
	}
	if t.Scale > 0 {
		d = d[:len(d)-t.Scale] + "." + d[len(d)-t.Scale:]
	}
	if neg {
		d = "-" + d
	}
	return d
}

// localDateTimeString is LocalDateTime.toString: seconds and fraction only
// when not zero, the fraction in groups of three digits.
func localDateTimeString(v types.Value) string {
	ms := v.I
	sec, msOfSec := ms/1000, ms%1000
	if msOfSec < 0 {
		sec--
		msOfSec += 1000
	}
	t := time.Unix(sec, 0).UTC()
	s := t.Format("2006-01-02T15:04")
	nanos := msOfSec*1_000_000 + int64(v.N)
	if t.Second() == 0 && nanos == 0 {
		return s
	}
	s += ":" + pad2(t.Second())
	switch {
	case nanos == 0:
	case nanos%1_000_000 == 0:
		s += "." + strconv.FormatInt(nanos/1_000_000+1000, 10)[1:]
	case nanos%1000 == 0:
		s += "." + strconv.FormatInt(nanos/1000+1_000_000, 10)[1:]
	default:
		s += "." + strconv.FormatInt(nanos+1_000_000_000, 10)[1:]
	}
	return s
}

func pad2(i int) string {
	if i < 10 {
		return "0" + strconv.Itoa(i)
	}
	return strconv.Itoa(i)
}

// partitionValue converts a partition directory value back to the column
// type as PartitionPathUtils.convertStringToInternalValue does.
func partitionValue(s string, t types.Type) (types.Value, error) {
	bad := func(err *diag.Error) (types.Value, error) { return types.Value{}, err }
	numErr := func() *diag.Error {
		return diag.Errorf(diag.NoPos, diag.NumberFormatException, "For input string: \"%s\"", s)
	}
	switch t.Kind {
	case types.Char, types.Varchar:
		return types.StringValue(s), nil
	case types.Boolean:
		return types.BoolValue(strings.EqualFold(s, "true")), nil
	case types.TinyInt, types.SmallInt, types.Int, types.BigInt:
		bits := map[types.Kind]int{types.TinyInt: 8, types.SmallInt: 16, types.Int: 32, types.BigInt: 64}[t.Kind]
		n, err := strconv.ParseInt(strings.TrimPrefix(s, "+"), 10, bits)
		if err != nil {
			return bad(numErr())
		}
		return types.IntValue(n), nil
	case types.Float, types.Double:
		bits := 64
		if t.Kind == types.Float {
			bits = 32
		}
		f, err := strconv.ParseFloat(strings.TrimSpace(s), bits)
		if err != nil {
			return bad(numErr())
		}
		return types.FloatValue(f), nil
	case types.Date:
		d, err := time.Parse("2006-01-02", s)
		if err != nil {
			return bad(diag.Errorf(diag.NoPos, "java.time.format.DateTimeParseException", "Text '%s' could not be parsed at index 0", s))
		}
		return types.IntValue(d.Unix() / 86400), nil
	case types.Timestamp:
		for _, layout := range []string{"2006-01-02T15:04:05.999999999", "2006-01-02T15:04"} {
			if tm, err := time.Parse(layout, s); err == nil {
				ms := tm.Unix()*1000 + int64(tm.Nanosecond()/1_000_000)
				return types.TimestampValue(ms, int32(tm.Nanosecond()%1_000_000)), nil
			}
		}
		return bad(diag.Errorf(diag.NoPos, "java.time.format.DateTimeParseException", "Text '%s' could not be parsed at index 0", s))
	}
	return bad(diag.Errorf(diag.NoPos, diag.RuntimeException, "Can not convert %s to type %s for partition value", s, t))
}
