package types

import (
	"fmt"
	"math"
	"math/big"
	"sort"
	"strconv"
	"strings"
	"unicode/utf16"
	"unicode/utf8"
)

// VariantKind is the kind of a VARIANT value (Flink's Variant.Type, as far
// as parsing JSON makes them).
type VariantKind uint8

// The variant kinds PARSE_JSON produces.
const (
	VariantNull VariantKind = iota // JSON null: a value, not SQL NULL
	VariantBool
	VariantTinyInt
	VariantSmallInt
	VariantInt
	VariantBigInt
	VariantDecimal
	VariantDouble
	VariantString
	VariantArray
	VariantObject
)

var variantKindNames = [...]string{"NULL", "BOOLEAN", "TINYINT", "SMALLINT", "INT", "BIGINT", "DECIMAL", "DOUBLE",
	"STRING", "ARRAY", "OBJECT"}

func (k VariantKind) String() string { return variantKindNames[k] }

// VariantValue is the payload of a VARIANT value (Value.X): semi-structured
// data as Flink's BinaryVariant holds it. Objects keep their fields sorted
// by key in Java's string order (UTF-16 code units), as Flink's builder
// sorts them, so they print sorted.
type VariantValue struct {
	Kind  VariantKind
	I     int64    // BOOLEAN (0, 1), TINYINT .. BIGINT
	F     float64  // DOUBLE
	Dec   *big.Int // DECIMAL: unscaled value
	Scale int      // DECIMAL: scale
	S     string   // STRING
	Elems []*VariantValue
	Keys  []string // OBJECT, sorted
	Vals  []*VariantValue
}

// String is the value's JSON text.
func (v *VariantValue) String() string { return string(v.AppendJSON(nil)) }

// Field returns an object's field, nil when absent.
func (v *VariantValue) Field(key string) *VariantValue {
	i := sort.Search(len(v.Keys), func(i int) bool { return javaCompare(v.Keys[i], key) >= 0 })
	if i < len(v.Keys) && v.Keys[i] == key {
		return v.Vals[i]
	}
	return nil
}

// AppendJSON appends the value as Flink's Variant.toJson writes it: no
// white space, keys sorted, decimals in plain notation without trailing
// zeros, doubles as Java's Double.toString, strings escaped as Jackson
// escapes them.
func (v *VariantValue) AppendJSON(dst []byte) []byte {
	switch v.Kind {
	case VariantNull:
		return append(dst, "null"...)
	case VariantBool:
		if v.I != 0 {
			return append(dst, "true"...)
		}
		return append(dst, "false"...)
	case VariantTinyInt, VariantSmallInt, VariantInt, VariantBigInt:
		return strconv.AppendInt(dst, v.I, 10)
	case VariantDecimal:
		return append(dst, plainDecimal(v.Dec, v.Scale)...)
	case VariantDouble:
		return AppendJavaDouble(dst, v.F)
	case VariantString:
		return appendJacksonString(dst, v.S)
	case VariantArray:
		dst = append(dst, '[')
		for i, e := range v.Elems {
			if i > 0 {
				dst = append(dst, ',')
			}
			dst = e.AppendJSON(dst)
		}
		return append(dst, ']')
	case VariantObject:
		dst = append(dst, '{')
		for i, k := range v.Keys {
			if i > 0 {
				dst = append(dst, ',')
			}
			dst = appendJacksonString(dst, k)
			dst = append(dst, ':')
			dst = v.Vals[i].AppendJSON(dst)
		}
		return append(dst, '}')
	}
	return dst
}

// plainDecimal is BigDecimal.stripTrailingZeros().toPlainString().
func plainDecimal(unscaled *big.Int, scale int) string {
	u := new(big.Int).Set(unscaled)
	ten := big.NewInt(10)
	r := new(big.Int)
	for scale > 0 && u.Sign() != 0 {
		q, m := new(big.Int).QuoRem(u, ten, r)
		if m.Sign() != 0 {
			break
		}
		u, scale = q, scale-1
	}
	if u.Sign() == 0 {
		return "0"
	}
	s := u.String()
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	if scale > 0 {
		if len(s) <= scale {
			s = strings.Repeat("0", scale-len(s)+1) + s
		}
		s = s[:len(s)-scale] + "." + s[len(s)-scale:]
	}
	if neg {
		s = "-" + s
	}
	return s
}

