// Package worker runs the engine behind the playground's message protocol
// (wasm/engine/protocol). A Worker owns one engine.Session, takes requests
// through Handle, which never blocks, and answers through an emit callback.
// It is pure Go: wasm/engine wires it to a Web Worker's postMessage, and
// the tests drive it natively.
//
// The page rebuilds the SQL client's transcript of a statement from the
// messages, always the same way: Result.Text for a static result;
// otherwise Schema.TableauHead, then every Row.Line (each plus "\n"), then
// Done.Tableau, then Done.Footer (plus "\n") when it is not empty. So a
// streaming query's closing border travels in Done.Tableau, a batch query's
// whole table (its widths come from all rows) too, and an INSERT's
// "[INFO] ..." lines as well. Errors carry the SQL client's text in
// Error.Text.
//
// Rows are paced for the page: at most one Rows message per FlushInterval
// and at most MaxBatchRows rows in one; a query that produces more waits
// (backpressure, like a slow SQL client), so that every change reaches the
// page and its table view stays exact.
package worker

import (
	"context"
	"fmt"
	"runtime/debug"
	"sync"
	"sync/atomic"
	"time"

	"github.com/flinkplay/flinkplay/engine"
	"github.com/flinkplay/flinkplay/engine/catalog"
	"github.com/flinkplay/flinkplay/engine/diag"
	"github.com/flinkplay/flinkplay/engine/stream"
	"github.com/flinkplay/flinkplay/engine/vfs"
	"github.com/flinkplay/flinkplay/wasm/engine/protocol"
	"github.com/flinkplay/flinkplay/wasm/engine/protocol/specs"
)

// Defaults of the pacing options.
const (
	DefaultFlushInterval    = 50 * time.Millisecond
	DefaultMaxBatchRows     = 2000
	DefaultProgressInterval = 200 * time.Millisecond // five a second: the graph view updates at least four times
	DefaultYieldInterval    = 20 * time.Millisecond
)

// Options configure a Worker. Only Emit is required.
type Options struct {
	// Emit receives every message. It is called from one goroutine at a
	// time, never from Handle's caller while Handle runs.
	Emit func(protocol.Message)
	// Yield gives the host a chance to deliver requests while a query
	// runs; it is called between batches when YieldInterval has passed
	// since the last call. In a browser it must really block (a 1 ms
	// sleep), since a busy Go goroutine keeps the JS event loop from
	// running. nil means runtime.Gosched natively and a 1 ms sleep under
	// GOOS=js.
	Yield func()
	// Zone is the default of 'table.local-time-zone'; nil means time.Local.
	Zone *time.Location
	// LoadZone resolves IANA region ids, for the page's zone and for
	// 'table.local-time-zone'; nil means time.LoadLocation. The browser
	// build fetches zone files instead of embedding Go's database. It is
	// called on the goroutine running statements, so it may block.
	LoadZone func(name string) (*time.Location, error)
	// Seed, when non-nil, makes datagen reproducible in every session.
	Seed *int64
	// Clock is the time queries see; nil means the real clock.
	Clock stream.Clock
	// Now is the clock that paces messages; nil means time.Now.
	Now func() time.Time
	// JobID returns the id printed for a detached INSERT; nil means random.
	JobID func() string
	// FS is the file system of every session (the filesystem connector's)
	// and of the Files panel; nil means none: file requests fail, and
	// sessions use the engine's default.
	FS vfs.FS
	// CatalogStore keeps the playground catalogs of every session; nil
	// means CREATE CATALOG ... 'playground' is not available.
	CatalogStore catalog.Store
	// Python runs the Python programs of Execute requests with Language
	// "python"; nil means the engine runs none (engine.wasm).
	Python PythonFunc
	// Warnings are the host's own problems with storage (files it could
	// not read back); the catalog panel shows them with the session's.
	Warnings []string

	FlushInterval    time.Duration // 0 means DefaultFlushInterval
	MaxBatchRows     int           // 0 means DefaultMaxBatchRows
	ProgressInterval time.Duration // 0 means DefaultProgressInterval
	YieldInterval    time.Duration // 0 means DefaultYieldInterval
}

