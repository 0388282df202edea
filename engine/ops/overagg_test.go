package ops

import (
	"context"
	"reflect"
	"testing"
	"time"

	"github.com/flinkplay/flinkplay/engine/stream"
	"github.com/flinkplay/flinkplay/engine/types"
)

// overStep is one input batch of an OverAgg test and the watermark after it.
type overStep struct {
	recs []rec
	wm   int64
}

func TestOverAggStreaming(t *testing.T) {
	count := WindowFunc{Name: "COUNT", Arg: -1, Default: -1, Type: types.Int64}
	sum := WindowFunc{Name: "SUM", Arg: 2, ArgType: types.Int32, Default: -1, Type: types.Int32}
	// Rows: key, time (millis), value.
	cases := []struct {
		name    string
		frame   OverFrame
		rowtime bool
		steps   []overStep
		want    []string
	}{
		{"rowtime range unbounded: ties share, order by time", OverFrame{Unbounded: true}, true, []overStep{
			{[]rec{ins("a", 2, 10), ins("a", 1, 1), ins("a", 2, 100)}, 1},
			{[]rec{ins("a", 1, 5)}, 3}, // late: at or before the watermark
		}, []string{"+I[a, 1, 1, 1, 1]", "+I[a, 2, 10, 3, 111]", "+I[a, 2, 100, 3, 111]"}},
		{"rowtime rows unbounded: arrival order within a time", OverFrame{Rows: true, Unbounded: true}, true, []overStep{
			{[]rec{ins("a", 2, 10), ins("a", 2, 100), ins("b", 1, 7)}, 5},
		}, []string{"+I[b, 1, 7, 1, 7]", "+I[a, 2, 10, 1, 10]", "+I[a, 2, 100, 2, 110]"}},
		{"rowtime rows 1 preceding", OverFrame{Rows: true, Preceding: 1}, true, []overStep{
			{[]rec{ins("a", 1, 1), ins("a", 2, 2), ins("a", 3, 4)}, 5},
		}, []string{"+I[a, 1, 1, 1, 1]", "+I[a, 2, 2, 2, 3]", "+I[a, 3, 4, 2, 6]"}},
		{"rowtime range 1 preceding; a row after the last firing time is kept", OverFrame{Preceding: 1}, true, []overStep{
			{[]rec{ins("a", 1, 1), ins("a", 3, 2)}, 1},
			{[]rec{ins("a", 2, 4), ins("a", 1, 8)}, 9}, // 2 > last fired 1: kept; 1: late
		}, []string{"+I[a, 1, 1, 1, 1]", "+I[a, 2, 4, 2, 5]", "+I[a, 3, 2, 2, 6]"}},
		{"proctime unbounded: at once", OverFrame{Unbounded: true}, false, []overStep{
			{[]rec{ins("a", 5, 1), ins("b", 5, 2), ins("a", 6, 3)}, stream.NoWatermark},
		}, []string{"+I[a, 5, 1, 1, 1]", "+I[b, 5, 2, 1, 2]", "+I[a, 6, 3, 2, 4]"}},
	}
	ts := []types.Type{types.String, types.Int64, types.Int32, types.Int64, types.Int32}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			op := &OverAgg{Partition: []int{0}, Order: []SortKey{{Col: 1, Type: types.Int64, NullsFirst: true}},
				Frame: c.frame, Funcs: []WindowFunc{count, sum}, Rowtime: c.rowtime}
			if err := op.Open(context.Background()); err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, s := range c.steps {
				out := stream.NewBatch(5)
				if err := op.Process(batchOf(3, s.recs...), out); err != nil {
					t.Fatal(err)
				}
				if s.wm != stream.NoWatermark {
					if _, err := op.OnWatermark(s.wm, out); err != nil {
						t.Fatal(err)
					}
				}
				got = append(got, changelog(out, ts)...)
			}
			out := stream.NewBatch(5)
			if _, err := op.OnWatermark(stream.MaxWatermark, out); err != nil {
				t.Fatal(err)
			}
			got = append(got, changelog(out, ts)...)
			if !reflect.DeepEqual(got, c.want) {
				t.Errorf("got\n%v\nwant\n%v", got, c.want)
			}
		})
	}
}

