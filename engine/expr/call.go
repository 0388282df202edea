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

func JoinExprs(args []Expr) string {
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
		fams[i] = "<" + Family(a.Type()) + ">"
	}
	return diag.Errorf(pos, diag.SqlValidatorException, "No match found for function signature %s(%s)", name, strings.Join(fams, ", "))
}

// Scalar is a strict function: NULL in, NULL out.
type Scalar struct {
	Name   string
	Args   []Expr
	T      types.Type
	EvalFn func(c *Ctx, v []types.Value) (types.Value, error)
	// Ints, when set, is the function's vector kernel (vec.go) for an
	// integer first argument, the others literals: dst[i] is the result
	// for src[i], which never fails and is NULL only for a NULL input.
	Ints func(dst, src []int64)
}

func (e *Scalar) Type() types.Type { return e.T }

func (e *Scalar) String() string { return e.Name + "(" + JoinExprs(e.Args) + ")" }

func (e *Scalar) Eval(c *Ctx, row []types.Value) (types.Value, error) {
	// Every argument first, then the NULL check, as arith.Eval.
	var vals [4]types.Value
	null := false
	for i, a := range e.Args {
		v, err := a.Eval(c, row)
		if err != nil {
			return types.NullValue, err
		}
		null = null || v.Null
		vals[i] = v
	}
	if null {
		return types.NullValue, nil
	}
	return e.EvalFn(c, vals[:len(e.Args)])
}

func IsCharOrNull(t types.Type) bool { return t.IsCharacter() || t.Kind == types.Null }

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
