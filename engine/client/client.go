// Package client prints statement results the way Flink prints them: the SQL
// client in tableau result mode, and TableResult.print() as Java and PyFlink
// programs call it. The CLI, the test runners and the browser share it, so
// every front end shows the same bytes Flink would.
//
// The two flavours differ in small ways that users notice (REFERENCE.md
// §2.1): the SQL client prints "[INFO] Execute statement succeeded." where
// print() prints "OK", it prints a streaming query's header at once where
// print() waits for the first row, and it ends a streaming query with
// "Received a total of N rows" where print() says "N rows in set".
package client

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"strconv"
	"sync"
	"time"

	"github.com/flinkplay/flinkplay/engine"
	"github.com/flinkplay/flinkplay/engine/diag"
	"github.com/flinkplay/flinkplay/engine/format"
	"github.com/flinkplay/flinkplay/engine/stream"
	"github.com/flinkplay/flinkplay/engine/types"
)

// Style is the flavour of output.
type Style uint8

// Output flavours.
const (
	// SQLClient is Flink's SQL client in tableau result mode.
	SQLClient Style = iota
	// TableResult is TableResult.print() of the Table API and PyFlink.
	TableResult
)

// DefaultMaxColumnWidth is the default of 'table.display.max-column-width'.
const DefaultMaxColumnWidth = 30

// Options control how results are printed. The zero value prints like the
// SQL client with Flink's defaults, except PrintTimeCost (see Defaults).
type Options struct {
	Style Style

	// MaxColumnWidth is 'table.display.max-column-width'; 0 means 30.
	MaxColumnWidth int

	// PrintTimeCost is 'sql-client.display.print-time-cost' (Flink's
	// default is true): footers of queries get " (0.12 seconds)".
	PrintTimeCost bool

	// DMLSync is 'table.dml-sync'. When set, an INSERT prints "[INFO]
	// Complete execution of the SQL update statement." after it finished;
	// otherwise the SQL client prints the submission messages and a job id
	// first, as Flink does when the job runs detached.
	DMLSync bool

	// MaxRows stops a query after that many rows as if it was cancelled,
	// for scripts over unbounded sources; 0 means no limit.
	MaxRows int

	// Zone is 'table.local-time-zone', used for TIMESTAMP_LTZ values; nil means UTC.
	Zone *time.Location

	// Start is when the statement was submitted, the start of the time
	// cost; zero means when Print was called.
	Start time.Time
	// Now tells the time for the time cost; nil means time.Now.
	Now func() time.Time
	// JobID returns the id printed for a detached INSERT; nil means the
	// engine job's id (a random 32-digit hex id like Flink's).
	JobID func() string

	// Detach, when set, takes an INSERT's job after the SQL client's
	// submission lines instead of running it to its end, as the SQL
	// client goes on while the job runs (table.dml-sync false). The CLI
	// and the page run the job in the background; without Detach the job
	// runs before Print returns, as the test runners want it.
	Detach func(*engine.Job)
}

// Defaults returns Flink's defaults for the given flavour.
func Defaults(style Style) Options {
	return Options{Style: style, MaxColumnWidth: DefaultMaxColumnWidth, PrintTimeCost: style == SQLClient}
}

// Session configuration keys the printer reads.
const (
	KeyMaxColumnWidth = "table.display.max-column-width"
	KeyPrintTimeCost  = "sql-client.display.print-time-cost"
	KeyDMLSync        = "table.dml-sync"
	KeyLocalTimeZone  = "table.local-time-zone"
)

