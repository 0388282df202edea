package ops

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/flinkplay/flinkplay/engine/stream"
	"github.com/flinkplay/flinkplay/engine/types"
)

// mbRun feeds batches to a chain of operators as the runtime does: rows
// through Process, then the mini-batch mark, then the end-of-input
// watermark. marks[i] ends a mini-batch after batch i.
func mbRun(t *testing.T, chain []stream.Operator, widths []int, batches [][]rec, marks []bool, outTypes []types.Type) []string {
	t.Helper()
	for _, op := range chain {
		if err := op.Open(context.Background()); err != nil {
			t.Fatal(err)
		}
	}
	var lines []string
	push := func(in *stream.Batch, wm int64) {
		for i, op := range chain {
			out := stream.NewBatch(widths[i])
			if in.Len() > 0 {
				if err := op.Process(in, out); err != nil {
					t.Fatal(err)
				}
			}
			if in.MiniBatch {
				if m, ok := op.(stream.MiniBatchOperator); ok {
					if err := m.FlushMiniBatch(out); err != nil {
						t.Fatal(err)
					}
				}
				out.MiniBatch = true
			}
			if wm != stream.NoWatermark {
				if w, ok := op.(stream.WatermarkOperator); ok {
					if _, err := w.OnWatermark(wm, out); err != nil {
						t.Fatal(err)
					}
				}
			}
			in = out
		}
		lines = append(lines, changelog(in, outTypes)...)
	}
	for i, b := range batches {
		push(batchOf(2, b...), stream.NoWatermark)
		if i < len(marks) && marks[i] {
			mark := stream.NewBatch(2)
			mark.MiniBatch = true
			push(mark, stream.NoWatermark)
		}
	}
	push(stream.NewBatch(2), stream.MaxWatermark)
	return lines
}

func mbAggs() []AggFunc {
	return []AggFunc{
		{Name: "COUNT", Arg: -1, Type: types.Int64},
		{Name: "SUM", Arg: 1, ArgType: types.Int64, Type: types.Int64},
		{Name: "MAX", Arg: 1, ArgType: types.Int64, Type: types.Int64},
	}
}

var mbOut = []types.Type{types.Int64, types.Int64, types.Int64, types.Int64}

func onePhase(size int64) ([]stream.Operator, []int) {
	g := &GroupAgg{Keys: []int{0}, Aggs: mbAggs()}
	return []stream.Operator{&MiniBatchGroupAgg{Agg: g, KeyTypes: []types.Type{types.Int64}, Size: size}}, []int{4}
}

func twoPhase(size int64) ([]stream.Operator, []int) {
	local := &LocalGroupAgg{Agg: &GroupAgg{Keys: []int{0}, Aggs: mbAggs()}, KeyTypes: []types.Type{types.Int64}, Size: size}
	global := &GlobalGroupAgg{Agg: &GroupAgg{Keys: []int{0}, Aggs: mbAggs()}, KeyTypes: []types.Type{types.Int64}, Size: size}
	return []stream.Operator{local, global}, []int{PartialWidth(1, 3), 4}
}

// One -U/+U per key and mini-batch, keys in Java's HashMap order (for
// BIGINT keys 0, 1, 2 that is 2, 1, 0: TestJavaOrderIsHashMaps).
func TestMiniBatchGroupAggEmitsOncePerKey(t *testing.T) {
	batches := [][]rec{
		{ins(0, 1), ins(1, 2), ins(2, 3), ins(0, 4)},
		{ins(1, 5), ins(1, 6)},
	}
	want := []string{
		"+I[2, 1, 3, 3]", "+I[1, 1, 2, 2]", "+I[0, 2, 5, 4]",
		"-U[1, 1, 2, 2]", "+U[1, 3, 13, 6]",
	}
	for _, mk := range []func(int64) ([]stream.Operator, []int){onePhase, twoPhase} {
		chain, widths := mk(1000)
		got := mbRun(t, chain, widths, batches, []bool{true, true}, mbOut)
		if !slices.Equal(got, want) {
			t.Errorf("got %v\nwant %v", got, want)
		}
	}
}

// The size ends a mini-batch of the one-phase aggregation; in two phases
// the local one flushes at the size, and the global one at its own count
// of partial rows or at the next mark.
func TestMiniBatchSize(t *testing.T) {
	batches := [][]rec{{ins(0, 1), ins(1, 2), ins(0, 3), ins(1, 4), ins(0, 5)}}
	chain, widths := onePhase(2)
	got := mbRun(t, chain, widths, batches, nil, mbOut)
	want := []string{
		"+I[1, 1, 2, 2]", "+I[0, 1, 1, 1]", // rows 1, 2
		"-U[1, 1, 2, 2]", "+U[1, 2, 6, 4]", "-U[0, 1, 1, 1]", "+U[0, 2, 4, 3]", // rows 3, 4
		"-U[0, 2, 4, 3]", "+U[0, 3, 9, 5]", // row 5, at the end
	}
	if !slices.Equal(got, want) {
		t.Errorf("one phase: got %v\nwant %v", got, want)
	}
	chain, widths = twoPhase(3)
	got = mbRun(t, chain, widths, batches, nil, mbOut)
	// local: rows 1-3 flush (keys 1, 0: 2 partials); rows 4-5 flush at the
	// end (keys 1, 0). global: 4 partials, the 3rd flushes (keys 1, 0,
	// then 1 again), the 4th at the end.
	want = []string{
		"+I[1, 2, 6, 4]", "+I[0, 2, 4, 3]",
		"-U[0, 2, 4, 3]", "+U[0, 3, 9, 5]",
	}
	if !slices.Equal(got, want) {
		t.Errorf("two phases: got %v\nwant %v", got, want)
	}
}

