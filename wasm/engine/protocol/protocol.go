// Package protocol is the message protocol between the playground page
// (wasm/app, web/) and the engine running in a Web Worker (wasm/engine).
// Both sides are Go; messages cross postMessage as JSON text. The page never
// imports the engine: this package is all it knows of it.
//
// A run: the page sends Execute{ID, Script, Start, End}; the worker answers,
// per statement in that range, Statement, then either Result (a finished,
// static result: DDL, SHOW, DESCRIBE, SET) or Schema, zero or more Rows and
// Progress, and Done; or Error. After the last statement it sends RunDone.
// CatalogIs carries no run id and may come at any time: after every
// statement that succeeded without rows (DDL, USE, SET), and after every run.
// Cancel{ID} stops the run within 100 ms: the current query ends with Done
// (Cancelled set) and no further statement starts; a run that has not
// started is dropped without a message.
// The page may send requests before Ready: the worker queues them and
// serves them in order once it is ready (an execute request waiting then
// makes the browser build skip its warm-up, and send Specs later).
// A Python program (Execute with Language "python") runs whole, in the
// Python build of the worker (python.wasm): its standard output and error
// come as Console messages, and each query it prints (TableResult.print())
// as Statement, Schema, Rows, Progress and Done, with Glued set, so that
// the transcript is what `flink run -py` prints; a Python exception is an
// Error whose Text is Python's traceback.
// The Files panel's requests (ListFiles, ReadFile, WriteFile, DeleteFile)
// are answered at once, even while a query runs, by Files (the directory
// listing, after a write or delete the parent's) or FileData, each with
// Error set when the request failed.
package protocol

import "strings"

// Message types, the "type" field of every message.
const (
	// page -> worker
	TypeExecute = "execute"
	TypeCancel  = "cancel"
	TypeReset   = "reset"   // drop the session: a fresh catalog and settings
	TypeCatalog = "catalog" // ask for a Catalog message
	TypeExport  = "export"  // turn Script into a program for real Flink (Format)
	// The virtual file system (the Files panel): answered at once, even
	// while a query runs, by Files or FileData (with Error on failure).
	TypeListFiles  = "listFiles"  // Path: a directory
	TypeReadFile   = "readFile"   // Path; Limit bytes (0: all)
	TypeWriteFile  = "writeFile"  // Path, Data; parents are created
	TypeDeleteFile = "deleteFile" // Path: a file or an empty directory
	// Jobs: STOP JOB for the Jobs panel's Stop button (JobID); answered
	// by Jobs.
	TypeStopJob = "stopJob"
	// TypeTrace turns the trace of run ID on or off (Request.Trace): while
	// on, its progress messages carry what its operators did (Trace).
	TypeTrace = "trace"
	// TypeStep pauses run ID, steps it or resumes it (Request.Step).
	TypeStep = "step"
	// worker -> page
	TypeReady     = "ready" // the worker started; carries Specs (the browser build sends them in "specs" after it)
	TypeSpecs     = "specs" // the connectors, functions and keywords the editor completes
	TypeStatement = "statement"
	TypeResult    = "result"
	TypeSchema    = "schema"
	TypeRows      = "rows"
	TypeProgress  = "progress"
	TypeDone      = "done"
	TypeError     = "error"
	TypeRunDone   = "runDone"
	// TypeCancelling says a cancel reached the worker while it runs the
	// Python program ID: the worker is not stuck in plain Python, and the
	// program ends soon (the page then waits for its runDone rather than
	// terminating the worker).
	TypeCancelling = "cancelling"
	TypeCatalogIs  = "catalogIs"
	TypeOutput     = "output"   // lines the print connector wrote
	TypeExported   = "exported" // the answer to Export: Text, or Error
	TypeFiles      = "files"    // a directory listing: Path, Files (or Error)
	TypeFileData   = "fileData" // a file's content: Path, Data, Size, Truncated (or Error)
	TypeJobs       = "jobs"     // the session's INSERT jobs (Jobs), when one starts, ends or progresses
	TypeConsole    = "console"  // a Python program's output lines (Text), in order with its statements
)

