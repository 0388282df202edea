package types

import (
	"encoding/binary"
	"math"
)

// Display width, as Flink's tableau printer measures it (TableauStyle): a
// string is as wide as its number of UTF-16 code units, plus one for every
// code point whose Unicode East_Asian_Width is Wide (W) or Fullwidth (F).
// Flink asks ICU4J 67.1 for that property, which implements Unicode 13.0, so
// the table below is Unicode 13.0's: later additions (the Unicode 14 and 15
// emoji, for instance) count as narrow, exactly as in Flink.
//
// The table was produced from ICU's East_Asian_Width values, restricted to
// the code points assigned by Unicode 13.0, plus the ranges that
// EastAsianWidth.txt declares Wide even where unassigned (CJK ideograph
// blocks, planes 2 and 3).

// wideRanges lists the inclusive code point ranges that are W or F in
// Unicode 13.0, sorted and disjoint.
var wideRanges = [...]struct{ lo, hi rune }{
	{0x1100, 0x115F},
	{0x231A, 0x231B},
	{0x2329, 0x232A},
	{0x23E9, 0x23EC},
	{0x23F0, 0x23F0},
	{0x23F3, 0x23F3},
	{0x25FD, 0x25FE},
	{0x2614, 0x2615},
	{0x2648, 0x2653},
	{0x267F, 0x267F},
	{0x2693, 0x2693},
	{0x26A1, 0x26A1},
	{0x26AA, 0x26AB},
	{0x26BD, 0x26BE},
	{0x26C4, 0x26C5},
	{0x26CE, 0x26CE},
	{0x26D4, 0x26D4},
	{0x26EA, 0x26EA},
	{0x26F2, 0x26F3},
	{0x26F5, 0x26F5},
	{0x26FA, 0x26FA},
	{0x26FD, 0x26FD},
	{0x2705, 0x2705},
	{0x270A, 0x270B},
	{0x2728, 0x2728},
	{0x274C, 0x274C},
	{0x274E, 0x274E},
	{0x2753, 0x2755},
	{0x2757, 0x2757},
	{0x2795, 0x2797},
	{0x27B0, 0x27B0},
	{0x27BF, 0x27BF},
	{0x2B1B, 0x2B1C},
	{0x2B50, 0x2B50},
	{0x2B55, 0x2B55},
	{0x2E80, 0x2E99},
	{0x2E9B, 0x2EF3},
	{0x2F00, 0x2FD5},
	{0x2FF0, 0x2FFB},
	{0x3000, 0x303E},
	{0x3041, 0x3096},
	{0x3099, 0x30FF},
	{0x3105, 0x312F},
	{0x3131, 0x318E},
	{0x3190, 0x31E3},
	{0x31F0, 0x321E},
	{0x3220, 0x3247},
	{0x3250, 0x4DBF},
	{0x4E00, 0xA48C},
	{0xA490, 0xA4C6},
	{0xA960, 0xA97C},
	{0xAC00, 0xD7A3},
	{0xF900, 0xFAFF},
	{0xFE10, 0xFE19},
	{0xFE30, 0xFE52},
	{0xFE54, 0xFE66},
	{0xFE68, 0xFE6B},
	{0xFF01, 0xFF60},
	{0xFFE0, 0xFFE6},
	{0x16FE0, 0x16FE4},
	{0x16FF0, 0x16FF1},
	{0x17000, 0x187F7},
	{0x18800, 0x18CD5},
	{0x18D00, 0x18D08},
	{0x1B000, 0x1B11E},
	{0x1B150, 0x1B152},
	{0x1B164, 0x1B167},
	{0x1B170, 0x1B2FB},
	{0x1F004, 0x1F004},
	{0x1F0CF, 0x1F0CF},
	{0x1F18E, 0x1F18E},
	{0x1F191, 0x1F19A},
	{0x1F200, 0x1F202},
	{0x1F210, 0x1F23B},
	{0x1F240, 0x1F248},
	{0x1F250, 0x1F251},
	{0x1F260, 0x1F265},
	{0x1F300, 0x1F320},
	{0x1F32D, 0x1F335},
	{0x1F337, 0x1F37C},
	{0x1F37E, 0x1F393},
	{0x1F3A0, 0x1F3CA},
	{0x1F3CF, 0x1F3D3},
	{0x1F3E0, 0x1F3F0},
	{0x1F3F4, 0x1F3F4},
	{0x1F3F8, 0x1F43E},
	{0x1F440, 0x1F440},
	{0x1F442, 0x1F4FC},
	{0x1F4FF, 0x1F53D},
	{0x1F54B, 0x1F54E},
	{0x1F550, 0x1F567},
	{0x1F57A, 0x1F57A},
	{0x1F595, 0x1F596},
	{0x1F5A4, 0x1F5A4},
	{0x1F5FB, 0x1F64F},
	{0x1F680, 0x1F6C5},
	{0x1F6CC, 0x1F6CC},
	{0x1F6D0, 0x1F6D2},
	{0x1F6D5, 0x1F6D7},
	{0x1F6EB, 0x1F6EC},
	{0x1F6F4, 0x1F6FC},
	{0x1F7E0, 0x1F7EB},
	{0x1F90C, 0x1F93A},
	{0x1F93C, 0x1F945},
	{0x1F947, 0x1F978},
	{0x1F97A, 0x1F9CB},
	{0x1F9CD, 0x1F9FF},
	{0x1FA70, 0x1FA74},
	{0x1FA78, 0x1FA7A},
	{0x1FA80, 0x1FA86},
	{0x1FA90, 0x1FAA8},
	{0x1FAB0, 0x1FAB6},
	{0x1FAC0, 0x1FAC2},
	{0x1FAD0, 0x1FAD6},
	{0x20000, 0x2FFFD},
	{0x30000, 0x3FFFD},
}

