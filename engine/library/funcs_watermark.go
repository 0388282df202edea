package library

import (
	"github.com/flinkplay/flinkplay/engine/diag"
	"github.com/flinkplay/flinkplay/engine/expr"
	"github.com/flinkplay/flinkplay/engine/types"
)

// CURRENT_WATERMARK(rowtime) reads the watermark of the operator that
// evaluates it (Ctx.Watermark, which the Calc operator keeps up to date),
// typed like its argument without the time attribute. It is NULL until the
// first watermark, as in Flink.

func buildCurrentWatermark(_ string, args []expr.Expr, pos int) (expr.Expr, error) {
	t := args[0].Type()
	if t.Kind != types.Timestamp && t.Kind != types.TimestampLTZ || t.Precision > 3 {
		return nil, diag.Validation(pos, "CURRENT_WATERMARK() must be called with a single rowtime attribute argument, but '%s' cannot be a time attribute.", t)
	}
	if t.Attr != types.Rowtime {
		return nil, diag.Validation(pos, "The argument of CURRENT_WATERMARK() must be a rowtime attribute, but was '%s'.", t)
	}
	out := t
	out.Attr = types.Regular
	out = out.WithNullable(true)
	return &currentWatermark{arg: args[0], t: out}, nil
}

// currentWatermark does not evaluate its argument: only its type matters.
type currentWatermark struct {
	arg expr.Expr
	t   types.Type
}

func (e *currentWatermark) Type() types.Type { return e.t }
func (e *currentWatermark) String() string   { return "CURRENT_WATERMARK(" + e.arg.String() + ")" }
func (e *currentWatermark) Eval(c *expr.Ctx, _ []types.Value) (types.Value, error) {
	if c == nil || !c.HasWatermark {
		return types.NullValue, nil
	}
	return types.TimestampValue(c.Watermark, 0), nil
}
