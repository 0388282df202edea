package runtime

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/flinkplay/flinkplay/engine/ops"
	"github.com/flinkplay/flinkplay/engine/stream"
	"github.com/flinkplay/flinkplay/engine/types"
)

// assigner passes rows through and sets the watermark to the largest value
// of column 0 seen so far minus delay, like WATERMARK FOR ts AS ts - delay.
// It swallows upstream watermarks except end of input.
type assigner struct {
	delay int64
	max   int64
}

func (a *assigner) Open(context.Context) error { a.max = stream.NoWatermark; return nil }
func (a *assigner) Close() error               { return nil }
func (a *assigner) Process(in, out *stream.Batch) error {
	for i := 0; i < in.Len(); i++ {
		out.AppendRow(in.Kinds[i], in.Row(i))
		if v := in.Row(i)[0].I - a.delay; v > a.max {
			a.max = v
		}
	}
	out.Watermark = a.max
	return nil
}
func (a *assigner) OnWatermark(wm int64, _ *stream.Batch) (int64, error) {
	if wm == stream.MaxWatermark {
		return wm, nil
	}
	return stream.NoWatermark, nil
}

// recorder logs rows, watermarks and Finish, and on a watermark emits a
// row holding it (as a window would fire).
type recorder struct {
	log []string
}

func (r *recorder) Open(context.Context) error { return nil }
func (r *recorder) Close() error               { return nil }
func (r *recorder) Process(in, out *stream.Batch) error {
	for i := 0; i < in.Len(); i++ {
		r.log = append(r.log, fmt.Sprintf("%d", in.Row(i)[0].I))
		out.AppendRow(in.Kinds[i], in.Row(i))
	}
	return nil
}
func (r *recorder) OnWatermark(wm int64, out *stream.Batch) (int64, error) {
	if wm == stream.MaxWatermark {
		r.log = append(r.log, "wm=MAX")
	} else {
		r.log = append(r.log, fmt.Sprintf("wm=%d", wm))
	}
	out.Append(stream.Insert)[0] = types.IntValue(-wm)
	return wm, nil
}
func (r *recorder) Finish(*stream.Batch) error {
	r.log = append(r.log, "finish")
	return nil
}

func ints(vs ...int64) *ValuesSource {
	rows := make([][]types.Value, len(vs))
	for i, v := range vs {
		rows[i] = []types.Value{types.IntValue(v)}
	}
	return &ValuesSource{Rows: rows}
}

