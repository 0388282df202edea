package engine

import (
	"github.com/flinkplay/flinkplay/engine/connector"
	"github.com/flinkplay/flinkplay/engine/expr"
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
func (s *Session) windowAgg(n *plan.WindowAggregate, env connector.Env) *ops.WindowAgg {
	in := n.Input.Schema()
	w := &ops.WindowAgg{Keys: n.Keys, StartCol: n.StartCol, EndCol: n.EndCol, TimeKeyCol: n.TimeKeyCol, Window: windowing(n.Spec, env),
		Session: n.Spec.Kind == plan.Session && !n.Attached, Proctime: n.Spec.Proctime, Now: env.Clock.Now, Ctx: s.exprCtx(env)}
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
