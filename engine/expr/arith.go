package expr

import (
	"math"

	"github.com/flinkplay/flinkplay/engine/diag"
	"github.com/flinkplay/flinkplay/engine/types"
)

// ArithOp is a binary arithmetic operator.
type ArithOp uint8

// The arithmetic operators.
const (
	Add ArithOp = iota // +
	Sub                // -
	Mul                // *
	Div                // /
	Mod                // % and MOD()
)

var arithSymbols = [...]string{"+", "-", "*", "/", "%"}

// String returns the operator's SQL symbol.
func (op ArithOp) String() string {
	if int(op) < len(arithSymbols) {
		return arithSymbols[op]
	}
	return "?"
}

// Calcite's supported forms, printed when operands do not fit.
var arithForms = [...][]string{
	Add: {"<NUMERIC> + <NUMERIC>", "<DATETIME_INTERVAL> + <DATETIME_INTERVAL>", "<DATETIME> + <DATETIME_INTERVAL>", "<DATETIME_INTERVAL> + <DATETIME>"},
	Sub: {"<NUMERIC> - <NUMERIC>", "<DATETIME_INTERVAL> - <DATETIME_INTERVAL>", "<DATETIME> - <DATETIME_INTERVAL>"},
	Mul: {"<NUMERIC> * <NUMERIC>", "<DATETIME_INTERVAL> * <NUMERIC>", "<NUMERIC> * <DATETIME_INTERVAL>"},
	Div: {"<NUMERIC> / <NUMERIC>", "<DATETIME_INTERVAL> / <NUMERIC>"},
	Mod: {"<EXACT_NUMERIC> % <EXACT_NUMERIC>"},
}

// arithKernel selects the evaluation loop once, at construction.
type arithKernel uint8

const (
	kInt arithKernel = iota
	kFloat32
	kFloat64
	kDecimal
	kInterval    // interval ± interval
	kIntervalNum // interval * or / number
	kNumInterval // number * interval
	kDateMonths  // DATE ± INTERVAL YEAR TO MONTH
	kDateMillis  // DATE ± INTERVAL DAY TO SECOND
	kTimeMillis  // TIME ± INTERVAL DAY TO SECOND
	kTimeMonths  // TIME ± INTERVAL YEAR TO MONTH (no effect)
	kTsMonths    // TIMESTAMP(_LTZ) ± INTERVAL YEAR TO MONTH
	kTsMillis    // TIMESTAMP(_LTZ) ± INTERVAL DAY TO SECOND
)

type arith struct {
	op     ArithOp
	a, b   Expr
	t      types.Type
	kernel arithKernel
	swap   bool       // interval + datetime: operands evaluated as datetime + interval
	ta, tb types.Type // operand types, cached: Type() copies a struct per call

	decimalIn bool // an operand is DECIMAL
}

func isNullType(t types.Type) bool { return t.Kind == types.Null }

func IsDatetime(t types.Type) bool {
	return t.Kind == types.Date || t.Kind == types.Time || t.IsTimestamp()
}

func IllegalNull(pos int) *diag.Error {
	return diag.Errorf(pos, diag.SqlValidatorException, "Illegal use of 'NULL'")
}

// Arith builds a op b with Flink's result type: the wider of two integer or
// approximate types (integer arithmetic wraps like Java's), DECIMAL with
// LogicalTypeMerging's precision and scale when an operand is DECIMAL and
// both are exact, DATE/TIME/TIMESTAMP ± INTERVAL, INTERVAL ± INTERVAL and
// INTERVAL * or / number. % takes exact numbers only and has the second
// operand's type unless DECIMAL is involved. The result is nullable when an
// operand is.
func Arith(op ArithOp, a, b Expr, pos int) (Expr, error) {
	ta, tb := a.Type(), b.Type()
	if isNullType(ta) || isNullType(tb) {
		return nil, IllegalNull(pos)
	}
	e := &arith{op: op, a: a, b: b, ta: ta, tb: tb, decimalIn: ta.Kind == types.Decimal || tb.Kind == types.Decimal}
	fail := func() (Expr, error) {
		if int(op) >= len(arithForms) {
			return nil, diag.Errorf(pos, diag.IllegalArgument, "unknown arithmetic operator %d", op)
		}
		return nil, cannotApply(pos, op.String(), ta, tb, arithForms[op]...)
	}
	switch {
	case ta.IsNumeric() && tb.IsNumeric():
		t, ok := arithNumericType(op, ta, tb)
		if !ok {
			return fail()
		}
		e.t = t
		switch t.Kind {
		case types.Decimal:
			e.kernel = kDecimal
		case types.Float:
			e.kernel = kFloat32
		case types.Double:
			e.kernel = kFloat64
		default:
			e.kernel = kInt // also DECIMAL(p, 0) % INT, whose type is INT
		}
	case ta.IsInterval() && tb.IsInterval() && (op == Add || op == Sub):
		if ta.Kind != tb.Kind {
			return fail()
		}
		e.t, e.kernel = ta, kInterval
	case ta.IsInterval() && tb.IsNumeric() && (op == Mul || op == Div):
		e.t, e.kernel = ta, kIntervalNum
	case ta.IsNumeric() && tb.IsInterval() && op == Mul:
		e.t, e.kernel = tb, kNumInterval
	case IsDatetime(ta) && tb.IsInterval() && (op == Add || op == Sub):
		e.t, e.kernel = ta, datetimeKernel(ta, tb)
	case ta.IsInterval() && IsDatetime(tb) && op == Add:
		e.t, e.kernel, e.swap = tb, datetimeKernel(tb, ta), true
	default:
		return fail()
	}
	e.t = NullableIf(e.t, a, b)
	e.t.Attr = types.Regular
	return e, nil
}

