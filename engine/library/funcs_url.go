package library

import (
	"bytes"
	"strings"
	"unicode/utf8"

	"github.com/flinkplay/flinkplay/engine/expr"
	"github.com/flinkplay/flinkplay/engine/types"
)

// PARSE_URL(url, part [, key]) reads a part of a URL as java.net.URL
// splits it: protocol ":" ["//" authority] path ["?" query] ["#" ref],
// where the authority is [userinfo "@"] host [":" port]. A URL whose
// protocol Java does not know, or an unknown part, gives NULL.

// javaProtocols are the URL protocols a Java runtime has handlers for.
var javaProtocols = map[string]bool{"http": true, "https": true, "ftp": true, "file": true, "jar": true, "mailto": true}

type urlParts struct {
	protocol, authority, userinfo, host, path, query, ref []byte
	hasQuery, hasRef, hasUserinfo                         bool
}

func parseJavaURL(s []byte) (urlParts, bool) {
	var u urlParts
	s = bytes.TrimSpace(s)
	colon := bytes.IndexByte(s, ':')
	if colon <= 0 {
		return u, false
	}
	u.protocol = s[:colon]
	if !javaProtocols[strings.ToLower(string(u.protocol))] {
		return u, false
	}
	rest := s[colon+1:]
	if k := bytes.IndexByte(rest, '#'); k >= 0 {
		u.ref, u.hasRef = rest[k+1:], true
		rest = rest[:k]
	}
	if bytes.HasPrefix(rest, []byte("//")) {
		rest = rest[2:]
		end := bytes.IndexAny(rest, "/?")
		if end < 0 {
			end = len(rest)
		}
		u.authority = rest[:end]
		rest = rest[end:]
		host := u.authority
		if at := bytes.LastIndexByte(host, '@'); at >= 0 {
			u.userinfo, u.hasUserinfo = host[:at], true
			host = host[at+1:]
		}
		if host0 := bytes.LastIndexByte(host, ':'); host0 >= 0 && !bytes.HasSuffix(host, []byte("]")) {
			host = host[:host0]
		}
		u.host = host
	}
	if k := bytes.IndexByte(rest, '?'); k >= 0 {
		u.query, u.hasQuery = rest[k+1:], true
		rest = rest[:k]
	}
	u.path = rest
	return u, true
}

func buildParseURL(name string, args []expr.Expr, pos int) (expr.Expr, error) {
	c := expr.IsCharOrNull
	if err := checkFamilies(name, args, pos, []string{"PARSE_URL(<CHARACTER>, <CHARACTER>)", "PARSE_URL(<CHARACTER>, <CHARACTER>, <CHARACTER>)"},
		[]func(types.Type) bool{c, c}, []func(types.Type) bool{c, c, c}); err != nil {
		return nil, err
	}
	return strictFn(name, args, stringNullT, func(c *expr.Ctx, v []types.Value) (types.Value, error) {
		u, ok := parseJavaURL(v[0].B)
		if !ok {
			return types.NullValue, nil
		}
		part := string(v[1].B)
		if len(v) == 3 {
			if part != "QUERY" || !u.hasQuery {
				return types.NullValue, nil
			}
			return queryParam(u.query, v[2].B), nil
		}
		switch part {
		case "HOST":
			return types.BytesValue(u.host), nil
		case "PATH":
			return types.BytesValue(u.path), nil
		case "QUERY":
			if !u.hasQuery {
				return types.NullValue, nil
			}
			return types.BytesValue(u.query), nil
		case "REF":
			if !u.hasRef {
				return types.NullValue, nil
			}
			return types.BytesValue(u.ref), nil
		case "PROTOCOL":
			return types.BytesValue(u.protocol), nil
		case "FILE":
			if !u.hasQuery {
				return types.BytesValue(u.path), nil
			}
			out := c.Alloc(len(u.path) + 1 + len(u.query))
			k := copy(out, u.path)
			out[k] = '?'
			copy(out[k+1:], u.query)
			return types.BytesValue(out), nil
		case "AUTHORITY":
			return types.BytesValue(u.authority), nil
		case "USERINFO":
			if !u.hasUserinfo {
				return types.NullValue, nil
			}
			return types.BytesValue(u.userinfo), nil
		}
		return types.NullValue, nil
	}), nil
}

// queryParam is the value of the first key=value pair of the query whose
// key is key, or NULL.
func queryParam(query, key []byte) types.Value {
	for len(query) >= 0 {
		pair := query
		next := bytes.IndexByte(query, '&')
		if next >= 0 {
			pair = query[:next]
		}
		if bytes.HasPrefix(pair, key) && len(pair) > len(key) && pair[len(key)] == '=' {
			return types.BytesValue(pair[len(key)+1:])
		}
		if next < 0 {
			return types.NullValue
		}
		query = query[next+1:]
	}
	return types.NullValue
}

// URL_ENCODE and URL_DECODE come from Flink's master branch (after 1.20),
// quirks included (URL_DECODE's NULL for a malformed escape).

// ---------------------------------------------------------------- URL_ENCODE / URL_DECODE

func buildURLEncode(name string, args []expr.Expr, pos int) (expr.Expr, error) {
	if err := checkFamilies(name, args, pos, []string{name + "(<CHARACTER>)"}, []func(types.Type) bool{expr.IsCharOrNull}); err != nil {
		return nil, err
	}
	return strictFn(name, args, stringNullT, func(c *expr.Ctx, v []types.Value) (types.Value, error) {
		return types.BytesValue(c.Keep(urlEncode(nil, v[0].B))), nil
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

func buildURLDecode(name string, args []expr.Expr, pos int) (expr.Expr, error) {
	forms := []string{name + "(<CHARACTER>)", name + "(<CHARACTER>, <BOOLEAN>)"}
	isBool := func(t types.Type) bool { return t.Kind == types.Boolean || t.Kind == types.Null }
	if err := checkFamilies(name, args, pos, forms, []func(types.Type) bool{expr.IsCharOrNull},
		[]func(types.Type) bool{expr.IsCharOrNull, isBool}); err != nil {
		return nil, err
	}
	e := &coll{name: name, args: args, t: stringNullT, passNull: 2, eval: func(c *expr.Ctx, v []types.Value) (types.Value, error) {
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
		return types.BytesValue(c.Keep(cur)), nil
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
	lo, ok := expr.Unhex(b)
	if !ok {
		return 0, false
	}
	if a == '+' {
		return lo, true
	}
	hi, ok := expr.Unhex(a)
	if !ok {
		return 0, false
	}
	return hi<<4 | lo, true
}
