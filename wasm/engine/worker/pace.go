package worker

import (
	"context"
	"sync"
	"time"

	"github.com/flinkplay/flinkplay/engine"
	"github.com/flinkplay/flinkplay/engine/stream"
	"github.com/flinkplay/flinkplay/engine/types"
	"github.com/flinkplay/flinkplay/wasm/engine/protocol"
)

// feed carries one running query's or job's changes and output lines to
// the page. The run's goroutine adds to it; a ticker goroutine sends what
// is due even while the query waits inside the engine (a throttled source
// between two bursts), and reports progress.
type feed struct {
	w        *Worker
	id, stmt int
	start    time.Time

	mu        sync.Mutex // guards everything below
	lastFlush time.Time
	lastProg  time.Time
	received  int64
	rate      rateMeter
	rows      rowBuffer
	// batchRows keeps every row's cells for a batch query's final table.
	batchRows [][]string
	keepCells bool
	// wm is the query's output watermark (stream.NoWatermark: none yet).
	wm int64
	// sources reads the scans' meters (nil: no scans); srcRates keeps a
	// rate per scan.
	sources  func(time.Time) []engine.SourceProgress
	srcRates []rateMeter
	// graph reads the operator graph's meters (nil: no job); graphRates
	// keeps, per node, rates of its records in and out and of its busy
	// time.
	graph      func() []engine.NodeStats
	graphRates [][3]rateMeter
	// trace is the statement's trace log (nil: no job), unwatch forgets
	// it when the feed ends.
	trace   *stream.TraceLog
	stepper *engine.Stepper
	unwatch func()

	stop    chan struct{}
	stopped chan struct{}
}

// startFeed starts the ticker of a statement's feed; end stops it. setup,
// when set, prepares the row buffer first.
func (w *Worker) startFeed(req protocol.Request, idx int, res *engine.Result, keepCells bool, setup func(*rowBuffer)) *feed {
	now := w.o.Now()
	f := &feed{w: w, id: req.ID, stmt: idx, start: now, lastProg: now, keepCells: keepCells, wm: stream.NoWatermark,
		sources: res.Sources, graph: res.Graph, trace: res.Trace(), stop: make(chan struct{}), stopped: make(chan struct{})}
	f.rate.add(now, 0)
	f.stepper = res.Stepper()
	f.unwatch = w.watchTrace(req.ID, f.trace, req.Trace, f.stepper, req.Step == protocol.StepPause, req.Replay)
	if setup != nil {
		setup(&f.rows)
	}
	go f.tick()
	return f
}

func (f *feed) tick() {
	defer close(f.stopped)
	defer func() {
		if p := recover(); p != nil {
			f.w.emitPanic(f.id, p)
		}
	}()
	every := min(f.w.o.FlushInterval, f.w.o.ProgressInterval)
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		select {
		case <-f.stop:
			return
		case <-t.C:
		}
		f.mu.Lock()
		now := f.w.o.Now()
		if f.due(now) {
			f.flushLocked(now)
		}
		if now.Sub(f.lastProg) >= f.w.o.ProgressInterval {
			f.progressLocked(now)
		}
		f.mu.Unlock()
	}
}

// add formats one change and reports whether a whole message waits.
func (f *feed) add(k stream.Kind, row []types.Value) bool {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.rows.add(k, row)
	f.received++
	return f.rows.len() >= f.w.o.MaxBatchRows
}

// count counts changes that are not shown (an INSERT's).
func (f *feed) count(n int) {
	f.mu.Lock()
	f.received += int64(n)
	f.mu.Unlock()
}

// due reports whether a message may go now.
func (f *feed) due(now time.Time) bool {
	return f.lastFlush.IsZero() || now.Sub(f.lastFlush) >= f.w.o.FlushInterval
}

