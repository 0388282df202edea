package pyflink

import (
	"math"
	"math/big"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/go-python/gpython/py"
)

// gpython (Python 3.4, and a partial one) prints floats with Go's %g
// (str(1/3) is 0.333333, Python's is 0.3333333333333333) and has neither
// format() nor str.format. The run installs print, repr and format
// builtins and str.format that follow CPython: floats by their shortest
// round-tripping digits, containers through their items' repr, and the
// format specification mini-language.

// installBuiltins replaces and adds builtins of the interpreter c.
func installBuiltins(c *interp) {
	b := c.store.Builtins.Globals
	builtinTypesOnce.Do(func() {
		// gpython makes a built-in exception's base its type (so
		// ValueError.__name__ failed): every class is a type.
		for _, v := range b {
			if t, ok := v.(*py.Type); ok && t.ObjectType != py.TypeType && t != py.TypeType {
				t.ObjectType = py.TypeType
			}
		}
	})
	b["print"] = py.MustNewMethod("print", builtinPrint(c), 0, "print(value, ..., sep=' ', end='\\n', file=sys.stdout, flush=False)")
	b["repr"] = py.MustNewMethod("repr", func(_ py.Object, arg py.Object) (py.Object, error) {
		s, err := pyRepr(arg)
		return py.String(s), err
	}, 0, "repr(object) -> string")
	b[printfCall] = py.MustNewMethod(printfCall, func(_ py.Object, args py.Tuple) (py.Object, error) {
		if len(args) != 2 {
			return nil, py.ExceptionNewf(py.TypeError, "%s takes 2 arguments", printfCall)
		}
		f, ok := args[0].(py.String)
		if !ok {
			// bytes % or another left side: the interpreter's own
			return py.Mod(args[0], args[1])
		}
		s, err := pyPrintf(string(f), args[1])
		return py.String(s), err
	}, 0, "format % values, as Python computes it")
	// gpython's isinstance compares the exact type, and it has no
	// issubclass: both follow the classes' bases here, as in CPython.
	b["isinstance"] = py.MustNewMethod("isinstance", func(_ py.Object, args py.Tuple) (py.Object, error) {
		if len(args) != 2 {
			return nil, py.ExceptionNewf(py.TypeError, "isinstance expected 2 arguments, got %d", len(args))
		}
		ok, err := subclassOf(args[0].Type(), args[1], "isinstance")
		return py.NewBool(ok), err
	}, 0, "isinstance(obj, class_or_tuple) -> bool")
	b["issubclass"] = py.MustNewMethod("issubclass", func(_ py.Object, args py.Tuple) (py.Object, error) {
		if len(args) != 2 {
			return nil, py.ExceptionNewf(py.TypeError, "issubclass expected 2 arguments, got %d", len(args))
		}
		t, ok := args[0].(*py.Type)
		if !ok {
			return nil, py.ExceptionNewf(py.TypeError, "issubclass() arg 1 must be a class")
		}
		sub, err := subclassOf(t, args[1], "issubclass")
		return py.NewBool(sub), err
	}, 0, "issubclass(cls, class_or_tuple) -> bool")
	b["sorted"] = py.MustNewMethod("sorted", func(_ py.Object, args py.Tuple, kw py.StringDict) (py.Object, error) {
		if len(args) != 1 {
			return nil, py.ExceptionNewf(py.TypeError, "sorted expected 1 argument, got %d", len(args))
		}
		l, err := py.SequenceList(args[0])
		if err != nil {
			return nil, err
		}
		l = l.Copy()
		return l, sortList(l, kw, "sorted")
	}, 0, "sorted(iterable, key=None, reverse=False)")
	b["round"] = py.MustNewMethod("round", func(_ py.Object, args py.Tuple) (py.Object, error) {
		return pyRound(args)
	}, 0, "round(number[, ndigits])")
	// a program reads and writes no files but through connectors, and
	// has no terminal to read from
	b["open"] = py.MustNewMethod("open", func(py.Object, py.Tuple, py.StringDict) (py.Object, error) {
		return nil, py.ExceptionNewf(py.PermissionError, "open() is not available: a program here reads and writes files through connectors (CREATE TABLE ... WITH ('connector' = 'filesystem'))")
	}, 0, "open() is not available")
	b["input"] = py.MustNewMethod("input", func(py.Object, py.Tuple) (py.Object, error) {
		return nil, py.ExceptionNewf(py.EOFError, "EOF when reading a line")
	}, 0, "input() reads nothing: there is no standard input")
	b["format"] = py.MustNewMethod("format", func(_ py.Object, args py.Tuple) (py.Object, error) {
		if len(args) < 1 || len(args) > 2 {
			return nil, py.ExceptionNewf(py.TypeError, "format expected at most 2 arguments, got %d", len(args))
		}
		spec := ""
		if len(args) == 2 {
			s, ok := args[1].(py.String)
			if !ok {
				return nil, py.ExceptionNewf(py.TypeError, "format() argument 2 must be str, not %s", args[1].Type().Name)
			}
			spec = string(s)
		}
		s, err := formatValue(args[0], spec)
		return py.String(s), err
	}, 0, "format(value[, format_spec]) -> string")
}

