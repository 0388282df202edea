package expr

import (
	"math"
	"reflect"
	"testing"
	"time"

	"github.com/flinkplay/flinkplay/engine/stream"
	"github.com/flinkplay/flinkplay/engine/types"
)

// TestVecNestedRows: over nested rows held field by field (VecStruct), as
// the nexmark source fills them, a field access is the field's vector
// itself, and Nexmark's event-time CASE picks each row's field; both give
// what the row evaluation gives, NULL rows included.
func TestVecNestedRows(t *testing.T) {
	ts := types.Type{Kind: types.Timestamp, Precision: 3}
	person := types.RowOf(types.Field{Name: "id", Type: types.Int64}, types.Field{Name: "dateTime", Type: ts})
	bid := types.RowOf(types.Field{Name: "auction", Type: types.Int64}, types.Field{Name: "dateTime", Type: ts},
		types.Field{Name: "extra", Type: types.String})
	schema := []types.Type{types.Int32, person, bid}
	rows := [][]types.Value{
		{types.IntValue(0), {X: &types.RowValue{Fields: []types.Value{types.IntValue(1000), types.IntValue(5)}}}, types.NullValue},
		{types.IntValue(2), types.NullValue, {X: &types.RowValue{Fields: []types.Value{types.IntValue(7), types.IntValue(6), types.StringValue("x")}}}},
		{types.IntValue(2), types.NullValue, {X: &types.RowValue{Fields: []types.Value{types.IntValue(8), types.TimestampValue(9, 500), types.StringValue("")}}}},
		{types.IntValue(1), types.NullValue, types.NullValue},
	}
	b := stream.NewBatch(3)
	b.Columns([]stream.VecKind{stream.VecInt, stream.VecStruct, stream.VecStruct})
	b.Cols[1].ResetStruct([]stream.VecKind{stream.VecInt, stream.VecInt})
	b.Cols[2].ResetStruct([]stream.VecKind{stream.VecInt, stream.VecInt, stream.VecBytes})
	for _, r := range rows {
		b.Kinds = append(b.Kinds, stream.Insert)
		for j := range r {
			b.Cols[j].Append(r[j])
		}
	}
	col := func(i int) Expr { return Column(i, schema[i]) }
	fieldOf := func(x Expr, name string) Expr {
		e, err := FieldAccess(x, name, 0)
		if err != nil {
			t.Fatal(err)
		}
		return e
	}
	eq := func(x Expr, v int64) Expr {
		e, err := Compare(Eq, x, Literal(types.IntValue(v), types.Int32.WithNullable(false)), 0)
		if err != nil {
			t.Fatal(err)
		}
		return e
	}
	when, err := Case([]When{{Cond: eq(col(0), 0), Then: fieldOf(col(1), "dateTime")}}, fieldOf(col(2), "dateTime"), 0)
	if err != nil {
		t.Fatal(err)
	}
	// The same over integers, which have no nanoseconds: the third row
	// picks a NULL.
	ids, err := Case([]When{{Cond: eq(col(0), 0), Then: fieldOf(col(1), "id")}, {Cond: eq(col(0), 1), Then: fieldOf(col(2), "auction")}},
		fieldOf(col(2), "auction"), 0)
	if err != nil {
		t.Fatal(err)
	}
	c := &Ctx{Zone: time.UTC}
	for _, e := range []Expr{fieldOf(col(2), "auction"), fieldOf(col(2), "extra"), fieldOf(col(1), "id"), when, ids} {
		agreesWithRows(t, c, b, rows, e, CompileVec(e), nil, []int32{1, 3})
	}
	v, err := CompileVec(fieldOf(col(2), "auction")).Eval(c, b)
	if err != nil || v != &b.Cols[2].Fields[0] {
		t.Errorf("bid.auction is not the field's vector: %p, %v", v, err)
	}
	if _, ok := CompileVec(when).root.(*vcase); !ok {
		t.Errorf("the CASE has no kernel: %T", CompileVec(when).root)
	}
}

