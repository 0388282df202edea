package expr

import (
	"math"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/flinkplay/flinkplay/engine/diag"
	"github.com/flinkplay/flinkplay/engine/types"
)

// calciteException is the class Calcite's parser helpers raise for a
// malformed DATE, TIME or TIMESTAMP literal; the SQL client prints it as the
// deepest cause.
const calciteException = "org.apache.calcite.runtime.CalciteException"

// IntegerLiteral types an integer literal as Calcite does: INT when the value
// fits 32 bits, else BIGINT. Flink's validator rejects anything wider than 64
// bits ("Numeric literal '...' out of range"), so DECIMAL(p, 0) never arises
// from an integer literal. text may carry a leading sign.
func IntegerLiteral(text string, pos int) (Expr, error) {
	digits := strings.TrimLeft(text, "+-")
	if !IsDigits([]byte(digits)) {
		return nil, diag.Errorf(pos, diag.SqlValidatorException, "Numeric literal '%s' out of range", text)
	}
	i, err := strconv.ParseInt(text, 10, 64)
	if err != nil {
		return nil, diag.Errorf(pos, diag.SqlValidatorException, "Numeric literal '%s' out of range", strings.TrimPrefix(text, "+"))
	}
	if i >= math.MinInt32 && i <= math.MaxInt32 {
		return Literal(types.IntValue(i), types.Type{Kind: types.Int, NotNull: true}), nil
	}
	return Literal(types.IntValue(i), types.Type{Kind: types.BigInt, NotNull: true}), nil
}

// DecimalLiteral types an exact literal with a point as Calcite does:
// DECIMAL(p, s) NOT NULL where s is the digits after the point and p all
// digits written ("1.5" is DECIMAL(2, 1), "0.50" DECIMAL(3, 2)). A trailing
// point ("1.") makes an integer literal. The unscaled value must fit 64
// bits and p at most 38, or Flink reports "Numeric literal '...' out of range".
func DecimalLiteral(text string, pos int) (Expr, error) {
	body := strings.TrimLeft(text, "+-")
	dot := strings.IndexByte(body, '.')
	if dot < 0 || dot == len(body)-1 {
		return IntegerLiteral(strings.TrimSuffix(text, "."), pos)
	}
	d, ok := ParseDecimalText([]byte(text))
	if !ok {
		return nil, diag.Errorf(pos, diag.SqlValidatorException, "Numeric literal '%s' out of range", text)
	}
	scale := len(body) - dot - 1
	prec := len(body) - 1
	if d.B != nil || prec > types.MaxDecimalPrecision {
		return nil, diag.Errorf(pos, diag.SqlValidatorException, "Numeric literal '%s' out of range", strings.TrimPrefix(d.String(), "+"))
	}
	if prec < scale {
		prec = scale
	}
	t := types.Type{Kind: types.Decimal, Precision: prec, Scale: scale, NotNull: true}
	v, _ := d.toValue(prec, scale)
	return Literal(v, t), nil
}

// ApproxLiteral types a literal with an exponent: DOUBLE NOT NULL.
func ApproxLiteral(text string, pos int) (Expr, error) {
	f, err := strconv.ParseFloat(text, 64)
	if err != nil || math.IsInf(f, 0) {
		return nil, diag.Errorf(pos, diag.SqlValidatorException, "Numeric literal '%s' out of range", text)
	}
	return Literal(types.FloatValue(f), types.Type{Kind: types.Double, NotNull: true}), nil
}

// StringLiteral is a character literal: CHAR(n) NOT NULL, n its length in
// characters; ” is CHAR(0), as Flink types the empty literal.
func StringLiteral(s string) Expr {
	t := types.Type{Kind: types.Char, Length: utf8.RuneCountInString(s), NotNull: true}
	return Literal(types.StringValue(s), t)
}

