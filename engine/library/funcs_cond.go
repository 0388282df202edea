package library

import (
	"bytes"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/flinkplay/flinkplay/engine/diag"
	"github.com/flinkplay/flinkplay/engine/expr"
	"github.com/flinkplay/flinkplay/engine/types"
)

// The conditional functions beyond CASE, COALESCE, IF and NULLIF: IFNULL,
// GREATEST, LEAST and the IS_ALPHA / IS_DECIMAL / IS_DIGIT tests; and the
// conversion function TYPEOF.

// buildIfNull is IFNULL(x, r): r when x is NULL. The type is the common
// type of both, nullable only when r is.
func buildIfNull(name string, args []expr.Expr, pos int) (expr.Expr, error) {
	t, ok := expr.LeastRestrictive(args[0].Type(), args[1].Type())
	if !ok {
		return nil, invalidCall(pos, name, args)
	}
	t = t.WithNullable(args[1].Type().Nullable())
	t.Attr = types.Regular
	return &expr.CoalesceExpr{Args: []expr.Expr{expr.Coerce(args[0], t), expr.Coerce(args[1], t)}, T: t}, nil
}

// buildGreatestLeast is GREATEST and LEAST: the largest or smallest of the
// arguments in their common type, NULL when any argument is NULL.
func buildGreatestLeast(name string, args []expr.Expr, pos int) (expr.Expr, error) {
	t, ok := expr.LeastRestrictive(argTypes(args)...)
	if ok {
		ok = t.IsNumeric() || t.IsCharacter() || t.IsBinary() || t.Kind == types.Boolean ||
			expr.IsDatetime(t) || t.IsInterval()
	}
	if !ok {
		return nil, invalidCall(pos, name, args)
	}
	t = expr.NullableIf(t, args...)
	t.Attr = types.Regular
	conv := make([]expr.Expr, len(args))
	for i, a := range args {
		conv[i] = expr.Coerce(a, t)
	}
	return &extremum{name: name, args: conv, t: t, greatest: name == "GREATEST"}, nil
}

// invalidCall is Flink's error for a call of a function with its own type
// inference (not a Calcite operator) that the arguments do not fit.
func invalidCall(pos int, name string, args []expr.Expr) error {
	names := make([]string, len(args))
	for i, a := range args {
		names[i] = a.Type().String()
	}
	return diag.Validation(pos, "Invalid function call:\n%s(%s)", name, strings.Join(names, ", "))
}

type extremum struct {
	name     string
	args     []expr.Expr
	t        types.Type
	greatest bool
}

func (e *extremum) Type() types.Type { return e.t }
func (e *extremum) String() string   { return e.name + "(" + expr.JoinExprs(e.args) + ")" }
func (e *extremum) Eval(c *expr.Ctx, row []types.Value) (types.Value, error) {
	var best types.Value
	for i, a := range e.args {
		v, err := a.Eval(c, row)
		if err != nil || v.Null {
			return types.NullValue, err
		}
		if i == 0 {
			best = v
			continue
		}
		k := compareValues(v, best, e.t)
		if (e.greatest && k > 0) || (!e.greatest && k < 0) {
			best = v
		}
	}
	return best, nil
}

// compareValues orders two non-null values of a comparable type t.
func compareValues(a, b types.Value, t types.Type) int {
	switch {
	case t.Kind == types.Float || t.Kind == types.Double:
		switch {
		case a.F < b.F:
			return -1
		case a.F > b.F:
			return 1
		}
		return 0
	case t.Kind == types.Decimal:
		return expr.DecCmp(expr.DecOf(a, t), expr.DecOf(b, t))
	case t.IsCharacter() || t.IsBinary():
		return bytes.Compare(a.B, b.B)
	case t.IsTimestamp():
		return expr.CmpTs(a, b)
	}
	return expr.CmpInt(a.I, b.I)
}

