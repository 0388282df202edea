package runtime

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/flinkplay/flinkplay/engine/ops"
	"github.com/flinkplay/flinkplay/engine/stream"
	"github.com/flinkplay/flinkplay/engine/types"
)

// fakeClock is a virtual clock: Sleep advances it at once and records the
// duration asked for.
type fakeClock struct {
	now    time.Time
	sleeps []time.Duration
	// onSleep, when set, runs before each sleep (to cancel a context).
	onSleep func()
}

func (c *fakeClock) Now() time.Time { return c.now }

func (c *fakeClock) Sleep(ctx context.Context, d time.Duration) error {
	if c.onSleep != nil {
		c.onSleep()
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	c.sleeps = append(c.sleeps, d)
	c.now = c.now.Add(d)
	return nil
}

// pacedSource emits perTick rows 0, 1, 2, ... each time the clock reaches
// the next full tick, up to total rows (total < 0: unbounded), like
// datagen's rows-per-second bursts.
type pacedSource struct {
	clock   *fakeClock
	tick    time.Duration
	perTick int
	total   int

	next   int
	due    time.Time
	polls  int
	opened bool
	closed bool
}

func (s *pacedSource) Open(context.Context) error {
	s.opened = true
	s.due = s.clock.Now()
	return nil
}

func (s *pacedSource) Next(_ context.Context, b *stream.Batch) (time.Duration, error) {
	s.polls++
	if s.total >= 0 && s.next >= s.total {
		return 0, stream.ErrEndOfInput
	}
	if now := s.clock.Now(); now.Before(s.due) {
		return s.due.Sub(now), nil
	}
	for i := 0; i < s.perTick && (s.total < 0 || s.next < s.total); i++ {
		b.Append(stream.Insert)[0] = types.IntValue(int64(s.next))
		s.next++
	}
	s.due = s.due.Add(s.tick)
	return 0, nil
}

func (s *pacedSource) Close() error { s.closed = true; return nil }

// drain reads p to its end and returns its rows as kind[v] and the error
// that ended it (nil for end of input).
func drain(ctx context.Context, p *Pipeline) ([]string, error) {
	var rows []string
	for {
		b, err := p.Next(ctx)
		if errors.Is(err, stream.ErrEndOfInput) {
			return rows, nil
		}
		if err != nil {
			return rows, err
		}
		if b.Len() == 0 {
			return rows, fmt.Errorf("Next returned an empty batch")
		}
		for i := 0; i < b.Len(); i++ {
			rows = append(rows, fmt.Sprintf("%s%d", b.Kinds[i], b.Row(i)[0].I))
		}
	}
}

func TestPipeline(t *testing.T) {
	start := time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC)
	tests := []struct {
		name    string
		perTick int
		total   int
		stages  func() []Stage
		want    string
		sleeps  int // how many sleeps the clock was asked for, each cut to maxWait
		elapsed time.Duration
	}{
		{"bounded source paced by the clock", 2, 5, nil,
			"+I0 +I1 +I2 +I3 +I4", 40,
			2 * time.Second},
		{"limit ends an unbounded source", 3, -1,
			func() []Stage { return []Stage{{Op: &ops.Limit{Count: 4}, Width: 1}} },
			"+I0 +I1 +I2 +I3", 20, time.Second},
		{"limit with offset", 2, -1,
			func() []Stage { return []Stage{{Op: &ops.Limit{Offset: 3, Count: 2}, Width: 1}} },
			"+I3 +I4", 40, 2 * time.Second},
		{"finisher flushes at the end", 10, 3,
			func() []Stage {
				return []Stage{{Op: &ops.Sort{Keys: []ops.SortKey{{Col: 0, Type: types.Int64, Desc: true}}}, Width: 1}}
			},
			"+I2 +I1 +I0", 0, 0},
		{"finisher after a limit is flushed when the limit ends the job", 1, -1,
			func() []Stage {
				return []Stage{
					{Op: &ops.Limit{Count: 2}, Width: 1},
					{Op: &ops.Sort{Keys: []ops.SortKey{{Col: 0, Type: types.Int64, Desc: true}}}, Width: 1},
				}
			},
			"+I1 +I0", 20, time.Second},
		{"empty source", 1, 0, nil, "", 0, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			clock := &fakeClock{now: start}
			src := &pacedSource{clock: clock, tick: time.Second, perTick: tt.perTick, total: tt.total}
			p := &Pipeline{Source: src, SourceWidth: 1, Clock: clock}
			if tt.stages != nil {
				p.Stages = tt.stages()
			}
			rows, err := drain(context.Background(), p)
			if err != nil {
				t.Fatal(err)
			}
			if got := strings.Join(rows, " "); got != tt.want {
				t.Errorf("rows %q, want %q", got, tt.want)
			}
			if len(clock.sleeps) != tt.sleeps {
				t.Errorf("%d sleeps, want %d", len(clock.sleeps), tt.sleeps)
			}
			for _, d := range clock.sleeps {
				if d > maxWait {
					t.Errorf("slept %v, more than %v at once", d, maxWait)
				}
			}
			if got := clock.now.Sub(start); got != tt.elapsed {
				t.Errorf("virtual time %v, want %v", got, tt.elapsed)
			}
			// After the end, Next keeps saying so and polls nothing more.
			polls := src.polls
			if _, err := p.Next(context.Background()); !errors.Is(err, stream.ErrEndOfInput) {
				t.Errorf("Next after the end: %v", err)
			}
			if src.polls != polls {
				t.Errorf("source polled after the end")
			}
			if err := p.Close(); err != nil || !src.closed {
				t.Errorf("Close: %v, source closed %v", err, src.closed)
			}
			if err := p.Close(); err != nil {
				t.Errorf("second Close: %v", err)
			}
		})
	}
}

