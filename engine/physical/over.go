package physical

import (
	"github.com/flinkplay/flinkplay/engine/connector"
	"github.com/flinkplay/flinkplay/engine/ops"
	"github.com/flinkplay/flinkplay/engine/plan"
	"github.com/flinkplay/flinkplay/engine/runtime"
	"github.com/flinkplay/flinkplay/engine/stream"
	"github.com/flinkplay/flinkplay/engine/types"
)

// buildWindow appends the operator of an OVER window, a Top-N or a
// deduplication (plan/over.go, plan/rank.go) to p.
func (j *Job) buildOver(p *runtime.Pipeline, n plan.Node, env connector.Env) error {
	in := n.Inputs()[0].Schema()
	sortKeys := func(keys []plan.SortKey) []ops.SortKey {
		out := make([]ops.SortKey, len(keys))
		for i, k := range keys {
			out[i] = ops.SortKey{Col: k.Col, Type: in.Columns[k.Col].Type, Desc: k.Desc, NullsFirst: k.NullsFirst}
		}
		return out
	}
	var op stream.Operator
	switch n := n.(type) {
	case *plan.Over:
		o := &ops.OverAgg{Partition: n.Partition, Order: sortKeys(n.Order), Final: j.set.Batch, Ctx: j.exprCtx(env),
			Frame: ops.OverFrame{Rows: n.Frame.Rows, Unbounded: n.Frame.Unbounded, Preceding: n.Frame.Preceding, Whole: n.Frame.Whole}}
		for _, c := range n.Partition {
			o.PartTypes = append(o.PartTypes, in.Columns[c].Type)
		}
		if len(n.Order) > 0 && !j.set.Batch {
			o.Rowtime = in.Columns[n.Order[0].Col].Type.Attr == types.Rowtime
		}
		if !j.set.Batch {
			o.TTL = j.stateTTL(env)
		}
		for _, c := range n.Calls {
			f := ops.WindowFunc{Name: c.Name, Arg: c.Arg, Distinct: c.Distinct, Offset: c.Offset, Default: c.Default, Type: c.Type}
			if c.Arg >= 0 {
				f.ArgType = in.Columns[c.Arg].Type
			}
			o.Funcs = append(o.Funcs, f)
		}
		op = o
	case *plan.Rank:
		if n.Strategy == plan.UpdateFastStrategy {
			var ts []types.Type
			for _, c := range in.Columns {
				ts = append(ts, c.Type)
			}
			op = &ops.UpdatableTopN{Partition: n.Partition, RowKey: n.RowKey, Order: sortKeys(n.Order), Start: n.Start, End: n.End,
				OutputRank: n.OutputRank, NoUpdateBefore: n.NoUpdateBefore, Ctx: j.exprCtx(env), Types: ts}
			break
		}
		if plan.Updating(n.Input) {
			op = &ops.RetractTopN{Partition: n.Partition, Order: sortKeys(n.Order), Start: n.Start, End: n.End, OutputRank: n.OutputRank, Ctx: j.exprCtx(env), TTL: j.stateTTL(env)}
			break
		}
		op = &ops.AppendTopN{Partition: n.Partition, Order: sortKeys(n.Order), Start: n.Start, End: n.End, OutputRank: n.OutputRank, Ctx: j.exprCtx(env), TTL: j.stateTTL(env)}
	case *plan.Sort:
		op = &ops.TemporalSort{Keys: sortKeys(n.Keys), Rowtime: in.Columns[n.Keys[0].Col].Type.Attr == types.Rowtime, Ctx: j.exprCtx(env)}
	case *plan.Deduplicate:
		op = &ops.Deduplicate{Keys: n.Keys, TimeCol: n.TimeCol, KeepLast: n.KeepLast, Rowtime: n.Rowtime, TTL: j.stateTTL(env)}
	}
	p.Stages = append(p.Stages, runtime.Stage{Op: op, Width: n.Schema().Len()})
	return nil
}