// WithSettings returns o updated from a session's configuration, read with
// get: the SQL client reads its display options before every statement,
// so a SET in a script affects the statements after it. Keys that are
// unset or hold malformed values leave o unchanged.
func (o Options) WithSettings(get func(key string) (string, bool)) Options {
	if get == nil {
		return o
	}
	if v, ok := get(KeyMaxColumnWidth); ok {
		if n, err := strconv.Atoi(v); err == nil && n > 0 {
			o.MaxColumnWidth = n
		}
	}
	if v, ok := get(KeyPrintTimeCost); ok {
		if b, ok := parseBool(v); ok {
			o.PrintTimeCost = b
		}
	}
	if v, ok := get(KeyDMLSync); ok {
		if b, ok := parseBool(v); ok {
			o.DMLSync = b
		}
	}
	if v, ok := get(KeyLocalTimeZone); ok && v != "default" {
		if loc, err := loadZone(v); err == nil {
			o.Zone = loc
		}
	}
	return o
}

// parseBool accepts what Flink's configuration accepts for booleans.
func parseBool(s string) (bool, bool) {
	switch {
	case equalFold(s, "true"):
		return true, true
	case equalFold(s, "false"):
		return false, true
	}
	return false, false
}

func equalFold(a, b string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := 0; i < len(a); i++ {
		x, y := a[i]|0x20, b[i]|0x20
		if x != y {
			return false
		}
	}
	return true
}

// loadZone resolves a zone id as 'table.local-time-zone' holds it.
func loadZone(id string) (*time.Location, error) {
	switch id {
	case "UTC", "Z", "GMT":
		return time.UTC, nil
	}
	return time.LoadLocation(id)
}

func (o *Options) maxWidth() int {
	if o.MaxColumnWidth <= 0 {
		return DefaultMaxColumnWidth
	}
	return o.MaxColumnWidth
}

func (o *Options) zone() *time.Location {
	if o.Zone == nil {
		return time.UTC
	}
	return o.Zone
}

func (o *Options) now() time.Time {
	if o.Now != nil {
		return o.Now()
	}
	return time.Now()
}

// CLI messages, as Flink's CliStrings spells them.
const (
	MsgExecuteStatement = "Execute statement succeeded."
	MsgFinishStatement  = "Complete execution of the SQL update statement."
	MsgSubmitting       = "Submitting SQL update statement to the cluster..."
	MsgSubmitted        = "SQL update statement has been successfully submitted to the cluster:"
	MsgExecutionError   = "Could not execute SQL statement. Reason:"
)

// Print prints the result of one statement and returns how many rows it
// printed. It drains and closes r. A query whose ctx is cancelled
// stops cleanly between two lines and prints Flink's "Query terminated"
// footer; Print then returns ctx's error. Other errors while the result
// runs are returned after what was printed so far, and callers print them
// with PrintError.
func Print(ctx context.Context, w io.Writer, r *engine.Result, o Options) (rows int, err error) {
	if r == nil {
		return 0, errors.New("client: no result to print")
	}
	return printTo(ctx, w, &result{
		kind: r.Kind, schema: r.Schema, rows: r.Rows, info: r.Info, streaming: r.Streaming, changes: r, job: r.Job,
	}, o)
}

// changes is the running part of a result: engine.Result, or a fake in tests.
type changes interface {
	Next(ctx context.Context) (*stream.Batch, error)
	Close() error
}

// result is what the printer reads of an engine.Result.
type result struct {
	kind      engine.ResultKind
	schema    types.Schema
	rows      [][]types.Value
	info      string
	streaming bool
	changes   changes
	job       *engine.Job
	detached  bool // the job runs on after Print (Options.Detach)
}

// writers keeps printTo's output buffers between statements: a script
// prints a result per statement, and a buffer of its size is most of what
// a short statement allocates.
var writers = sync.Pool{New: func() any { return bufio.NewWriterSize(nil, 32<<10) }}

