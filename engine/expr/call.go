package expr

import (
	"strings"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/flinkplay/flinkplay/engine/diag"
	"github.com/flinkplay/flinkplay/engine/types"
)

// The nodes and errors every function call uses: a strict call (scalar),
// the text of a call, and Calcite's "No match found" for a call that
// resolves to no function.

func joinExprs(args []Expr) string {
	parts := make([]string, len(args))
	for i, a := range args {
		parts[i] = a.String()
	}
	return strings.Join(parts, ", ")
}

// NoMatch is Calcite's "No match found for function signature" for a
// call of name with args.
func NoMatch(name string, args []Expr, pos int) *diag.Error { return noMatch(name, args, pos) }

func noMatch(name string, args []Expr, pos int) *diag.Error {
	fams := make([]string, len(args))
	for i, a := range args {
		fams[i] = "<" + family(a.Type()) + ">"
	}
	return diag.Errorf(pos, diag.SqlValidatorException, "No match found for function signature %s(%s)", name, strings.Join(fams, ", "))
}

// scalar is a strict function: NULL in, NULL out.
type scalar struct {
	name string
	args []Expr
	t    types.Type
	eval func(c *Ctx, v []types.Value) (types.Value, error)
	// ints, when set, is the function's vector kernel (vec.go) for an
	// integer first argument, the others literals: dst[i] is the result
	// for src[i], which never fails and is NULL only for a NULL input.
	ints func(dst, src []int64)
}

func (e *scalar) Type() types.Type { return e.t }

func (e *scalar) String() string { return e.name + "(" + joinExprs(e.args) + ")" }

func (e *scalar) Eval(c *Ctx, row []types.Value) (types.Value, error) {
	var vals [4]types.Value
	for i, a := range e.args {
		v, err := a.Eval(c, row)
		if err != nil || v.Null {
			return types.NullValue, err
		}
		vals[i] = v
	}
	return e.eval(c, vals[:len(e.args)])
}

func isCharOrNull(t types.Type) bool { return t.IsCharacter() || t.Kind == types.Null }

// javaLess orders strings as Java's String.compareTo does, by UTF-16
// units: as code points, but for a character beyond U+FFFF, whose high
// surrogate sorts below U+E000 to U+FFFF.
func javaLess(a, b string) bool {
	for a != "" && b != "" {
		ra, na := utf8.DecodeRuneInString(a)
		rb, nb := utf8.DecodeRuneInString(b)
		if ra != rb {
			return utf16Unit(ra) < utf16Unit(rb) || utf16Unit(ra) == utf16Unit(rb) && ra < rb
		}
		a, b = a[na:], b[nb:]
	}
	return a == "" && b != ""
}

// utf16Unit is the first UTF-16 unit of r.
func utf16Unit(r rune) rune {
	if r >= 0x10000 {
		hi, _ := utf16.EncodeRune(r)
		return hi
	}
	return r
}
