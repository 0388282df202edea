package expr

import (
	"fmt"
	"unicode/utf8"

	"github.com/flinkplay/flinkplay/engine/funcs"
	"github.com/flinkplay/flinkplay/engine/types"
)

// Functions of Flink's master branch (after 1.20) that cost little:
// JSON_QUOTE, JSON_UNQUOTE, URL_ENCODE, URL_DECODE and REGEXP_EXTRACT_ALL.
// Each follows the Java implementation's observable behaviour, quirks
// included (JSON_QUOTE's escapes of characters outside the BMP, URL_DECODE's
// NULL for a malformed escape).

// ---------------------------------------------------------------- JSON_QUOTE / JSON_UNQUOTE

func buildJSONQuote(name string, args []Expr, pos int) (Expr, error) {
	if err := checkFamilies(name, args, pos, []string{name + "(<CHARACTER>)"}, []func(types.Type) bool{isCharOrNull}); err != nil {
		return nil, err
	}
	return strictFn(name, args, stringT(args...), func(c *Ctx, v []types.Value) (types.Value, error) {
		return types.BytesValue(c.keep(jsonQuote(nil, v[0].B))), nil
	}), nil
}

// jsonQuote appends s as a quoted JSON string the way Flink's JSON_QUOTE
// writes it: Java walks the UTF-16 string one unit at a time but reads a
// code point at each, so a supplementary character comes out as its code
// point (five hex digits) followed by its low surrogate.
func jsonQuote(dst, s []byte) []byte {
	dst = append(dst, '"')
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRune(s[i:])
		i += n
		if r < 0x80 {
			switch r {
			case '"':
				dst = append(dst, '\\', '"')
			case '\\':
				dst = append(dst, '\\', '\\')
			case '/':
				dst = append(dst, '\\', '/')
			case '\b':
				dst = append(dst, '\\', 'b')
			case '\f':
				dst = append(dst, '\\', 'f')
			case '\n':
				dst = append(dst, '\\', 'n')
			case '\r':
				dst = append(dst, '\\', 'r')
			case '\t':
				dst = append(dst, '\\', 't')
			default:
				dst = append(dst, byte(r))
			}
			continue
		}
		dst = fmt.Appendf(dst, `\u%04x`, r)
		if r > 0xFFFF {
			dst = fmt.Appendf(dst, `\u%04x`, 0xDC00+((r-0x10000)&0x3FF))
		}
	}
	return append(dst, '"')
}

func buildJSONUnquote(name string, args []Expr, pos int) (Expr, error) {
	if err := checkFamilies(name, args, pos, []string{name + "(<CHARACTER>)"}, []func(types.Type) bool{isCharOrNull}); err != nil {
		return nil, err
	}
	return strictFn(name, args, stringT(args...), func(c *Ctx, v []types.Value) (types.Value, error) {
		s := v[0].B
		if _, err := parseJSON(s); err != nil || len(s) < 2 || s[0] != '"' || s[len(s)-1] != '"' {
			return v[0], nil // not a JSON string literal: unchanged
		}
		out, ok := jsonUnescape(nil, s[1:len(s)-1])
		if !ok {
			return v[0], nil
		}
		return types.BytesValue(c.keep(out)), nil
	}), nil
}

// jsonUnescape resolves the escapes of a JSON string's body. \u escapes
// are UTF-16 units: a surrogate pair makes one character, a lone surrogate
// becomes '?' as Java's encoder writes it.
func jsonUnescape(dst, s []byte) ([]byte, bool) {
	for i := 0; i < len(s); {
		ch := s[i]
		if ch != '\\' || i+1 >= len(s) {
			dst = append(dst, ch)
			i++
			continue
		}
		esc := s[i+1]
		i += 2
		switch esc {
		case '"', '\\', '/':
			dst = append(dst, esc)
		case 'b':
			dst = append(dst, '\b')
		case 'f':
			dst = append(dst, '\f')
		case 'n':
			dst = append(dst, '\n')
		case 'r':
			dst = append(dst, '\r')
		case 't':
			dst = append(dst, '\t')
		case 'u':
			u, ok := hex4(s, i)
			if !ok {
				return nil, false
			}
			i += 4
			switch {
			case u >= 0xD800 && u < 0xDC00:
				if i+6 <= len(s) && s[i] == '\\' && s[i+1] == 'u' {
					if lo, ok := hex4(s, i+2); ok && lo >= 0xDC00 && lo < 0xE000 {
						dst = utf8.AppendRune(dst, 0x10000+(u-0xD800)<<10+(lo-0xDC00))
						i += 6
						continue
					}
				}
				dst = append(dst, '?')
			case u >= 0xDC00 && u < 0xE000:
				dst = append(dst, '?')
			default:
				dst = utf8.AppendRune(dst, u)
			}
		default:
			return nil, false
		}
	}
	return dst, true
}

