package library

import (
	"strings"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/flinkplay/flinkplay/engine/expr"
	"github.com/flinkplay/flinkplay/engine/types"
)

// ENCODE(string, charset) and DECODE(bytes, charset) support the charsets
// every Java runtime has: US-ASCII, ISO-8859-1, UTF-8, UTF-16BE, UTF-16LE
// and UTF-16 (big endian, with a byte-order mark when encoding). As in
// Java, a character the charset cannot hold encodes as '?', and bytes that
// do not decode become U+FFFD.

const unsupportedEncoding = "java.io.UnsupportedEncodingException"

type charset uint8

const (
	csUnknown charset = iota
	csASCII
	csLatin1
	csUTF8
	csUTF16BE
	csUTF16LE
	csUTF16
)

func charsetOf(name []byte) charset {
	switch strings.ToUpper(string(name)) {
	case "US-ASCII", "ASCII", "US_ASCII", "ISO646-US":
		return csASCII
	case "ISO-8859-1", "ISO8859_1", "ISO_8859_1", "LATIN1", "L1", "ISO8859-1":
		return csLatin1
	case "UTF-8", "UTF8":
		return csUTF8
	case "UTF-16BE", "UTF_16BE", "UNICODEBIGUNMARKED":
		return csUTF16BE
	case "UTF-16LE", "UTF_16LE", "UNICODELITTLEUNMARKED":
		return csUTF16LE
	case "UTF-16", "UTF_16", "UTF16":
		return csUTF16
	}
	return csUnknown
}

func encodeCharset(dst, s []byte, cs charset) []byte {
	if cs == csUTF16 {
		dst = append(dst, 0xFE, 0xFF)
	}
	for len(s) > 0 {
		r, n := utf8.DecodeRune(s)
		s = s[n:]
		switch cs {
		case csUTF8:
			dst = utf8.AppendRune(dst, r)
		case csASCII, csLatin1:
			limit := rune(0x7F)
			if cs == csLatin1 {
				limit = 0xFF
			}
			if r > limit {
				r = '?'
			}
			dst = append(dst, byte(r))
		default:
			for _, u := range utf16.AppendRune(nil, r) {
				if cs == csUTF16LE {
					dst = append(dst, byte(u), byte(u>>8))
				} else {
					dst = append(dst, byte(u>>8), byte(u))
				}
			}
		}
	}
	return dst
}

func decodeCharset(dst, b []byte, cs charset) []byte {
	switch cs {
	case csUTF8:
		for len(b) > 0 {
			r, n := utf8.DecodeRune(b)
			dst = utf8.AppendRune(dst, r) // invalid bytes decode as U+FFFD
			b = b[n:]
		}
		return dst
	case csASCII, csLatin1:
		for _, c := range b {
			if c > 0x7F && cs == csASCII {
				dst = utf8.AppendRune(dst, utf8.RuneError)
				continue
			}
			dst = utf8.AppendRune(dst, rune(c))
		}
		return dst
	}
	little := cs == csUTF16LE
	if cs == csUTF16 && len(b) >= 2 {
		switch {
		case b[0] == 0xFE && b[1] == 0xFF:
			b = b[2:]
		case b[0] == 0xFF && b[1] == 0xFE:
			b, little = b[2:], true
		}
	}
	units := make([]uint16, 0, len(b)/2)
	for i := 0; i+1 < len(b); i += 2 {
		if little {
			units = append(units, uint16(b[i])|uint16(b[i+1])<<8)
		} else {
			units = append(units, uint16(b[i])<<8|uint16(b[i+1]))
		}
	}
	for _, r := range utf16.Decode(units) {
		dst = utf8.AppendRune(dst, r)
	}
	if len(b)%2 == 1 {
		dst = utf8.AppendRune(dst, utf8.RuneError)
	}
	return dst
}

func buildEncode(name string, args []expr.Expr, pos int) (expr.Expr, error) {
	if err := checkFamilies(name, args, pos, []string{"ENCODE(<CHARACTER>, <CHARACTER>)"}, []func(types.Type) bool{expr.IsCharOrNull, expr.IsCharOrNull}); err != nil {
		return nil, err
	}
	t := expr.NullableIf(types.Type{Kind: types.Varbinary, Length: types.MaxLength}, args...)
	return strictFn(name, args, t, func(c *expr.Ctx, v []types.Value) (types.Value, error) {
		cs := charsetOf(v[1].B)
		if cs == csUnknown {
			return types.NullValue, expr.RuntimeErr(unsupportedEncoding, "%s", v[1].B)
		}
		return types.BytesValue(c.Keep(encodeCharset(nil, v[0].B, cs))), nil
	}), nil
}

func buildDecode(name string, args []expr.Expr, pos int) (expr.Expr, error) {
	bin := func(t types.Type) bool { return t.IsBinary() || t.Kind == types.Null }
	if err := checkFamilies(name, args, pos, []string{"DECODE(<BINARY>, <CHARACTER>)"}, []func(types.Type) bool{bin, expr.IsCharOrNull}); err != nil {
		return nil, err
	}
	return strictFn(name, args, stringT(args...), func(c *expr.Ctx, v []types.Value) (types.Value, error) {
		cs := charsetOf(v[1].B)
		if cs == csUnknown {
			return types.NullValue, expr.RuntimeErr(unsupportedEncoding, "%s", v[1].B)
		}
		return types.BytesValue(c.Keep(decodeCharset(nil, v[0].B, cs))), nil
	}), nil
}
