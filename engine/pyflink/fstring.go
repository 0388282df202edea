package pyflink

import (
	"strings"

	"github.com/go-python/gpython/py"
)

// gpython's grammar is Python 3.4's, which has no f-strings (3.6). Before
// compiling, the run rewrites each group of adjacent string literals that
// holds an f-string into the str.format call it means:
//
//	f"{name!r:>{width}} is {age}"  ->  (("{!r:>{}} is {}").format((name), (width), (age)))
//
// Literal braces of the group's other strings are doubled, so the group
// concatenates as before; the expressions move after the group, so every
// line keeps its number. Python evaluates an f-string's fields left to
// right, and str.format numbers them in the same order.

// desugarFStrings returns src with its f-strings rewritten, and each
// "literal" % operand turned into a call of printfCall.
func desugarFStrings(src string) (string, error) {
	if !strings.ContainsAny(src, "fF%") {
		return src, nil
	}
	var out strings.Builder
	depth := 0 // open brackets, where adjacent literals may span lines
	i := 0
	for i < len(src) {
		c := src[i]
		switch {
		case c == '#':
			j := strings.IndexByte(src[i:], '\n')
			if j < 0 {
				j = len(src) - i
			}
			out.WriteString(src[i : i+j])
			i += j
			continue
		case c == '(' || c == '[' || c == '{':
			depth++
		case c == ')' || c == ']' || c == '}':
			if depth > 0 {
				depth--
			}
		}
		if start, ok := literalStart(src, i); ok {
			end, group, err := scanGroup(src, start, depth)
			if err != nil {
				return "", err
			}
			out.WriteString(src[i:start])
			// "literal" % operand: Python's printf-style formatting
			if j := skipBlanks(src, end, depth); j < len(src) && src[j] == '%' && (j+1 >= len(src) || src[j+1] != '=') {
				opStart := skipBlanks(src, j+1, depth)
				opEnd := scanOperand(src, opStart, depth)
				if opEnd > opStart {
					operand, err := desugarFStrings(src[opStart:opEnd])
					if err != nil {
						return "", err
					}
					// the line ends between the operands stay, so lines keep
					// their numbers
					gap := strings.Repeat("\n", strings.Count(src[end:opStart], "\n"))
					out.WriteString(printfCall + "(" + group + "," + gap + " " + operand + ")")
					i = opEnd
					continue
				}
			}
			out.WriteString(group)
			i = end
			continue
		}
		if isIdentByte(c) {
			// a whole name or number, so its letters are not read as a
			// string prefix
			j := i
			for j < len(src) && isIdentByte(src[j]) {
				j++
			}
			out.WriteString(src[i:j])
			i = j
			continue
		}
		out.WriteByte(c)
		i++
	}
	return out.String(), nil
}

func isIdentByte(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c >= 0x80
}

// literalStart reports whether a string literal (with its prefix) starts
// at i, and where its prefix starts (i).
func literalStart(src string, i int) (int, bool) {
	j := i
	for j < len(src) && j-i < 2 && strings.IndexByte("rRbBuUfF", src[j]) >= 0 {
		j++
	}
	if j < len(src) && (src[j] == '\'' || src[j] == '"') {
		return i, true
	}
	return 0, false
}

// literal is one string literal of a group.
type literal struct {
	prefix  string // without f
	fstring bool
	quote   string // ', ", ''' or """
	body    string
	raw     bool
}

// scanLiteral reads the literal at i: its parts and where it ends.
func scanLiteral(src string, i int) (literal, int, error) {
	var l literal
	j := i
	for strings.IndexByte("rRbBuUfF", src[j]) >= 0 {
		switch src[j] {
		case 'f', 'F':
			l.fstring = true
		case 'r', 'R':
			l.raw = true
			l.prefix += string(src[j])
		default:
			l.prefix += string(src[j])
		}
		j++
	}
	q := src[j : j+1]
	if strings.HasPrefix(src[j:], q+q+q) {
		q = q + q + q
	}
	l.quote = q
	j += len(q)
	bodyStart := j
	for {
		if j >= len(src) {
			return l, 0, syntaxErr(src, i, "EOL while scanning string literal")
		}
		if src[j] == '\\' {
			j += 2
			continue
		}
		if len(q) == 1 && src[j] == '\n' {
			return l, 0, syntaxErr(src, i, "EOL while scanning string literal")
		}
		if strings.HasPrefix(src[j:], q) {
			l.body = src[bodyStart:j]
			return l, j + len(q), nil
		}
		j++
	}
}

