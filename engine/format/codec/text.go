// Package codec turns rows into lines of text and back as Flink's 'csv' and
// 'json' formats do for the filesystem connector: the same text for every
// type (Java's java.time formatters, BigDecimal.toString, Jackson's quoting
// and number output) and the same errors for input they cannot read.
//
// The codecs know nothing of connectors or options: the filesystem
// connector validates the format options and fills CSVOptions and
// JSONOptions.
package codec

import (
	"math/big"
	"strconv"
	"strings"
	"time"

	"github.com/flinkplay/flinkplay/engine/diag"
	"github.com/flinkplay/flinkplay/engine/types"
)

// Java exception classes the formats report.
const (
	dateTimeParseException = "java.time.format.DateTimeParseException"
	ioException            = "java.io.IOException"
)

// FieldError is Flink's "Fail to deserialize at field: x." around the Java
// exception underneath; the SQL client prints that deepest cause, which
// diag.As finds through Unwrap.
type FieldError struct {
	Field string
	Cause *diag.Error
}

// Error returns Flink's message naming the field.
func (e *FieldError) Error() string { return "Fail to deserialize at field: " + e.Field + "." }

// Unwrap returns the Java exception underneath.
func (e *FieldError) Unwrap() error { return e.Cause }

// LineError places a decoding failure in its file: the line its record
// starts on and, when one field failed, that field's 1-based column and
// name. Its message is its cause's, which is what Flink prints.
type LineError struct {
	Line   int
	Column int    // 0 when the record as a whole failed
	Field  string // "" when the record as a whole failed
	Err    error
}

// Error returns the cause's message.
func (e *LineError) Error() string { return e.Err.Error() }

// Unwrap returns the cause.
func (e *LineError) Unwrap() error { return e.Err }

// lineAt returns the 1-based line of byte offset off in text.
func lineAt(text string, off int) int {
	return 1 + strings.Count(text[:min(off, len(text))], "\n")
}

func forInput(s string) *diag.Error {
	return diag.Errorf(diag.NoPos, diag.NumberFormatException, "For input string: \"%s\"", s)
}

func cannotParse(s string, index int) *diag.Error {
	return diag.Errorf(diag.NoPos, dateTimeParseException, "Text '%s' could not be parsed at index %d", s, index)
}

// appendTimestamp writes a TIMESTAMP (or the UTC wall clock of a
// TIMESTAMP_LTZ) as date, sep, time of day, then suffix.
func appendTimestamp(dst []byte, v types.Value, sep byte, suffix string) []byte {
	days, nod := types.SplitTimestamp(v.I, v.N)
	dst = types.AppendLocalDate(dst, days)
	dst = append(dst, sep)
	dst = types.AppendISOLocalTime(dst, nod)
	return append(dst, suffix...)
}

// appendBigDecimal writes BigDecimal.toString of the value at the column
// scale, after stripTrailingZeros when strip is set (Jackson's default for
// Flink's formats): 1.20 -> 1.2, 100 -> 1E+2, 0.0000001 -> 1E-7.
func appendBigDecimal(dst []byte, v types.Value, t types.Type, strip bool) []byte {
	u := unscaled(v, t)
	scale := t.Scale
	if strip {
		if u.Sign() == 0 {
			scale = 0
		} else {
			ten := big.NewInt(10)
			q, r := new(big.Int), new(big.Int)
			for {
				q.QuoRem(u, ten, r)
				if r.Sign() != 0 {
					break
				}
				u = new(big.Int).Set(q)
				scale--
			}
		}
	}
	return types.AppendDecimalString(dst, u.Sign() < 0, new(big.Int).Abs(u).Append(nil, 10), scale)
}

func unscaled(v types.Value, t types.Type) *big.Int {
	if x, ok := v.X.(*big.Int); ok && x != nil {
		return new(big.Int).Set(x)
	}
	return big.NewInt(v.I)
}

