package expr

import (
	"strconv"
	"strings"
	"time"

	"github.com/flinkplay/flinkplay/engine/diag"
)

// Java date-time patterns ("yyyy-MM-dd HH:mm:ss"), as Flink's temporal
// functions use them. Two dialects exist: java.time's DateTimeFormatter
// (DATE_FORMAT of a timestamp, TO_TIMESTAMP with a format) and the older
// SimpleDateFormat (DATE_FORMAT of a string, FROM_UNIXTIME, UNIX_TIMESTAMP,
// TO_DATE with a format). They agree on the common letters; they differ in
// S (fraction digits vs. milliseconds) and in parsing, which is strict for
// DateTimeFormatter and lenient for SimpleDateFormat (field widths adapt,
// out-of-range fields roll over, trailing text is ignored).
//
// Supported letters: G y u M L d D E a H k K h m s S n X x Z, the week
// fields Y (week-based year) w (week of it) W (week of month), and in
// DateTimeFormatter Q q (quarter) and e c (day of week as a number), and
// quoted text; other letters are an error, as in Java. Weeks follow the
// US rules of a JVM's default locale, as Flink's do on a cluster: a week
// starts on Sunday and the week of January 1 is week 1. The week and
// quarter fields are read by the parser but do not move the date.

type patItem struct {
	letter byte   // 0 for literal text
	count  int    // repetitions of the letter
	text   string // literal text
}

type datePattern struct {
	items  []patItem
	simple bool // SimpleDateFormat rules; else DateTimeFormatter
}

