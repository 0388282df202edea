// Package expr holds bound, typed expression trees and their evaluation.
//
// The binder (engine/plan) turns the parser's AST into these nodes through
// the constructors of this package, which type-check their operands with
// Flink's (Calcite's) rules and return Flink's error messages. A bound tree
// is then evaluated row by row by the operators: Eval reads unboxed values
// from the row and returns an unboxed value, so fixed-width results never
// allocate; variable-length results (strings, bytes) are written into the
// output batch's arena (Ctx.Out).
//
// Where Flink rejects an expression only during code generation (for
// example INT = STRING, "implicit type conversion ... is not supported
// now"), the constructor rejects it too, with the same text.
//
// This package is the expression core: literals, column references,
// CAST, comparison, arithmetic, logic, CASE, the operators with syntax of
// their own (||, LIKE, SIMILAR TO, row.field), their vector kernels, and
// what every function uses (Scalar, the strict call; Ctx's arena; the
// decimal, JSON and date-time helpers; Calcite's messages). The built-in
// functions are engine/library's.
package expr

import (
	"strconv"
	"strings"
	"time"

	"github.com/flinkplay/flinkplay/engine/diag"
	"github.com/flinkplay/flinkplay/engine/stream"
	"github.com/flinkplay/flinkplay/engine/types"
)

// Ctx is what evaluation needs besides the row.
type Ctx struct {
	Out  *stream.Batch  // arena for the bytes of produced strings (Out.Alloc); nil: heap
	Zone *time.Location // table.local-time-zone; nil means UTC
	Now  time.Time      // statement time, for CURRENT_TIMESTAMP and friends
	// Clock, when set, is the job's clock: a streaming job reads it for
	// every record's CURRENT_TIMESTAMP, LOCALTIMESTAMP, NOW(), CURRENT_DATE,
	// CURRENT_TIME and LOCALTIME, as Flink evaluates them per record in
	// streaming mode (once per query, Now, in batch mode);
	// CURRENT_ROW_TIMESTAMP() reads it in both modes.
	Clock     func() time.Time
	Streaming bool
	// Watermark is the current watermark of the operator evaluating the
	// expression, for CURRENT_WATERMARK; valid when HasWatermark.
	Watermark    int64
	HasWatermark bool

	Buf []byte // scratch for formatting, reused across calls
}

// Expr is a bound, typed expression.
type Expr interface {
	// Type is the result type, nullability included.
	Type() types.Type
	// Eval computes the value for one row. Errors are *diag.Error with
	// Flink's runtime exception class and message.
	Eval(c *Ctx, row []types.Value) (types.Value, error)
	// String is a debug / EXPLAIN form.
	String() string
}

// Alloc returns n bytes from the output arena, or from the heap without one.
func (c *Ctx) Alloc(n int) []byte {
	if c != nil && c.Out != nil {
		return c.Out.Alloc(n)
	}
	return make([]byte, n)
}

// Keep copies b into the output arena.
func (c *Ctx) Keep(b []byte) []byte {
	out := c.Alloc(len(b))
	copy(out, b)
	return out
}

func (c *Ctx) Location() *time.Location {
	if c == nil || c.Zone == nil {
		return time.UTC
	}
	return c.Zone
}

// Column reads the value at index of the input row.
func Column(index int, t types.Type) Expr { return &column{idx: index, t: t} }

type column struct {
	idx int
	t   types.Type
}

func (e *column) Type() types.Type { return e.t }
func (e *column) Eval(_ *Ctx, row []types.Value) (types.Value, error) {
	if e.idx < 0 || e.idx >= len(row) {
		return types.NullValue, diag.Errorf(diag.NoPos, diag.IllegalState, "column index %d out of range of a row of %d values", e.idx, len(row))
	}
	return row[e.idx], nil
}
func (e *column) String() string { return "$" + strconv.Itoa(e.idx) }

// ColumnIndex reports the input index when e is a plain column reference.
func ColumnIndex(e Expr) (int, bool) {
	if c, ok := e.(*column); ok {
		return c.idx, true
	}
	return 0, false
}

