package connector

import (
	"errors"
	"math"
	"math/big"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/flinkplay/flinkplay/engine/diag"
)

// ParseError reports an option value that Flink's Configuration could not
// convert to the option's type. Its message is the one Flink's
// IllegalArgumentException carries ("Could not parse value 'abc' for key
// 'fields.x.min'."); it wraps the Java exception underneath, which is what
// Flink's SQL client prints (it shows the deepest cause), so diag.As finds
// that cause.
type ParseError struct {
	Key, Value string
	Cause      *diag.Error
}

// Error returns Flink's message naming the key.
func (e *ParseError) Error() string {
	return "Could not parse value '" + e.Value + "' for key '" + e.Key + "'."
}

// Unwrap returns the underlying Java exception.
func (e *ParseError) Unwrap() error { return e.Cause }

func parseErr(key, value string, cause *diag.Error) error {
	return &ParseError{Key: key, Value: value, Cause: cause}
}

func forInputString(s string) *diag.Error {
	return diag.Errorf(diag.NoPos, diag.NumberFormatException, "For input string: \"%s\"", s)
}

// ParseInt parses an Integer option as Java's Integer.parseInt does.
func ParseInt(key, value string) (int32, error) {
	n, ok := parseJavaInteger(value, math.MinInt32, math.MaxInt32)
	if !ok {
		return 0, parseErr(key, value, forInputString(value))
	}
	return int32(n), nil
}

// ParseLong parses a Long option as Java's Long.parseLong does.
func ParseLong(key, value string) (int64, error) {
	n, ok := parseJavaInteger(value, math.MinInt64, math.MaxInt64)
	if !ok {
		return 0, parseErr(key, value, forInputString(value))
	}
	return n, nil
}

// parseJavaInteger accepts an optional sign and decimal digits, where a
// digit is any Unicode decimal digit (Character.digit), nothing else: no
// spaces, no underscores, no radix prefix.
func parseJavaInteger(s string, lo, hi int64) (int64, bool) {
	if s == "" {
		return 0, false
	}
	neg := false
	i := 0
	switch s[0] {
	case '-':
		neg, i = true, 1
	case '+':
		i = 1
	}
	if i == len(s) {
		return 0, false
	}
	// Accumulate negatively so that the minimum value does not overflow.
	var acc int64
	for i < len(s) {
		r, size := utf8.DecodeRuneInString(s[i:])
		i += size
		d, ok := decimalDigit(r)
		if !ok {
			return 0, false
		}
		if acc < math.MinInt64/10 {
			return 0, false
		}
		acc *= 10
		if acc < math.MinInt64+int64(d) {
			return 0, false
		}
		acc -= int64(d)
	}
	if !neg {
		if acc == math.MinInt64 {
			return 0, false
		}
		acc = -acc
	}
	if acc < lo || acc > hi {
		return 0, false
	}
	return acc, true
}

// decimalDigit returns the value of a Unicode decimal digit (category Nd).
// Every Nd range starts at a zero, so the value is the offset modulo 10.
func decimalDigit(r rune) (int, bool) {
	if r >= '0' && r <= '9' {
		return int(r - '0'), true
	}
	if r < 0x80 || !unicode.IsDigit(r) {
		return 0, false
	}
	for _, rg := range unicode.Nd.R16 {
		if r >= rune(rg.Lo) && r <= rune(rg.Hi) {
			return int(r-rune(rg.Lo)) % 10, true
		}
	}
	for _, rg := range unicode.Nd.R32 {
		if r >= rune(rg.Lo) && r <= rune(rg.Hi) {
			return int(r-rune(rg.Lo)) % 10, true
		}
	}
	return 0, false
}

// ParseFloat parses a Float option as Java's Float.parseFloat does.
func ParseFloat(key, value string) (float32, error) {
	f, cause := parseJavaFloat(value, 32)
	if cause != nil {
		return 0, parseErr(key, value, cause)
	}
	return float32(f), nil
}

// ParseDouble parses a Double option as Java's Double.parseDouble does.
func ParseDouble(key, value string) (float64, error) {
	f, cause := parseJavaFloat(value, 64)
	if cause != nil {
		return 0, parseErr(key, value, cause)
	}
	return f, nil
}

