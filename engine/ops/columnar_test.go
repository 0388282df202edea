package ops

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"runtime"
	"slices"
	"testing"
	"time"

	"github.com/flinkplay/flinkplay/engine/diag"
	"github.com/flinkplay/flinkplay/engine/expr"
	"github.com/flinkplay/flinkplay/engine/library"
	"github.com/flinkplay/flinkplay/engine/stream"
	"github.com/flinkplay/flinkplay/engine/types"
)

// The columnar paths must print what the row paths print, record for
// record. These tests feed the same random inputs (NULLs, retractions,
// extreme values, filters) to an operator running on rows and to one
// running on columnar batches, and compare the changelogs.

// diffSchema: k INT, v BIGINT, d DOUBLE, s STRING, i INT.
var diffSchema = []types.Type{types.Int32, types.Int64, types.Float64, types.String, types.Int32}

func randomRows(r *rand.Rand, n int, retract bool) []rec { return randomRowsNulls(r, n, retract, true) }

// randomRowsNulls: without nulls, the kernels' null-free loops run.
func randomRowsNulls(r *rand.Rand, n int, retract, nulls bool) []rec {
	var out []rec
	var live []rec
	for range n {
		if retract && len(live) > 0 && r.IntN(4) == 0 {
			j := r.IntN(len(live))
			old := live[j]
			live = slices.Delete(live, j, j+1)
			kind := stream.Delete
			if r.IntN(2) == 0 {
				kind = stream.UpdateBefore
			}
			out = append(out, rec{kind, old.vals})
			continue
		}
		vals := []any{
			r.IntN(7) - 3,
			[]any{int64(r.IntN(1000) - 500), int64(math.MaxInt64 - r.IntN(3)), int64(math.MinInt64 + r.IntN(3))}[r.IntN(3)],
			[]any{r.Float64()*100 - 50, math.NaN(), math.Copysign(0, -1), 0.0, math.Inf(1)}[r.IntN(5)],
			[]any{"a", "bb", "", "ccc"}[r.IntN(4)],
			[]any{int64(math.MaxInt32), int64(math.MinInt32), int64(r.IntN(10))}[r.IntN(3)],
		}
		for j := range vals {
			if nulls && r.IntN(8) == 0 {
				vals[j] = nil
			}
		}
		row := rec{stream.Insert, vals}
		if retract && r.IntN(3) == 0 {
			row.kind = stream.UpdateAfter
		}
		live = append(live, row)
		out = append(out, row)
	}
	return out
}

// diffBatch builds a row batch of diffSchema's values.
func diffBatch(recs []rec) *stream.Batch { return batchOf(len(diffSchema), recs...) }

// columnarOf returns b as a columnar batch, every column typed.
func columnarOf(b *stream.Batch, schema []types.Type) *stream.Batch {
	c := stream.NewBatch(b.Width)
	kinds := make([]stream.VecKind, len(schema))
	for i, t := range schema {
		kinds[i] = stream.VecKindOf(t)
	}
	c.Columns(kinds)
	for i := range b.Len() {
		c.Kinds = append(c.Kinds, b.Kinds[i])
		for j, v := range b.Row(i) {
			c.Cols[j].Append(v)
		}
	}
	return c
}

// feed runs batches of recs through op; columnar sends them as columns.
func feed(t *testing.T, op stream.Operator, recs []rec, columnar bool, outTypes []types.Type, batch int) []string {
	mode := 0
	if columnar {
		mode = 1
	}
	return feedMode(t, op, recs, mode, outTypes, batch)
}

