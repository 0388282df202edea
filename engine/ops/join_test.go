package ops

import (
	"context"
	"slices"
	"testing"

	"github.com/flinkplay/flinkplay/engine/expr"
	"github.com/flinkplay/flinkplay/engine/stream"
	"github.com/flinkplay/flinkplay/engine/types"
)

// joinStep is one input batch of a two-input operator: the side, its records
// and the watermark after them (0: none).
type joinStep struct {
	side int
	recs []rec
	wm   int64
}

func runTwoInput(t *testing.T, op stream.Operator, widths [2]int, steps []joinStep, outTypes []types.Type) []string {
	t.Helper()
	if err := op.Open(context.Background()); err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, s := range steps {
		in := batchOf(widths[s.side], s.recs...)
		in.Input = s.side
		out := stream.NewBatch(len(outTypes))
		if err := op.Process(in, out); err != nil {
			t.Fatal(err)
		}
		if w, ok := op.(stream.WatermarkOperator); ok && s.wm != 0 {
			if _, err := w.OnWatermark(s.wm, out); err != nil {
				t.Fatal(err)
			}
		}
		got = append(got, changelog(out, outTypes)...)
	}
	return got
}

func TestJoinChangelog(t *testing.T) {
	i := types.Int32
	key := []expr.Expr{expr.Column(0, i)}
	four := []types.Type{i, i, i, i}
	for _, c := range []struct {
		name  string
		typ   JoinType
		steps []joinStep
		want  []string
	}{
		{"inner forwards kinds", InnerJoin, []joinStep{
			{side: 0, recs: []rec{ins(1, 10)}},
			{side: 1, recs: []rec{ins(1, 100), ua(1, 101)}},
			{side: 0, recs: []rec{ub(1, 10)}},
		}, []string{"+I[1, 10, 1, 100]", "+U[1, 10, 1, 101]", "-U[1, 10, 1, 100]", "-U[1, 10, 1, 101]"}},
		{"left pads then retracts the padding", LeftJoin, []joinStep{
			{side: 0, recs: []rec{ins(1, 10), ins(2, 20)}},
			{side: 1, recs: []rec{ins(1, 100), ins(1, 101)}},
			{side: 1, recs: []rec{del(1, 100), del(1, 101)}},
		}, []string{"+I[1, 10, NULL, NULL]", "+I[2, 20, NULL, NULL]",
			"-D[1, 10, NULL, NULL]", "+I[1, 10, 1, 100]", "+I[1, 10, 1, 101]",
			"-D[1, 10, 1, 100]", "-D[1, 10, 1, 101]", "+I[1, 10, NULL, NULL]"}},
		{"left side retracted", LeftJoin, []joinStep{
			{side: 1, recs: []rec{ins(1, 100)}},
			{side: 0, recs: []rec{ins(1, 10), ins(3, 30)}},
			{side: 0, recs: []rec{ub(1, 10), del(3, 30)}},
		}, []string{"+I[1, 10, 1, 100]", "+I[3, 30, NULL, NULL]", "-D[1, 10, 1, 100]", "-D[3, 30, NULL, NULL]"}},
		{"full", FullJoin, []joinStep{
			{side: 1, recs: []rec{ins(1, 100)}},
			{side: 0, recs: []rec{ins(1, 10)}},
			{side: 0, recs: []rec{del(1, 10)}},
		}, []string{"+I[NULL, NULL, 1, 100]", "-D[NULL, NULL, 1, 100]", "+I[1, 10, 1, 100]",
			"-D[1, 10, 1, 100]", "+I[NULL, NULL, 1, 100]"}},
		{"null keys never match", InnerJoin, []joinStep{
			{side: 0, recs: []rec{ins(nil, 10)}},
			{side: 1, recs: []rec{ins(nil, 100)}},
		}, nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			j := &Join{Type: c.typ, LeftKeys: key, RightKeys: key, LeftWidth: 2, RightWidth: 2}
			got := runTwoInput(t, j, [2]int{2, 2}, c.steps, four)
			if !slices.Equal(got, c.want) {
				t.Errorf("got  %q\nwant %q", got, c.want)
			}
		})
	}
}

func TestSemiAntiJoinChangelog(t *testing.T) {
	i := types.Int32
	key := []expr.Expr{expr.Column(0, i)}
	for _, c := range []struct {
		name  string
		typ   JoinType
		steps []joinStep
		want  []string
	}{
		{"semi: a right row admits waiting left rows with its kind", SemiJoin, []joinStep{
			{side: 0, recs: []rec{ins(1, 10), ins(2, 20)}},
			{side: 1, recs: []rec{ins(1), ins(1)}},
			{side: 1, recs: []rec{ub(1), del(1)}},
		}, []string{"+I[1, 10]", "-D[1, 10]"}},
		{"anti: deletes when a match arrives, inserts when it goes", AntiJoin, []joinStep{
			{side: 0, recs: []rec{ins(1, 10), ins(2, 20)}},
			{side: 1, recs: []rec{ins(1)}},
			{side: 1, recs: []rec{del(1)}},
			{side: 0, recs: []rec{del(2, 20)}},
		}, []string{"+I[1, 10]", "+I[2, 20]", "-D[1, 10]", "+I[1, 10]", "-D[2, 20]"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			j := &Join{Type: c.typ, LeftKeys: key, RightKeys: key, LeftWidth: 2, RightWidth: 1}
			got := runTwoInput(t, j, [2]int{2, 1}, c.steps, []types.Type{i, i})
			if !slices.Equal(got, c.want) {
				t.Errorf("got  %q\nwant %q", got, c.want)
			}
		})
	}
}

