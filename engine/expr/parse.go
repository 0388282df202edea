package expr

import (
	"bytes"
	"math"
	"strconv"

	"github.com/flinkplay/flinkplay/engine/types"
)

// Text parsers shared by CAST from strings and by literals. They follow the
// Java helpers Flink calls (BinaryStringDataUtil, DateTimeUtils), including
// their leniencies, and work on bytes so a cast does not allocate.

// javaTrim drops leading and trailing characters <= ' ', as String.trim.
func javaTrim(b []byte) []byte {
	i, j := 0, len(b)
	for i < j && b[i] <= ' ' {
		i++
	}
	for j > i && b[j-1] <= ' ' {
		j--
	}
	return b[i:j]
}

// spaceTrim drops leading and trailing ' ', as BinaryStringData.trim.
func spaceTrim(b []byte) []byte {
	return bytes.Trim(b, " ")
}

// parseIntText parses like BinaryStringDataUtil.toLong/toInt: optional sign,
// digits, and an optional fraction of digits that is ignored. bitSize is 32
// or 64. reason is Flink's NumberFormatException suffix when ok is false.
func parseIntText(s []byte, bitSize int) (v int64, reason string) {
	if len(s) == 0 {
		return 0, "Input is empty."
	}
	i := 0
	neg := s[0] == '-'
	if neg || s[0] == '+' {
		i++
		if len(s) == 1 {
			return 0, "Input has only positive or negative symbol."
		}
	}
	lim := int64(math.MinInt64)
	if bitSize == 32 {
		lim = math.MinInt32
	}
	stop := lim / 10
	var r int64 // accumulated negatively, as Java does, to reach the minimum
	for i < len(s) {
		c := s[i]
		i++
		if c == '.' {
			break
		}
		if c < '0' || c > '9' {
			return 0, "Invalid character found."
		}
		if r < stop {
			return 0, "Overflow."
		}
		r = r*10 - int64(c-'0')
		if r < lim || r > 0 {
			return 0, "Overflow."
		}
	}
	for ; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return 0, "Invalid character found."
		}
	}
	if !neg {
		r = -r
		if r < 0 {
			return 0, "Overflow."
		}
	}
	return r, ""
}

// ParseJavaDouble accepts what Double.parseDouble accepts for decimal text:
// surrounding whitespace, a sign, NaN, Infinity, digits with an optional
// point and exponent, and an optional f/F/d/D suffix.
func ParseJavaDouble(s []byte, bitSize int) (float64, bool) {
	s = javaTrim(s)
	if len(s) == 0 {
		return 0, false
	}
	body := s
	sign := 1.0
	if body[0] == '+' || body[0] == '-' {
		if body[0] == '-' {
			sign = -1
		}
		body = body[1:]
	}
	switch string(body) {
	case "NaN":
		return math.NaN(), true
	case "Infinity":
		return sign * math.Inf(1), true
	}
	if n := len(body); n > 0 {
		switch body[n-1] {
		case 'f', 'F', 'd', 'D':
			body = body[:n-1]
		}
	}
	digits, i := 0, 0
	for i < len(body) && body[i] >= '0' && body[i] <= '9' {
		i++
		digits++
	}
	if i < len(body) && body[i] == '.' {
		i++
		for i < len(body) && body[i] >= '0' && body[i] <= '9' {
			i++
			digits++
		}
	}
	if digits == 0 {
		return 0, false
	}
	if i < len(body) && (body[i] == 'e' || body[i] == 'E') {
		i++
		if i < len(body) && (body[i] == '+' || body[i] == '-') {
			i++
		}
		e := 0
		for i < len(body) && body[i] >= '0' && body[i] <= '9' {
			i++
			e++
		}
		if e == 0 {
			return 0, false
		}
	}
	if i != len(body) {
		return 0, false
	}
	f, err := strconv.ParseFloat(string(body), bitSize)
	if err != nil {
		if ne, ok := err.(*strconv.NumError); !ok || ne.Err != strconv.ErrRange {
			return 0, false
		}
	}
	return sign * f, true
}

// parseDecimalFlink parses text for CAST(s AS DECIMAL): whitespace (space,
// tab, newline) around, then a decimal number with optional exponent.
func parseDecimalFlink(s []byte) (Dec, bool) {
	s = bytes.Trim(s, " \t\n")
	if len(s) == 0 {
		return Dec{}, false
	}
	return ParseDecimalText(s)
}