// feedMode: mode 0 sends rows, 1 columns, 2 columns and rows in turn.
func feedMode(t *testing.T, op stream.Operator, recs []rec, mode int, outTypes []types.Type, batch int) []string {
	t.Helper()
	var lines []string
	out := stream.NewBatch(len(outTypes))
	emit := func(err error) {
		t.Helper()
		if err != nil {
			lines = append(lines, "error: "+err.Error())
			return
		}
		if out.Columnar {
			rows := stream.NewBatch(out.Width)
			out.Materialize(rows)
			rows.Watermark = out.Watermark
			out = rows
		}
		lines = append(lines, changelog(out, outTypes)...)
		if out.Watermark != stream.NoWatermark {
			lines = append(lines, fmt.Sprintf("watermark %d", out.Watermark))
		}
	}
	for start := 0; start < len(recs); start += batch {
		in := diffBatch(recs[start:min(start+batch, len(recs))])
		if mode == 1 || mode == 2 && start/batch%2 == 0 {
			in = columnarOf(in, diffSchema)
		}
		out = stream.NewBatch(len(outTypes))
		emit(op.Process(in, out))
	}
	if f, ok := op.(interface{ Finish(*stream.Batch) error }); ok {
		out = stream.NewBatch(len(outTypes))
		emit(f.Finish(out))
	}
	return lines
}

func TestGroupAggColumnarMatchesRows(t *testing.T) {
	aggSets := [][]AggFunc{
		{
			{Name: "COUNT", Arg: -1, Type: types.Int64},
			{Name: "COUNT", Arg: 2, ArgType: types.Float64, Type: types.Int64},
			{Name: "SUM", Arg: 1, ArgType: types.Int64, Type: types.Int64},
			{Name: "SUM", Arg: 4, ArgType: types.Int32, Type: types.Int32},
			{Name: "SUM0", Arg: 4, ArgType: types.Int32, Type: types.Int32},
			{Name: "AVG", Arg: 4, ArgType: types.Int32, Type: types.Int32},
			{Name: "AVG", Arg: 1, ArgType: types.Int64, Type: types.Int64},
			{Name: "SUM", Arg: 2, ArgType: types.Float64, Type: types.Float64},
			{Name: "AVG", Arg: 2, ArgType: types.Float64, Type: types.Float64},
		},
		{
			{Name: "MIN", Arg: 1, ArgType: types.Int64, Type: types.Int64},
			{Name: "MAX", Arg: 4, ArgType: types.Int32, Type: types.Int32},
			{Name: "MIN", Arg: 2, ArgType: types.Float64, Type: types.Float64},
			{Name: "MAX", Arg: 2, ArgType: types.Float64, Type: types.Float64},
			{Name: "COUNT", Arg: -1, Type: types.Int64},
		},
	}
	keySets := [][]int{{0}, {3}, {0, 3}, {2}, nil}
	for seed := range uint64(40) {
		r := rand.New(rand.NewPCG(seed, 7))
		aggs := aggSets[seed%2]
		retract := seed%2 == 0 // MIN/MAX here are the insert-only kind
		keys := keySets[int(seed/2)%len(keySets)]
		final := seed%5 == 1 || seed%5 == 3
		noUB := seed%7 == 3
		recs := randomRowsNulls(r, 200+r.IntN(300), retract && !final, seed%3 != 0)
		outTypes := []types.Type{}
		for _, k := range keys {
			outTypes = append(outTypes, diffSchema[k].WithNullable(true))
		}
		for _, a := range aggs {
			outTypes = append(outTypes, a.Type.WithNullable(true))
		}
		name := fmt.Sprintf("seed%d/keys%v/final=%v", seed, keys, final)
		t.Run(name, func(t *testing.T) {
			mk := func() *GroupAgg {
				return &GroupAgg{Keys: keys, Aggs: aggs, Final: final, NoUpdateBefore: noUB}
			}
			rowOp := mk()
			if err := rowOp.Open(context.Background()); err != nil {
				t.Fatal(err)
			}
			want := feed(t, rowOp, recs, false, outTypes, 64)
			for _, mode := range []int{0, 1, 2} {
				vecOp := mk()
				if err := vecOp.Open(context.Background()); err != nil {
					t.Fatal(err)
				}
				if !vecOp.ColumnsIn() {
					t.Fatal("ColumnsIn false for typed aggregates")
				}
				got := feedMode(t, vecOp, recs, mode, outTypes, 64)
				if !slices.Equal(got, want) {
					t.Fatalf("mode %d: changelogs differ at %d\n got: %v\nwant: %v", mode, firstDiff(got, want), clip(got), clip(want))
				}
				if vecOp.StateRows() != rowOp.StateRows() {
					t.Fatalf("state rows %d, want %d", vecOp.StateRows(), rowOp.StateRows())
				}
			}
		})
	}
}