func datetimeKernel(dt, iv types.Type) arithKernel {
	months := iv.Kind == types.IntervalYearMonth
	switch dt.Kind {
	case types.Date:
		if months {
			return kDateMonths
		}
		return kDateMillis
	case types.Time:
		if months {
			return kTimeMonths
		}
		return kTimeMillis
	}
	if months {
		return kTsMonths
	}
	return kTsMillis
}

// asDecimalType is the DECIMAL an exact type converts to in decimal
// arithmetic (Calcite's decimalOf): INT is DECIMAL(10, 0) and so on.
func asDecimalType(t types.Type) types.Type {
	switch t.Kind {
	case types.TinyInt:
		return types.DecimalOf(3, 0)
	case types.SmallInt:
		return types.DecimalOf(5, 0)
	case types.Int:
		return types.DecimalOf(10, 0)
	case types.BigInt:
		return types.DecimalOf(19, 0)
	}
	return t
}

func arithNumericType(op ArithOp, ta, tb types.Type) (types.Type, bool) {
	exact := !IsApprox(ta) && !IsApprox(tb)
	if op == Mod && !exact {
		return types.Type{}, false
	}
	if exact && (ta.Kind == types.Decimal || tb.Kind == types.Decimal) {
		da, db := asDecimalType(ta), asDecimalType(tb)
		p1, s1, p2, s2 := da.Precision, da.Scale, db.Precision, db.Scale
		switch op {
		case Add, Sub:
			return additionDecimal(p1, s1, p2, s2), true
		case Mul:
			return multiplicationDecimal(p1, s1, p2, s2), true
		case Div:
			return divisionDecimal(p1, s1, p2, s2), true
		default:
			if s1 == 0 && s2 == 0 {
				return tb.WithNullable(true), true
			}
			return moduloDecimal(p1, s1, p2, s2), true
		}
	}
	if op == Mod {
		return tb.WithNullable(true), true
	}
	t, ok := leastRestrictive2(ta, tb)
	return t, ok
}

func IsApprox(t types.Type) bool { return t.Kind == types.Float || t.Kind == types.Double }

// The DECIMAL result rules of Flink's LogicalTypeMerging (SQL Server's, with
// Hive/Spark's adjustment past precision 38).
const minAdjustedScale = 6

func adjustPrecisionScale(p, s int) types.Type {
	if p <= types.MaxDecimalPrecision {
		return types.DecimalOf(p, s)
	}
	digits := p - s
	minScale := min(s, minAdjustedScale)
	return types.DecimalOf(types.MaxDecimalPrecision, max(types.MaxDecimalPrecision-digits, minScale))
}

func additionDecimal(p1, s1, p2, s2 int) types.Type {
	s := max(s1, s2)
	return adjustPrecisionScale(max(p1-s1, p2-s2)+s+1, s)
}

func multiplicationDecimal(p1, s1, p2, s2 int) types.Type {
	return adjustPrecisionScale(p1+p2+1, s1+s2)
}

func divisionDecimal(p1, s1, p2, s2 int) types.Type {
	s := max(6, s1+p2+1)
	return adjustPrecisionScale(p1-s1+s2+s, s)
}

func moduloDecimal(p1, s1, p2, s2 int) types.Type {
	s := max(s1, s2)
	return adjustPrecisionScale(min(p1-s1, p2-s2)+s, s)
}

func (e *arith) Type() types.Type { return e.t }
func (e *arith) String() string {
	return e.op.String() + "(" + e.a.String() + ", " + e.b.String() + ")"
}

