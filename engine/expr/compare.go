package expr

import (
	"bytes"

	"github.com/flinkplay/flinkplay/engine/diag"
	"github.com/flinkplay/flinkplay/engine/funcs"
	"github.com/flinkplay/flinkplay/engine/types"
)

// CmpOp is a comparison operator.
type CmpOp uint8

// The comparison operators.
const (
	Eq CmpOp = iota // =
	Ne              // <>
	Lt              // <
	Le              // <=
	Gt              // >
	Ge              // >=
)

var cmpSymbols = [...]string{"=", "<>", "<", "<=", ">", ">="}

// String returns the operator's SQL symbol.
func (op CmpOp) String() string {
	if int(op) < len(cmpSymbols) {
		return cmpSymbols[op]
	}
	return "?"
}

// codeGenException is the class of Flink's code generator errors, raised
// for comparisons the validator lets through but no code exists for.
const codeGenException = "org.apache.flink.table.planner.codegen.CodeGenException"

type cmpKernel uint8

const (
	cInt cmpKernel = iota
	cFloat64
	cFloat32
	cDecimal
	cBytes
	cTimestamp
	cTsMixed // TIMESTAMP vs TIMESTAMP_LTZ: the TIMESTAMP side is read in the session zone
	cCastStr // a time point vs a string: the string is cast to the time point's type
	cUnequal // BOOLEAN or INTERVAL vs a string: Flink's generated equals() is always false
	cNull    // an untyped NULL operand
	cDeep    // ARRAY, MAP, MULTISET, ROW equality
)

type compare struct {
	op      CmpOp
	a, b    Expr
	kernel  cmpKernel
	strCast Expr // for cCastStr: the string side cast to the other's type
	strLeft bool // for cCastStr: the string is the left operand
	ta, tb  types.Type
}

func isTimePoint(t types.Type) bool { return isDatetime(t) }

// comparable reports Calcite's SqlTypeUtil.isComparable.
func comparableTypes(a, b types.Type) bool {
	if a.Kind == types.Null || b.Kind == types.Null {
		return true
	}
	if family(a) == family(b) {
		if a.Kind == types.Row || b.Kind == types.Row {
			return a.Kind == b.Kind
		}
		return true
	}
	strCmp := func(t types.Type) bool {
		return t.IsNumeric() || t.Kind == types.Boolean || isDatetime(t) || t.IsInterval()
	}
	return a.IsCharacter() && strCmp(b) || b.IsCharacter() && strCmp(a)
}

// Compare builds a comparison. Numbers compare across types (widened as
// Calcite's least restrictive type), strings by code point, time points of
// one family, booleans with FALSE < TRUE. As in Flink, = and <> between a
// number and a string are rejected ("implicit type conversion between
// INTEGER and CHAR is not supported now"), a string compared for equality
// with a DATE, TIME or TIMESTAMP is cast to it, and ordering a string
// against another family fails in code generation.
func Compare(op CmpOp, a, b Expr, pos int) (Expr, error) {
	ta, tb := a.Type(), b.Type()
	if !comparableTypes(ta, tb) {
		return nil, cannotApply(pos, op.String(), ta, tb, "<COMPARABLE_TYPE> "+op.String()+" <COMPARABLE_TYPE>")
	}
	e := &compare{op: op, a: a, b: b, ta: ta, tb: tb}
	eq := op == Eq || op == Ne
	switch {
	case ta.Kind == types.Null || tb.Kind == types.Null:
		e.kernel = cNull
	case ta.IsNumeric() && tb.IsNumeric():
		t, _ := leastRestrictive2(ta, tb)
		switch t.Kind {
		case types.Double:
			e.kernel = cFloat64
		case types.Float:
			e.kernel = cFloat32
		case types.Decimal:
			e.kernel = cDecimal
		default:
			e.kernel = cInt
		}
	case ta.IsCharacter() && tb.IsCharacter(), ta.IsBinary() && tb.IsBinary():
		e.kernel = cBytes
	case ta.IsCharacter() != tb.IsCharacter():
		other := ta
		if ta.IsCharacter() {
			other = tb
		}
		switch {
		case eq && other.IsNumeric():
			return nil, diag.Validation(pos, "implicit type conversion between %s and %s is not supported now", rootName(ta), rootName(tb))
		case eq && isTimePoint(other):
			e.kernel = cCastStr
			e.strLeft = ta.IsCharacter()
			src := a
			if !e.strLeft {
				src = b
			}
			c, err := Cast(src, other.WithNullable(src.Type().Nullable()), false, pos)
			if err != nil {
				return nil, err
			}
			e.strCast = c
		case eq:
			e.kernel = cUnequal
		default:
			return nil, diag.Errorf(pos, codeGenException, "Incomparable types: %s and %s", ta, tb)
		}
	case ta.IsTimestamp() && tb.IsTimestamp():
		e.kernel = cTimestamp
		if ta.Kind != tb.Kind {
			e.kernel = cTsMixed
		}
	case ta.Kind != tb.Kind:
		return nil, cannotApply(pos, op.String(), ta, tb, "<COMPARABLE_TYPE> "+op.String()+" <COMPARABLE_TYPE>")
	case ta.Kind == types.Array || ta.Kind == types.Map || ta.Kind == types.Multiset || ta.Kind == types.Row:
		if !eq {
			return nil, diag.Errorf(pos, codeGenException, "Incomparable types: %s and %s", ta, tb)
		}
		e.kernel = cDeep
	default: // BOOLEAN, DATE, TIME, intervals of one class
		e.kernel = cInt
	}
	return e, nil
}