// BinaryLiteral is X'hex': BINARY(n) NOT NULL with n bytes.
func BinaryLiteral(hex string, pos int) (Expr, error) {
	if len(hex)%2 != 0 {
		return nil, diag.Errorf(pos, diag.SqlValidatorException, "Binary literal string must contain an even number of hexits")
	}
	b := make([]byte, len(hex)/2)
	for i := range b {
		hi, ok1 := Unhex(hex[2*i])
		lo, ok2 := Unhex(hex[2*i+1])
		if !ok1 || !ok2 {
			return nil, diag.Errorf(pos, diag.SqlValidatorException, "Binary literal string must contain only characters '0' - '9', 'A' - 'F'")
		}
		b[i] = hi<<4 | lo
	}
	return Literal(types.BytesValue(b), types.Type{Kind: types.Binary, Length: len(b), NotNull: true}), nil
}

func Unhex(c byte) (byte, bool) {
	switch {
	case c >= '0' && c <= '9':
		return c - '0', true
	case c >= 'a' && c <= 'f':
		return c - 'a' + 10, true
	case c >= 'A' && c <= 'F':
		return c - 'A' + 10, true
	}
	return 0, false
}

// BoolLiteral is TRUE or FALSE: BOOLEAN NOT NULL.
func BoolLiteral(b bool) Expr {
	return Literal(types.BoolValue(b), types.Type{Kind: types.Boolean, NotNull: true})
}

// NullLiteral is an untyped NULL: type NULL.
func NullLiteral() Expr { return Literal(types.NullValue, types.NullType) }

func illegalLiteral(pos int, kind, text, format string) *diag.Error {
	return diag.Errorf(pos, calciteException, "Illegal %s literal '%s': not in format '%s'", kind, text, format)
}

// DateLiteral is DATE 'yyyy-MM-dd': DATE NOT NULL.
func DateLiteral(text string, pos int) (Expr, error) {
	b := []byte(text)
	if strings.ContainsAny(text, " \t") {
		return nil, illegalLiteral(pos, "DATE", text, "yyyy-MM-dd")
	}
	days, ok := ParseDateFlink(b)
	if !ok || strings.Count(text, "-") != 2 {
		return nil, illegalLiteral(pos, "DATE", text, "yyyy-MM-dd")
	}
	y, _, _ := DaysToYmd(days)
	if y < 1 {
		return nil, diag.Errorf(pos, diag.SqlValidatorException, "Date literal 'DATE '%s'' out of range", text)
	}
	return Literal(types.IntValue(days), types.Type{Kind: types.Date, NotNull: true}), nil
}

// TimeLiteral is TIME 'HH:mm:ss[.fff]': TIME(p) NOT NULL, p the fraction
// digits written. Values keep milliseconds, as Flink's TIME does.
func TimeLiteral(text string, pos int) (Expr, error) {
	h, m, s, frac, digits, ok := SplitClock(text)
	if !ok || h > 23 || m > 59 || s > 59 {
		return nil, illegalLiteral(pos, "TIME", text, "HH:mm:ss")
	}
	ms := int64(h*3600000+m*60000+s*1000) + int64(frac/1e6)
	return Literal(types.IntValue(ms), types.Type{Kind: types.Time, Precision: digits, NotNull: true}), nil
}

// SplitClock parses H[H]:m[m]:s[s][.f{0,9}]; frac is in nanoseconds.
func SplitClock(text string) (h, m, s, frac, digits int, ok bool) {
	parts := strings.Split(text, ":")
	if len(parts) != 3 {
		return
	}
	sec := parts[2]
	if dot := strings.IndexByte(sec, '.'); dot >= 0 {
		f := sec[dot+1:]
		sec = sec[:dot]
		if len(f) > 9 || (len(f) > 0 && !IsDigits([]byte(f))) {
			return
		}
		digits = len(f)
		for i := 0; i < 9; i++ {
			frac *= 10
			if i < len(f) {
				frac += int(f[i] - '0')
			}
		}
	}
	for i, p := range []string{parts[0], parts[1], sec} {
		if len(p) < 1 || len(p) > 2 || !IsDigits([]byte(p)) {
			return
		}
		switch i {
		case 0:
			h = atoi([]byte(p))
		case 1:
			m = atoi([]byte(p))
		default:
			s = atoi([]byte(p))
		}
	}
	return h, m, s, frac, digits, true
}

