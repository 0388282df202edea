package engine

import (
	"github.com/flinkplay/flinkplay/engine/connector"
	"github.com/flinkplay/flinkplay/engine/diag"
	"github.com/flinkplay/flinkplay/engine/ops"
	"github.com/flinkplay/flinkplay/engine/plan"
	"github.com/flinkplay/flinkplay/engine/runtime"
)

// buildWindowRank adds the operator of a window Top-N or window
// deduplication. Flink refuses what it cannot run when it translates the
// plan into a job, not when it plans (EXPLAIN shows such plans): so do we.
func (s *Session) buildWindowRank(p *runtime.Pipeline, n plan.Node, env connector.Env) error {
	in := n.Inputs()[0].Schema()
	switch n := n.(type) {
	case *plan.WindowRank:
		if n.Func != "ROW_NUMBER" {
			return diag.Errorf(diag.NoPos, diag.TableException, "%s() function is not supported on Window TopN currently, only ROW_NUMBER() is supported.", n.Func)
		}
		if n.Win.Spec.Proctime {
			return diag.Errorf(diag.NoPos, diag.TableException, "Processing time Window TopN is not supported yet.")
		}
		op := &ops.WindowRank{Partition: n.Partition, Start: n.Start, End: n.End, StartCol: n.Win.Start, EndCol: n.Win.End,
			Window: windowing(n.Win.Spec, env), Ctx: s.exprCtx(env)}
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

// buildWindowJoin adds the operator of a window join; p's source already
// feeds both inputs.
func (s *Session) buildWindowJoin(p *runtime.Pipeline, n *plan.Join, env connector.Env) error {
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
		Ctx:    s.exprCtx(env),
	}
	p.Stages = append(p.Stages, runtime.Stage{Op: op, Width: n.Out.Len()})
	return nil
}
