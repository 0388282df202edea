package physical

import (
	"github.com/flinkplay/flinkplay/engine/connector"
	"github.com/flinkplay/flinkplay/engine/diag"
	"github.com/flinkplay/flinkplay/engine/expr"
	"github.com/flinkplay/flinkplay/engine/library"
	"github.com/flinkplay/flinkplay/engine/ops"
	"github.com/flinkplay/flinkplay/engine/plan"
	"github.com/flinkplay/flinkplay/engine/runtime"
)

// windowing translates a planned window into the operators' terms.
func windowing(spec plan.WindowSpec, env connector.Env) ops.Windowing {
	return ops.Windowing{
		Kind: ops.WindowKind(spec.Kind), TimeCol: spec.TimeCol, Size: spec.Size, Slide: spec.Slide,
		Offset: spec.Offset, Gap: spec.Gap, LTZ: spec.LTZ, Zone: env.Zone,
	}
}

// windowAgg builds the operator of a window aggregation.
func (j *Job) windowAgg(n *plan.WindowAggregate, env connector.Env) *ops.WindowAgg {
	in := n.Input.Schema()
	w := &ops.WindowAgg{Keys: n.Keys, StartCol: n.StartCol, EndCol: n.EndCol, TimeKeyCol: n.TimeKeyCol, Window: windowing(n.Spec, env),
		Session: n.Spec.Kind == plan.Session && !n.Attached, Proctime: n.Spec.Proctime, Now: env.Clock.Now, Ctx: j.exprCtx(env)}
	if w.Session {
		w.Window.TimeCol = n.TimeCol
	}
	for _, a := range n.Aggs {
		f := ops.AggFunc{Name: a.Name, Arg: a.Arg, Distinct: a.Distinct, Type: a.Type}
		if a.Arg >= 0 {
			f.ArgType = in.Columns[a.Arg].Type
		}
		w.Aggs = append(w.Aggs, f)
	}
	return w
}

// sliceHop makes an event-time HOP aggregation right after its window TVF
// (through Calcs that only pick columns) share slices among windows, as
// Flink's slicing window operator does: the TVF emits each row once, in
// its slice of gcd(size, slide), and w merges the slices of a window when
// it fires, instead of aggregating every row once per window. It does so
// only when the aggregates merge to the results of one pass in any order
// (ops.Sliceable).
func sliceHop(p *runtime.Pipeline, n *plan.WindowAggregate, w *ops.WindowAgg) {
	if n.Spec.Kind != plan.Hop || n.Attached || n.Spec.Proctime || !ops.Sliceable(w.Aggs) {
		return
	}
	for k := len(p.Stages) - 1; k >= 0; k-- {
		switch op := p.Stages[k].Op.(type) {
		case *ops.Calc:
			if op.Cond != nil {
				return
			}
			for _, e := range op.Exprs {
				if _, ok := expr.ColumnIndex(e); !ok {
					return
				}
			}
		case *ops.WindowTVF:
			if op.Window.Kind != ops.HopWindow || op.Slice != 0 {
				return
			}
			slice := gcd(w.Window.Size, w.Window.Slide)
			if slice <= 0 {
				return
			}
			op.Slice, w.Slice = slice, slice
			return
		default:
			return
		}
	}
}

func gcd(a, b int64) int64 {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

// buildWindowRank adds the operator of a window Top-N or window
// deduplication. Flink refuses what it cannot run when it translates the
// plan into a job, not when it plans (EXPLAIN shows such plans): so do we.
func (j *Job) buildWindowRank(p *runtime.Pipeline, n plan.Node, env connector.Env) error {
	in := n.Inputs()[0].Schema()
	switch n := n.(type) {
	case *plan.WindowRank:
		if library.AggregateKind(n.Func) != library.WinRowNumber {
			return diag.Errorf(diag.NoPos, diag.TableException, "%s() function is not supported on Window TopN currently, only ROW_NUMBER() is supported.", n.Func)
		}
		if n.Win.Spec.Proctime {
			return diag.Errorf(diag.NoPos, diag.TableException, "Processing time Window TopN is not supported yet.")
		}
		op := &ops.WindowRank{Partition: n.Partition, Start: n.Start, End: n.End, StartCol: n.Win.Start, EndCol: n.Win.End,
			Window: windowing(n.Win.Spec, env), Ctx: j.exprCtx(env)}
		for _, k := range n.Order {
			op.Order = append(op.Order, ops.SortKey{Col: k.Col, Type: in.Columns[k.Col].Type, Desc: k.Desc, NullsFirst: k.NullsFirst})
		}
		p.Stages = append(p.Stages, runtime.Stage{Op: op, Width: n.Out.Len()})
	case *plan.WindowDeduplicate:
		if n.Win.Spec.Proctime {
			return diag.Errorf(diag.NoPos, diag.TableException, "Processing time Window Deduplication is not supported yet.")
		}
		op := &ops.WindowDedup{Keys: n.Keys, TimeCol: n.TimeCol, KeepLast: n.KeepLast, StartCol: n.Win.Start, EndCol: n.Win.End,
			Window: windowing(n.Win.Spec, env)}
		p.Stages = append(p.Stages, runtime.Stage{Op: op, Width: n.Out.Len()})
	}
	return nil
}
