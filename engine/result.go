package engine

import (
	"context"
	"time"

	"github.com/flinkplay/flinkplay/engine/ddl"
	"github.com/flinkplay/flinkplay/engine/runtime"
	"github.com/flinkplay/flinkplay/engine/stream"
	"github.com/flinkplay/flinkplay/engine/types"
)

// ResultKind tells how a statement's result is shown.
type ResultKind uint8

// Result kinds.
const (
	// ResultSuccess is a statement with nothing to show: DDL, SET, USE, ...
	// The SQL client prints "[INFO] Execute statement succeeded."; TableResult.print() prints "OK".
	ResultSuccess ResultKind = iota
	// ResultTable is a static table: SHOW, DESCRIBE, SHOW CREATE, a SET listing.
	// Printed with content-inferred widths and NULL as an empty cell.
	ResultTable
	// ResultQuery is a running query: a stream of changes.
	ResultQuery
	// ResultInsert is an INSERT (or statement set) job; it runs as it is drained.
	ResultInsert
	// ResultInfo is an informational message of the SQL client (e.g. BEGIN STATEMENT SET).
	ResultInfo
	// ResultText is a client command's text (HELP), in Info, printed as it is.
	ResultText
)

// Result is the outcome of one statement, as Flink's TableResult.
type Result struct {
	Kind   ResultKind
	Schema types.Schema

	// Rows holds the rows of a ResultTable (values own their memory).
	Rows [][]types.Value

	// Info is the message of a ResultInfo, e.g. "Begin a statement set.".
	Info string

	// Streaming is set when the statement ran in streaming mode (the op
	// column is printed); Bounded when the result is known to end.
	Streaming bool
	Bounded   bool

	// Job is the job of an INSERT or statement set: drain the Result to
	// run it in the foreground (table.dml-sync), or Job.Run it.
	Job *Job

	// Created is, for CREATE TABLE ... AS SELECT, the CREATE TABLE
	// statement of the table it made (SHOW CREATE TABLE's text): what
	// recreates the table in a new session without running its query.
	Created string

	meters    []*runtime.SourceMeter
	graph     *runtime.Graph
	trace     *stream.TraceLog
	stepper   *runtime.Stepper
	next      func(ctx context.Context) (*stream.Batch, error)
	close     func() error
	watermark func() int64
}

// Watermark returns the watermark of a query's output so far, in
// milliseconds (for a TIMESTAMP rowtime, its wall clock read as UTC):
// stream.NoWatermark before the first one and for results without event
// time, stream.MaxWatermark once the input has ended. Call it from the
// goroutine that calls Next.
func (r *Result) Watermark() int64 {
	if r.watermark == nil {
		return stream.NoWatermark
	}
	return r.watermark()
}

// SourceProgress is what one scan of a running query or job has read.
type SourceProgress = runtime.SourceProgress

// Sources reports what each scan of a query or job has read so far, in
// plan order. Unlike Next, it may be called from any goroutine.
func (r *Result) Sources(now time.Time) []SourceProgress {
	if len(r.meters) == 0 {
		return nil
	}
	out := make([]SourceProgress, len(r.meters))
	for i, m := range r.meters {
		out[i] = m.Snapshot(now)
	}
	return out
}

// NodeStats is one operator of a running query's or job's graph.
type NodeStats = runtime.NodeStats

// Graph reports the operator graph of a query or job, with what each
// operator has done so far: the nodes of its physical plan, as EXPLAIN
// names them, inputs before the nodes they feed. Unlike Next, it may be
// called from any goroutine. It is nil for results that run no job.
func (r *Result) Graph() []NodeStats {
	if r.graph == nil {
		return nil
	}
	return r.graph.Snapshot()
}

// Trace returns the trace of a query's or job's operators (nil for
// results that run no job): turned on, it records the records' event
// times, the watermarks, windows and late records, and the causes of
// aggregations' changes, for any goroutine to take.
func (r *Result) Trace() *stream.TraceLog { return r.trace }

// Stepper pauses a query or job and lets it go on by steps.
type Stepper = runtime.Stepper

// The steps of a Stepper.
const (
	StepRecord    = runtime.StepRecord
	StepBatch     = runtime.StepBatch
	StepWatermark = runtime.StepWatermark
	StepFire      = runtime.StepFire
)

// Stepper returns what pauses a query or job and lets it go on by steps
// (nil for results that run no job). Any goroutine may call it.
func (r *Result) Stepper() *Stepper { return r.stepper }

// Next returns the next batch of changes of a ResultQuery or ResultInsert.
// It returns stream.ErrEndOfInput when the result is complete. The batch is
// valid until the next call. An INSERT's batch holds the rows its sink
// took; for a sink that takes columns (stream.ColumnarSink) it is columnar,
// and Materialize reads it as rows.
func (r *Result) Next(ctx context.Context) (*stream.Batch, error) {
	if r.next == nil {
		return nil, stream.ErrEndOfInput
	}
	return r.next(ctx)
}

// Close stops a running query and releases its resources. It is safe to
// call more than once.
func (r *Result) Close() error {
	if r.close == nil {
		return nil
	}
	c := r.close
	r.close = nil
	return c()
}

// tableResult builds a static table result.
func tableResult(cols []types.Column, rows [][]types.Value) *Result {
	return &Result{Kind: ResultTable, Schema: types.Schema{Columns: cols}, Rows: rows}
}

// catalogResult is the Result of a DDL statement's outcome.
func catalogResult(r *ddl.Result) *Result {
	switch {
	case r == nil:
		return nil
	case r.Table:
		return &Result{Kind: ResultTable, Schema: r.Schema, Rows: r.Rows}
	}
	return &Result{Kind: ResultSuccess}
}