// CompilePattern splits a pattern into letters and literal text. The error
// text is Java's IllegalArgumentException message.
func CompilePattern(p string, simple bool) (*datePattern, error) {
	dp := &datePattern{simple: simple}
	for i := 0; i < len(p); {
		c := p[i]
		switch {
		case c == '\'':
			j := i + 1
			var b strings.Builder
			closed := false
			for j < len(p) {
				if p[j] == '\'' {
					if j+1 < len(p) && p[j+1] == '\'' {
						b.WriteByte('\'')
						j += 2
						continue
					}
					closed = true
					j++
					break
				}
				b.WriteByte(p[j])
				j++
			}
			if !closed {
				if simple {
					return nil, diag.Errorf(diag.NoPos, diag.IllegalArgument, "Unterminated quote")
				}
				return nil, diag.Errorf(diag.NoPos, diag.IllegalArgument, "Pattern ends with an incomplete string literal: %s", p)
			}
			if j == i+2 { // '' is a quote
				dp.items = append(dp.items, patItem{text: "'"})
			} else {
				dp.items = append(dp.items, patItem{text: b.String()})
			}
			i = j
		case (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'):
			j := i
			for j < len(p) && p[j] == c {
				j++
			}
			if !strings.ContainsRune("GyuMLdDEaHkKhmsSnXxZYwWQqec", rune(c)) || (simple && strings.ContainsRune("nxQqec", rune(c))) {
				if simple {
					return nil, diag.Errorf(diag.NoPos, diag.IllegalArgument, "Illegal pattern character '%c'", c)
				}
				return nil, diag.Errorf(diag.NoPos, diag.IllegalArgument, "Unknown pattern letter: %c", c)
			}
			dp.items = append(dp.items, patItem{letter: c, count: j - i})
			i = j
		default:
			dp.items = append(dp.items, patItem{text: string(c)})
			i++
		}
	}
	return dp, nil
}

var (
	monthNames = [...]string{"January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"}
	dayNames   = [...]string{"Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"}
)

func appendPad(dst []byte, v int64, width int) []byte {
	if v < 0 {
		dst = append(dst, '-')
		v = -v
	}
	var buf [20]byte
	s := strconv.AppendInt(buf[:0], v, 10)
	for k := len(s); k < width; k++ {
		dst = append(dst, '0')
	}
	return append(dst, s...)
}

// Format writes the wall clock t (whose zone gives the offset letters) by
// the pattern. withOffset is false for a timestamp without time zone,
// where DateTimeFormatter rejects offset letters.
func (dp *datePattern) Format(dst []byte, t time.Time, withOffset bool) ([]byte, error) {
	for _, it := range dp.items {
		if it.letter == 0 {
			dst = append(dst, it.text...)
			continue
		}
		n := it.count
		switch it.letter {
		case 'G':
			if t.Year() > 0 {
				dst = append(dst, "AD"...)
			} else {
				dst = append(dst, "BC"...)
			}
		case 'y', 'u':
			y := int64(t.Year())
			if n == 2 {
				dst = appendPad(dst, y%100, 2)
			} else {
				dst = appendPad(dst, y, n)
			}
		case 'M', 'L':
			m := int(t.Month())
			switch {
			case n >= 4:
				dst = append(dst, monthNames[m-1]...)
			case n == 3:
				dst = append(dst, monthNames[m-1][:3]...)
			default:
				dst = appendPad(dst, int64(m), n)
			}
		case 'Y':
			y, _ := usWeek(t)
			if n == 2 {
				dst = appendPad(dst, int64(y%100), 2)
			} else {
				dst = appendPad(dst, int64(y), n)
			}
		case 'w':
			_, w := usWeek(t)
			dst = appendPad(dst, int64(w), n)
		case 'W':
			first := int(time.Date(t.Year(), t.Month(), 1, 0, 0, 0, 0, time.UTC).Weekday())
			dst = appendPad(dst, int64((t.Day()-1+first)/7+1), n)
		case 'Q', 'q':
			q := (int(t.Month())-1)/3 + 1
			switch {
			case n == 3:
				dst = append(dst, 'Q', byte('0'+q))
			case n >= 4:
				dst = append(dst, [...]string{"1st", "2nd", "3rd", "4th"}[q-1]+" quarter"...)
			default:
				dst = appendPad(dst, int64(q), n)
			}
		case 'e', 'c':
			switch {
			case n >= 4:
				dst = append(dst, dayNames[t.Weekday()]...)
			case n == 3:
				dst = append(dst, dayNames[t.Weekday()][:3]...)
			default:
				dst = appendPad(dst, int64(t.Weekday())+1, n)
			}
		case 'd':
			dst = appendPad(dst, int64(t.Day()), n)
		case 'D':
			dst = appendPad(dst, int64(t.YearDay()), n)
		case 'E':
			name := dayNames[t.Weekday()]
			if n < 4 {
				name = name[:3]
			}
			dst = append(dst, name...)
		case 'a':
			if t.Hour() < 12 {
				dst = append(dst, "AM"...)
			} else {
				dst = append(dst, "PM"...)
			}
		case 'H':
			dst = appendPad(dst, int64(t.Hour()), n)
		case 'k':
			h := t.Hour()
			if h == 0 {
				h = 24
			}
			dst = appendPad(dst, int64(h), n)
		case 'K':
			dst = appendPad(dst, int64(t.Hour()%12), n)
		case 'h':
			h := t.Hour() % 12
			if h == 0 {
				h = 12
			}
			dst = appendPad(dst, int64(h), n)
		case 'm':
			dst = appendPad(dst, int64(t.Minute()), n)
		case 's':
			dst = appendPad(dst, int64(t.Second()), n)
		case 'S':
			if dp.simple {
				dst = appendPad(dst, int64(t.Nanosecond()/1e6), n)
			} else {
				var buf [9]byte
				frac := appendPad(buf[:0], int64(t.Nanosecond()), 9)
				if n > 9 {
					return nil, diag.Errorf(diag.NoPos, diag.IllegalArgument, "Too many pattern letters: S")
				}
				dst = append(dst, frac[:n]...)
			}
		case 'n':
			dst = appendPad(dst, int64(t.Nanosecond()), n)
		case 'X', 'x', 'Z':
			if !withOffset && !dp.simple {
				return nil, diag.Errorf(diag.NoPos, dateTimeException, "Unsupported field: OffsetSeconds")
			}
			_, off := t.Zone()
			dst = appendOffset(dst, it.letter, n, off)
		}
	}
	return dst, nil
}

func appendOffset(dst []byte, letter byte, n, off int) []byte {
	if off == 0 && letter == 'X' {
		return append(dst, 'Z')
	}
	sign := byte('+')
	if off < 0 {
		sign = '-'
		off = -off
	}
	h, m := off/3600, off/60%60
	dst = append(dst, sign)
	dst = appendPad(dst, int64(h), 2)
	switch {
	case letter == 'Z' || (n == 2) || (n == 1 && m != 0 && letter != 'X'):
		dst = appendPad(dst, int64(m), 2)
	case n >= 3:
		dst = append(dst, ':')
		dst = appendPad(dst, int64(m), 2)
	case n == 1 && letter == 'X':
		// hours only
	}
	return dst
}

// parsed holds the fields read from text; unset fields take 1970-01-01
// 00:00:00 as Flink completes them.
type parsed struct {
	year, month, day, hour, minute, second, nano int
	pm, hasAmPm                                  bool
	hour12                                       bool
	offset                                       int // seconds east of UTC
	hasOffset                                    bool
}

// Parse reads s by the pattern. ok is false when the text does not match.
// SimpleDateFormat ignores text after the pattern; DateTimeFormatter needs
// all of it.
func (dp *datePattern) Parse(s string) (parsed, bool) {
	p := parsed{year: 1970, month: 1, day: 1}
	i := 0
	for k, it := range dp.items {
		if it.letter == 0 {
			if !strings.HasPrefix(s[i:], it.text) {
				return p, false
			}
			i += len(it.text)
			continue
		}
		// A numeric field followed directly by another numeric field has a
		// fixed width (yyyyMMdd).
		adjacent := k+1 < len(dp.items) && dp.items[k+1].letter != 0 && isNumericLetter(dp.items[k+1])
		width := func(min, max int) (int, bool) {
			j := i
			for j < len(s) && j-i < max && s[j] >= '0' && s[j] <= '9' {
				j++
			}
			if j-i < min {
				return 0, false
			}
			v, err := strconv.Atoi(s[i:j])
			if err != nil {
				return 0, false
			}
			i = j
			return v, true
		}
		num := func() (int, bool) {
			n := it.count
			if dp.simple {
				if adjacent {
					return width(1, n)
				}
				return width(1, 10)
			}
			// DateTimeFormatter: one letter is 1..19 digits, two are exactly two
			// (years: 4+ letters take 4..19).
			// The first of adjacent numeric fields leaves the following
			// fields their widths.
			reserve := 0
			for _, nx := range dp.items[k+1:] {
				if nx.letter == 0 || !isNumericLetter(nx) {
					break
				}
				reserve += nx.count
			}
			avail := 0
			for i+avail < len(s) && s[i+avail] >= '0' && s[i+avail] <= '9' {
				avail++
			}
			switch {
			case (it.letter == 'y' || it.letter == 'u') && n >= 4:
				return width(n, max(n, min(19, avail-reserve)))
			case n == 1:
				return width(1, max(1, min(19, avail-reserve)))
			}
			return width(n, n)
		}
		var v int
		var ok bool
		switch it.letter {
		case 'w', 'W', 'Q', 'q', 'e', 'c':
			if _, ok = num(); !ok {
				return p, false
			}
		case 'y', 'u', 'Y':
			if v, ok = num(); !ok {
				return p, false
			}
			if it.count == 2 {
				if dp.simple {
					// SimpleDateFormat puts two-digit years within the 80
					// years before and 20 after now.
					start := time.Now().Year() - 80
					v += start / 100 * 100
					if v < start {
						v += 100
					}
				} else {
					v += 2000
				}
			}
			p.year = v
		case 'M', 'L':
			if it.count >= 3 {
				m, n := matchName(s[i:], monthNames[:], it.count == 3 && !dp.simple)
				if m < 0 {
					return p, false
				}
				i += n
				p.month = m + 1
				continue
			}
			if p.month, ok = num(); !ok {
				return p, false
			}
		case 'd':
			if p.day, ok = num(); !ok {
				return p, false
			}
		case 'D':
			if v, ok = num(); !ok {
				return p, false
			}
			p.month, p.day = 1, v
		case 'E':
			d, n := matchName(s[i:], dayNames[:], it.count < 4 && !dp.simple)
			if d < 0 {
				return p, false
			}
			i += n
		case 'a':
			up := strings.ToUpper(s[i:min(i+2, len(s))])
			if up != "AM" && up != "PM" {
				return p, false
			}
			p.hasAmPm, p.pm = true, up == "PM"
			i += 2
		case 'H', 'k':
			if p.hour, ok = num(); !ok {
				return p, false
			}
			if it.letter == 'k' && p.hour == 24 {
				p.hour = 0
			}
		case 'h', 'K':
			if p.hour, ok = num(); !ok {
				return p, false
			}
			p.hour12 = true
			if it.letter == 'h' && p.hour == 12 {
				p.hour = 0
			}
		case 'm':
			if p.minute, ok = num(); !ok {
				return p, false
			}
		case 's':
			if p.second, ok = num(); !ok {
				return p, false
			}
		case 'S':
			st := i
			if v, ok = num(); !ok {
				return p, false
			}
			if dp.simple {
				p.nano = v * 1e6 // milliseconds, however many digits
			} else {
				digits := i - st
				for ; digits < 9; digits++ {
					v *= 10
				}
				p.nano = v
			}
		case 'n':
			if p.nano, ok = num(); !ok {
				return p, false
			}
		case 'X', 'x', 'Z':
			off, n, ok := parseOffset(s[i:])
			if !ok {
				return p, false
			}
			i += n
			p.offset, p.hasOffset = off, true
		}
	}
	if p.hour12 && p.hasAmPm && p.pm {
		p.hour += 12
	}
	if !dp.simple && i != len(s) {
		return p, false
	}
	return p, true
}

func isNumericLetter(it patItem) bool {
	switch it.letter {
	case 'y', 'u', 'Y', 'w', 'W', 'd', 'D', 'H', 'k', 'K', 'h', 'm', 's', 'S', 'n':
		return true
	case 'Q', 'q', 'e', 'c':
		return it.count < 3
	case 'M', 'L':
		return it.count < 3
	}
	return false
}

// matchName matches a month or day name (full or three letters) at the
// start of s, case-insensitively; exact3 allows only the short form.
func matchName(s string, names []string, exact3 bool) (int, int) {
	low := strings.ToLower(s)
	for i, name := range names {
		full := strings.ToLower(name)
		if !exact3 && strings.HasPrefix(low, full) {
			return i, len(full)
		}
	}
	for i, name := range names {
		if strings.HasPrefix(low, strings.ToLower(name[:3])) {
			return i, 3
		}
	}
	return -1, 0
}

// parseOffset reads Z, +hh, +hhmm or +hh:mm.
func parseOffset(s string) (int, int, bool) {
	if strings.HasPrefix(s, "Z") {
		return 0, 1, true
	}
	if len(s) < 3 || (s[0] != '+' && s[0] != '-') {
		return 0, 0, false
	}
	h, err := strconv.Atoi(s[1:3])
	if err != nil {
		return 0, 0, false
	}
	n, m := 3, 0
	rest := s[3:]
	if strings.HasPrefix(rest, ":") {
		rest = rest[1:]
		n++
	}
	if len(rest) >= 2 && rest[0] >= '0' && rest[0] <= '9' && rest[1] >= '0' && rest[1] <= '9' {
		m, _ = strconv.Atoi(rest[:2])
		n += 2
	} else if n == 4 {
		return 0, 0, false
	}
	off := h*3600 + m*60
	if s[0] == '-' {
		off = -off
	}
	return off, n, true
}

// LenientTime builds the instant of parsed fields in zone, rolling
// out-of-range fields over as SimpleDateFormat's lenient calendar does.
// An offset read from the text wins over the zone.
func (p parsed) LenientTime(zone *time.Location) time.Time {
	if p.hasOffset {
		zone = time.FixedZone("", p.offset)
	}
	return time.Date(p.year, time.Month(p.month), p.day, p.hour, p.minute, p.second, p.nano, zone)
}

// StrictWallMillis validates fields as java.time's SMART resolver does (a
// day past the month's end but at most 31 moves to its last day) and
// returns the wall clock as milliseconds and nanoseconds within them.
func (p parsed) StrictWallMillis() (int64, int32, bool) {
	if p.month < 1 || p.month > 12 || p.day < 1 || p.day > 31 || p.hour > 23 || p.minute > 59 || p.second > 59 {
		return 0, 0, false
	}
	d := p.day
	if dm := daysInMonth(p.year, p.month); d > dm {
		d = dm
	}
	ms := YmdToDays(p.year, p.month, d)*86400000 + int64(p.hour)*3600000 + int64(p.minute)*60000 + int64(p.second)*1000 + int64(p.nano/1e6)
	return ms, int32(p.nano % 1e6), true
}

// usWeek returns the week-based year and the week of it of the day of t,
// by the US rules (WeekFields.SUNDAY_START, minimal days 1): weeks run
// Sunday to Saturday, and week 1 is the one holding January 1, so the
// days of a week that spans New Year belong to the new year.
func usWeek(t time.Time) (year, week int) {
	day := time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, time.UTC)
	sunday := day.AddDate(0, 0, -int(day.Weekday()))
	year = sunday.AddDate(0, 0, 6).Year()
	jan1 := time.Date(year, 1, 1, 0, 0, 0, 0, time.UTC)
	first := jan1.AddDate(0, 0, -int(jan1.Weekday()))
	return year, int(sunday.Sub(first).Hours()/24)/7 + 1
}
