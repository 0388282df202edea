package expr

import (
	"github.com/flinkplay/flinkplay/engine/diag"
	"github.com/flinkplay/flinkplay/engine/types"
)

// checkBool rejects a non-BOOLEAN operand of a logical operator with
// Calcite's message; an untyped NULL counts as BOOLEAN.
func checkBool(pos int, name string, operands ...Expr) error {
	for _, x := range operands {
		if k := x.Type().Kind; k != types.Boolean && k != types.Null {
			switch len(operands) {
			case 1:
				return diag.Errorf(pos, diag.SqlValidatorException,
					"Cannot apply '%s' to arguments of type '%s <%s>'. Supported form(s): '%s <BOOLEAN>'",
					name, name, CalciteName(x.Type()), name)
			default:
				return cannotApply(pos, name, operands[0].Type(), operands[1].Type(), "<BOOLEAN> "+name+" <BOOLEAN>")
			}
		}
	}
	return nil
}

// And builds a AND b with three-valued logic: FALSE wins over NULL. The
// right operand is not evaluated when the left is FALSE.
func And(a, b Expr, pos int) (Expr, error) {
	if err := checkBool(pos, "AND", a, b); err != nil {
		return nil, err
	}
	return &andOr{a: a, b: b, and: true}, nil
}

// Or builds a OR b with three-valued logic: TRUE wins over NULL. The right
// operand is not evaluated when the left is TRUE.
func Or(a, b Expr, pos int) (Expr, error) {
	if err := checkBool(pos, "OR", a, b); err != nil {
		return nil, err
	}
	return &andOr{a: a, b: b}, nil
}

type andOr struct {
	a, b Expr
	and  bool
}

func (e *andOr) Type() types.Type { return NullableIf(types.Bool, e.a, e.b) }
func (e *andOr) String() string {
	if e.and {
		return "AND(" + e.a.String() + ", " + e.b.String() + ")"
	}
	return "OR(" + e.a.String() + ", " + e.b.String() + ")"
}

func (e *andOr) Eval(c *Ctx, row []types.Value) (types.Value, error) {
	x, err := e.a.Eval(c, row)
	if err != nil {
		return types.NullValue, err
	}
	// The deciding value: FALSE for AND, TRUE for OR.
	decide := !e.and
	if !x.Null && x.Bool() == decide {
		return types.BoolValue(decide), nil
	}
	y, err := e.b.Eval(c, row)
	if err != nil {
		return types.NullValue, err
	}
	if !y.Null && y.Bool() == decide {
		return types.BoolValue(decide), nil
	}
	if x.Null || y.Null {
		return types.NullValue, nil
	}
	return types.BoolValue(!decide), nil
}

// Not builds NOT x; NOT NULL is NULL.
func Not(x Expr, pos int) (Expr, error) {
	if err := checkBool(pos, "NOT", x); err != nil {
		return nil, err
	}
	return &not{x: x}, nil
}

type not struct{ x Expr }

func (e *not) Type() types.Type { return NullableIf(types.Bool, e.x) }
func (e *not) String() string   { return "NOT(" + e.x.String() + ")" }
func (e *not) Eval(c *Ctx, row []types.Value) (types.Value, error) {
	v, err := e.x.Eval(c, row)
	if err != nil || v.Null {
		return types.NullValue, err
	}
	return types.BoolValue(!v.Bool()), nil
}

// predicate is a postfix test that is never NULL itself.
type predicate struct {
	x    Expr
	name string
	test func(v types.Value) bool
}

func (e *predicate) Type() types.Type { return types.Type{Kind: types.Boolean, NotNull: true} }
func (e *predicate) String() string   { return e.name + "(" + e.x.String() + ")" }
func (e *predicate) Eval(c *Ctx, row []types.Value) (types.Value, error) {
	v, err := e.x.Eval(c, row)
	if err != nil {
		return types.NullValue, err
	}
	return types.BoolValue(e.test(v)), nil
}

// IsNull builds x IS NULL, or x IS NOT NULL when not is set. Any type.
func IsNull(x Expr, not bool) Expr {
	if not {
		return &predicate{x: x, name: "IS NOT NULL", test: func(v types.Value) bool { return !v.Null }}
	}
	return &predicate{x: x, name: "IS NULL", test: func(v types.Value) bool { return v.Null }}
}

func boolPredicate(x Expr, pos int, name string, test func(v types.Value) bool) (Expr, error) {
	if err := checkBool(pos, name, x); err != nil {
		// Calcite prints postfix forms with the operand first.
		if de, ok := diag.As(err); ok {
			de.Msg = "Cannot apply '" + name + "' to arguments of type '<" + CalciteName(x.Type()) + "> " + name +
				"'. Supported form(s): '<BOOLEAN> " + name + "'"
		}
		return nil, err
	}
	return &predicate{x: x, name: name, test: test}, nil
}

// IsTrue builds x IS TRUE (or IS NOT TRUE).
func IsTrue(x Expr, not bool, pos int) (Expr, error) {
	if not {
		return boolPredicate(x, pos, "IS NOT TRUE", func(v types.Value) bool { return v.Null || !v.Bool() })
	}
	return boolPredicate(x, pos, "IS TRUE", func(v types.Value) bool { return !v.Null && v.Bool() })
}

// IsFalse builds x IS FALSE (or IS NOT FALSE).
func IsFalse(x Expr, not bool, pos int) (Expr, error) {
	if not {
		return boolPredicate(x, pos, "IS NOT FALSE", func(v types.Value) bool { return v.Null || v.Bool() })
	}
	return boolPredicate(x, pos, "IS FALSE", func(v types.Value) bool { return !v.Null && !v.Bool() })
}

// IsUnknown builds x IS UNKNOWN (or IS NOT UNKNOWN): a NULL test on BOOLEAN.
func IsUnknown(x Expr, not bool, pos int) (Expr, error) {
	if not {
		return boolPredicate(x, pos, "IS NOT UNKNOWN", func(v types.Value) bool { return !v.Null })
	}
	return boolPredicate(x, pos, "IS UNKNOWN", func(v types.Value) bool { return v.Null })
}
