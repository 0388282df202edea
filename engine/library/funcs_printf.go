package library

import (
	"math"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/flinkplay/flinkplay/engine/diag"
	"github.com/flinkplay/flinkplay/engine/expr"
	"github.com/flinkplay/flinkplay/engine/types"
)

// PRINTF(format, obj...) formats as java.util.Formatter does with
// Locale.US, over the values as Flink hands them to the function: its
// internal data (a DATE is the number of days since the epoch, a TIME the
// milliseconds of the day, a TIMESTAMP prints as Java's LocalDateTime, a
// DECIMAL as its plain text and is no number to %d or %f). Whatever makes
// Java's Formatter throw (a missing argument, a conversion that does not
// fit its argument, a bad flag) makes the result NULL, as in Flink.

func buildPrintf(name string, args []expr.Expr, pos int) (expr.Expr, error) {
	if !expr.IsCharOrNull(args[0].Type()) {
		return nil, diag.Validation(pos, "Invalid input arguments. Expected signatures are:\nPRINTF(format <CHARACTER_STRING>, obj <ANY>...)")
	}
	argTypes := make([]types.Type, len(args)-1)
	for i, a := range args[1:] {
		argTypes[i] = a.Type()
	}
	return &coll{name: name, args: args, t: stringNullT, passNull: ^uint64(1), eval: func(c *expr.Ctx, v []types.Value) (types.Value, error) {
		if v[0].Null {
			return types.NullValue, nil
		}
		jargs := make([]jarg, len(v)-1)
		for i, x := range v[1:] {
			jargs[i] = toJArg(x, argTypes[i])
		}
		out, ok := javaFormat(nil, string(v[0].B), jargs)
		if !ok {
			return types.NullValue, nil
		}
		return types.BytesValue(c.Keep(out)), nil
	}}, nil
}

// jkind is the Java class of an argument as Flink passes it.
type jkind uint8

const (
	jNull jkind = iota
	jBool
	jByte
	jShort
	jInt
	jLong
	jFloat
	jDouble
	jText // BinaryStringData, DecimalData, TimestampData: only their toString is usable
	jOpaque
)

type jarg struct {
	k    jkind
	i    int64
	f    float64
	text []byte // toString of a jText
}

func toJArg(v types.Value, t types.Type) jarg {
	if v.Null {
		return jarg{k: jNull}
	}
	switch t.Kind {
	case types.Boolean:
		return jarg{k: jBool, i: v.I}
	case types.TinyInt:
		return jarg{k: jByte, i: v.I}
	case types.SmallInt:
		return jarg{k: jShort, i: v.I}
	case types.Int, types.Date, types.Time, types.IntervalYearMonth:
		return jarg{k: jInt, i: v.I}
	case types.BigInt, types.IntervalDayTime:
		return jarg{k: jLong, i: v.I}
	case types.Float:
		return jarg{k: jFloat, f: v.F}
	case types.Double:
		return jarg{k: jDouble, f: v.F}
	case types.Char, types.Varchar:
		return jarg{k: jText, text: v.B}
	case types.Decimal:
		return jarg{k: jText, text: types.AppendValue(nil, v, t, time.UTC)}
	case types.Timestamp, types.TimestampLTZ:
		return jarg{k: jText, text: appendLocalDateTime(nil, v.I, v.N)}
	}
	return jarg{k: jOpaque}
}

// appendLocalDateTime writes millis+nanos (UTC) as Java's
// LocalDateTime.toString: seconds only when not zero, then the fraction in
// groups of three digits.
func appendLocalDateTime(dst []byte, millis int64, nanoOfMilli int32) []byte {
	tm := time.UnixMilli(millis).UTC()
	nanos := int(tm.Nanosecond()) + int(nanoOfMilli)
	dst = appendYear(dst, tm.Year())
	dst = append(dst, '-', byte('0'+int(tm.Month())/10), byte('0'+int(tm.Month())%10), '-', byte('0'+tm.Day()/10), byte('0'+tm.Day()%10), 'T',
		byte('0'+tm.Hour()/10), byte('0'+tm.Hour()%10), ':', byte('0'+tm.Minute()/10), byte('0'+tm.Minute()%10))
	if tm.Second() > 0 || nanos > 0 {
		dst = append(dst, ':', byte('0'+tm.Second()/10), byte('0'+tm.Second()%10))
		switch {
		case nanos == 0:
		case nanos%1_000_000 == 0:
			dst = append(dst, '.')
			dst = appendZeroPadded(dst, int64(nanos/1_000_000), 3)
		case nanos%1000 == 0:
			dst = append(dst, '.')
			dst = appendZeroPadded(dst, int64(nanos/1000), 6)
		default:
			dst = append(dst, '.')
			dst = appendZeroPadded(dst, int64(nanos), 9)
		}
	}
	return dst
}

