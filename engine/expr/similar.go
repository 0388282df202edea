package expr

import (
	"regexp"
	"strings"
	"unicode/utf8"

	"github.com/flinkplay/flinkplay/engine/diag"
	"github.com/flinkplay/flinkplay/engine/types"
)

// patternSyntaxException is the class Java raises for a pattern it cannot
// compile.
const patternSyntaxException = "java.util.regex.PatternSyntaxException"

// SimilarTo builds x [NOT] SIMILAR TO pattern [ESCAPE escape]: the SQL
// regular expression must match all of x. % and _ are LIKE's wildcards;
// | * + ? {m,n} ( ) [ ] keep their regex meaning; [:ALPHA:] and the other
// POSIX class names are allowed inside brackets. The pattern is translated
// to RE2, so what RE2 cannot express (backreferences) is an error.
func SimilarTo(x, pattern, escape Expr, not bool, pos int) (Expr, error) {
	name := "SIMILAR TO"
	if not {
		name = "NOT SIMILAR TO"
	}
	ops, err := patternOperands(name, x, pattern, escape, pos)
	if err != nil {
		return nil, err
	}
	return &similar{args: ops, not: not, t: NullableIf(types.Bool, ops...)}, nil
}

type similar struct {
	args []Expr
	not  bool
	t    types.Type
	// the last compiled pattern: a constant pattern compiles once
	lastPat, lastEsc string
	last             *regexp.Regexp
}

func (e *similar) Type() types.Type { return e.t }
func (e *similar) String() string {
	if e.not {
		return "NOT SIMILAR TO(" + JoinExprs(e.args) + ")"
	}
	return "SIMILAR TO(" + JoinExprs(e.args) + ")"
}

func (e *similar) Eval(c *Ctx, row []types.Value) (types.Value, error) {
	var vals [3]types.Value
	for i, a := range e.args {
		v, err := a.Eval(c, row)
		if err != nil || v.Null {
			return types.NullValue, err
		}
		vals[i] = v
	}
	esc := ""
	if len(e.args) == 3 {
		esc = string(vals[2].B)
	}
	if e.last == nil || e.lastPat != string(vals[1].B) || e.lastEsc != esc {
		re, err := similarRegexp(string(vals[1].B), esc)
		if err != nil {
			return types.NullValue, err
		}
		e.last, e.lastPat, e.lastEsc = re, string(vals[1].B), esc
	}
	return types.BoolValue(e.last.Match(vals[0].B) != e.not), nil
}

var posixClasses = map[string]string{
	"[:ALPHA:]": "[:alpha:]", "[:alpha:]": "[:alpha:]",
	"[:UPPER:]": "[:upper:]", "[:upper:]": "[:upper:]",
	"[:LOWER:]": "[:lower:]", "[:lower:]": "[:lower:]",
	"[:DIGIT:]": "[:digit:]", "[:digit:]": "[:digit:]",
	"[:SPACE:]": "[:space:]", "[:space:]": "[:space:]",
	"[:WHITESPACE:]": "[:space:]", "[:whitespace:]": "[:space:]",
	"[:ALNUM:]": "[:alnum:]", "[:alnum:]": "[:alnum:]",
}

// similarRegexp translates a SIMILAR TO pattern into an anchored RE2 regexp.
func similarRegexp(pat, esc string) (*regexp.Regexp, error) {
	escRune := rune(-1)
	if esc != "" {
		r, size := utf8.DecodeRuneInString(esc)
		if size != len(esc) {
			return nil, RuntimeErr(diag.RuntimeException, "Invalid escape character '%s'", esc)
		}
		escRune = r
	}
	var b strings.Builder
	b.WriteString(`^(?:`)
	inBracket := false
	for i := 0; i < len(pat); {
		r, size := utf8.DecodeRuneInString(pat[i:])
		switch {
		case r == escRune:
			if i+size >= len(pat) {
				return nil, RuntimeErr(diag.RuntimeException, "Invalid escape sequence '%s', %d", pat, i)
			}
			next, nsize := utf8.DecodeRuneInString(pat[i+size:])
			b.WriteString(regexp.QuoteMeta(string(next)))
			i += size + nsize
			continue
		case r == '%':
			b.WriteString(`.*`)
		case r == '_':
			b.WriteString(`.`)
		case r == '[':
			matched := false
			for k, v := range posixClasses {
				if strings.HasPrefix(pat[i:], k) {
					if inBracket {
						b.WriteString(v)
					} else {
						b.WriteString("[" + v + "]")
					}
					i += len(k)
					matched = true
					break
				}
			}
			if matched {
				continue
			}
			b.WriteByte('[')
			inBracket = true
		case r == ']':
			b.WriteByte(']')
			inBracket = false
		case r == '\\' || r == '.' || r == '$':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r == utf8.RuneError && size == 1:
			b.WriteString(`\x{FFFD}`)
		default:
			b.WriteRune(r)
		}
		i += size
	}
	b.WriteString(`)$`)
	re, err := regexp.Compile(b.String())
	if err != nil {
		return nil, RuntimeErr(patternSyntaxException, "Invalid SIMILAR TO pattern '%s': %v", pat, err)
	}
	return re, nil
}
