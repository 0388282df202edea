package ops

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/flinkplay/flinkplay/engine/diag"
	"github.com/flinkplay/flinkplay/engine/expr"
	"github.com/flinkplay/flinkplay/engine/stream"
	"github.com/flinkplay/flinkplay/engine/types"
)

// rec is one input record: its kind and values (int, int64, float64, string or nil).
type rec struct {
	kind stream.Kind
	vals []any
}

func ins(v ...any) rec { return rec{stream.Insert, v} }
func ub(v ...any) rec  { return rec{stream.UpdateBefore, v} }
func ua(v ...any) rec  { return rec{stream.UpdateAfter, v} }
func del(v ...any) rec { return rec{stream.Delete, v} }

func batchOf(width int, recs ...rec) *stream.Batch {
	b := stream.NewBatch(width)
	for _, r := range recs {
		dst := b.Append(r.kind)
		for i, v := range r.vals {
			switch v := v.(type) {
			case nil:
				dst[i] = types.NullValue
			case int:
				dst[i] = types.IntValue(int64(v))
			case int64:
				dst[i] = types.IntValue(v)
			case float64:
				dst[i] = types.FloatValue(v)
			case string:
				dst[i] = types.StringValue(v)
			}
		}
	}
	return b
}

// changelog renders b as kind[v1, v2] lines, formatting values by ts.
func changelog(b *stream.Batch, ts []types.Type) []string {
	var out []string
	for i := 0; i < b.Len(); i++ {
		row := b.Row(i)
		parts := make([]string, len(row))
		for j, v := range row {
			if v.Null {
				parts[j] = "NULL"
				continue
			}
			parts[j] = types.FormatValue(v, ts[j], time.UTC)
		}
		out = append(out, b.Kinds[i].String()+"["+strings.Join(parts, ", ")+"]")
	}
	return out
}

// must returns x, failing the test on err.
func must(t testing.TB) func(expr.Expr, error) expr.Expr {
	return func(x expr.Expr, err error) expr.Expr {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		return x
	}
}

// run opens op, feeds it each input batch, finishes it when it is a
// finisher and returns every output line and the first error.
func run(t testing.TB, op stream.Operator, width int, outTypes []types.Type, inputs ...[]rec) ([]string, error) {
	t.Helper()
	if err := op.Open(context.Background()); err != nil {
		return nil, err
	}
	defer op.Close()
	var lines []string
	for _, in := range inputs {
		out := stream.NewBatch(len(outTypes))
		err := op.Process(batchOf(width, in...), out)
		lines = append(lines, changelog(out, outTypes)...)
		if err != nil {
			return lines, err
		}
	}
	if f, ok := op.(interface{ Finish(*stream.Batch) error }); ok {
		out := stream.NewBatch(len(outTypes))
		err := f.Finish(out)
		lines = append(lines, changelog(out, outTypes)...)
		if err != nil {
			return lines, err
		}
	}
	return lines, nil
}

func TestCalc(t *testing.T) {
	i32, str := types.Int32, types.String
	a, s := expr.Column(0, i32), expr.Column(1, str)
	two := expr.Literal(types.IntValue(2), i32.WithNullable(false))
	tests := []struct {
		name  string
		calc  func(t *testing.T) *Calc
		out   []types.Type
		input []rec
		want  []string
	}{
		{"pass through", func(*testing.T) *Calc { return &Calc{} }, []types.Type{i32, str},
			[]rec{ins(1, "a"), ub(2, "b")}, []string{"+I[1, a]", "-U[2, b]"}},
		{"filter drops false and null", func(t *testing.T) *Calc {
			return &Calc{Cond: must(t)(expr.Compare(expr.Gt, a, two, diag.NoPos))}
		}, []types.Type{i32, str},
			[]rec{ins(1, "a"), ins(3, "b"), ins(nil, "c"), del(5, "d")}, []string{"+I[3, b]", "-D[5, d]"}},
		{"project keeps kinds", func(t *testing.T) *Calc {
			return &Calc{Exprs: []expr.Expr{s, must(t)(expr.Arith(expr.Mul, a, two, diag.NoPos))}}
		}, []types.Type{str, i32},
			[]rec{ins(1, "a"), ua(nil, "b")}, []string{"+I[a, 2]", "+U[b, NULL]"}},
		{"filter and project", func(t *testing.T) *Calc {
			return &Calc{Cond: expr.IsNull(a, true), Exprs: []expr.Expr{s}}
		}, []types.Type{str}, []rec{ins(nil, "x"), ins(7, "y")}, []string{"+I[y]"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := run(t, tt.calc(t), 2, tt.out, tt.input)
			if err != nil {
				t.Fatal(err)
			}
			if strings.Join(got, " ") != strings.Join(tt.want, " ") {
				t.Errorf("got %v, want %v", got, tt.want)
			}
		})
	}
}