// appendJacksonString writes a JSON string as Jackson's writeString does:
// quote and backslash escaped, the control characters as \b \t \n \f \r
// or \u00XX, everything else as is.
func appendJacksonString(dst []byte, s string) []byte {
	const hex = "0123456789ABCDEF"
	dst = append(dst, '"')
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '"' || c == '\\':
			dst = append(dst, '\\', c)
		case c == '\b':
			dst = append(dst, '\\', 'b')
		case c == '\t':
			dst = append(dst, '\\', 't')
		case c == '\n':
			dst = append(dst, '\\', 'n')
		case c == '\f':
			dst = append(dst, '\\', 'f')
		case c == '\r':
			dst = append(dst, '\\', 'r')
		case c < 0x20:
			dst = append(dst, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xF])
		default:
			dst = append(dst, c)
		}
	}
	return append(dst, '"')
}

// javaCompare is Java's String.compareTo: by UTF-16 code units.
func javaCompare(a, b string) int {
	ua, ub := utf16.Encode([]rune(a)), utf16.Encode([]rune(b))
	for i := 0; i < len(ua) && i < len(ub); i++ {
		if ua[i] != ub[i] {
			return int(ua[i]) - int(ub[i])
		}
	}
	return len(ua) - len(ub)
}

// VariantError is why a JSON text is no variant: the class and message of
// the error Flink's parser (Jackson, or Flink's variant builder) raises.
type VariantError struct {
	Class, Msg string
}

func (e *VariantError) Error() string { return e.Class + ": " + e.Msg }

// Exception classes of the variant parser's errors.
const (
	jsonParseException         = "com.fasterxml.jackson.core.JsonParseException"
	jsonEOFException           = "com.fasterxml.jackson.core.io.JsonEOFException"
	streamConstraintsException = "com.fasterxml.jackson.core.exc.StreamConstraintsException"
	variantTypeException       = "org.apache.flink.types.variant.VariantTypeException"
)

// ParseVariant parses JSON text into a variant as Flink's PARSE_JSON does
// (BinaryVariantInternalBuilder.parseJson over Jackson with its default
// features): the first complete value is read and what follows it is
// ignored, except that a number at the top level must be followed by
// white space; duplicate keys are an error unless allowDuplicateKeys,
// which keeps the last.
func ParseVariant(text string, allowDuplicateKeys bool) (*VariantValue, error) {
	p := &variantParser{s: text, dup: allowDuplicateKeys}
	p.skipSpace()
	if p.i >= len(p.s) {
		return nil, &VariantError{jsonParseException, "Unexpected null token"}
	}
	if err := p.checkSpaceChar(); err != nil {
		return nil, err
	}
	v, err := p.value(0, true)
	if err != nil {
		return nil, err
	}
	return v, nil
}

type variantParser struct {
	s   string
	i   int
	dup bool
}

const maxVariantDepth = 1000

func (p *variantParser) skipSpace() {
	for p.i < len(p.s) {
		switch p.s[p.i] {
		case ' ', '\t', '\n', '\r':
			p.i++
		default:
			return
		}
	}
}

// checkSpaceChar refuses a control character where a token should start.
func (p *variantParser) checkSpaceChar() error {
	if c := p.s[p.i]; c < 0x20 {
		return &VariantError{jsonParseException, fmt.Sprintf("Illegal character ((CTRL-CHAR, code %d)): only regular white space (\\r, \\n, \\t) is allowed between tokens", c)}
	}
	return nil
}

const expectedValue = "expected a valid value (JSON String, Number, Array, Object or token 'null', 'true' or 'false')"

func (p *variantParser) unexpected(what string) error {
	r, _ := utf8.DecodeRuneInString(p.s[p.i:])
	return &VariantError{jsonParseException, fmt.Sprintf("Unexpected character ('%c' (code %d)): %s", r, r, what)}
}

func (p *variantParser) eof(what string) error {
	return &VariantError{jsonEOFException, "Unexpected end-of-input" + what}
}

func (p *variantParser) value(depth int, root bool) (*VariantValue, error) {
	if p.i >= len(p.s) {
		return nil, p.eof(": expected a value")
	}
	switch c := p.s[p.i]; {
	case c == '{':
		return p.object(depth + 1)
	case c == '[':
		return p.array(depth + 1)
	case c == '"':
		s, err := p.str()
		if err != nil {
			return nil, err
		}
		return &VariantValue{Kind: VariantString, S: s}, nil
	case c == '-' || c >= '0' && c <= '9':
		return p.number(root)
	case c == '+':
		return nil, &VariantError{jsonParseException, "Unexpected character ('+' (code 43)) in numeric value: JSON spec does not allow numbers to have plus signs: enable `JsonReadFeature.ALLOW_LEADING_PLUS_SIGN_FOR_NUMBERS` to allow"}
	case c == '/':
		return nil, p.unexpected("maybe a (non-standard) comment? (not recognized as one since Feature 'ALLOW_COMMENTS' not enabled for parser)")
	case c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z':
		return p.literal()
	}
	return nil, p.unexpected(expectedValue)
}

