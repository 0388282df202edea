package ops

import (
	"context"
	"encoding/binary"
	"fmt"
	"math"

	"github.com/flinkplay/flinkplay/engine/diag"
	"github.com/flinkplay/flinkplay/engine/expr"
	"github.com/flinkplay/flinkplay/engine/stream"
	"github.com/flinkplay/flinkplay/engine/types"
)

// AggFunc is one aggregate of a GroupAgg, over input column Arg (-1: COUNT(*)).
type AggFunc struct {
	Name     string // COUNT, SUM, MIN, MAX, AVG
	Arg      int
	ArgType  types.Type
	Distinct bool
	Type     types.Type // result type
}

// GroupAgg is a non-windowed group aggregation. Its output rows are the key
// columns followed by one column per aggregate.
//
// In streaming mode (Final false) it follows Flink's GroupAggFunction: the
// first result of a key is +I, a changed result is -U old then +U new, an
// unchanged result emits nothing, and a key whose last row is retracted
// emits -D. It accepts +I and +U (accumulate) and -U and -D (retract; MIN
// and MAX cannot retract yet). In batch mode (Final true) it emits one +I per
// key when its input ends, and for a global aggregate (no keys) one row even
// for empty input.
//
// State: per key, the accumulators and the previous result (values cloned).
type GroupAgg struct {
	Keys  []int
	Aggs  []AggFunc
	Final bool
	Ctx   expr.Ctx

	groups map[string]*group
	order  []string // keys in first-seen order, for deterministic batch output
	adders []expr.Expr
	less   []expr.Expr
	subs   []expr.Expr
	avgDiv []expr.Expr
	keyBuf []byte
}

type group struct {
	key   []types.Value
	count int64 // rows in the group (+I/+U minus -U/-D)
	accs  []acc
	prev  []types.Value // last emitted row; nil before the first emission
}

type acc struct {
	v        types.Value // SUM/MIN/MAX running value; AVG: sum
	n        int64       // non-null inputs (COUNT, AVG divisor, SUM emptiness)
	distinct map[string]int64
}

var _ stream.Operator = (*GroupAgg)(nil)

// Open implements stream.Operator.
func (g *GroupAgg) Open(context.Context) error {
	g.groups = map[string]*group{}
	g.adders = make([]expr.Expr, len(g.Aggs))
	g.subs = make([]expr.Expr, len(g.Aggs))
	g.less = make([]expr.Expr, len(g.Aggs))
	g.avgDiv = make([]expr.Expr, len(g.Aggs))
	for i, a := range g.Aggs {
		if a.Arg < 0 {
			continue
		}
		accT := a.ArgType.WithNullable(true)
		if a.Name == "SUM" || a.Name == "AVG" {
			accT = a.Type.WithNullable(true)
			if a.Name == "AVG" {
				accT = sumType(a.ArgType)
			}
			add, err := expr.Arith(expr.Add, expr.Column(0, accT), expr.Column(1, a.ArgType), diag.NoPos)
			if err != nil {
				return err
			}
			if !add.Type().WithNullable(true).Equal(accT) {
				if add, err = expr.Cast(add, accT, false, diag.NoPos); err != nil {
					return err
				}
			}
			sub, err := expr.Arith(expr.Sub, expr.Column(0, accT), expr.Column(1, a.ArgType), diag.NoPos)
			if err != nil {
				return err
			}
			if !sub.Type().WithNullable(true).Equal(accT) {
				if sub, err = expr.Cast(sub, accT, false, diag.NoPos); err != nil {
					return err
				}
			}
			g.adders[i], g.subs[i] = add, sub
		}
		if a.Name == "AVG" {
			div, err := expr.Arith(expr.Div, expr.Column(0, accT), expr.Column(1, types.Int64.WithNullable(false)), diag.NoPos)
			if err != nil {
				return err
			}
			if !div.Type().WithNullable(true).Equal(a.Type.WithNullable(true)) {
				if div, err = expr.Cast(div, a.Type, false, diag.NoPos); err != nil {
					return err
				}
			}
			g.avgDiv[i] = div
		}
		if a.Name == "MIN" || a.Name == "MAX" {
			op := expr.Lt
			if a.Name == "MAX" {
				op = expr.Gt
			}
			cmp, err := expr.Compare(op, expr.Column(0, a.ArgType), expr.Column(1, a.ArgType), diag.NoPos)
			if err != nil {
				return err
			}
			g.less[i] = cmp
		}
	}
	return nil
}

// sumType is the accumulator type of AVG: Flink sums in the argument's type
// family (BIGINT for integers, DOUBLE for approximate, DECIMAL(38, s)).
func sumType(t types.Type) types.Type {
	switch {
	case t.IsInteger():
		return types.Int64
	case t.Kind == types.Decimal:
		return types.DecimalOf(types.MaxDecimalPrecision, t.Scale)
	}
	return types.Float64
}

// Process implements stream.Operator.
func (g *GroupAgg) Process(in, out *stream.Batch) error {
	g.Ctx.Out = nil // accumulators must not live in a batch arena
	for i := 0; i < in.Len(); i++ {
		row := in.Row(i)
		kind := in.Kinds[i]
		g.keyBuf = encodeKey(g.keyBuf[:0], row, g.Keys)
		gr, ok := g.groups[string(g.keyBuf)]
		if !ok {
			if kind == stream.UpdateBefore || kind == stream.Delete {
				continue // retraction of a row never seen: ignore, as Flink does
			}
			key := make([]types.Value, len(g.Keys))
			for j, k := range g.Keys {
				key[j] = row[k].Clone()
			}
			gr = &group{key: key, accs: make([]acc, len(g.Aggs))}
			k := string(g.keyBuf)
			g.groups[k] = gr
			g.order = append(g.order, k)
		}
		retract := kind == stream.UpdateBefore || kind == stream.Delete
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
		g.removeOrder(key)
		return nil
	}
	cur, err := g.result(gr)
	if err != nil {
		return err
	}
	if gr.prev == nil {
		out.AppendRow(stream.Insert, cur)
	} else if !rowsEqual(gr.prev, cur) {
		out.AppendRow(stream.UpdateBefore, gr.prev)
		out.AppendRow(stream.UpdateAfter, cur)
	}
	gr.prev = cur
	return nil
}