// Languages of an Execute request.
const (
	LanguageSQL    = ""       // a Flink SQL script
	LanguagePython = "python" // a PyFlink program, run whole
)

// ExecutePrefix starts every execute request as json.Marshal writes it
// (Type is the first field), so that the engine can tell a run is waiting
// without decoding the request.
const ExecutePrefix = `{"type":"` + TypeExecute + `"`

// Request is a message from the page to the worker.
type Request struct {
	Type string `json:"type"`
	ID   int    `json:"id,omitempty"` // the run: execute names it, cancel stops it
	// Script is the whole editor text; Start and End (byte offsets) select
	// what runs: one statement, a selection, or everything. Positions in
	// errors are line:col in Script, so the editor can underline them.
	Script string  `json:"script,omitempty"`
	Start  int     `json:"start,omitempty"`
	End    int     `json:"end,omitempty"`
	Config *Config `json:"config,omitempty"`
	// Language of an Execute: LanguageSQL or LanguagePython; Filename
	// names a Python program in its tracebacks ("my_job.py").
	Language string `json:"language,omitempty"`
	// Cell: an Execute of one cell of a notebook, which runs beside the
	// session's other runs instead of after them (two cells stream at the
	// same time, each stopped by its own Cancel), in the same session.
	Cell     bool   `json:"cell,omitempty"`
	Filename string `json:"filename,omitempty"`
	// Format of an Export: ExportPyFlink or ExportSQL.
	Format string `json:"format,omitempty"`
	// Path, Data and Limit of the file requests; Data is text (UTF-8).
	Path  string `json:"path,omitempty"`
	Data  string `json:"data,omitempty"`
	Limit int    `json:"limit,omitempty"`
	// JobID of StopJob.
	JobID string `json:"jobId,omitempty"`
	// Trace, on an Execute or a Trace request: record what the run's
	// operators do (event times, watermarks, windows, late records, and
	// why each change happened) for the page's timeline and "why" panel.
	Trace bool `json:"trace,omitempty"`
	// Step, on a Step request: StepPause, StepResume, or a step
	// (StepRecord, StepBatch, StepWatermark, StepFire); on an Execute,
	// StepPause starts it paused. Replay, on an Execute: start paused and
	// let that many records through, to reach a point of an earlier run of
	// the same script ("rewind").
	Step   string `json:"step,omitempty"`
	Replay int64  `json:"replay,omitempty"`
}

// Steps of a Step request.
const (
	StepPause     = "pause"
	StepResume    = "resume"
	StepRecord    = "record"    // one record of a source
	StepBatch     = "batch"     // one read of a source
	StepWatermark = "watermark" // up to the next watermark
	StepFire      = "fire"      // up to the next window firing
)

// Export formats.
const (
	ExportPyFlink = "pyflink" // a PyFlink program (python3)
	ExportSQL     = "sql"     // a script for sql-client.sh -f
)

// Config tunes a run.
type Config struct {
	// MaxRows stops a query after this many changes (0: no limit); the
	// page's buffer has its own bound.
	MaxRows int64 `json:"maxRows,omitempty"`
	// Zone is the browser's IANA time zone, the default of 'table.local-time-zone'.
	Zone string `json:"zone,omitempty"`
	// Seed, when set, is the session's default 'playground.datagen.seed'
	// (an embed's seed parameter): the same script shows the same rows.
	Seed *int64 `json:"seed,omitempty"`
	// StartTime, when set, is the session's default 'playground.start-time'
	// ('2024-01-01 00:00:00', in 'table.local-time-zone'): queries see a clock
	// that starts there and advances only as sources pace themselves.
	StartTime string `json:"startTime,omitempty"`
}

