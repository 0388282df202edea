package physical

import (
	"github.com/flinkplay/flinkplay/engine/connector"
	"github.com/flinkplay/flinkplay/engine/diag"
	"github.com/flinkplay/flinkplay/engine/expr"
	"github.com/flinkplay/flinkplay/engine/ops"
	"github.com/flinkplay/flinkplay/engine/plan"
	"github.com/flinkplay/flinkplay/engine/runtime"
	"github.com/flinkplay/flinkplay/engine/types"
)

// buildInto adds the source and stages that run the plan under n to p,
// with their nodes in the job's graph.
func (j *Job) buildInto(p *runtime.Pipeline, n plan.Node, env connector.Env) error {
	from := len(p.Stages)
	if err := j.buildNode(p, n, env); err != nil {
		return err
	}
	j.tag(p, n, from, env.Zone)
	return nil
}

func (j *Job) buildNode(p *runtime.Pipeline, n plan.Node, env connector.Env) error {
	switch n := n.(type) {
	case *plan.Scan:
		src, node, err := j.scanSource(n, env)
		if err != nil {
			return err
		}
		p.Source = src
		j.graphOf()
		j.heads[p] = []int{node}
		p.SourceWidth = n.Table.Physical().Len() + len(n.Metadata)
		if n.Exprs != nil {
			p.Stages = append(p.Stages, runtime.Stage{Op: &ops.Calc{Exprs: n.Exprs, Ctx: j.exprCtx(env)}, Width: len(n.Exprs)})
		}
		if n.Watermark != nil {
			p.Stages = append(p.Stages, runtime.Stage{Op: &ops.WatermarkAssigner{Expr: n.Watermark, Ctx: j.exprCtx(env), RowtimeCol: n.Rowtime}, Width: n.Out.Len()})
		}
		if j.mb != nil && j.mb.modes[n] != "" {
			p.Stages = append(p.Stages, runtime.Stage{Op: &ops.MiniBatchAssigner{Interval: j.mb.interval,
				RowTime: j.mb.modes[n] == plan.MiniBatchRowTime, Now: env.Clock.Now}, Width: n.Out.Len()})
		}
		return nil
	case *plan.Values:
		m := &runtime.SourceMeter{}
		p.Source = runtime.Meter(&runtime.ValuesSource{Rows: n.Rows}, m)
		p.SourceWidth = n.Out.Len()
		j.sourceNode(p, explainLine(n), nil, m)
		return nil
	case *plan.Union:
		u := &runtime.UnionSource{}
		var ins []int
		for _, in := range n.Ins {
			sub, err := j.buildPipe(in, env, p.State)
			if err != nil {
				return err
			}
			u.Inputs = append(u.Inputs, sub)
			ins = append(ins, j.heads[sub]...)
		}
		m := &runtime.SourceMeter{}
		p.Source = runtime.Meter(u, m)
		p.SourceWidth = n.Out.Len()
		j.sourceNode(p, explainLine(n), ins, m)
		return nil
	case *plan.Join:
		return j.buildJoin(p, n, env)
	case *plan.SetOpAll:
		return j.buildSetOpAll(p, n, env)
	}
	ins := n.Inputs()
	if len(ins) != 1 {
		return diag.Errorf(diag.NoPos, diag.TableException, "cannot run plan node %T", n)
	}
	if err := j.buildInto(p, ins[0], env); err != nil {
		return err
	}
	switch n := n.(type) {
	case *plan.Project:
		if isIdentity(n) {
			return nil // SELECT * and renames: no work per row
		}
		// A projection right after a filter shares its Calc.
		if k := len(p.Stages); k > 0 {
			if c, ok := p.Stages[k-1].Op.(*ops.Calc); ok && c.Exprs == nil {
				c.Exprs = n.Exprs
				p.Stages[k-1].Width = len(n.Exprs)
				if f, ok := n.Input.(*plan.Filter); ok {
					j.retag(p, plan.ExplainCalc(n, f))
				}
				return nil
			}
		}
		p.Stages = append(p.Stages, runtime.Stage{Op: &ops.Calc{Exprs: n.Exprs, Ctx: j.exprCtx(env)}, Width: len(n.Exprs)})
	case *plan.Filter:
		p.Stages = append(p.Stages, runtime.Stage{Op: &ops.Calc{Cond: n.Cond, Ctx: j.exprCtx(env)}, Width: n.Schema().Len()})
	case *plan.Limit:
		p.Stages = append(p.Stages, runtime.Stage{Op: &ops.Limit{Offset: n.Offset, Count: n.Count}, Width: n.Schema().Len()})
	case *plan.Aggregate:
		in := n.Input.Schema()
		g := &ops.GroupAgg{Keys: n.Keys, Final: j.set.Batch, Ctx: j.exprCtx(env), TTL: j.stateTTL(env), NoUpdateBefore: n.NoUpdateBefore && !j.set.Batch}
		for _, a := range n.Aggs {
			f := ops.AggFunc{Name: a.Name, Arg: a.Arg, Distinct: a.Distinct, Type: a.Type, MoreArgs: a.MoreArgs,
				Filtered: a.Filtered, Filter: a.Filter, IgnoreNulls: a.IgnoreNulls, Retracting: plan.Updating(n.Input)}
			if a.Arg >= 0 {
				f.ArgType = in.Columns[a.Arg].Type
			}
			g.Aggs = append(g.Aggs, f)
		}
		if j.mb != nil {
			return j.buildMiniBatchAgg(p, n, g)
		}
		p.Stages = append(p.Stages, runtime.Stage{Op: g, Width: n.Out.Len()})
	case *plan.WindowTVF:
		if n.Spec.Kind == plan.Session && !n.Aggregated {
			return diag.Errorf(diag.NoPos, diag.TableException, "SESSION window TVF is only supported in a window aggregation (GROUP BY window_start, window_end) yet.")
		}
		p.Stages = append(p.Stages, runtime.Stage{Op: &ops.WindowTVF{Window: windowing(n.Spec, env)}, Width: n.Out.Len()})
	case *plan.WindowAggregate:
		w := j.windowAgg(n, env)
		sliceHop(p, n, w)
		p.Stages = append(p.Stages, runtime.Stage{Op: w, Width: n.Out.Len()})
	case *plan.Expand:
		p.Stages = append(p.Stages, runtime.Stage{Op: &ops.Expand{Keys: n.Keys, Sets: n.Sets, Ids: n.Ids}, Width: n.Out.Len()})
	case *plan.Over, *plan.Rank, *plan.Deduplicate:
		return j.buildOver(p, n, env)
	case *plan.WindowRank, *plan.WindowDeduplicate:
		return j.buildWindowRank(p, n, env)
	case *plan.Match:
		return j.buildMatch(p, n, env)
	case *plan.Unnest:
		p.Stages = append(p.Stages, runtime.Stage{Op: unnestOp(n, j.exprCtx(env)), Width: n.Out.Len()})
	case *plan.Sort:
		if !j.set.Batch {
			return j.buildOver(p, n, env) // a temporal sort
		}
		in := n.Input.Schema()
		so := &ops.Sort{Ctx: j.exprCtx(env)}
		for _, k := range n.Keys {
			so.Keys = append(so.Keys, ops.SortKey{Col: k.Col, Type: in.Columns[k.Col].Type, Desc: k.Desc, NullsFirst: k.NullsFirst})
		}
		p.Stages = append(p.Stages, runtime.Stage{Op: so, Width: in.Len()})
	default:
		return diag.Errorf(diag.NoPos, diag.TableException, "cannot run plan node %T", n)
	}
	return nil
}

// unnestOp builds the operator of a correlated UNNEST.
func unnestOp(n *plan.Unnest, ctx expr.Ctx) *ops.Unnest {
	in := n.Input.Schema().Len()
	u := &ops.Unnest{Expr: n.Expr, Outer: n.Outer, Ordinality: n.Ordinality, InWidth: in, Width: n.Out.Len() - in, Ctx: ctx}
	t := n.Expr.Type()
	switch {
	case t.Kind == types.Map:
		u.Kind = ops.UnnestMap
	case t.Kind == types.Multiset:
		u.Kind = ops.UnnestMultiset
	case t.Elem.Kind == types.Row:
		u.Kind = ops.UnnestRowArray
	}
	return u
}
