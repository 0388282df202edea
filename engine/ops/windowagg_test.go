package ops

import (
	"context"
	"reflect"
	"strings"
	"testing"

	"github.com/flinkplay/flinkplay/engine/stream"
	"github.com/flinkplay/flinkplay/engine/types"
)

func TestWindowAssign(t *testing.T) {
	for _, tc := range []struct {
		name string
		w    Windowing
		ts   int64
		want [][2]int64
	}{
		{"tumble", Windowing{Kind: TumbleWindow, Size: 5}, 7, [][2]int64{{5, 10}}},
		{"tumble on a bound", Windowing{Kind: TumbleWindow, Size: 5}, 5, [][2]int64{{5, 10}}},
		{"tumble before the epoch", Windowing{Kind: TumbleWindow, Size: 5}, -2, [][2]int64{{-5, 0}}},
		{"tumble with offset", Windowing{Kind: TumbleWindow, Size: 5, Offset: 2}, 1, [][2]int64{{-3, 2}}},
		{"hop, latest first", Windowing{Kind: HopWindow, Size: 4, Slide: 2}, 3, [][2]int64{{2, 6}, {0, 4}}},
		{"hop, size not a multiple", Windowing{Kind: HopWindow, Size: 5, Slide: 2}, 4, [][2]int64{{4, 9}, {2, 7}, {0, 5}}},
		{"cumulate", Windowing{Kind: CumulateWindow, Size: 6, Slide: 2}, 3, [][2]int64{{0, 4}, {0, 6}}},
		{"cumulate first step", Windowing{Kind: CumulateWindow, Size: 6, Slide: 2}, 0, [][2]int64{{0, 2}, {0, 4}, {0, 6}}},
		{"session", Windowing{Kind: SessionWindow, Gap: 3}, 10, [][2]int64{{10, 13}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := tc.w.assign(nil, tc.ts); !reflect.DeepEqual(got, tc.want) {
				t.Errorf("assign(%d) = %v, want %v", tc.ts, got, tc.want)
			}
		})
	}
}

// step is one input of a window aggregation test: a batch of rows, or a
// watermark.
type step struct {
	rows []rec
	wm   int64
}

func TestWindowAgg(t *testing.T) {
	count := []AggFunc{{Name: "COUNT", Arg: -1, Type: types.Int64.WithNullable(false)}}
	sum := []AggFunc{{Name: "SUM", Arg: 3, ArgType: types.Int32, Type: types.Int32}}
	for _, tc := range []struct {
		name  string
		op    *WindowAgg
		width int
		steps []step
		want  string
	}{
		{
			name: "fires on the watermark, by window end, keys in order", width: 3,
			op: &WindowAgg{Keys: []int{0, 1, 2}, Aggs: count, StartCol: 0, EndCol: 1, TimeKeyCol: -1},
			steps: []step{
				{rows: []rec{ins(0, 10, "b"), ins(0, 10, "a"), ins(10, 20, "a"), ins(0, 10, "b")}},
				{wm: 8},
				{wm: 9},
				{rows: []rec{ins(0, 10, "a"), ins(10, 20, "a")}},
				{wm: stream.MaxWatermark},
			},
			want: "wm 8: | wm 9: +I[0, 10, b, 2] +I[0, 10, a, 1] | wm MAX: +I[10, 20, a, 2]",
		},
		{
			name: "sessions merge per key and drop late rows", width: 4,
			op: &WindowAgg{Keys: []int{0, 1, 2}, Aggs: sum, StartCol: 0, EndCol: 1, TimeKeyCol: -1, Session: true, Window: Windowing{Gap: 3, TimeCol: 3}},
			steps: []step{
				{rows: []rec{ins(0, 0, "a", 1), ins(0, 0, "b", 2), ins(0, 0, "a", 3)}},
				{wm: 4},
				{rows: []rec{ins(0, 0, "a", 7), ins(0, 0, "b", 4)}},
				{wm: 6},
				{rows: []rec{ins(0, 0, "b", 3)}},
				{wm: stream.MaxWatermark},
			},
			want: "wm 4: +I[2, 5, b, 2] | wm 6: +I[1, 6, a, 4] +I[4, 7, b, 4] | wm MAX: +I[7, 10, a, 7]",
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			op := tc.op
			if err := op.Open(context.Background()); err != nil {
				t.Fatal(err)
			}
			types4 := []types.Type{types.Int32, types.Int32, types.String, types.Int32}
			var got []string
			for _, s := range tc.steps {
				out := stream.NewBatch(len(op.Keys) + len(op.Aggs))
				if s.rows != nil {
					if err := op.Process(batchOf(tc.width, s.rows...), out); err != nil {
						t.Fatal(err)
					}
					if out.Len() != 0 {
						t.Fatalf("rows emitted before a watermark: %v", changelog(out, types4))
					}
					continue
				}
				if _, err := op.OnWatermark(s.wm, out); err != nil {
					t.Fatal(err)
				}
				name := "MAX"
				if s.wm != stream.MaxWatermark {
					name = itoa64(s.wm)
				}
				got = append(got, strings.TrimSpace("wm "+name+": "+strings.Join(changelog(out, types4), " ")))
			}
			if g := strings.Join(got, " | "); g != tc.want {
				t.Errorf("got  %s\nwant %s", g, tc.want)
			}
		})
	}
}

func itoa64(i int64) string {
	return types.FormatValue(types.IntValue(i), types.Int64, nil)
}