// Over an updating input, a key's first rows that retract are dropped and a
// key whose rows all retract is deleted.
func TestMiniBatchGroupAggRetractions(t *testing.T) {
	g := &GroupAgg{Keys: []int{0}, Aggs: []AggFunc{{Name: "COUNT", Arg: -1, Type: types.Int64},
		{Name: "SUM", Arg: 1, ArgType: types.Int64, Type: types.Int64, Retracting: true}}}
	chain := []stream.Operator{&MiniBatchGroupAgg{Agg: g, KeyTypes: []types.Type{types.Int64}, Size: 100}}
	batches := [][]rec{
		{del(5, 1), ins(1, 10), ins(2, 20)},
		{ub(1, 10), ua(1, 11), del(2, 20)},
		{ins(2, 7), del(2, 7)},
	}
	got := mbRun(t, chain, []int{3}, batches, []bool{true, true, true}, mbOut[:3])
	// Key 2 iterates before key 1 in a HashMap of 16 buckets.
	want := []string{"+I[2, 1, 20]", "+I[1, 1, 10]", "-D[2, 1, 20]", "-U[1, 1, 10]", "+U[1, 1, 11]"}
	if !slices.Equal(got, want) {
		t.Errorf("got %v\nwant %v", got, want)
	}
}

// Two phases give one phase's results for integers (their sums do not
// depend on the order of addition) whenever both flush at the same marks.
func TestMiniBatchTwoPhasesMatchOne(t *testing.T) {
	for seed := range uint64(20) {
		r := rand.New(rand.NewPCG(seed, 9))
		var batches [][]rec
		var marks []bool
		for range 30 {
			var b []rec
			for range 1 + r.IntN(20) {
				b = append(b, ins(r.IntN(12), r.IntN(100)-50))
			}
			batches = append(batches, b)
			marks = append(marks, r.IntN(3) == 0)
		}
		c1, w1 := onePhase(1 << 40)
		c2, w2 := twoPhase(1 << 40)
		one := mbRun(t, c1, w1, batches, marks, mbOut)
		two := mbRun(t, c2, w2, batches, marks, mbOut)
		if !slices.Equal(one, two) {
			t.Fatalf("seed %d: two phases %v\none phase %v", seed, two, one)
		}
	}
}

// The processing-time assigner marks a batch when its timer passes the
// next multiple of the interval; only the end of input passes as a
// watermark. The event-time assigner forwards a watermark when it reaches
// the end of the current mini-batch.
func TestMiniBatchAssigner(t *testing.T) {
	now := time.UnixMilli(10_500)
	m := &MiniBatchAssigner{Interval: 1000, Now: func() time.Time { return now }}
	if err := m.Open(context.Background()); err != nil {
		t.Fatal(err)
	}
	if m.NextTimer() != 11_500 {
		t.Fatalf("first timer %d", m.NextTimer())
	}
	var marks []string
	for _, at := range []int64{11_500, 11_900, 12_000, 14_250} {
		out := stream.NewBatch(1)
		if at >= m.NextTimer() {
			if err := m.OnTimer(at, out); err != nil {
				t.Fatal(err)
			}
		}
		marks = append(marks, fmt.Sprintf("%d:%v:%d", at, out.MiniBatch, m.NextTimer()))
	}
	want := []string{"11500:true:12000", "11900:false:12000", "12000:true:13000", "14250:true:15000"}
	if !slices.Equal(marks, want) {
		t.Errorf("marks %v, want %v", marks, want)
	}
	if wm, _ := m.OnWatermark(5000, nil); wm != stream.NoWatermark {
		t.Errorf("a rowtime watermark passed: %d", wm)
	}
	if wm, _ := m.OnWatermark(stream.MaxWatermark, nil); wm != stream.MaxWatermark {
		t.Errorf("end of input held back")
	}

	r := &MiniBatchAssigner{Interval: 1000, RowTime: true}
	if err := r.Open(context.Background()); err != nil {
		t.Fatal(err)
	}
	var fwd []int64
	for _, wm := range []int64{300, 998, 999, 1500, 2100, 2998, 3000} {
		if got, _ := r.OnWatermark(wm, nil); got != stream.NoWatermark {
			fwd = append(fwd, got)
		}
	}
	if want := []int64{999, 2100, 3000}; !slices.Equal(fwd, want) {
		t.Errorf("forwarded %v, want %v", fwd, want)
	}
}