// literal reads true, false or null, or refuses the token Jackson reads.
func (p *variantParser) literal() (*VariantValue, error) {
	j := p.i
	for j < len(p.s) && (isTokenChar(p.s[j])) {
		j++
	}
	tok := p.s[p.i:j]
	switch tok {
	case "true", "false":
		p.i = j
		v := &VariantValue{Kind: VariantBool}
		if tok == "true" {
			v.I = 1
		}
		return v, nil
	case "null":
		p.i = j
		return &VariantValue{Kind: VariantNull}, nil
	case "NaN", "Infinity":
		return nil, &VariantError{jsonParseException, "Non-standard token '" + tok + "': enable `JsonReadFeature.ALLOW_NON_NUMERIC_NUMBERS` to allow"}
	}
	return nil, &VariantError{jsonParseException, "Unrecognized token '" + tok + "': was expecting (JSON String, Number, Array, Object or token 'null', 'true' or 'false')"}
}

func isTokenChar(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c >= 0x80
}

func (p *variantParser) array(depth int) (*VariantValue, error) {
	if depth > maxVariantDepth {
		return nil, &VariantError{streamConstraintsException, fmt.Sprintf("Document nesting depth (%d) exceeds the maximum allowed (%d, from `StreamReadConstraints.getMaxNestingDepth()`)", depth, maxVariantDepth)}
	}
	p.i++ // [
	v := &VariantValue{Kind: VariantArray}
	p.skipSpace()
	if p.i < len(p.s) && p.s[p.i] == ']' {
		p.i++
		return v, nil
	}
	for {
		p.skipSpace()
		if p.i >= len(p.s) {
			return nil, p.eof(": expected close marker for Array")
		}
		if err := p.checkSpaceChar(); err != nil {
			return nil, err
		}
		e, err := p.value(depth, false)
		if err != nil {
			return nil, err
		}
		v.Elems = append(v.Elems, e)
		p.skipSpace()
		if p.i >= len(p.s) {
			return nil, p.eof(": expected close marker for Array")
		}
		switch p.s[p.i] {
		case ',':
			p.i++
			p.skipSpace()
			if p.i < len(p.s) && p.s[p.i] == ']' {
				return nil, p.unexpected(expectedValue)
			}
		case ']':
			p.i++
			return v, nil
		default:
			return nil, p.unexpected("was expecting comma to separate Array entries")
		}
	}
}

func (p *variantParser) object(depth int) (*VariantValue, error) {
	if depth > maxVariantDepth {
		return nil, &VariantError{streamConstraintsException, fmt.Sprintf("Document nesting depth (%d) exceeds the maximum allowed (%d, from `StreamReadConstraints.getMaxNestingDepth()`)", depth, maxVariantDepth)}
	}
	p.i++ // {
	type field struct {
		k string
		v *VariantValue
	}
	var fields []field
	p.skipSpace()
	if p.i < len(p.s) && p.s[p.i] == '}' {
		p.i++
		return &VariantValue{Kind: VariantObject}, nil
	}
	for {
		p.skipSpace()
		if p.i >= len(p.s) {
			return nil, p.eof(": expected close marker for Object")
		}
		if p.s[p.i] != '"' {
			return nil, p.unexpected("was expecting double-quote to start field name")
		}
		k, err := p.str()
		if err != nil {
			return nil, err
		}
		p.skipSpace()
		if p.i >= len(p.s) {
			return nil, p.eof(": expected close marker for Object")
		}
		if p.s[p.i] != ':' {
			return nil, p.unexpected("was expecting a colon to separate field name and value")
		}
		p.i++
		p.skipSpace()
		if p.i >= len(p.s) {
			return nil, p.eof(": expected close marker for Object")
		}
		if c := p.s[p.i]; c == '}' || c == ',' || c == ']' {
			return nil, p.unexpected("expected a value")
		}
		val, err := p.value(depth, false)
		if err != nil {
			return nil, err
		}
		fields = append(fields, field{k, val})
		p.skipSpace()
		if p.i >= len(p.s) {
			return nil, p.eof(": expected close marker for Object")
		}
		switch p.s[p.i] {
		case ',':
			p.i++
			continue
		case '}':
			p.i++
		default:
			return nil, p.unexpected("was expecting comma to separate Object entries")
		}
		break
	}
	// duplicates, checked when the object closes
	sort.SliceStable(fields, func(a, b int) bool { return javaCompare(fields[a].k, fields[b].k) < 0 })
	v := &VariantValue{Kind: VariantObject}
	for i, f := range fields {
		if i+1 < len(fields) && fields[i+1].k == f.k {
			if !p.dup {
				return nil, &VariantError{variantTypeException, "VARIANT_DUPLICATE_KEY"}
			}
			continue // the last one wins
		}
		v.Keys = append(v.Keys, f.k)
		v.Vals = append(v.Vals, f.v)
	}
	return v, nil
}