// Message is a message from the worker to the page. Which fields are set
// depends on Type.
type Message struct {
	Type string `json:"type"`
	ID   int    `json:"id,omitempty"`
	Stmt int    `json:"stmt,omitempty"` // index of the statement within the run

	// Statement: where the statement is in the script.
	Start int    `json:"start,omitempty"`
	End   int    `json:"end,omitempty"`
	SQL   string `json:"sql,omitempty"`
	// Glued: the statement's transcript (and a Console's text) follows
	// the previous one's without the blank line between statements, as
	// a program's output does.
	Glued bool `json:"glued,omitempty"`

	// Result: a finished result as Flink's SQL client prints it
	// ("[INFO] Execute statement succeeded.", a SHOW table and its footer).
	Text string `json:"text,omitempty"`

	// Schema: the columns of a query result.
	Columns   []Column `json:"columns,omitempty"`
	Streaming bool     `json:"streaming,omitempty"` // the op column is printed
	Bounded   bool     `json:"bounded,omitempty"`
	Insert    bool     `json:"insert,omitempty"` // an INSERT job, not a query
	// TableauHead is the border, header and border lines of a streaming
	// query's tableau output (type-inferred widths).
	TableauHead string `json:"tableauHead,omitempty"`
	// HeadLazy: the head shows only once a row came; an empty result
	// prints no table (TableResult.print()'s "Empty set").
	HeadLazy bool `json:"headLazy,omitempty"`

	// Rows: a batch of changes.
	Rows []Row `json:"rows,omitempty"`

	// Progress and Done.
	Received   int64   `json:"received,omitempty"`   // changes received so far
	RowsPerSec float64 `json:"rowsPerSec,omitempty"` // over the last second
	ElapsedMs  int64   `json:"elapsedMs,omitempty"`
	Watermark  string  `json:"watermark,omitempty"` // current watermark, when there is one
	// Sources is what each scan has read, in plan order: a batch
	// aggregation shows no row before its input ends, and a paced source
	// is why a query is slow.
	Sources []SourceProgress `json:"sources,omitempty"`
	// Graph is the query's or job's operator graph, each node with what
	// its operator has done: the nodes of its physical plan, inputs
	// before the nodes they feed.
	Graph []GraphNode `json:"graph,omitempty"`
	// Trace is what the operators did since the last progress message,
	// while the run's trace is on (Request.Trace), in order;
	// TraceDropped counts the events that came faster than a progress
	// message could carry them (the oldest go).
	Trace        []TraceEvent `json:"trace,omitempty"`
	TraceDropped int64        `json:"traceDropped,omitempty"`
	// Paused: the run waits for a step (TypeStep); Stepped counts the
	// records its sources have handed on (sent while it is paused).
	Paused  bool  `json:"paused,omitempty"`
	Stepped int64 `json:"stepped,omitempty"`
	// Memory is all the memory the engine holds, in bytes: its
	// WebAssembly memory, which grows and never shrinks, so a long query's
	// stays flat when what it keeps does. engine-worker.js adds it to each
	// progress message the engine posts (reading it from Go would cost
	// engine.wasm 14 KB of brotli, ReadMemStats 16 KB); 0 elsewhere.
	Memory int64 `json:"memory,omitempty"`
	// Done: the footer Flink prints ("Received a total of 3 rows", "3 rows in
	// set", "Query terminated, received a total of 5 rows"), and for batch
	// queries the whole tableau text (content-inferred widths need all rows).
	Footer    string `json:"footer,omitempty"`
	Tableau   string `json:"tableau,omitempty"`
	Cancelled bool   `json:"cancelled,omitempty"`
	// Submitted: Done of an INSERT submitted as a job that runs on in the
	// background (table.dml-sync false); the run did not wait for it.
	Submitted bool `json:"submitted,omitempty"`

	// Error.
	Error *Error `json:"error,omitempty"`

	// Ready: what the editor completes from.
	Specs *Specs `json:"specs,omitempty"`
	// CatalogIs: the session's catalogs.
	Catalog *Catalog `json:"catalog,omitempty"`
	// Output: print connector lines.
	Lines []string `json:"lines,omitempty"`

	// Result: the statement's change is kept by the catalog store (a
	// playground catalog), so the page must not replay it in a new session.
	Persisted bool `json:"persisted,omitempty"`
	// Done of a CREATE TABLE ... AS SELECT: the CREATE TABLE of the table
	// it made, which a new session replays instead of the statement (whose
	// query would run again).
	Created string `json:"created,omitempty"`

	// Files and FileData: the directory or file, and for Files the
	// directory's entries.
	Path  string     `json:"path,omitempty"`
	Files []FileInfo `json:"files,omitempty"`
	// FileData: the content read (text), the file's whole size, and
	// whether Data stops at the request's Limit.
	Data      string `json:"data,omitempty"`
	Size      int64  `json:"size,omitempty"`
	Truncated bool   `json:"truncated,omitempty"`
	// Jobs: every job of the session, oldest first.
	Jobs []Job `json:"jobs,omitempty"`
	// Boot times the engine's start on a ready message: epoch milliseconds
	// of the worker script's start, engine.wasm's response, its compilation
	// and Go's main (for make bench-browser).
	Boot map[string]float64 `json:"boot,omitempty"`
}

