package library

import (
	"testing"
	"time"

	"github.com/flinkplay/flinkplay/engine/expr"
	"github.com/flinkplay/flinkplay/engine/types"
)

// TestAccumulators runs the specs' accumulators as an operator does:
// rows added and retracted, partial accumulators merged, DISTINCT.
func TestAccumulators(t *testing.T) {
	ctx := &expr.Ctx{}
	ints := func(vs ...int64) [][]types.Value {
		var rows [][]types.Value
		for _, v := range vs {
			rows = append(rows, []types.Value{types.IntValue(v)})
		}
		return rows
	}
	null := [][]types.Value{{types.NullValue}}
	cases := []struct {
		call         AggCall
		add, retract [][]types.Value
		want         string
	}{
		{AggCall{Name: "COUNT", Star: true, Type: types.Int64}, ints(1, 2, 3), ints(1), "2"},
		{AggCall{Name: "count", ArgType: types.Int32, Type: types.Int64}, append(ints(1, 2), null...), nil, "2"},
		{AggCall{Name: "SUM", ArgType: types.Int32, Type: types.Int32}, ints(1, 2, 4), ints(2), "5"},
		{AggCall{Name: "SUM", ArgType: types.Int32, Type: types.Int32}, ints(1), ints(1), "NULL"},
		{AggCall{Name: "$SUM0", ArgType: types.Int64, Type: types.Int64}, ints(1), ints(1), "0"},
		{AggCall{Name: "AVG", ArgType: types.Int32, Type: types.Int32}, ints(1, 2, 4), nil, "2"},
		{AggCall{Name: "MAX", ArgType: types.Int32, Type: types.Int32, Retracting: true}, ints(1, 5, 3), ints(5), "3"},
		{AggCall{Name: "MIN", ArgType: types.Int32, Type: types.Int32}, ints(4, 2, 3), nil, "2"},
		{AggCall{Name: "COUNT", ArgType: types.Int32, Type: types.Int64, Distinct: true}, ints(1, 1, 2), ints(1), "2"},
		{AggCall{Name: "SUM", ArgType: types.Int32, Type: types.Int32, Distinct: true}, ints(3, 3, 4), nil, "7"},
	}
	for _, tc := range cases {
		k, err := CompileAggregate(tc.call, ctx)
		if err != nil {
			t.Fatalf("%s: %v", tc.call.Name, err)
		}
		a := k.New()
		for _, r := range tc.add {
			if err := a.Add(r); err != nil {
				t.Fatal(err)
			}
		}
		for _, r := range tc.retract {
			if err := a.Retract(r); err != nil {
				t.Fatal(err)
			}
		}
		v, err := a.Value()
		if err != nil {
			t.Fatal(err)
		}
		if got := types.FormatValue(v, tc.call.Type, time.UTC); got != tc.want {
			t.Errorf("%+v: %s, want %s", tc.call, got, tc.want)
		}
	}
}

// TestMergeAccumulators merges partial sums and extremes, as a two-phase
// aggregation's global step does.
func TestMergeAccumulators(t *testing.T) {
	for _, tc := range []struct {
		name string
		a, b []int64
		want string
	}{
		{"SUM", []int64{1, 2}, []int64{4}, "7"},
		{"SUM", nil, []int64{4}, "4"},
		{"SUM", nil, nil, "NULL"},
		{"COUNT", []int64{1, 2}, []int64{4}, "3"},
		{"MAX", []int64{1, 9}, []int64{4}, "9"},
		{"AVG", []int64{1, 2}, []int64{6}, "3"},
	} {
		k, err := CompileAggregate(AggCall{Name: tc.name, ArgType: types.Int64, Type: types.Int64}, &expr.Ctx{})
		if err != nil {
			t.Fatal(err)
		}
		x, y := k.New(), k.New()
		for _, v := range tc.a {
			x.Add([]types.Value{types.IntValue(v)})
		}
		for _, v := range tc.b {
			y.Add([]types.Value{types.IntValue(v)})
		}
		if err := x.(Merger).Merge(y); err != nil {
			t.Fatal(err)
		}
		v, _ := x.Value()
		if got := types.FormatValue(v, types.Int64, time.UTC); got != tc.want {
			t.Errorf("%s merged: %s, want %s", tc.name, got, tc.want)
		}
	}
	if _, err := CompileAggregate(AggCall{Name: "RANK"}, &expr.Ctx{}); err == nil {
		t.Error("RANK compiled to an accumulator")
	}
}
