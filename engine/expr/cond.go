package expr

import (
	"strings"

	"github.com/flinkplay/flinkplay/engine/diag"
	"github.com/flinkplay/flinkplay/engine/types"
)

// Coerce converts x's values to t when their representation differs (for
// example INT to DOUBLE or DECIMAL, or a DECIMAL of another scale); types
// that share a representation (INT to BIGINT, CHAR to VARCHAR) pass through.
func Coerce(x Expr, t types.Type) Expr {
	f := x.Type()
	if f.Kind == types.Null {
		return Literal(types.NullValue, t.WithNullable(true))
	}
	same := f.Kind == t.Kind
	switch {
	case f.IsInteger() && t.IsInteger(), f.IsCharacter() && t.IsCharacter(), f.IsBinary() && t.IsBinary():
		same = true
	case t.Kind == types.Decimal:
		same = same && f.Scale == t.Scale && (f.Precision <= maxCompactPrecision) == (t.Precision <= maxCompactPrecision)
	case t.Kind == types.Float && f.Kind != types.Float:
		same = false
	}
	if same {
		return x
	}
	return &cast{x: x, from: f, to: t.WithNullable(f.Nullable())}
}

// When is one WHEN ... THEN ... branch of a searched CASE.
type When struct {
	Cond, Then Expr
}

// Case builds CASE WHEN c1 THEN r1 ... [ELSE e] END (els may be nil). The
// result type is the least restrictive type of the results, nullable when
// any result is or ELSE is missing.
func Case(whens []When, els Expr, pos int) (Expr, error) {
	if len(whens) == 0 {
		return nil, diag.Errorf(pos, diag.SqlValidatorException, "Wrong number of arguments to expression")
	}
	results := make([]types.Type, 0, len(whens)+1)
	allNull := true
	for _, w := range whens {
		if k := w.Cond.Type().Kind; k != types.Boolean && k != types.Null {
			return nil, diag.Errorf(pos, diag.SqlValidatorException, "Expected a boolean type")
		}
		results = append(results, w.Then.Type())
		allNull = allNull && w.Then.Type().Kind == types.Null
	}
	if els == nil {
		els = NullLiteral()
	}
	results = append(results, els.Type())
	allNull = allNull && els.Type().Kind == types.Null
	if allNull {
		return nil, diag.Errorf(pos, diag.SqlValidatorException, "ELSE clause or at least one THEN clause must be non-NULL")
	}
	t, ok := LeastRestrictive(results...)
	if !ok {
		return nil, diag.Errorf(pos, diag.SqlValidatorException, "Illegal mixing of types in CASE or COALESCE statement")
	}
	e := &caseExpr{t: t, els: Coerce(els, t)}
	for _, w := range whens {
		e.whens = append(e.whens, When{Cond: w.Cond, Then: Coerce(w.Then, t)})
	}
	return e, nil
}

type caseExpr struct {
	whens []When
	els   Expr
	t     types.Type
}

func (e *caseExpr) Type() types.Type { return e.t }
func (e *caseExpr) String() string {
	var b strings.Builder
	b.WriteString("CASE(")
	for _, w := range e.whens {
		b.WriteString(w.Cond.String() + ", " + w.Then.String() + ", ")
	}
	b.WriteString(e.els.String() + ")")
	return b.String()
}

func (e *caseExpr) Eval(c *Ctx, row []types.Value) (types.Value, error) {
	for _, w := range e.whens {
		v, err := w.Cond.Eval(c, row)
		if err != nil {
			return types.NullValue, err
		}
		if !v.Null && v.Bool() {
			return w.Then.Eval(c, row)
		}
	}
	return e.els.Eval(c, row)
}

// If builds IF(cond, a, b): a when cond is TRUE, else b.
func If(cond, a, b Expr, pos int) (Expr, error) {
	if k := cond.Type().Kind; k != types.Boolean && k != types.Null {
		return nil, CannotApplyFunc(pos, "IF", []Expr{cond, a, b},
			"IF(<BOOLEAN>, <NUMERIC>, <NUMERIC>)", "IF(<BOOLEAN>, <CHARACTER>, <CHARACTER>)",
			"IF(<BOOLEAN>, <BOOLEAN>, <BOOLEAN>)", "IF(<BOOLEAN>, <CHARACTER>, <CHARACTER>)",
			"IF(<BOOLEAN>, <BINARY>, <BINARY>)", "IF(<BOOLEAN>, <DATE>, <DATE>)",
			"IF(<BOOLEAN>, <TIMESTAMP>, <TIMESTAMP>)", "IF(<BOOLEAN>, <TIME>, <TIME>)")
	}
	t, ok := LeastRestrictive(a.Type(), b.Type())
	if !ok {
		return nil, CannotApplyFunc(pos, "IF", []Expr{cond, a, b},
			"IF(<BOOLEAN>, <NUMERIC>, <NUMERIC>)", "IF(<BOOLEAN>, <CHARACTER>, <CHARACTER>)",
			"IF(<BOOLEAN>, <BOOLEAN>, <BOOLEAN>)", "IF(<BOOLEAN>, <CHARACTER>, <CHARACTER>)",
			"IF(<BOOLEAN>, <BINARY>, <BINARY>)", "IF(<BOOLEAN>, <DATE>, <DATE>)",
			"IF(<BOOLEAN>, <TIMESTAMP>, <TIMESTAMP>)", "IF(<BOOLEAN>, <TIME>, <TIME>)")
	}
	return &caseExpr{whens: []When{{Cond: cond, Then: Coerce(a, t)}}, els: Coerce(b, t), t: t}, nil
}

