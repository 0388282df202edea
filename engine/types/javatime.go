package types

import "strconv"

// java.time's text, for the places where Flink prints a value through a
// Java object's toString or a java.time formatter rather than through its
// own DateTimeUtils (format.go): the 'csv' and 'json' formats
// (DateTimeFormatter.ISO_LOCAL_DATE and ISO_LOCAL_TIME) and the print
// connector (LocalDate, LocalTime, LocalDateTime and Instant toString).
// Days count from 1970-01-01 in the proleptic Gregorian calendar, over the
// whole int64 range.

// CivilFromDays converts days since 1970-01-01 to a year, month and day
// (Howard Hinnant's algorithm).
func CivilFromDays(z int64) (y, m, d int64) {
	z += 719468
	era := z / 146097
	if z < 0 && z%146097 != 0 {
		era--
	}
	doe := z - era*146097
	yoe := (doe - doe/1460 + doe/36524 - doe/146096) / 365
	y = yoe + era*400
	doy := doe - (365*yoe + yoe/4 - yoe/100)
	mp := (5*doy + 2) / 153
	d = doy - (153*mp+2)/5 + 1
	if mp < 10 {
		m = mp + 3
	} else {
		m = mp - 9
	}
	if m <= 2 {
		y++
	}
	return y, m, d
}

// DaysFromCivil is the inverse of CivilFromDays: the days since
// 1970-01-01 of a proleptic Gregorian year, month and day.
func DaysFromCivil(y, m, d int64) int64 {
	if m <= 2 {
		y--
	}
	era := y / 400
	if y < 0 && y%400 != 0 {
		era--
	}
	yoe := y - era*400
	mp := (m + 9) % 12
	doy := (153*mp+2)/5 + d - 1
	doe := yoe*365 + yoe/4 - yoe/100 + doy
	return era*146097 + doe - 719468
}

// SplitTimestamp turns epoch milliseconds plus nanoseconds of the
// millisecond into days and the nanosecond of the day, flooring before the
// epoch.
func SplitTimestamp(millis int64, nanos int32) (days, nanoOfDay int64) {
	days, msOfDay := millis/86_400_000, millis%86_400_000
	if msOfDay < 0 {
		days--
		msOfDay += 86_400_000
	}
	return days, msOfDay*1_000_000 + int64(nanos)
}

// AppendLocalDate writes LocalDate.toString, which is also
// DateTimeFormatter.ISO_LOCAL_DATE: yyyy-MM-dd with the year padded to four
// digits, a '-' before negative years and a '+' before years past 9999.
func AppendLocalDate(dst []byte, days int64) []byte {
	y, m, d := CivilFromDays(days)
	switch ay := abs64(y); {
	case ay < 1000:
		if y < 0 {
			dst = append(dst, '-')
		}
		dst = append(dst, byte('0'+ay/1000), byte('0'+ay/100%10), byte('0'+ay/10%10), byte('0'+ay%10))
	default:
		if y > 9999 {
			dst = append(dst, '+')
		}
		dst = strconv.AppendInt(dst, y, 10)
	}
	dst = append(dst, '-')
	dst = append2(dst, m)
	dst = append(dst, '-')
	return append2(dst, d)
}

// AppendISOLocalTime writes DateTimeFormatter.ISO_LOCAL_TIME as Flink's
// formats use it: HH:mm:ss, then, when not zero, '.' and the fraction of the
// second without trailing zeros.
func AppendISOLocalTime(dst []byte, nanoOfDay int64) []byte {
	secs, nano := nanoOfDay/1e9, nanoOfDay%1e9
	dst = appendHMS(dst, secs)
	if nano == 0 {
		return dst
	}
	dst = append(dst, '.')
	for div := int64(100_000_000); nano != 0; div /= 10 {
		dst = append(dst, byte('0'+nano/div))
		nano %= div
	}
	return dst
}

// AppendLocalTime writes LocalTime.toString: HH:mm, then :ss when the
// seconds or the fraction are not zero, then the fraction in groups of
// three digits.
func AppendLocalTime(dst []byte, nanoOfDay int64) []byte {
	secs, nano := nanoOfDay/1e9, nanoOfDay%1e9
	dst = append2(dst, secs/3600)
	dst = append(dst, ':')
	dst = append2(dst, secs/60%60)
	if s := secs % 60; s > 0 || nano > 0 {
		dst = append(dst, ':')
		dst = append2(dst, s)
	}
	return appendNanoGroups(dst, nano)
}

// AppendInstant writes Instant.toString (ISO_INSTANT): the UTC date, 'T',
// HH:mm:ss always, the fraction in groups of three digits, then 'Z'.
func AppendInstant(dst []byte, millis int64, nanos int32) []byte {
	days, nod := SplitTimestamp(millis, nanos)
	dst = AppendLocalDate(dst, days)
	dst = append(dst, 'T')
	dst = appendHMS(dst, nod/1e9)
	dst = appendNanoGroups(dst, nod%1e9)
	return append(dst, 'Z')
}

// appendNanoGroups writes a non-zero nano-of-second as .SSS, .SSSSSS or
// .SSSSSSSSS, whichever is exact, as java.time's toString methods do.
func appendNanoGroups(dst []byte, nano int64) []byte {
	if nano == 0 {
		return dst
	}
	digits, val := int64(9), nano
	switch {
	case nano%1_000_000 == 0:
		digits, val = 3, nano/1_000_000
	case nano%1000 == 0:
		digits, val = 6, nano/1000
	}
	dst = append(dst, '.')
	for p := digits - 1; p >= 0; p-- {
		div := int64(1)
		for range p {
			div *= 10
		}
		dst = append(dst, byte('0'+val/div%10))
	}
	return dst
}

// appendHMS writes HH:mm:ss of a second of the day.
func appendHMS(dst []byte, secs int64) []byte {
	dst = append2(dst, secs/3600)
	dst = append(dst, ':')
	dst = append2(dst, secs/60%60)
	dst = append(dst, ':')
	return append2(dst, secs%60)
}

func append2(dst []byte, n int64) []byte {
	return append(dst, byte('0'+n/10), byte('0'+n%10))
}

func abs64(i int64) int64 {
	if i < 0 {
		return -i
	}
	return i
}
