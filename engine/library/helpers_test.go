package library

import (
	"testing"
	"time"

	"github.com/flinkplay/flinkplay/engine/diag"
	"github.com/flinkplay/flinkplay/engine/expr"
	"github.com/flinkplay/flinkplay/engine/stream"
	"github.com/flinkplay/flinkplay/engine/types"
)

// The test helpers of engine/expr's tests (expr_test.go), for the tests of
// the functions: cases built from literal text read like SQL.

func lit(t testing.TB, kind, text string) expr.Expr {
	t.Helper()
	var e expr.Expr
	var err error
	switch kind {
	case "int":
		e, err = expr.IntegerLiteral(text, 0)
	case "dec":
		e, err = expr.DecimalLiteral(text, 0)
	case "dbl":
		e, err = expr.ApproxLiteral(text, 0)
	case "str":
		e = expr.StringLiteral(text)
	case "bool":
		e = expr.BoolLiteral(text == "true")
	case "null":
		e = expr.NullLiteral()
	case "date":
		e, err = expr.DateLiteral(text, 0)
	case "time":
		e, err = expr.TimeLiteral(text, 0)
	case "ts":
		e, err = expr.TimestampLiteral(text, 0)
	default:
		t.Fatalf("unknown literal kind %q", kind)
	}
	if err != nil {
		t.Fatalf("literal %s %q: %v", kind, text, err)
	}
	return e
}

// typed is a literal of an explicit type.
func typed(v types.Value, t types.Type) expr.Expr { return expr.Literal(v, t) }

// show evaluates e on an empty row and renders the result as Flink prints it.
func show(t testing.TB, e expr.Expr) string {
	t.Helper()
	c := &expr.Ctx{Out: stream.NewBatch(1), Zone: time.UTC}
	v, err := e.Eval(c, nil)
	if err != nil {
		de, _ := diag.As(err)
		return "error: " + de.Reason()
	}
	if v.Null {
		return "<NULL>"
	}
	return types.FormatValue(v, e.Type(), time.UTC)
}

func errText(err error) string {
	if err == nil {
		return ""
	}
	if de, ok := diag.As(err); ok {
		return de.Reason()
	}
	return err.Error()
}

var nullInt = typed(types.NullValue, types.Int32)
var intCol = types.Type{Kind: types.Int, NotNull: true}