// Literal is a constant of type t. A literal of type NULL, or with v.Null,
// evaluates to NULL.
func Literal(v types.Value, t types.Type) Expr {
	if t.Kind == types.Null {
		v = types.NullValue
	}
	return &literal{v: v, t: t}
}

type literal struct {
	v types.Value
	t types.Type
}

func (e *literal) Type() types.Type                              { return e.t }
func (e *literal) Eval(*Ctx, []types.Value) (types.Value, error) { return e.v, nil }

// String prints the literal as Calcite's digest does: a type the value
// does not imply follows it (1:BIGINT, 0.1:DECIMAL(2, 1), null:INTEGER).
func (e *literal) String() string {
	if e.v.Null {
		return "null:" + CalciteFullName(e.t.WithNullable(true))
	}
	if e.t.IsInterval() { // Calcite's digest: 1000:INTERVAL SECOND (millis or months)
		return strconv.FormatInt(e.v.I, 10) + ":" + intervalQualifier(e.t)
	}
	s := types.FormatValue(e.v, e.t, time.UTC)
	switch {
	case e.t.IsCharacter():
		return "_UTF-16LE'" + strings.ReplaceAll(s, "'", "''") + "'"
	case e.t.Kind == types.TinyInt, e.t.Kind == types.SmallInt, e.t.Kind == types.BigInt, e.t.Kind == types.Decimal:
		return s + ":" + CalciteName(e.t)
	}
	return s
}

// LiteralValue reports the constant when e is a literal.
func LiteralValue(e Expr) (types.Value, bool) {
	if l, ok := e.(*literal); ok {
		return l.v, true
	}
	return types.Value{}, false
}

// NullableIf returns t nullable when any of the inputs is nullable.
func NullableIf(t types.Type, in ...Expr) types.Type {
	for _, e := range in {
		if e.Type().Nullable() {
			return t.WithNullable(true)
		}
	}
	return t.WithNullable(false)
}

// CalciteName is the type as Calcite's RelDataType.toString prints it, which
// is what validator messages show ("INTEGER", "CHAR(3)", "VARCHAR(2147483647)").
func CalciteName(t types.Type) string {
	switch t.Kind {
	case types.Null:
		return "NULL"
	case types.Char:
		return "CHAR(" + strconv.Itoa(t.Length) + ")"
	case types.Varchar:
		return "VARCHAR(" + strconv.Itoa(t.Length) + ")"
	case types.Binary:
		return "BINARY(" + strconv.Itoa(t.Length) + ")"
	case types.Varbinary:
		return "VARBINARY(" + strconv.Itoa(t.Length) + ")"
	case types.Int:
		return "INTEGER"
	case types.TimestampLTZ:
		return "TIMESTAMP_WITH_LOCAL_TIME_ZONE(" + strconv.Itoa(t.Precision) + ")"
	case types.IntervalYearMonth, types.IntervalDayTime:
		return intervalQualifier(t)
	case types.Array:
		return CalciteName(*t.Elem) + " ARRAY"
	case types.Multiset:
		return CalciteName(*t.Elem) + " MULTISET"
	case types.Map:
		return "(" + CalciteName(*t.Key) + ", " + CalciteName(*t.Val) + ") MAP"
	}
	return t.WithNullable(true).String()
}

// intervalQualifier is "INTERVAL DAY TO SECOND" and the like, without precisions.
func intervalQualifier(t types.Type) string {
	switch t.Res {
	case types.ResYear:
		return "INTERVAL YEAR"
	case types.ResYearToMonth:
		return "INTERVAL YEAR TO MONTH"
	case types.ResMonth:
		return "INTERVAL MONTH"
	case types.ResDay:
		return "INTERVAL DAY"
	case types.ResDayToHour:
		return "INTERVAL DAY TO HOUR"
	case types.ResDayToMinute:
		return "INTERVAL DAY TO MINUTE"
	case types.ResDayToSecond:
		return "INTERVAL DAY TO SECOND"
	case types.ResHour:
		return "INTERVAL HOUR"
	case types.ResHourToMinute:
		return "INTERVAL HOUR TO MINUTE"
	case types.ResHourToSecond:
		return "INTERVAL HOUR TO SECOND"
	case types.ResMinute:
		return "INTERVAL MINUTE"
	case types.ResMinuteToSecond:
		return "INTERVAL MINUTE TO SECOND"
	case types.ResSecond:
		return "INTERVAL SECOND"
	}
	return "INTERVAL"
}