func TestCalcEvalError(t *testing.T) {
	a := expr.Column(0, types.Int32)
	zero := expr.Literal(types.IntValue(0), types.Int32.WithNullable(false))
	c := &Calc{Exprs: []expr.Expr{must(t)(expr.Arith(expr.Div, a, zero, diag.NoPos))}}
	if _, err := run(t, c, 1, []types.Type{types.Int32}, []rec{ins(1)}); err == nil {
		t.Error("division by zero: no error")
	}
}

func TestLimit(t *testing.T) {
	tests := []struct {
		name          string
		offset, count int64
		batches       [][]rec
		want          []string
		ends          bool
	}{
		{"count within one batch", 0, 2, [][]rec{{ins(1), ins(2), ins(3)}}, []string{"+I[1]", "+I[2]"}, true},
		{"count across batches", 0, 3, [][]rec{{ins(1), ins(2)}, {ins(3), ins(4)}}, []string{"+I[1]", "+I[2]", "+I[3]"}, true},
		{"ends exactly at a batch end", 0, 2, [][]rec{{ins(1), ins(2)}}, []string{"+I[1]", "+I[2]"}, true},
		{"offset", 2, 2, [][]rec{{ins(1), ins(2), ins(3)}, {ins(4), ins(5)}}, []string{"+I[3]", "+I[4]"}, true},
		{"offset only", 1, -1, [][]rec{{ins(1), ins(2)}, {ins(3)}}, []string{"+I[2]", "+I[3]"}, false},
		{"input shorter than the limit", 0, 5, [][]rec{{ins(1)}}, []string{"+I[1]"}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			l := &Limit{Offset: tt.offset, Count: tt.count}
			got, err := run(t, l, 1, []types.Type{types.Int32}, tt.batches...)
			if ended := errors.Is(err, stream.ErrEndOfInput); ended != tt.ends || (err != nil && !ended) {
				t.Errorf("err = %v, want end of input: %v", err, tt.ends)
			}
			if strings.Join(got, " ") != strings.Join(tt.want, " ") {
				t.Errorf("got %v, want %v", got, tt.want)
			}
		})
	}
}