// TestVecWideDecimals: a product of compact operands into a DECIMAL wider
// than 18 digits (Nexmark q1's 0.908 * price) and a CAST that only widens
// a DECIMAL's precision run as kernels, and give what the row evaluation
// gives: signs, the extremes of BIGINT, zero and NULL, values on either
// side of a CAST's limit, with and without a selection.
func TestVecWideDecimals(t *testing.T) {
	dec := func(p, s int) types.Type { return types.Type{Kind: types.Decimal, Precision: p, Scale: s} }
	big3 := dec(4, 3)
	schema := []types.Type{types.Int64, big3}
	// The last two: 0.908 times them is just under and just over 10^18,
	// the limit of a DECIMAL(21, 3), whose high words are the limit's.
	ints := []int64{0, 1, -1, 100_000_000, -123456789012, math.MaxInt64, math.MinInt64, 42,
		1101321585903083700, -1101321585903083701}
	c := &Ctx{Zone: time.UTC}
	b := stream.NewBatch(2)
	b.Columns([]stream.VecKind{stream.VecInt, stream.VecInt})
	var rows [][]types.Value
	for k, x := range ints {
		row := []types.Value{types.IntValue(x), types.IntValue(int64(k*1371 - 4000))} // unscaled -4.000 to 5.597
		if k == 7 {
			row[0] = types.NullValue
		}
		rows = append(rows, row)
		b.Kinds = append(b.Kinds, stream.Insert)
		b.Cols[0].Append(row[0])
		b.Cols[1].Append(row[1])
	}
	lit := Literal(types.IntValue(908), dec(4, 3).WithNullable(false)) // 0.908, typed as Flink types it
	mul := func(a, x Expr) Expr {
		e, err := Arith(Mul, a, x, 0)
		if err != nil {
			t.Fatal(err)
		}
		return e
	}
	product := mul(lit, Column(0, schema[0])) // DECIMAL(24, 3)
	castTo := func(x Expr, to types.Type) Expr {
		e, err := Cast(x, to, false, 0)
		if err != nil {
			t.Fatal(err)
		}
		return e
	}
	for _, tc := range []struct {
		e      Expr
		kernel any
	}{
		{product, &vdecMul{}},
		{mul(Column(1, schema[1]), Column(0, schema[0])), &vdecMul{}},
		{castTo(product, dec(25, 3)), &vdecMul{}}, // wider: the product itself
		{castTo(product, dec(23, 3)), &vdecMul{}}, // q1's sink: no product has more than 23 digits
		{castTo(product, dec(21, 3)), &vdecFit{}}, // MAX and MIN BIGINT overflow, and 10^18: NULL
		{castTo(product, dec(23, 2)), &vcast{}},   // rounds
		{castTo(product, dec(18, 3)), &vcast{}},   // compact
	} {
		e := tc.e
		v := CompileVec(e)
		if reflect.TypeOf(v.root) != reflect.TypeOf(tc.kernel) {
			t.Errorf("%s (%s) runs as %T, want %T", e, e.Type(), v.root, tc.kernel)
		}
		agreesWithRows(t, c, b, rows, e, v, nil, []int32{1, 3, 6, 7})
	}
}

// TestVecArithByAConstant: integer arithmetic by a constant runs as one
// loop over a batch with NULLs and a selection (Nexmark q2's
// MOD(auction, 123) over the bid rows), giving what the row evaluation
// gives; by a constant 0 only a selected, non-NULL row fails.
func TestVecArithByAConstant(t *testing.T) {
	b := stream.NewBatch(1)
	b.Columns([]stream.VecKind{stream.VecInt})
	var rows [][]types.Value
	for k, x := range []int64{1000, 246, 0, -369, 7, math.MinInt64} {
		v := types.IntValue(x)
		if k == 2 {
			v = types.NullValue
		}
		rows = append(rows, []types.Value{v})
		b.Kinds = append(b.Kinds, stream.Insert)
		b.Cols[0].Append(v)
	}
	c := &Ctx{Zone: time.UTC}
	arith := func(op ArithOp, y int64) Expr {
		e, err := Arith(op, Column(0, types.Int64), Literal(types.IntValue(y), types.Int64.WithNullable(false)), 0)
		if err != nil {
			t.Fatal(err)
		}
		return e
	}
	for _, e := range []Expr{arith(Mod, 123), arith(Div, -1), arith(Mul, 3), arith(Sub, 5)} {
		agreesWithRows(t, c, b, rows, e, CompileVec(e), nil, []int32{1, 2, 4})
	}
	// By 0: the selected rows are NULL, so nothing fails; a selected
	// number fails.
	b.Sel = []int32{2}
	if _, err := CompileVec(arith(Mod, 0)).Eval(c, b); err != nil {
		t.Errorf("MOD by 0 of a NULL row: %v", err)
	}
	b.Sel = []int32{1, 2}
	if _, err := CompileVec(arith(Mod, 0)).Eval(c, b); err == nil {
		t.Error("MOD by 0 of a number did not fail")
	}
}

// agreesWithRows evaluates v, e compiled for columns, over b with each
// selection, and checks every selected row against e's evaluation of that
// row of rows: NULL or not, and the same text.
func agreesWithRows(t *testing.T, c *Ctx, b *stream.Batch, rows [][]types.Value, e Expr, v *VecExpr, sels ...[]int32) {
	t.Helper()
	text := func(x types.Value) string { return string(types.AppendValue(nil, x, e.Type(), time.UTC)) }
	defer func() { b.Sel = nil }()
	for _, sel := range sels {
		b.Sel = sel
		got, err := v.Eval(c, b)
		if err != nil {
			t.Fatalf("%s: %v", e, err)
		}
		for k := range b.Len() {
			i := b.Selected(k)
			want, err := e.Eval(c, rows[i])
			if err != nil {
				t.Fatal(err)
			}
			if g := got.Value(i); g.Null != want.Null || text(g) != text(want) {
				t.Errorf("%s row %d: vector %s, row %s", e, i, text(g), text(want))
			}
		}
	}
}

