package library

import (
	"bytes"
	"math"
	"strings"
	"unicode/utf8"

	"github.com/flinkplay/flinkplay/engine/diag"
	"github.com/flinkplay/flinkplay/engine/expr"
	"github.com/flinkplay/flinkplay/engine/types"
)

// Func builds a call of a built-in scalar function by name (any case):
// UPPER, LOWER, CHAR_LENGTH, CHARACTER_LENGTH, CONCAT, ABS, MOD, TRIM,
// LTRIM, RTRIM, SUBSTRING, SUBSTR, COALESCE, IF, NULLIF. An unknown name is
// Calcite's "No match found for function signature name(<NUMERIC>, ...)".
func Func(name string, args []expr.Expr, pos int) (expr.Expr, error) {
	upper := strings.ToUpper(name)
	spec, ok := byName[upper]
	if !ok || spec.Build == nil {
		return nil, expr.NoMatch(name, args, pos)
	}
	if len(args) < spec.Min || (spec.Max >= 0 && len(args) > spec.Max) {
		if spec.Min == spec.Max {
			return nil, diag.Errorf(pos, diag.SqlValidatorException, "Invalid number of arguments to function '%s'. Was expecting %d arguments", upper, spec.Min)
		}
		return nil, expr.NoMatch(name, args, pos)
	}
	return spec.Build(upper, args, pos)
}

// Known reports whether name is a built-in function Func can call.
func Known(name string) bool {
	f, ok := byName[strings.ToUpper(name)]
	return ok && f.Build != nil
}

// Implemented reports whether a built-in function of that name (any case)
// exists, for the coverage test and SHOW FUNCTIONS.
func Implemented(name string) bool { return Known(name) }

func buildCoalesce(_ string, a []expr.Expr, pos int) (expr.Expr, error) { return expr.Coalesce(a, pos) }
func buildIf(_ string, a []expr.Expr, pos int) (expr.Expr, error) {
	return expr.If(a[0], a[1], a[2], pos)
}
func buildNullIf(_ string, a []expr.Expr, pos int) (expr.Expr, error) {
	return expr.NullIf(a[0], a[1], pos)
}

func needChar(name string, args []expr.Expr, pos int, forms ...string) error {
	for _, a := range args {
		if !a.Type().IsCharacter() && a.Type().Kind != types.Null {
			return expr.CannotApplyFunc(pos, name, args, forms...)
		}
	}
	return nil
}

func buildCase(name string, args []expr.Expr, pos int) (expr.Expr, error) {
	if err := needChar(name, args, pos, name+"(<CHARACTER>)"); err != nil {
		return nil, err
	}
	up := name == "UPPER"
	t := args[0].Type()
	return &expr.Scalar{Name: name, Args: args, T: t, EvalFn: func(c *expr.Ctx, v []types.Value) (types.Value, error) {
		return types.BytesValue(changeCase(c, v[0].B, up)), nil
	}}, nil
}

func changeCase(c *expr.Ctx, b []byte, up bool) []byte {
	ascii := true
	for _, ch := range b {
		if ch >= utf8.RuneSelf {
			ascii = false
			break
		}
	}
	if !ascii {
		if up {
			// Java's full case mapping turns ß into SS; Go's maps it to itself.
			return c.Keep(bytes.ReplaceAll(bytes.ToUpper(b), []byte("ß"), []byte("SS")))
		}
		return c.Keep(bytes.ToLower(b))
	}
	out := c.Alloc(len(b))
	for i, ch := range b {
		switch {
		case up && ch >= 'a' && ch <= 'z':
			ch -= 'a' - 'A'
		case !up && ch >= 'A' && ch <= 'Z':
			ch += 'a' - 'A'
		}
		out[i] = ch
	}
	return out
}

func buildCharLength(name string, args []expr.Expr, pos int) (expr.Expr, error) {
	if err := needChar(name, args, pos, name+"(<CHARACTER>)"); err != nil {
		return nil, err
	}
	t := expr.NullableIf(types.Int32, args...)
	return &expr.Scalar{Name: name, Args: args, T: t, EvalFn: func(_ *expr.Ctx, v []types.Value) (types.Value, error) {
		return types.IntValue(int64(utf8.RuneCount(v[0].B))), nil
	}}, nil
}