func TestGroupAggStreaming(t *testing.T) {
	i32, i64, str := types.Int32, types.Int64, types.String
	count := AggFunc{Name: "COUNT", Arg: -1, Type: i64.WithNullable(false)}
	sum := AggFunc{Name: "SUM", Arg: 1, ArgType: i32, Type: i32}
	tests := []struct {
		name    string
		keys    []int
		aggs    []AggFunc
		out     []types.Type
		batches [][]rec
		want    []string
	}{
		{"first row inserts, later rows update", []int{0}, []AggFunc{count},
			[]types.Type{str, i64}, [][]rec{{ins("a", 1), ins("b", 1), ins("a", 2)}},
			[]string{"+I[a, 1]", "+I[b, 1]", "-U[a, 1]", "+U[a, 2]"}},
		{"unchanged result emits nothing", []int{0}, []AggFunc{{Name: "MAX", Arg: 1, ArgType: i32, Type: i32}},
			[]types.Type{str, i32}, [][]rec{{ins("a", 5), ins("a", 3), ins("a", 7)}},
			[]string{"+I[a, 5]", "-U[a, 5]", "+U[a, 7]"}},
		{"global aggregate", nil, []AggFunc{count, sum},
			[]types.Type{i64, i32}, [][]rec{{ins("a", 1)}, {ins("b", 2)}},
			[]string{"+I[1, 1]", "-U[1, 1]", "+U[2, 3]"}},
		{"retraction input updates and deletes", []int{0}, []AggFunc{count, sum},
			[]types.Type{str, i64, i32}, [][]rec{{ins("a", 1), ins("a", 2)}, {ub("a", 1), ua("a", 5)}, {del("a", 2), del("a", 5)}},
			[]string{"+I[a, 1, 1]", "-U[a, 1, 1]", "+U[a, 2, 3]", "-U[a, 2, 3]", "+U[a, 1, 2]", "-U[a, 1, 2]", "+U[a, 2, 7]",
				"-U[a, 2, 7]", "+U[a, 1, 5]", "-D[a, 1, 5]"}},
		{"retraction of an unknown key is ignored", []int{0}, []AggFunc{count},
			[]types.Type{str, i64}, [][]rec{{del("x", 1), ins("a", 1)}}, []string{"+I[a, 1]"}},
		{"key reappears after delete", []int{0}, []AggFunc{count},
			[]types.Type{str, i64}, [][]rec{{ins("a", 1), del("a", 1), ins("a", 1)}}, []string{"+I[a, 1]", "-D[a, 1]", "+I[a, 1]"}},
		{"count distinct", []int{0}, []AggFunc{{Name: "COUNT", Arg: 1, ArgType: i32, Distinct: true, Type: i64.WithNullable(false)}},
			[]types.Type{str, i64}, [][]rec{{ins("a", 1), ins("a", 1), ins("a", 2), ins("a", nil)}, {del("a", 1), del("a", 1)}},
			[]string{"+I[a, 1]", "-U[a, 1]", "+U[a, 2]", "-U[a, 2]", "+U[a, 1]"}},
		{"nulls are not counted or summed", []int{0}, []AggFunc{{Name: "COUNT", Arg: 1, ArgType: i32, Type: i64.WithNullable(false)}, sum},
			[]types.Type{str, i64, i32}, [][]rec{{ins("a", nil), ins("a", 4)}},
			[]string{"+I[a, 0, NULL]", "-U[a, 0, NULL]", "+U[a, 1, 4]"}},
		{"no update before: a change is +U alone", []int{0}, []AggFunc{count, sum},
			[]types.Type{str, i64, i32}, [][]rec{{ins("a", 1), ins("a", 2), ins("b", 0)}, {ub("a", 1), ua("a", 1)}, {del("a", 2), del("a", 1)}},
			[]string{"+I[a, 1, 1]", "+U[a, 2, 3]", "+I[b, 1, 0]", "+U[a, 1, 2]", "+U[a, 2, 3]", "+U[a, 1, 1]", "-D[a, 1, 1]"}},
		{"null key is a group", []int{0}, []AggFunc{count},
			[]types.Type{str, i64}, [][]rec{{ins(nil, 1), ins(nil, 2)}}, []string{"+I[NULL, 1]", "-U[NULL, 1]", "+U[NULL, 2]"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := &GroupAgg{Keys: tt.keys, Aggs: tt.aggs}
			if strings.HasPrefix(tt.name, "no update before") {
				g.NoUpdateBefore = true
			}
			got, err := run(t, g, 2, tt.out, tt.batches...)
			if err != nil {
				t.Fatal(err)
			}
			if strings.Join(got, " ") != strings.Join(tt.want, " ") {
				t.Errorf("got  %v\nwant %v", got, tt.want)
			}
		})
	}
}

