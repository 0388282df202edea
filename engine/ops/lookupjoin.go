package ops

import (
	"context"
	"fmt"

	"github.com/flinkplay/flinkplay/engine/connector"
	"github.com/flinkplay/flinkplay/engine/expr"
	"github.com/flinkplay/flinkplay/engine/stream"
	"github.com/flinkplay/flinkplay/engine/types"
)

// LookupJoin is a processing-time lookup join, Flink's LookupJoinRunner
// (LookupJoinWithCalcRunner when the dimension side computes columns or
// filters): as each left row arrives, the values of its Keys are looked
// up in the dimension table, and the row is emitted joined with every row
// the lookup returns that Where (over the dimension row) and Cond (over
// left ++ dimension) accept. A LEFT join (Outer) emits a row nothing
// joins once, padded with NULLs. A key with a NULL value looks nothing
// up, as Flink skips the lookup call then.
//
// It accepts and emits every Kind, each output row keeping its left row's
// kind, so it keeps its input's changelog mode. No state: the dimension
// table is read at the moment of each row, and later changes to it do not
// revise what was emitted.
type LookupJoin struct {
	Outer bool
	// Keys compute the lookup key from the left row, in the order the
	// Lookuper takes them; a constant key is a literal.
	Keys   []expr.Expr
	Lookup connector.Lookuper
	// Dim turns the physical row a lookup returns into the dimension row:
	// each stage's expressions read the previous stage's row (the table's
	// computed columns, the projections of a view). None: the physical
	// row is the dimension row.
	Dim                   [][]expr.Expr
	Where                 expr.Expr // over the dimension row; nil: TRUE
	Cond                  expr.Expr // over left ++ dimension; nil: TRUE
	LeftWidth, RightWidth int
	Ctx                   expr.Ctx

	key    []types.Value
	stages [][]types.Value
	joined []types.Value
	emitFn func([]types.Value) error
	// The left row being joined, while its lookup runs.
	cur     []types.Value
	kind    stream.Kind
	out     *stream.Batch
	matched bool
}

var _ stream.Operator = (*LookupJoin)(nil)

// Open implements stream.Operator.
func (j *LookupJoin) Open(context.Context) error {
	if j.Lookup == nil {
		return fmt.Errorf("lookup join: no lookup function")
	}
	j.key = make([]types.Value, len(j.Keys))
	j.stages = make([][]types.Value, len(j.Dim))
	for i, s := range j.Dim {
		j.stages[i] = make([]types.Value, len(s))
	}
	j.joined = make([]types.Value, j.LeftWidth+j.RightWidth)
	j.emitFn = j.emit
	return nil
}

// Process implements stream.Operator.
func (j *LookupJoin) Process(in, out *stream.Batch) error {
	j.Ctx.Out = out
	j.out = out
	for i := 0; i < in.Len(); i++ {
		j.cur, j.kind, j.matched = in.Row(i), in.Kinds[i], false
		ok, err := j.keyOf(j.cur)
		if err != nil {
			return err
		}
		if ok {
			if err := j.Lookup.Lookup(j.key, j.emitFn); err != nil {
				return err
			}
		}
		if !j.matched && j.Outer {
			dst := out.Append(j.kind)
			copy(dst, j.cur)
			for c := j.LeftWidth; c < len(dst); c++ {
				dst[c] = types.NullValue
			}
		}
	}
	j.cur, j.out = nil, nil
	return nil
}

// keyOf evaluates the lookup key of a left row; ok is false when a key
// value is NULL.
func (j *LookupJoin) keyOf(row []types.Value) (bool, error) {
	for i, k := range j.Keys {
		v, err := k.Eval(&j.Ctx, row)
		if err != nil {
			return false, err
		}
		if v.Null {
			return false, nil
		}
		j.key[i] = v
	}
	return true, nil
}

// emit joins the current left row with one row the lookup returned.
func (j *LookupJoin) emit(phys []types.Value) error {
	dim := phys
	for s, exprs := range j.Dim {
		next := j.stages[s]
		for c, e := range exprs {
			v, err := e.Eval(&j.Ctx, dim)
			if err != nil {
				return err
			}
			next[c] = v
		}
		dim = next
	}
	if len(dim) != j.RightWidth {
		return fmt.Errorf("lookup join: dimension row of %d values for %d columns", len(dim), j.RightWidth)
	}
	if j.Where != nil {
		v, err := j.Where.Eval(&j.Ctx, dim)
		if err != nil {
			return err
		}
		if v.Null || v.I == 0 {
			return nil
		}
	}
	copy(j.joined, j.cur)
	copy(j.joined[j.LeftWidth:], dim)
	if j.Cond != nil {
		v, err := j.Cond.Eval(&j.Ctx, j.joined)
		if err != nil {
			return err
		}
		if v.Null || v.I == 0 {
			return nil
		}
	}
	copy(j.out.Append(j.kind), j.joined)
	j.matched = true
	return nil
}

// Close implements stream.Operator.
func (j *LookupJoin) Close() error { return nil }