// firstWide is the smallest wide code point: everything below it is narrow.
const firstWide = 0x1100

// IsWide reports whether r's East_Asian_Width is Wide or Fullwidth in
// Unicode 13.0, so that Flink counts it as two columns.
func IsWide(r rune) bool {
	if r < firstWide {
		return false
	}
	lo, hi := 0, len(wideRanges)
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		switch {
		case r < wideRanges[m].lo:
			hi = m
		case r > wideRanges[m].hi:
			lo = m + 1
		default:
			return true
		}
	}
	return false
}

// DisplayWidth returns the display width of the UTF-8 text s as Flink's
// tableau printer computes it. Invalid UTF-8 bytes count one column each, as
// the U+FFFD that Java would decode them to.
func DisplayWidth(s []byte) int { return DisplayWidthUpTo(s, math.MaxInt) }

// DisplayWidthUpTo returns DisplayWidth(s) when that is at most limit, and
// otherwise some width greater than limit. It stops reading s once limit is
// exceeded, so deciding whether a long cell fits a column is cheap.
func DisplayWidthUpTo(s []byte, limit int) int {
	w := 0
	for i := 0; i < len(s) && w <= limit; {
		// ASCII fast path, eight bytes at a time: one unit each, never wide.
		if i+8 <= len(s) && binary.LittleEndian.Uint64(s[i:])&0x8080808080808080 == 0 {
			w += 8
			i += 8
			continue
		}
		if s[i] < 0x80 {
			w++
			i++
			continue
		}
		r, n := decodeRune(s, i)
		i += n
		w += runeWidth(r)
	}
	return w
}

// DisplayWidthString is DisplayWidth for a string.
func DisplayWidthString(s string) int {
	w := 0
	for i := 0; i < len(s); {
		if s[i] < 0x80 {
			w++
			i++
			continue
		}
		r, n := decodeRune(s, i)
		i += n
		w += runeWidth(r)
	}
	return w
}