// Worker serves the protocol for one page.
type Worker struct {
	o Options

	// mu guards the request queue and the running run; it is never held
	// while a statement runs, so Handle stays quick.
	mu      sync.Mutex
	queue   []protocol.Request
	looping bool
	runID   int                // the run in progress, 0 when none
	runPy   bool               // that run is a Python program
	cancel  context.CancelFunc // cancels the run in progress
	// cells are the cell runs in progress (Request.Cell), which run on
	// goroutines of their own, by id.
	cells map[int]context.CancelFunc
	// traces are the trace logs of the statements that run, by run id,
	// and traceOn whether the page wants each run's trace (TypeTrace,
	// or an Execute's Trace).
	traces  map[int]*stream.TraceLog
	traceOn map[int]bool
	// steppers pause and step the statements that run, by run id.
	steppers map[int]*engine.Stepper
	// pausing holds the runs asked to pause before their query started:
	// the query starts paused.
	pausing map[int]bool
	// stmtStarts is where the statement that runs starts in its script,
	// per run: Flink counts the positions in its messages from there.
	stmtStarts map[int]int

	// sessMu serializes the runs' work on the session: a run holds it
	// while a statement is parsed, planned and executed, and lets go while
	// a query's rows stream, so that cells stream side by side.
	sessMu sync.Mutex

	// emitMu serializes Emit calls.
	emitMu sync.Mutex

	// Owned by the loop goroutine.
	sess  *engine.Session
	store *countingStore // wraps o.CatalogStore; nil when none
	out   *lineWriter
	zone  *time.Location
	// lastYield is when the host last had its turn (Unix nanoseconds); the
	// loop and the background jobs all yield through it.
	lastYield atomic.Int64

	// jobs follows the background INSERT jobs (any goroutine).
	jobs jobWatch
}

// New returns a worker with a fresh session. It emits nothing until Ready.
func New(o Options) *Worker {
	if o.Emit == nil {
		o.Emit = func(protocol.Message) {}
	}
	if o.Yield == nil {
		o.Yield = defaultYield
	}
	if o.Now == nil {
		o.Now = time.Now
	}
	if o.Clock == nil {
		o.Clock = wallClock{}
	}
	if o.FlushInterval <= 0 {
		o.FlushInterval = DefaultFlushInterval
	}
	if o.MaxBatchRows <= 0 {
		o.MaxBatchRows = DefaultMaxBatchRows
	}
	if o.ProgressInterval <= 0 {
		o.ProgressInterval = DefaultProgressInterval
	}
	if o.YieldInterval <= 0 {
		o.YieldInterval = DefaultYieldInterval
	}
	w := &Worker{o: o, out: &lineWriter{}, zone: o.Zone, cells: map[int]context.CancelFunc{}, stmtStarts: map[int]int{}}
	if o.CatalogStore != nil {
		w.store = &countingStore{Store: o.CatalogStore}
	}
	if w.zone == nil {
		w.zone = time.Local
	}
	w.newSession()
	return w
}

// Ready emits the ready message with the engine's specs. The host calls
// it once, when it can receive requests and before it passes any to Handle.
func (w *Worker) Ready() {
	w.emit(ReadyMessage())
}

// ReadyMessage is the "ready" message: the connectors, functions and
// keywords the editor completes. They do not depend on a session's state,
// so the engine can say it is ready before its storage has opened.
func ReadyMessage() protocol.Message {
	return protocol.Message{Type: protocol.TypeReady, Specs: specs.Of(engine.NewSession(engine.Config{}))}
}

// SpecsMessage carries the specs alone: the browser build says "ready"
// without them, as early as it can, and sends them once warmed up (the
// editor needs them only when the user types).
func SpecsMessage() protocol.Message {
	return protocol.Message{Type: protocol.TypeSpecs, Specs: specs.Of(engine.NewSession(engine.Config{}))}
}

// Handle takes one request. It never blocks: execute, reset and catalog
// requests are queued and served one after the other on a goroutine of
// the worker; cancel acts at once, and export is answered on a goroutine
// of its own, so a running query does not delay it. A panic becomes an
// error message.
func (w *Worker) Handle(req protocol.Request) {
	defer func() {
		if p := recover(); p != nil {
			w.emitPanic(req.ID, p)
		}
	}()
	switch req.Type {
	case protocol.TypeCancel:
		if w.cancelRun(req.ID) {
			w.emit(protocol.Message{Type: protocol.TypeCancelling, ID: req.ID})
		}
	case protocol.TypeReset:
		// A reset drops everything, the running query included.
		w.cancelRun(0)
		w.enqueue(req)
	case protocol.TypeExecute, protocol.TypeCatalog:
		if req.Type == protocol.TypeExecute && req.Cell && req.Language != protocol.LanguagePython {
			w.startCell(req)
			return
		}
		w.enqueue(req)
	case protocol.TypeExport:
		go w.exportScript(req)
	case protocol.TypeListFiles, protocol.TypeReadFile, protocol.TypeWriteFile, protocol.TypeDeleteFile:
		go w.files(req)
	case protocol.TypeStopJob:
		go w.stopJob(req.JobID)
	case protocol.TypeTrace:
		w.setTrace(req.ID, req.Trace)
	case protocol.TypeStep:
		w.step(req.ID, req.Step)
	default:
		w.emit(protocol.Message{Type: protocol.TypeError, ID: req.ID, Error: &protocol.Error{
			Class: diag.IllegalArgument, Message: fmt.Sprintf("unknown request type %q", req.Type), Offset: -1,
			Text: "[ERROR] unknown request type " + fmt.Sprintf("%q", req.Type),
		}})
	}
}