// parseDecimal reads new BigDecimal(text) and rounds it to the column's
// precision and scale as DecimalData.fromBigDecimal does (HALF_UP); a value
// that does not fit becomes NULL.
func parseDecimal(s string, t types.Type) (types.Value, *diag.Error) {
	r, ok := new(big.Rat).SetString(s)
	if !ok || strings.ContainsAny(s, " _") || strings.HasPrefix(strings.ToLower(s), "0x") || strings.ContainsAny(s, "/") {
		return types.Value{}, diag.Errorf(diag.NoPos, diag.NumberFormatException,
			"Character %s is neither a decimal digit number, decimal point, nor \"e\" notation exponential mark.", firstBad(s))
	}
	scaled := new(big.Rat).Mul(r, new(big.Rat).SetInt(new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(t.Scale)), nil)))
	num, den := scaled.Num(), scaled.Denom()
	q, rem := new(big.Int).QuoRem(num, den, new(big.Int))
	// HALF_UP: round away from zero when |rem| * 2 >= den.
	twice := new(big.Int).Mul(new(big.Int).Abs(rem), big.NewInt(2))
	if twice.Cmp(den) >= 0 {
		if num.Sign() < 0 {
			q.Sub(q, big.NewInt(1))
		} else {
			q.Add(q, big.NewInt(1))
		}
	}
	limit := new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(t.Precision)), nil)
	if new(big.Int).Abs(q).Cmp(limit) >= 0 {
		return types.NullValue, nil
	}
	if t.Precision > 18 {
		return types.BigDecimalValue(q), nil
	}
	return types.IntValue(q.Int64()), nil
}

func firstBad(s string) string {
	for _, r := range s {
		if !(r >= '0' && r <= '9') && r != '.' && r != 'e' && r != 'E' && r != '+' && r != '-' {
			return string(r)
		}
	}
	return s
}

// parseDateStrict reads ISO_LOCAL_DATE (yyyy-MM-dd) into days.
func parseDateStrict(s string) (int64, *diag.Error) {
	if len(s) != 10 || s[4] != '-' || s[7] != '-' {
		return 0, cannotParse(s, 0)
	}
	y, e1 := strconv.Atoi(s[0:4])
	m, e2 := strconv.Atoi(s[5:7])
	d, e3 := strconv.Atoi(s[8:10])
	if e1 != nil || e2 != nil || e3 != nil {
		return 0, cannotParse(s, 0)
	}
	return daysOf(s, y, m, d)
}

// parseDateLoose reads java.sql.Date.valueOf: yyyy-[m]m-[d]d.
func parseDateLoose(s string) (int64, *diag.Error) {
	parts := strings.Split(s, "-")
	bad := diag.Errorf(diag.NoPos, diag.IllegalArgument, "null")
	if len(parts) != 3 || len(parts[0]) != 4 || len(parts[1]) < 1 || len(parts[1]) > 2 || len(parts[2]) < 1 || len(parts[2]) > 2 {
		return 0, bad
	}
	y, e1 := strconv.Atoi(parts[0])
	m, e2 := strconv.Atoi(parts[1])
	d, e3 := strconv.Atoi(parts[2])
	if e1 != nil || e2 != nil || e3 != nil || m < 1 || m > 12 || d < 1 || d > 31 {
		return 0, bad
	}
	t := time.Date(y, time.Month(m), d, 0, 0, 0, 0, time.UTC)
	return t.Unix() / 86400, nil
}

func daysOf(s string, y, m, d int) (int64, *diag.Error) {
	if m < 1 || m > 12 {
		return 0, diag.Errorf(diag.NoPos, dateTimeParseException,
			"Text '%s' could not be parsed: Invalid value for MonthOfYear (valid values 1 - 12): %d", s, m)
	}
	if d < 1 || d > 31 {
		return 0, diag.Errorf(diag.NoPos, dateTimeParseException,
			"Text '%s' could not be parsed: Invalid value for DayOfMonth (valid values 1 - 28/31): %d", s, d)
	}
	t := time.Date(y, time.Month(m), d, 0, 0, 0, 0, time.UTC)
	if t.Day() != d {
		return 0, diag.Errorf(diag.NoPos, dateTimeParseException,
			"Text '%s' could not be parsed: Invalid date '%s %d'", s, strings.ToUpper(time.Month(m).String()), d)
	}
	return t.Unix() / 86400, nil
}