// WrapInt narrows an integer result to the width of t, as a Java cast does.
func WrapInt(i int64, k types.Kind) int64 {
	switch k {
	case types.TinyInt:
		return int64(int8(i))
	case types.SmallInt:
		return int64(int16(i))
	case types.Int:
		return int64(int32(i))
	}
	return i
}

func divByZero() *diag.Error { return RuntimeErr(diag.ArithmeticException, "/ by zero") }

// NumFloat reads any numeric value as float64.
func NumFloat(v types.Value, t types.Type) float64 {
	switch t.Kind {
	case types.Float, types.Double:
		return v.F
	case types.Decimal:
		return DecOf(v, t).ToFloat()
	}
	return float64(v.I)
}

func (e *arith) Eval(c *Ctx, row []types.Value) (types.Value, error) {
	// Both operands first, then the NULL check, as Flink's generated code
	// does: an operand that fails fails the call even beside a NULL (and
	// the vector kernels, which evaluate whole operands, agree).
	x, err := e.a.Eval(c, row)
	if err != nil {
		return types.NullValue, err
	}
	y, err := e.b.Eval(c, row)
	if err != nil || x.Null || y.Null {
		return types.NullValue, err
	}
	return e.apply(x, y)
}

// apply computes the operation on non-NULL operands.
func (e *arith) apply(x, y types.Value) (types.Value, error) {
	if e.kernel == kInt && !e.decimalIn {
		return intArith(e.op, x.I, y.I, e.t.Kind)
	}
	ta, tb := e.ta, e.tb
	if e.swap {
		x, y = y, x
		ta, tb = tb, ta
	}
	switch e.kernel {
	case kInt:
		if e.decimalIn {
			// DECIMAL(p, 0) % INT has INT's type: compute exactly, then narrow.
			d, err := decimalArith(e.op, numDec(x, ta), numDec(y, tb), 0)
			if err != nil {
				return types.NullValue, err
			}
			return types.IntValue(WrapInt(d.ToIntegral(), e.t.Kind)), nil
		}
		return intArith(e.op, x.I, y.I, e.t.Kind)
	case kFloat64:
		a, b := NumFloat(x, ta), NumFloat(y, tb)
		return types.FloatValue(floatArith(e.op, a, b)), nil
	case kFloat32:
		a, b := float32(NumFloat(x, ta)), float32(NumFloat(y, tb))
		var r float32
		switch e.op {
		case Add:
			r = a + b
		case Sub:
			r = a - b
		case Mul:
			r = a * b
		default:
			r = a / b
		}
		return types.FloatValue(float64(r)), nil
	case kDecimal:
		d, err := decimalArith(e.op, numDec(x, ta), numDec(y, tb), e.t.Scale)
		if err != nil {
			return types.NullValue, err
		}
		if e.t.Kind != types.Decimal {
			return types.IntValue(WrapInt(d.ToIntegral(), e.t.Kind)), nil
		}
		return DecValue(d, e.t), nil
	case kInterval:
		r := x.I + y.I
		if e.op == Sub {
			r = x.I - y.I
		}
		return types.IntValue(wrapInterval(r, e.t)), nil
	case kIntervalNum, kNumInterval:
		iv, n, nt := x, y, tb
		if e.kernel == kNumInterval {
			iv, n, nt = y, x, ta
		}
		var r int64
		if nt.IsInteger() {
			if e.op == Div {
				if n.I == 0 {
					return types.NullValue, divByZero()
				}
				r = iv.I / n.I
			} else {
				r = iv.I * n.I
			}
		} else {
			f := NumFloat(n, nt)
			if e.op == Div {
				r = javaF2L(float64(iv.I) / f)
			} else {
				r = javaF2L(float64(iv.I) * f)
			}
		}
		return types.IntValue(wrapInterval(r, e.t)), nil
	case kDateMonths:
		return types.IntValue(AddMonthsToDays(x.I, signed(e.op, y.I))), nil
	case kDateMillis:
		return types.IntValue(int64(int32(x.I + FloorDiv(signed(e.op, y.I), 86400000)))), nil
	case kTimeMillis:
		return types.IntValue(FloorMod(x.I+signed(e.op, y.I), 86400000)), nil
	case kTimeMonths:
		return x, nil
	case kTsMonths:
		days := FloorDiv(x.I, 86400000)
		tod := FloorMod(x.I, 86400000)
		return types.TimestampValue(AddMonthsToDays(days, signed(e.op, y.I))*86400000+tod, x.N), nil
	case kTsMillis:
		return types.TimestampValue(x.I+signed(e.op, y.I), x.N), nil
	}
	return types.NullValue, nil
}