func printTo(ctx context.Context, w io.Writer, r *result, o Options) (rows int, err error) {
	defer func() {
		if r.changes == nil || r.detached {
			return
		}
		if cerr := r.changes.Close(); err == nil && cerr != nil {
			err = cerr
		}
	}()
	if o.Start.IsZero() {
		o.Start = o.now()
	}
	bw := writers.Get().(*bufio.Writer)
	bw.Reset(w)
	defer func() {
		if ferr := bw.Flush(); err == nil && ferr != nil {
			err = ferr
		}
		bw.Reset(nil)
		writers.Put(bw)
	}()
	p := printer{w: bw, o: o}
	switch r.kind {
	case engine.ResultSuccess:
		if o.Style == TableResult {
			p.line("OK")
		} else {
			p.info(MsgExecuteStatement)
		}
	case engine.ResultInfo:
		if o.Style == TableResult {
			p.line("OK")
		} else {
			p.info(r.info)
		}
	case engine.ResultText:
		p.line(r.info)
	case engine.ResultTable:
		rows = p.table(*r)
	case engine.ResultQuery:
		switch {
		case o.Style == TableResult:
			rows, err = p.tableResultQuery(ctx, *r)
		case r.streaming:
			rows, err = p.streaming(ctx, *r)
		default:
			rows, err = p.batch(ctx, *r)
		}
	case engine.ResultInsert:
		err = p.insert(ctx, r)
	default:
		err = fmt.Errorf("client: unknown result kind %d", r.kind)
	}
	if err == nil {
		err = p.err
	}
	return rows, err
}

// PrintError prints err as the SQL client does: "[ERROR] Could not execute
// SQL statement. Reason:" and the exception class with Flink's message. The
// TableResult flavour prints just the class and message.
func PrintError(w io.Writer, err error, o Options) error {
	reason := diag.Wrap(err).Reason()
	if o.Style == TableResult {
		_, werr := io.WriteString(w, reason+"\n")
		return werr
	}
	_, werr := io.WriteString(w, "[ERROR] "+MsgExecutionError+"\n"+reason+"\n")
	return werr
}

// printer carries the state of printing one result. Write errors are kept
// in err and stop further output, as a PrintWriter's checkError would.
type printer struct {
	w   *bufio.Writer
	o   Options
	err error
	buf []byte
}

func (p *printer) line(s string) {
	if p.err != nil {
		return
	}
	p.buf = append(append(p.buf[:0], s...), '\n')
	_, p.err = p.w.Write(p.buf)
}

func (p *printer) info(msg string) { p.line("[INFO] " + msg) }

// timeCost is the " (X.XX seconds)" suffix of the SQL client's footers.
func (p *printer) timeCost() string {
	if !p.o.PrintTimeCost || p.o.Style != SQLClient {
		return ""
	}
	secs := float64(p.o.now().Sub(p.o.Start).Milliseconds()) / 1000
	return " (" + strconv.FormatFloat(secs, 'f', 2, 64) + " seconds)"
}

// table prints a static result (SHOW, DESCRIBE, ...): widths from the data,
// no cap, NULL as an empty cell, and no time cost in either flavour.
func (p *printer) table(r result) int {
	if len(r.rows) == 0 {
		p.line(format.RowsFooter(0))
		return 0
	}
	fo := format.Options{MaxColumnWidth: format.NoMaxColumnWidth, NullAsEmpty: true, Zone: p.o.zone()}
	cells := make([][]string, 0, len(r.rows))
	var scratch [][]byte
	for _, row := range r.rows {
		scratch = format.FormatRow(scratch, row, r.schema, fo)
		cells = append(cells, toStrings(scratch))
	}
	if p.err == nil {
		p.err = format.PrintTable(p.w, r.schema.Names(), nil, cells, fo)
	}
	p.line(format.RowsFooter(len(cells)))
	return len(cells)
}

func toStrings(cells [][]byte) []string {
	out := make([]string, len(cells))
	for i, c := range cells {
		out[i] = string(c)
	}
	return out
}