func appendYear(dst []byte, y int) []byte {
	switch {
	case y > 9999:
		return strconv.AppendInt(append(dst, '+'), int64(y), 10)
	case y < 0:
		return appendZeroPadded(append(dst, '-'), int64(-y), 4)
	}
	return appendZeroPadded(dst, int64(y), 4)
}

func appendZeroPadded(dst []byte, v int64, n int) []byte {
	s := strconv.FormatInt(v, 10)
	for i := len(s); i < n; i++ {
		dst = append(dst, '0')
	}
	return append(dst, s...)
}

// Formatter flags.
const (
	fLeft  = 1 << iota // -
	fAlt               // #
	fPlus              // +
	fSpace             // ' '
	fZero              // 0
	fGroup             // ,
	fParen             // (
	fPrev              // <
)

type jspec struct {
	index     int // explicit 1-based argument index, 0 when none
	flags     int
	width     int // -1 when none
	precision int // -1 when none
	dt        bool
	upper     bool
	conv      byte // lower-case conversion
}

// javaFormat runs Formatter.format; false where Java throws.
func javaFormat(dst []byte, format string, args []jarg) ([]byte, bool) {
	ordinary := 0
	last := -1
	for i := 0; i < len(format); {
		ch := format[i]
		if ch != '%' {
			dst = append(dst, ch)
			i++
			continue
		}
		sp, n, ok := parseJSpec(format[i+1:])
		if !ok {
			return nil, false
		}
		i += 1 + n
		switch sp.conv {
		case '%':
			if sp.precision >= 0 || sp.flags&^fLeft != 0 || (sp.flags&fLeft != 0 && sp.width < 0) {
				return nil, false
			}
			dst = justify(dst, []byte("%"), sp)
			continue
		case 'n':
			if sp.width >= 0 || sp.precision >= 0 || sp.flags != 0 {
				return nil, false
			}
			dst = append(dst, '\n')
			continue
		}
		var a jarg
		switch {
		case sp.flags&fPrev != 0:
			if last < 0 {
				return nil, false
			}
			a = args[last]
		case sp.index > 0:
			if sp.index > len(args) {
				return nil, false
			}
			last = sp.index - 1
			a = args[last]
		default:
			if ordinary >= len(args) {
				return nil, false
			}
			last = ordinary
			a = args[ordinary]
			ordinary++
		}
		var ok2 bool
		if dst, ok2 = formatOne(dst, sp, a); !ok2 {
			return nil, false
		}
	}
	return dst, true
}

