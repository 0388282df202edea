package engine

import (
	"github.com/flinkplay/flinkplay/engine/connector"
	"github.com/flinkplay/flinkplay/engine/diag"
	"github.com/flinkplay/flinkplay/engine/expr"
	"github.com/flinkplay/flinkplay/engine/ops"
	"github.com/flinkplay/flinkplay/engine/plan"
	"github.com/flinkplay/flinkplay/engine/runtime"
	"github.com/flinkplay/flinkplay/engine/types"
)

// buildJoin runs both inputs of a join as pipelines feeding one Join
// operator through a TwoInputSource.
func (s *Session) buildJoin(p *runtime.Pipeline, n *plan.Join, env connector.Env) error {
	if n.Lookup != nil {
		return s.buildLookupJoin(p, n, env)
	}
	l, err := s.buildPipe(n.Left, env, p.State)
	if err != nil {
		return err
	}
	r, err := s.buildPipe(n.Right, env, p.State)
	if err != nil {
		return err
	}
	lw, rw := n.Left.Schema().Len(), n.Right.Schema().Len()
	p.Source = &runtime.TwoInputSource{Left: l, Right: r, LeftWidth: lw, RightWidth: rw}
	p.SourceWidth = lw
	if tj := n.Temporal; tj != nil {
		op := &ops.TemporalJoin{
			Outer:    n.Type == plan.LeftJoin,
			LeftKeys: n.LeftKeys, RightKeys: n.RightKeys,
			Cond:     n.Cond,
			LeftTime: tj.LeftTime, RightTime: tj.RightTime,
			LeftWidth: lw, RightWidth: rw,
			Ctx: s.exprCtx(env),
		}
		p.Stages = append(p.Stages, runtime.Stage{Op: op, Width: n.Out.Len()})
		return nil
	}
	if n.Window != nil {
		return s.buildWindowJoin(p, n, env)
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
			Ctx: s.exprCtx(env),
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
		Final: s.IsBatch(),
		Ctx:   s.exprCtx(env),
		TTL:   s.stateTTL(env),
	}
	p.Stages = append(p.Stages, runtime.Stage{Op: op, Width: n.Out.Len()})
	return nil
}

// buildLookupJoin runs the left input of a lookup join in p, followed by
// the LookupJoin operator, which asks the dimension table's source for
// the rows of each key: the table is not scanned.
func (s *Session) buildLookupJoin(p *runtime.Pipeline, n *plan.Join, env connector.Env) error {
	if err := s.buildInto(p, n.Left, env); err != nil {
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
		Ctx: s.exprCtx(env),
	}
	p.Stages = append(p.Stages, runtime.Stage{Op: op, Width: n.Out.Len()})
	return nil
}

// buildSetOpAll runs INTERSECT ALL and EXCEPT ALL like a join: both inputs
// feed one SetOpAll operator.
func (s *Session) buildSetOpAll(p *runtime.Pipeline, n *plan.SetOpAll, env connector.Env) error {
	l, err := s.buildPipe(n.Left, env, p.State)
	if err != nil {
		return err
	}
	r, err := s.buildPipe(n.Right, env, p.State)
	if err != nil {
		return err
	}
	w := n.Out.Len()
	p.Source = &runtime.TwoInputSource{Left: l, Right: r, LeftWidth: w, RightWidth: w}
	p.SourceWidth = w
	p.Stages = append(p.Stages, runtime.Stage{Op: &ops.SetOpAll{Except: n.Except, Width: w, Final: s.IsBatch()}, Width: w})
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