func TestGroupAggColumnarOnlyForTypedAggregates(t *testing.T) {
	for _, a := range []AggFunc{
		{Name: "MAX", Arg: 1, ArgType: types.Int64, Type: types.Int64, Retracting: true},
		{Name: "SUM", Arg: 1, ArgType: types.Int64, Type: types.Int64, Distinct: true},
		{Name: "LISTAGG", Arg: 3, ArgType: types.String, Type: types.String},
		{Name: "MIN", Arg: 3, ArgType: types.String, Type: types.String},
		{Name: "SUM", Arg: 1, ArgType: types.DecimalOf(10, 2), Type: types.DecimalOf(38, 2)},
	} {
		g := &GroupAgg{Keys: []int{0}, Aggs: []AggFunc{a}}
		if err := g.Open(context.Background()); err != nil {
			t.Fatal(err)
		}
		if g.ColumnsIn() {
			t.Errorf("%+v: typed state claimed", a)
		}
	}
}

func firstDiff(a, b []string) int {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return i
		}
	}
	return min(len(a), len(b))
}

func clip(s []string) []string {
	if len(s) > 12 {
		return s[:12]
	}
	return s
}

func TestCalcColumnarMatchesRows(t *testing.T) {
	m := must(t)
	k, v, d, s, i := expr.Column(0, diffSchema[0].WithNullable(true)), expr.Column(1, diffSchema[1].WithNullable(true)),
		expr.Column(2, diffSchema[2].WithNullable(true)), expr.Column(3, diffSchema[3].WithNullable(true)), expr.Column(4, diffSchema[4].WithNullable(true))
	lit := func(x int64, t types.Type) expr.Expr { return expr.Literal(types.IntValue(x), t) }
	cases := []struct {
		name  string
		cond  expr.Expr
		exprs []expr.Expr
	}{
		{"arith", nil, []expr.Expr{
			m(expr.Arith(expr.Mod, v, lit(7, types.Int32), diag.NoPos)),
			m(expr.Arith(expr.Add, k, i, diag.NoPos)),
			m(expr.Arith(expr.Mul, i, i, diag.NoPos)),
			m(expr.Arith(expr.Sub, v, k, diag.NoPos)),
			m(expr.Arith(expr.Mul, d, k, diag.NoPos)),
			m(expr.Arith(expr.Div, d, d, diag.NoPos)),
			m(library.Func("TO_TIMESTAMP_LTZ", []expr.Expr{v, lit(3, types.Int32)}, diag.NoPos)),
			m(library.Func("TO_TIMESTAMP_LTZ", []expr.Expr{i, lit(0, types.Int32)}, diag.NoPos)),
			m(library.Func("TO_TIMESTAMP_LTZ", []expr.Expr{v, lit(6, types.Int32)}, diag.NoPos)),
			s, k,
		}},
		{"filter", m(expr.Compare(expr.Gt, k, lit(0, types.Int32), diag.NoPos)), []expr.Expr{
			m(expr.Arith(expr.Div, v, k, diag.NoPos)), // k = 0 never reaches the division
			m(expr.Compare(expr.Le, d, k, diag.NoPos)),
			m(expr.Compare(expr.Ne, v, i, diag.NoPos)),
			m(library.Func("UPPER", []expr.Expr{s}, diag.NoPos)),
			m(library.Func("CHAR_LENGTH", []expr.Expr{s}, diag.NoPos)),
		}},
		{"filter-only", m(expr.Compare(expr.Ge, d, lit(0, types.Int32), diag.NoPos)), nil},
		{"division by zero", nil, []expr.Expr{
			m(expr.Arith(expr.Div, v, k, diag.NoPos)),
			m(expr.Arith(expr.Mod, i, k, diag.NoPos)),
		}},
		{"fallback", m(expr.Compare(expr.Eq, s, expr.Literal(types.StringValue("bb"), types.String), diag.NoPos)), []expr.Expr{
			m(expr.Cast(d, types.Int32, false, diag.NoPos)),
			m(expr.Cast(k, types.String, false, diag.NoPos)),
		}},
	}
	for _, c := range cases {
		var outTypes []types.Type
		if c.exprs == nil {
			outTypes = diffSchema
		}
		for _, e := range c.exprs {
			outTypes = append(outTypes, e.Type())
		}
		for seed := range uint64(10) {
			recs := randomRowsNulls(rand.New(rand.NewPCG(seed, 11)), 300, true, seed%2 == 0)
			t.Run(fmt.Sprintf("%s/%d", c.name, seed), func(t *testing.T) {
				ctx := expr.Ctx{Zone: time.UTC}
				want := feed(t, &Calc{Cond: c.cond, Exprs: c.exprs, Ctx: ctx}, recs, false, outTypes, 100)
				vec := &Calc{Cond: c.cond, Exprs: c.exprs, Ctx: ctx}
				if !vec.ColumnsIn() {
					t.Fatal("Calc refused columns")
				}
				got := feed(t, vec, recs, true, outTypes, 100)
				if !slices.Equal(got, want) {
					t.Fatalf("changelogs differ at %d\n got: %v\nwant: %v", firstDiff(got, want), clip(got[firstDiff(got, want):]), clip(want[firstDiff(got, want):]))
				}
			})
		}
	}
}