func init() {
	// str(x) of a float, list, tuple or dict gives CPython's text
	py.StringType.New = func(metatype *py.Type, args py.Tuple, kw py.StringDict) (py.Object, error) {
		if len(args) == 1 && len(kw) == 0 {
			s, err := pyStr(args[0])
			return py.String(s), err
		}
		return py.StrNew(metatype, args, kw)
	}
	py.StringType.Dict["format"] = py.MustNewMethod("format", func(self py.Object, args py.Tuple, kw py.StringDict) (py.Object, error) {
		s, err := strFormat(string(self.(py.String)), args, kw)
		return py.String(s), err
	}, 0, "S.format(*args, **kwargs) -> str")
}

func builtinPrint(c *interp) func(py.Object, py.Tuple, py.StringDict) (py.Object, error) {
	return func(_ py.Object, args py.Tuple, kw py.StringDict) (py.Object, error) {
		sep, end := " ", "\n"
		sys, err := c.GetModule("sys")
		if err != nil {
			return nil, err
		}
		file := sys.Globals["stdout"]
		for k, v := range kw {
			switch k {
			case "sep", "end":
				if v == py.None {
					continue
				}
				s, ok := v.(py.String)
				if !ok {
					return nil, py.ExceptionNewf(py.TypeError, "%s must be None or a string, not %s", k, v.Type().Name)
				}
				if k == "sep" {
					sep = string(s)
				} else {
					end = string(s)
				}
			case "file":
				if v != py.None {
					file = v
				}
			case "flush":
			default:
				return nil, py.ExceptionNewf(py.TypeError, "'%s' is an invalid keyword argument for print()", k)
			}
		}
		var b strings.Builder
		for i, a := range args {
			if i > 0 {
				b.WriteString(sep)
			}
			s, err := pyStr(a)
			if err != nil {
				return nil, err
			}
			b.WriteString(s)
		}
		b.WriteString(end)
		write, err := py.GetAttrString(file, "write")
		if err != nil {
			return nil, err
		}
		_, err = py.Call(write, py.Tuple{py.String(b.String())}, nil)
		return py.None, err
	}
}

// pyStr is str(o) as CPython makes it.
func pyStr(o py.Object) (string, error) {
	switch v := o.(type) {
	case py.String:
		return string(v), nil
	case py.Float, py.Tuple, *py.List, py.StringDict:
		return pyRepr(o)
	}
	return py.StrAsString(o)
}

// pyRepr is repr(o) as CPython makes it.
func pyRepr(o py.Object) (string, error) {
	switch v := o.(type) {
	case py.Float:
		return floatRepr(float64(v)), nil
	case py.Tuple:
		if len(v) == 1 {
			s, err := pyRepr(v[0])
			return "(" + s + ",)", err
		}
		return joinRepr("(", []py.Object(v), ")")
	case *py.List:
		return joinRepr("[", v.Items, "]")
	case py.StringDict:
		keys := make([]string, 0, len(v))
		for k := range v {
			keys = append(keys, k)
		}
		sortStrings(keys)
		parts := make([]string, len(keys))
		for i, k := range keys {
			s, err := pyRepr(v[k])
			if err != nil {
				return "", err
			}
			parts[i] = stringRepr(k) + ": " + s
		}
		return "{" + strings.Join(parts, ", ") + "}", nil
	case py.String:
		return stringRepr(string(v)), nil
	}
	return py.ReprAsString(o)
}

func joinRepr(open string, items []py.Object, close string) (string, error) {
	parts := make([]string, len(items))
	for i, it := range items {
		s, err := pyRepr(it)
		if err != nil {
			return "", err
		}
		parts[i] = s
	}
	return open + strings.Join(parts, ", ") + close, nil
}

