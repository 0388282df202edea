package plan

import (
	"github.com/flinkplay/flinkplay/engine/diag"
	"github.com/flinkplay/flinkplay/engine/expr"
	"github.com/flinkplay/flinkplay/engine/sql"
	"github.com/flinkplay/flinkplay/engine/types"
)

// SetOpAll is INTERSECT ALL or EXCEPT ALL of two inputs of one row type:
// Flink's rewrite into a counting group aggregation, a filter and a
// row-replicating table function, as one node.
type SetOpAll struct {
	Left, Right Node
	Except      bool
	Out         types.Schema
}

func (n *SetOpAll) Schema() types.Schema { return n.Out }
func (n *SetOpAll) Inputs() []Node       { return []Node{n.Left, n.Right} }

// setOpName is the operator's name in Calcite's messages.
func setOpName(q *sql.SetOp) string {
	name := [...]string{"UNION", "INTERSECT", "EXCEPT"}[q.Op]
	if q.All {
		name += " ALL"
	}
	return name
}

// intersectExcept plans INTERSECT and EXCEPT over inputs already cast to
// out. The distinct forms are a semi (anti) join on every column, NULLs
// comparing equal, followed by a distinct aggregation, as Flink's
// ReplaceIntersectWithSemiJoinRule and ReplaceMinusWithAntiJoinRule plan
// them.
func intersectExcept(q *sql.SetOp, l, r Node, out types.Schema) Node {
	if q.All {
		return &SetOpAll{Left: l, Right: r, Except: q.Op == sql.Except, Out: out}
	}
	typ := SemiJoin
	if q.Op == sql.Except {
		typ = AntiJoin
	}
	j := &Join{Left: l, Right: r, Type: typ, NullSafe: true, Out: out}
	keys := make([]int, out.Len())
	w := out.Len()
	for i, c := range out.Columns {
		j.LeftKeys = append(j.LeftKeys, expr.Column(i, c.Type))
		j.RightKeys = append(j.RightKeys, expr.Column(i, c.Type))
		keys[i] = i
		// For EXPLAIN: l.c IS NOT DISTINCT FROM r.c over left ++ right.
		if eq, err := expr.IsDistinctFrom(expr.Column(i, c.Type), expr.Column(w+i, c.Type), true, diag.NoPos); err == nil {
			if j.Where == nil {
				j.Where = eq
			} else if both, err := expr.And(j.Where, eq, diag.NoPos); err == nil {
				j.Where = both
			}
		}
	}
	return &Aggregate{Input: j, Keys: keys, Out: out}
}
