package expr

import (
	"errors"
	"math"
	"math/big"
	"strconv"
	"strings"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/flinkplay/flinkplay/engine/types"
)

// The JSON functions read JSON as Flink does (Jackson into Java maps, lists,
// strings, numbers and booleans, then Jayway JsonPath), and write it as
// Jackson does: compact, keys in document order, integers as written,
// other numbers as Java doubles.

type jsonKind uint8

const (
	jsonNull jsonKind = iota
	jsonBool
	jsonInt    // an integer literal: Integer, Long or BigInteger in Java; text holds its canonical digits
	jsonDouble // any other number: a Java Double
	jsonString
	jsonArray
	jsonObject
)

type jsonValue struct {
	kind jsonKind
	b    bool
	f    float64
	text string // jsonInt digits, jsonString contents
	elem []*jsonValue
	keys []string // jsonObject keys, in document order; values in elem
}

func (v *jsonValue) scalar() bool { return v.kind != jsonArray && v.kind != jsonObject }

var errJSON = errors.New("invalid JSON")

// parseJSON reads the first JSON value of s as Jackson's ObjectMapper does
// (what follows a complete object, array or string is not read).
func parseJSON(s []byte) (*jsonValue, error) {
	p := &jsonParser{s: s}
	p.space()
	if p.i >= len(s) {
		return nil, errors.New("No content to map due to end-of-input")
	}
	v, err := p.value(0)
	if err != nil {
		return nil, err
	}
	if v.kind == jsonInt || v.kind == jsonDouble {
		// a root-level number must be followed by a space or the end
		if p.i < len(s) && !isJSONSpace(s[p.i]) {
			return nil, errJSON
		}
	}
	return v, nil
}

type jsonParser struct {
	s []byte
	i int
}

func isJSONSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

func (p *jsonParser) space() {
	for p.i < len(p.s) && isJSONSpace(p.s[p.i]) {
		p.i++
	}
}

func (p *jsonParser) value(depth int) (*jsonValue, error) {
	if depth > 1000 || p.i >= len(p.s) {
		return nil, errJSON
	}
	switch c := p.s[p.i]; {
	case c == '{':
		p.i++
		v := &jsonValue{kind: jsonObject}
		p.space()
		if p.i < len(p.s) && p.s[p.i] == '}' {
			p.i++
			return v, nil
		}
		for {
			p.space()
			if p.i >= len(p.s) || p.s[p.i] != '"' {
				return nil, errJSON
			}
			k, err := p.str()
			if err != nil {
				return nil, err
			}
			p.space()
			if p.i >= len(p.s) || p.s[p.i] != ':' {
				return nil, errJSON
			}
			p.i++
			p.space()
			e, err := p.value(depth + 1)
			if err != nil {
				return nil, err
			}
			replaced := false
			for j, old := range v.keys { // a repeated key keeps its place, the last value wins
				if old == k {
					v.elem[j], replaced = e, true
					break
				}
			}
			if !replaced {
				v.keys = append(v.keys, k)
				v.elem = append(v.elem, e)
			}
			p.space()
			if p.i >= len(p.s) {
				return nil, errJSON
			}
			if p.s[p.i] == '}' {
				p.i++
				return v, nil
			}
			if p.s[p.i] != ',' {
				return nil, errJSON
			}
			p.i++
		}
	case c == '[':
		p.i++
		v := &jsonValue{kind: jsonArray}
		p.space()
		if p.i < len(p.s) && p.s[p.i] == ']' {
			p.i++
			return v, nil
		}
		for {
			p.space()
			e, err := p.value(depth + 1)
			if err != nil {
				return nil, err
			}
			v.elem = append(v.elem, e)
			p.space()
			if p.i >= len(p.s) {
				return nil, errJSON
			}
			if p.s[p.i] == ']' {
				p.i++
				return v, nil
			}
			if p.s[p.i] != ',' {
				return nil, errJSON
			}
			p.i++
		}
	case c == '"':
		t, err := p.str()
		if err != nil {
			return nil, err
		}
		return &jsonValue{kind: jsonString, text: t}, nil
	case c == 't':
		return p.word("true", &jsonValue{kind: jsonBool, b: true})
	case c == 'f':
		return p.word("false", &jsonValue{kind: jsonBool})
	case c == 'n':
		return p.word("null", &jsonValue{kind: jsonNull})
	case c == '-' || c >= '0' && c <= '9':
		return p.number()
	}
	return nil, errJSON
}

func (p *jsonParser) word(w string, v *jsonValue) (*jsonValue, error) {
	if !strings.HasPrefix(string(p.s[p.i:min(len(p.s), p.i+len(w))]), w) {
		return nil, errJSON
	}
	p.i += len(w)
	if p.i < len(p.s) {
		if c := p.s[p.i]; c == '_' || c == '$' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' {
			return nil, errJSON // Jackson: unrecognized token
		}
	}
	return v, nil
}