// SourceProgress is one scan's progress.
type SourceProgress struct {
	Table      string  `json:"table"`
	Rows       int64   `json:"rows"`
	RowsPerSec float64 `json:"rowsPerSec,omitempty"` // over the last second
	// PaceKey and PaceRate name the option that paces the source
	// ('rows-per-second') and its value; Throttled is set when that pace
	// held the source back in the last second.
	PaceKey   string `json:"paceKey,omitempty"`
	PaceRate  int64  `json:"paceRate,omitempty"`
	Throttled bool   `json:"throttled,omitempty"`
}

// GraphNode is one operator of a running query's or job's graph.
type GraphNode struct {
	ID int `json:"id"`
	// Kind is the node's name in Flink's plan ("GroupAggregate",
	// "Exchange"), Text its line in EXPLAIN's Optimized Physical Plan.
	Kind   string `json:"kind"`
	Text   string `json:"text"`
	Inputs []int  `json:"inputs,omitempty"`
	// Table is a scan's table.
	Table string `json:"table,omitempty"`
	// Fields name the columns of the node's rows, InFields those of its
	// inputs' (for the nodes whose changes a trace explains).
	Fields   []string   `json:"fields,omitempty"`
	InFields [][]string `json:"inFields,omitempty"`
	// In and Out are the records taken and sent on so far, InPerSec and
	// OutPerSec their rates over the last second.
	In        int64   `json:"in"`
	Out       int64   `json:"out"`
	InPerSec  float64 `json:"inPerSec,omitempty"`
	OutPerSec float64 `json:"outPerSec,omitempty"`
	// Busy is the share of the last second spent inside the operator
	// (0 to 1).
	Busy float64 `json:"busy,omitempty"`
	// Watermark is the last watermark the node sent on ("" before the
	// first; "end" once its input has ended).
	Watermark string `json:"watermark,omitempty"`
	// Stateful is set for an operator that keeps state: StateRows rows
	// for StateKeys keys (-1: not counted), about StateBytes bytes.
	Stateful   bool  `json:"stateful,omitempty"`
	StateRows  int64 `json:"stateRows,omitempty"`
	StateKeys  int64 `json:"stateKeys,omitempty"`
	StateBytes int64 `json:"stateBytes,omitempty"`
}