func TestPipelineCancel(t *testing.T) {
	tests := []struct {
		name string
		// cancelAt cancels before the n-th Next (1-based); 0 cancels during a wait.
		cancelAt int
		want     string
	}{
		{"before the first batch", 1, ""},
		{"between batches", 2, "+I0"},
		{"while waiting for the rate limit", 0, "+I0"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			clock := &fakeClock{now: time.Unix(0, 0)}
			if tt.cancelAt == 0 {
				clock.onSleep = cancel
			}
			src := &pacedSource{clock: clock, tick: time.Second, perTick: 1, total: -1}
			p := &Pipeline{Source: src, SourceWidth: 1, Clock: clock}
			defer p.Close()
			var rows []string
			var err error
			for n := 1; n < 10; n++ {
				if n == tt.cancelAt {
					cancel()
				}
				var b *stream.Batch
				b, err = p.Next(ctx)
				if err != nil {
					break
				}
				rows = append(rows, fmt.Sprintf("%s%d", b.Kinds[0], b.Row(0)[0].I))
			}
			if !errors.Is(err, context.Canceled) {
				t.Errorf("err = %v, want context.Canceled", err)
			}
			if got := strings.Join(rows, " "); got != tt.want {
				t.Errorf("rows %q, want %q", got, tt.want)
			}
		})
	}
}

// failingOp fails on its n-th batch.
type failingOp struct{ n int }

func (f *failingOp) Open(context.Context) error { return nil }
func (f *failingOp) Close() error               { return nil }
func (f *failingOp) Process(in, out *stream.Batch) error {
	f.n--
	if f.n <= 0 {
		return errors.New("boom")
	}
	for i := 0; i < in.Len(); i++ {
		out.AppendRow(in.Kinds[i], in.Row(i))
	}
	return nil
}

func TestPipelineOperatorError(t *testing.T) {
	clock := &fakeClock{now: time.Unix(0, 0)}
	src := &pacedSource{clock: clock, tick: time.Second, perTick: 1, total: -1}
	p := &Pipeline{Source: src, SourceWidth: 1, Clock: clock, Stages: []Stage{{Op: &failingOp{n: 2}, Width: 1}}}
	defer p.Close()
	rows, err := drain(context.Background(), p)
	if err == nil || err.Error() != "boom" {
		t.Errorf("err = %v, want boom", err)
	}
	if got := strings.Join(rows, " "); got != "+I0" {
		t.Errorf("rows %q, want +I0", got)
	}
}

func TestUnionSource(t *testing.T) {
	values := func(vs ...int64) *Pipeline {
		rows := make([][]types.Value, len(vs))
		for i, v := range vs {
			rows[i] = []types.Value{types.IntValue(v)}
		}
		return &Pipeline{Source: &ValuesSource{Rows: rows}, SourceWidth: 1, Clock: &fakeClock{}}
	}
	tests := []struct {
		name   string
		inputs []*Pipeline
		want   string
	}{
		{"one batch from each in turn", []*Pipeline{values(1, 2), values(10), values(20, 21)}, "+I1 +I2 +I10 +I20 +I21"},
		{"empty inputs end cleanly", []*Pipeline{values(), values(5), values()}, "+I5"},
		{"no rows at all", []*Pipeline{values(), values()}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := &Pipeline{Source: &UnionSource{Inputs: tt.inputs}, SourceWidth: 1, Clock: &fakeClock{}}
			rows, err := drain(context.Background(), p)
			if err != nil {
				t.Fatal(err)
			}
			if got := strings.Join(rows, " "); got != tt.want {
				t.Errorf("rows %q, want %q", got, tt.want)
			}
			if err := p.Close(); err != nil {
				t.Error(err)
			}
		})
	}
}