// Family is Calcite's SqlTypeFamily name of t, as "No match found for
// function signature f(<NUMERIC>, <CHARACTER>)" prints it.
func Family(t types.Type) string {
	switch {
	case t.IsNumeric():
		return "NUMERIC"
	case t.IsCharacter():
		return "CHARACTER"
	case t.IsBinary():
		return "BINARY"
	}
	switch t.Kind {
	case types.Null:
		return "NULL"
	case types.Boolean:
		return "BOOLEAN"
	case types.Date:
		return "DATE"
	case types.Time:
		return "TIME"
	case types.Timestamp, types.TimestampLTZ:
		return "TIMESTAMP"
	case types.IntervalYearMonth:
		return "INTERVAL_YEAR_MONTH"
	case types.IntervalDayTime:
		return "INTERVAL_DAY_TIME"
	case types.Array:
		return "ARRAY"
	case types.Multiset:
		return "MULTISET"
	case types.Map:
		return "MAP"
	}
	return "ANY"
}

// rootName is Flink's LogicalTypeRoot constant name.
func rootName(t types.Type) string {
	switch t.Kind {
	case types.Null:
		return "NULL"
	case types.Char:
		return "CHAR"
	case types.Varchar:
		return "VARCHAR"
	case types.Boolean:
		return "BOOLEAN"
	case types.Binary:
		return "BINARY"
	case types.Varbinary:
		return "VARBINARY"
	case types.Decimal:
		return "DECIMAL"
	case types.TinyInt:
		return "TINYINT"
	case types.SmallInt:
		return "SMALLINT"
	case types.Int:
		return "INTEGER"
	case types.BigInt:
		return "BIGINT"
	case types.Float:
		return "FLOAT"
	case types.Double:
		return "DOUBLE"
	case types.Date:
		return "DATE"
	case types.Time:
		return "TIME_WITHOUT_TIME_ZONE"
	case types.Timestamp:
		return "TIMESTAMP_WITHOUT_TIME_ZONE"
	case types.TimestampLTZ:
		return "TIMESTAMP_WITH_LOCAL_TIME_ZONE"
	case types.IntervalYearMonth:
		return "INTERVAL_YEAR_MONTH"
	case types.IntervalDayTime:
		return "INTERVAL_DAY_TIME"
	case types.Array:
		return "ARRAY"
	case types.Multiset:
		return "MULTISET"
	case types.Map:
		return "MAP"
	case types.Row:
		return "ROW"
	}
	return "RAW"
}

// cannotApply is Calcite's operator signature error for a binary operator.
func cannotApply(pos int, op string, a, b types.Type, forms ...string) *diag.Error {
	quoted := make([]string, len(forms))
	for i, f := range forms {
		quoted[i] = "'" + f + "'"
	}
	return diag.Errorf(pos, diag.SqlValidatorException,
		"Cannot apply '%s' to arguments of type '<%s> %s <%s>'. Supported form(s): %s",
		op, CalciteName(a), op, CalciteName(b), strings.Join(quoted, "\n"))
}

// CannotApplyFunc is Calcite's signature error for a function call.
func CannotApplyFunc(pos int, name string, args []Expr, forms ...string) *diag.Error {
	var b strings.Builder
	b.WriteString(name + "(")
	for i, a := range args {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString("<" + CalciteName(a.Type()) + ">")
	}
	b.WriteString(")")
	quoted := make([]string, len(forms))
	for i, f := range forms {
		quoted[i] = "'" + f + "'"
	}
	return diag.Errorf(pos, diag.SqlValidatorException,
		"Cannot apply '%s' to arguments of type '%s'. Supported form(s): %s",
		name, b.String(), strings.Join(quoted, "\n"))
}

// RuntimeErr is an error raised while evaluating a row.
func RuntimeErr(class, format string, args ...any) *diag.Error {
	return diag.Errorf(diag.NoPos, class, format, args...)
}