// str reads a JSON string at the opening quote and decodes its escapes.
func (p *variantParser) str() (string, error) {
	p.i++
	var b strings.Builder
	for {
		if p.i >= len(p.s) {
			return "", p.eof(": was expecting closing quote for a string value")
		}
		c := p.s[p.i]
		switch {
		case c == '"':
			p.i++
			return b.String(), nil
		case c < 0x20:
			return "", &VariantError{jsonParseException, fmt.Sprintf("Illegal unquoted character ((CTRL-CHAR, code %d)): has to be escaped using backslash to be included in string value", c)}
		case c == '\\':
			p.i++
			if p.i >= len(p.s) {
				return "", p.eof(" in character escape sequence")
			}
			e := p.s[p.i]
			p.i++
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
				r, err := p.hex4()
				if err != nil {
					return "", err
				}
				if utf16.IsSurrogate(r) && r < 0xDC00 && p.i+1 < len(p.s) && p.s[p.i] == '\\' && p.s[p.i+1] == 'u' {
					save := p.i
					p.i += 2
					r2, err := p.hex4()
					if err == nil && r2 >= 0xDC00 && r2 <= 0xDFFF {
						b.WriteRune(utf16.DecodeRune(r, r2))
						continue
					}
					p.i = save
				}
				if utf16.IsSurrogate(r) {
					b.WriteByte('?') // Java's UTF-8 encoding of a lone surrogate
					continue
				}
				b.WriteRune(r)
			default:
				return "", &VariantError{jsonParseException, fmt.Sprintf("Unrecognized character escape '%c' (code %d)", e, e)}
			}
		default:
			b.WriteByte(c)
			p.i++
		}
	}
}

func (p *variantParser) hex4() (rune, error) {
	var r rune
	for k := 0; k < 4; k++ {
		if p.i >= len(p.s) {
			return 0, p.eof(" in character escape sequence")
		}
		c := p.s[p.i]
		var d byte
		switch {
		case c >= '0' && c <= '9':
			d = c - '0'
		case c >= 'a' && c <= 'f':
			d = c - 'a' + 10
		case c >= 'A' && c <= 'F':
			d = c - 'A' + 10
		default:
			return 0, p.unexpected("expected a hex-digit for character escape sequence")
		}
		r = r<<4 | rune(d)
		p.i++
	}
	return r, nil
}