func (e *compare) Type() types.Type {
	return nullableIf(types.Bool, e.a, e.b)
}

func (e *compare) String() string {
	return e.op.String() + "(" + e.a.String() + ", " + e.b.String() + ")"
}

func (e *compare) result(c int) types.Value {
	var r bool
	switch e.op {
	case Eq:
		r = c == 0
	case Ne:
		r = c != 0
	case Lt:
		r = c < 0
	case Le:
		r = c <= 0
	case Gt:
		r = c > 0
	default:
		r = c >= 0
	}
	return types.BoolValue(r)
}

func cmpInt(a, b int64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// floatResult compares with Java primitive semantics: NaN is unordered, so
// every comparison but <> is false.
func (e *compare) floatResult(a, b float64) types.Value {
	switch e.op {
	case Eq:
		return types.BoolValue(a == b)
	case Ne:
		return types.BoolValue(a != b)
	case Lt:
		return types.BoolValue(a < b)
	case Le:
		return types.BoolValue(a <= b)
	case Gt:
		return types.BoolValue(a > b)
	}
	return types.BoolValue(a >= b)
}

func (e *compare) Eval(c *Ctx, row []types.Value) (types.Value, error) {
	if e.kernel == cNull {
		return types.NullValue, nil
	}
	if e.kernel == cCastStr {
		return e.evalCastStr(c, row)
	}
	x, err := e.a.Eval(c, row)
	if err != nil || x.Null {
		return types.NullValue, err
	}
	y, err := e.b.Eval(c, row)
	if err != nil || y.Null {
		return types.NullValue, err
	}
	if e.kernel == cInt {
		return e.result(cmpInt(x.I, y.I)), nil
	}
	ta, tb := e.ta, e.tb
	switch e.kernel {
	case cFloat64:
		return e.floatResult(numFloat(x, ta), numFloat(y, tb)), nil
	case cFloat32:
		return e.floatResult(float64(float32(numFloat(x, ta))), float64(float32(numFloat(y, tb)))), nil
	case cDecimal:
		return e.result(decCmp(numDec(x, ta), numDec(y, tb))), nil
	case cBytes:
		return e.result(bytes.Compare(x.B, y.B)), nil
	case cTimestamp:
		return e.result(cmpTs(x, y)), nil
	case cTsMixed:
		if ta.Kind == types.Timestamp {
			x = tsToLTZ(x, c.zone())
		} else {
			y = tsToLTZ(y, c.zone())
		}
		return e.result(cmpTs(x, y)), nil
	case cUnequal:
		return types.BoolValue(e.op == Ne), nil
	case cDeep:
		return types.BoolValue(valuesEqual(x, y, ta) == (e.op == Eq)), nil
	}
	return types.NullValue, nil
}

func (e *compare) evalCastStr(c *Ctx, row []types.Value) (types.Value, error) {
	var x, y types.Value
	var err error
	if e.strLeft {
		if x, err = e.strCast.Eval(c, row); err != nil || x.Null {
			return types.NullValue, err
		}
		if y, err = e.b.Eval(c, row); err != nil || y.Null {
			return types.NullValue, err
		}
	} else {
		if x, err = e.a.Eval(c, row); err != nil || x.Null {
			return types.NullValue, err
		}
		if y, err = e.strCast.Eval(c, row); err != nil || y.Null {
			return types.NullValue, err
		}
	}
	return e.result(cmpTs(x, y)), nil
}

// cmpTs orders time values by I then N (N is zero for DATE and TIME).
func cmpTs(x, y types.Value) int {
	if c := cmpInt(x.I, y.I); c != 0 {
		return c
	}
	return cmpInt(int64(x.N), int64(y.N))
}

// valuesEqual compares two non-null values of type t deeply.
func valuesEqual(x, y types.Value, t types.Type) bool {
	if x.Null || y.Null {
		return x.Null == y.Null
	}
	switch t.Kind {
	case types.Float, types.Double:
		return x.F == y.F
	case types.Decimal:
		return decCmp(decOf(x, t), decOf(y, t)) == 0
	case types.Char, types.Varchar, types.Binary, types.Varbinary:
		return bytes.Equal(x.B, y.B)
	case types.Array:
		ax, _ := x.X.(*types.ArrayValue)
		ay, _ := y.X.(*types.ArrayValue)
		if ax == nil || ay == nil || len(ax.Elems) != len(ay.Elems) {
			return ax == ay
		}
		for i := range ax.Elems {
			if !valuesEqual(ax.Elems[i], ay.Elems[i], *t.Elem) {
				return false
			}
		}
		return true
	case types.Map, types.Multiset:
		mx, _ := x.X.(*types.MapValue)
		my, _ := y.X.(*types.MapValue)
		if mx == nil || my == nil || len(mx.Keys) != len(my.Keys) {
			return mx == my
		}
		kt, vt := t.Elem, &types.Type{Kind: types.Int}
		if t.Kind == types.Map {
			kt, vt = t.Key, t.Val
		}
		for i := range mx.Keys {
			found := false
			for j := range my.Keys {
				if valuesEqual(mx.Keys[i], my.Keys[j], *kt) {
					found = valuesEqual(mx.Vals[i], my.Vals[j], *vt)
					break
				}
			}
			if !found {
				return false
			}
		}
		return true
	case types.Row:
		rx, _ := x.X.(*types.RowValue)
		ry, _ := y.X.(*types.RowValue)
		if rx == nil || ry == nil || len(rx.Fields) != len(ry.Fields) || len(rx.Fields) != len(t.Fields) {
			return rx == ry
		}
		for i := range rx.Fields {
			if !valuesEqual(rx.Fields[i], ry.Fields[i], t.Fields[i].Type) {
				return false
			}
		}
		return true
	}
	return x.I == y.I && x.N == y.N
}

// IsDistinctFrom builds a IS [NOT] DISTINCT FROM b: equality where two NULLs
// are equal and NULL differs from any value; never NULL itself.
func IsDistinctFrom(a, b Expr, not bool, pos int) (Expr, error) {
	eq, err := Compare(Eq, a, b, pos)
	if err != nil {
		if de, ok := diag.As(err); ok && de.Class == diag.SqlValidatorException {
			name := "IS DISTINCT FROM"
			if not {
				name = "IS NOT DISTINCT FROM"
			}
			return nil, cannotApply(pos, name, a.Type(), b.Type(), "<COMPARABLE_TYPE> "+name+" <COMPARABLE_TYPE>")
		}
		return nil, err
	}
	return &distinct{eq: eq.(*compare), not: not}, nil
}

type distinct struct {
	eq  *compare
	not bool
}

func (e *distinct) Type() types.Type { return types.Type{Kind: types.Boolean, NotNull: true} }
func (e *distinct) String() string {
	if e.not {
		return "IS NOT DISTINCT FROM(" + e.eq.a.String() + ", " + e.eq.b.String() + ")"
	}
	return "IS DISTINCT FROM(" + e.eq.a.String() + ", " + e.eq.b.String() + ")"
}
func (e *distinct) Eval(c *Ctx, row []types.Value) (types.Value, error) {
	x, err := e.eq.a.Eval(c, row)
	if err != nil {
		return types.NullValue, err
	}
	y, err := e.eq.b.Eval(c, row)
	if err != nil {
		return types.NullValue, err
	}
	var same bool
	switch {
	case x.Null || y.Null:
		same = x.Null && y.Null
	default:
		r, err := e.eq.Eval(c, row)
		if err != nil {
			return types.NullValue, err
		}
		same = !r.Null && r.Bool()
	}
	return types.BoolValue(same == e.not), nil
}

// The specs of the functions and operators this file implements (the
// registry, registry.go, lists them).
var (
	fnOpLess = &Function{
		Spec: funcs.Spec{Name: "<", Category: funcs.Comparison,
			Signatures:  []string{"value1 < value2"},
			Description: "TRUE when value1 is less than value2, UNKNOWN (NULL) when either is NULL.",
			Examples: []funcs.Example{
				ex("1 < 2", "TRUE"),
			},
		},
	}

	fnOpLessOrEqual = &Function{
		Spec: funcs.Spec{Name: "<=", Category: funcs.Comparison,
			Signatures:  []string{"value1 <= value2"},
			Description: "TRUE when value1 is less than or equal to value2, UNKNOWN (NULL) when either is NULL.",
			Examples: []funcs.Example{
				ex("2 <= 2", "TRUE"),
			},
		},
	}

	fnOpNotEqual = &Function{
		Spec: funcs.Spec{Name: "<>", Category: funcs.Comparison,
			Signatures:  []string{"value1 <> value2"},
			Description: "TRUE when the values differ, UNKNOWN (NULL) when either is NULL.",
			Examples: []funcs.Example{
				ex("2 <> 2", "FALSE"),
			},
		},
	}

	fnOpEqual = &Function{
		Spec: funcs.Spec{Name: "=", Category: funcs.Comparison,
			Signatures:  []string{"value1 = value2"},
			Description: "TRUE when both values are equal, UNKNOWN (NULL) when either is NULL.",
			Examples: []funcs.Example{
				ex("1 = 1", "TRUE"),
				ex("1 = CAST(NULL AS INT)", "<NULL>"),
			},
		},
	}

	fnOpGreater = &Function{
		Spec: funcs.Spec{Name: ">", Category: funcs.Comparison,
			Signatures:  []string{"value1 > value2"},
			Description: "TRUE when value1 is greater than value2, UNKNOWN (NULL) when either is NULL.",
			Examples: []funcs.Example{
				ex("3 > 2", "TRUE"),
			},
		},
	}

	fnOpGreaterOrEqual = &Function{
		Spec: funcs.Spec{Name: ">=", Category: funcs.Comparison,
			Signatures:  []string{"value1 >= value2"},
			Description: "TRUE when value1 is greater than or equal to value2, UNKNOWN (NULL) when either is NULL.",
			Examples: []funcs.Example{
				ex("3 >= 4", "FALSE"),
			},
		},
	}

	fnIn = &Function{
		Spec: funcs.Spec{Name: "IN", Category: funcs.Comparison,
			Signatures:  []string{"value1 IN (value2 [, value3]*)"},
			Description: "TRUE when value1 equals one of the listed values; UNKNOWN (NULL) when it equals none and the list holds a NULL.",
			Examples: []funcs.Example{
				ex("2 IN (1, 2, 3)", "TRUE"),
				ex("4 IN (1, NULL)", "<NULL>"),
			},
		},
	}

	fnIsNotNull = &Function{
		Spec: funcs.Spec{Name: "IS NOT NULL", Category: funcs.Comparison,
			Signatures:  []string{"value IS NOT NULL"},
			Description: "TRUE when the value is not NULL; never NULL itself.",
			Examples: []funcs.Example{
				ex("1 IS NOT NULL", "TRUE"),
			},
		},
	}

	fnIsNull = &Function{
		Spec: funcs.Spec{Name: "IS NULL", Category: funcs.Comparison,
			Signatures:  []string{"value IS NULL"},
			Description: "TRUE when the value is NULL; never NULL itself.",
			Examples: []funcs.Example{
				ex("CAST(NULL AS INT) IS NULL", "TRUE"),
			},
		},
	}

	fnLike = &Function{
		Spec: funcs.Spec{Name: "LIKE", Category: funcs.Comparison,
			Signatures:  []string{"string1 LIKE string2 [ ESCAPE char ]"},
			Description: "TRUE when string1 matches the pattern string2, where % matches any run of characters and _ exactly one; an escape character makes the next % or _ literal. NULL when either string is NULL.",
			Examples: []funcs.Example{
				ex("'Flink' LIKE 'F%'", "TRUE"),
				ex("'50%' LIKE '50!%' ESCAPE '!'", "TRUE"),
			},
		},
	}

	fnNotIn = &Function{
		Spec: funcs.Spec{Name: "NOT IN", Category: funcs.Comparison,
			Signatures:  []string{"value1 NOT IN (value2 [, value3]*)"},
			Description: "The negation of IN: UNKNOWN (NULL) when the list holds a NULL and value1 equals none of the others.",
			Examples: []funcs.Example{
				ex("2 NOT IN (1, 3)", "TRUE"),
			},
		},
	}

	fnNotLike = &Function{
		Spec: funcs.Spec{Name: "NOT LIKE", Category: funcs.Comparison,
			Signatures:  []string{"string1 NOT LIKE string2 [ ESCAPE char ]"},
			Description: "The negation of LIKE.",
			Examples: []funcs.Example{
				ex("'Flink' NOT LIKE '_link'", "FALSE"),
			},
		},
	}
)

// The specs of BETWEEN, SIMILAR TO, IS [NOT] DISTINCT FROM and the truth
// tests (IS TRUE, IS UNKNOWN, ...), which the planner rewrites into the
// operators of this file and logic.go.
var (
	fnBetween = &Function{
		Spec: funcs.Spec{Name: "BETWEEN", Category: funcs.Comparison,
			Signatures:  []string{"value1 BETWEEN [ ASYMMETRIC | SYMMETRIC ] value2 AND value3"},
			Description: "value2 <= value1 AND value1 <= value3; SYMMETRIC also accepts the bounds in the other order. A NULL bound gives FALSE or UNKNOWN.",
			Examples: []funcs.Example{
				ex("12 BETWEEN 15 AND 12", "FALSE"),
				ex("12 BETWEEN SYMMETRIC 15 AND 12", "TRUE"),
				ex("12 BETWEEN 10 AND NULL", "<NULL>"),
			},
		},
	}

	fnIsDistinctFrom = &Function{
		Spec: funcs.Spec{Name: "IS DISTINCT FROM", Category: funcs.Comparison,
			Signatures:  []string{"value1 IS DISTINCT FROM value2"},
			Description: "TRUE when the values differ, treating two NULLs as equal and NULL as different from any value; never NULL.",
			Examples: []funcs.Example{
				ex("1 IS DISTINCT FROM NULL", "TRUE"),
				ex("CAST(NULL AS INT) IS DISTINCT FROM NULL", "FALSE"),
			},
		},
	}

	fnIsFalse = &Function{
		Spec: funcs.Spec{Name: "IS FALSE", Category: funcs.Logical,
			Signatures:  []string{"boolean IS FALSE"},
			Description: "TRUE when the boolean is FALSE; FALSE for TRUE and UNKNOWN.",
			Examples: []funcs.Example{
				ex("FALSE IS FALSE", "TRUE"),
			},
		},
	}

	fnIsNotDistinctFrom = &Function{
		Spec: funcs.Spec{Name: "IS NOT DISTINCT FROM", Category: funcs.Comparison,
			Signatures:  []string{"value1 IS NOT DISTINCT FROM value2"},
			Description: "TRUE when the values are equal, treating two NULLs as equal; never NULL.",
			Examples: []funcs.Example{
				ex("1 IS NOT DISTINCT FROM NULL", "FALSE"),
				ex("CAST(NULL AS INT) IS NOT DISTINCT FROM NULL", "TRUE"),
			},
		},
	}

	fnIsNotFalse = &Function{
		Spec: funcs.Spec{Name: "IS NOT FALSE", Category: funcs.Logical,
			Signatures:  []string{"boolean IS NOT FALSE"},
			Description: "TRUE when the boolean is TRUE or UNKNOWN.",
			Examples: []funcs.Example{
				ex("CAST(NULL AS BOOLEAN) IS NOT FALSE", "TRUE"),
			},
		},
	}

	fnIsNotTrue = &Function{
		Spec: funcs.Spec{Name: "IS NOT TRUE", Category: funcs.Logical,
			Signatures:  []string{"boolean IS NOT TRUE"},
			Description: "TRUE when the boolean is FALSE or UNKNOWN.",
			Examples: []funcs.Example{
				ex("CAST(NULL AS BOOLEAN) IS NOT TRUE", "TRUE"),
			},
		},
	}

	fnIsNotUnknown = &Function{
		Spec: funcs.Spec{Name: "IS NOT UNKNOWN", Category: funcs.Logical,
			Signatures:  []string{"boolean IS NOT UNKNOWN"},
			Description: "TRUE when the boolean is TRUE or FALSE.",
			Examples: []funcs.Example{
				ex("TRUE IS NOT UNKNOWN", "TRUE"),
			},
		},
	}

	fnIsTrue = &Function{
		Spec: funcs.Spec{Name: "IS TRUE", Category: funcs.Logical,
			Signatures:  []string{"boolean IS TRUE"},
			Description: "TRUE when the boolean is TRUE; FALSE for FALSE and UNKNOWN.",
			Examples: []funcs.Example{
				ex("CAST(NULL AS BOOLEAN) IS TRUE", "FALSE"),
			},
		},
	}

	fnIsUnknown = &Function{
		Spec: funcs.Spec{Name: "IS UNKNOWN", Category: funcs.Logical,
			Signatures:  []string{"boolean IS UNKNOWN"},
			Description: "TRUE when the boolean is UNKNOWN (NULL).",
			Examples: []funcs.Example{
				ex("CAST(NULL AS BOOLEAN) IS UNKNOWN", "TRUE"),
			},
		},
	}

	fnNotBetween = &Function{
		Spec: funcs.Spec{Name: "NOT BETWEEN", Category: funcs.Comparison,
			Signatures:  []string{"value1 NOT BETWEEN [ ASYMMETRIC | SYMMETRIC ] value2 AND value3"},
			Description: "The negation of BETWEEN: value1 < value2 OR value1 > value3 (either bound order with SYMMETRIC).",
			Examples: []funcs.Example{
				ex("12 NOT BETWEEN 15 AND 12", "TRUE"),
				ex("12 NOT BETWEEN 15 AND NULL", "TRUE"),
			},
		},
	}

	fnNotSimilarTo = &Function{
		Spec: funcs.Spec{Name: "NOT SIMILAR TO", Category: funcs.Comparison,
			Signatures:  []string{"string1 NOT SIMILAR TO string2 [ ESCAPE char ]"},
			Description: "The negation of SIMILAR TO; UNKNOWN when either string is NULL.",
			Examples: []funcs.Example{
				ex("'abc' NOT SIMILAR TO '_b'", "TRUE"),
			},
		},
	}

	fnSimilarTo = &Function{
		Spec: funcs.Spec{Name: "SIMILAR TO", Category: funcs.Comparison,
			Signatures:  []string{"string1 SIMILAR TO string2 [ ESCAPE char ]"},
			Description: "TRUE when the whole string matches the SQL regular expression: % and _ as in LIKE, plus | * + ? {m,n} ( ) [...] and [:ALPHA:]-style classes. Translated to RE2, so backreferences are not supported.",
			Examples: []funcs.Example{
				ex("'abc' SIMILAR TO 'a(b|x)c'", "TRUE"),
				ex("'abc' SIMILAR TO 'a.c'", "FALSE"),
			},
		},
	}
)
