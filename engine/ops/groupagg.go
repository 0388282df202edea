package ops

import (
	"context"
	"fmt"

	"github.com/flinkplay/flinkplay/engine/expr"
	"github.com/flinkplay/flinkplay/engine/library"
	"github.com/flinkplay/flinkplay/engine/stream"
	"github.com/flinkplay/flinkplay/engine/types"
)

// AggFunc is one aggregate call of a GroupAgg.
type AggFunc struct {
	// Name is COUNT, SUM, SUM0, AVG, MIN, MAX, FIRST_VALUE, LAST_VALUE,
	// LISTAGG, COLLECT, ARRAY_AGG, JSON_ARRAYAGG or JSON_OBJECTAGG.
	Name     string
	Arg      int // first argument's input column; -1 for COUNT(*)
	ArgType  types.Type
	MoreArgs []int // further arguments: COUNT(a, b), LISTAGG's separator, JSON_OBJECTAGG's value
	Distinct bool
	// Filtered: only rows whose BOOLEAN column Filter is TRUE reach the
	// aggregate (agg(x) FILTER (WHERE cond)).
	Filtered bool
	Filter   int
	// IgnoreNulls: ARRAY_AGG(x IGNORE NULLS), JSON_ARRAYAGG/JSON_OBJECTAGG
	// with ABSENT ON NULL.
	IgnoreNulls bool
	// Retracting tells that the input may retract rows: MIN, MAX,
	// FIRST_VALUE and LAST_VALUE then keep every value (Flink's
	// *WithRetractAggFunction), otherwise only the current result.
	Retracting bool
	Type       types.Type // result type
}

// call is the aggregate as its spec's accumulator runs it.
func (a AggFunc) call() library.AggCall {
	return library.AggCall{Name: a.Name, Star: a.Arg < 0, ArgType: a.ArgType, Type: a.Type, Distinct: a.Distinct,
		IgnoreNulls: a.IgnoreNulls, Retracting: a.Retracting, Separator: len(a.MoreArgs) > 0}
}

// GroupAgg is a non-windowed group aggregation. Its output rows are the key
// columns followed by one column per aggregate.
//
// In streaming mode (Final false) it follows Flink's GroupAggFunction: the
// first result of a key is +I, a changed result is -U old then +U new, an
// unchanged result emits nothing, and a key whose last row is retracted
// emits -D; with NoUpdateBefore a change is +U alone. It accepts +I and +U
// (accumulate) and -U and -D (retract); a
// retraction for a key it has no state for is ignored, as in Flink. In
// batch mode (Final true) it emits one +I per key when its input ends, and
// for a global aggregate (no keys) one row even for empty input.
//
// State: per key, the row count, one accumulator per aggregate (values
// cloned; see library/funcs_aggregate.go for what each keeps) and the
// previous result.
type GroupAgg struct {
	Keys  []int
	Aggs  []AggFunc
	Final bool
	Ctx   expr.Ctx
	// TTL is 'table.exec.state.ttl' (streaming only): a group not updated
	// for that long is forgotten.
	TTL *StateTTL
	// NoUpdateBefore: a changed result is +U alone, without -U (Flink's
	// generateUpdateBefore false, when the consumer needs no -U).
	NoUpdateBefore bool

	groups  map[string]*group
	order   []string // keys in first-seen order, for deterministic batch output
	kernels []*library.AggKernel
	keyBuf  []byte
	argBuf  []types.Value
	vec     *vecGroups // typed state over columnar batches (groupagg_vec.go)
}

type group struct {
	touched int64 // when the group was last written (state TTL)
	key     []types.Value
	count   int64 // rows in the group (+I/+U minus -U/-D)
	accs    []library.Accumulator
	prev    []types.Value // last emitted row; nil before the first emission
	// spare is the row before prev, whose array the next result reuses:
	// emitted rows are copied into the output batch, so two arrays per
	// group serve every emission.
	spare []types.Value
}

var _ stream.Operator = (*GroupAgg)(nil)

// Open implements stream.Operator.
func (g *GroupAgg) Open(context.Context) error {
	g.groups = map[string]*group{}
	g.vec = nil
	g.order = nil
	g.kernels = make([]*library.AggKernel, len(g.Aggs))
	for i, a := range g.Aggs {
		k, err := library.CompileAggregate(a.call(), &g.Ctx)
		if err != nil {
			return err
		}
		g.kernels[i] = k
	}
	return nil
}

func (g *GroupAgg) newGroup(key []types.Value) (*group, error) {
	gr := &group{key: key, accs: make([]library.Accumulator, len(g.Aggs))}
	for i, k := range g.kernels {
		gr.accs[i] = k.New()
	}
	return gr, nil
}