func hex4(s []byte, i int) (rune, bool) {
	if i+4 > len(s) {
		return 0, false
	}
	var r rune
	for _, ch := range s[i : i+4] {
		d, ok := unhex(ch)
		if !ok {
			return 0, false
		}
		r = r<<4 | rune(d)
	}
	return r, true
}

// ---------------------------------------------------------------- URL_ENCODE / URL_DECODE

func buildURLEncode(name string, args []Expr, pos int) (Expr, error) {
	if err := checkFamilies(name, args, pos, []string{name + "(<CHARACTER>)"}, []func(types.Type) bool{isCharOrNull}); err != nil {
		return nil, err
	}
	return strictFn(name, args, stringNullT, func(c *Ctx, v []types.Value) (types.Value, error) {
		return types.BytesValue(c.keep(urlEncode(nil, v[0].B))), nil
	}), nil
}

// urlEncode writes s as java.net.URLEncoder does with UTF-8. Bytes that are
// not UTF-8 are read as U+FFFD, as Java decodes them.
func urlEncode(dst, s []byte) []byte {
	const hexUpper = "0123456789ABCDEF"
	var buf [utf8.UTFMax]byte
	for i := 0; i < len(s); {
		ch := s[i]
		switch {
		case ch >= 'a' && ch <= 'z', ch >= 'A' && ch <= 'Z', ch >= '0' && ch <= '9', ch == '.', ch == '-', ch == '*', ch == '_':
			dst = append(dst, ch)
			i++
			continue
		case ch == ' ':
			dst = append(dst, '+')
			i++
			continue
		}
		r, n := utf8.DecodeRune(s[i:])
		i += n
		k := utf8.EncodeRune(buf[:], r)
		for _, b := range buf[:k] {
			dst = append(dst, '%', hexUpper[b>>4], hexUpper[b&15])
		}
	}
	return dst
}

func buildURLDecode(name string, args []Expr, pos int) (Expr, error) {
	forms := []string{name + "(<CHARACTER>)", name + "(<CHARACTER>, <BOOLEAN>)"}
	isBool := func(t types.Type) bool { return t.Kind == types.Boolean || t.Kind == types.Null }
	if err := checkFamilies(name, args, pos, forms, []func(types.Type) bool{isCharOrNull},
		[]func(types.Type) bool{isCharOrNull, isBool}); err != nil {
		return nil, err
	}
	e := &coll{name: name, args: args, t: stringNullT, passNull: 2, eval: func(c *Ctx, v []types.Value) (types.Value, error) {
		recursive := len(v) == 2 && !v[1].Null && v[1].I != 0
		cur, ok := urlDecode(nil, v[0].B)
		if !ok {
			return types.NullValue, nil
		}
		for n := 1; recursive && n < 10; n++ {
			next, ok := urlDecode(nil, cur)
			if !ok || string(next) == string(cur) {
				break
			}
			cur = next
		}
		return types.BytesValue(c.keep(cur)), nil
	}}
	return e, nil
}

