// Package library is the built-in function library: every function and
// operator Flink's SQL offers is one Function, a spec (name, category,
// signatures, description, runnable examples) with, for what SQL calls by
// name, its arity and Build, which checks the arguments with Flink's
// messages and returns the engine/expr tree that evaluates the call.
//
// registry.go is the one list, sorted by name; Func resolves a call
// through it, and docs/functions.md, the editor's autocomplete and the
// coverage test against Flink's function list read its specs. The specs
// sit in one file per Flink category (string.go, temporal.go,
// arithmetic.go, comparison.go, logical.go, conditional.go,
// conversion.go, collection.go, json.go, valueconstruction.go,
// valueaccess.go, grouping.go, hashfunctions.go, aggregate.go,
// catalog.go); each spec's Build names the function that implements it,
// in the funcs_*.go file of its family (funcs_string.go, funcs_time.go,
// funcs_json.go, ...).
package library