// parseJSpec reads %[index$][flags][width][.precision][t|T]conversion
// after the '%'; n is how many bytes it took.
func parseJSpec(s string) (sp jspec, n int, ok bool) {
	sp.width, sp.precision = -1, -1
	i := 0
	digits := func() (int, bool) {
		start := i
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
		}
		if i == start {
			return 0, false
		}
		v, err := strconv.Atoi(s[start:i])
		if err != nil {
			return 0, false
		}
		return v, true
	}
	// An index is digits followed by '$'; digits without '$' are a width
	// (a leading 0 is then a flag).
	if j := i; j < len(s) && s[j] >= '1' && s[j] <= '9' {
		for j < len(s) && s[j] >= '0' && s[j] <= '9' {
			j++
		}
		if j < len(s) && s[j] == '$' {
			v, err := strconv.Atoi(s[i:j])
			if err != nil {
				return sp, 0, false
			}
			sp.index = v
			i = j + 1
		}
	}
	for ; i < len(s); i++ {
		var f int
		switch s[i] {
		case '-':
			f = fLeft
		case '#':
			f = fAlt
		case '+':
			f = fPlus
		case ' ':
			f = fSpace
		case '0':
			f = fZero
		case ',':
			f = fGroup
		case '(':
			f = fParen
		case '<':
			f = fPrev
		}
		if f == 0 {
			break
		}
		if sp.flags&f != 0 {
			return sp, 0, false // DuplicateFormatFlagsException
		}
		sp.flags |= f
	}
	if w, has := digits(); has {
		sp.width = w
	}
	if i < len(s) && s[i] == '.' {
		i++
		p, has := digits()
		if !has {
			return sp, 0, false
		}
		sp.precision = p
	}
	if i < len(s) && (s[i] == 't' || s[i] == 'T') {
		sp.dt, sp.upper = true, s[i] == 'T'
		i++
		if i >= len(s) {
			return sp, 0, false
		}
		sp.conv = s[i]
		return sp, i + 1, true
	}
	if i >= len(s) {
		return sp, 0, false
	}
	c := s[i]
	switch c {
	case 'B', 'H', 'S', 'C', 'X', 'E', 'G', 'A':
		sp.upper = true
		c += 'a' - 'A'
	}
	switch c {
	case 'b', 'h', 's', 'c', 'd', 'o', 'x', 'e', 'f', 'g', 'a', '%', 'n':
	default:
		return sp, 0, false // UnknownFormatConversionException
	}
	sp.conv = c
	if (sp.flags&fLeft != 0 || sp.flags&fZero != 0) && sp.width < 0 && c != 'n' {
		return sp, 0, false // MissingFormatWidthException
	}
	if sp.flags&fPlus != 0 && sp.flags&fSpace != 0 || sp.flags&fLeft != 0 && sp.flags&fZero != 0 {
		return sp, 0, false // IllegalFormatFlagsException
	}
	return sp, i + 1, true
}

func formatOne(dst []byte, sp jspec, a jarg) ([]byte, bool) {
	if sp.dt {
		return formatTime(dst, sp, a)
	}
	switch sp.conv {
	case 'b', 'h', 's':
		if sp.flags&^(fLeft|fAlt|fPrev) != 0 || sp.flags&fAlt != 0 {
			// '#' needs a java.util.Formattable, which no SQL value is.
			return nil, false
		}
		var s []byte
		switch sp.conv {
		case 'b':
			switch a.k {
			case jNull:
				s = []byte("false")
			case jBool:
				s = []byte(strconv.FormatBool(a.i != 0))
			default:
				s = []byte("true")
			}
		case 'h':
			h, ok := javaHash(a)
			if !ok {
				return nil, false
			}
			s = h
		case 's':
			var ok bool
			if s, ok = javaString(a); !ok {
				return nil, false
			}
		}
		if sp.precision >= 0 {
			s = truncateRunes(s, sp.precision)
		}
		return justify(dst, s, sp), true
	case 'c':
		if sp.precision >= 0 || sp.flags&^(fLeft|fPrev) != 0 {
			return nil, false
		}
		var s []byte
		switch a.k {
		case jNull:
			s = []byte("null")
		case jByte, jShort, jInt:
			if a.i < 0 || a.i > utf8.MaxRune || (a.i >= 0xD800 && a.i < 0xE000) {
				return nil, false
			}
			s = utf8.AppendRune(nil, rune(a.i))
		default:
			return nil, false
		}
		return justify(dst, s, sp), true
	case 'd', 'o', 'x':
		return formatInteger(dst, sp, a)
	case 'e', 'f', 'g', 'a':
		return formatFloat(dst, sp, a)
	}
	return nil, false
}

// javaString is String.valueOf(arg).
func javaString(a jarg) ([]byte, bool) {
	switch a.k {
	case jNull:
		return []byte("null"), true
	case jBool:
		return []byte(strconv.FormatBool(a.i != 0)), true
	case jByte, jShort, jInt, jLong:
		return strconv.AppendInt(nil, a.i, 10), true
	case jFloat:
		return types.AppendJavaFloat(nil, float32(a.f)), true
	case jDouble:
		return types.AppendJavaDouble(nil, a.f), true
	case jText:
		return a.text, true
	}
	return nil, false
}

// javaHash is Integer.toHexString(arg.hashCode()) for the classes whose
// hash code is defined by their value.
func javaHash(a jarg) ([]byte, bool) {
	var h uint32
	switch a.k {
	case jNull:
		return []byte("null"), true
	case jBool:
		h = 1237
		if a.i != 0 {
			h = 1231
		}
	case jByte, jShort, jInt:
		h = uint32(int32(a.i))
	case jLong:
		h = uint32(uint64(a.i) ^ uint64(a.i)>>32)
	case jFloat:
		h = math.Float32bits(float32(a.f))
		if a.f != a.f {
			h = 0x7fc00000
		}
	case jDouble:
		bits := math.Float64bits(a.f)
		if a.f != a.f {
			bits = 0x7ff8000000000000
		}
		h = uint32(bits ^ bits>>32)
	default:
		return nil, false
	}
	return strconv.AppendUint(nil, uint64(h), 16), true
}

