package ops

import (
	"context"
	"strings"
	"testing"

	"github.com/flinkplay/flinkplay/engine/expr"
	"github.com/flinkplay/flinkplay/engine/stream"
	"github.com/flinkplay/flinkplay/engine/types"
)

// wstep is one input of a windowed operator test: rows of one input
// (side), or a watermark.
type wstep struct {
	side int
	rows []rec
	wm   int64
}

type windowedOp interface {
	stream.Operator
	stream.WatermarkOperator
}

// runWindowed feeds the steps to op and renders what each watermark fires
// as "wm N: rows | wm M: rows"; rows emitted before a watermark fail the
// test, since these operators emit only when windows fire.
func runWindowed(t *testing.T, op windowedOp, widths [2]int, outTypes []types.Type, steps []wstep) string {
	t.Helper()
	if err := op.Open(context.Background()); err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, s := range steps {
		out := stream.NewBatch(len(outTypes))
		if s.rows != nil {
			in := batchOf(widths[s.side], s.rows...)
			in.Input = s.side
			if err := op.Process(in, out); err != nil {
				t.Fatal(err)
			}
			if out.Len() != 0 {
				t.Fatalf("rows emitted before a watermark: %v", changelog(out, outTypes))
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
		got = append(got, strings.TrimSpace("wm "+name+": "+strings.Join(changelog(out, outTypes), " ")))
	}
	if st, ok := op.(stream.StatefulOperator); ok && st.StateRows() != 0 {
		t.Errorf("state holds %d rows after the end of input", st.StateRows())
	}
	return strings.Join(got, " | ")
}

func ints(n int) []types.Type {
	ts := make([]types.Type, n)
	for i := range ts {
		ts[i] = types.Int32
	}
	return ts
}

func TestWindowRank(t *testing.T) {
	// Rows: window start, window end, key, value.
	desc := []SortKey{{Col: 3, Type: types.Int32, Desc: true}}
	for _, tc := range []struct {
		name  string
		op    *WindowRank
		steps []wstep
		want  string
	}{
		{
			name: "top 2 per window and key at the watermark, keys in first-seen order",
			op:   &WindowRank{Partition: []int{2}, Order: desc, Start: 1, End: 2, StartCol: 0, EndCol: 1},
			steps: []wstep{
				{rows: []rec{ins(0, 10, 2, 5), ins(0, 10, 1, 7), ins(0, 10, 2, 9), ins(10, 20, 1, 1), ins(0, 10, 2, 6)}},
				{wm: 8},
				{wm: 9},
				{wm: stream.MaxWatermark},
			},
			want: "wm 8: | wm 9: +I[0, 10, 2, 9, 1] +I[0, 10, 2, 6, 2] +I[0, 10, 1, 7, 1] | wm MAX: +I[10, 20, 1, 1, 1]",
		},
		{
			name: "ties keep arrival order; an offset skips the first ranks",
			op:   &WindowRank{Order: desc, Start: 2, End: 3, StartCol: 0, EndCol: 1},
			steps: []wstep{
				{rows: []rec{ins(0, 10, 1, 5), ins(0, 10, 2, 5), ins(0, 10, 3, 8), ins(0, 10, 4, 5)}},
				{wm: stream.MaxWatermark},
			},
			want: "wm MAX: +I[0, 10, 1, 5, 2] +I[0, 10, 2, 5, 3]",
		},
		{
			name: "late rows are dropped; windows fire by end, then start",
			op:   &WindowRank{Order: desc, Start: 1, End: 1, StartCol: 0, EndCol: 1},
			steps: []wstep{
				{rows: []rec{ins(5, 10, 1, 1), ins(0, 10, 1, 2)}},
				{wm: 9},
				{rows: []rec{ins(0, 10, 1, 3), ins(10, 20, 1, 4)}},
				{wm: stream.MaxWatermark},
			},
			want: "wm 9: +I[0, 10, 1, 2, 1] +I[5, 10, 1, 1, 1] | wm MAX: +I[10, 20, 1, 4, 1]",
		},
		{
			name: "NULLs sort last in descending order",
			op:   &WindowRank{Order: []SortKey{{Col: 3, Type: types.Int32, Desc: true, NullsFirst: false}}, Start: 1, End: 2, StartCol: 0, EndCol: 1},
			steps: []wstep{
				{rows: []rec{ins(0, 10, 1, nil), ins(0, 10, 2, 3), ins(0, 10, 3, 4)}},
				{wm: stream.MaxWatermark},
			},
			want: "wm MAX: +I[0, 10, 3, 4, 1] +I[0, 10, 2, 3, 2]",
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out := append(ints(4), types.Int64)
			if got := runWindowed(t, tc.op, [2]int{4, 4}, out, tc.steps); got != tc.want {
				t.Errorf("got  %s\nwant %s", got, tc.want)
			}
		})
	}
}

func TestWindowDedup(t *testing.T) {
	// Rows: window start, window end, key, time.
	for _, tc := range []struct {
		name  string
		op    *WindowDedup
		steps []wstep
		want  string
	}{
		{
			name: "keep first: the earliest time, the first of a tie",
			op:   &WindowDedup{Keys: []int{2}, TimeCol: 3, StartCol: 0, EndCol: 1},
			steps: []wstep{
				{rows: []rec{ins(0, 10, 1, 5), ins(0, 10, 2, 4), ins(0, 10, 1, 3), ins(0, 10, 1, 3)}},
				{wm: 9},
			},
			want: "wm 9: +I[0, 10, 1, 3, 1] +I[0, 10, 2, 4, 1]",
		},
		{
			name: "keep last: the latest time, the last of a tie; NULL times and late rows dropped",
			op:   &WindowDedup{Keys: []int{2}, TimeCol: 3, KeepLast: true, StartCol: 0, EndCol: 1},
			steps: []wstep{
				{rows: []rec{ins(0, 10, 1, 5), ins(0, 10, 1, 7), ins(0, 10, 1, nil), ins(10, 20, 1, 12)}},
				{wm: 9},
				{rows: []rec{ins(0, 10, 1, 9), ins(10, 20, 1, 12)}},
				{wm: stream.MaxWatermark},
			},
			want: "wm 9: +I[0, 10, 1, 7, 1] | wm MAX: +I[10, 20, 1, 12, 1]",
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out := append(ints(4), types.Int64)
			if got := runWindowed(t, tc.op, [2]int{4, 4}, out, tc.steps); got != tc.want {
				t.Errorf("got  %s\nwant %s", got, tc.want)
			}
		})
	}
}