// TraceEvent is one thing an operator did (engine/stream.TraceEvent).
// Times are milliseconds of event time (a TIMESTAMP's wall clock read as
// UTC); a watermark of MaxWatermark is the end of input.
type TraceEvent struct {
	Seq  int64 `json:"seq"`
	Node int   `json:"node"`
	// Kind: TraceArrive, TraceWatermark, TraceOpen, TraceFire, TraceDrop
	// or TraceChange.
	Kind      string `json:"kind"`
	Time      int64  `json:"time,omitempty"`
	Watermark int64  `json:"wm,omitempty"`
	// HasWatermark: Watermark holds one (a record that arrives before the
	// first has none).
	HasWatermark bool  `json:"hasWm,omitempty"`
	Late         bool  `json:"late,omitempty"`
	Start        int64 `json:"start,omitempty"`
	End          int64 `json:"end,omitempty"`
	Count        int64 `json:"count,omitempty"`
	// Input is the record a change came of (nil: the watermark), of
	// input Side; Rows what the operator sent on.
	Input   *TraceRow  `json:"input,omitempty"`
	Side    int        `json:"side,omitempty"`
	Rows    []TraceRow `json:"rows,omitempty"`
	OutFrom int64      `json:"outFrom,omitempty"`
}

// TraceRow is a row of a trace: its kind ("+I") and values, printed as
// Flink prints them (no cells: a row of internal columns).
type TraceRow struct {
	Op    string   `json:"op"`
	Cells []string `json:"cells,omitempty"`
}

// String prints the row as Flink prints a change: +I[17, pear].
func (r TraceRow) String() string {
	if r.Cells == nil {
		return r.Op + "[…]"
	}
	return r.Op + "[" + strings.Join(r.Cells, ", ") + "]"
}

// Trace event kinds.
const (
	TraceArrive    = "arrive"    // a record reached a watermark assigner at Time
	TraceWatermark = "watermark" // the assigner's watermark advanced
	TraceOpen      = "open"      // window [Start, End) got its first record
	TraceFire      = "fire"      // window [Start, End) fired, Count rows
	TraceDrop      = "drop"      // Count late records of window [Start, End) dropped
	TraceChange    = "change"    // an operator's Rows, because of Input or the watermark; output changes OutFrom..+Count
)

// MaxWatermark is the watermark at the end of input (Flink's
// Long.MAX_VALUE).
const MaxWatermark int64 = 1<<63 - 1

// Job is one INSERT job, as SHOW JOBS lists it, with its progress.
type Job struct {
	ID        string `json:"id"`
	Name      string `json:"name"`
	Statement string `json:"statement"`
	Status    string `json:"status"`            // RUNNING, FINISHED, FAILED, CANCELED
	StartMs   int64  `json:"startMs"`           // Unix milliseconds
	EndMs     int64  `json:"endMs,omitempty"`   // 0 while it runs
	RowsIn    int64  `json:"rowsIn"`            // rows its sources read
	RowsOut   int64  `json:"rowsOut"`           // rows it wrote
	Error     string `json:"error,omitempty"`   // a FAILED job's error as the SQL client prints it
	Running   bool   `json:"running,omitempty"` // Status is RUNNING
}

// FileInfo is one entry of a directory listing.
type FileInfo struct {
	Name    string `json:"name"`
	Path    string `json:"path"`
	Dir     bool   `json:"dir,omitempty"`
	Size    int64  `json:"size"`
	ModTime int64  `json:"modTime,omitempty"` // Unix milliseconds
}

// Column is one result column.
type Column struct {
	Name string `json:"name"`
	Type string `json:"type"` // Flink's type string: INT, STRING, TIMESTAMP(3) *ROWTIME*
}

// Row is one change: its kind and its cells as Flink prints them.
type Row struct {
	Op    string   `json:"op"`              // +I, -U, +U, -D
	Cells []string `json:"cells"`           // NULL is "<NULL>"
	Line  string   `json:"line,omitempty"`  // the tableau line, for streaming queries
	Nulls []bool   `json:"nulls,omitempty"` // which cells are NULL, when any is
}

