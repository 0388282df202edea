package ops

import (
	"context"

	"github.com/flinkplay/flinkplay/engine/expr"
	"github.com/flinkplay/flinkplay/engine/stream"
)

// WatermarkAssigner generates the watermarks of a table with WATERMARK FOR
// col AS expr, as Flink's WatermarkAssignerOperator does right after the
// scan: it evaluates Expr on every row and keeps the largest non-NULL
// result; after each batch it carries that maximum as the watermark when it
// has advanced. Flink emits it periodically (pipeline.auto-watermark-interval,
// 200 ms); once per batch is as often as our sources produce rows, and makes
// runs deterministic.
//
// Accepts and emits every kind unchanged. Upstream watermarks are dropped,
// except the end-of-input watermark. State: the current maximum.
type WatermarkAssigner struct {
	Expr expr.Expr // TIMESTAMP or TIMESTAMP_LTZ over the row
	Ctx  expr.Ctx
	// RowtimeCol is the rowtime column, whose values a trace records as
	// the records arrive (-1: none).
	RowtimeCol int

	tr *stream.Tracer

	max     int64
	emitted int64
	vexpr   *expr.VecExpr
	rows    *stream.Batch
}

// ColumnsIn implements stream.ColumnarOperator: the watermark expression
// runs as vector kernels, and the batch passes as it came.
func (w *WatermarkAssigner) ColumnsIn() bool {
	w.vexpr = expr.CompileVec(w.Expr)
	return true
}

// InputReads implements stream.FieldReader: the batch passes on as it
// came, and the watermark expression (and a trace, the rowtime) reads it.
func (w *WatermarkAssigner) InputReads(out, in *stream.Reads) {
	in.PassAll(out)
	w.vexpr.Reads(in)
	if w.RowtimeCol >= 0 {
		in.Column(w.RowtimeCol)
	}
}

func (w *WatermarkAssigner) processColumns(in, out *stream.Batch) error {
	w.Ctx.Out = out
	v, err := w.vexpr.Eval(&w.Ctx, in)
	if err != nil {
		// The row order tells which error comes first.
		if w.rows == nil {
			w.rows = stream.NewBatch(in.Width)
		}
		w.rows.Reset()
		in.Materialize(w.rows)
		out.Reset()
		return w.Process(w.rows, out)
	}
	if w.tr.On() && w.RowtimeCol >= 0 && w.RowtimeCol < len(in.Cols) {
		rt := &in.Cols[w.RowtimeCol]
		for r := range in.Len() {
			if i := in.Selected(r); rt.Kind == stream.VecInt && !rt.IsNull(i) {
				w.arrive(rt.I[i])
			}
		}
	}
	m := w.max
	switch {
	case v.HasNulls:
		for r := range in.Len() {
			i := in.Selected(r)
			if x := v.I[i]; x > m && !v.IsNull(i) {
				m = x
			}
		}
	case in.Sel != nil:
		for _, i := range in.Sel {
			m = max(m, v.I[i])
		}
	default:
		// Every row, by a max rather than a compare and a branch.
		for _, x := range v.I[:in.Rows()] {
			m = max(m, x)
		}
	}
	w.max = m
	out.ShareColumns(in)
	w.advance(out)
	return nil
}

// SetTracer implements stream.TracedOperator.
func (w *WatermarkAssigner) SetTracer(t *stream.Tracer) { w.tr = t }

// arrive records a record's event time as it arrives, late when the
// watermark has passed it.
func (w *WatermarkAssigner) arrive(ts int64) {
	w.tr.Add(stream.TraceEvent{Kind: stream.TraceArrive, Time: ts, Watermark: w.emitted,
		Late: w.emitted != stream.NoWatermark && ts <= w.emitted})
}

func (w *WatermarkAssigner) advance(out *stream.Batch) {
	if w.max > w.emitted {
		w.emitted = w.max
		out.Watermark = w.max
		if w.tr.On() {
			w.tr.Add(stream.TraceEvent{Kind: stream.TraceWatermark, Watermark: w.max})
		}
	}
}

var (
	_ stream.Operator          = (*WatermarkAssigner)(nil)
	_ stream.WatermarkOperator = (*WatermarkAssigner)(nil)
)

// Open implements stream.Operator.
func (w *WatermarkAssigner) Open(context.Context) error {
	w.max, w.emitted = stream.NoWatermark, stream.NoWatermark
	return nil
}

// Process implements stream.Operator.
func (w *WatermarkAssigner) Process(in, out *stream.Batch) error {
	if in.Columnar {
		return w.processColumns(in, out)
	}
	w.Ctx.Out = out
	traced := w.tr.On() && w.RowtimeCol >= 0
	for i := 0; i < in.Len(); i++ {
		row := in.Row(i)
		if traced && w.RowtimeCol < len(row) && !row[w.RowtimeCol].Null {
			w.arrive(row[w.RowtimeCol].I)
		}
		v, err := w.Expr.Eval(&w.Ctx, row)
		if err != nil {
			return err
		}
		if !v.Null && v.I > w.max {
			w.max = v.I
		}
		out.AppendRow(in.Kinds[i], row)
	}
	w.advance(out)
	return nil
}

// OnWatermark implements stream.WatermarkOperator: only the end of input
// passes.
func (w *WatermarkAssigner) OnWatermark(wm int64, _ *stream.Batch) (int64, error) {
	if wm == stream.MaxWatermark {
		return wm, nil
	}
	return stream.NoWatermark, nil
}

// Close implements stream.Operator.
func (w *WatermarkAssigner) Close() error { return nil }