func TestGroupAggBatch(t *testing.T) {
	i32, i64, str := types.Int32, types.Int64, types.String
	count := AggFunc{Name: "COUNT", Arg: -1, Type: i64.WithNullable(false)}
	tests := []struct {
		name    string
		keys    []int
		aggs    []AggFunc
		out     []types.Type
		batches [][]rec
		want    []string
	}{
		{"one final row per key in first-seen order", []int{0}, []AggFunc{count, {Name: "SUM", Arg: 1, ArgType: i32, Type: i32}},
			[]types.Type{str, i64, i32}, [][]rec{{ins("b", 1), ins("a", 2)}, {ins("b", 3)}},
			[]string{"+I[b, 2, 4]", "+I[a, 1, 2]"}},
		{"global aggregate over empty input", nil, []AggFunc{count, {Name: "SUM", Arg: 1, ArgType: i32, Type: i32}},
			[]types.Type{i64, i32}, nil, []string{"+I[0, NULL]"}},
		{"grouped aggregate over empty input", []int{0}, []AggFunc{count},
			[]types.Type{str, i64}, nil, nil},
		{"min max avg", nil, []AggFunc{{Name: "MIN", Arg: 1, ArgType: i32, Type: i32}, {Name: "MAX", Arg: 1, ArgType: i32, Type: i32},
			{Name: "AVG", Arg: 1, ArgType: i32, Type: i32}},
			[]types.Type{i32, i32, i32}, [][]rec{{ins("a", 4), ins("a", nil), ins("a", 1), ins("a", 6)}},
			[]string{"+I[1, 6, 3]"}},
		{"distinct rows", []int{0, 1}, nil,
			[]types.Type{str, i32}, [][]rec{{ins("a", 1), ins("a", 1), ins("b", 1)}}, []string{"+I[a, 1]", "+I[b, 1]"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := &GroupAgg{Keys: tt.keys, Aggs: tt.aggs, Final: true}
			got, err := run(t, g, 2, tt.out, tt.batches...)
			if err != nil {
				t.Fatal(err)
			}
			if strings.Join(got, " ") != strings.Join(tt.want, " ") {
				t.Errorf("got  %v\nwant %v", got, tt.want)
			}
		})
	}
}

func TestGroupAggStateSurvivesBatchReuse(t *testing.T) {
	// Keys and results are cloned: reusing the input batch's arena must not
	// change what the operator emits later.
	g := &GroupAgg{Keys: []int{0}, Aggs: []AggFunc{{Name: "COUNT", Arg: -1, Type: types.Int64}}}
	if err := g.Open(context.Background()); err != nil {
		t.Fatal(err)
	}
	in, out := stream.NewBatch(1), stream.NewBatch(2)
	row := in.Append(stream.Insert)
	row[0] = types.BytesValue(in.CopyBytes([]byte("key")))
	if err := g.Process(in, out); err != nil {
		t.Fatal(err)
	}
	in.Reset()
	row = in.Append(stream.Insert)
	row[0] = types.BytesValue(in.CopyBytes([]byte("key")))
	out.Reset()
	if err := g.Process(in, out); err != nil {
		t.Fatal(err)
	}
	in.Reset()
	copy(in.Alloc(3), "zzz")
	got := changelog(out, []types.Type{types.String, types.Int64})
	if want := "-U[key, 1] +U[key, 2]"; strings.Join(got, " ") != want {
		t.Errorf("got %v, want %s", got, want)
	}
}

func TestSort(t *testing.T) {
	i32, str := types.Int32, types.String
	tests := []struct {
		name string
		keys []SortKey
		in   [][]rec
		want []string
	}{
		{"ascending, nulls first", []SortKey{{Col: 0, Type: i32, NullsFirst: true}},
			[][]rec{{ins(3, "c"), ins(nil, "n")}, {ins(1, "a"), ins(2, "b")}},
			[]string{"+I[NULL, n]", "+I[1, a]", "+I[2, b]", "+I[3, c]"}},
		{"descending, nulls last", []SortKey{{Col: 0, Type: i32, Desc: true}},
			[][]rec{{ins(3, "c"), ins(nil, "n"), ins(1, "a")}},
			[]string{"+I[3, c]", "+I[1, a]", "+I[NULL, n]"}},
		{"second key breaks ties, stable otherwise", []SortKey{{Col: 0, Type: i32, NullsFirst: true}, {Col: 1, Type: str, Desc: true}},
			[][]rec{{ins(1, "a"), ins(2, "z"), ins(1, "b"), ins(2, "z")}},
			[]string{"+I[1, b]", "+I[1, a]", "+I[2, z]", "+I[2, z]"}},
		{"empty input", []SortKey{{Col: 0, Type: i32}}, nil, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := run(t, &Sort{Keys: tt.keys}, 2, []types.Type{i32, str}, tt.in...)
			if err != nil {
				t.Fatal(err)
			}
			if strings.Join(got, " ") != strings.Join(tt.want, " ") {
				t.Errorf("got  %v\nwant %v", got, tt.want)
			}
		})
	}
}