// flushLocked sends the pending rows and output lines.
func (f *feed) flushLocked(now time.Time) {
	if f.rows.len() > 0 {
		rows := f.rows.take()
		if f.keepCells {
			for _, r := range rows {
				f.batchRows = append(f.batchRows, r.Cells)
			}
		}
		f.w.emit(protocol.Message{Type: protocol.TypeRows, ID: f.id, Stmt: f.stmt, Rows: rows})
		f.lastFlush = now
	}
	if lines := f.w.out.take(); len(lines) > 0 {
		f.w.emit(protocol.Message{Type: protocol.TypeOutput, ID: f.id, Stmt: f.stmt, Lines: lines})
		f.lastFlush = now
	}
}

func (f *feed) progressLocked(now time.Time) {
	f.lastProg = now
	paused, stepped := f.stepper.Paused()
	f.rate.add(now, f.received)
	f.w.emit(protocol.Message{Type: protocol.TypeProgress, ID: f.id, Stmt: f.stmt, Received: f.received,
		RowsPerSec: f.rate.perSecond(), ElapsedMs: now.Sub(f.start).Milliseconds(), Watermark: formatWatermark(f.wm),
		Sources: f.sourcesLocked(now), Graph: f.graphLocked(now), Trace: f.traceLocked(), Paused: paused, Stepped: stepped})
}

// traceLocked takes what the operators recorded since the last call.
func (f *feed) traceLocked() []protocol.TraceEvent {
	if f.trace == nil {
		return nil
	}
	events, _ := f.trace.Take()
	if len(events) == 0 {
		return nil
	}
	out := make([]protocol.TraceEvent, len(events))
	for i, e := range events {
		t := protocol.TraceEvent{Seq: e.Seq, Node: e.Node, Kind: traceKinds[e.Kind], Time: e.Time, Late: e.Late,
			Start: e.Start, End: e.End, Count: e.Count, Side: e.Side, OutFrom: e.OutFrom}
		if e.Input != nil {
			t.Input = &protocol.TraceRow{Op: e.Input.Kind.String(), Cells: e.Input.Cells}
		}
		for _, r := range e.Rows {
			t.Rows = append(t.Rows, protocol.TraceRow{Op: r.Kind.String(), Cells: r.Cells})
		}
		if e.Watermark != stream.NoWatermark {
			t.Watermark, t.HasWatermark = e.Watermark, true
		}
		out[i] = t
	}
	return out
}

var traceKinds = map[stream.TraceKind]string{
	stream.TraceArrive: protocol.TraceArrive, stream.TraceWatermark: protocol.TraceWatermark,
	stream.TraceWindowOpen: protocol.TraceOpen, stream.TraceWindowFire: protocol.TraceFire,
	stream.TraceDrop: protocol.TraceDrop, stream.TraceChange: protocol.TraceChange,
}

// graphLocked reads the operator graph's meters, with rates for each
// node.
func (f *feed) graphLocked(now time.Time) []protocol.GraphNode {
	if f.graph == nil {
		return nil
	}
	snap := f.graph()
	if len(snap) == 0 {
		return nil
	}
	if len(f.graphRates) != len(snap) {
		// Every operator started at nothing when the run did.
		f.graphRates = make([][3]rateMeter, len(snap))
		for i := range f.graphRates {
			for k := range f.graphRates[i] {
				f.graphRates[i][k].add(f.start, 0)
			}
		}
	}
	out := make([]protocol.GraphNode, len(snap))
	for i, n := range snap {
		r := &f.graphRates[i]
		r[0].add(now, n.In)
		r[1].add(now, n.Out)
		r[2].add(now, int64(n.Busy))
		out[i] = protocol.GraphNode{ID: n.ID, Kind: n.Kind, Text: n.Text, Inputs: n.Inputs, Table: n.Table, Fields: n.Fields, InFields: n.InFields,
			In: n.In, Out: n.Out, InPerSec: r[0].perSecond(), OutPerSec: r[1].perSecond(),
			Busy: min(max(r[2].perSecond()/1e9, 0), 1), Watermark: formatNodeWatermark(n.Watermark),
			Stateful: n.Stateful, StateRows: n.StateRows, StateKeys: n.StateKeys, StateBytes: n.StateBytes}
	}
	return out
}

