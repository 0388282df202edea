package ops

import (
	"strings"
	"testing"

	"github.com/flinkplay/flinkplay/engine/types"
)

// TestAggFuncsStreaming runs each aggregate function over insert-only and
// retracting input in streaming mode. Input rows are (key STRING, x, y).
func TestAggFuncsStreaming(t *testing.T) {
	i32, i64, str := types.Int32, types.Int64, types.String
	arr := types.ArrayOf(i32)
	ms := types.MultisetOf(i32.WithNullable(false))
	tests := []struct {
		name    string
		agg     AggFunc
		out     types.Type
		batches [][]rec
		want    []string
	}{
		{"min with retraction falls back to the next value",
			AggFunc{Name: "MIN", Arg: 1, ArgType: i32, Type: i32, Retracting: true}, i32,
			[][]rec{{ins("a", 3), ins("a", 1), ins("a", 1), ins("a", 2)}, {del("a", 1), del("a", 1), del("a", 2)}},
			[]string{"+I[a, 3]", "-U[a, 3]", "+U[a, 1]", "-U[a, 1]", "+U[a, 2]", "-U[a, 2]", "+U[a, 3]"}},
		{"max with retraction to NULL",
			AggFunc{Name: "MAX", Arg: 1, ArgType: i32, Type: i32, Retracting: true}, i32,
			[][]rec{{ins("a", 3), ins("a", nil)}, {del("a", 3)}},
			[]string{"+I[a, 3]", "-U[a, 3]", "+U[a, NULL]"}},
		{"first_value skips NULLs",
			AggFunc{Name: "FIRST_VALUE", Arg: 1, ArgType: i32, Type: i32}, i32,
			[][]rec{{ins("a", nil), ins("a", 5), ins("a", 6)}},
			[]string{"+I[a, NULL]", "-U[a, NULL]", "+U[a, 5]"}},
		{"first_value with retraction",
			AggFunc{Name: "FIRST_VALUE", Arg: 1, ArgType: i32, Type: i32, Retracting: true}, i32,
			[][]rec{{ins("a", 5), ins("a", 6)}, {del("a", 5)}},
			[]string{"+I[a, 5]", "-U[a, 5]", "+U[a, 6]"}},
		{"last_value with retraction",
			AggFunc{Name: "LAST_VALUE", Arg: 1, ArgType: i32, Type: i32, Retracting: true}, i32,
			[][]rec{{ins("a", 5), ins("a", 6)}, {del("a", 6)}},
			[]string{"+I[a, 5]", "-U[a, 5]", "+U[a, 6]", "-U[a, 6]", "+U[a, 5]"}},
		{"listagg default separator and retraction",
			AggFunc{Name: "LISTAGG", Arg: 2, ArgType: str, Type: str}, str,
			[][]rec{{ins("a", 0, "x"), ins("a", 0, nil), ins("a", 0, "y"), ins("a", 0, "x")}, {del("a", 0, "x")}},
			[]string{"+I[a, x]", "-U[a, x]", "+U[a, x,y]", "-U[a, x,y]", "+U[a, x,y,x]", "-U[a, x,y,x]", "+U[a, y,x]"}},
		{"array_agg keeps NULLs",
			AggFunc{Name: "ARRAY_AGG", Arg: 1, ArgType: i32, Type: arr}, arr,
			[][]rec{{ins("a", 1), ins("a", nil)}},
			[]string{"+I[a, [1]]", "-U[a, [1]]", "+U[a, [1, NULL]]"}},
		{"array_agg ignore nulls, empty is NULL",
			AggFunc{Name: "ARRAY_AGG", Arg: 1, ArgType: i32, Type: arr, IgnoreNulls: true}, arr,
			[][]rec{{ins("a", nil), ins("a", 2)}, {del("a", 2)}},
			[]string{"+I[a, NULL]", "-U[a, NULL]", "+U[a, [2]]", "-U[a, [2]]", "+U[a, NULL]"}},
		// 17 lands in bucket 1 of a 16-bucket HashMap, 2 in bucket 2.
		{"collect counts values in HashMap order",
			AggFunc{Name: "COLLECT", Arg: 1, ArgType: i32, Type: ms}, ms,
			[][]rec{{ins("a", 17), ins("a", 2), ins("a", 17)}},
			[]string{"+I[a, {17=1}]", "-U[a, {17=1}]", "+U[a, {17=1, 2=1}]", "-U[a, {17=1, 2=1}]", "+U[a, {17=2, 2=1}]"}},
		{"sum distinct with retraction",
			AggFunc{Name: "SUM", Arg: 1, ArgType: i32, Type: i32, Distinct: true}, i32,
			[][]rec{{ins("a", 2), ins("a", 2), ins("a", 3)}, {del("a", 2), del("a", 2)}},
			[]string{"+I[a, 2]", "-U[a, 2]", "+U[a, 5]", "-U[a, 5]", "+U[a, 3]"}},
		{"filter skips rows that are not TRUE",
			AggFunc{Name: "COUNT", Arg: -1, Type: i64, Filtered: true, Filter: 1}, i64,
			[][]rec{{ins("a", 0), ins("a", 1), ins("a", nil)}},
			[]string{"+I[a, 0]", "-U[a, 0]", "+U[a, 1]"}},
		{"count of two arguments needs both",
			AggFunc{Name: "COUNT", Arg: 1, ArgType: i32, MoreArgs: []int{2}, Type: i64}, i64,
			[][]rec{{ins("a", 1, nil), ins("a", 1, "x")}},
			[]string{"+I[a, 0]", "-U[a, 0]", "+U[a, 1]"}},
		{"sum0 is 0 without values",
			AggFunc{Name: "SUM0", Arg: 1, ArgType: i32, Type: i32}, i32,
			[][]rec{{ins("a", nil), ins("a", 4)}},
			[]string{"+I[a, 0]", "-U[a, 0]", "+U[a, 4]"}},
		{"json_arrayagg over JSON texts",
			AggFunc{Name: "JSON_ARRAYAGG", Arg: 2, ArgType: str, Type: str}, str,
			[][]rec{{ins("a", 0, "1"), ins("a", 0, nil)}},
			[]string{"+I[a, [1]]", "-U[a, [1]]", "+U[a, [1,null]]"}},
		{"json_objectagg sorts keys and retracts",
			AggFunc{Name: "JSON_OBJECTAGG", Arg: 1, ArgType: str, MoreArgs: []int{2}, Type: str}, str,
			[][]rec{{ins("a", "k2", "1"), ins("a", "k1", nil)}, {del("a", "k2", "1")}},
			[]string{`+I[a, {"k2":1}]`, `-U[a, {"k2":1}]`, `+U[a, {"k1":null,"k2":1}]`, `-U[a, {"k1":null,"k2":1}]`, `+U[a, {"k1":null}]`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := &GroupAgg{Keys: []int{0}, Aggs: []AggFunc{tt.agg}}
			got, err := run(t, g, 3, []types.Type{str, tt.out}, tt.batches...)
			if err != nil {
				t.Fatal(err)
			}
			if strings.Join(got, " ") != strings.Join(tt.want, " ") {
				t.Errorf("got  %v\nwant %v", got, tt.want)
			}
		})
	}
}

func TestAggFuncsErrors(t *testing.T) {
	str := types.String
	tests := []struct {
		name string
		agg  AggFunc
		in   []rec
		want string
	}{
		{"min without its retracting variant", AggFunc{Name: "MIN", Arg: 1, ArgType: str, Type: str},
			[]rec{ins("a", "x"), del("a", "x")}, "MIN over an updating input needs its retracting variant."},
		{"json_objectagg duplicate key", AggFunc{Name: "JSON_OBJECTAGG", Arg: 1, ArgType: str, MoreArgs: []int{2}, Type: str},
			[]rec{ins("a", "k", "1"), ins("a", "k", "2")},
			"Key 'k' is already present. Duplicate keys are not allowed in JSON_OBJECTAGG. Please ensure that keys are unique."},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := &GroupAgg{Keys: []int{0}, Aggs: []AggFunc{tt.agg}}
			_, err := run(t, g, 3, []types.Type{str, str}, tt.in)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("err = %v, want %q", err, tt.want)
			}
		})
	}
}
