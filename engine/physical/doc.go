// Package physical turns logical plans into runnable pipelines: Flink's
// physical planning and its translation to transformations, in one step.
// A Job builds the pipelines of one statement (a query, or the INSERTs of
// a statement set): each plan node becomes an operator of engine/ops, a
// scan its connector's source (read once when several scans share it),
// and the session's options (state TTL, the state limit, mini-batch)
// shape them. Explain prints the same plans as Flink's EXPLAIN does,
// beside the code that builds them, so that what EXPLAIN shows is what
// runs.
//
// One file per family of plan nodes: build.go dispatches and builds the
// stateless ones (scans, projections, filters, limits, group
// aggregations, UNNEST, batch sorts); over.go the operators over ordered
// partitions (OVER, Top-N, deduplication, temporal sort); window.go the
// window TVFs, window aggregations (with HOP's slices) and window Top-N;
// join.go the joins and set operations; match.go MATCH_RECOGNIZE;
// minibatch.go mini-batch and the two-phase aggregation. explain.go,
// advice.go and jsonplan.go print EXPLAIN, its PLAN_ADVICE and its
// JSON_EXECUTION_PLAN.
package physical