// javaTrim removes leading and trailing characters <= ' ', as String.trim.
func javaTrim(s string) string {
	i, j := 0, len(s)
	for i < j && s[i] <= ' ' {
		i++
	}
	for j > i && s[j-1] <= ' ' {
		j--
	}
	return s[i:j]
}

// parseJavaFloat follows the grammar of Java's FloatingDecimal: trimmed,
// optional sign, NaN, Infinity, a decimal number with optional exponent, or
// a hexadecimal number with a binary exponent; an optional f/F/d/D suffix.
func parseJavaFloat(in string, bits int) (float64, *diag.Error) {
	s := javaTrim(in)
	if s == "" {
		return 0, diag.Errorf(diag.NoPos, diag.NumberFormatException, "empty String")
	}
	bad := func() (float64, *diag.Error) { return 0, forInputString(s) }
	i := 0
	neg := false
	if s[0] == '+' || s[0] == '-' {
		neg = s[0] == '-'
		i++
	}
	rest := s[i:]
	switch {
	case rest == "NaN":
		return math.NaN(), nil
	case rest == "Infinity":
		if neg {
			return math.Inf(-1), nil
		}
		return math.Inf(1), nil
	}
	if rest != "" {
		if c := rest[len(rest)-1]; c == 'f' || c == 'F' || c == 'd' || c == 'D' {
			rest = rest[:len(rest)-1]
		}
	}
	if len(rest) > 1 && rest[0] == '0' && (rest[1] == 'x' || rest[1] == 'X') {
		if !validHexFloat(rest[2:]) {
			return bad()
		}
	} else if !validDecimalFloat(rest) {
		return bad()
	}
	clean := rest
	if neg {
		clean = "-" + rest
	}
	f, err := strconv.ParseFloat(clean, bits)
	if err != nil && !errors.Is(err, strconv.ErrRange) {
		return bad()
	}
	return f, nil
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

func isHexDigit(c byte) bool {
	return isDigit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F')
}

// validDecimalFloat: digits [. digits] [e|E [sign] digits], at least one
// mantissa digit.
func validDecimalFloat(s string) bool {
	i, n := 0, 0
	for i < len(s) && isDigit(s[i]) {
		i, n = i+1, n+1
	}
	if i < len(s) && s[i] == '.' {
		i++
		for i < len(s) && isDigit(s[i]) {
			i, n = i+1, n+1
		}
	}
	if n == 0 {
		return false
	}
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		i++
		if i < len(s) && (s[i] == '+' || s[i] == '-') {
			i++
		}
		e := 0
		for i < len(s) && isDigit(s[i]) {
			i, e = i+1, e+1
		}
		if e == 0 {
			return false
		}
	}
	return i == len(s)
}

// validHexFloat: hexdigits [. hexdigits] p|P [sign] digits, the binary
// exponent being mandatory as in Java.
func validHexFloat(s string) bool {
	i, n := 0, 0
	for i < len(s) && isHexDigit(s[i]) {
		i, n = i+1, n+1
	}
	if i < len(s) && s[i] == '.' {
		i++
		for i < len(s) && isHexDigit(s[i]) {
			i, n = i+1, n+1
		}
	}
	if n == 0 || i == len(s) || (s[i] != 'p' && s[i] != 'P') {
		return false
	}
	i++
	if i < len(s) && (s[i] == '+' || s[i] == '-') {
		i++
	}
	e := 0
	for i < len(s) && isDigit(s[i]) {
		i, e = i+1, e+1
	}
	return e > 0 && i == len(s)
}

// ParseBool parses a Boolean option: "true" or "false", case-insensitive.
func ParseBool(key, value string) (bool, error) {
	switch strings.ToUpper(value) {
	case "TRUE":
		return true, nil
	case "FALSE":
		return false, nil
	}
	return false, parseErr(key, value, diag.Errorf(diag.NoPos, diag.IllegalArgument,
		"Unrecognized option for boolean: %s. Expected either true or false(case insensitive)", value))
}

