// Package ops holds the runtime operators: one operator per file, named for
// what it does. Operators are push-based and single-goroutine; each one's
// doc comment names the record kinds it accepts and emits and the state it
// keeps.
//
// Values an operator writes to its output batch may alias the bytes of its
// input batch: the runtime consumes an output before it resets the input.
// An operator that keeps values across batches (state) clones them.
package ops