// number reads a JSON number and stores it as Flink does: the smallest
// integer type that holds it, else an exact DECIMAL(≤ 38, ≤ 38) when the
// text has no exponent, else a DOUBLE.
func (p *variantParser) number(root bool) (*VariantValue, error) {
	start := p.i
	if p.s[p.i] == '-' {
		p.i++
		if p.i >= len(p.s) {
			return nil, p.eof("No digit following sign")
		}
		if strings.HasPrefix(p.s[p.i:], "Infinity") {
			return nil, &VariantError{jsonParseException, "Non-standard token '-Infinity': enable `JsonReadFeature.ALLOW_NON_NUMERIC_NUMBERS` to allow"}
		}
		if c := p.s[p.i]; c < '0' || c > '9' {
			r, _ := utf8.DecodeRuneInString(p.s[p.i:])
			return nil, &VariantError{jsonParseException, fmt.Sprintf("Unexpected character ('%c' (code %d)) in numeric value: expected digit (0-9) to follow minus sign, for valid numeric value", r, r)}
		}
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
	n := digits()
	if n > 1 && p.s[intStart] == '0' {
		return nil, &VariantError{jsonParseException, "Invalid numeric value: Leading zeroes not allowed"}
	}
	integer := true
	exponent := false
	if p.i < len(p.s) && p.s[p.i] == '.' {
		integer = false
		p.i++
		if digits() == 0 {
			return nil, &VariantError{jsonParseException, "Unexpected character ('.' (code 46)) in numeric value: Decimal point not followed by a digit"}
		}
	}
	if p.i < len(p.s) && (p.s[p.i] == 'e' || p.s[p.i] == 'E') {
		integer, exponent = false, true
		p.i++
		if p.i < len(p.s) && (p.s[p.i] == '+' || p.s[p.i] == '-') {
			p.i++
		}
		if digits() == 0 {
			if p.i >= len(p.s) {
				return nil, p.eof("expected a digit for number exponent")
			}
			r, _ := utf8.DecodeRuneInString(p.s[p.i:])
			return nil, &VariantError{jsonParseException, fmt.Sprintf("Unexpected character ('%c' (code %d)) in numeric value: Exponent indicator not followed by a digit", r, r)}
		}
	}
	text := p.s[start:p.i]
	if len(text) > 1000 {
		return nil, &VariantError{streamConstraintsException, fmt.Sprintf("Number value length (%d) exceeds the maximum allowed (1000, from `StreamReadConstraints.getMaxNumberLength()`)", len(text))}
	}
	if root && p.i < len(p.s) {
		switch p.s[p.i] {
		case ' ', '\t', '\n', '\r':
		default:
			if p.s[p.i] < 0x20 {
				return nil, &VariantError{jsonParseException, fmt.Sprintf("Unexpected character ((CTRL-CHAR, code %d)): Expected space separating root-level values", p.s[p.i])}
			}
			return nil, p.unexpected("Expected space separating root-level values")
		}
	}
	if integer {
		if i, err := strconv.ParseInt(text, 10, 64); err == nil {
			v := &VariantValue{I: i, Kind: VariantBigInt}
			switch {
			case i >= math.MinInt8 && i <= math.MaxInt8:
				v.Kind = VariantTinyInt
			case i >= math.MinInt16 && i <= math.MaxInt16:
				v.Kind = VariantSmallInt
			case i >= math.MinInt32 && i <= math.MaxInt32:
				v.Kind = VariantInt
			}
			return v, nil
		}
	}
	if !exponent {
		// BigDecimal(text): unscaled digits and scale
		intPart, frac, _ := strings.Cut(strings.TrimPrefix(text, "-"), ".")
		digitsText := strings.TrimLeft(intPart+frac, "0")
		precision := len(digitsText)
		if precision == 0 {
			precision = 1
		}
		if len(frac) <= 38 && precision <= 38 {
			u, _ := new(big.Int).SetString(intPart+frac, 10)
			if strings.HasPrefix(text, "-") {
				u.Neg(u)
			}
			return &VariantValue{Kind: VariantDecimal, Dec: u, Scale: len(frac)}, nil
		}
	}
	f, err := strconv.ParseFloat(text, 64)
	if err != nil && (math.IsInf(f, 0) || math.IsNaN(f)) || math.IsInf(f, 0) {
		return nil, &VariantError{jsonParseException, "Numeric value '" + text + "' is out of the range of double precision and cannot be stored as a Variant."}
	}
	return &VariantValue{Kind: VariantDouble, F: f}, nil
}

// KeyString encodes the value for grouping and joining: as Flink compares
// variants by their binary form, values of different kinds (1 and 1.0) or
// decimal scales differ even where they print alike.
func (v *VariantValue) KeyString() string {
	var b []byte
	var walk func(x *VariantValue)
	walk = func(x *VariantValue) {
		b = append(b, byte(x.Kind))
		switch x.Kind {
		case VariantDecimal:
			b = append(b, x.Dec.String()...)
			b = append(b, 'e')
			b = strconv.AppendInt(b, int64(x.Scale), 10)
		case VariantArray:
			b = strconv.AppendInt(b, int64(len(x.Elems)), 10)
			for _, e := range x.Elems {
				walk(e)
			}
		case VariantObject:
			b = strconv.AppendInt(b, int64(len(x.Keys)), 10)
			for i, k := range x.Keys {
				b = appendJacksonString(b, k)
				walk(x.Vals[i])
			}
		default:
			b = x.AppendJSON(b)
		}
		b = append(b, 0)
	}
	walk(v)
	return string(b)
}