// scanGroup reads the adjacent literals from start and returns where the
// group ends and its text, rewritten when it holds an f-string.
func scanGroup(src string, start, depth int) (int, string, error) {
	var lits []literal
	var seps []string // the text between literal k and k+1
	i := start
	for {
		l, end, err := scanLiteral(src, i)
		if err != nil {
			return 0, "", err
		}
		lits = append(lits, l)
		i = end
		// another literal may follow after blanks (and newlines and
		// comments inside brackets, or a line continuation)
		j := i
		for j < len(src) {
			switch c := src[j]; {
			case c == ' ' || c == '\t' || c == '\f':
				j++
				continue
			case c == '\\' && j+1 < len(src) && src[j+1] == '\n':
				j += 2
				continue
			case depth > 0 && (c == '\n' || c == '\r'):
				j++
				continue
			case depth > 0 && c == '#':
				k := strings.IndexByte(src[j:], '\n')
				if k < 0 {
					j = len(src)
				} else {
					j += k
				}
				continue
			}
			break
		}
		if j < len(src) {
			if next, ok := literalStart(src, j); ok {
				seps = append(seps, src[i:next])
				i = next
				continue
			}
		}
		break
	}
	hasF := false
	for _, l := range lits {
		hasF = hasF || l.fstring
	}
	if !hasF {
		return i, src[start:i], nil
	}
	var tmpl strings.Builder
	var args []string
	for k, l := range lits {
		if k > 0 {
			tmpl.WriteString(seps[k-1])
		}
		tmpl.WriteString(l.prefix + l.quote)
		if !l.fstring {
			tmpl.WriteString(strings.NewReplacer("{", "{{", "}", "}}").Replace(l.body))
		} else {
			body, fieldArgs, err := fieldsOf(l.body, src, start)
			if err != nil {
				return 0, "", err
			}
			tmpl.WriteString(body)
			args = append(args, fieldArgs...)
		}
		tmpl.WriteString(l.quote)
	}
	return i, "((" + tmpl.String() + ").format(" + strings.Join(args, ", ") + "))", nil
}

// fieldsOf rewrites an f-string's body into a format template and the
// expressions of its fields, in order.
func fieldsOf(body, src string, at int) (string, []string, error) {
	var t strings.Builder
	var args []string
	for i := 0; i < len(body); i++ {
		c := body[i]
		if c == '}' {
			if i+1 < len(body) && body[i+1] == '}' {
				t.WriteString("}}")
				i++
				continue
			}
			return "", nil, syntaxErr(src, at, "f-string: single '}' is not allowed")
		}
		if c != '{' {
			t.WriteByte(c)
			continue
		}
		if i+1 < len(body) && body[i+1] == '{' {
			t.WriteString("{{")
			i++
			continue
		}
		expr, end, err := fieldExpr(body, i+1, src, at)
		if err != nil {
			return "", nil, err
		}
		i = end
		conv, spec := "", ""
		debug := ""
		if trimmed := strings.TrimRight(expr, " "); strings.HasSuffix(trimmed, "=") &&
			!strings.HasSuffix(trimmed, "==") && !strings.HasSuffix(trimmed, "!=") &&
			!strings.HasSuffix(trimmed, "<=") && !strings.HasSuffix(trimmed, ">=") {
			// {x=}: the text of the expression, then its repr
			debug = expr
			expr = strings.TrimSuffix(trimmed, "=")
		}
		if i < len(body) && body[i] == '!' {
			if i+1 >= len(body) {
				return "", nil, syntaxErr(src, at, "f-string: invalid conversion character: expected 's', 'r', or 'a'")
			}
			conv = body[i : i+2]
			i += 2
		}
		var specArgs []string
		if i < len(body) && body[i] == ':' {
			i++
			var sb strings.Builder
			for i < len(body) && body[i] != '}' {
				if body[i] == '{' {
					e, end, err := fieldExpr(body, i+1, src, at)
					if err != nil {
						return "", nil, err
					}
					if end >= len(body) || body[end] != '}' {
						return "", nil, syntaxErr(src, at, "f-string: expecting '}'")
					}
					sb.WriteString("{}")
					specArgs = append(specArgs, "("+e+")")
					i = end + 1
					continue
				}
				sb.WriteByte(body[i])
				i++
			}
			spec = sb.String()
		}
		if i >= len(body) || body[i] != '}' {
			return "", nil, syntaxErr(src, at, "f-string: expecting '}'")
		}
		if strings.TrimSpace(expr) == "" {
			return "", nil, syntaxErr(src, at, "f-string: empty expression not allowed")
		}
		if debug != "" {
			t.WriteString(strings.NewReplacer("{", "{{", "}", "}}").Replace(debug))
			if conv == "" && spec == "" {
				conv = "!r"
			}
		}
		t.WriteString("{" + conv)
		if spec != "" || len(specArgs) > 0 {
			t.WriteString(":" + spec)
		}
		t.WriteString("}")
		args = append(args, "("+expr+")")
		args = append(args, specArgs...)
	}
	return t.String(), args, nil
}

