// Package runtime runs a query: it pulls batches from a source, pushes them
// through a chain of operators, and hands the output to its consumer. It
// owns time (rate-limited sources tell it how long to wait; it sleeps on the
// query's clock) and cancellation: a cancelled context stops a query within
// one batch or one wait, well under 100 ms.
package runtime

import (
	"context"
	"errors"
	"runtime"
	"time"

	"github.com/flinkplay/flinkplay/engine/stream"
)

// Finisher is implemented by operators that emit when their input ends
// (batch aggregation, sort).
type Finisher interface {
	Finish(out *stream.Batch) error
}

// Stage is one operator of a pipeline with the width of its output rows.
type Stage struct {
	Op    stream.Operator
	Width int
	// Meter, when set, counts the stage's records, time, watermark and
	// state, for the job's graph (Graph).
	Meter *OpMeter
	// Trace, set on a stage that keeps state, records why it changed
	// what it sent on while its log is on (trace.go).
	Trace *stream.Tracer
}

// Pipeline is a linear job: one source, a chain of operators. A source may
// itself run pipelines (UnionSource, TwoInputSource), so a plan's tree of
// pipelines forms the job's graph.
//
// Watermarks travel with the batches (stream.Batch.Watermark): a stage sees
// its input's watermark after its rows, through OnWatermark when it is a
// stream.WatermarkOperator, and forwards it. When the source ends, the
// runtime sends stream.MaxWatermark through the chain, then finishes every
// stage.
//
// Stages that are stream.TimerOperators (processing-time windows) have
// their due timers fired before the source is polled, and a wait for the
// source never outlasts the earliest timer, so they fire on the clock even
// when no row arrives; pipelines run by sources report the same waits.
type Pipeline struct {
	Source      stream.Source
	SourceWidth int
	Stages      []Stage
	Clock       stream.Clock
	// State, when set, bounds the state of the job; every pipeline of a
	// job shares one.
	State *StateLimit
	// ColumnsOut, set before Open, lets the pipeline return columnar
	// batches: its consumer is a stream.ColumnarSink.
	ColumnsOut bool

	bufs []*stream.Batch // bufs[0] source output, bufs[i+1] output of stage i
	// Columnar batches (stream.Vector): colsIn[i] tells that stage i
	// accepts them; rows[i] receives bufs[i] as rows when it is columnar
	// and stage i (or, for the last, the consumer) does not.
	colsIn []bool
	rows   []*stream.Batch
	timers []int   // stages that are stream.TimerOperators
	wms    []int64 // wms[i]: the last watermark stage i has seen
	outWM  int64   // the watermark of the pipeline's output
	// metered: some stage has a Meter; stateAt is when their state sizes
	// were last read.
	metered bool
	stateAt time.Time
	rounds  int
	// traced: some stage has a Trace; emitted counts the rows the
	// pipeline has returned; traceIn and traceOut hold a traced round's
	// input and output rows.
	traced            bool
	emitted           int64
	traceIn, traceOut *stream.Batch
	opened            bool
	finished          bool // input ended and operators finished
	done              bool // nothing more to return
	closed            bool
}

// maxWait bounds one sleep, so that cancellation is seen promptly even on a
// clock whose Sleep ignores the context.
const maxWait = 50 * time.Millisecond

// Open opens the source and the operators.
func (p *Pipeline) Open(ctx context.Context) error {
	if p.opened {
		return nil
	}
	p.opened = true
	p.outWM = stream.NoWatermark
	if err := p.Source.Open(ctx); err != nil {
		return err
	}
	p.bufs = []*stream.Batch{stream.NewBatch(p.SourceWidth)}
	p.rows = []*stream.Batch{stream.NewBatch(p.SourceWidth)}
	for _, s := range p.Stages {
		if err := s.Op.Open(ctx); err != nil {
			return err
		}
		c, ok := s.Op.(stream.ColumnarOperator)
		p.colsIn = append(p.colsIn, ok && c.ColumnsIn())
		p.bufs = append(p.bufs, stream.NewBatch(s.Width))
		p.rows = append(p.rows, stream.NewBatch(s.Width))
		p.wms = append(p.wms, stream.NoWatermark)
		p.metered = p.metered || s.Meter != nil
		p.traced = p.traced || s.Trace != nil
	}
	columns := p.ColumnsOut
	if len(p.Stages) > 0 {
		columns = p.colsIn[0]
	}
	if cs, ok := p.Source.(stream.ColumnarSource); ok && columns && cs.EnableColumns() {
		p.pruneSource()
	}
	for i, s := range p.Stages {
		if _, ok := s.Op.(stream.TimerOperator); ok {
			p.timers = append(p.timers, i)
		}
	}
	return nil
}