func buildConcat(name string, args []expr.Expr, pos int) (expr.Expr, error) {
	for _, a := range args {
		if !a.Type().IsCharacter() && a.Type().Kind != types.Null {
			return nil, expr.CannotApplyFunc(pos, name, args, name+"(<CHARACTER>)")
		}
	}
	return &expr.ConcatExpr{Args: args, T: expr.NullableIf(types.String, args...), Name: name}, nil
}

func buildAbs(name string, args []expr.Expr, pos int) (expr.Expr, error) {
	t := args[0].Type()
	if !t.IsNumeric() && !t.IsInterval() {
		return nil, expr.CannotApplyFunc(pos, name, args, name+"(<NUMERIC>)", name+"(<DATETIME_INTERVAL>)")
	}
	t.Attr = types.Regular
	return &expr.Scalar{Name: name, Args: args, T: t, EvalFn: func(_ *expr.Ctx, v []types.Value) (types.Value, error) {
		x := v[0]
		switch t.Kind {
		case types.Float, types.Double:
			return types.FloatValue(math.Abs(x.F)), nil
		case types.Decimal:
			d := expr.DecOf(x, t)
			if d.Sign() < 0 {
				d = expr.DecNeg(d)
			}
			return expr.DecValue(d, t), nil
		}
		if x.I < 0 {
			return types.IntValue(expr.WrapInt(-x.I, t.Kind)), nil
		}
		return x, nil
	}}, nil
}

func buildMod(name string, args []expr.Expr, pos int) (expr.Expr, error) {
	ta, tb := args[0].Type(), args[1].Type()
	if !ta.IsNumeric() || !tb.IsNumeric() || expr.IsApprox(ta) || expr.IsApprox(tb) {
		return nil, expr.CannotApplyFunc(pos, name, args, "MOD(<EXACT_NUMERIC>, <EXACT_NUMERIC>)")
	}
	return expr.Arith(expr.Mod, args[0], args[1], pos)
}

func buildTrim(name string, args []expr.Expr, pos int) (expr.Expr, error) {
	if err := needChar(name, args, pos, name+"(<CHARACTER>)"); err != nil {
		return nil, err
	}
	t := args[0].Type()
	t = types.Type{Kind: types.Varchar, Length: t.Length, NotNull: t.NotNull}
	left, right := name != "RTRIM", name != "LTRIM"
	return &expr.Scalar{Name: name, Args: args, T: t, EvalFn: func(_ *expr.Ctx, v []types.Value) (types.Value, error) {
		b := v[0].B
		if left {
			b = bytes.TrimLeft(b, " ")
		}
		if right {
			b = bytes.TrimRight(b, " ")
		}
		return types.BytesValue(b), nil
	}}, nil
}

func buildSubstring(name string, args []expr.Expr, pos int) (expr.Expr, error) {
	ok := args[0].Type().IsCharacter()
	for _, a := range args[1:] {
		ok = ok && a.Type().IsInteger()
	}
	if !ok {
		return nil, expr.CannotApplyFunc(pos, name, args, name+"(<CHARACTER>, <INTEGER>)", name+"(<CHARACTER>, <INTEGER>, <INTEGER>)")
	}
	t := types.Type{Kind: types.Varchar, Length: args[0].Type().Length}
	return &expr.Scalar{Name: name, Args: args, T: t, EvalFn: func(_ *expr.Ctx, v []types.Value) (types.Value, error) {
		length := int64(1<<31 - 1)
		if len(v) == 3 {
			length = v[2].I
		}
		return substringSQL(v[0].B, v[1].I, length), nil
	}}, nil
}

// substringSQL is SQL's 1-based SUBSTRING: a negative start counts from the
// end, start 0 acts as 1, a negative length gives NULL.
func substringSQL(s []byte, start, length int64) types.Value {
	if length < 0 {
		return types.NullValue
	}
	n := int64(utf8.RuneCount(s))
	var from int64
	switch {
	case start > 0:
		from = start - 1
		if from >= n {
			return types.BytesValue(s[:0])
		}
	case start < 0:
		from = n + start
		if from < 0 {
			return types.BytesValue(s[:0])
		}
	}
	to := n
	if n-from >= length {
		to = from + length
	}
	return types.BytesValue(runeSlice(s, from, to))
}

// runeSlice returns the bytes of characters [from, to).
func runeSlice(s []byte, from, to int64) []byte {
	var i int64
	start := len(s)
	for pos := range string(s) { // no allocation: ranging over a conversion is optimized
		if i == from {
			start = pos
		}
		if i == to {
			return s[start:pos]
		}
		i++
	}
	if from >= i {
		return s[:0]
	}
	return s[start:]
}