// IsDigits reports whether s is non-empty and all ASCII digits.
func IsDigits(s []byte) bool {
	if len(s) == 0 {
		return false
	}
	for _, c := range s {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// atoi parses digits known to be valid; huge values saturate so range
// checks reject them.
func atoi(s []byte) int {
	n := 0
	for _, c := range s {
		if n > 1e8 {
			return math.MaxInt32
		}
		n = n*10 + int(c-'0')
	}
	return n
}

// ParseDateFlink is DateTimeUtils.parseDate: y[-m[-d]] with optional
// spaces around the parts, anything after the first inner space ignored
// (so timestamps convert), years 0..9999, valid calendar days.
func ParseDateFlink(s []byte) (int64, bool) {
	if ws := bytes.IndexByte(s, ' '); ws > 0 {
		s = s[:ws]
	}
	y, m, d := 0, 1, 1
	h1 := bytes.IndexByte(s, '-')
	if h1 < 0 {
		p := javaTrim(s)
		if !IsDigits(p) {
			return 0, false
		}
		y = atoi(p)
	} else {
		p := javaTrim(s[:h1])
		if !IsDigits(p) {
			return 0, false
		}
		y = atoi(p)
		rest := s[h1+1:]
		h2 := bytes.IndexByte(rest, '-')
		if h2 < 0 {
			p = javaTrim(rest)
			if !IsDigits(p) {
				return 0, false
			}
			m = atoi(p)
		} else {
			p = javaTrim(rest[:h2])
			if !IsDigits(p) {
				return 0, false
			}
			m = atoi(p)
			p = javaTrim(rest[h2+1:])
			if !IsDigits(p) {
				return 0, false
			}
			d = atoi(p)
		}
	}
	if !validDate(y, m, d) {
		return 0, false
	}
	return YmdToDays(y, m, d), true
}

func isLeap(y int) bool { return y%400 == 0 || (y%4 == 0 && y%100 != 0) }

func daysInMonth(y, m int) int {
	switch m {
	case 2:
		if isLeap(y) {
			return 29
		}
		return 28
	case 4, 6, 9, 11:
		return 30
	}
	return 31
}

func validDate(y, m, d int) bool {
	return y >= 0 && y <= 9999 && m >= 1 && m <= 12 && d >= 1 && d <= daysInMonth(y, m)
}

// YmdToDays is the proleptic Gregorian day number relative to 1970-01-01.
func YmdToDays(y, m, d int) int64 { return types.DaysFromCivil(int64(y), int64(m), int64(d)) }

// DaysToYmd is the inverse of ymdToDays.
func DaysToYmd(days int64) (y, m, d int) {
	yy, mm, dd := types.CivilFromDays(days)
	return int(yy), int(mm), int(dd)
}

// parseTimeFlink is DateTimeUtils.parseTime: h[:m[:s[.fraction]]] with an
// optional [+-]hh[:mm] offset added to the clock, no range checks; the
// fraction is read to milliseconds, rounding on the fourth digit.
func parseTimeFlink(v []byte) (int64, bool) {
	end := len(v)
	op := -1
	tz := bytes.IndexByte(v, '-')
	if tz < 0 {
		tz = bytes.IndexByte(v, '+')
		op = 1
	}
	tzh, tzm := 0, 0
	if tz >= 0 {
		end = tz
		rest := v[tz+1:]
		if c := bytes.IndexByte(rest, ':'); c < 0 {
			p := javaTrim(rest)
			if !IsDigits(p) {
				return 0, false
			}
			tzh = atoi(p)
		} else {
			p := javaTrim(rest[:c])
			if !IsDigits(p) {
				return 0, false
			}
			tzh = atoi(p)
			p = javaTrim(rest[c+1:])
			if !IsDigits(p) {
				return 0, false
			}
			tzm = atoi(p)
		}
	}
	body := v[:end]
	var h, m, s, ms int
	c1 := bytes.IndexByte(body, ':')
	if c1 < 0 {
		p := javaTrim(body)
		if !IsDigits(p) {
			return 0, false
		}
		h = atoi(p)
	} else {
		p := javaTrim(body[:c1])
		if !IsDigits(p) {
			return 0, false
		}
		h = atoi(p)
		rest := body[c1+1:]
		c2 := bytes.IndexByte(rest, ':')
		if c2 < 0 {
			p = javaTrim(rest)
			if !IsDigits(p) {
				return 0, false
			}
			m = atoi(p)
		} else {
			p = javaTrim(rest[:c2])
			if !IsDigits(p) {
				return 0, false
			}
			m = atoi(p)
			sec := rest[c2+1:]
			if dot := bytes.IndexByte(sec, '.'); dot < 0 {
				p = javaTrim(sec)
				if !IsDigits(p) {
					return 0, false
				}
				s = atoi(p)
			} else {
				p = javaTrim(sec[:dot])
				if !IsDigits(p) {
					return 0, false
				}
				s = atoi(p)
				ms = parseFraction(javaTrim(sec[dot+1:]))
			}
		}
	}
	h += op * tzh
	m += op * tzm
	return int64(int32(h*3600000 + m*60000 + s*1000 + ms)), true
}

// parseFraction reads up to three fraction digits as milliseconds, rounding
// up when the fourth digit is 5 or more; non-digits count as zero.
func parseFraction(v []byte) int {
	mult, r := 100, 0
	for i := 0; i < len(v); i++ {
		x := 0
		if v[i] >= '0' && v[i] <= '9' {
			x = int(v[i] - '0')
		}
		r += mult * x
		if mult < 10 {
			if i+1 < len(v) && v[i+1] >= '5' {
				r++
			}
			break
		}
		mult /= 10
	}
	return r
}

// tsParse is the result of parsing timestamp text.
type tsParse struct {
	Millis int64 // wall clock as if UTC
	nanos  int32 // nanoseconds within the millisecond
	digits int   // fraction digits written
}

// ParseTimestampText parses yyyy-M[M]-d[d][ H[H]:m[m]:s[s][.fffffffff]], the
// pattern of Flink's DEFAULT_TIMESTAMP_FORMATTER, strictly (no surrounding
// spaces). needTime requires the time part (TIMESTAMP literals). The
// fraction is truncated to precision digits. On failure msg is the text of
// Java's DateTimeParseException.
func ParseTimestampText(s []byte, precision int, needTime bool) (tsParse, string) {
	i := 0
	num := func(min, max int) (int, bool) {
		st := i
		for i < len(s) && i-st < max && s[i] >= '0' && s[i] <= '9' {
			i++
		}
		if i-st < min {
			i = st
			return 0, false
		}
		return atoi(s[st:i]), true
	}
	fail := func() (tsParse, string) {
		return tsParse{}, "Text '" + string(s) + "' could not be parsed at index " + strconv.Itoa(i)
	}
	y, ok := num(4, 4)
	if !ok || i >= len(s) || s[i] != '-' {
		return fail()
	}
	i++
	mo, ok := num(1, 2)
	if !ok || i >= len(s) || s[i] != '-' {
		return fail()
	}
	i++
	d, ok := num(1, 2)
	if !ok {
		return fail()
	}
	var h, mi, sec, nano, digits int
	hasTime := false
	if i < len(s) && s[i] == ' ' {
		save := i
		i++
		var ok1, ok2, ok3 bool
		h, ok1 = num(1, 2)
		if ok1 && i < len(s) && s[i] == ':' {
			i++
			mi, ok2 = num(1, 2)
			if ok2 && i < len(s) && s[i] == ':' {
				i++
				sec, ok3 = num(1, 2)
			}
		}
		if ok1 && ok2 && ok3 {
			hasTime = true
			if i < len(s) && s[i] == '.' {
				i++
				st := i
				for i < len(s) && i-st < 9 && s[i] >= '0' && s[i] <= '9' {
					i++
				}
				digits = i - st
				for k := st; k < i; k++ {
					nano = nano*10 + int(s[k]-'0')
				}
				for k := digits; k < 9; k++ {
					nano *= 10
				}
			}
		} else {
			i = save
		}
	}
	if i != len(s) {
		return tsParse{}, "Text '" + string(s) + "' could not be parsed, unparsed text found at index " + strconv.Itoa(i)
	}
	if needTime && !hasTime {
		return tsParse{}, "Text '" + string(s) + "' could not be parsed at index " + strconv.Itoa(i)
	}
	if mo < 1 || mo > 12 {
		return tsParse{}, "Text '" + string(s) + "' could not be parsed: Invalid value for MonthOfYear (valid values 1 - 12): " + strconv.Itoa(mo)
	}
	if d < 1 || d > 31 {
		return tsParse{}, "Text '" + string(s) + "' could not be parsed: Invalid value for DayOfMonth (valid values 1 - 28/31): " + strconv.Itoa(d)
	}
	if h > 23 {
		return tsParse{}, "Text '" + string(s) + "' could not be parsed: Invalid value for HourOfDay (valid values 0 - 23): " + strconv.Itoa(h)
	}
	if mi > 59 {
		return tsParse{}, "Text '" + string(s) + "' could not be parsed: Invalid value for MinuteOfHour (valid values 0 - 59): " + strconv.Itoa(mi)
	}
	if sec > 59 {
		return tsParse{}, "Text '" + string(s) + "' could not be parsed: Invalid value for SecondOfMinute (valid values 0 - 59): " + strconv.Itoa(sec)
	}
	// The SMART resolver moves an impossible day (Feb 30) to the month's last day.
	if dm := daysInMonth(y, mo); d > dm {
		d = dm
	}
	if precision < 9 {
		p := int(Pow10[9-precision])
		nano -= nano % p
	}
	days := YmdToDays(y, mo, d)
	millis := days*86400000 + int64(h)*3600000 + int64(mi)*60000 + int64(sec)*1000 + int64(nano/1e6)
	return tsParse{Millis: millis, nanos: int32(nano % 1e6), digits: digits}, ""
}