func truncateRunes(s []byte, n int) []byte {
	k := 0
	for i := 0; i < n && k < len(s); i++ {
		_, size := utf8.DecodeRune(s[k:])
		k += size
	}
	return s[:k]
}

// justify upper-cases for an upper-case conversion and pads to the width
// with spaces, on the left unless '-'.
func justify(dst, s []byte, sp jspec) []byte {
	if sp.upper {
		s = []byte(strings.ToUpper(string(s)))
	}
	pad := sp.width - utf8.RuneCount(s)
	if pad > 0 && sp.flags&fLeft == 0 {
		dst = appendSpaces(dst, pad)
	}
	dst = append(dst, s...)
	if pad > 0 && sp.flags&fLeft != 0 {
		dst = appendSpaces(dst, pad)
	}
	return dst
}

func appendSpaces(dst []byte, n int) []byte {
	for ; n > 0; n-- {
		dst = append(dst, ' ')
	}
	return dst
}

func formatInteger(dst []byte, sp jspec, a jarg) ([]byte, bool) {
	if sp.precision >= 0 {
		return nil, false // IllegalFormatPrecisionException
	}
	if sp.conv == 'd' && sp.flags&fAlt != 0 || sp.conv != 'd' && sp.flags&fGroup != 0 {
		return nil, false
	}
	var bits uint
	switch a.k {
	case jNull:
		return justify(dst, []byte("null"), sp), true
	case jByte:
		bits = 8
	case jShort:
		bits = 16
	case jInt:
		bits = 32
	case jLong:
		bits = 64
	default:
		return nil, false // IllegalFormatConversionException
	}
	if sp.conv == 'd' {
		neg := a.i < 0
		mag := strconv.FormatUint(absU(a.i), 10)
		return justify(dst, jsigned(mag, neg, sp, sp.flags&fGroup != 0), sp), true
	}
	if sp.flags&(fPlus|fSpace|fParen) != 0 {
		return nil, false
	}
	u := uint64(a.i)
	if bits < 64 {
		u &= 1<<bits - 1
	}
	var s string
	var prefix string
	if sp.conv == 'o' {
		s = strconv.FormatUint(u, 8)
		if sp.flags&fAlt != 0 {
			prefix = "0"
		}
	} else {
		s = strconv.FormatUint(u, 16)
		if sp.flags&fAlt != 0 {
			prefix = "0x"
		}
	}
	body := []byte(prefix)
	if sp.flags&fZero != 0 {
		for k := len(prefix) + len(s); k < sp.width; k++ {
			body = append(body, '0')
		}
	}
	body = append(body, s...)
	return justify(dst, body, sp), true
}

func absU(i int64) uint64 {
	if i < 0 {
		return uint64(-(i + 1)) + 1
	}
	return uint64(i)
}

// signed lays out a magnitude as Java does for %d and the floating
// conversions: the leading sign ('+', ' ', '-' or '('), the digits (with
// ',' grouping of the integer part), zeros after the sign up to the width
// when '0' is set, and the ')' of a negative value under '('.
func jsigned(mag string, neg bool, sp jspec, group bool) []byte {
	var out []byte
	switch {
	case neg && sp.flags&fParen != 0:
		out = append(out, '(')
	case neg:
		out = append(out, '-')
	case sp.flags&fPlus != 0:
		out = append(out, '+')
	case sp.flags&fSpace != 0:
		out = append(out, ' ')
	}
	begin := len(out)
	if group {
		intEnd := strings.IndexByte(mag, '.')
		if intEnd < 0 {
			intEnd = len(mag)
		}
		for k := 0; k < intEnd; k++ {
			if k > 0 && (intEnd-k)%3 == 0 {
				out = append(out, ',')
			}
			out = append(out, mag[k])
		}
		out = append(out, mag[intEnd:]...)
	} else {
		out = append(out, mag...)
	}
	width := sp.width
	if neg && sp.flags&fParen != 0 {
		width--
	}
	if sp.flags&fZero != 0 && width > 0 {
		zeros := width - utf8.RuneCount(out)
		if zeros > 0 {
			out = append(out[:begin], append([]byte(strings.Repeat("0", zeros)), out[begin:]...)...)
		}
	}
	if neg && sp.flags&fParen != 0 {
		out = append(out, ')')
	}
	return out
}

