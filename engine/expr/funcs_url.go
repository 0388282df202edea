package expr

import (
	"bytes"
	"strings"

	"github.com/flinkplay/flinkplay/engine/funcs"
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

func buildParseURL(name string, args []Expr, pos int) (Expr, error) {
	c := isCharOrNull
	if err := checkFamilies(name, args, pos, []string{"PARSE_URL(<CHARACTER>, <CHARACTER>)", "PARSE_URL(<CHARACTER>, <CHARACTER>, <CHARACTER>)"},
		[]func(types.Type) bool{c, c}, []func(types.Type) bool{c, c, c}); err != nil {
		return nil, err
	}
	return strictFn(name, args, stringNullT, func(c *Ctx, v []types.Value) (types.Value, error) {
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
			out := c.alloc(len(u.path) + 1 + len(u.query))
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

// The specs of the functions and operators this file implements (the
// registry, registry.go, lists them).
var (
	fnParseUrl = &Function{
		Spec: funcs.Spec{Name: "PARSE_URL", Category: funcs.String, Call: true,
			Signatures:  []string{"PARSE_URL(string1, string2[, string3])"},
			Description: "The part string2 of the URL string1: HOST, PATH, QUERY, REF, PROTOCOL, AUTHORITY, FILE or USERINFO; with string3, the value of the query parameter string3. NULL when the URL or the part is not valid.",
			Examples: []funcs.Example{
				ex("PARSE_URL('http://facebook.com/path1/p.php?k1=v1&k2=v2#Ref1', 'HOST')", "facebook.com"),
				ex("PARSE_URL('http://facebook.com/path1/p.php?k1=v1&k2=v2#Ref1', 'QUERY', 'k1')", "v1"),
			},
		},
		Min: 2, Max: 3, Build: buildParseURL,
	}
)