// pruneSource tells a columnar source what the stages read of its
// batches: from the last stage back to the first, each says what it reads
// of its input given what is read of its output. Whatever follows the
// pipeline reads all of its output; a stage that cannot tell reads all of
// its input. A trace that shows the batches reads them all too.
func (p *Pipeline) pruneSource() {
	fp, ok := p.Source.(stream.FieldPruner)
	if !ok || len(p.Stages) == 0 || p.traced {
		return
	}
	out := &stream.Reads{All: true}
	for k := len(p.Stages) - 1; k >= 0; k-- {
		in := &stream.Reads{All: true}
		if fr, ok := p.Stages[k].Op.(stream.FieldReader); ok && p.colsIn[k] {
			in.All = false
			fr.InputReads(out, in)
		}
		out = in
	}
	if !out.All {
		fp.ReadOnly(out)
	}
}

// Watermark returns the watermark of the pipeline's output so far
// (stream.NoWatermark before the first one).
func (p *Pipeline) Watermark() int64 { return p.outWM }

// Next returns the next batch of output, or stream.ErrEndOfInput. A batch
// has rows, or no rows and an advanced watermark. It sleeps on the clock
// while the source has nothing due. The batch is valid until the next call.
func (p *Pipeline) Next(ctx context.Context) (*stream.Batch, error) {
	for {
		out, wait, err := p.Poll(ctx)
		if err != nil {
			return nil, err
		}
		if out != nil {
			return out, nil
		}
		if wait > 0 {
			if wait > maxWait {
				wait = maxWait
			}
			if err := p.Clock.Sleep(ctx, wait); err != nil {
				return nil, err
			}
		}
	}
}

// Poll runs at most one round without sleeping: it pulls one batch from
// the source and pushes it through the stages. It returns a batch of output
// with rows or an advanced watermark; or nil and the time until the source
// has something due (0: poll again at once); or stream.ErrEndOfInput when
// the job is over. Sources that run pipelines use it to interleave their
// inputs. The batch is valid until the next call.
func (p *Pipeline) Poll(ctx context.Context) (*stream.Batch, time.Duration, error) {
	if err := p.Open(ctx); err != nil {
		return nil, 0, err
	}
	if p.done {
		return nil, 0, stream.ErrEndOfInput
	}
	if err := ctx.Err(); err != nil {
		return nil, 0, err
	}
	yieldToGC()
	p.reset()
	if p.finished {
		p.done = true
		return nil, 0, stream.ErrEndOfInput
	}
	if len(p.timers) > 0 {
		out, err := p.fireTimers()
		if errors.Is(err, stream.ErrEndOfInput) {
			p.finished = true
			return p.result(out), 0, nil
		}
		if err != nil {
			return nil, 0, err
		}
		if out != nil {
			if r := p.result(out); r != nil {
				return r, 0, nil
			}
			p.reset()
		}
	}
	wait, err := p.Source.Next(ctx, p.bufs[0])
	if errors.Is(err, stream.ErrEndOfInput) {
		p.bufs[0].Reset()
		p.bufs[0].Watermark = stream.MaxWatermark
		out, ferr := p.push(0, true)
		p.finished = true
		if ferr != nil && !errors.Is(ferr, stream.ErrEndOfInput) {
			return nil, 0, ferr
		}
		return p.result(out), 0, nil
	}
	if err != nil {
		return nil, 0, err
	}
	if p.bufs[0].Len() == 0 && p.bufs[0].Watermark == stream.NoWatermark {
		return nil, p.untilTimer(wait), nil
	}
	out, err := p.push(0, false)
	if errors.Is(err, stream.ErrEndOfInput) {
		// An operator (LIMIT) ended the job: finish the rest of the chain.
		p.finished = true
		return p.result(out), 0, nil
	}
	if err != nil {
		return nil, 0, err
	}
	return p.result(out), 0, nil
}