func formatFloat(dst []byte, sp jspec, a jarg) ([]byte, bool) {
	switch a.k {
	case jNull:
		return justify(dst, []byte("null"), sp), true
	case jFloat, jDouble:
	default:
		return nil, false // IllegalFormatConversionException (a DECIMAL is DecimalData)
	}
	switch sp.conv {
	case 'e':
		if sp.flags&fGroup != 0 {
			return nil, false
		}
	case 'g':
		if sp.flags&fAlt != 0 {
			return nil, false
		}
	case 'a':
		if sp.flags&(fGroup|fParen) != 0 {
			return nil, false
		}
	}
	v := a.f
	if math.IsNaN(v) {
		return justify(dst, []byte("NaN"), sp), true
	}
	neg := math.Signbit(v)
	abs := math.Abs(v)
	if math.IsInf(v, 0) {
		var s []byte
		switch {
		case neg && sp.flags&fParen != 0:
			s = []byte("(Infinity)")
		case neg:
			s = []byte("-Infinity")
		case sp.flags&fPlus != 0:
			s = []byte("+Infinity")
		case sp.flags&fSpace != 0:
			s = []byte(" Infinity")
		default:
			s = []byte("Infinity")
		}
		return justify(dst, s, sp), true
	}
	var mag string
	switch sp.conv {
	case 'f':
		prec := sp.precision
		if prec < 0 {
			prec = 6
		}
		mag = types.JavaFixed(abs, prec)
		if prec == 0 && sp.flags&fAlt != 0 {
			mag += "."
		}
	case 'e':
		prec := sp.precision
		if prec < 0 {
			prec = 6
		}
		mag = sciJava(abs, prec, sp.flags&fAlt != 0)
	case 'g':
		prec := sp.precision
		if prec < 0 {
			prec = 6
		} else if prec == 0 {
			prec = 1
		}
		if abs == 0 {
			mag = types.JavaFixed(0, prec-1)
		} else {
			digits, exp := types.ShortestDigits(abs)
			digits, exp = types.RoundDigitsHalfUp(digits, exp, prec)
			x := exp - 1 // the exponent in d.ddd form
			if x >= -4 && x < prec {
				mag = types.JavaFixed(abs, prec-1-x)
			} else {
				mag = sciJava(abs, prec-1, false)
			}
		}
	case 'a':
		if sp.precision >= 0 {
			return nil, false // a precision of %a is not supported here
		}
		mag = javaHexDouble(abs)
		if sp.flags&fZero != 0 {
			// zeros go after the 0x prefix
			s := jsigned("", neg, jspec{flags: sp.flags &^ fZero}, false)
			for k := len(s) + len(mag); k < sp.width; k++ {
				mag = mag[:2] + "0" + mag[2:]
			}
			return justify(dst, append(s, mag...), sp), true
		}
		return justify(dst, jsigned(mag, neg, sp, false), sp), true
	}
	return justify(dst, jsigned(mag, neg, sp, sp.flags&fGroup != 0), sp), true
}

// sciJava is Java's %.{prec}e of f >= 0: d.ddde+XX.
func sciJava(f float64, prec int, alt bool) string {
	var digits []byte
	x := 0
	if f == 0 {
		digits = []byte{'0'}
	} else {
		var exp int
		digits, exp = types.ShortestDigits(f)
		digits, exp = types.RoundDigitsHalfUp(digits, exp, prec+1)
		x = exp - 1
	}
	var b strings.Builder
	b.WriteByte(digits[0])
	if prec > 0 || alt {
		b.WriteByte('.')
	}
	for k := 1; k <= prec; k++ {
		if k < len(digits) {
			b.WriteByte(digits[k])
		} else {
			b.WriteByte('0')
		}
	}
	b.WriteByte('e')
	if x < 0 {
		b.WriteByte('-')
		x = -x
	} else {
		b.WriteByte('+')
	}
	if x < 10 {
		b.WriteByte('0')
	}
	b.WriteString(strconv.Itoa(x))
	return b.String()
}