// JavaDuration is a java.time.Duration: seconds and a non-negative
// nanosecond adjustment. It spans far more than time.Duration.
type JavaDuration struct {
	Seconds int64
	Nanos   int32 // 0..999,999,999
}

// Millis returns Duration.toMillis(), or Java's ArithmeticException
// "long overflow" when it does not fit.
func (d JavaDuration) Millis() (int64, error) {
	secs, nanos := d.Seconds, int64(d.Nanos)
	if secs < 0 {
		// Java computes (secs+1)*1000 + nanos/1e6 - 1000 to reach Long.MIN.
		secs++
		nanos -= 1_000_000_000
	}
	lo, ok := mul64(secs, 1000)
	if !ok {
		return 0, diag.Errorf(diag.NoPos, diag.ArithmeticException, "long overflow")
	}
	r := lo + nanos/1_000_000
	if (nanos > 0 && r < lo) || (nanos < 0 && r > lo) {
		return 0, diag.Errorf(diag.NoPos, diag.ArithmeticException, "long overflow")
	}
	return r, nil
}

func mul64(a, b int64) (int64, bool) {
	r := a * b
	if a != 0 && (r/a != b || (a == -1 && b == math.MinInt64)) {
		return 0, false
	}
	return r, true
}

// Std returns d as a time.Duration and false when it does not fit.
func (d JavaDuration) Std() (time.Duration, bool) {
	const maxSec = math.MaxInt64 / int64(time.Second)
	if d.Seconds > maxSec || d.Seconds < -maxSec {
		return 0, false
	}
	return time.Duration(d.Seconds)*time.Second + time.Duration(d.Nanos), true
}

// ParseDuration parses a Duration option as Flink's TimeUtils.parseDuration
// does and returns it as a time.Duration. Durations beyond time.Duration's
// range (about 292 years) are reported with Flink's overflow message.
func ParseDuration(key, value string) (time.Duration, error) {
	jd, err := ParseJavaDuration(key, value)
	if err != nil {
		return 0, err
	}
	d, ok := jd.Std()
	if !ok {
		return 0, parseErr(key, value, diag.Errorf(diag.NoPos, diag.IllegalArgument,
			"The value '%s' cannot be represented as Duration (numeric overflow).", javaTrim(value)))
	}
	return d, nil
}

var durationUnits = map[string]int64{
	"d": 86400e9, "day": 86400e9, "days": 86400e9,
	"h": 3600e9, "hour": 3600e9, "hours": 3600e9,
	"min": 60e9, "m": 60e9, "minute": 60e9, "minutes": 60e9,
	"s": 1e9, "sec": 1e9, "secs": 1e9, "second": 1e9, "seconds": 1e9,
	"ms": 1e6, "milli": 1e6, "millis": 1e6, "millisecond": 1e6, "milliseconds": 1e6,
	"µs": 1e3, "micro": 1e3, "micros": 1e3, "microsecond": 1e3, "microseconds": 1e3,
	"ns": 1, "nano": 1, "nanos": 1, "nanosecond": 1, "nanoseconds": 1,
}

const allDurationUnits = "DAYS: (d | day | days), HOURS: (h | hour | hours), " +
	"MINUTES: (min | m | minute | minutes), SECONDS: (s | sec | secs | second | seconds), " +
	"MILLISECONDS: (ms | milli | millis | millisecond | milliseconds), " +
	"MICROSECONDS: (µs | micro | micros | microsecond | microseconds), " +
	"NANOSECONDS: (ns | nano | nanos | nanosecond | nanoseconds)"

