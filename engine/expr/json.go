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
	JsonNull jsonKind = iota
	JsonBool
	jsonInt    // an integer literal: Integer, Long or BigInteger in Java; text holds its canonical digits
	JsonDouble // any other number: a Java Double
	jsonString
	JsonArray
	JsonObject
)

type JsonValue struct {
	Kind jsonKind
	B    bool
	F    float64
	Text string // jsonInt digits, jsonString contents
	Elem []*JsonValue
	Keys []string // jsonObject keys, in document order; values in elem
}

func (v *JsonValue) Scalar() bool { return v.Kind != JsonArray && v.Kind != JsonObject }

var ErrJSON = errors.New("invalid JSON")

// ParseJSON reads the first JSON value of s as Jackson's ObjectMapper does
// (what follows a complete object, array or string is not read).
func ParseJSON(s []byte) (*JsonValue, error) {
	p := &jsonParser{s: s}
	p.space()
	if p.i >= len(s) {
		return nil, errors.New("No content to map due to end-of-input")
	}
	v, err := p.value(0)
	if err != nil {
		return nil, err
	}
	if v.Kind == jsonInt || v.Kind == JsonDouble {
		// a root-level number must be followed by a space or the end
		if p.i < len(s) && !isJSONSpace(s[p.i]) {
			return nil, ErrJSON
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

func (p *jsonParser) value(depth int) (*JsonValue, error) {
	if depth > 1000 || p.i >= len(p.s) {
		return nil, ErrJSON
	}
	switch c := p.s[p.i]; {
	case c == '{':
		p.i++
		v := &JsonValue{Kind: JsonObject}
		p.space()
		if p.i < len(p.s) && p.s[p.i] == '}' {
			p.i++
			return v, nil
		}
		for {
			p.space()
			if p.i >= len(p.s) || p.s[p.i] != '"' {
				return nil, ErrJSON
			}
			k, err := p.str()
			if err != nil {
				return nil, err
			}
			p.space()
			if p.i >= len(p.s) || p.s[p.i] != ':' {
				return nil, ErrJSON
			}
			p.i++
			p.space()
			e, err := p.value(depth + 1)
			if err != nil {
				return nil, err
			}
			replaced := false
			for j, old := range v.Keys { // a repeated key keeps its place, the last value wins
				if old == k {
					v.Elem[j], replaced = e, true
					break
				}
			}
			if !replaced {
				v.Keys = append(v.Keys, k)
				v.Elem = append(v.Elem, e)
			}
			p.space()
			if p.i >= len(p.s) {
				return nil, ErrJSON
			}
			if p.s[p.i] == '}' {
				p.i++
				return v, nil
			}
			if p.s[p.i] != ',' {
				return nil, ErrJSON
			}
			p.i++
		}
	case c == '[':
		p.i++
		v := &JsonValue{Kind: JsonArray}
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
			v.Elem = append(v.Elem, e)
			p.space()
			if p.i >= len(p.s) {
				return nil, ErrJSON
			}
			if p.s[p.i] == ']' {
				p.i++
				return v, nil
			}
			if p.s[p.i] != ',' {
				return nil, ErrJSON
			}
			p.i++
		}
	case c == '"':
		t, err := p.str()
		if err != nil {
			return nil, err
		}
		return &JsonValue{Kind: jsonString, Text: t}, nil
	case c == 't':
		return p.word("true", &JsonValue{Kind: JsonBool, B: true})
	case c == 'f':
		return p.word("false", &JsonValue{Kind: JsonBool})
	case c == 'n':
		return p.word("null", &JsonValue{Kind: JsonNull})
	case c == '-' || c >= '0' && c <= '9':
		return p.number()
	}
	return nil, ErrJSON
}

func (p *jsonParser) word(w string, v *JsonValue) (*JsonValue, error) {
	if !strings.HasPrefix(string(p.s[p.i:min(len(p.s), p.i+len(w))]), w) {
		return nil, ErrJSON
	}
	p.i += len(w)
	if p.i < len(p.s) {
		if c := p.s[p.i]; c == '_' || c == '$' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' {
			return nil, ErrJSON // Jackson: unrecognized token
		}
	}
	return v, nil
}

func (p *jsonParser) number() (*JsonValue, error) {
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
		return nil, ErrJSON
	}
	if p.s[intStart] == '0' && p.i-intStart > 1 {
		return nil, ErrJSON // leading zeros
	}
	isInt := true
	if p.i < len(p.s) && p.s[p.i] == '.' {
		p.i++
		isInt = false
		if digits() == 0 {
			return nil, ErrJSON
		}
	}
	if p.i < len(p.s) && (p.s[p.i] == 'e' || p.s[p.i] == 'E') {
		p.i++
		isInt = false
		if p.i < len(p.s) && (p.s[p.i] == '+' || p.s[p.i] == '-') {
			p.i++
		}
		if digits() == 0 {
			return nil, ErrJSON
		}
	}
	text := string(p.s[start:p.i])
	if isInt {
		n, ok := new(big.Int).SetString(text, 10)
		if !ok {
			return nil, ErrJSON
		}
		return &JsonValue{Kind: jsonInt, Text: n.String()}, nil
	}
	f, err := strconv.ParseFloat(text, 64)
	if err != nil && !errors.Is(err, strconv.ErrRange) {
		return nil, ErrJSON
	}
	return &JsonValue{Kind: JsonDouble, F: f}, nil
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
			return "", ErrJSON // Jackson rejects unescaped control characters
		case c == '\\':
			if p.i+1 >= len(p.s) {
				return "", ErrJSON
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
					return "", ErrJSON
				}
				u, err := strconv.ParseUint(string(p.s[p.i:p.i+4]), 16, 16)
				if err != nil {
					return "", ErrJSON
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
				return "", ErrJSON
			}
		default:
			b.WriteByte(c)
			p.i++
		}
	}
	return "", ErrJSON
}