// cancelRun cancels the run id (any run when id is 0) and drops queued
// executes of that id.
// setTrace turns the trace of run id on or off: the statement that runs
// now, and those after it.
func (w *Worker) setTrace(id int, on bool) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.traceOn == nil {
		w.traceOn = map[int]bool{}
	}
	w.traceOn[id] = on
	if tl := w.traces[id]; tl != nil {
		tl.SetOn(on)
	}
}

// watchTrace registers the trace log and the stepper of run id's
// statement: the trace on when the page wants it, the stepper paused
// with replay records to let through when the run replays an earlier
// one. The returned func forgets them.
func (w *Worker) watchTrace(id int, tl *stream.TraceLog, on bool, st *engine.Stepper, paused bool, replay int64) func() {
	if tl == nil {
		return func() {}
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.traces == nil {
		w.traces, w.traceOn = map[int]*stream.TraceLog{}, map[int]bool{}
	}
	if w.steppers == nil {
		w.steppers = map[int]*engine.Stepper{}
	}
	if on {
		w.traceOn[id] = true
	}
	w.traces[id] = tl
	tl.SetOn(w.traceOn[id])
	if st != nil {
		w.steppers[id] = st
		if w.pausing[id] {
			paused = true
			delete(w.pausing, id)
		}
		if paused || replay > 0 {
			st.Pause()
		}
		if replay > 0 {
			st.StepN(engine.StepRecord, int(replay))
		}
	}
	return func() {
		w.mu.Lock()
		defer w.mu.Unlock()
		if w.traces[id] == tl {
			delete(w.traces, id)
		}
		if w.steppers[id] == st {
			delete(w.steppers, id)
		}
	}
}

// step pauses, steps or resumes run id's statement.
func (w *Worker) step(id int, step string) {
	w.mu.Lock()
	st := w.steppers[id]
	if st == nil {
		// No query of the run has started yet (its CREATE TABLE runs, or
		// it waits in the queue): a pause waits for the query.
		switch step {
		case protocol.StepPause:
			if w.pausing == nil {
				w.pausing = map[int]bool{}
			}
			w.pausing[id] = true
		case protocol.StepResume:
			delete(w.pausing, id)
		}
	}
	w.mu.Unlock()
	if st == nil {
		return
	}
	switch step {
	case protocol.StepPause:
		st.Pause()
	case protocol.StepResume:
		st.Resume()
	case protocol.StepRecord:
		st.Step(engine.StepRecord)
	case protocol.StepBatch:
		st.Step(engine.StepBatch)
	case protocol.StepWatermark:
		st.Step(engine.StepWatermark)
	case protocol.StepFire:
		st.Step(engine.StepFire)
	}
}

// cancelRun cancels run id (0: every run) and drops it from the queue; it
// reports whether it cancelled a Python program in progress, which Handle
// acknowledges.
func (w *Worker) cancelRun(id int) (python bool) {
	w.mu.Lock()
	defer w.mu.Unlock()
	for pid := range w.pausing {
		if id == 0 || pid == id {
			delete(w.pausing, pid)
		}
	}
	if w.cancel != nil && (id == 0 || id == w.runID) {
		w.cancel()
		python = w.runPy && id == w.runID
	}
	for cid, cancel := range w.cells {
		if id == 0 || id == cid {
			cancel()
		}
	}
	kept := w.queue[:0]
	for _, q := range w.queue {
		if q.Type == protocol.TypeExecute && (id == 0 || q.ID == id) {
			continue
		}
		kept = append(kept, q)
	}
	w.queue = kept
	return python
}

func (w *Worker) enqueue(req protocol.Request) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.queue = append(w.queue, req)
	if !w.looping {
		w.looping = true
		go w.loop()
	}
}

// startCell runs a cell's execute on a goroutine of its own, beside the
// queue's runs and the other cells', in the same session.
func (w *Worker) startCell(req protocol.Request) {
	ctx, cancel := context.WithCancel(context.Background())
	w.mu.Lock()
	if old := w.cells[req.ID]; old != nil {
		old()
	}
	w.cells[req.ID] = cancel
	w.mu.Unlock()
	go func() {
		defer func() {
			w.mu.Lock()
			delete(w.cells, req.ID)
			w.mu.Unlock()
			cancel()
		}()
		w.serve(ctx, req)
	}()
}