// ParseJavaDuration parses a Duration option as Flink's
// TimeUtils.parseDuration does: "<digits> <unit>" where a bare number means
// milliseconds, or else an ISO-8601 duration such as PT5S.
func ParseJavaDuration(key, value string) (JavaDuration, error) {
	fail := func(class, format string, args ...any) (JavaDuration, error) {
		return JavaDuration{}, parseErr(key, value, diag.Errorf(diag.NoPos, class, format, args...))
	}
	s := javaTrim(value)
	if s == "" {
		return fail(diag.IllegalArgument, "argument is an empty- or whitespace-only string")
	}
	pos := 0
	for pos < len(s) && isDigit(s[pos]) {
		pos++
	}
	number := s[:pos]
	unit := strings.ToLower(javaTrim(s[pos:]))
	if number == "" {
		d, ok := parseISODuration(s)
		if !ok {
			return fail(diag.NumberFormatException,
				"text does not start with a number, and is not a valid ISO-8601 duration format: %s", s)
		}
		if d.Seconds < 0 {
			return fail(diag.NumberFormatException, "negative duration is not supported")
		}
		return d, nil
	}
	mult := int64(1e6)
	if unit != "" {
		m, ok := durationUnits[unit]
		if !ok {
			return fail(diag.IllegalArgument,
				"Time interval unit label '%s' does not match any of the recognized units: %s", unit, allDurationUnits)
		}
		mult = m
	}
	n, _ := new(big.Int).SetString(number, 10)
	n.Mul(n, big.NewInt(mult))
	secs, nanos := new(big.Int).QuoRem(n, big.NewInt(1e9), new(big.Int))
	if !secs.IsInt64() {
		return fail(diag.IllegalArgument, "The value '%s' cannot be represented as Duration (numeric overflow).", number)
	}
	return JavaDuration{Seconds: secs.Int64(), Nanos: int32(nanos.Int64())}, nil
}

// parseISODuration implements java.time.Duration.parse:
// [+-]P[nD][T[nH][nM][n[.f]S]], case-insensitive, with signs allowed on
// every part.
func parseISODuration(s string) (JavaDuration, bool) {
	u := strings.ToUpper(s)
	i := 0
	neg := false
	if i < len(u) && (u[i] == '+' || u[i] == '-') {
		neg = u[i] == '-'
		i++
	}
	if i >= len(u) || u[i] != 'P' {
		return JavaDuration{}, false
	}
	i++
	total := new(big.Int)
	parts := 0
	// num reads [+-]digits at i.
	num := func() (*big.Int, bool) {
		j := i
		if j < len(u) && (u[j] == '+' || u[j] == '-') {
			j++
		}
		k := j
		for k < len(u) && isDigit(u[k]) {
			k++
		}
		if k == j {
			return nil, false
		}
		n, _ := new(big.Int).SetString(u[i:k], 10)
		i = k
		return n, true
	}
	add := func(n *big.Int, nanosPer int64) {
		total.Add(total, new(big.Int).Mul(n, big.NewInt(nanosPer)))
	}
	if save := i; true {
		if n, ok := num(); ok && i < len(u) && u[i] == 'D' {
			add(n, 86400e9)
			i++
			parts++
		} else {
			i = save
		}
	}
	if i < len(u) && u[i] == 'T' {
		i++
		tparts := 0
		for _, unit := range []struct {
			c   byte
			per int64
		}{{'H', 3600e9}, {'M', 60e9}} {
			save := i
			if n, ok := num(); ok && i < len(u) && u[i] == unit.c {
				add(n, unit.per)
				i++
				tparts++
			} else {
				i = save
			}
		}
		save := i
		if n, ok := num(); ok {
			frac := ""
			if i < len(u) && (u[i] == '.' || u[i] == ',') {
				i++
				j := i
				for i < len(u) && isDigit(u[i]) && i-j < 9 {
					i++
				}
				frac = u[j:i]
			}
			if i < len(u) && u[i] == 'S' {
				i++
				add(n, 1e9)
				if frac != "" {
					f, _ := strconv.ParseInt((frac + "000000000")[:9], 10, 64)
					if strings.HasPrefix(u[save:], "-") {
						f = -f
					}
					total.Add(total, big.NewInt(f))
				}
				tparts++
			} else {
				i = save
			}
		}
		if tparts == 0 {
			return JavaDuration{}, false
		}
		parts += tparts
	}
	if parts == 0 || i != len(u) {
		return JavaDuration{}, false
	}
	if neg {
		total.Neg(total)
	}
	sec, nano := new(big.Int).DivMod(total, big.NewInt(1e9), new(big.Int))
	if !sec.IsInt64() {
		return JavaDuration{}, false
	}
	return JavaDuration{Seconds: sec.Int64(), Nanos: int32(nano.Int64())}, true
}

