package ops

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/flinkplay/flinkplay/engine/stream"
	"github.com/flinkplay/flinkplay/engine/types"
)

// TestHopSlicesMatchWindows: a HOP aggregation that shares slices among
// windows (WindowTVF.Slice, WindowAgg.Slice) emits what the one that
// aggregates every row once per window emits, row for row and in order,
// over random integer and string keys (NULL among them), times out of
// order, late rows, NULLs, watermarks between batches, rows and columns,
// and window_time grouped or not.
func TestHopSlicesMatchWindows(t *testing.T) {
	aggs := []AggFunc{
		{Name: "COUNT", Arg: -1, Type: types.Int64.WithNullable(false)},
		{Name: "COUNT", Arg: 2, ArgType: types.Int32, Type: types.Int64.WithNullable(false)},
		{Name: "SUM", Arg: 2, ArgType: types.Int32, Type: types.Int32},
		{Name: "MIN", Arg: 2, ArgType: types.Int32, Type: types.Int32},
		{Name: "MAX", Arg: 2, ArgType: types.Int32, Type: types.Int32},
		{Name: "AVG", Arg: 2, ArgType: types.Int32, Type: types.Int32},
	}
	if !Sliceable(aggs) {
		t.Fatal("integer COUNT, SUM, MIN, MAX and AVG are not sliceable")
	}
	if Sliceable([]AggFunc{{Name: "SUM", Arg: 2, ArgType: types.Float64, Type: types.Float64}}) {
		t.Error("a DOUBLE sum depends on the order of its rows, yet it is sliceable")
	}
	ts3 := types.Type{Kind: types.Timestamp, Precision: 3}
	for seed := range uint64(40) {
		size, slide := int64(4000), int64(1000)
		if seed%3 == 1 {
			size, slide = 6000, 2000
		}
		withTime := seed%2 == 1
		columns := seed%4 < 2
		stringKey := seed%5 >= 3 // the key a string, found through its bytes
		w := Windowing{Kind: HopWindow, Size: size, Slide: slide, TimeCol: 1, Offset: int64(seed%5) * 500 % slide}
		keys := []int{0, 3, 4}
		timeKey := -1
		if withTime {
			keys, timeKey = []int{0, 3, 4, 5}, 5
		}
		run := func(slice int64) string {
			tvf := &WindowTVF{Window: w, Slice: slice}
			agg := &WindowAgg{Keys: keys, Aggs: aggs, StartCol: 3, EndCol: 4, TimeKeyCol: timeKey, Window: w, Slice: slice}
			ctx := context.Background()
			if err := agg.Open(ctx); err != nil {
				t.Fatal(err)
			}
			agg.ColumnsIn()
			keyType := types.Int64
			if stringKey {
				keyType = types.String
			}
			outTypes := []types.Type{keyType, ts3, ts3}
			if withTime {
				outTypes = append(outTypes, ts3)
			}
			for range aggs {
				outTypes = append(outTypes, types.Int64)
			}
			rr := rand.New(rand.NewPCG(seed, 11))
			var log []string
			wm, now := int64(-1), int64(0)
			for step := 0; step < 30; step++ {
				n := 1 + rr.IntN(40)
				in := stream.NewBatch(3)
				for range n {
					row := in.Append(stream.Insert)
					row[0] = types.IntValue(int64(rr.IntN(6)))
					if stringKey {
						row[0] = types.StringValue([]string{"pear", "fig", "", "apple"}[rr.IntN(4)])
						if rr.IntN(9) == 0 {
							row[0] = types.NullValue
						}
					}
					row[1] = types.TimestampValue(now+int64(rr.IntN(9000))-3000, 0)
					row[2] = types.IntValue(int64(rr.IntN(100) - 20))
					if rr.IntN(7) == 0 {
						row[2] = types.NullValue
					}
				}
				now += int64(rr.IntN(2000))
				if columns && tvf.ColumnsIn() {
					k0 := stream.VecInt
					if stringKey {
						k0 = stream.VecBytes
					}
					in = columnsOf(in, []stream.VecKind{k0, stream.VecInt, stream.VecInt})
				}
				mid := stream.NewBatch(6)
				if err := tvf.Process(in, mid); err != nil {
					t.Fatal(err)
				}
				out := stream.NewBatch(len(keys) + len(aggs))
				if err := agg.Process(mid, out); err != nil {
					t.Fatal(err)
				}
				if rr.IntN(3) == 0 {
					wm = max(wm, now-int64(rr.IntN(4000)))
					if _, err := agg.OnWatermark(wm, out); err != nil {
						t.Fatal(err)
					}
				}
				log = append(log, fmt.Sprintf("%d: %s", step, strings.Join(changelog(rowsOf(out), outTypes), " ")))
			}
			out := stream.NewBatch(len(keys) + len(aggs))
			if _, err := agg.OnWatermark(stream.MaxWatermark, out); err != nil {
				t.Fatal(err)
			}
			log = append(log, "end: "+strings.Join(changelog(rowsOf(out), outTypes), " "))
			return strings.Join(log, "\n")
		}
		want, got := run(0), run(slide)
		if got != want {
			t.Fatalf("seed %d (size %d, slide %d, window_time %v, columns %v, string key %v): slices emit\n%s\nwindows emit\n%s", seed, size, slide, withTime, columns, stringKey, got, want)
		}
		if !strings.Contains(want, "+I[") {
			t.Fatalf("seed %d: no window fired", seed)
		}
	}
}

// columnsOf returns the rows of b as a columnar batch of the given kinds.
func columnsOf(b *stream.Batch, kinds []stream.VecKind) *stream.Batch {
	c := stream.NewBatch(b.Width)
	c.Columns(kinds)
	for i := 0; i < b.Len(); i++ {
		c.Kinds = append(c.Kinds, b.Kinds[i])
		for j, v := range b.Row(i) {
			c.Cols[j].Append(v)
		}
	}
	return c
}

// rowsOf returns b as rows.
func rowsOf(b *stream.Batch) *stream.Batch {
	if !b.Columnar {
		return b
	}
	r := stream.NewBatch(b.Width)
	b.Materialize(r)
	return r
}