// loop serves queued requests until the queue is empty.
func (w *Worker) loop() {
	for {
		w.mu.Lock()
		if len(w.queue) == 0 {
			w.looping = false
			w.mu.Unlock()
			return
		}
		req := w.queue[0]
		w.queue = w.queue[1:]
		var ctx context.Context
		if req.Type == protocol.TypeExecute {
			var cancel context.CancelFunc
			ctx, cancel = context.WithCancel(context.Background())
			w.runID, w.cancel, w.runPy = req.ID, cancel, req.Language == protocol.LanguagePython
		}
		w.mu.Unlock()
		w.serve(ctx, req)
		w.mu.Lock()
		if w.cancel != nil {
			w.cancel()
		}
		w.runID, w.cancel, w.runPy = 0, nil, false
		w.mu.Unlock()
	}
}

// serve answers one queued request; a panic ends the request, not the
// worker. A run always ends with RunDone and the catalog, even a failed
// one: it may have changed the catalog before it failed.
func (w *Worker) serve(ctx context.Context, req protocol.Request) {
	defer func() {
		if p := recover(); p != nil {
			w.emitPanic(req.ID, p)
		}
	}()
	switch req.Type {
	case protocol.TypeExecute:
		w.guard(req.ID, func() { w.execute(ctx, req) })
		w.emit(protocol.Message{Type: protocol.TypeRunDone, ID: req.ID})
		w.emitCatalog()
	case protocol.TypeReset:
		if req.Config != nil {
			w.setZone(req.Config.Zone)
		}
		w.dropJobs()
		w.sessMu.Lock()
		w.newSession()
		w.sessMu.Unlock()
		w.emitCatalog()
	case protocol.TypeCatalog:
		w.emitCatalog()
	}
}

// guard runs f and turns a panic into an error message.
func (w *Worker) guard(id int, f func()) {
	defer func() {
		if p := recover(); p != nil {
			w.emitPanic(id, p)
		}
	}()
	f()
}

func (w *Worker) newSession() {
	cfg := engine.Config{
		Clock:    yieldingClock{Clock: w.o.Clock, w: w},
		Zone:     w.zone,
		LoadZone: w.o.LoadZone,
		Seed:     w.o.Seed,
		Stdout:   w.out,
		Stderr:   w.out,
		FS:       w.o.FS,
	}
	if w.store != nil {
		cfg.CatalogStore = w.store
	}
	w.sess = engine.NewSession(cfg)
}

// storeWrites counts the catalog store's writes so far.
func (w *Worker) storeWrites() int {
	if w.store == nil {
		return 0
	}
	return w.store.count()
}

// setZone records the page's time zone; it becomes the default of
// 'table.local-time-zone' for the next session (a session's default
// cannot change under the user's feet). Unknown zones are ignored.
func (w *Worker) setZone(id string) {
	if id == "" {
		return
	}
	load := w.o.LoadZone
	if load == nil || id == "UTC" {
		load = time.LoadLocation
	}
	if loc, err := load(id); err == nil {
		w.zone = loc
	}
}

func (w *Worker) emit(m protocol.Message) {
	w.emitMu.Lock()
	defer w.emitMu.Unlock()
	w.o.Emit(m)
}

func (w *Worker) emitCatalog() {
	w.sessMu.Lock()
	defer w.sessMu.Unlock()
	snap := Snapshot(w.sess)
	if ws := append(append([]string(nil), w.o.Warnings...), w.sess.Warnings()...); len(ws) > 0 {
		snap.Warnings = ws
	}
	w.emit(protocol.Message{Type: protocol.TypeCatalogIs, Catalog: &snap})
}

func (w *Worker) emitPanic(id int, p any) {
	msg := fmt.Sprintf("internal error: %v\n%s", p, debug.Stack())
	w.emit(protocol.Message{Type: protocol.TypeError, ID: id, Error: &protocol.Error{
		Class: diag.RuntimeException, Message: msg, Offset: -1,
		Text: "[ERROR] Could not execute SQL statement. Reason:\n" + diag.RuntimeException + ": " + msg,
	}})
}

// maybeYield calls Yield when YieldInterval passed since the last call.
func (w *Worker) maybeYield() {
	now := w.o.Now()
	if now.Sub(time.Unix(0, w.lastYield.Load())) >= w.o.YieldInterval {
		w.o.Yield()
		w.lastYield.Store(w.o.Now().UnixNano())
	}
}

// wallClock is the real clock; its Sleep wakes early when ctx is done.
type wallClock struct{}

func (wallClock) Now() time.Time { return time.Now() }

func (wallClock) Sleep(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// yieldingClock yields to the host whenever a query asks for the time:
// sources read the clock once per batch, so even a query that filters out
// every row (and so never returns to the worker's loop) lets the host
// deliver a cancel.
type yieldingClock struct {
	stream.Clock
	w *Worker
}

func (c yieldingClock) Now() time.Time {
	c.w.maybeYield()
	return c.Clock.Now()
}