// AppendJSON writes v as Jackson writes the Java value it stands for.
func AppendJSON(dst []byte, v *JsonValue) []byte {
	switch v.Kind {
	case JsonNull:
		return append(dst, "null"...)
	case JsonBool:
		return strconv.AppendBool(dst, v.B)
	case jsonInt:
		return append(dst, v.Text...)
	case JsonDouble:
		return AppendJSONDouble(dst, v.F)
	case jsonString:
		return types.AppendJSONString(dst, v.Text)
	case JsonArray:
		dst = append(dst, '[')
		for i, e := range v.Elem {
			if i > 0 {
				dst = append(dst, ',')
			}
			dst = AppendJSON(dst, e)
		}
		return append(dst, ']')
	}
	dst = append(dst, '{')
	for i, k := range v.Keys {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = types.AppendJSONString(dst, k)
		dst = append(dst, ':')
		dst = AppendJSON(dst, v.Elem[i])
	}
	return append(dst, '}')
}

// AppendJSONDouble writes a double as Jackson does: Java's Double.toString,
// with NaN and infinities as quoted strings.
func AppendJSONDouble(dst []byte, f float64) []byte {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		dst = append(dst, '"')
		dst = types.AppendJavaDouble(dst, f)
		return append(dst, '"')
	}
	return types.AppendJavaDouble(dst, f)
}

// ScalarText is a scalar as Java's String.valueOf prints the object that
// Jackson made of it (the text JSON_VALUE returns).
func (v *JsonValue) ScalarText(dst []byte) []byte {
	switch v.Kind {
	case JsonBool:
		return strconv.AppendBool(dst, v.B)
	case jsonInt:
		return append(dst, v.Text...)
	case JsonDouble:
		return types.AppendJavaDouble(dst, v.F)
	case jsonString:
		return append(dst, v.Text...)
	}
	return dst
}

func JsonRuntimeErr(format string, args ...any) error {
	return RuntimeErr(TableRuntimeException, format, args...)
}

// IsJSON builds x IS [NOT] JSON [VALUE | SCALAR | ARRAY | OBJECT]: never
// NULL; a NULL string is not JSON.
func IsJSON(x Expr, kind string, not bool, pos int) (Expr, error) {
	if t := x.Type(); !IsCharOrNull(t) {
		op := "IS JSON " + kind
		if not {
			op = "IS NOT JSON " + kind
		}
		return nil, diag.Errorf(pos, diag.SqlValidatorException,
			"Cannot apply '%s' to arguments of type '<%s> %s'. Supported form(s): '<CHARACTER> %s'", op, CalciteName(t), op, op)
	}
	return &isJSON{x: x, kind: kind, not: not}, nil
}