// TimestampLiteral is TIMESTAMP 'yyyy-MM-dd HH:mm:ss[.f]': TIMESTAMP(p) NOT
// NULL with p the fraction digits written (up to 9, kept in Value.N).
func TimestampLiteral(text string, pos int) (Expr, error) {
	ts, msg := ParseTimestampText([]byte(text), 9, true)
	if msg != "" {
		return nil, illegalLiteral(pos, "TIMESTAMP", text, "yyyy-MM-dd HH:mm:ss")
	}
	// The SMART resolver's day clamping does not apply to literals.
	if _, ok := ParseDateFlink([]byte(text)); !ok {
		return nil, illegalLiteral(pos, "TIMESTAMP", text, "yyyy-MM-dd HH:mm:ss")
	}
	return Literal(types.TimestampValue(ts.Millis, ts.nanos), types.Type{Kind: types.Timestamp, Precision: ts.digits, NotNull: true}), nil
}

// IntervalQualifier is the unit part of an INTERVAL literal, as written.
type IntervalQualifier struct {
	Res types.IntervalRes
	// Precision is the leading field's precision as written (DAY(3)); 0
	// means not written, i.e. Calcite's default 2.
	Precision int
	// FracPrecision is the seconds fraction precision as written
	// (SECOND(3)); negative means not written (default 6).
	FracPrecision int
}

func (q IntervalQualifier) leadPrecision() int {
	if q.Precision > 0 {
		return q.Precision
	}
	return types.DefaultIntervalPrecision
}

// String is the qualifier as Calcite prints it in messages.
func (q IntervalQualifier) String() string {
	s := strings.TrimPrefix(intervalQualifier(types.Type{Res: q.Res}), "INTERVAL ")
	if q.Precision > 0 {
		first, rest, _ := strings.Cut(s, " ")
		s = first + "(" + strconv.Itoa(q.Precision) + ")"
		if rest != "" {
			s += " " + rest
		}
	}
	return s
}

// Types Flink gives interval values: every year-month interval becomes
// INTERVAL MONTH and every day-time interval INTERVAL SECOND(3)
// (FlinkTypeFactory.toLogicalType), whatever the qualifier.
var (
	intervalMonths = types.Type{Kind: types.IntervalYearMonth, Res: types.ResMonth, Precision: types.DefaultIntervalPrecision, NotNull: true}
	intervalMillis = types.Type{Kind: types.IntervalDayTime, Res: types.ResSecond, Precision: types.DefaultIntervalPrecision, Scale: 3, NotNull: true}
)

