package ops

import (
	"context"
	"slices"

	"github.com/flinkplay/flinkplay/engine/expr"
	"github.com/flinkplay/flinkplay/engine/stream"
)

// Calc filters and projects: rows whose Cond is TRUE (all rows when Cond is
// nil) are forwarded with Exprs evaluated (the row unchanged when Exprs is
// nil). It accepts and emits every Kind, keeping the kind of each row, so
// it keeps its input's changelog mode. No state.
//
// Over columnar batches it evaluates Cond and Exprs as vector kernels
// (expr.CompileVec): the condition narrows the batch's selection instead of
// copying rows, a projected column is the input's vector itself, and a
// batch whose evaluation fails is run again row by row, so the error is the
// one the row order meets first.
type Calc struct {
	Cond  expr.Expr
	Exprs []expr.Expr
	Ctx   expr.Ctx

	vcond  *expr.VecExpr
	vexprs []*expr.VecExpr
	sel    []int32
	rows   *stream.Batch // the input as rows, when a columnar batch fails
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

// ColumnsIn implements stream.ColumnarOperator: every expression compiles
// to vector kernels.
func (c *Calc) ColumnsIn() bool {
	if c.Cond != nil {
		c.vcond = expr.CompileVec(c.Cond)
	}
	c.vexprs = make([]*expr.VecExpr, len(c.Exprs))
	for i, e := range c.Exprs {
		c.vexprs[i] = expr.CompileVec(e)
	}
	return true
}

// InputReads implements stream.FieldReader: what the condition and the
// expressions read, except that a column or a field passed on as it came
// (a plain reference, which no computation reads) is read only as the
// next operators read it.
// Without expressions the input passes on whole.
func (c *Calc) InputReads(out, in *stream.Reads) {
	if c.vcond != nil {
		c.vcond.Reads(in)
	}
	if c.Exprs == nil {
		in.PassAll(out)
		return
	}
	for j, v := range c.vexprs {
		if v.Column >= 0 {
			in.Pass(v.Column, out, j)
		} else if col, f, ok := v.FieldOf(); ok {
			if out.ReadsColumn(j) {
				in.Field(col, f)
			}
		} else {
			v.Reads(in)
		}
	}
}

// Process implements stream.Operator.
func (c *Calc) Process(in, out *stream.Batch) error {
	if in.Columnar {
		return c.processColumns(in, out)
	}
	c.Ctx.Out = out
	if c.Cond == nil {
		out.Grow(in.Len())
	}
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

func (c *Calc) processColumns(in, out *stream.Batch) error {
	c.Ctx.Out = out
	inSel := in.Sel
	defer func() { in.Sel = inSel }()
	if c.vcond != nil {
		v, err := c.vcond.Eval(&c.Ctx, in)
		if err != nil {
			return c.byRows(in, out)
		}
		if c.sel == nil {
			c.sel = make([]int32, 0, stream.DefaultBatchRows)
		}
		sel := c.sel[:0]
		if rows := in.Rows(); in.Sel == nil && !v.HasNulls {
			// Every row, without a branch per row: each is written
			// and kept by a select when the condition holds.
			sel = slices.Grow(sel, rows)[:rows]
			n := 0
			for i, x := range v.I[:rows] {
				sel[n] = int32(i)
				if x != 0 {
					n++
				}
			}
			sel = sel[:n]
		} else {
			for r := range in.Len() {
				i := in.Selected(r)
				if v.I[i] != 0 && !v.IsNull(i) {
					sel = append(sel, int32(i))
				}
			}
		}
		c.sel = sel
		in.Sel = sel
	}
	if in.Len() == 0 {
		return nil
	}
	out.ShareColumns(in)
	if c.Exprs == nil {
		return nil
	}
	if cap(out.Cols) < len(c.vexprs) {
		out.Cols = make([]stream.Vector, len(c.vexprs))
	}
	out.Cols = out.Cols[:len(c.vexprs)]
	for j, e := range c.vexprs {
		v, err := e.Eval(&c.Ctx, in)
		if err != nil {
			in.Sel = inSel
			return c.byRows(in, out)
		}
		out.Cols[j] = *v
	}
	return nil
}

// byRows runs a columnar batch row by row: the batch's evaluation failed,
// and the row order tells which error Flink meets first.
func (c *Calc) byRows(in, out *stream.Batch) error {
	if c.rows == nil {
		c.rows = stream.NewBatch(in.Width)
	}
	c.rows.Reset()
	in.Materialize(c.rows)
	out.Reset()
	return c.Process(c.rows, out)
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