func (g *GroupAgg) removeOrder(key string) {
	for i, k := range g.order {
		if k == key {
			g.order = append(g.order[:i], g.order[i+1:]...)
			return
		}
	}
}

func (g *GroupAgg) update(gr *group, row []types.Value, retract bool) error {
	if retract {
		gr.count--
	} else {
		gr.count++
	}
	for i, a := range g.Aggs {
		ac := &gr.accs[i]
		if a.Arg < 0 {
			if retract {
				ac.n--
			} else {
				ac.n++
			}
			continue
		}
		v := row[a.Arg]
		if v.Null {
			continue
		}
		if a.Distinct {
			if ac.distinct == nil {
				ac.distinct = map[string]int64{}
			}
			k := string(encodeKey(nil, []types.Value{v}, []int{0}))
			c := ac.distinct[k]
			if retract {
				c--
				if c <= 0 {
					delete(ac.distinct, k)
				} else {
					ac.distinct[k] = c
					continue
				}
			} else {
				ac.distinct[k] = c + 1
				if c > 0 {
					continue
				}
			}
		}
		if err := g.accumulate(i, a, ac, v, retract); err != nil {
			return err
		}
	}
	return nil
}

func (g *GroupAgg) accumulate(i int, a AggFunc, ac *acc, v types.Value, retract bool) error {
	switch a.Name {
	case "COUNT":
		if retract {
			ac.n--
		} else {
			ac.n++
		}
	case "SUM", "AVG":
		if ac.n == 0 && !retract {
			x, err := expr.Cast(expr.Literal(v, a.ArgType), sumOrType(a), false, diag.NoPos)
			if err != nil {
				return err
			}
			if ac.v, err = x.Eval(&g.Ctx, nil); err != nil {
				return err
			}
			ac.v = ac.v.Clone()
			ac.n = 1
			return nil
		}
		f := g.adders[i]
		if retract {
			f = g.subs[i]
			ac.n--
		} else {
			ac.n++
		}
		r, err := f.Eval(&g.Ctx, []types.Value{ac.v, v})
		if err != nil {
			return err
		}
		ac.v = r.Clone()
	case "MIN", "MAX":
		if retract {
			return diag.Errorf(diag.NoPos, diag.TableException, "%s over an updating input is not supported yet.", a.Name)
		}
		if ac.n == 0 {
			ac.v, ac.n = v.Clone(), 1
			return nil
		}
		ac.n++
		better, err := g.less[i].Eval(&g.Ctx, []types.Value{v, ac.v})
		if err != nil {
			return err
		}
		if !better.Null && better.I != 0 {
			ac.v = v.Clone()
		}
	default:
		return fmt.Errorf("groupagg: unknown aggregate %s", a.Name)
	}
	return nil
}

func sumOrType(a AggFunc) types.Type {
	if a.Name == "AVG" {
		return sumType(a.ArgType)
	}
	return a.Type.WithNullable(true)
}

// result computes a group's output row (owned memory).
func (g *GroupAgg) result(gr *group) ([]types.Value, error) {
	row := make([]types.Value, 0, len(g.Keys)+len(g.Aggs))
	row = append(row, gr.key...)
	for i, a := range g.Aggs {
		ac := gr.accs[i]
		switch a.Name {
		case "COUNT":
			row = append(row, types.IntValue(ac.n))
		case "SUM", "MIN", "MAX":
			if ac.n <= 0 {
				row = append(row, types.NullValue)
			} else {
				row = append(row, ac.v)
			}
		case "AVG":
			if ac.n <= 0 {
				row = append(row, types.NullValue)
				continue
			}
			v, err := g.avgDiv[i].Eval(&g.Ctx, []types.Value{ac.v, types.IntValue(ac.n)})
			if err != nil {
				return nil, err
			}
			row = append(row, v.Clone())
		}
	}
	return row, nil
}

// Finish emits the final results in batch mode.
func (g *GroupAgg) Finish(out *stream.Batch) error {
	if !g.Final {
		return nil
	}
	if len(g.Keys) == 0 && len(g.order) == 0 {
		gr := &group{accs: make([]acc, len(g.Aggs))}
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

// encodeKey appends an unambiguous binary encoding of row[cols] to dst.
func encodeKey(dst []byte, row []types.Value, cols []int) []byte {
	for _, c := range cols {
		v := row[c]
		if v.Null {
			dst = append(dst, 0)
			continue
		}
		dst = append(dst, 1)
		dst = binary.LittleEndian.AppendUint64(dst, uint64(v.I))
		dst = binary.LittleEndian.AppendUint64(dst, math.Float64bits(v.F))
		dst = binary.LittleEndian.AppendUint32(dst, uint32(v.N))
		dst = binary.LittleEndian.AppendUint32(dst, uint32(len(v.B)))
		dst = append(dst, v.B...)
		if v.X != nil {
			s := fmt.Sprint(v.X)
			dst = binary.LittleEndian.AppendUint32(dst, uint32(len(s)))
			dst = append(dst, s...)
		}
	}
	return dst
}

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
		if x.I != y.I || x.F != y.F || x.N != y.N || string(x.B) != string(y.B) || fmt.Sprint(x.X) != fmt.Sprint(y.X) {
			return false
		}
	}
	return true
}
