package types

import "strconv"

// AppendDecimalString appends Java's BigDecimal.toString of the value whose
// unscaled absolute value has the decimal digits (no leading zeros; "0" for
// zero), sign neg and the given scale: plain when the scale is not negative
// and the adjusted exponent is at least -6, else scientific ("1E-8",
// "0E-10", "1E+2"). The print connector and the JSON format write DECIMAL
// values so.
func AppendDecimalString(dst []byte, neg bool, digits []byte, scale int) []byte {
	if neg {
		dst = append(dst, '-')
	}
	adjusted := len(digits) - 1 - scale
	if scale >= 0 && adjusted >= -6 {
		if scale == 0 {
			return append(dst, digits...)
		}
		if len(digits) > scale {
			dst = append(dst, digits[:len(digits)-scale]...)
			dst = append(dst, '.')
			return append(dst, digits[len(digits)-scale:]...)
		}
		dst = append(dst, "0."...)
		for i := len(digits); i < scale; i++ {
			dst = append(dst, '0')
		}
		return append(dst, digits...)
	}
	dst = append(dst, digits[0])
	if len(digits) > 1 {
		dst = append(dst, '.')
		dst = append(dst, digits[1:]...)
	}
	dst = append(dst, 'E')
	if adjusted >= 0 {
		dst = append(dst, '+')
	}
	return strconv.AppendInt(dst, int64(adjusted), 10)
}