func TestOverAggBatch(t *testing.T) {
	funcs := []WindowFunc{
		{Name: "ROW_NUMBER", Arg: -1, Default: -1, Type: types.Int64},
		{Name: "RANK", Arg: -1, Default: -1, Type: types.Int64},
		{Name: "DENSE_RANK", Arg: -1, Default: -1, Type: types.Int64},
		{Name: "NTILE", Arg: -1, Offset: 2, Default: -1, Type: types.Int64},
		{Name: "LEAD", Arg: 1, ArgType: types.Int32, Offset: 1, Default: -1, Type: types.Int32},
		{Name: "SUM", Arg: 1, ArgType: types.Int32, Default: -1, Type: types.Int32},
	}
	op := &OverAgg{Partition: []int{0}, PartTypes: []types.Type{types.String},
		Order: []SortKey{{Col: 1, Type: types.Int32, Desc: true}}, Frame: OverFrame{Unbounded: true}, Funcs: funcs, Final: true}
	if err := op.Open(context.Background()); err != nil {
		t.Fatal(err)
	}
	out := stream.NewBatch(8)
	in := batchOf(2, ins("b", 1), ins("a", 5), ins("a", 7), ins("a", 5), ins("a", nil))
	if err := op.Process(in, out); err != nil {
		t.Fatal(err)
	}
	if err := op.Finish(out); err != nil {
		t.Fatal(err)
	}
	want := []string{
		"+I[a, 7, 1, 1, 1, 1, 5, 7]",
		"+I[a, 5, 2, 2, 2, 1, 5, 17]",
		"+I[a, 5, 3, 2, 2, 2, NULL, 17]",
		"+I[a, NULL, 4, 4, 3, 2, NULL, 17]",
		"+I[b, 1, 1, 1, 1, 1, NULL, 1]",
	}
	ts := []types.Type{types.String, types.Int32, types.Int64, types.Int64, types.Int64, types.Int64, types.Int32, types.Int32}
	if got := changelog(out, ts); !reflect.DeepEqual(got, want) {
		t.Errorf("got\n%v\nwant\n%v", got, want)
	}
}

// With a TTL, a partition no row arrived in for that long starts afresh;
// one with rows waiting for the watermark is kept.
func TestOverAggTTL(t *testing.T) {
	count := WindowFunc{Name: "COUNT", Arg: -1, Default: -1, Type: types.Int64}
	ts := []types.Type{types.String, types.Int64, types.Int32, types.Int64}
	now := time.Unix(1000, 0)
	ttl := &StateTTL{TTL: time.Minute, Now: func() time.Time { return now }}
	run := func(op *OverAgg, wm int64, recs ...rec) []string {
		out := stream.NewBatch(4)
		if err := op.Process(batchOf(3, recs...), out); err != nil {
			t.Fatal(err)
		}
		if wm != stream.NoWatermark {
			if _, err := op.OnWatermark(wm, out); err != nil {
				t.Fatal(err)
			}
		}
		return changelog(out, ts)
	}
	t.Run("proctime", func(t *testing.T) {
		op := &OverAgg{Partition: []int{0}, Order: []SortKey{{Col: 1, Type: types.Int64}}, Frame: OverFrame{Unbounded: true},
			Funcs: []WindowFunc{count}, TTL: ttl}
		if err := op.Open(context.Background()); err != nil {
			t.Fatal(err)
		}
		got := run(op, stream.NoWatermark, ins("a", 1, 1), ins("a", 2, 1), ins("b", 3, 1))
		now = now.Add(40 * time.Second)
		got = append(got, run(op, stream.NoWatermark, ins("b", 4, 1))...)
		now = now.Add(40 * time.Second) // a: 80 s idle, b: 40 s
		got = append(got, run(op, stream.NoWatermark, ins("a", 5, 1), ins("b", 6, 1))...)
		want := []string{"+I[a, 1, 1, 1]", "+I[a, 2, 1, 2]", "+I[b, 3, 1, 1]", "+I[b, 4, 1, 2]", "+I[a, 5, 1, 1]", "+I[b, 6, 1, 3]"}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("got\n%v\nwant\n%v", got, want)
		}
		// Swept once expired: the state shrinks without new rows for it.
		now = now.Add(2 * time.Minute)
		run(op, stream.NoWatermark)
		run(op, stream.NoWatermark)
		if n := op.StateRows(); n != 0 {
			t.Errorf("state rows after the TTL: %d", n)
		}
	})
	t.Run("rowtime", func(t *testing.T) {
		op := &OverAgg{Partition: []int{0}, Order: []SortKey{{Col: 1, Type: types.Int64}}, Frame: OverFrame{Unbounded: true},
			Funcs: []WindowFunc{count}, Rowtime: true, TTL: ttl}
		if err := op.Open(context.Background()); err != nil {
			t.Fatal(err)
		}
		got := run(op, 1, ins("a", 1, 1))
		// a row of a waits for the watermark longer than the TTL: the
		// partition is kept, and the row counts on.
		got = append(got, run(op, stream.NoWatermark, ins("a", 5, 1))...)
		now = now.Add(3 * time.Minute)
		run(op, stream.NoWatermark)
		run(op, stream.NoWatermark)
		got = append(got, run(op, 5)...)
		// Then idle past the TTL: the next row starts afresh.
		now = now.Add(3 * time.Minute)
		got = append(got, run(op, 9, ins("a", 9, 1))...)
		want := []string{"+I[a, 1, 1, 1]", "+I[a, 5, 1, 2]", "+I[a, 9, 1, 1]"}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("got\n%v\nwant\n%v", got, want)
		}
	})
}