// JSONRaw is JSON(value) where Flink allows it: a value of JSON_ARRAY or
// of JSON_OBJECT (the binder checks the place).
func JSONRaw(arg Expr, pos int) (Expr, error) {
	if !arg.Type().IsCharacter() && arg.Type().Kind != types.Null {
		return nil, CannotApplyFunc(pos, "JSON", []Expr{arg}, "JSON(<CHARACTER>)")
	}
	e := &JsonRawExpr{arg: arg}
	if v, ok := LiteralValue(arg); ok {
		r, err := rawJSON(v, nil)
		e.lit, e.litErr = &r, err
	}
	return e, nil
}

const TableRuntimeException = "org.apache.flink.table.api.TableRuntimeException"

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
		if j, err := ParseJSON(v.B); err == nil {
			switch e.kind {
			case "SCALAR":
				ok = j.Scalar()
			case "ARRAY":
				ok = j.Kind == JsonArray
			case "OBJECT":
				ok = j.Kind == JsonObject
			default:
				ok = true
			}
		}
	}
	return types.BoolValue(ok != e.not), nil
}

// JsonRawExpr is Flink 2.x's JSON(value) inside JSON_OBJECT or JSON_ARRAY:
// the string's JSON, inserted as JSON (normalized as Flink's serializer
// writes it: compact, object keys sorted); NULL for a NULL, empty or blank
// string.
type JsonRawExpr struct {
	arg Expr
	// lit is the JSON of a literal argument, normalized once; litErr its
	// error.
	lit    *types.Value
	litErr error
}

func (e *JsonRawExpr) Type() types.Type { return types.String }

func (e *JsonRawExpr) String() string { return "JSON(" + e.arg.String() + ")" }

func (e *JsonRawExpr) Eval(c *Ctx, row []types.Value) (types.Value, error) {
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
		return types.NullValue, RuntimeErr("org.apache.flink.table.api.TableRuntimeException", "Invalid JSON string in JSON(value) function")
	}
	out := appendNormalJSON(nil, doc)
	if c != nil {
		out = c.Keep(out)
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
		members := make([]JsonMember, 0, len(x))
		for k, v := range x {
			members = append(members, JsonMember{Key: k, Val: appendNormalJSON(nil, v)})
		}
		return AppendJSONObject(dst, members)
	}
	return dst
}

// JavaClass is the class of the Java object Jackson makes of a JSON value.
func (v *JsonValue) JavaClass() string {
	switch v.Kind {
	case JsonBool:
		return "java.lang.Boolean"
	case jsonInt:
		if n, err := strconv.ParseInt(v.Text, 10, 64); err == nil {
			if n == int64(int32(n)) {
				return "java.lang.Integer"
			}
			return "java.lang.Long"
		}
		return "java.math.BigInteger"
	case JsonDouble:
		return "java.lang.Double"
	case jsonString:
		return "java.lang.String"
	case JsonArray:
		return "java.util.ArrayList"
	}
	return "java.util.LinkedHashMap"
}

// JsonMember is a member of a JSON object being written: its key and its
// value, JSON already.
type JsonMember struct {
	Key string
	Val []byte
}

// AppendJSONObject writes an object with its members sorted by key, a key
// given twice keeping its last value, as Flink's JSON functions serialize
// every object (SqlJsonUtils.serializeJson, ORDER_MAP_ENTRIES_BY_KEYS).
func AppendJSONObject(dst []byte, members []JsonMember) []byte {
	sort.SliceStable(members, func(i, j int) bool { return javaLess(members[i].Key, members[j].Key) })
	dst = append(dst, '{')
	n := 0
	for i, m := range members {
		if i+1 < len(members) && members[i+1].Key == m.Key {
			continue
		}
		if n > 0 {
			dst = append(dst, ',')
		}
		n++
		dst = types.AppendJSONString(dst, m.Key)
		dst = append(dst, ':')
		dst = append(dst, m.Val...)
	}
	return append(dst, '}')
}