func TestWatermarkAssignerColumnarMatchesRows(t *testing.T) {
	m := must(t)
	v := expr.Column(1, diffSchema[1].WithNullable(true))
	for _, e := range []expr.Expr{
		// The column itself read as a TIMESTAMP(3): its vector is the
		// column's, NULL-free in half the seeds.
		expr.Column(1, types.Type{Kind: types.Timestamp, Precision: 3}.WithNullable(true)),
		m(library.Func("TO_TIMESTAMP_LTZ", []expr.Expr{v, expr.Literal(types.IntValue(3), types.Int32)}, diag.NoPos)),
		m(library.Func("TO_TIMESTAMP_LTZ", []expr.Expr{m(expr.Arith(expr.Div, v, expr.Column(0, types.Int32.WithNullable(true)), diag.NoPos)), expr.Literal(types.IntValue(3), types.Int32)}, diag.NoPos)),
	} {
		for seed := range uint64(6) {
			recs := randomRowsNulls(rand.New(rand.NewPCG(seed, 5)), 400, false, seed%2 == 0)
			want := feed(t, &WatermarkAssigner{Expr: e, Ctx: expr.Ctx{Zone: time.UTC}}, recs, false, diffSchema, 50)
			w := &WatermarkAssigner{Expr: e, Ctx: expr.Ctx{Zone: time.UTC}}
			if err := w.Open(context.Background()); err != nil {
				t.Fatal(err)
			}
			w.ColumnsIn()
			got := feed(t, w, recs, true, diffSchema, 50)
			if !slices.Equal(got, want) {
				t.Fatalf("%v seed %d: differ at %d\n got: %v\nwant: %v", e, seed, firstDiff(got, want), clip(got[firstDiff(got, want):]), clip(want[firstDiff(got, want):]))
			}
		}
	}
}

// TestWatermarkAssignerColumns: over a columnar batch, the watermark is
// the greatest event time among the selected rows that are not NULL.
// (TestWatermarkAssignerColumnarMatchesRows's event times reach
// math.MaxInt64, which hides an error in the greatest.)
func TestWatermarkAssignerColumns(t *testing.T) {
	ts := types.Type{Kind: types.Timestamp, Precision: 3}
	for _, tc := range []struct {
		sel  []int32
		null int // a row made NULL, or -1
		want int64
	}{
		{nil, -1, 99},
		{[]int32{0, 2, 3}, -1, 40},
		{nil, 4, 90},
		{[]int32{0, 2, 3}, 3, 7},
	} {
		w := &WatermarkAssigner{Expr: expr.Column(0, ts), Ctx: expr.Ctx{Zone: time.UTC}}
		if err := w.Open(context.Background()); err != nil {
			t.Fatal(err)
		}
		w.ColumnsIn()
		in := stream.NewBatch(1)
		in.Columns([]stream.VecKind{stream.VecInt})
		for _, x := range []int64{5, 90, 7, 40, 99} {
			in.Kinds = append(in.Kinds, stream.Insert)
			in.Cols[0].AppendInt(x)
		}
		if tc.null >= 0 {
			in.Cols[0].SetNull(tc.null)
		}
		in.Sel = tc.sel
		out := stream.NewBatch(1)
		if err := w.Process(in, out); err != nil {
			t.Fatal(err)
		}
		if out.Watermark != tc.want {
			t.Errorf("selection %v, NULL at %d: watermark %d, want %d", tc.sel, tc.null, out.Watermark, tc.want)
		}
	}
}