func TestWindowJoin(t *testing.T) {
	// Both inputs: window start, window end, key, value. Keys are column 2.
	key := func(c int) []expr.Expr { return []expr.Expr{expr.Column(c, types.Int32)} }
	steps := []wstep{
		{side: 0, rows: []rec{ins(0, 10, 1, 100), ins(0, 10, 2, 200), ins(0, 10, nil, 300)}},
		{side: 1, rows: []rec{ins(0, 10, 1, 11), ins(0, 10, 3, 33), ins(0, 10, 1, 12)}},
		{wm: 9},
		{side: 0, rows: []rec{ins(0, 10, 3, 999)}}, // late
		{side: 1, rows: []rec{ins(10, 20, 5, 55)}},
		{wm: stream.MaxWatermark},
	}
	names := [...]string{"inner", "left", "right", "full", "semi", "anti"}
	for _, tc := range []struct {
		typ  JoinType
		want string
	}{
		{InnerJoin, "wm 9: +I[0, 10, 1, 100, 0, 10, 1, 11] +I[0, 10, 1, 100, 0, 10, 1, 12] | wm MAX:"},
		{LeftJoin, "wm 9: +I[0, 10, 1, 100, 0, 10, 1, 11] +I[0, 10, 1, 100, 0, 10, 1, 12] +I[0, 10, 2, 200, NULL, NULL, NULL, NULL] " +
			"+I[0, 10, NULL, 300, NULL, NULL, NULL, NULL] | wm MAX:"},
		{RightJoin, "wm 9: +I[0, 10, 1, 100, 0, 10, 1, 11] +I[0, 10, 1, 100, 0, 10, 1, 12] +I[NULL, NULL, NULL, NULL, 0, 10, 3, 33] " +
			"| wm MAX: +I[NULL, NULL, NULL, NULL, 10, 20, 5, 55]"},
		{FullJoin, "wm 9: +I[0, 10, 1, 100, 0, 10, 1, 11] +I[0, 10, 1, 100, 0, 10, 1, 12] +I[0, 10, 2, 200, NULL, NULL, NULL, NULL] " +
			"+I[0, 10, NULL, 300, NULL, NULL, NULL, NULL] +I[NULL, NULL, NULL, NULL, 0, 10, 3, 33] | wm MAX: +I[NULL, NULL, NULL, NULL, 10, 20, 5, 55]"},
		{SemiJoin, "wm 9: +I[0, 10, 1, 100] | wm MAX:"},
		{AntiJoin, "wm 9: +I[0, 10, 2, 200] +I[0, 10, NULL, 300] | wm MAX:"},
	} {
		t.Run(names[tc.typ], func(t *testing.T) {
			op := &WindowJoin{Type: tc.typ, LeftKeys: key(2), RightKeys: key(2), LeftWidth: 4, RightWidth: 4,
				LeftStart: 0, LeftEnd: 1, RightStart: 0, RightEnd: 1}
			out := ints(8)
			if tc.typ == SemiJoin || tc.typ == AntiJoin {
				out = ints(4)
			}
			if got := runWindowed(t, op, [2]int{4, 4}, out, steps); got != tc.want {
				t.Errorf("got  %s\nwant %s", got, tc.want)
			}
			if op.Dropped != 1 {
				t.Errorf("dropped %d late rows, want 1", op.Dropped)
			}
		})
	}
}

func TestWindowJoinCondition(t *testing.T) {
	// left.value < right.value on top of the keys.
	cond := must(t)(expr.Compare(expr.Lt, expr.Column(3, types.Int32), expr.Column(7, types.Int32), 0))
	op := &WindowJoin{Type: LeftJoin, LeftKeys: []expr.Expr{expr.Column(2, types.Int32)}, RightKeys: []expr.Expr{expr.Column(2, types.Int32)},
		Cond: cond, LeftWidth: 4, RightWidth: 4, LeftStart: 0, LeftEnd: 1, RightStart: 0, RightEnd: 1}
	got := runWindowed(t, op, [2]int{4, 4}, ints(8), []wstep{
		{side: 0, rows: []rec{ins(0, 10, 1, 5), ins(0, 10, 1, 50)}},
		{side: 1, rows: []rec{ins(0, 10, 1, 10)}},
		{wm: stream.MaxWatermark},
	})
	want := "wm MAX: +I[0, 10, 1, 5, 0, 10, 1, 10] +I[0, 10, 1, 50, NULL, NULL, NULL, NULL]"
	if got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
}