// streaming prints a streaming query as the SQL client does: type-inferred
// widths and the op column, the header at once, rows as they arrive.
func (p *printer) streaming(ctx context.Context, r result) (int, error) {
	fo := format.Options{MaxColumnWidth: p.o.maxWidth(), RowKind: true, Zone: p.o.zone()}
	sp := format.NewStreamPrinter(p.w, r.schema, fo)
	p.keep(sp.Header())
	p.flush()
	n := 0
	for {
		if p.stopped(ctx, n) {
			return n, p.terminated(ctx, format.Changelog, sp, n)
		}
		b, err := r.changes.Next(ctx)
		if errors.Is(err, stream.ErrEndOfInput) {
			p.end(format.Changelog, sp, n, false, false)
			return n, nil
		}
		if err != nil {
			if ctx.Err() != nil {
				return n, p.terminated(ctx, format.Changelog, sp, n)
			}
			return n, err
		}
		for i := 0; i < b.Len(); i++ {
			// Flink checks for Ctrl-C between two rows, never inside one.
			if p.stopped(ctx, n) {
				return n, p.terminated(ctx, format.Changelog, sp, n)
			}
			p.keep(sp.Row(b.Kinds[i], b.Row(i)))
			n++
		}
		p.flush()
		if p.err != nil {
			return n, p.err
		}
	}
}

// stopped reports whether the query must stop before printing its next row.
func (p *printer) stopped(ctx context.Context, n int) bool {
	return ctx.Err() != nil || (p.o.MaxRows > 0 && n >= p.o.MaxRows)
}

// terminated ends a query stopped by Ctrl-C (or MaxRows) and returns the
// cancellation error, nil when MaxRows stopped it.
func (p *printer) terminated(ctx context.Context, s format.Style, sp *format.StreamPrinter, n int) error {
	cancelled := ctx.Err() != nil
	p.end(s, sp, n, cancelled, !cancelled)
	return ctx.Err()
}

// end prints the closing border and footer of a query printed in style s
// (format.QueryEnd), with the SQL client's time cost. A Table's rows are
// printed before by the caller.
func (p *printer) end(s format.Style, sp *format.StreamPrinter, n int, cancelled, limited bool) {
	e := format.QueryEnd(s, n, cancelled, limited)
	if e.Border {
		p.keep(sp.Border())
	}
	if e.Footer == "" {
		return
	}
	if s == format.Print {
		p.line(e.Footer)
		return
	}
	p.line(e.Footer + p.timeCost())
}

func (p *printer) keep(err error) {
	if p.err == nil && err != nil {
		p.err = err
	}
}

func (p *printer) flush() {
	if p.err == nil {
		p.err = p.w.Flush()
	}
}

// collect buffers the formatted rows of a query, as the SQL client does in
// batch mode before it can size the columns from the data. It stops early
// when ctx is done or MaxRows rows arrived, and says so with stopped.
func (p *printer) collect(ctx context.Context, r result, fo format.Options) (kinds []stream.Kind, rows [][]string, stopped bool, err error) {
	var scratch [][]byte
	for {
		if p.stopped(ctx, len(rows)) {
			return kinds, rows, true, nil
		}
		b, err := r.changes.Next(ctx)
		if errors.Is(err, stream.ErrEndOfInput) {
			return kinds, rows, false, nil
		}
		if err != nil {
			if ctx.Err() != nil {
				return kinds, rows, true, nil
			}
			return kinds, rows, false, err
		}
		for i := 0; i < b.Len(); i++ {
			if p.stopped(ctx, len(rows)) {
				return kinds, rows, true, nil
			}
			scratch = format.FormatRow(scratch, b.Row(i), r.schema, fo)
			kinds = append(kinds, b.Kinds[i])
			rows = append(rows, toStrings(scratch))
		}
	}
}

// batch prints a batch query as the SQL client does: all rows first, then a
// table sized by its content and capped at the max column width.
func (p *printer) batch(ctx context.Context, r result) (int, error) {
	fo := format.Options{MaxColumnWidth: p.o.maxWidth(), Zone: p.o.zone()}
	_, rows, stopped, err := p.collect(ctx, r, fo)
	if err != nil {
		return 0, err
	}
	// MaxRows may cut a bounded but long result: what was kept is shown,
	// and the footer says that the query did not run to its end.
	cancelled := stopped && ctx.Err() != nil
	e := format.QueryEnd(format.Table, len(rows), cancelled, stopped && !cancelled)
	if !e.Rows {
		rows = nil
	}
	if len(rows) > 0 {
		p.keep(format.PrintTable(p.w, r.schema.Names(), nil, rows, fo))
	}
	p.end(format.Table, nil, len(rows), cancelled, stopped && !cancelled)
	return len(rows), ctx.Err()
}