// TestWindowColumnarMatchesRows: TUMBLE assignment and window aggregation
// over columns print what they print over rows, late rows included.
func TestWindowColumnarMatchesRows(t *testing.T) {
	for seed := range uint64(12) {
		r := rand.New(rand.NewPCG(seed, 3))
		var batches [][]rec
		ts := int64(1_000)
		for range 20 {
			var b []rec
			for range 1 + r.IntN(80) {
				ts += int64(r.IntN(30))
				at := ts - int64(r.IntN(400)) // some rows late
				var i any = int64(r.IntN(100))
				if seed%2 == 0 && r.IntN(6) == 0 {
					i = nil
				}
				b = append(b, rec{stream.Insert, []any{r.IntN(3), at, float64(r.IntN(50)), "x", i}})
			}
			batches = append(batches, b)
		}
		run := func(columnar bool) []string {
			tvf := &WindowTVF{Window: Windowing{Kind: TumbleWindow, TimeCol: 1, Size: 100}}
			w := len(diffSchema)
			agg := &WindowAgg{Keys: []int{w, w + 1, 0}, StartCol: w, EndCol: w + 1, TimeKeyCol: -1,
				Aggs: []AggFunc{
					{Name: "COUNT", Arg: -1, Type: types.Int64},
					{Name: "SUM", Arg: 4, ArgType: types.Int32, Type: types.Int32},
					{Name: "MAX", Arg: 1, ArgType: types.Int64, Type: types.Int64},
					{Name: "AVG", Arg: 2, ArgType: types.Float64, Type: types.Float64},
				}}
			if err := agg.Open(context.Background()); err != nil {
				t.Fatal(err)
			}
			if columnar && (!tvf.ColumnsIn() || !agg.ColumnsIn()) {
				t.Fatal("columns refused")
			}
			outTypes := []types.Type{types.TimestampOf(3), types.TimestampOf(3), types.Int32, types.Int64, types.Int32, types.Int64, types.Float64}
			var lines []string
			for bi, recs := range batches {
				in := diffBatch(recs)
				if columnar {
					in = columnarOf(in, diffSchema)
				}
				mid := stream.NewBatch(w + 3)
				if err := tvf.Process(in, mid); err != nil {
					t.Fatal(err)
				}
				out := stream.NewBatch(len(outTypes))
				if err := agg.Process(mid, out); err != nil {
					t.Fatal(err)
				}
				wm := ts - 200
				if bi == len(batches)-1 {
					wm = stream.MaxWatermark
				}
				if _, err := agg.OnWatermark(wm, out); err != nil {
					t.Fatal(err)
				}
				lines = append(lines, changelog(out, outTypes)...)
				lines = append(lines, fmt.Sprintf("dropped %d, state %d", agg.Dropped, agg.StateRows()))
			}
			return lines
		}
		want, got := run(false), run(true)
		if !slices.Equal(got, want) {
			t.Fatalf("seed %d: differ at %d\n got: %v\nwant: %v", seed, firstDiff(got, want), clip(got[firstDiff(got, want):]), clip(want[firstDiff(got, want):]))
		}
	}
}