// ASCIIPrefix reports whether the first n bytes of s (all of s if shorter)
// are ASCII, so that cutting s at n bytes cuts it at n columns.
func ASCIIPrefix(s []byte, n int) bool {
	n = min(n, len(s))
	i := 0
	for ; i+8 <= n; i += 8 {
		if binary.LittleEndian.Uint64(s[i:])&0x8080808080808080 != 0 {
			return false
		}
	}
	for ; i < n; i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

// runeWidth is the width of one code point: its UTF-16 units plus one if wide.
func runeWidth(r rune) int {
	w := 1
	if r >= 0x10000 {
		w = 2
	}
	if IsWide(r) {
		w++
	}
	return w
}

// UTF16Len returns the number of UTF-16 code units of s, Java's
// String.length(). Flink sizes columns by the length of their names, not by
// their display width.
func UTF16Len(s string) int {
	n := 0
	for i := 0; i < len(s); {
		if s[i] < 0x80 {
			n++
			i++
			continue
		}
		r, size := decodeRune(s, i)
		i += size
		n++
		if r >= 0x10000 {
			n++
		}
	}
	return n
}

// TruncateToWidth returns the longest prefix of s whose display width is at
// most width, cut at a code point boundary. Flink pads the cut text on the
// left up to width before appending "..."; AppendTruncated does all of that.
func TruncateToWidth(s []byte, width int) []byte {
	end, _ := truncation(s, width)
	return s[:end]
}

// AppendTruncated appends what Flink's tableau printer writes for a cell
// that is too wide, minus the "..." that follows: the longest prefix of s
// that fits in width, left-padded with spaces to exactly width.
//
// Flink walks UTF-16 units, so a supplementary code point (an emoji) whose
// second unit would overflow width leaves its first unit, a lone surrogate,
// at the end of the prefix; Java writes that as '?', and so does this
// function.
func AppendTruncated(dst, s []byte, width int) []byte {
	end, half := truncation(s, width)
	used := DisplayWidth(s[:end])
	if half {
		used++
	}
	for i := used; i < width; i++ {
		dst = append(dst, ' ')
	}
	dst = append(dst, s[:end]...)
	if half {
		dst = append(dst, '?')
	}
	return dst
}

// truncation finds where Flink cuts s to fit width: the byte length of the
// whole code points kept, and whether the first UTF-16 unit of the next
// (supplementary) code point is kept as well.
func truncation(s []byte, width int) (end int, half bool) {
	passed := 0
	for i := 0; i < len(s); {
		r, n := rune(s[i]), 1
		if r >= 0x80 {
			r, n = decodeRune(s, i)
		}
		w := 1
		if IsWide(r) {
			w = 2
		}
		if passed+w > width {
			return i, false
		}
		if r >= 0x10000 {
			// Flink measures the low surrogate on its own: one more column.
			if passed+w+1 > width {
				return i, true
			}
			w++
		}
		passed += w
		i += n
	}
	return len(s), false
}

// decodeRune decodes the UTF-8 sequence at s[i:], which must be non-empty. It
// returns U+FFFD and 1 for an invalid byte, like utf8.DecodeRune, but works
// on strings and byte slices alike.
func decodeRune[S ~string | ~[]byte](s S, i int) (rune, int) {
	const bad = '\uFFFD'
	b0 := s[i]
	switch {
	case b0 < 0x80:
		return rune(b0), 1
	case b0 < 0xC2 || b0 > 0xF4:
		return bad, 1
	}
	cont := func(j int) (byte, bool) {
		if j >= len(s) || s[j]&0xC0 != 0x80 {
			return 0, false
		}
		return s[j] & 0x3F, true
	}
	b1, ok := cont(i + 1)
	if !ok {
		return bad, 1
	}
	if b0 < 0xE0 {
		return rune(b0&0x1F)<<6 | rune(b1), 2
	}
	// Reject overlong forms, surrogates and code points above U+10FFFF.
	switch {
	case b0 == 0xE0 && s[i+1] < 0xA0, b0 == 0xED && s[i+1] > 0x9F,
		b0 == 0xF0 && s[i+1] < 0x90, b0 == 0xF4 && s[i+1] > 0x8F:
		return bad, 1
	}
	b2, ok := cont(i + 2)
	if !ok {
		return bad, 1
	}
	if b0 < 0xF0 {
		return rune(b0&0x0F)<<12 | rune(b1)<<6 | rune(b2), 3
	}
	b3, ok := cont(i + 3)
	if !ok {
		return bad, 1
	}
	return rune(b0&0x07)<<18 | rune(b1)<<12 | rune(b2)<<6 | rune(b3), 4
}