// fieldExpr reads a field's expression from i up to its '!', ':' or '}'
// at bracket depth 0, outside strings; it returns the expression and the
// index of that delimiter.
func fieldExpr(body string, i int, src string, at int) (string, int, error) {
	start := i
	depth := 0
	for i < len(body) {
		c := body[i]
		switch {
		case c == '\'' || c == '"':
			q := body[i : i+1]
			if strings.HasPrefix(body[i:], q+q+q) {
				q = q + q + q
			}
			end := strings.Index(body[i+len(q):], q)
			if end < 0 {
				return "", 0, syntaxErr(src, at, "f-string: unterminated string")
			}
			i += len(q) + end + len(q)
			continue
		case c == '(' || c == '[' || c == '{':
			depth++
		case c == ')' || c == ']':
			depth--
		case c == '}' && depth > 0:
			depth--
		case depth == 0 && (c == '}' || c == ':'):
			return body[start:i], i, nil
		case depth == 0 && c == '!' && (i+1 >= len(body) || body[i+1] != '='):
			return body[start:i], i, nil
		case c == '\\':
			return "", 0, syntaxErr(src, at, "f-string expression part cannot include a backslash")
		case c == '#':
			return "", 0, syntaxErr(src, at, "f-string expression part cannot include '#'")
		}
		i++
	}
	return "", 0, syntaxErr(src, at, "f-string: expecting '}'")
}

// syntaxErr is a SyntaxError at byte offset off of src.
func syntaxErr(src string, off int, msg string) error {
	line := strings.Count(src[:off], "\n") + 1
	col := off - strings.LastIndexByte(src[:off], '\n')
	text := src[strings.LastIndexByte(src[:off], '\n')+1:]
	if k := strings.IndexByte(text, '\n'); k >= 0 {
		text = text[:k]
	}
	return py.MakeSyntaxError(py.ExceptionNewf(py.SyntaxError, "%s", msg), "", line, col, text)
}

// printfCall is the builtin the rewrite calls for "literal" % operand.
const printfCall = "__flinkplay_printf__"

// skipBlanks skips spaces, and line ends and comments inside brackets.
func skipBlanks(src string, i, depth int) int {
	for i < len(src) {
		switch c := src[i]; {
		case c == ' ' || c == '\t' || c == '\f':
			i++
		case c == '\\' && i+1 < len(src) && src[i+1] == '\n':
			i += 2
		case depth > 0 && (c == '\n' || c == '\r'):
			i++
		default:
			return i
		}
	}
	return i
}

// scanOperand returns where the right operand of a % that starts at i
// ends: unary signs, an atom (a name, a number, strings, a bracketed
// group), its trailers (.name, calls, subscripts) and a ** power; the
// operators of lower precedence end it. It returns i when it sees no
// operand, leaving the text to the compiler.
func scanOperand(src string, i, depth int) int {
	start := i
	for i < len(src) && (src[i] == '-' || src[i] == '+' || src[i] == '~') {
		i = skipBlanks(src, i+1, depth)
	}
	if i >= len(src) {
		return start
	}
	switch c := src[i]; {
	case func() bool { _, ok := literalStart(src, i); return ok }():
		end, _, err := scanGroup(src, i, depth)
		if err != nil {
			return start
		}
		i = end
	case c == '(' || c == '[' || c == '{':
		end := matchBracket(src, i)
		if end < 0 {
			return start
		}
		i = end
	case isIdentByte(c):
		for i < len(src) && (isIdentByte(src[i]) || (src[i] == '.' && c >= '0' && c <= '9')) {
			i++
		}
	default:
		return start
	}
	for {
		j := skipBlanks(src, i, depth)
		switch {
		case j < len(src) && src[j] == '.' && j+1 < len(src) && isIdentByte(src[j+1]):
			j++
			for j < len(src) && isIdentByte(src[j]) {
				j++
			}
			i = j
			continue
		case j < len(src) && (src[j] == '(' || src[j] == '['):
			end := matchBracket(src, j)
			if end < 0 {
				return i
			}
			i = end
			continue
		case strings.HasPrefix(src[j:], "**"):
			k := skipBlanks(src, j+2, depth)
			if end := scanOperand(src, k, depth); end > k {
				return end
			}
		}
		return i
	}
}

// matchBracket returns the index after the bracket that closes the one at
// i, skipping strings and comments, or -1.
func matchBracket(src string, i int) int {
	depth := 0
	for i < len(src) {
		c := src[i]
		if c == '#' {
			k := strings.IndexByte(src[i:], '\n')
			if k < 0 {
				return -1
			}
			i += k
			continue
		}
		if st, ok := literalStart(src, i); ok && (st == i) && !isIdentByte(prevByte(src, i)) {
			_, end, err := scanLiteral(src, i)
			if err != nil {
				return -1
			}
			i = end
			continue
		}
		switch c {
		case '(', '[', '{':
			depth++
		case ')', ']', '}':
			depth--
			if depth == 0 {
				return i + 1
			}
		}
		i++
	}
	return -1
}

func prevByte(src string, i int) byte {
	if i == 0 {
		return ' '
	}
	return src[i-1]
}