// WatermarkOptionKeys are the scan watermark options that every connector
// validated through Flink's TableFactoryHelper accepts.
var WatermarkOptionKeys = []string{
	"scan.watermark.alignment.group",
	"scan.watermark.alignment.max-drift",
	"scan.watermark.alignment.update-interval",
	"scan.watermark.emit.strategy",
	"scan.watermark.idle-timeout",
}

// HelperKeys are the keys Flink's TableFactoryHelper accepts besides a
// factory's own options: 'connector', 'property-version' and the watermark
// options.
func HelperKeys() []string {
	return append([]string{"connector", "property-version"}, WatermarkOptionKeys...)
}

// ValidateWatermarkOptions parses the watermark options and checks the
// alignment pair, as FactoryUtil.validateWatermarkOptions does after the
// unsupported-options check.
func ValidateWatermarkOptions(connectorName string, opts map[string]string) error {
	if v, ok := opts["scan.watermark.emit.strategy"]; ok {
		switch strings.ToUpper(v) {
		case "ON-EVENT", "ON-PERIODIC":
		default:
			return parseErr("scan.watermark.emit.strategy", v, diag.Errorf(diag.NoPos, diag.IllegalArgument,
				"Could not parse value for enum class org.apache.flink.table.watermark.WatermarkEmitStrategy. Expected one of: [[on-event, on-periodic]]"))
		}
	}
	for _, k := range []string{"scan.watermark.alignment.max-drift", "scan.watermark.alignment.update-interval", "scan.watermark.idle-timeout"} {
		if v, ok := opts[k]; ok {
			if _, err := ParseJavaDuration(k, v); err != nil {
				return err
			}
		}
	}
	_, group := opts["scan.watermark.alignment.group"]
	_, drift := opts["scan.watermark.alignment.max-drift"]
	_, interval := opts["scan.watermark.alignment.update-interval"]
	if (group || drift || interval) && (!group || !drift) {
		return diag.Validation(diag.NoPos,
			"Error configuring watermark for '%s', 'scan.watermark.alignment.group' and 'scan.watermark.alignment.max-drift' must be set when configuring watermark alignment",
			connectorName)
	}
	return nil
}

// ValidateHelper runs the checks of Flink's TableFactoryHelper.validate for
// a connector whose own options are known: it parses each given option
// value with its declared type, rejects unknown keys with Flink's
// "Unsupported options found" error, then validates the watermark options.
func ValidateHelper(connectorName string, opts map[string]string, own []Option) error {
	for _, o := range own {
		v, ok := opts[o.Key]
		if !ok {
			continue
		}
		if err := parseTyped(o, v); err != nil {
			return err
		}
	}
	keys := HelperKeys()
	for _, o := range own {
		keys = append(keys, o.Key)
	}
	if err := UnsupportedOptions(connectorName, opts, keys); err != nil {
		return err
	}
	return ValidateWatermarkOptions(connectorName, opts)
}

func parseTyped(o Option, v string) error {
	var err error
	switch o.Type {
	case Int:
		_, err = ParseInt(o.Key, v)
	case Long:
		_, err = ParseLong(o.Key, v)
	case Float:
		_, err = ParseFloat(o.Key, v)
	case Boolean:
		_, err = ParseBool(o.Key, v)
	case Duration:
		_, err = ParseJavaDuration(o.Key, v)
	}
	return err
}

// JavaInteger parses s as Java's Integer.parseInt, Long.parseLong and
// their kin do for a value in [lo, hi]; the error is Java's
// NumberFormatException.
func JavaInteger(s string, lo, hi int64) (int64, *diag.Error) {
	n, ok := parseJavaInteger(s, lo, hi)
	if !ok {
		return 0, forInputString(s)
	}
	return n, nil
}

// JavaFloat parses s as Java's Float.parseFloat (bits 32) or
// Double.parseDouble (bits 64) do.
func JavaFloat(s string, bits int) (float64, *diag.Error) { return parseJavaFloat(s, bits) }