func (p *jsonParser) number() (*jsonValue, error) {
	start := p.i
	if p.s[p.i] == '-' {
		p.i++
	}
	digits := func() int {
		n := 0
		for p.i < len(p.s) && p.s[p.i] >= '0' && p.s[p.i] <= '9' {
			p.i++
			n++
		}
		return n
	}
	intStart := p.i
	if digits() == 0 {
		return nil, errJSON
	}
	if p.s[intStart] == '0' && p.i-intStart > 1 {
		return nil, errJSON // leading zeros
	}
	isInt := true
	if p.i < len(p.s) && p.s[p.i] == '.' {
		p.i++
		isInt = false
		if digits() == 0 {
			return nil, errJSON
		}
	}
	if p.i < len(p.s) && (p.s[p.i] == 'e' || p.s[p.i] == 'E') {
		p.i++
		isInt = false
		if p.i < len(p.s) && (p.s[p.i] == '+' || p.s[p.i] == '-') {
			p.i++
		}
		if digits() == 0 {
			return nil, errJSON
		}
	}
	text := string(p.s[start:p.i])
	if isInt {
		n, ok := new(big.Int).SetString(text, 10)
		if !ok {
			return nil, errJSON
		}
		return &jsonValue{kind: jsonInt, text: n.String()}, nil
	}
	f, err := strconv.ParseFloat(text, 64)
	if err != nil && !errors.Is(err, strconv.ErrRange) {
		return nil, errJSON
	}
	return &jsonValue{kind: jsonDouble, f: f}, nil
}

func (p *jsonParser) str() (string, error) {
	p.i++ // opening quote
	var b strings.Builder
	for p.i < len(p.s) {
		c := p.s[p.i]
		switch {
		case c == '"':
			p.i++
			return b.String(), nil
		case c < 0x20:
			return "", errJSON // Jackson rejects unescaped control characters
		case c == '\\':
			if p.i+1 >= len(p.s) {
				return "", errJSON
			}
			e := p.s[p.i+1]
			p.i += 2
			switch e {
			case '"', '\\', '/':
				b.WriteByte(e)
			case 'b':
				b.WriteByte('\b')
			case 'f':
				b.WriteByte('\f')
			case 'n':
				b.WriteByte('\n')
			case 'r':
				b.WriteByte('\r')
			case 't':
				b.WriteByte('\t')
			case 'u':
				if p.i+4 > len(p.s) {
					return "", errJSON
				}
				u, err := strconv.ParseUint(string(p.s[p.i:p.i+4]), 16, 16)
				if err != nil {
					return "", errJSON
				}
				p.i += 4
				r := rune(u)
				if utf16.IsSurrogate(r) && p.i+6 <= len(p.s) && p.s[p.i] == '\\' && p.s[p.i+1] == 'u' {
					if u2, err := strconv.ParseUint(string(p.s[p.i+2:p.i+6]), 16, 16); err == nil {
						if pair := utf16.DecodeRune(r, rune(u2)); pair != utf8.RuneError {
							r = pair
							p.i += 6
						}
					}
				}
				b.WriteRune(r)
			default:
				return "", errJSON
			}
		default:
			b.WriteByte(c)
			p.i++
		}
	}
	return "", errJSON
}

// appendJSON writes v as Jackson writes the Java value it stands for.
func appendJSON(dst []byte, v *jsonValue) []byte {
	switch v.kind {
	case jsonNull:
		return append(dst, "null"...)
	case jsonBool:
		return strconv.AppendBool(dst, v.b)
	case jsonInt:
		return append(dst, v.text...)
	case jsonDouble:
		return appendJSONDouble(dst, v.f)
	case jsonString:
		return types.AppendJSONString(dst, v.text)
	case jsonArray:
		dst = append(dst, '[')
		for i, e := range v.elem {
			if i > 0 {
				dst = append(dst, ',')
			}
			dst = appendJSON(dst, e)
		}
		return append(dst, ']')
	}
	dst = append(dst, '{')
	for i, k := range v.keys {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = types.AppendJSONString(dst, k)
		dst = append(dst, ':')
		dst = appendJSON(dst, v.elem[i])
	}
	return append(dst, '}')
}

// appendJSONDouble writes a double as Jackson does: Java's Double.toString,
// with NaN and infinities as quoted strings.
func appendJSONDouble(dst []byte, f float64) []byte {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		dst = append(dst, '"')
		dst = types.AppendJavaDouble(dst, f)
		return append(dst, '"')
	}
	return types.AppendJavaDouble(dst, f)
}

// scalarText is a scalar as Java's String.valueOf prints the object that
// Jackson made of it (the text JSON_VALUE returns).
func (v *jsonValue) scalarText(dst []byte) []byte {
	switch v.kind {
	case jsonBool:
		return strconv.AppendBool(dst, v.b)
	case jsonInt:
		return append(dst, v.text...)
	case jsonDouble:
		return types.AppendJavaDouble(dst, v.f)
	case jsonString:
		return append(dst, v.text...)
	}
	return dst
}