// TestGroupAggStateMemory: the typed state of a GROUP BY over a million
// distinct BIGINT keys with COUNT(*), SUM and MAX stays within twice the
// raw size of its keys and accumulators: 8 bytes of key, 8 of count, 16 of
// sum (the sum and how many values it holds, to retract) and 8 of maximum.
func TestGroupAggStateMemory(t *testing.T) {
	if testing.Short() {
		t.Skip("a million keys")
	}
	const keys = 1_000_000
	const raw = 8 + 8 + 16 + 8
	for _, final := range []bool{false, true} {
		g := &GroupAgg{Keys: []int{0}, Final: final, Aggs: []AggFunc{
			{Name: "COUNT", Arg: -1, Type: types.Int64},
			{Name: "SUM", Arg: 0, ArgType: types.Int64, Type: types.Int64},
			{Name: "MAX", Arg: 0, ArgType: types.Int64, Type: types.Int64},
		}}
		if err := g.Open(context.Background()); err != nil || !g.ColumnsIn() {
			t.Fatal("no typed state", err)
		}
		in, out := stream.NewBatch(1), stream.NewBatch(4)
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		for k := int64(0); k < keys; {
			in.Reset()
			in.Columns([]stream.VecKind{stream.VecInt})
			for ; k < keys && in.Len() < stream.DefaultBatchRows; k++ {
				in.Kinds = append(in.Kinds, stream.Insert)
				in.Cols[0].I = append(in.Cols[0].I, k*7919)
			}
			out.Reset()
			if err := g.Process(in, out); err != nil {
				t.Fatal(err)
			}
		}
		in, out = nil, nil
		runtime.GC()
		runtime.ReadMemStats(&after)
		perKey := float64(after.HeapAlloc-before.HeapAlloc) / keys
		t.Logf("final=%v: %.1f bytes of state per key, %.2f× the raw %d", final, perKey, perKey/raw, raw)
		if perKey > 2*raw {
			t.Errorf("final=%v: %.1f bytes per key, more than twice the raw %d", final, perKey, raw)
		}
		if g.StateRows() != keys {
			t.Fatalf("%d groups", g.StateRows())
		}
		runtime.KeepAlive(g)
	}
}

// TestCalcInputReads: a Calc reads what its condition and expressions
// read, and of a column or a field it passes on as it came, only what the
// operators after it read.
func TestCalcInputReads(t *testing.T) {
	ts := types.Type{Kind: types.Timestamp, Precision: 3}
	row := types.Type{Kind: types.Row, Fields: []types.Field{{Name: "id", Type: types.Int64}, {Name: "t", Type: ts}}}
	cond, err := expr.Compare(expr.Eq, expr.Column(0, types.Int32), expr.Literal(types.IntValue(2), types.Int32), 0)
	if err != nil {
		t.Fatal(err)
	}
	// WHERE c0 = 2, SELECT c3, c1.t
	c := &Calc{Cond: cond, Exprs: []expr.Expr{expr.Column(3, row), expr.AccessField(expr.Column(1, row), 1)}}
	c.ColumnsIn()
	out := &stream.Reads{}
	out.Field(0, 0) // the next operator reads c3.id
	in := &stream.Reads{}
	c.InputReads(out, in)
	if !in.ReadsColumn(0) || !in.ReadsField(3, 0) || in.ReadsField(3, 1) || in.ReadsColumn(1) || in.ReadsColumn(2) || in.All {
		t.Errorf("reads %+v", in)
	}
	// Read whole after it, c3 is read whole, and of c1, t.
	in = &stream.Reads{}
	c.InputReads(&stream.Reads{All: true}, in)
	if !in.ReadsField(3, 1) || !in.ReadsField(1, 1) || in.ReadsField(1, 0) || in.All {
		t.Errorf("reads %+v", in)
	}
	// Without expressions the input passes on as it came.
	c = &Calc{Cond: cond}
	c.ColumnsIn()
	out = &stream.Reads{}
	out.Field(1, 0)
	in = &stream.Reads{}
	c.InputReads(out, in)
	if !in.ReadsColumn(0) || !in.ReadsField(1, 0) || in.ReadsField(1, 1) || in.ReadsColumn(3) {
		t.Errorf("reads %+v", in)
	}
}
