package expr

import (
	"bytes"
	"encoding/json"
	"errors"
	"math"
	"math/big"
	"sort"
	"strconv"
	"strings"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/flinkplay/flinkplay/engine/diag"
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

func jsonRuntimeErr(format string, args ...any) error {
	return runtimeErr(tableRuntimeException, format, args...)
}

// IsJSON builds x IS [NOT] JSON [VALUE | SCALAR | ARRAY | OBJECT]: never
// NULL; a NULL string is not JSON.
func IsJSON(x Expr, kind string, not bool, pos int) (Expr, error) {
	if t := x.Type(); !isCharOrNull(t) {
		op := "IS JSON " + kind
		if not {
			op = "IS NOT JSON " + kind
		}
		return nil, diag.Errorf(pos, diag.SqlValidatorException,
			"Cannot apply '%s' to arguments of type '<%s> %s'. Supported form(s): '<CHARACTER> %s'", op, calciteName(t), op, op)
	}
	return &isJSON{x: x, kind: kind, not: not}, nil
}

// JSONRaw is JSON(value) where Flink allows it: a value of JSON_ARRAY or
// of JSON_OBJECT (the binder checks the place).
func JSONRaw(arg Expr, pos int) (Expr, error) {
	if !arg.Type().IsCharacter() && arg.Type().Kind != types.Null {
		return nil, cannotApplyFunc(pos, "JSON", []Expr{arg}, "JSON(<CHARACTER>)")
	}
	e := &jsonRawExpr{arg: arg}
	if v, ok := LiteralValue(arg); ok {
		r, err := rawJSON(v, nil)
		e.lit, e.litErr = &r, err
	}
	return e, nil
}

const tableRuntimeException = "org.apache.flink.table.api.TableRuntimeException"

type isJSON struct {
	x    Expr
	kind string // VALUE, SCALAR, ARRAY or OBJECT
	not  bool
}

func (e *isJSON) Type() types.Type { return types.Bool.WithNullable(false) }

func (e *isJSON) String() string {
	if e.not {
		return "IS NOT JSON " + e.kind + "(" + e.x.String() + ")"
	}
	return "IS JSON " + e.kind + "(" + e.x.String() + ")"
}

func (e *isJSON) Eval(c *Ctx, row []types.Value) (types.Value, error) {
	v, err := e.x.Eval(c, row)
	if err != nil {
		return types.NullValue, err
	}
	ok := false
	if !v.Null {
		if j, err := parseJSON(v.B); err == nil {
			switch e.kind {
			case "SCALAR":
				ok = j.scalar()
			case "ARRAY":
				ok = j.kind == jsonArray
			case "OBJECT":
				ok = j.kind == jsonObject
			default:
				ok = true
			}
		}
	}
	return types.BoolValue(ok != e.not), nil
}

// jsonRawExpr is Flink 2.x's JSON(value) inside JSON_OBJECT or JSON_ARRAY:
// the string's JSON, inserted as JSON (normalized as Flink's serializer
// writes it: compact, object keys sorted); NULL for a NULL, empty or blank
// string.
type jsonRawExpr struct {
	arg Expr
	// lit is the JSON of a literal argument, normalized once; litErr its
	// error.
	lit    *types.Value
	litErr error
}

func (e *jsonRawExpr) Type() types.Type { return types.String }

func (e *jsonRawExpr) String() string { return "JSON(" + e.arg.String() + ")" }

func (e *jsonRawExpr) Eval(c *Ctx, row []types.Value) (types.Value, error) {
	if e.lit != nil {
		return *e.lit, e.litErr
	}
	v, err := e.arg.Eval(c, row)
	if err != nil {
		return types.NullValue, err
	}
	return rawJSON(v, c)
}

// rawJSON is JSON(v): NULL for a NULL, empty or blank string, else the
// string's JSON normalized; c keeps the bytes (nil: a fresh copy).
func rawJSON(v types.Value, c *Ctx) (types.Value, error) {
	if v.Null || strings.TrimSpace(string(v.B)) == "" {
		return types.NullValue, nil
	}
	d := json.NewDecoder(bytes.NewReader(v.B))
	d.UseNumber()
	var doc any
	if err := d.Decode(&doc); err != nil || d.More() {
		return types.NullValue, runtimeErr("org.apache.flink.table.api.TableRuntimeException", "Invalid JSON string in JSON(value) function")
	}
	out := appendNormalJSON(nil, doc)
	if c != nil {
		out = c.keep(out)
	}
	return types.BytesValue(out), nil
}

// appendNormalJSON writes a decoded JSON document compactly, object keys
// sorted, numbers as written.
func appendNormalJSON(dst []byte, doc any) []byte {
	switch x := doc.(type) {
	case nil:
		return append(dst, "null"...)
	case bool:
		if x {
			return append(dst, "true"...)
		}
		return append(dst, "false"...)
	case json.Number:
		return append(dst, x...)
	case string:
		return types.AppendJSONString(dst, x)
	case []any:
		dst = append(dst, '[')
		for i, e := range x {
			if i > 0 {
				dst = append(dst, ',')
			}
			dst = appendNormalJSON(dst, e)
		}
		return append(dst, ']')
	case map[string]any:
		members := make([]jsonMember, 0, len(x))
		for k, v := range x {
			members = append(members, jsonMember{key: k, val: appendNormalJSON(nil, v)})
		}
		return appendJSONObject(dst, members)
	}
	return dst
}

// javaClass is the class of the Java object Jackson makes of a JSON value.
func (v *jsonValue) javaClass() string {
	switch v.kind {
	case jsonBool:
		return "java.lang.Boolean"
	case jsonInt:
		if n, err := strconv.ParseInt(v.text, 10, 64); err == nil {
			if n == int64(int32(n)) {
				return "java.lang.Integer"
			}
			return "java.lang.Long"
		}
		return "java.math.BigInteger"
	case jsonDouble:
		return "java.lang.Double"
	case jsonString:
		return "java.lang.String"
	case jsonArray:
		return "java.util.ArrayList"
	}
	return "java.util.LinkedHashMap"
}

// jsonMember is a member of a JSON object being written: its key and its
// value, JSON already.
type jsonMember struct {
	key string
	val []byte
}

// appendJSONObject writes an object with its members sorted by key, a key
// given twice keeping its last value, as Flink's JSON functions serialize
// every object (SqlJsonUtils.serializeJson, ORDER_MAP_ENTRIES_BY_KEYS).
func appendJSONObject(dst []byte, members []jsonMember) []byte {
	sort.SliceStable(members, func(i, j int) bool { return javaLess(members[i].key, members[j].key) })
	dst = append(dst, '{')
	n := 0
	for i, m := range members {
		if i+1 < len(members) && members[i+1].key == m.key {
			continue
		}
		if n > 0 {
			dst = append(dst, ',')
		}
		n++
		dst = types.AppendJSONString(dst, m.key)
		dst = append(dst, ':')
		dst = append(dst, m.val...)
	}
	return append(dst, '}')
}
