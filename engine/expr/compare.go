package expr

import (
	"bytes"

	"github.com/flinkplay/flinkplay/engine/diag"
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

func isTimePoint(t types.Type) bool { return IsDatetime(t) }

// comparable reports Calcite's SqlTypeUtil.isComparable.
func comparableTypes(a, b types.Type) bool {
	if a.Kind == types.Null || b.Kind == types.Null {
		return true
	}
	if Family(a) == Family(b) {
		if a.Kind == types.Row || b.Kind == types.Row {
			return a.Kind == b.Kind
		}
		return true
	}
	strCmp := func(t types.Type) bool {
		return t.IsNumeric() || t.Kind == types.Boolean || IsDatetime(t) || t.IsInterval()
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
	return NullableIf(types.Bool, e.a, e.b)
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

func CmpInt(a, b int64) int {
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
	// Both operands first, as arith.Eval.
	x, err := e.a.Eval(c, row)
	if err != nil {
		return types.NullValue, err
	}
	y, err := e.b.Eval(c, row)
	if err != nil || x.Null || y.Null {
		return types.NullValue, err
	}
	if e.kernel == cInt {
		return e.result(CmpInt(x.I, y.I)), nil
	}
	ta, tb := e.ta, e.tb
	switch e.kernel {
	case cFloat64:
		return e.floatResult(NumFloat(x, ta), NumFloat(y, tb)), nil
	case cFloat32:
		return e.floatResult(float64(float32(NumFloat(x, ta))), float64(float32(NumFloat(y, tb)))), nil
	case cDecimal:
		return e.result(DecCmp(numDec(x, ta), numDec(y, tb))), nil
	case cBytes:
		return e.result(bytes.Compare(x.B, y.B)), nil
	case cTimestamp:
		return e.result(CmpTs(x, y)), nil
	case cTsMixed:
		if ta.Kind == types.Timestamp {
			x = tsToLTZ(x, c.Location())
		} else {
			y = tsToLTZ(y, c.Location())
		}
		return e.result(CmpTs(x, y)), nil
	case cUnequal:
		return types.BoolValue(e.op == Ne), nil
	case cDeep:
		return types.BoolValue(ValuesEqual(x, y, ta) == (e.op == Eq)), nil
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
	return e.result(CmpTs(x, y)), nil
}

// CmpTs orders time values by I then N (N is zero for DATE and TIME).
func CmpTs(x, y types.Value) int {
	if c := CmpInt(x.I, y.I); c != 0 {
		return c
	}
	return CmpInt(int64(x.N), int64(y.N))
}

// ValuesEqual compares two non-null values of type t deeply.
func ValuesEqual(x, y types.Value, t types.Type) bool {
	if x.Null || y.Null {
		return x.Null == y.Null
	}
	switch t.Kind {
	case types.Float, types.Double:
		return x.F == y.F
	case types.Decimal:
		return DecCmp(DecOf(x, t), DecOf(y, t)) == 0
	case types.Char, types.Varchar, types.Binary, types.Varbinary:
		return bytes.Equal(x.B, y.B)
	case types.Array:
		ax, _ := x.X.(*types.ArrayValue)
		ay, _ := y.X.(*types.ArrayValue)
		if ax == nil || ay == nil || len(ax.Elems) != len(ay.Elems) {
			return ax == ay
		}
		for i := range ax.Elems {
			if !ValuesEqual(ax.Elems[i], ay.Elems[i], *t.Elem) {
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
				if ValuesEqual(mx.Keys[i], my.Keys[j], *kt) {
					found = ValuesEqual(mx.Vals[i], my.Vals[j], *vt)
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
			if !ValuesEqual(rx.Fields[i], ry.Fields[i], t.Fields[i].Type) {
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