// tableResultQuery is TableResult.print() of a query: type-inferred widths, the
// op column in streaming mode, the header only once the first row arrived
// (print() first asks whether there is any row, to say "Empty set").
func (p *printer) tableResultQuery(ctx context.Context, r result) (int, error) {
	fo := format.Options{MaxColumnWidth: p.o.maxWidth(), RowKind: r.streaming, Zone: p.o.zone()}
	sp := format.NewStreamPrinter(p.w, r.schema, fo)
	n := 0
	for {
		if p.stopped(ctx, n) {
			return n, p.terminated(ctx, format.Print, sp, n)
		}
		b, err := r.changes.Next(ctx)
		if errors.Is(err, stream.ErrEndOfInput) {
			p.end(format.Print, sp, n, false, false)
			return n, nil
		}
		if err != nil {
			return n, err
		}
		for i := 0; i < b.Len(); i++ {
			if p.stopped(ctx, n) {
				break
			}
			if n == 0 {
				p.keep(sp.Header())
			}
			p.keep(sp.Row(b.Kinds[i], b.Row(i)))
			n++
		}
		p.flush()
		if p.err != nil {
			return n, p.err
		}
	}
}

// insert runs an INSERT (or statement set) to its end. The SQL client
// announces a detached job before it runs; with table.dml-sync it reports
// completion after. TableResult.print() waits for the job and prints one
// -1 per sink, the affected row count Flink does not know.
func (p *printer) insert(ctx context.Context, r *result) error {
	if p.o.Style == SQLClient && !p.o.DMLSync {
		p.info(MsgSubmitting)
		p.info(MsgSubmitted)
		p.line("Job ID: " + p.jobID(r) + "\n")
		p.flush()
		if p.o.Detach != nil && r.job != nil {
			r.detached = true
			p.o.Detach(r.job)
			return nil
		}
	}
	for {
		_, err := r.changes.Next(ctx)
		if errors.Is(err, stream.ErrEndOfInput) {
			break
		}
		if err != nil {
			return err
		}
	}
	switch {
	case p.o.Style == TableResult:
		sinks := r.schema.Len()
		if sinks == 0 {
			sinks = 1
		}
		p.buf = p.buf[:0]
		for i := 0; i < sinks; i++ {
			if i > 0 {
				p.buf = append(p.buf, ", "...)
			}
			p.buf = append(p.buf, "-1"...)
		}
		p.line(string(p.buf))
	case p.o.DMLSync:
		p.info(MsgFinishStatement)
	}
	return nil
}

func (p *printer) jobID(r *result) string {
	if p.o.JobID != nil {
		return p.o.JobID()
	}
	if r.job != nil {
		return r.job.ID
	}
	return fmt.Sprintf("%016x%016x", rand.Uint64(), rand.Uint64())
}

// FormatChangelog appends one change as Flink's Row.toString-like changelog
// line used by the tests: kind, then the values in brackets, NULL as NULL:
// "+I[1, a]". Values are formatted as the tableau printer formats them.
func FormatChangelog(dst []byte, k stream.Kind, row []types.Value, s types.Schema, zone *time.Location) []byte {
	dst = append(dst, k.String()...)
	dst = append(dst, '[')
	for i, v := range row {
		if i > 0 {
			dst = append(dst, ", "...)
		}
		if v.Null {
			dst = append(dst, "NULL"...)
			continue
		}
		dst = types.AppendValue(dst, v, s.Columns[i].Type, zone)
	}
	return append(dst, ']')
}

// ForSession returns o updated from the session's configuration as the
// SQL client reads it before every statement: the display settings of
// WithSettings and the session time zone.
func (o Options) ForSession(s *engine.Session) Options {
	o = o.WithSettings(s.Setting)
	o.Zone = s.Zone()
	return o
}