func TestIntervalJoin(t *testing.T) {
	i := types.Int32
	key := []expr.Expr{expr.Column(0, i)}
	// Rows are (key, time); left.time - right.time in [-10, 10].
	for _, c := range []struct {
		name  string
		typ   JoinType
		steps []joinStep
		want  []string
	}{
		{"inner joins within the bounds only", InnerJoin, []joinStep{
			{side: 0, recs: []rec{ins(1, 100)}},
			{side: 1, recs: []rec{ins(1, 105), ins(1, 111), ins(2, 100)}},
		}, []string{"+I[1, 100, 1, 105]"}},
		{"left pads an expired row", LeftJoin, []joinStep{
			{side: 0, recs: []rec{ins(1, 100), ins(2, 100)}},
			{side: 1, recs: []rec{ins(1, 95)}, wm: 100},
			{side: 1, recs: nil, wm: 200},
		}, []string{"+I[1, 100, 1, 95]", "+I[2, 100, NULL, NULL]"}},
		{"a row later than the other side's watermark allows is padded at once", LeftJoin, []joinStep{
			{side: 1, recs: nil, wm: 500},
			{side: 0, recs: []rec{ins(1, 100)}},
		}, []string{"+I[1, 100, NULL, NULL]"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			j := &IntervalJoin{Type: c.typ, LeftKeys: key, RightKeys: key, LeftTime: 1, RightTime: 1,
				Lower: -10, Upper: 10, LeftWidth: 2, RightWidth: 2}
			got := runTwoInput(t, j, [2]int{2, 2}, c.steps, []types.Type{i, i, i, i})
			if !slices.Equal(got, c.want) {
				t.Errorf("got  %q\nwant %q", got, c.want)
			}
		})
	}
}

func TestSetOpAll(t *testing.T) {
	i := types.Int32
	steps := []joinStep{
		{side: 0, recs: []rec{ins(1), ins(1)}},
		{side: 1, recs: []rec{ins(1)}},
	}
	for _, c := range []struct {
		name   string
		except bool
		want   []string
	}{
		{"intersect all", false, []string{"-U[1]", "+U[1]"}[1:]},
		{"except all", true, []string{"+I[1]", "-U[1]", "+U[1]", "+U[1]", "-U[1]", "-U[1]", "+U[1]"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			got := runTwoInput(t, &SetOpAll{Except: c.except, Width: 1}, [2]int{1, 1}, steps, []types.Type{i})
			if !slices.Equal(got, c.want) {
				t.Errorf("got  %q\nwant %q", got, c.want)
			}
		})
	}
}

func TestTemporalJoin(t *testing.T) {
	i := types.Int32
	key := []expr.Expr{expr.Column(0, i)}
	// Rows are (key, time); the right side holds versions.
	for _, c := range []struct {
		name  string
		outer bool
		steps []joinStep
		want  []string
	}{
		{"each order joins the version valid at its time, once the watermark passes it", false, []joinStep{
			{side: 1, recs: []rec{ins(1, 10), ins(1, 20)}},
			{side: 0, recs: []rec{ins(1, 15), ins(1, 25), ins(1, 5)}},
			{side: 0, recs: nil, wm: 20},
			{side: 0, recs: nil, wm: 30},
		}, []string{"+I[1, 15, 1, 10]", "+I[1, 25, 1, 20]"}},
		{"a deleted version joins nothing; LEFT pads", true, []joinStep{
			{side: 1, recs: []rec{ins(1, 10), del(1, 20)}},
			{side: 0, recs: []rec{ins(1, 15), ins(1, 25), ins(2, 25)}},
			{side: 0, recs: nil, wm: 30},
		}, []string{"+I[1, 15, 1, 10]", "+I[1, 25, NULL, NULL]", "+I[2, 25, NULL, NULL]"}},
		{"versions older than the watermark's are dropped", false, []joinStep{
			{side: 1, recs: []rec{ins(1, 10), ins(1, 20)}},
			{side: 0, recs: nil, wm: 25},
			{side: 0, recs: []rec{ins(1, 15)}},
			{side: 0, recs: nil, wm: 40},
		}, nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			j := &TemporalJoin{Outer: c.outer, LeftKeys: key, RightKeys: key, LeftTime: 1, RightTime: 1, LeftWidth: 2, RightWidth: 2}
			got := runTwoInput(t, j, [2]int{2, 2}, c.steps, []types.Type{i, i, i, i})
			if !slices.Equal(got, c.want) {
				t.Errorf("got  %q\nwant %q", got, c.want)
			}
		})
	}
}