// buildIsTest is IS_ALPHA, IS_DECIMAL and IS_DIGIT: BOOLEAN NOT NULL, FALSE
// for NULL. Strings: every character a letter (IS_ALPHA) or a digit
// (IS_DIGIT), non-empty; or text Java parses as int, long or double
// (IS_DECIMAL). Numbers: IS_DECIMAL is always TRUE, IS_DIGIT for integers.
func buildIsTest(name string, args []expr.Expr, pos int) (expr.Expr, error) {
	t := args[0].Type()
	if !t.IsCharacter() && !t.IsNumeric() && t.Kind != types.Null {
		return nil, expr.CannotApplyFunc(pos, name, args, name+"(<CHARACTER>)", name+"(<NUMERIC>)")
	}
	x := args[0]
	return &isTest{name: name, x: x, in: t}, nil
}

type isTest struct {
	name string
	x    expr.Expr
	in   types.Type
}

func (e *isTest) Type() types.Type { return types.Bool.WithNullable(false) }
func (e *isTest) String() string   { return e.name + "(" + e.x.String() + ")" }
func (e *isTest) Eval(c *expr.Ctx, row []types.Value) (types.Value, error) {
	v, err := e.x.Eval(c, row)
	if err != nil || v.Null || e.in.Kind == types.Null {
		return types.BoolValue(false), err
	}
	if e.in.IsNumeric() {
		switch e.name {
		case "IS_DECIMAL":
			return types.BoolValue(true), nil
		case "IS_DIGIT":
			return types.BoolValue(e.in.IsInteger()), nil
		}
		return types.BoolValue(false), nil
	}
	s := v.B
	if len(s) == 0 {
		return types.BoolValue(false), nil
	}
	switch e.name {
	case "IS_DECIMAL":
		if _, ok := parseJavaLong(s); ok {
			return types.BoolValue(true), nil
		}
		_, ok := expr.ParseJavaDouble(s, 64)
		return types.BoolValue(ok), nil
	case "IS_DIGIT":
		return types.BoolValue(allRunes(s, unicode.IsDigit)), nil
	}
	return types.BoolValue(allRunes(s, unicode.IsLetter)), nil
}

// parseJavaLong accepts what Long.parseLong accepts: a sign and digits.
func parseJavaLong(s []byte) (int64, bool) {
	i, err := strconv.ParseInt(string(s), 10, 64)
	return i, err == nil
}

func allRunes(s []byte, f func(rune) bool) bool {
	for len(s) > 0 {
		r, n := utf8.DecodeRune(s)
		if !f(r) {
			return false
		}
		s = s[n:]
	}
	return true
}

// buildTypeOf is TYPEOF(x[, forceSerializable]): x's type as Flink prints
// it, a STRING NOT NULL computed while planning. The second argument must
// be a BOOLEAN literal; TRUE prints the serializable form (VARCHAR(2147483647)
// rather than STRING).
func buildTypeOf(name string, args []expr.Expr, pos int) (expr.Expr, error) {
	force := false
	if len(args) == 2 {
		v, ok := expr.LiteralValue(args[1])
		if !ok || args[1].Type().Kind != types.Boolean {
			return nil, expr.CannotApplyFunc(pos, name, args, "TYPEOF(<ANY>)", "TYPEOF(<ANY>, <BOOLEAN>)")
		}
		force = !v.Null && v.Bool()
	}
	t := args[0].Type()
	s := t.String()
	if force {
		s = serializableType(t)
	}
	return expr.Literal(types.StringValue(s), types.String.WithNullable(false)), nil
}

// serializableType spells the types whose summary is an alias in full.
func serializableType(t types.Type) string {
	switch {
	case t.Kind == types.Varchar && t.Length == types.MaxLength:
		return "VARCHAR(2147483647)" + notNullSuffix(t)
	case t.Kind == types.Varbinary && t.Length == types.MaxLength:
		return "VARBINARY(2147483647)" + notNullSuffix(t)
	case t.Kind == types.TimestampLTZ:
		return "TIMESTAMP(" + strconv.Itoa(t.Precision) + ") WITH LOCAL TIME ZONE" + notNullSuffix(t)
	}
	return t.String()
}

func notNullSuffix(t types.Type) string {
	if t.NotNull {
		return " NOT NULL"
	}
	return ""
}