// stringRepr quotes s as Python's repr does: single quotes unless s has
// one and no double quote.
func stringRepr(s string) string {
	q := byte('\'')
	if strings.ContainsRune(s, '\'') && !strings.ContainsRune(s, '"') {
		q = '"'
	}
	var b strings.Builder
	b.WriteByte(q)
	for _, r := range s {
		switch {
		case r == rune(q) || r == '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\r':
			b.WriteString(`\r`)
		case r == '\t':
			b.WriteString(`\t`)
		case r < 0x20 || r == 0x7f:
			b.WriteString(`\x` + strconv.FormatInt(int64(r)+0x100, 16)[1:])
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte(q)
	return b.String()
}

// floatRepr is repr(float): the shortest digits that read back as x, in
// fixed notation for 1e-4 <= |x| < 1e16 (with at least one decimal), in
// exponent notation (at least two exponent digits) otherwise.
func floatRepr(x float64) string {
	switch {
	case math.IsNaN(x):
		return "nan"
	case math.IsInf(x, 1):
		return "inf"
	case math.IsInf(x, -1):
		return "-inf"
	}
	digits, exp, neg := shortestDigits(x)
	sign := ""
	if neg {
		sign = "-"
	}
	if exp >= -4 && exp < 16 {
		return sign + fixedFromDigits(digits, exp, -1)
	}
	return sign + expFromDigits(digits, exp)
}

// shortestDigits returns the shortest decimal digits of |x| and the
// exponent of the first one (x = 0.d1d2... * 10^(exp+1)).
func shortestDigits(x float64) (string, int, bool) {
	s := strconv.FormatFloat(x, 'e', -1, 64)
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	mant, e, _ := strings.Cut(s, "e")
	exp, _ := strconv.Atoi(e)
	digits := strings.Replace(mant, ".", "", 1)
	return digits, exp, neg
}

// fixedFromDigits places the point in digits (first digit at 10^exp);
// prec < 0 keeps at least one decimal, otherwise exactly prec decimals
// (digits already rounded to them).
func fixedFromDigits(digits string, exp, prec int) string {
	var intPart, frac string
	if exp < 0 {
		intPart = "0"
		frac = strings.Repeat("0", -exp-1) + digits
	} else if exp+1 >= len(digits) {
		intPart = digits + strings.Repeat("0", exp+1-len(digits))
	} else {
		intPart, frac = digits[:exp+1], digits[exp+1:]
	}
	if prec < 0 {
		if frac == "" {
			frac = "0"
		}
		return intPart + "." + frac
	}
	if len(frac) < prec {
		frac += strings.Repeat("0", prec-len(frac))
	}
	if prec == 0 {
		return intPart
	}
	return intPart + "." + frac[:prec]
}

func expFromDigits(digits string, exp int) string {
	m := digits[:1]
	if len(digits) > 1 {
		m += "." + digits[1:]
	}
	return m + "e" + expSuffix(exp)
}

func expSuffix(exp int) string {
	sign := "+"
	if exp < 0 {
		sign, exp = "-", -exp
	}
	e := strconv.Itoa(exp)
	if len(e) < 2 {
		e = "0" + e
	}
	return sign + e
}

// spec is a parsed format specification:
// [[fill]align][sign][#][0][width][,|_][.precision][type].
type spec struct {
	fill      rune
	align     byte
	sign      byte
	alt       bool
	zero      bool
	width     int
	grouping  byte
	precision int // -1: none
	typ       byte
}

func parseSpec(s string) (spec, error) {
	sp := spec{fill: ' ', precision: -1}
	bad := func() (spec, error) {
		return sp, py.ExceptionNewf(py.ValueError, "Invalid format specifier")
	}
	rs := []rune(s)
	i := 0
	isAlign := func(r rune) bool { return r == '<' || r == '>' || r == '=' || r == '^' }
	if len(rs) >= 2 && isAlign(rs[1]) {
		sp.fill, sp.align = rs[0], byte(rs[1])
		i = 2
	} else if len(rs) >= 1 && isAlign(rs[0]) {
		sp.align = byte(rs[0])
		i = 1
	}
	if i < len(rs) && (rs[i] == '+' || rs[i] == '-' || rs[i] == ' ') {
		sp.sign = byte(rs[i])
		i++
	}
	if i < len(rs) && rs[i] == '#' {
		sp.alt = true
		i++
	}
	if i < len(rs) && rs[i] == '0' {
		sp.zero = true
		i++
	}
	start := i
	for i < len(rs) && rs[i] >= '0' && rs[i] <= '9' {
		i++
	}
	if i > start {
		sp.width, _ = strconv.Atoi(string(rs[start:i]))
	}
	if i < len(rs) && (rs[i] == ',' || rs[i] == '_') {
		sp.grouping = byte(rs[i])
		i++
	}
	if i < len(rs) && rs[i] == '.' {
		i++
		start = i
		for i < len(rs) && rs[i] >= '0' && rs[i] <= '9' {
			i++
		}
		if i == start {
			return sp, py.ExceptionNewf(py.ValueError, "Format specifier missing precision")
		}
		sp.precision, _ = strconv.Atoi(string(rs[start:i]))
	}
	if i < len(rs) {
		sp.typ = byte(rs[i])
		i++
	}
	if i != len(rs) {
		return bad()
	}
	return sp, nil
}

// formatValue is format(v, spec).
func formatValue(v py.Object, specText string) (string, error) {
	if f, ok := v.(py.I__format__); ok {
		r, err := f.M__format__(py.String(specText))
		if err != nil {
			return "", err
		}
		return py.StrAsString(r)
	}
	if specText == "" {
		return pyStr(v)
	}
	sp, err := parseSpec(specText)
	if err != nil {
		return "", err
	}
	switch x := v.(type) {
	case py.Bool:
		if sp.typ == 0 || sp.typ == 's' {
			s := "False"
			if x {
				s = "True"
			}
			return formatString(s, sp)
		}
		n := int64(0)
		if x {
			n = 1
		}
		return formatInt(big.NewInt(n), sp)
	case py.Int:
		return formatInt(big.NewInt(int64(x)), sp)
	case *py.BigInt:
		return formatInt((*big.Int)(x), sp)
	case py.Float:
		return formatFloat(float64(x), sp)
	case py.String:
		return formatString(string(x), sp)
	}
	if sp.typ != 0 && sp.typ != 's' {
		return "", py.ExceptionNewf(py.TypeError, "unsupported format string passed to %s.__format__", v.Type().Name)
	}
	s, err := pyStr(v)
	if err != nil {
		return "", err
	}
	return formatString(s, sp)
}

func formatString(s string, sp spec) (string, error) {
	if sp.typ != 0 && sp.typ != 's' {
		return "", py.ExceptionNewf(py.ValueError, "Unknown format code '%c' for object of type 'str'", sp.typ)
	}
	if sp.sign != 0 {
		return "", py.ExceptionNewf(py.ValueError, "Sign not allowed in string format specifier")
	}
	if sp.precision >= 0 && utf8.RuneCountInString(s) > sp.precision {
		s = string([]rune(s)[:sp.precision])
	}
	align := sp.align
	if align == 0 {
		align = '<'
	}
	return pad(s, sp.width, align, sp.fill), nil
}

func formatInt(n *big.Int, sp spec) (string, error) {
	typ := sp.typ
	if typ == 0 {
		typ = 'd'
	}
	switch typ {
	case 'e', 'E', 'f', 'F', 'g', 'G', '%':
		f, _ := new(big.Float).SetInt(n).Float64()
		return formatFloat(f, sp)
	}
	if sp.precision >= 0 {
		return "", py.ExceptionNewf(py.ValueError, "Precision not allowed in integer format specifier")
	}
	neg := n.Sign() < 0
	abs := new(big.Int).Abs(n)
	var digits, prefix string
	switch typ {
	case 'd', 'n':
		digits = abs.String()
	case 'b':
		digits, prefix = abs.Text(2), "0b"
	case 'o':
		digits, prefix = abs.Text(8), "0o"
	case 'x':
		digits, prefix = abs.Text(16), "0x"
	case 'X':
		digits, prefix = strings.ToUpper(abs.Text(16)), "0X"
	case 'c':
		return pad(string(rune(n.Int64())), sp.width, alignOr(sp.align, '<'), sp.fill), nil
	default:
		return "", py.ExceptionNewf(py.ValueError, "Unknown format code '%c' for object of type 'int'", typ)
	}
	if !sp.alt {
		prefix = ""
	}
	if sp.grouping != 0 {
		every := 3
		if typ != 'd' && typ != 'n' {
			every = 4
		}
		digits = group(digits, every, sp.grouping)
	}
	return numberOut(neg, prefix, digits, sp), nil
}

func formatFloat(x float64, sp spec) (string, error) {
	typ := sp.typ
	neg := math.Signbit(x) && !math.IsNaN(x)
	ax := math.Abs(x)
	var body string
	switch {
	case math.IsInf(x, 0) || math.IsNaN(x):
		body = "inf"
		if math.IsNaN(x) {
			body = "nan"
		}
		if typ == 'E' || typ == 'F' || typ == 'G' {
			body = strings.ToUpper(body)
		}
		if typ == '%' {
			body += "%"
		}
	default:
		prec := sp.precision
		switch typ {
		case 'f', 'F', '%':
			if prec < 0 {
				prec = 6
			}
			v := ax
			if typ == '%' {
				v *= 100
			}
			body = strconv.FormatFloat(v, 'f', prec, 64)
			if sp.alt && prec == 0 {
				body += "."
			}
			if typ == '%' {
				body += "%"
			}
		case 'e', 'E':
			if prec < 0 {
				prec = 6
			}
			body = strconv.FormatFloat(ax, 'e', prec, 64)
			if typ == 'E' {
				body = strings.ToUpper(body)
			}
		case 'g', 'G', 'n':
			if prec < 0 {
				prec = 6
			}
			body = generalFormat(ax, prec, sp.alt)
			if typ == 'G' {
				body = strings.ToUpper(body)
			}
		case 0:
			if prec < 0 {
				body = floatRepr(ax)
			} else {
				// like g, but at least one digit after the point
				body = generalFormat(ax, max(prec, 1), false)
				if !strings.ContainsAny(body, ".e") {
					body += ".0"
				}
			}
		default:
			return "", py.ExceptionNewf(py.ValueError, "Unknown format code '%c' for object of type 'float'", typ)
		}
	}
	if sp.grouping != 0 {
		intPart, rest := body, ""
		if i := strings.IndexAny(body, ".e%"); i >= 0 {
			intPart, rest = body[:i], body[i:]
		}
		if intPart != "inf" && intPart != "nan" {
			body = group(intPart, 3, sp.grouping) + rest
		}
	}
	return numberOut(neg, "", body, sp), nil
}

// generalFormat is the 'g' presentation with precision p significant
// digits: exponent notation when the exponent is < -4 or >= p, trailing
// zeros removed unless alt.
func generalFormat(ax float64, p int, alt bool) string {
	if p == 0 {
		p = 1
	}
	if ax == 0 {
		if alt {
			return "0." + strings.Repeat("0", p-1)
		}
		return "0"
	}
	s := strconv.FormatFloat(ax, 'e', p-1, 64)
	mant, e, _ := strings.Cut(s, "e")
	exp, _ := strconv.Atoi(e)
	if exp < -4 || exp >= p {
		if !alt && strings.Contains(mant, ".") {
			mant = strings.TrimRight(strings.TrimRight(mant, "0"), ".")
		}
		return mant + "e" + expSuffix(exp)
	}
	body := strconv.FormatFloat(ax, 'f', p-1-exp, 64)
	if !alt && strings.Contains(body, ".") {
		body = strings.TrimRight(strings.TrimRight(body, "0"), ".")
	}
	return body
}

func group(digits string, every int, sep byte) string {
	if len(digits) <= every {
		return digits
	}
	var b strings.Builder
	first := len(digits) % every
	if first > 0 {
		b.WriteString(digits[:first])
	}
	for i := first; i < len(digits); i += every {
		if b.Len() > 0 {
			b.WriteByte(sep)
		}
		b.WriteString(digits[i : i+every])
	}
	return b.String()
}

func alignOr(a, d byte) byte {
	if a == 0 {
		return d
	}
	return a
}

// numberOut adds the sign and prefix and pads a number.
func numberOut(neg bool, prefix, digits string, sp spec) string {
	sign := ""
	switch {
	case neg:
		sign = "-"
	case sp.sign == '+':
		sign = "+"
	case sp.sign == ' ':
		sign = " "
	}
	align, fill := sp.align, sp.fill
	if sp.zero && align == 0 {
		align, fill = '=', '0'
	}
	if align == 0 {
		align = '>'
	}
	if align == '=' {
		n := sp.width - utf8.RuneCountInString(sign+prefix+digits)
		if n > 0 {
			digits = strings.Repeat(string(fill), n) + digits
		}
		return sign + prefix + digits
	}
	return pad(sign+prefix+digits, sp.width, align, fill)
}

func pad(s string, width int, align byte, fill rune) string {
	n := width - utf8.RuneCountInString(s)
	if n <= 0 {
		return s
	}
	f := string(fill)
	switch align {
	case '>':
		return strings.Repeat(f, n) + s
	case '^':
		return strings.Repeat(f, n/2) + s + strings.Repeat(f, n-n/2)
	}
	return s + strings.Repeat(f, n)
}

// strFormat is str.format: replacement fields {name!conv:spec} with
// automatic or manual numbering, keyword names, .attribute and [index]
// lookups and one level of nested fields in the spec.
func strFormat(tmpl string, args py.Tuple, kw py.StringDict) (string, error) {
	var b strings.Builder
	auto := 0
	manual := false
	autoUsed := false
	lookup := func(name string) (py.Object, error) {
		first := name
		rest := ""
		if i := strings.IndexAny(name, ".["); i >= 0 {
			first, rest = name[:i], name[i:]
		}
		var v py.Object
		switch {
		case first == "":
			if manual {
				return nil, py.ExceptionNewf(py.ValueError, "cannot switch from manual field specification to automatic field numbering")
			}
			autoUsed = true
			if auto >= len(args) {
				return nil, py.ExceptionNewf(py.IndexError, "Replacement index %d out of range for positional args tuple", auto)
			}
			v = args[auto]
			auto++
		case first[0] >= '0' && first[0] <= '9':
			if autoUsed {
				return nil, py.ExceptionNewf(py.ValueError, "cannot switch from automatic field numbering to manual field specification")
			}
			manual = true
			i, err := strconv.Atoi(first)
			if err != nil || i >= len(args) {
				return nil, py.ExceptionNewf(py.IndexError, "Replacement index %s out of range for positional args tuple", first)
			}
			v = args[i]
		default:
			var ok bool
			if v, ok = kw[first]; !ok {
				return nil, py.ExceptionNewf(py.KeyError, "'%s'", first)
			}
		}
		for rest != "" {
			if rest[0] == '.' {
				end := strings.IndexAny(rest[1:], ".[")
				attr := rest[1:]
				if end >= 0 {
					attr, rest = rest[1:end+1], rest[end+1:]
				} else {
					rest = ""
				}
				var err error
				if v, err = py.GetAttrString(v, attr); err != nil {
					return nil, err
				}
				continue
			}
			end := strings.IndexByte(rest, ']')
			if end < 0 {
				return nil, py.ExceptionNewf(py.ValueError, "Missing ']' in format string")
			}
			key := rest[1:end]
			rest = rest[end+1:]
			var k py.Object = py.String(key)
			if n, err := strconv.Atoi(key); err == nil {
				k = py.Int(n)
			}
			var err error
			if v, err = py.GetItem(v, k); err != nil {
				return nil, err
			}
		}
		return v, nil
	}
	for i := 0; i < len(tmpl); i++ {
		c := tmpl[i]
		if c == '}' {
			if i+1 < len(tmpl) && tmpl[i+1] == '}' {
				b.WriteByte('}')
				i++
				continue
			}
			return "", py.ExceptionNewf(py.ValueError, "Single '}' encountered in format string")
		}
		if c != '{' {
			b.WriteByte(c)
			continue
		}
		if i+1 < len(tmpl) && tmpl[i+1] == '{' {
			b.WriteByte('{')
			i++
			continue
		}
		// find the matching '}', allowing nested {} in the spec
		depth, j := 1, i+1
		for ; j < len(tmpl) && depth > 0; j++ {
			switch tmpl[j] {
			case '{':
				depth++
			case '}':
				depth--
			}
		}
		if depth > 0 {
			return "", py.ExceptionNewf(py.ValueError, "expected '}' before end of string")
		}
		field := tmpl[i+1 : j-1]
		i = j - 1
		name, specText := field, ""
		conv := byte(0)
		if k := strings.IndexByte(field, ':'); k >= 0 {
			name, specText = field[:k], field[k+1:]
		}
		if k := strings.IndexByte(name, '!'); k >= 0 {
			if k+2 != len(name) {
				return "", py.ExceptionNewf(py.ValueError, "expected ':' after conversion specifier")
			}
			conv = name[k+1]
			name = name[:k]
		}
		v, err := lookup(name)
		if err != nil {
			return "", err
		}
		if strings.ContainsRune(specText, '{') {
			// nested fields in the spec take the next arguments
			var sb strings.Builder
			for k := 0; k < len(specText); k++ {
				if specText[k] != '{' {
					sb.WriteByte(specText[k])
					continue
				}
				end := strings.IndexByte(specText[k:], '}')
				if end < 0 {
					return "", py.ExceptionNewf(py.ValueError, "unmatched '{' in format spec")
				}
				nv, err := lookup(specText[k+1 : k+end])
				if err != nil {
					return "", err
				}
				s, err := pyStr(nv)
				if err != nil {
					return "", err
				}
				sb.WriteString(s)
				k += end
			}
			specText = sb.String()
		}
		switch conv {
		case 0:
		case 'r', 'a':
			s, err := pyRepr(v)
			if err != nil {
				return "", err
			}
			v = py.String(s)
		case 's':
			s, err := pyStr(v)
			if err != nil {
				return "", err
			}
			v = py.String(s)
		default:
			return "", py.ExceptionNewf(py.ValueError, "Unknown conversion specifier %c", conv)
		}
		s, err := formatValue(v, specText)
		if err != nil {
			return "", err
		}
		b.WriteString(s)
	}
	return b.String(), nil
}

// pyRound is round(): to the nearest even at a tie, on the number's exact
// binary value for floats with ndigits (round(2.675, 2) is 2.67).
func pyRound(args py.Tuple) (py.Object, error) {
	if len(args) < 1 || len(args) > 2 {
		return nil, py.ExceptionNewf(py.TypeError, "round() takes 1 or 2 arguments (%d given)", len(args))
	}
	nd, hasDigits := 0, len(args) == 2 && args[1] != py.None
	if hasDigits {
		n, ok := args[1].(py.Int)
		if !ok {
			return nil, py.ExceptionNewf(py.TypeError, "'%s' object cannot be interpreted as an integer", args[1].Type().Name)
		}
		nd = int(n)
	}
	switch x := args[0].(type) {
	case py.Int:
		if !hasDigits || nd >= 0 {
			return x, nil
		}
		p := int64(math.Pow10(-nd))
		q := float64(x) / float64(p)
		return py.Int(int64(math.RoundToEven(q)) * p), nil
	case py.Bool:
		if x {
			return py.Int(1), nil
		}
		return py.Int(0), nil
	case py.Float:
		f := float64(x)
		if !hasDigits {
			if math.IsNaN(f) || math.IsInf(f, 0) {
				return nil, py.ExceptionNewf(py.ValueError, "cannot convert float %s to integer", floatRepr(f))
			}
			return py.Int(int64(math.RoundToEven(f))), nil
		}
		if math.IsNaN(f) || math.IsInf(f, 0) {
			return x, nil
		}
		if nd >= 0 {
			v, _ := strconv.ParseFloat(strconv.FormatFloat(f, 'f', min(nd, 340), 64), 64)
			return py.Float(v), nil
		}
		p := math.Pow10(-nd)
		return py.Float(math.RoundToEven(f/p) * p), nil
	}
	return nil, py.ExceptionNewf(py.TypeError, "type %s doesn't define __round__ method", args[0].Type().Name)
}

// subclassOf reports whether t is classOrTuple or derives from it (or
// from one class of a tuple).
func subclassOf(t *py.Type, classOrTuple py.Object, fn string) (bool, error) {
	if tuple, ok := classOrTuple.(py.Tuple); ok {
		for _, c := range tuple {
			if ok, err := subclassOf(t, c, fn); ok || err != nil {
				return ok, err
			}
		}
		return false, nil
	}
	c, ok := classOrTuple.(*py.Type)
	if !ok {
		if fn == "issubclass" {
			return false, py.ExceptionNewf(py.TypeError, "issubclass() arg 2 must be a class, a tuple of classes, or a union")
		}
		return false, py.ExceptionNewf(py.TypeError, "isinstance() arg 2 must be a type, a tuple of types, or a union")
	}
	if c == py.ObjectType {
		return true, nil
	}
	for k := t; k != nil; {
		if k == c {
			return true, nil
		}
		if len(k.Mro) > 0 {
			for _, b := range k.Mro {
				if b == py.Object(c) {
					return true, nil
				}
			}
			return false, nil
		}
		k = k.Base
	}
	return false, nil
}

var builtinTypesOnce sync.Once
