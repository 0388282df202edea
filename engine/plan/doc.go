// Package plan turns our SQL AST into a logical plan: it binds names against
// the catalog, type-checks expressions (building engine/expr trees), checks
// connector options the way Flink does when a table is used, and decides
// what Flink's planner decides before execution: boundedness, runtime mode
// rules, changelog modes, and the shape EXPLAIN prints.
//
// Plan nodes are plain data. The engine translates them into runtime
// operators; neither engine/ops nor engine/runtime imports this package,
// as in Flink the runtime does not know the planner.
package plan