// IntervalLiteral is INTERVAL 'text' qualifier. Year-month intervals
// evaluate to months, day-time intervals to milliseconds. negate is a sign
// written before the quoted text (INTERVAL -'1' DAY).
func IntervalLiteral(text string, q IntervalQualifier, negate bool, pos int) (Expr, error) {
	bad := func() (Expr, error) {
		return nil, diag.Errorf(pos, diag.SqlValidatorException, "Illegal interval literal format '%s' for INTERVAL %s", text, q)
	}
	s := strings.TrimSpace(text)
	neg := false
	if s != "" && (s[0] == '-' || s[0] == '+') {
		neg = s[0] == '-'
		s = s[1:]
	}
	// Split into fields by the separators the qualifier expects.
	var seps string
	switch q.Res {
	case types.ResYearToMonth:
		seps = "-"
	case types.ResDayToHour:
		seps = " "
	case types.ResDayToMinute:
		seps = " :"
	case types.ResDayToSecond:
		seps = " ::"
	case types.ResHourToMinute, types.ResMinuteToSecond:
		seps = ":"
	case types.ResHourToSecond:
		seps = "::"
	}
	fields := make([]string, 0, 4)
	rest := s
	for i := 0; i < len(seps); i++ {
		j := strings.IndexByte(rest, seps[i])
		if j < 0 {
			return bad()
		}
		fields = append(fields, rest[:j])
		rest = rest[j+1:]
		if seps[i] == ' ' {
			rest = strings.TrimLeft(rest, " ")
		}
	}
	fields = append(fields, rest)
	hasSecond := q.Res == types.ResDayToSecond || q.Res == types.ResHourToSecond ||
		q.Res == types.ResMinuteToSecond || q.Res == types.ResSecond
	var fracNanos int64
	if hasSecond {
		last := fields[len(fields)-1]
		if dot := strings.IndexByte(last, '.'); dot >= 0 {
			f := last[dot+1:]
			if f == "" || len(f) > 9 || !IsDigits([]byte(f)) {
				return bad()
			}
			fp := q.FracPrecision
			if fp < 0 {
				fp = types.DefaultFractionPrecision
			}
			if len(f) > fp {
				return bad()
			}
			for i := 0; i < 9; i++ {
				fracNanos *= 10
				if i < len(f) {
					fracNanos += int64(f[i] - '0')
				}
			}
			fields[len(fields)-1] = last[:dot]
		}
	}
	vals := make([]int64, len(fields))
	for i, f := range fields {
		if !IsDigits([]byte(f)) || len(f) > 18 {
			return bad()
		}
		vals[i], _ = strconv.ParseInt(f, 10, 64)
	}
	// The leading field is bounded by its precision, the others by the clock.
	lead := vals[0]
	if lead >= int64(Pow10[min(q.leadPrecision(), 18)]) {
		return nil, diag.Errorf(pos, diag.SqlValidatorException, "Interval field value %s exceeds precision of %s(%d) field",
			groupThousands(lead), leadUnit(q.Res), q.leadPrecision())
	}
	limits := secondaryLimits(q.Res)
	for i := 1; i < len(vals); i++ {
		if vals[i] > limits[i-1] {
			return bad()
		}
	}
	var v int64
	var t types.Type
	switch q.Res {
	case types.ResYear:
		v, t = vals[0]*12, intervalMonths
	case types.ResYearToMonth:
		v, t = vals[0]*12+vals[1], intervalMonths
	case types.ResMonth:
		v, t = vals[0], intervalMonths
	default:
		units := dayTimeUnits(q.Res)
		for i, x := range vals {
			v += x * units[i]
		}
		v += fracNanos / 1e6
		t = intervalMillis
	}
	if neg != negate {
		v = -v
	}
	return Literal(types.IntValue(v), t), nil
}

func leadUnit(r types.IntervalRes) string {
	switch r {
	case types.ResYear, types.ResYearToMonth:
		return "YEAR"
	case types.ResMonth:
		return "MONTH"
	case types.ResDay, types.ResDayToHour, types.ResDayToMinute, types.ResDayToSecond:
		return "DAY"
	case types.ResHour, types.ResHourToMinute, types.ResHourToSecond:
		return "HOUR"
	case types.ResMinute, types.ResMinuteToSecond:
		return "MINUTE"
	}
	return "SECOND"
}

// secondaryLimits are the largest values of the fields after the leading one.
func secondaryLimits(r types.IntervalRes) []int64 {
	switch r {
	case types.ResYearToMonth:
		return []int64{11}
	case types.ResDayToHour:
		return []int64{23}
	case types.ResDayToMinute:
		return []int64{23, 59}
	case types.ResDayToSecond:
		return []int64{23, 59, 59}
	case types.ResHourToMinute:
		return []int64{59}
	case types.ResHourToSecond:
		return []int64{59, 59}
	case types.ResMinuteToSecond:
		return []int64{59}
	}
	return nil
}

// dayTimeUnits are the milliseconds of each field of a day-time qualifier.
func dayTimeUnits(r types.IntervalRes) []int64 {
	const s, m, h, d = 1000, 60000, 3600000, 86400000
	switch r {
	case types.ResDay:
		return []int64{d}
	case types.ResDayToHour:
		return []int64{d, h}
	case types.ResDayToMinute:
		return []int64{d, h, m}
	case types.ResDayToSecond:
		return []int64{d, h, m, s}
	case types.ResHour:
		return []int64{h}
	case types.ResHourToMinute:
		return []int64{h, m}
	case types.ResHourToSecond:
		return []int64{h, m, s}
	case types.ResMinute:
		return []int64{m}
	case types.ResMinuteToSecond:
		return []int64{m, s}
	}
	return []int64{s}
}

// groupThousands formats like Java's MessageFormat {0,number}: 1,000.
func groupThousands(v int64) string {
	s := strconv.FormatInt(v, 10)
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	var b strings.Builder
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	if neg {
		return "-" + b.String()
	}
	return b.String()
}