// urlDecode reads s as java.net.URLDecoder does with UTF-8; false when
// Java would throw (a malformed or incomplete escape). Like Java's
// Integer.parseInt, an escape's two characters may be a sign and a digit:
// "%+4" is byte 4, "%-4" is an error.
func urlDecode(dst, s []byte) ([]byte, bool) {
	var run []byte
	for i := 0; i < len(s); {
		switch ch := s[i]; ch {
		case '+':
			dst = append(dst, ' ')
			i++
		case '%':
			run = run[:0]
			for i+2 < len(s) && s[i] == '%' {
				b, ok := escapeByte(s[i+1], s[i+2])
				if !ok {
					return nil, false
				}
				run = append(run, b)
				i += 3
			}
			if i < len(s) && s[i] == '%' {
				return nil, false // incomplete trailing escape
			}
			for k := 0; k < len(run); {
				r, n := utf8.DecodeRune(run[k:])
				k += n
				dst = utf8.AppendRune(dst, r)
			}
		default:
			dst = append(dst, ch)
			i++
		}
	}
	return dst, true
}

func escapeByte(a, b byte) (byte, bool) {
	lo, ok := unhex(b)
	if !ok {
		return 0, false
	}
	if a == '+' {
		return lo, true
	}
	hi, ok := unhex(a)
	if !ok {
		return 0, false
	}
	return hi<<4 | lo, true
}

// ---------------------------------------------------------------- REGEXP_EXTRACT_ALL

func buildRegexpExtractAll(name string, args []Expr, pos int) (Expr, error) {
	c, i := isCharOrNull, isIntOrNull
	if err := checkFamilies(name, args, pos, []string{name + "(<CHARACTER>, <CHARACTER>)", name + "(<CHARACTER>, <CHARACTER>, <INTEGER>)"},
		[]func(types.Type) bool{c, c}, []func(types.Type) bool{c, c, i}); err != nil {
		return nil, err
	}
	ra, err := newRegexpArg(args[1], pos)
	if err != nil {
		return nil, err
	}
	return &coll{name: name, args: args, t: types.ArrayOf(types.String), eval: func(cx *Ctx, v []types.Value) (types.Value, error) {
		group := int64(1)
		if len(v) == 3 {
			group = v[2].I
		}
		re, err := ra.get(v[1].B)
		if err != nil || re == nil || group < 0 || group > int64(re.NumSubexp()) {
			return types.NullValue, err
		}
		s := v[0].B
		out := []types.Value{}
		for _, loc := range re.FindAllSubmatchIndex(s, -1) {
			if loc[2*group] < 0 {
				out = append(out, types.NullValue)
				continue
			}
			out = append(out, types.BytesValue(cx.keep(s[loc[2*group]:loc[2*group+1]])))
		}
		return arrayValue(out), nil
	}}, nil
}

