package plan

import (
	"github.com/flinkplay/flinkplay/engine/expr"
	"github.com/flinkplay/flinkplay/engine/types"
)

// currentDatabase binds CURRENT_DATABASE(): the planner's current database
// when the statement is planned, as Flink folds it.
func (b *binder) currentDatabase() expr.Expr {
	return expr.Literal(types.StringValue(b.p.Catalog.CurrentDatabase()), types.String.WithNullable(false))
}
