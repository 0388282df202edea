package physical

import (
	"github.com/flinkplay/flinkplay/engine/connector"
	"github.com/flinkplay/flinkplay/engine/ops"
	"github.com/flinkplay/flinkplay/engine/plan"
	"github.com/flinkplay/flinkplay/engine/runtime"
	"github.com/flinkplay/flinkplay/engine/types"
)

// buildMatch appends the operator of MATCH_RECOGNIZE (plan/match.go) to p,
// or fails with what Flink reports when it builds such a job.
func (j *Job) buildMatch(p *runtime.Pipeline, n *plan.Match, env connector.Env) error {
	if n.BuildErr != nil {
		return n.BuildErr
	}
	in := n.Input.Schema()
	o := &ops.Match{Partition: n.Partition, Pre: n.Pre, Graph: n.Graph, Final: j.set.Batch, Ctx: j.exprCtx(env), Now: env.Clock.Now}
	for _, k := range n.Order {
		o.Order = append(o.Order, ops.SortKey{Col: k.Col, Type: in.Columns[k.Col].Type, Desc: k.Desc, NullsFirst: k.NullsFirst})
	}
	o.Rowtime = j.set.Batch || in.Columns[n.Order[0].Col].Type.Attr == types.Rowtime
	conv := func(m *plan.MatchExpr) *ops.MatchExpr {
		if m == nil {
			return nil
		}
		x := &ops.MatchExpr{Expr: m.Expr}
		for _, sl := range m.Slots {
			os := ops.MatchSlot{Var: sl.Var, Offset: sl.Offset, Col: sl.Col}
			switch sl.Kind {
			case plan.SlotLast:
				os.Kind = ops.MatchLast
			case plan.SlotFirst:
				os.Kind = ops.MatchFirst
			case plan.SlotRowtime:
				os.Kind = ops.MatchRowtime
			case plan.SlotAgg:
				a := sl.Agg
				os.Kind = ops.MatchAgg
				os.Agg = ops.AggFunc{Name: a.Name, Arg: a.Arg, Distinct: a.Distinct, Type: a.Type, MoreArgs: a.MoreArgs, IgnoreNulls: a.IgnoreNulls}
				if a.Arg >= 0 {
					os.Agg.ArgType = n.Pre[a.Arg].Type()
				}
			}
			x.Slots = append(x.Slots, os)
		}
		return x
	}
	for _, d := range n.Defines {
		o.Defines = append(o.Defines, conv(d))
	}
	for _, m := range n.Measures {
		o.Measures = append(o.Measures, conv(m))
	}
	p.Stages = append(p.Stages, runtime.Stage{Op: o, Width: n.Out.Len()})
	return nil
}