// fireTimers fires the due processing-time timers of the first stage that
// has one and pushes what fired through the stages after it. It returns
// nil when no timer was due.
func (p *Pipeline) fireTimers() (*stream.Batch, error) {
	now := p.Clock.Now().UnixMilli()
	for _, i := range p.timers {
		t := p.Stages[i].Op.(stream.TimerOperator)
		if t.NextTimer() > now {
			continue
		}
		if err := t.OnTimer(now, p.bufs[i+1]); err != nil {
			return nil, err
		}
		return p.push(i+1, false)
	}
	return nil, nil
}

// untilTimer shortens wait, the time until the source has something due,
// to the time until the earliest processing-time timer of the stages.
func (p *Pipeline) untilTimer(wait time.Duration) time.Duration {
	if len(p.timers) == 0 {
		return wait
	}
	next := stream.NoTimer
	for _, i := range p.timers {
		next = min(next, p.Stages[i].Op.(stream.TimerOperator).NextTimer())
	}
	if next == stream.NoTimer {
		return wait
	}
	d := time.Duration(next-p.Clock.Now().UnixMilli()) * time.Millisecond
	if d < time.Millisecond {
		d = time.Millisecond
	}
	if wait > 0 && d < wait {
		return d
	}
	return wait
}

// result returns out when it has rows or advances the output watermark.
// The end-of-input watermark alone makes no batch: stream.ErrEndOfInput
// follows and says the same.
func (p *Pipeline) result(out *stream.Batch) *stream.Batch {
	if out.Columnar && !p.ColumnsOut {
		out = p.materialize(len(p.Stages), out)
	}
	advanced := out.Watermark > p.outWM
	if advanced {
		p.outWM = out.Watermark
	} else {
		out.Watermark = stream.NoWatermark
	}
	if out.Len() == 0 && (!advanced || out.Watermark == stream.MaxWatermark) {
		return nil
	}
	p.emitted += int64(out.Len())
	return out
}

// push runs bufs[from] through the stages; at end of input it also finishes
// each stage in order. A stage that ends the job (LIMIT) finishes the stages
// after it and reports stream.ErrEndOfInput.
func (p *Pipeline) push(from int, end bool) (*stream.Batch, error) {
	inRows := p.bufs[from].Len()
	// A metered pipeline times its stages every busySample-th round and
	// counts that time busySample times: reading the clock for every
	// stage of every batch costs a query of small batches a tenth of its
	// speed.
	var clk stageClock
	if p.metered {
		p.rounds++
		if clk.timed = p.rounds%busySample == 0; clk.timed {
			clk.t0 = time.Now()
		}
	}
	var stop, err error
	if s := p.tracedFrom(from); s >= 0 {
		end, stop, err = p.runTraced(from, s, end, &clk)
	} else {
		end, stop, err = p.run(from, len(p.Stages), end, &clk)
	}
	if err != nil {
		return p.bufs[len(p.bufs)-1], err
	}
	if p.metered && (end || clk.timed && clk.t0.Sub(p.stateAt) >= stateEvery) {
		if clk.t0.IsZero() {
			clk.t0 = time.Now()
		}
		p.stateAt = clk.t0
		for _, s := range p.Stages {
			if s.Meter != nil {
				s.Meter.state(s.Op)
			}
		}
	}
	if p.State != nil {
		if err := p.State.update(p, inRows, end); err != nil {
			return p.bufs[len(p.bufs)-1], err
		}
	}
	return p.bufs[len(p.bufs)-1], stop
}

// stageClock times the stages of one round, when it is timed.
type stageClock struct {
	timed bool
	t0    time.Time
}

