// Package library is the built-in function library: every function and
// operator Flink's SQL offers is one Function, a spec (name, category,
// signatures, description, runnable examples) with, for what SQL calls by
// name, its arity and Build, which checks the arguments with Flink's
// messages and returns the engine/expr tree that evaluates the call.
//
// registry.go is the one list, sorted by name; Func resolves a call
// through it, and docs/functions.md, the editor's autocomplete and the
// coverage test against Flink's function list read its specs. Each
// Function sits beside its implementation, in a file of its family
// (funcs_string.go, funcs_time.go, funcs_json.go, ...); the operators the
// planner builds from their syntax are documented in comparison.go,
// logical.go and arithmetic.go, the aggregate and window functions in
// aggregate.go, and the other forms with syntax of their own in syntax.go.
package library