// Coalesce builds COALESCE(args): the first non-NULL argument. Its type is
// the arguments' common type, nullable only when every argument is.
func Coalesce(args []Expr, pos int) (Expr, error) {
	if len(args) == 0 {
		return nil, diag.Errorf(pos, diag.SqlValidatorException, "Invalid number of arguments to function 'COALESCE'. Was expecting 1 arguments")
	}
	ts := make([]types.Type, len(args))
	allNullable := true
	for i, a := range args {
		ts[i] = a.Type()
		allNullable = allNullable && ts[i].Nullable()
	}
	t, ok := LeastRestrictive(ts...)
	if !ok {
		names := make([]string, len(ts))
		for i, x := range ts {
			names[i] = x.String()
		}
		return nil, diag.Validation(pos, "Invalid function call:\nCOALESCE(%s)", strings.Join(names, ", "))
	}
	t = t.WithNullable(allNullable)
	e := &CoalesceExpr{T: t}
	for _, a := range args {
		e.Args = append(e.Args, Coerce(a, t.WithNullable(true)))
	}
	return e, nil
}

type CoalesceExpr struct {
	Args []Expr
	T    types.Type
}

func (e *CoalesceExpr) Type() types.Type { return e.T }
func (e *CoalesceExpr) String() string {
	parts := make([]string, len(e.Args))
	for i, a := range e.Args {
		parts[i] = a.String()
	}
	return "COALESCE(" + strings.Join(parts, ", ") + ")"
}
func (e *CoalesceExpr) Eval(c *Ctx, row []types.Value) (types.Value, error) {
	for _, a := range e.Args {
		v, err := a.Eval(c, row)
		if err != nil || !v.Null {
			return v, err
		}
	}
	return types.NullValue, nil
}

// NullIf builds NULLIF(a, b): NULL when a = b, else a.
func NullIf(a, b Expr, pos int) (Expr, error) {
	eq, err := Compare(Eq, a, b, pos)
	if err != nil {
		return nil, err
	}
	return &caseExpr{whens: []When{{Cond: eq, Then: Literal(types.NullValue, a.Type().WithNullable(true))}}, els: a, t: a.Type().WithNullable(true)}, nil
}

// In builds x [NOT] IN (list): TRUE when x equals an element, NULL when it
// does not but x or an element is NULL, FALSE otherwise (NOT IN negates).
func In(x Expr, list []Expr, not bool, pos int) (Expr, error) {
	ts := []types.Type{x.Type()}
	for _, l := range list {
		ts = append(ts, l.Type())
	}
	if _, ok := LeastRestrictive(ts...); !ok {
		return nil, diag.Errorf(pos, diag.SqlValidatorException, "Values passed to IN operator must have compatible types")
	}
	e := &in{x: x, not: not, slot: &slot{t: x.Type()}}
	for _, l := range list {
		// Each comparison reads x's value from the slot, so x is evaluated once.
		eq, err := Compare(Eq, e.slot, l, pos)
		if err != nil {
			return nil, err
		}
		e.eqs = append(e.eqs, eq)
		e.list = append(e.list, l)
	}
	return e, nil
}

type in struct {
	x    Expr
	list []Expr
	eqs  []Expr // each compares the slot (x's value) with a list element
	slot *slot
	not  bool
}

func (e *in) Type() types.Type {
	return NullableIf(types.Bool, append([]Expr{e.x}, e.list...)...)
}
func (e *in) String() string {
	parts := make([]string, len(e.list))
	for i, a := range e.list {
		parts[i] = a.String()
	}
	name := "IN("
	if e.not {
		name = "NOT IN("
	}
	return name + e.x.String() + ", " + strings.Join(parts, ", ") + ")"
}

func (e *in) Eval(c *Ctx, row []types.Value) (types.Value, error) {
	v, err := e.x.Eval(c, row)
	if err != nil || v.Null {
		return types.NullValue, err
	}
	e.slot.v = v
	sawNull := false
	for _, eq := range e.eqs {
		r, err := eq.Eval(c, row)
		if err != nil {
			return types.NullValue, err
		}
		if r.Null {
			sawNull = true
			continue
		}
		if r.Bool() {
			return types.BoolValue(!e.not), nil
		}
	}
	if sawNull {
		return types.NullValue, nil
	}
	return types.BoolValue(e.not), nil
}

// slot holds a value computed once per row and read by several nodes; it is
// not safe for concurrent use, like the operators that own it.
type slot struct {
	v types.Value
	t types.Type
}

func (e *slot) Type() types.Type                              { return e.t }
func (e *slot) Eval(*Ctx, []types.Value) (types.Value, error) { return e.v, nil }
func (e *slot) String() string                                { return "$in" }