// run runs bufs[from] through stages from to to-1; at end of input it
// also finishes each of them. It returns whether the input has ended
// (a stage that ends the job, LIMIT, ends it for the stages after it),
// and stream.ErrEndOfInput as stop when such a stage did.
func (p *Pipeline) run(from, to int, end bool, clk *stageClock) (ended bool, stop, err error) {
	for i := from; i < to; i++ {
		in, out := p.bufs[i], p.bufs[i+1]
		before := out.Len()
		if in.Columnar && !p.colsIn[i] {
			in = p.materialize(i, in)
		}
		op := p.Stages[i].Op
		if in.Len() > 0 {
			err := op.Process(in, out)
			if errors.Is(err, stream.ErrEndOfInput) {
				stop = err
				end = true
			} else if err != nil {
				return end, stop, err
			}
		}
		if in.MiniBatch {
			if m, ok := op.(stream.MiniBatchOperator); ok {
				if err := m.FlushMiniBatch(out); err != nil {
					return end, stop, err
				}
			}
			out.MiniBatch = true
		}
		wm := in.Watermark
		if end && stop != nil {
			wm = stream.MaxWatermark // LIMIT ended the job: the rest sees end of input
		}
		if wm > p.wms[i] {
			p.wms[i] = wm
			fwd := wm
			if w, ok := op.(stream.WatermarkOperator); ok {
				n := out.Len()
				var err error
				if fwd, err = w.OnWatermark(wm, out); err != nil {
					return end, stop, err
				}
				if m := p.Stages[i].Meter; m != nil && out.Len() > n {
					m.fires.Add(1)
				}
			}
			if fwd > out.Watermark {
				out.Watermark = fwd
			}
		}
		if end {
			if f, ok := op.(Finisher); ok {
				if err := f.Finish(out); err != nil {
					return end, stop, err
				}
			}
		}
		if m := p.Stages[i].Meter; m != nil {
			var busy time.Duration
			if clk.timed {
				t1 := time.Now()
				busy = t1.Sub(clk.t0) * busySample
				clk.t0 = t1
			}
			m.Count(in.Len(), out.Len()-before, busy)
			if out.Watermark != stream.NoWatermark {
				m.Watermark(out.Watermark)
			}
		}
	}
	return end, stop, nil
}

// stateEvery is how often a metered pipeline reads its stages' state
// sizes: a few times for each progress report.
const stateEvery = 100 * time.Millisecond

// busySample is how often a metered pipeline times its stages: every
// busySample-th round.
const busySample = 8

// reset empties the pipeline's batches for the next round.
func (p *Pipeline) reset() {
	for _, b := range p.bufs {
		b.Reset()
	}
	for _, b := range p.rows {
		b.Reset()
	}
}

// materialize returns the columnar batch b, the input of stage i (or the
// pipeline's output when i is len(p.Stages)), as rows.
func (p *Pipeline) materialize(i int, b *stream.Batch) *stream.Batch {
	r := p.rows[i]
	r.Reset()
	b.Materialize(r)
	r.Watermark, r.Input, r.MiniBatch = b.Watermark, b.Input, b.MiniBatch
	return r
}

// Close closes the operators and the source. It is idempotent.
func (p *Pipeline) Close() error {
	if p.closed {
		return nil
	}
	p.closed = true
	var first error
	for _, s := range p.Stages {
		if err := s.Op.Close(); err != nil && first == nil {
			first = err
		}
	}
	if p.opened {
		if err := p.Source.Close(); err != nil && first == nil {
			first = err
		}
	}
	return first
}

// yieldToGC lets other goroutines run between two rounds under
// WebAssembly. There the runtime has one thread and no preemption, so a
// garbage collection that starts while a query runs has its marking done
// only by allocations' assists; a query that allocates little leaves the
// write barrier on for the rest of its run, and every copy of a row pays
// for it (half the time of a streaming aggregation, profiled in Node).
// Yielding each round lets the collector's worker finish the cycle.
func yieldToGC() {
	if runtime.GOARCH == "wasm" {
		runtime.Gosched()
	}
}