// TestVecReads: a compiled expression tells which columns and fields it
// reads, as a source that leaves out the rest needs (stream.FieldPruner).
func TestVecReads(t *testing.T) {
	ts := types.Type{Kind: types.Timestamp, Precision: 3}
	row := types.Type{Kind: types.Row, Fields: []types.Field{{Name: "id", Type: types.Int64}, {Name: "t", Type: ts}}}
	kind := Column(0, types.Int32)
	eq := func(x int64) Expr {
		e, err := Compare(Eq, kind, Literal(types.IntValue(x), types.Int32), 0)
		if err != nil {
			t.Fatal(err)
		}
		return e
	}
	// CASE WHEN kind = 0 THEN p.t WHEN kind = 1 THEN a.t ELSE b END.t,
	// ddl_gen.sql's computed column, and the bid whole beside it.
	caseT, err := Case([]When{{Cond: eq(0), Then: AccessField(Column(1, row), 1)}, {Cond: eq(1), Then: AccessField(Column(2, row), 1)}},
		AccessField(Column(3, row), 1), 0)
	if err != nil {
		t.Fatal(err)
	}
	r := &stream.Reads{}
	CompileVec(caseT).Reads(r)
	CompileVec(Column(4, row)).Reads(r)
	for _, c := range []struct {
		col, field int
		read       bool
	}{{1, 1, true}, {1, 0, false}, {2, 1, true}, {2, 0, false}, {3, 1, true}, {3, 0, false}, {4, 0, true}, {4, 1, true}, {5, 0, false}} {
		if got := r.ReadsField(c.col, c.field); got != c.read {
			t.Errorf("field %d of column %d read: %v, want %v", c.field, c.col, got, c.read)
		}
	}
	if !r.ReadsColumn(0) || r.ReadsColumn(5) {
		t.Errorf("columns read: 0 %v, 5 %v", r.ReadsColumn(0), r.ReadsColumn(5))
	}
	if r.All {
		t.Error("all read")
	}
}

// TestVecCaseByKeys: a CASE whose WHENs compare one integer column with
// constants picks its branches in one pass over the column (pickByKeys),
// the first WHEN that holds winning, and gives what the row evaluation
// gives; a NULL in the column takes the WHENs' own evaluation.
func TestVecCaseByKeys(t *testing.T) {
	schema := []types.Type{types.Int64, types.Int64, types.Int64, types.Int32}
	col := func(i int) Expr { return Column(i, schema[i]) }
	eq := func(i int, v int64) Expr {
		e, err := Compare(Eq, col(i), Literal(types.IntValue(v), types.Int64.WithNullable(false)), 0)
		if err != nil {
			t.Fatal(err)
		}
		return e
	}
	cases := func(whens []When) Expr {
		e, err := Case(whens, col(2), 0)
		if err != nil {
			t.Fatal(err)
		}
		return e
	}
	exprs := []Expr{
		cases([]When{{Cond: eq(0, 0), Then: col(1)}}),
		cases([]When{{Cond: eq(0, 0), Then: col(1)}, {Cond: eq(0, 1), Then: col(0)}}),
		cases([]When{{Cond: eq(0, 1), Then: col(1)}, {Cond: eq(0, 1), Then: col(0)}}), // the first wins
	}
	for _, nulls := range []bool{false, true} {
		b := stream.NewBatch(len(schema))
		b.Columns([]stream.VecKind{stream.VecInt, stream.VecInt, stream.VecInt, stream.VecInt})
		var rows [][]types.Value
		for i := range 9 {
			row := []types.Value{types.IntValue(int64(i % 3)), types.IntValue(int64(10 + i)), types.IntValue(int64(-i)), types.IntValue(0)}
			if i == 4 {
				row[1] = types.NullValue // a NULL picked by the first WHEN
			}
			if nulls && i == 6 {
				row[0] = types.NullValue
			}
			rows = append(rows, row)
			b.Kinds = append(b.Kinds, stream.Insert)
			for j := range row {
				b.Cols[j].Append(row[j])
			}
		}
		c := &Ctx{Zone: time.UTC}
		for _, e := range exprs {
			v := CompileVec(e)
			if k, ok := v.root.(*vcase); !ok || k.keys == nil {
				t.Fatalf("%s: no CASE by keys: %T", e, v.root)
			}
			agreesWithRows(t, c, b, rows, e, v, nil, []int32{0, 3, 4, 6, 8})
		}
	}
	// WHENs over two columns are not by keys.
	two := cases([]When{{Cond: eq(0, 0), Then: col(1)}, {Cond: eq(1, 1), Then: col(0)}})
	if k, ok := CompileVec(two).root.(*vcase); !ok || k.keys != nil {
		t.Errorf("%s: by keys", two)
	}
}