func TestWatermarksFlowThroughStages(t *testing.T) {
	rec := &recorder{}
	p := &Pipeline{
		Source: ints(10, 30, 20), SourceWidth: 1, Clock: &fakeClock{},
		Stages: []Stage{{Op: &assigner{delay: 5}, Width: 1}, {Op: rec, Width: 1}},
	}
	ctx := context.Background()
	var wms []int64
	var rows []string
	for {
		b, err := p.Next(ctx)
		if errors.Is(err, stream.ErrEndOfInput) {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		wms = append(wms, b.Watermark)
		for i := 0; i < b.Len(); i++ {
			rows = append(rows, fmt.Sprint(b.Row(i)[0].I))
		}
	}
	// One source batch: rows, then the watermark 25 after them; at end of
	// input MAX, then Finish.
	if got, want := strings.Join(rec.log, " "), "10 30 20 wm=25 wm=MAX finish"; got != want {
		t.Errorf("stage saw %q, want %q", got, want)
	}
	if got, want := strings.Join(rows, " "), fmt.Sprintf("10 30 20 -25 %d", -stream.MaxWatermark); got != want {
		t.Errorf("output %q, want %q", got, want)
	}
	if len(wms) != 2 || wms[0] != 25 || wms[1] != stream.MaxWatermark {
		t.Errorf("batch watermarks %v, want [25 MAX]", wms)
	}
	if p.Watermark() != stream.MaxWatermark {
		t.Errorf("final watermark %d", p.Watermark())
	}
}

func TestWatermarkOnlyBatch(t *testing.T) {
	// A filter that drops every row still forwards the watermark: Next
	// returns a batch with no rows and the advanced watermark.
	p := &Pipeline{
		Source: ints(100), SourceWidth: 1, Clock: &fakeClock{},
		Stages: []Stage{{Op: &assigner{}, Width: 1}, {Op: dropAll{}, Width: 1}},
	}
	b, err := p.Next(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if b.Len() != 0 || b.Watermark != 100 {
		t.Errorf("got %d rows, watermark %d; want 0 rows, watermark 100", b.Len(), b.Watermark)
	}
	if _, err := p.Next(context.Background()); !errors.Is(err, stream.ErrEndOfInput) {
		t.Errorf("then %v, want end of input (MAX alone makes no batch)", err)
	}
}

type dropAll struct{}

func (dropAll) Open(context.Context) error       { return nil }
func (dropAll) Close() error                     { return nil }
func (dropAll) Process(_, _ *stream.Batch) error { return nil }

func TestTwoInputSource(t *testing.T) {
	left := &Pipeline{Source: ints(10, 20), SourceWidth: 1, Clock: &fakeClock{},
		Stages: []Stage{{Op: &assigner{}, Width: 1}}}
	strs := &ValuesSource{Rows: [][]types.Value{{types.IntValue(40), types.StringValue("x")}}}
	right := &Pipeline{Source: strs, SourceWidth: 2, Clock: &fakeClock{},
		Stages: []Stage{{Op: &assigner{}, Width: 2}}}
	src := &TwoInputSource{Left: left, Right: right, LeftWidth: 1, RightWidth: 2}
	ctx := context.Background()
	if err := src.Open(ctx); err != nil {
		t.Fatal(err)
	}
	var log []string
	b := stream.NewBatch(1)
	for {
		b.Reset()
		_, err := src.Next(ctx, b)
		if errors.Is(err, stream.ErrEndOfInput) {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		if b.Len() == 0 && b.Watermark == stream.NoWatermark {
			continue // an input made progress without output
		}
		var rows []string
		for i := 0; i < b.Len(); i++ {
			rows = append(rows, fmt.Sprint(b.Row(i)[0].I))
			if b.Width == 2 {
				rows = append(rows, b.Row(i)[1].Str())
			}
		}
		wm := "-"
		if b.Watermark != stream.NoWatermark {
			wm = fmt.Sprint(b.Watermark)
			if b.Watermark == stream.MaxWatermark {
				wm = "MAX"
			}
		}
		log = append(log, fmt.Sprintf("in%d w%d [%s] wm=%s", b.Input, b.Width, strings.Join(rows, " "), wm))
	}
	// Left's watermark 20 alone does not make a combined one; with right's
	// 40 it is 20; when left ends, right's 40 holds; when both have ended,
	// end of input says the rest.
	want := []string{
		"in0 w1 [10 20] wm=-",
		"in1 w2 [40 x] wm=20",
		"in0 w1 [] wm=40",
	}
	if strings.Join(log, "\n") != strings.Join(want, "\n") {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(log, "\n"), strings.Join(want, "\n"))
	}
	if err := src.Close(); err != nil {
		t.Error(err)
	}
}

// holdAll keeps its input and emits it at end of input, as a batch sort does.
type holdAll struct{ rows [][]types.Value }

func (h *holdAll) Open(context.Context) error { return nil }
func (h *holdAll) Close() error               { return nil }
func (h *holdAll) Process(in, _ *stream.Batch) error {
	for i := 0; i < in.Len(); i++ {
		h.rows = append(h.rows, append([]types.Value(nil), in.Row(i)...))
	}
	return nil
}
func (h *holdAll) Finish(out *stream.Batch) error {
	for _, r := range h.rows {
		out.AppendRow(stream.Insert, r)
	}
	return nil
}

func TestLimitAfterFinish(t *testing.T) {
	// ORDER BY ... LIMIT in batch mode: the limit sees the rows only when
	// the sort finishes, and ends the job on them; they must not be lost.
	p := &Pipeline{
		Source: ints(1, 2, 3, 4), SourceWidth: 1, Clock: &fakeClock{},
		Stages: []Stage{{Op: &holdAll{}, Width: 1}, {Op: &ops.Limit{Count: 2}, Width: 1}},
	}
	rows, err := drain(context.Background(), p)
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(rows, " "); got != "+I1 +I2" {
		t.Errorf("rows %q, want +I1 +I2", got)
	}
}