// formatNodeWatermark prints an operator's watermark: as a TIMESTAMP(3),
// "end" once its input has ended, "" before the first.
func formatNodeWatermark(wm int64) string {
	if wm == stream.MaxWatermark {
		return "end"
	}
	return formatWatermark(wm)
}

// sourcesLocked reads the scans' meters, with a rate for each.
func (f *feed) sourcesLocked(now time.Time) []protocol.SourceProgress {
	if f.sources == nil {
		return nil
	}
	// Whether a pace held a source back is a matter of real time, whatever
	// clock the run's progress is told in.
	snap := f.sources(time.Now())
	if len(f.srcRates) != len(snap) {
		f.srcRates = make([]rateMeter, len(snap))
	}
	out := make([]protocol.SourceProgress, len(snap))
	for i, s := range snap {
		f.srcRates[i].add(now, s.Rows)
		out[i] = protocol.SourceProgress{Table: s.Table, Rows: s.Rows, RowsPerSec: f.srcRates[i].perSecond(),
			PaceKey: s.PaceKey, PaceRate: s.PaceRate, Throttled: s.Throttled}
	}
	return out
}

// setWatermark records the query's output watermark for the next progress
// message.
func (f *feed) setWatermark(wm int64) {
	f.mu.Lock()
	f.wm = wm
	f.mu.Unlock()
}

// formatWatermark prints a watermark as Flink prints a TIMESTAMP(3):
// 2026-01-01 00:00:00.000; nothing before the first watermark and once the
// input has ended (Flink's Long.MAX_VALUE watermark is no instant).
func formatWatermark(wm int64) string {
	if wm == stream.NoWatermark || wm == stream.MaxWatermark {
		return ""
	}
	return time.UnixMilli(wm).UTC().Format("2006-01-02 15:04:05.000")
}

// pace is called by the run between changes: when a whole message waits
// and the last one went out less than FlushInterval ago, the query waits
// (backpressure, so that the page is never flooded and still sees every
// change); then what is due goes out, and the host gets its turn. It
// returns ctx's error when the wait was cut short.
func (f *feed) pace(ctx context.Context) error {
	f.mu.Lock()
	now := f.w.o.Now()
	full := f.rows.len() >= f.w.o.MaxBatchRows || f.w.out.len() >= f.w.o.MaxBatchRows
	var wait time.Duration
	if full && !f.due(now) {
		wait = f.lastFlush.Add(f.w.o.FlushInterval).Sub(now)
	}
	f.mu.Unlock()
	if wait > 0 {
		if err := (wallClock{}).Sleep(ctx, wait); err != nil {
			return err
		}
		// The sleep let the host run.
		f.w.lastYield.Store(f.w.o.Now().UnixNano())
	}
	f.mu.Lock()
	if now = f.w.o.Now(); f.due(now) {
		f.flushLocked(now)
	}
	f.mu.Unlock()
	f.w.maybeYield()
	return nil
}

// end stops the ticker and sends what is left; with done set it then sends
// Done, filled in with the counts.
func (f *feed) end(done *protocol.Message) { f.endWith(nil, done) }

// endWith is end that lets table fill in Done from all the rows' cells
// (kept with keepCells) before it goes.
func (f *feed) endWith(table func(rows [][]string), done *protocol.Message) {
	close(f.stop)
	<-f.stopped
	f.mu.Lock()
	defer f.mu.Unlock()
	now := f.w.o.Now()
	f.flushLocked(now)
	defer f.unwatch()
	if done == nil {
		return
	}
	if table != nil {
		table(f.batchRows)
	}
	f.rate.add(now, f.received)
	m := *done
	m.Type, m.ID, m.Stmt = protocol.TypeDone, f.id, f.stmt
	m.Received, m.RowsPerSec, m.ElapsedMs = f.received, f.rate.perSecond(), now.Sub(f.start).Milliseconds()
	m.Sources, m.Graph, m.Trace = f.sourcesLocked(now), f.graphLocked(now), f.traceLocked()
	f.w.emit(m)
}