// Error is a positioned error in Flink's words.
type Error struct {
	Class   string `json:"class,omitempty"` // Java exception class
	Message string `json:"message"`
	Line    int    `json:"line,omitempty"` // 1-based, in Request.Script; 0 when unknown
	Col     int    `json:"col,omitempty"`
	// Offset is the byte offset in Request.Script, -1 when unknown.
	Offset int `json:"offset"`
	// Text is the whole error as the SQL client prints it:
	// "[ERROR] Could not execute SQL statement. Reason:\n<class>: <message>".
	// In Message and Text, the positions Flink counts from the start of the
	// statement ("at line 1, column 15") are the script's (the editor's).
	Text string `json:"text"`
	// Where says where in the data the problem is ("file /uploads/x.csv,
	// line 3, column 2 (qty INT)"), "" when Flink's message is all.
	Where string `json:"where,omitempty"`
	// Note says why the playground cannot do what a cluster would ("runs
	// no JVM code"), "" when Flink's message is all.
	Note string `json:"note,omitempty"`
	// Table and Keys: the table whose WITH options the error is about and
	// the keys it names (the page underlines them in its CREATE TABLE).
	Table string   `json:"table,omitempty"`
	Keys  []string `json:"keys,omitempty"`
}

// Specs is what the engine can do, for autocompletion and docs.
type Specs struct {
	Connectors []Connector `json:"connectors"`
	Functions  []string    `json:"functions"`
	Keywords   []string    `json:"keywords"`
}

// Connector describes one connector and its options.
type Connector struct {
	Name        string   `json:"name"`
	Description string   `json:"description,omitempty"`
	Source      bool     `json:"source,omitempty"`
	Sink        bool     `json:"sink,omitempty"`
	Storage     string   `json:"storage,omitempty"`
	Options     []Option `json:"options"`
}

// Option is one connector option; per-field keys spell the column as '#'.
type Option struct {
	Key         string `json:"key"`
	Type        string `json:"type"`
	Default     string `json:"default,omitempty"`
	Required    bool   `json:"required,omitempty"`
	Description string `json:"description,omitempty"`
}

// Catalog is a snapshot of the session's catalogs.
type Catalog struct {
	CurrentCatalog  string        `json:"currentCatalog"`
	CurrentDatabase string        `json:"currentDatabase"`
	Catalogs        []CatalogInfo `json:"catalogs"`
	// Warnings are stored definitions or files that could not be read
	// back: each was skipped and left in storage.
	Warnings []string `json:"warnings,omitempty"`
}

// CatalogInfo is one catalog.
type CatalogInfo struct {
	Name      string         `json:"name"`
	Type      string         `json:"type"`    // generic_in_memory
	Storage   string         `json:"storage"` // where its metadata lives: "this tab's memory"
	Databases []DatabaseInfo `json:"databases"`
}

// DatabaseInfo is one database.
type DatabaseInfo struct {
	Name    string      `json:"name"`
	Objects []TableInfo `json:"objects"`
}

// TableInfo is one table or view and where it lives.
type TableInfo struct {
	Name      string       `json:"name"`
	View      bool         `json:"view,omitempty"`
	Temporary bool         `json:"temporary,omitempty"`
	Columns   []ColumnInfo `json:"columns"`
	Connector string       `json:"connector,omitempty"`
	// Definition says where the table's definition lives: "this tab's
	// memory", "this browser's storage (IndexedDB)", "the file ...".
	Definition string `json:"definition,omitempty"`
	// Data says where the rows live ("generated on the fly; nothing is
	// stored" for datagen, "a sink: rows are printed" for print).
	Data string `json:"data,omitempty"`
	// Bounded is "bounded", "unbounded" or "" (views, sinks).
	Bounded string            `json:"bounded,omitempty"`
	Options map[string]string `json:"options,omitempty"`
}

// ColumnInfo is one column of the catalog panel.
type ColumnInfo struct {
	Name   string `json:"name"`
	Type   string `json:"type"`
	Extras string `json:"extras,omitempty"` // AS expr, METADATA ...
}