// javaHexDouble is Double.toHexString of f >= 0.
func javaHexDouble(f float64) string {
	if f == 0 {
		return "0x0.0p0"
	}
	bits := math.Float64bits(f)
	exp := int(bits>>52) & 0x7ff
	frac := bits & (1<<52 - 1)
	lead := "1"
	if exp == 0 {
		lead, exp = "0", -1022
	} else {
		exp -= 1023
	}
	h := strconv.FormatUint(frac, 16)
	h = strings.Repeat("0", 13-len(h)) + h
	h = strings.TrimRight(h, "0")
	if h == "" {
		h = "0"
	}
	return "0x" + lead + "." + h + "p" + strconv.Itoa(exp)
}

// formatTime is %t / %T over a BIGINT of epoch milliseconds, in UTC.
func formatTime(dst []byte, sp jspec, a jarg) ([]byte, bool) {
	if sp.precision >= 0 || sp.flags&^(fLeft|fPrev) != 0 {
		return nil, false
	}
	if a.k == jNull {
		return justify(dst, []byte("null"), sp), true
	}
	if a.k != jLong {
		return nil, false
	}
	tm := time.UnixMilli(a.i).UTC()
	s, ok := timeField(tm, a.i, sp.conv)
	if !ok {
		return nil, false
	}
	return justify(dst, []byte(s), sp), true
}

func timeField(tm time.Time, millis int64, c byte) (string, bool) {
	two := func(v int) string { return string([]byte{byte('0' + v/10), byte('0' + v%10)}) }
	hour12 := tm.Hour() % 12
	if hour12 == 0 {
		hour12 = 12
	}
	switch c {
	case 'H':
		return two(tm.Hour()), true
	case 'I':
		return two(hour12), true
	case 'k':
		return strconv.Itoa(tm.Hour()), true
	case 'l':
		return strconv.Itoa(hour12), true
	case 'M':
		return two(tm.Minute()), true
	case 'S':
		return two(tm.Second()), true
	case 'L':
		return string(appendZeroPadded(nil, int64(tm.Nanosecond()/1e6), 3)), true
	case 'N':
		return string(appendZeroPadded(nil, int64(tm.Nanosecond()), 9)), true
	case 'p':
		if tm.Hour() < 12 {
			return "am", true
		}
		return "pm", true
	case 'z':
		return "+0000", true
	case 'Z':
		return "UTC", true
	case 's':
		return strconv.FormatInt(expr.FloorDiv(millis, 1000), 10), true
	case 'Q':
		return strconv.FormatInt(millis, 10), true
	case 'B':
		return tm.Month().String(), true
	case 'b', 'h':
		return tm.Month().String()[:3], true
	case 'A':
		return tm.Weekday().String(), true
	case 'a':
		return tm.Weekday().String()[:3], true
	case 'C':
		return two(tm.Year() / 100 % 100), true
	case 'Y':
		return string(appendZeroPadded(nil, int64(tm.Year()), 4)), true
	case 'y':
		return two(tm.Year() % 100), true
	case 'j':
		return string(appendZeroPadded(nil, int64(tm.YearDay()), 3)), true
	case 'm':
		return two(int(tm.Month())), true
	case 'd':
		return two(tm.Day()), true
	case 'e':
		return strconv.Itoa(tm.Day()), true
	case 'R':
		return two(tm.Hour()) + ":" + two(tm.Minute()), true
	case 'T':
		return two(tm.Hour()) + ":" + two(tm.Minute()) + ":" + two(tm.Second()), true
	case 'r':
		p := "AM"
		if tm.Hour() >= 12 {
			p = "PM"
		}
		return two(hour12) + ":" + two(tm.Minute()) + ":" + two(tm.Second()) + " " + p, true
	case 'D':
		return two(int(tm.Month())) + "/" + two(tm.Day()) + "/" + two(tm.Year()%100), true
	case 'F':
		return string(appendZeroPadded(nil, int64(tm.Year()), 4)) + "-" + two(int(tm.Month())) + "-" + two(tm.Day()), true
	case 'c':
		return tm.Weekday().String()[:3] + " " + tm.Month().String()[:3] + " " + two(tm.Day()) + " " +
			two(tm.Hour()) + ":" + two(tm.Minute()) + ":" + two(tm.Second()) + " UTC " + string(appendZeroPadded(nil, int64(tm.Year()), 4)), true
	}
	return "", false
}