// parseTimeOfDay reads HH:mm[:ss[.f{1,9}]] at s[i:] (seconds required when
// needSeconds) and returns the nanosecond of the day and the index after it.
func parseTimeOfDay(s string, i int, needSeconds bool) (int64, int, bool) {
	num2 := func(at int) (int64, bool) {
		if at+2 > len(s) || !isDigit(s[at]) || !isDigit(s[at+1]) {
			return 0, false
		}
		return int64(s[at]-'0')*10 + int64(s[at+1]-'0'), true
	}
	h, ok := num2(i)
	if !ok || i+2 >= len(s) || s[i+2] != ':' || h > 23 {
		return 0, i, false
	}
	m, ok := num2(i + 3)
	if !ok || m > 59 {
		return 0, i, false
	}
	i += 5
	var sec, ns int64
	if i < len(s) && s[i] == ':' {
		if sec, ok = num2(i + 1); !ok || sec > 59 {
			return 0, i, false
		}
		i += 3
		if i < len(s) && s[i] == '.' {
			j := i + 1
			for j < len(s) && isDigit(s[j]) && j-i <= 9 {
				j++
			}
			if j == i+1 {
				return 0, i, false
			}
			frac := s[i+1 : j]
			f, _ := strconv.ParseInt((frac + "000000000")[:9], 10, 64)
			ns = f
			i = j
		}
	} else if needSeconds {
		return 0, i, false
	}
	return ((h*60+m)*60+sec)*1_000_000_000 + ns, i, true
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// parseTimestamp reads date, sep, HH:mm:ss[.f], then suffix, into a
// TIMESTAMP value (epoch millis of the wall clock plus nanos).
func parseTimestamp(s string, sep byte, suffix string, needSeconds bool) (types.Value, *diag.Error) {
	if len(s) < 11 || s[10] != sep {
		idx := 10
		if len(s) < 10 {
			idx = 0
		}
		return types.Value{}, cannotParse(s, idx)
	}
	days, err := parseDateStrict(s[:10])
	if err != nil {
		return types.Value{}, cannotParse(s, 0)
	}
	nod, end, ok := parseTimeOfDay(s, 11, needSeconds)
	if !ok {
		return types.Value{}, cannotParse(s, 11)
	}
	if s[end:] != suffix {
		if strings.HasPrefix(s[end:], suffix) {
			return types.Value{}, diag.Errorf(diag.NoPos, dateTimeParseException, "Text '%s' could not be parsed, unparsed text found at index %d", s, end+len(suffix))
		}
		return types.Value{}, cannotParse(s, end)
	}
	ms := days*86_400_000 + nod/1_000_000
	return types.TimestampValue(ms, int32(nod%1_000_000)), nil
}

// truncateTimestamp cuts a timestamp to the column's precision, as
// TimestampData keeps what the type holds.
func truncateTimestamp(v types.Value, precision int) types.Value {
	if precision >= 9 {
		return v
	}
	if precision <= 3 {
		v.N = 0
		div := int64(1)
		for i := precision; i < 3; i++ {
			div *= 10
		}
		v.I -= ((v.I % div) + div) % div
		return v
	}
	div := int32(1)
	for i := precision; i < 9; i++ {
		div *= 10
	}
	v.N -= v.N % div
	return v
}

// truncateTime cuts milliseconds of the day to the TIME precision.
func truncateTime(ms int64, precision int) int64 {
	switch precision {
	case 0:
		return ms / 1000 * 1000
	case 1:
		return ms / 100 * 100
	case 2:
		return ms / 10 * 10
	}
	return ms
}