func TestUnionSourceCopiesBytes(t *testing.T) {
	// Rows of an input live in that input's batch, which it reuses on its
	// next Next; the union must copy variable-length values into its own
	// arena.
	str := func(s string) []types.Value { return []types.Value{types.StringValue(s)} }
	a := &Pipeline{Source: &ValuesSource{Rows: [][]types.Value{str("aaa")}}, SourceWidth: 1, Clock: &fakeClock{}}
	b := &Pipeline{Source: &ValuesSource{Rows: [][]types.Value{str("bbb")}}, SourceWidth: 1, Clock: &fakeClock{}}
	u := &UnionSource{Inputs: []*Pipeline{a, b}}
	ctx := context.Background()
	if err := u.Open(ctx); err != nil {
		t.Fatal(err)
	}
	out := stream.NewBatch(1)
	if _, err := u.Next(ctx, out); err != nil {
		t.Fatal(err)
	}
	if _, err := u.Next(ctx, out); err != nil {
		t.Fatal(err)
	}
	if got := out.Row(0)[0].Str() + out.Row(1)[0].Str(); got != "aaabbb" {
		t.Errorf("got %q", got)
	}
	if &out.Row(0)[0].B[0] == &a.bufs[0].Vals[0].B[0] {
		t.Error("the union aliases its input's bytes")
	}
}

func TestValuesSourceBatches(t *testing.T) {
	rows := make([][]types.Value, stream.DefaultBatchRows+5)
	for i := range rows {
		rows[i] = []types.Value{types.IntValue(int64(i))}
	}
	s := &ValuesSource{Rows: rows}
	b := stream.NewBatch(1)
	var sizes []int
	for {
		b.Reset()
		_, err := s.Next(context.Background(), b)
		if errors.Is(err, stream.ErrEndOfInput) {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		sizes = append(sizes, b.Len())
	}
	if fmt.Sprint(sizes) != fmt.Sprintf("[%d 5]", stream.DefaultBatchRows) {
		t.Errorf("batch sizes %v", sizes)
	}
}

// prunedSource is a nestedSource that records what it is told is read.
type prunedSource struct {
	nestedSource
	reads *stream.Reads
}

func (s *prunedSource) ReadOnly(r *stream.Reads) { s.reads = r }

// fieldOp reads field 0 of column 1 and emits nothing.
type fieldOp struct{}

func (fieldOp) Open(context.Context) error       { return nil }
func (fieldOp) Close() error                     { return nil }
func (fieldOp) ColumnsIn() bool                  { return true }
func (fieldOp) InputReads(_, in *stream.Reads)   { in.Field(1, 0) }
func (fieldOp) Process(_, _ *stream.Batch) error { return nil }

// passOp passes its columnar input on as it came and reads column 0.
type passOp struct{}

func (passOp) Open(context.Context) error { return nil }
func (passOp) Close() error               { return nil }
func (passOp) ColumnsIn() bool            { return true }
func (passOp) InputReads(out, in *stream.Reads) {
	in.PassAll(out)
	in.Column(0)
}
func (passOp) Process(in, out *stream.Batch) error {
	out.ShareColumns(in)
	return nil
}

// TestPipelineTellsSourceWhatIsRead: a columnar source learns what the
// stages read of its batches, through stages that pass them on, unless a
// stage cannot tell, the batches leave the pipeline or a trace shows them.
func TestPipelineTellsSourceWhatIsRead(t *testing.T) {
	for _, tc := range []struct {
		name   string
		stages []Stage
		told   bool
	}{
		{"a stage that tells", []Stage{{Op: fieldOp{}, Width: 2}}, true},
		{"through a stage that passes its input on", []Stage{{Op: passOp{}, Width: 2}, {Op: fieldOp{}, Width: 2}}, true},
		{"to the end of the pipeline", []Stage{{Op: passOp{}, Width: 2}}, false},
		{"a stage that cannot tell", []Stage{{Op: &failingOp{n: 100}, Width: 2}}, false},
		{"after a stage that cannot tell", []Stage{{Op: passOp{}, Width: 2}, {Op: &failingOp{n: 100}, Width: 2}}, false},
		{"a traced stage", []Stage{{Op: fieldOp{}, Width: 2, Trace: &stream.Tracer{}}}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src := &prunedSource{nestedSource: nestedSource{n: 5}}
			p := &Pipeline{Source: src, SourceWidth: 2, Clock: &fakeClock{}, Stages: tc.stages}
			defer p.Close()
			if err := p.Open(context.Background()); err != nil {
				t.Fatal(err)
			}
			if told := src.reads != nil; told != tc.told {
				t.Fatalf("told %v, want %v", told, tc.told)
			}
			if !tc.told {
				return
			}
			// The pass-through stage reads column 0.
			col0 := len(tc.stages) > 1
			if !src.reads.ReadsField(1, 0) || src.reads.ReadsField(1, 1) || src.reads.ReadsColumn(0) != col0 {
				t.Errorf("told %+v", src.reads)
			}
		})
	}
}