// The specs of the functions and operators this file implements (the
// registry, registry.go, lists them).
var (
	fnJson = &Function{
		Spec: funcs.Spec{Name: "JSON", Category: funcs.JSON, Call: true,
			Signatures:  []string{"JSON(value)"},
			Description: "A string of JSON, put into the JSON that JSON_OBJECT (as a value) or JSON_ARRAY builds as JSON, not as a string, written as Flink writes JSON (compact, object keys sorted); NULL for a NULL, empty or blank string; an error for text that is not JSON. Anywhere else it is refused. Not in Flink 1.20; Flink 2.1 adds it.",
			Examples: []funcs.Example{
				ex("JSON_OBJECT('K' VALUE JSON('{\"K2\": 42}'))", "{\"K\":{\"K2\":42}}"),
				ex("JSON_ARRAY(JSON('[1, 2]'), JSON(''))", "[[1,2]]"),
			},
		},
	}

	fnJsonQuote = &Function{
		Spec: funcs.Spec{Name: "JSON_QUOTE", Category: funcs.JSON, Call: true,
			Signatures:  []string{"JSON_QUOTE(string)"},
			Description: "The string as a JSON string literal: wrapped in double quotes, with `\"`, `\\`, `/`, backspace, form feed, newline, carriage return and tab escaped, and every character outside ASCII written as a lower-case `\\u` escape of its code (a character beyond U+FFFF as its code point, then its low surrogate, as Flink's implementation does). Not in Flink 1.20; Flink 2.0 adds it.",
			Examples: []funcs.Example{
				ex("JSON_QUOTE('say \"hi\"')", "\"say \\\"hi\\\"\""),
				ex("JSON_QUOTE('a/b')", "\"a\\/b\""),
				ex("JSON_QUOTE('é')", "\"\\u00e9\""),
			},
		},
		Min: 1, Max: 1, Build: buildJSONQuote,
	}

	fnJsonUnquote = &Function{
		Spec: funcs.Spec{Name: "JSON_UNQUOTE", Category: funcs.JSON, Call: true,
			Signatures:  []string{"JSON_UNQUOTE(string)"},
			Description: "The inverse of JSON_QUOTE: a string that is a JSON string literal loses its quotes and has its escapes (`\\\"`, `\\\\`, `\\/`, `\\b`, `\\f`, `\\n`, `\\r`, `\\t`, `\\uXXXX`) resolved; anything else (other JSON values, invalid JSON) is returned unchanged. Not in Flink 1.20; Flink 2.0 adds it.",
			Examples: []funcs.Example{
				ex("JSON_UNQUOTE('\"say \\\"hi\\\"\"')", "say \"hi\""),
				ex("JSON_UNQUOTE('\"\\u00e9\"')", "é"),
				ex("JSON_UNQUOTE('[1, 2]')", "[1, 2]"),
				ex("JSON_UNQUOTE('\"open')", "\"open"),
			},
		},
		Min: 1, Max: 1, Build: buildJSONUnquote,
	}

	fnRegexpExtractAll = &Function{
		Spec: funcs.Spec{Name: "REGEXP_EXTRACT_ALL", Category: funcs.String, Call: true,
			Signatures:  []string{"REGEXP_EXTRACT_ALL(string, regex)", "REGEXP_EXTRACT_ALL(string, regex, extractIndex)"},
			Description: "Every match of regex in string, each as the text of group extractIndex (1 by default; 0 is the whole match), as an ARRAY<STRING>; an element is NULL when its group took no part in the match. NULL when an argument is NULL, the regex is invalid, or extractIndex is negative or larger than the number of groups. An empty match right after a match is skipped (RE2's rule; Java reports it). Not in Flink 1.20; Flink 2.0 adds it.",
			Examples: []funcs.Example{
				ex("REGEXP_EXTRACT_ALL('k1=v1;k2=v2', '(\\w+)=(\\w+)', 2)", "[v1, v2]"),
				ex("REGEXP_EXTRACT_ALL('a1b22', '\\d+', 0)", "[1, 22]"),
				ex("REGEXP_EXTRACT_ALL('a1b22', '\\d+')", "<NULL>"),
			},
		},
		Min: 2, Max: 3, Build: buildRegexpExtractAll,
	}

	fnUrlDecode = &Function{
		Spec: funcs.Spec{Name: "URL_DECODE", Category: funcs.String, Call: true,
			Signatures:  []string{"URL_DECODE(string)", "URL_DECODE(string, recursive)"},
			Description: "Decodes application/x-www-form-urlencoded text as Java's URLDecoder does: `+` becomes a space and runs of `%XX` are read as UTF-8. NULL when an escape is malformed. With recursive TRUE it decodes again until the text no longer changes (at most 10 times), keeping the last good result. Not in Flink 1.20; Flink 2.0 adds it.",
			Examples: []funcs.Example{
				ex("URL_DECODE('a+b%26c%3Dd%2F%C3%A9')", "a b&c=d/é"),
				ex("URL_DECODE('100%')", "<NULL>"),
				ex("URL_DECODE('%2541', TRUE)", "A"),
				ex("URL_DECODE('%2541')", "%41"),
			},
		},
		Min: 1, Max: 2, Build: buildURLDecode,
	}

	fnUrlEncode = &Function{
		Spec: funcs.Spec{Name: "URL_ENCODE", Category: funcs.String, Call: true,
			Signatures:  []string{"URL_ENCODE(string)"},
			Description: "The string in application/x-www-form-urlencoded form, UTF-8, as Java's URLEncoder writes it: letters, digits and `.-*_` stay, a space becomes `+`, every other byte `%XX` with upper-case hex. Not in Flink 1.20; Flink 2.0 adds it.",
			Examples: []funcs.Example{
				ex("URL_ENCODE('a b&c=d/é')", "a+b%26c%3Dd%2F%C3%A9"),
				ex("URL_ENCODE('~*')", "%7E*"),
			},
		},
		Min: 1, Max: 1, Build: buildURLEncode,
	}
)