func signed(op ArithOp, v int64) int64 {
	if op == Sub {
		return -v
	}
	return v
}

// wrapInterval keeps year-month intervals in Java int range.
func wrapInterval(v int64, t types.Type) int64 {
	if t.Kind == types.IntervalYearMonth {
		return int64(int32(v))
	}
	return v
}

func FloorDiv(a, b int64) int64 {
	q := a / b
	if (a%b != 0) && ((a < 0) != (b < 0)) {
		q--
	}
	return q
}

func FloorMod(a, b int64) int64 { return a - FloorDiv(a, b)*b }

// AddMonthsToDays adds months to a day number, clamping the day of month.
func AddMonthsToDays(days, months int64) int64 {
	y, m, d := DaysToYmd(days)
	total := int64(y)*12 + int64(m-1) + months
	ny := int(FloorDiv(total, 12))
	nm := int(FloorMod(total, 12)) + 1
	if dm := daysInMonth(ny, nm); d > dm {
		d = dm
	}
	return YmdToDays(ny, nm, d)
}

func intArith(op ArithOp, a, b int64, k types.Kind) (types.Value, error) {
	var r int64
	switch op {
	case Add:
		r = a + b
	case Sub:
		r = a - b
	case Mul:
		r = a * b
	case Div:
		if b == 0 {
			return types.NullValue, divByZero()
		}
		r = a / b
	default:
		if b == 0 {
			return types.NullValue, divByZero()
		}
		r = a % b
	}
	return types.IntValue(WrapInt(r, k)), nil
}

func floatArith(op ArithOp, a, b float64) float64 {
	switch op {
	case Add:
		return a + b
	case Sub:
		return a - b
	case Mul:
		return a * b
	}
	return a / b
}

// decimalArith computes on exact decimals; division rounds HALF_UP to the
// result scale. Division by zero raises BigDecimal's ArithmeticException.
func decimalArith(op ArithOp, a, b Dec, scale int) (Dec, error) {
	switch op {
	case Add:
		return DecAdd(a, b), nil
	case Sub:
		return DecAdd(a, DecNeg(b)), nil
	case Mul:
		return decMul(a, b), nil
	}
	if b.Sign() == 0 {
		if a.Sign() == 0 {
			return Dec{}, RuntimeErr(diag.ArithmeticException, "Division undefined")
		}
		return Dec{}, RuntimeErr(diag.ArithmeticException, "Division by zero")
	}
	if op == Div {
		return decDiv(a, b, scale), nil
	}
	return decRem(a, b), nil
}

// javaF2L is Java's (long) cast of a double: truncation, NaN to 0, saturation.
func javaF2L(f float64) int64 {
	switch {
	case math.IsNaN(f):
		return 0
	case f >= math.MaxInt64:
		return math.MaxInt64
	case f <= math.MinInt64:
		return math.MinInt64
	}
	return int64(f)
}

// JavaF2I is Java's (int) cast of a double.
func JavaF2I(f float64) int64 {
	switch {
	case math.IsNaN(f):
		return 0
	case f >= math.MaxInt32:
		return math.MaxInt32
	case f <= math.MinInt32:
		return math.MinInt32
	}
	return int64(int32(f))
}

// Neg builds unary minus over a number or an interval.
func Neg(x Expr, pos int) (Expr, error) {
	t := x.Type()
	if isNullType(t) {
		return nil, IllegalNull(pos)
	}
	if !t.IsNumeric() && !t.IsInterval() {
		return nil, diag.Errorf(pos, diag.SqlValidatorException,
			"Cannot apply '-' to arguments of type '-<%s>'. Supported form(s): '-<NUMERIC>'\n'-<DATETIME_INTERVAL>'", CalciteName(t))
	}
	t.Attr = types.Regular
	return &NegExpr{X: x, t: t}, nil
}

type NegExpr struct {
	X Expr
	t types.Type
}

func (e *NegExpr) Type() types.Type { return e.t }
func (e *NegExpr) String() string   { return "-(" + e.X.String() + ")" }
func (e *NegExpr) Eval(c *Ctx, row []types.Value) (types.Value, error) {
	v, err := e.X.Eval(c, row)
	if err != nil || v.Null {
		return types.NullValue, err
	}
	switch e.t.Kind {
	case types.Float, types.Double:
		return types.FloatValue(-v.F), nil
	case types.Decimal:
		return DecValue(DecNeg(DecOf(v, e.t)), e.t), nil
	case types.IntervalYearMonth:
		return types.IntValue(int64(int32(-v.I))), nil
	}
	return types.IntValue(WrapInt(-v.I, e.t.Kind)), nil
}
