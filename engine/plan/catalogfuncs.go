package plan

import (
	"github.com/flinkplay/flinkplay/engine/expr"
	"github.com/flinkplay/flinkplay/engine/funcs"
	"github.com/flinkplay/flinkplay/engine/types"
)

func init() {
	funcs.Register(funcs.Spec{
		Name:        "CURRENT_DATABASE",
		Category:    funcs.CatalogFunction,
		Signatures:  []string{"CURRENT_DATABASE()"},
		Description: "The name of the session's current database, as USE set it: a constant of the statement, STRING NOT NULL.",
		Examples:    []funcs.Example{{SQL: "CURRENT_DATABASE()", Result: "default_database"}},
		Call:        true,
	})
}

// currentDatabase binds CURRENT_DATABASE(): the planner's current database
// when the statement is planned, as Flink folds it.
func (b *binder) currentDatabase() expr.Expr {
	return expr.Literal(types.StringValue(b.p.Catalog.CurrentDatabase()), types.String.WithNullable(false))
}
