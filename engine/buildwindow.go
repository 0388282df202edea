package engine

import (
	"github.com/flinkplay/flinkplay/engine/connector"
	"github.com/flinkplay/flinkplay/engine/ops"
	"github.com/flinkplay/flinkplay/engine/plan"
	"github.com/flinkplay/flinkplay/engine/stream"
)

// windowing translates a planned window into the operators' terms.
func windowing(spec plan.WindowSpec, env connector.Env) ops.Windowing {
	return ops.Windowing{
		Kind: ops.WindowKind(spec.Kind), TimeCol: spec.TimeCol, Size: spec.Size, Slide: spec.Slide,
		Offset: spec.Offset, Gap: spec.Gap, LTZ: spec.LTZ, Zone: env.Zone,
	}
}

// windowAgg builds the operator of a window aggregation.
func (s *Session) windowAgg(n *plan.WindowAggregate, env connector.Env) stream.Operator {
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
