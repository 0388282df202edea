package ops

import (
	"context"

	"github.com/flinkplay/flinkplay/engine/expr"
	"github.com/flinkplay/flinkplay/engine/stream"
)

// Calc filters and projects: rows whose Cond is TRUE (all rows when Cond is
// nil) are forwarded with Exprs evaluated (the row unchanged when Exprs is
// nil). It accepts and emits every Kind, keeping the kind of each row, so
// it keeps its input's changelog mode. No state.
type Calc struct {
	Cond  expr.Expr
	Exprs []expr.Expr
	Ctx   expr.Ctx
}

var (
	_ stream.Operator          = (*Calc)(nil)
	_ stream.WatermarkOperator = (*Calc)(nil)
)

// OnWatermark implements stream.WatermarkOperator: the watermark passes
// unchanged, and CURRENT_WATERMARK reads it from then on.
func (c *Calc) OnWatermark(wm int64, _ *stream.Batch) (int64, error) {
	if wm != stream.MaxWatermark {
		c.Ctx.Watermark, c.Ctx.HasWatermark = wm, true
	}
	return wm, nil
}

// Open implements stream.Operator.
func (c *Calc) Open(context.Context) error { return nil }

// Process implements stream.Operator.
func (c *Calc) Process(in, out *stream.Batch) error {
	c.Ctx.Out = out
	for i := 0; i < in.Len(); i++ {
		row := in.Row(i)
		if c.Cond != nil {
			v, err := c.Cond.Eval(&c.Ctx, row)
			if err != nil {
				return err
			}
			if v.Null || v.I == 0 {
				continue
			}
		}
		if c.Exprs == nil {
			out.AppendRow(in.Kinds[i], row)
			continue
		}
		dst := out.Append(in.Kinds[i])
		for j, e := range c.Exprs {
			v, err := e.Eval(&c.Ctx, row)
			if err != nil {
				return err
			}
			dst[j] = v
		}
	}
	return nil
}

// Close implements stream.Operator.
func (c *Calc) Close() error { return nil }

// Width returns the output width of a Calc over rows of width in.
func (c *Calc) Width(in int) int {
	if c.Exprs == nil {
		return in
	}
	return len(c.Exprs)
}