// Process implements stream.Operator.
func (g *GroupAgg) Process(in, out *stream.Batch) error {
	if g.vec != nil {
		return g.processVec(in, out)
	}
	g.Ctx.Out = nil // accumulators must not live in a batch arena
	if g.TTL.tick() {
		for k, gr := range g.groups {
			if g.TTL.expired(gr.touched) {
				delete(g.groups, k)
			}
		}
	}
	for i := 0; i < in.Len(); i++ {
		row := in.Row(i)
		kind := in.Kinds[i]
		retract := kind.Retracts()
		g.keyBuf = types.AppendKey(g.keyBuf[:0], row, g.Keys)
		gr, ok := g.groups[string(g.keyBuf)]
		if ok && g.TTL.expired(gr.touched) {
			delete(g.groups, string(g.keyBuf))
			ok = false
		}
		if !ok {
			if retract {
				continue // retraction of a row never seen: ignore, as Flink does
			}
			key := make([]types.Value, len(g.Keys))
			for j, k := range g.Keys {
				key[j] = row[k].Clone()
			}
			var err error
			if gr, err = g.newGroup(key); err != nil {
				return err
			}
			k := string(g.keyBuf)
			g.groups[k] = gr
			if g.Final {
				g.order = append(g.order, k)
			}
		}
		if g.TTL.on() {
			gr.touched = g.TTL.now
		}
		if err := g.update(gr, row, retract); err != nil {
			return err
		}
		if g.Final {
			continue
		}
		if err := g.emit(gr, string(g.keyBuf), out); err != nil {
			return err
		}
	}
	return nil
}

// emit writes the changelog for one updated group in streaming mode.
func (g *GroupAgg) emit(gr *group, key string, out *stream.Batch) error {
	if gr.count <= 0 {
		if gr.prev != nil {
			out.AppendRow(stream.Delete, gr.prev)
		}
		delete(g.groups, key)
		return nil
	}
	cur, err := g.resultInto(gr.spare[:0], gr)
	if err != nil {
		return err
	}
	if gr.prev == nil {
		out.AppendRow(stream.Insert, cur)
	} else if !rowsEqual(gr.prev, cur) {
		if !g.NoUpdateBefore {
			out.AppendRow(stream.UpdateBefore, gr.prev)
		}
		out.AppendRow(stream.UpdateAfter, cur)
	}
	gr.prev, gr.spare = cur, gr.prev
	return nil
}

func (g *GroupAgg) update(gr *group, row []types.Value, retract bool) error {
	if retract {
		gr.count--
	} else {
		gr.count++
	}
	for i, a := range g.Aggs {
		if a.Filtered {
			if f := row[a.Filter]; f.Null || f.I == 0 {
				continue
			}
		}
		args := g.argBuf[:0]
		if a.Arg >= 0 {
			args = append(args, row[a.Arg])
		}
		for _, c := range a.MoreArgs {
			args = append(args, row[c])
		}
		g.argBuf = args
		var err error
		if retract {
			err = gr.accs[i].Retract(args)
		} else {
			err = gr.accs[i].Add(args)
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// result computes a group's output row (owned memory).
func (g *GroupAgg) result(gr *group) ([]types.Value, error) {
	return g.resultInto(nil, gr)
}

// resultInto is result appended to row (a new array when row has no room).
func (g *GroupAgg) resultInto(row []types.Value, gr *group) ([]types.Value, error) {
	if cap(row) < len(g.Keys)+len(g.Aggs) {
		row = make([]types.Value, 0, len(g.Keys)+len(g.Aggs))
	}
	row = append(row, gr.key...)
	for _, a := range gr.accs {
		v, err := a.Value()
		if err != nil {
			return nil, err
		}
		row = append(row, v)
	}
	return row, nil
}

// Finish emits the final results in batch mode.
func (g *GroupAgg) Finish(out *stream.Batch) error {
	if !g.Final {
		return nil
	}
	if g.vec != nil {
		g.finishVec(out)
		return nil
	}
	if len(g.Keys) == 0 && len(g.order) == 0 {
		gr, err := g.newGroup(nil)
		if err != nil {
			return err
		}
		row, err := g.result(gr)
		if err != nil {
			return err
		}
		out.AppendRow(stream.Insert, row)
		return nil
	}
	for _, k := range g.order {
		gr := g.groups[k]
		if gr.count <= 0 {
			continue
		}
		row, err := g.result(gr)
		if err != nil {
			return err
		}
		out.AppendRow(stream.Insert, row)
	}
	return nil
}

// Close implements stream.Operator.
func (g *GroupAgg) Close() error { return nil }

func rowsEqual(a, b []types.Value) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		x, y := a[i], b[i]
		if x.Null != y.Null {
			return false
		}
		if x.Null {
			continue
		}
		if x.I != y.I || x.F != y.F || x.N != y.N || string(x.B) != string(y.B) ||
			(x.X != nil || y.X != nil) && fmt.Sprint(x.X) != fmt.Sprint(y.X) {
			return false
		}
	}
	return true
}
