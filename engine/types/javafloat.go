package types

import (
	"math"
	"strconv"
	"strings"
)

// Java's Float.toString and Double.toString, as Flink prints FLOAT and DOUBLE
// values ("" + value). The digits are those of the JDK 19+ algorithm
// (Raffaello Giulietti's): the shortest decimal that rounds back to the value,
// the closest one if several; with one exception, which strconv does not
// make: when a single digit would do, Java picks the closest decimal of one
// or two digits, so Double.MIN_VALUE is 4.9E-324, not 5.0E-324.
//
// The layout is Java's: plain notation with at least one fraction digit when
// 10^-3 <= |x| < 10^7 (100.0, 0.001), otherwise computerized scientific
// notation d.dddEn with at least one fraction digit (1.0E7, 1.2345678E-5).

// AppendJavaDouble appends Java's Double.toString(f) to dst.
func AppendJavaDouble(dst []byte, f float64) []byte {
	return appendJavaFloat(dst, f, 64)
}

// AppendJavaFloat appends Java's Float.toString(f) to dst.
func AppendJavaFloat(dst []byte, f float32) []byte {
	return appendJavaFloat(dst, float64(f), 32)
}

// smallestNormal is the smallest positive normal value per bit size. Only
// subnormals have so few significant bits that a two-digit decimal can be a
// closer round-tripping neighbour of a one-digit shortest decimal.
func smallestNormal(bitSize int) float64 {
	if bitSize == 32 {
		return 0x1p-126
	}
	return 0x1p-1022
}

func appendJavaFloat(dst []byte, f float64, bitSize int) []byte {
	switch {
	case math.IsNaN(f):
		return append(dst, "NaN"...)
	case math.IsInf(f, 1):
		return append(dst, "Infinity"...)
	case math.IsInf(f, -1):
		return append(dst, "-Infinity"...)
	case f == 0:
		if math.Signbit(f) {
			return append(dst, "-0.0"...)
		}
		return append(dst, "0.0"...)
	}
	if f < 0 {
		dst = append(dst, '-')
		f = -f
	}

	// Shortest digits in strconv's 'e' form: d[.ddd]e±xx.
	var tmp [32]byte
	sci := strconv.AppendFloat(tmp[:0], f, 'e', -1, bitSize)
	if sci[1] == 'e' && f < smallestNormal(bitSize) {
		// One digit is enough; a two-digit decimal that is closer to f and
		// still rounds to f wins in Java. 'e' with precision 1 gives the
		// closest two-digit decimal; keep it if it round-trips.
		var tmp2 [32]byte
		two := strconv.AppendFloat(tmp2[:0], f, 'e', 1, bitSize)
		if g, err := strconv.ParseFloat(string(two), bitSize); err == nil && g == f {
			tmp = tmp2
			sci = tmp[:len(two)]
		}
	}

	var digits [20]byte
	nd := 0
	i := 0
	for ; i < len(sci) && sci[i] != 'e'; i++ {
		if sci[i] != '.' {
			digits[nd] = sci[i]
			nd++
		}
	}
	exp := 0
	neg := false
	for i++; i < len(sci); i++ {
		switch c := sci[i]; c {
		case '-':
			neg = true
		case '+':
		default:
			exp = exp*10 + int(c-'0')
		}
	}
	if neg {
		exp = -exp
	}
	// Two-digit candidates may end in 0 (4.0E-45 style); Java drops the
	// zero like any trailing zero.
	for nd > 1 && digits[nd-1] == '0' {
		nd--
	}

	switch {
	case exp >= 0 && exp < 7:
		// Integer part: digits[0..exp], padded with zeros.
		for k := 0; k <= exp; k++ {
			if k < nd {
				dst = append(dst, digits[k])
			} else {
				dst = append(dst, '0')
			}
		}
		dst = append(dst, '.')
		if nd > exp+1 {
			dst = append(dst, digits[exp+1:nd]...)
		} else {
			dst = append(dst, '0')
		}
	case exp < 0 && exp >= -3:
		dst = append(dst, '0', '.')
		for k := -1; k > exp; k-- {
			dst = append(dst, '0')
		}
		dst = append(dst, digits[:nd]...)
	default:
		dst = append(dst, digits[0], '.')
		if nd > 1 {
			dst = append(dst, digits[1:nd]...)
		} else {
			dst = append(dst, '0')
		}
		dst = append(dst, 'E')
		dst = strconv.AppendInt(dst, int64(exp), 10)
	}
	return dst
}

// ShortestDigits returns the shortest decimal digits that read back as
// f > 0, and exp with f = 0.DIGITS × 10^exp (Java's FloatingDecimal
// convention). Java's Formatter (%f, %e, %g) and BigDecimal.valueOf start
// from them.
func ShortestDigits(f float64) ([]byte, int) {
	s := strconv.FormatFloat(f, 'e', -1, 64) // d.ddde±XX
	e := strings.IndexByte(s, 'e')
	x, _ := strconv.Atoi(s[e+1:])
	digits := make([]byte, 0, e)
	for k := 0; k < e; k++ {
		if s[k] != '.' {
			digits = append(digits, s[k])
		}
	}
	return digits, x + 1
}

// RoundDigitsHalfUp keeps the first n digits of 0.DIGITS × 10^exp,
// rounding half up on the dropped ones, as Java's Formatter rounds the
// shortest representation; it returns the digits and their exponent.
func RoundDigitsHalfUp(digits []byte, exp, n int) ([]byte, int) {
	if n >= len(digits) {
		return digits, exp
	}
	if n < 0 {
		return []byte{'0'}, exp
	}
	up := digits[n] >= '5'
	d := append([]byte(nil), digits[:n]...)
	if up {
		k := n - 1
		for ; k >= 0; k-- {
			if d[k] < '9' {
				d[k]++
				break
			}
			d[k] = '0'
		}
		if k < 0 {
			d = append([]byte{'1'}, d...)
			exp++
		}
	}
	if len(d) == 0 {
		return []byte{'0'}, exp
	}
	return d, exp
}

// JavaFixed is Java's String.format("%.{prec}f", f) of a finite f: the
// shortest digits of f, rounded half up to prec fraction digits.
func JavaFixed(f float64, prec int) string {
	if math.Signbit(f) {
		return "-" + JavaFixed(-f, prec)
	}
	if f == 0 {
		if prec == 0 {
			return "0"
		}
		return "0." + strings.Repeat("0", prec)
	}
	digits, exp := ShortestDigits(f)
	digits, exp = RoundDigitsHalfUp(digits, exp, exp+prec)
	if len(digits) == 1 && digits[0] == '0' {
		exp = 1
	}
	var b strings.Builder
	if exp <= 0 {
		b.WriteByte('0')
	} else {
		for k := 0; k < exp; k++ {
			if k < len(digits) {
				b.WriteByte(digits[k])
			} else {
				b.WriteByte('0')
			}
		}
	}
	if prec > 0 {
		b.WriteByte('.')
		for k := 0; k < prec; k++ {
			idx := exp + k
			if idx >= 0 && idx < len(digits) {
				b.WriteByte(digits[idx])
			} else {
				b.WriteByte('0')
			}
		}
	}
	return b.String()
}
