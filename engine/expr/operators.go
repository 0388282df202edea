package expr

import (
	"unicode/utf8"

	"github.com/flinkplay/flinkplay/engine/diag"
	"github.com/flinkplay/flinkplay/engine/types"
)

// The string operators the planner builds from their syntax: || and
// [NOT] LIKE.

// Concat builds a || b over two strings (or two byte strings): CHAR(n1+n2)
// when both are CHAR, else VARCHAR(n1+n2) capped at STRING's length.
func Concat(a, b Expr, pos int) (Expr, error) {
	ta, tb := a.Type(), b.Type()
	if !(ta.IsCharacter() && tb.IsCharacter()) && !(ta.IsBinary() && tb.IsBinary()) {
		return nil, cannotApply(pos, "||", ta, tb, "<STRING> || <STRING>")
	}
	n := int64(ta.Length) + int64(tb.Length)
	if n > types.MaxLength {
		n = types.MaxLength
	}
	t := types.Type{Kind: types.Varchar, Length: int(n)}
	switch {
	case ta.Kind == types.Char && tb.Kind == types.Char:
		t.Kind = types.Char
	case ta.IsBinary() && ta.Kind == types.Binary && tb.Kind == types.Binary:
		t.Kind = types.Binary
	case ta.IsBinary():
		t.Kind = types.Varbinary
	}
	return &ConcatExpr{Args: []Expr{a, b}, T: NullableIf(t, a, b), Name: "||"}, nil
}

type ConcatExpr struct {
	Args []Expr
	T    types.Type
	Name string
}

func (e *ConcatExpr) Type() types.Type { return e.T }

func (e *ConcatExpr) String() string { return e.Name + "(" + JoinExprs(e.Args) + ")" }

func (e *ConcatExpr) Eval(c *Ctx, row []types.Value) (types.Value, error) {
	// Values are computed first so the total length is known and the result
	// takes one arena allocation.
	var vals [8]types.Value
	vs := vals[:0]
	total := 0
	for _, a := range e.Args {
		v, err := a.Eval(c, row)
		if err != nil || v.Null {
			return types.NullValue, err
		}
		vs = append(vs, v)
		total += len(v.B)
	}
	out := c.Alloc(total)
	k := 0
	for _, v := range vs {
		k += copy(out[k:], v.B)
	}
	return types.BytesValue(out), nil
}

// Like builds x [NOT] LIKE pattern [ESCAPE escape] (escape may be nil):
// % matches any run of characters, _ exactly one.
func Like(x, pattern, escape Expr, not bool, pos int) (Expr, error) {
	name := "LIKE"
	if not {
		name = "NOT LIKE"
	}
	ops, err := patternOperands(name, x, pattern, escape, pos)
	if err != nil {
		return nil, err
	}
	return &like{args: ops, not: not}, nil
}

// patternOperands checks the operands of x LIKE|SIMILAR TO pattern
// [ESCAPE escape] (escape may be nil), all character strings, with
// Calcite's message, and returns them as one list.
func patternOperands(name string, x, pattern, escape Expr, pos int) ([]Expr, error) {
	ops := []Expr{x, pattern}
	if escape != nil {
		ops = append(ops, escape)
	}
	for _, o := range ops {
		if t := o.Type(); !t.IsCharacter() && t.Kind != types.Null {
			if escape == nil {
				return nil, cannotApply(pos, name, x.Type(), pattern.Type(), "<STRING> "+name+" <STRING>", "<STRING> "+name+" <STRING> ESCAPE <STRING>")
			}
			return nil, diag.Errorf(pos, diag.SqlValidatorException,
				"Cannot apply '%s' to arguments of type '<%s> %s <%s> ESCAPE <%s>'. Supported form(s): '<STRING> %s <STRING>'\n'<STRING> %s <STRING> ESCAPE <STRING>'",
				name, CalciteName(x.Type()), name, CalciteName(pattern.Type()), CalciteName(escape.Type()), name, name)
		}
	}
	return ops, nil
}

type like struct {
	args []Expr
	not  bool
}

func (e *like) Type() types.Type { return NullableIf(types.Bool, e.args...) }

func (e *like) String() string {
	if e.not {
		return "NOT LIKE(" + JoinExprs(e.args) + ")"
	}
	return "LIKE(" + JoinExprs(e.args) + ")"
}

func (e *like) Eval(c *Ctx, row []types.Value) (types.Value, error) {
	var vals [3]types.Value
	for i, a := range e.args {
		v, err := a.Eval(c, row)
		if err != nil || v.Null {
			return types.NullValue, err
		}
		vals[i] = v
	}
	esc := rune(-1)
	if len(e.args) == 3 {
		r, size := utf8.DecodeRune(vals[2].B)
		if size != len(vals[2].B) || size == 0 {
			return types.NullValue, RuntimeErr(diag.RuntimeException, "Invalid escape character '%s'", vals[2].B)
		}
		esc = r
	}
	m, err := likeMatch(vals[0].B, vals[1].B, esc)
	if err != nil {
		return types.NullValue, err
	}
	return types.BoolValue(m != e.not), nil
}

// likeMatch matches s against a LIKE pattern with greedy backtracking over
// the last %, which is linear for patterns without nested ambiguity.
func likeMatch(s, p []byte, esc rune) (bool, error) {
	si, pi := 0, 0
	starP, starS := -1, 0
	for si < len(s) {
		if pi < len(p) {
			r, size := utf8.DecodeRune(p[pi:])
			switch {
			case r == esc:
				if pi+size >= len(p) {
					return false, RuntimeErr(diag.RuntimeException, "Invalid escape sequence '%s', %d", p, pi)
				}
				lit, lsize := utf8.DecodeRune(p[pi+size:])
				if lit != '%' && lit != '_' && lit != esc {
					return false, RuntimeErr(diag.RuntimeException, "Invalid escape sequence '%s', %d", p, pi)
				}
				sr, ssize := utf8.DecodeRune(s[si:])
				if sr == lit {
					si += ssize
					pi += size + lsize
					continue
				}
			case r == '%':
				starP, starS = pi+size, si
				pi += size
				continue
			case r == '_':
				_, ssize := utf8.DecodeRune(s[si:])
				si += ssize
				pi += size
				continue
			default:
				sr, ssize := utf8.DecodeRune(s[si:])
				if sr == r {
					si += ssize
					pi += size
					continue
				}
			}
		}
		if starP < 0 {
			return false, nil
		}
		_, ssize := utf8.DecodeRune(s[starS:])
		starS += ssize
		si, pi = starS, starP
	}
	for pi < len(p) {
		r, size := utf8.DecodeRune(p[pi:])
		if r != '%' {
			return false, nil
		}
		pi += size
	}
	return true, nil
}
