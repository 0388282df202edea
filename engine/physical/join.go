package physical

import (
	"github.com/flinkplay/flinkplay/engine/connector"
	"github.com/flinkplay/flinkplay/engine/diag"
	"github.com/flinkplay/flinkplay/engine/expr"
	"github.com/flinkplay/flinkplay/engine/ops"
	"github.com/flinkplay/flinkplay/engine/plan"
	"github.com/flinkplay/flinkplay/engine/runtime"
)

// buildJoin runs both inputs of a join as pipelines feeding one Join
// operator through a TwoInputSource.
func (j *Job) buildJoin(p *runtime.Pipeline, n *plan.Join, env connector.Env) error {
	if n.Lookup != nil {
		return j.buildLookupJoin(p, n, env)
	}
	l, err := j.buildPipe(n.Left, env, p.State)
	if err != nil {
		return err
	}
	r, err := j.buildPipe(n.Right, env, p.State)
	if err != nil {
		return err
	}
	lw, rw := n.Left.Schema().Len(), n.Right.Schema().Len()
	p.Source = &runtime.TwoInputSource{Left: l, Right: r, LeftWidth: lw, RightWidth: rw}
	j.feed(p, l, r)
	p.SourceWidth = lw
	if tj := n.Temporal; tj != nil {
		op := &ops.TemporalJoin{
			Outer:    n.Type == plan.LeftJoin,
			LeftKeys: n.LeftKeys, RightKeys: n.RightKeys,
			Cond:     n.Cond,
			LeftTime: tj.LeftTime, RightTime: tj.RightTime,
			LeftWidth: lw, RightWidth: rw,
			Ctx: j.exprCtx(env),
		}
		p.Stages = append(p.Stages, runtime.Stage{Op: op, Width: n.Out.Len()})
		return nil
	}
	if n.Window != nil {
		return j.buildWindowJoin(p, n, env)
	}
	if iv := n.Interval; iv != nil {
		op := &ops.IntervalJoin{
			Type:      ops.JoinType(n.Type),
			LeftKeys:  n.LeftKeys,
			RightKeys: n.RightKeys,
			Cond:      n.Cond,
			LeftTime:  iv.LeftTime, RightTime: iv.RightTime,
			Lower: iv.Lower, Upper: iv.Upper,
			LeftWidth: lw, RightWidth: rw,
			Ctx: j.exprCtx(env),
		}
		p.Stages = append(p.Stages, runtime.Stage{Op: op, Width: n.Out.Len()})
		return nil
	}
	op := &ops.Join{
		Type:      ops.JoinType(n.Type),
		LeftKeys:  n.LeftKeys,
		RightKeys: n.RightKeys,
		Cond:      n.Cond,
		NullSafe:  n.NullSafe,
		LeftWidth: lw, RightWidth: rw,
		Final: j.set.Batch,
		Ctx:   j.exprCtx(env),
		TTL:   j.stateTTL(env),
	}
	p.Stages = append(p.Stages, runtime.Stage{Op: op, Width: n.Out.Len()})
	return nil
}

// buildLookupJoin runs the left input of a lookup join in p, followed by
// the LookupJoin operator, which asks the dimension table's source for
// the rows of each key: the table is not scanned.
func (j *Job) buildLookupJoin(p *runtime.Pipeline, n *plan.Join, env connector.Env) error {
	if err := j.buildInto(p, n.Left, env); err != nil {
		return err
	}
	spec := n.Lookup
	src, ok := spec.Scan.Source.(connector.LookupSource)
	if !ok {
		return diag.Errorf(diag.NoPos, diag.TableException,
			"table [%s] must implement LookupTableSource interface if it is used in temporal table join.", spec.Scan.ID.String())
	}
	fields := make([]int, len(spec.Keys))
	keys := make([]expr.Expr, len(spec.Keys))
	for i, k := range spec.Keys {
		fields[i], keys[i] = k.Field, k.Value
	}
	lookup, err := src.CreateLookup(env, fields)
	if err != nil {
		return err
	}
	op := &ops.LookupJoin{
		Outer:     n.Type == plan.LeftJoin,
		Keys:      keys,
		Lookup:    lookup,
		Dim:       spec.Dim,
		Where:     spec.Where,
		Cond:      n.Cond,
		LeftWidth: n.Left.Schema().Len(), RightWidth: n.Right.Schema().Len(),
		Ctx: j.exprCtx(env),
	}
	p.Stages = append(p.Stages, runtime.Stage{Op: op, Width: n.Out.Len()})
	return nil
}

// buildSetOpAll runs INTERSECT ALL and EXCEPT ALL like a join: both inputs
// feed one SetOpAll operator.
func (j *Job) buildSetOpAll(p *runtime.Pipeline, n *plan.SetOpAll, env connector.Env) error {
	l, err := j.buildPipe(n.Left, env, p.State)
	if err != nil {
		return err
	}
	r, err := j.buildPipe(n.Right, env, p.State)
	if err != nil {
		return err
	}
	w := n.Out.Len()
	p.Source = &runtime.TwoInputSource{Left: l, Right: r, LeftWidth: w, RightWidth: w}
	j.feed(p, l, r)
	p.SourceWidth = w
	p.Stages = append(p.Stages, runtime.Stage{Op: &ops.SetOpAll{Except: n.Except, Width: w, Final: j.set.Batch}, Width: w})
	return nil
}

// buildWindowJoin adds the operator of a window join; p's source already
// feeds both inputs.
func (j *Job) buildWindowJoin(p *runtime.Pipeline, n *plan.Join, env connector.Env) error {
	w := n.Window
	if w.Left.Spec.Proctime {
		return diag.Errorf(diag.NoPos, diag.TableException, "Processing time Window Join is not supported yet.")
	}
	op := &ops.WindowJoin{
		Type:     ops.JoinType(n.Type),
		LeftKeys: n.LeftKeys, RightKeys: n.RightKeys,
		Cond:      n.Cond,
		LeftWidth: n.Left.Schema().Len(), RightWidth: n.Right.Schema().Len(),
		LeftStart: w.Left.Start, LeftEnd: w.Left.End, RightStart: w.Right.Start, RightEnd: w.Right.End,
		Window: windowing(w.Left.Spec, env),
		Ctx:    j.exprCtx(env),
	}
	p.Stages = append(p.Stages, runtime.Stage{Op: op, Width: n.Out.Len()})
	return nil
}
