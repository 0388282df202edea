package worker

import (
	"bytes"
	"context"
	"errors"
	"regexp"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/flinkplay/flinkplay/engine"
	"github.com/flinkplay/flinkplay/engine/client"
	"github.com/flinkplay/flinkplay/engine/diag"
	"github.com/flinkplay/flinkplay/engine/format"
	"github.com/flinkplay/flinkplay/engine/stream"
	"github.com/flinkplay/flinkplay/wasm/engine/protocol"
)

// execute runs the statements of req's range in order and stops at the
// first error or when the run is cancelled, as the SQL client runs a file.
func (w *Worker) execute(ctx context.Context, req protocol.Request) {
	w.out.reset()
	if req.Config != nil {
		w.setZone(req.Config.Zone)
	}
	if req.Language == protocol.LanguagePython {
		w.python(ctx, req)
		return
	}
	// An embed's seed and start time hold for this run only.
	w.sessMu.Lock()
	locked := true
	defer func() {
		if locked {
			w.sessMu.Unlock()
		}
	}()
	w.sess.SetDefaults(w.runDefaults(req.Config))
	w.setStmtStart(req.ID, 0)
	defer w.dropStmtStart(req.ID)
	var writes int
	steps := w.sess.ExecuteScript(ctx, req.Script, engine.ScriptOptions{Selection: true, Start: req.Start, End: req.End,
		Before: func(st *engine.Step) context.Context {
			w.setStmtStart(req.ID, st.Span.Start)
			writes = w.storeWrites()
			w.emit(protocol.Message{Type: protocol.TypeStatement, ID: req.ID, Stmt: st.Index,
				Start: st.Span.Start, End: st.Span.End, SQL: st.SQL})
			return nil
		}})
	for st := range steps {
		if st.Err != nil {
			if ctx.Err() == nil {
				w.emitError(req, max(st.Index, 0), st.Err, w.options())
			}
			return
		}
		// The statement is planned (and a DDL done): its rows stream
		// without the session's lock, so that other cells run meanwhile.
		o := w.options()
		w.sessMu.Unlock()
		locked = false
		ok := w.statement(ctx, req, st.Index, st.Result, writes, o)
		w.sessMu.Lock()
		locked = true
		if !ok {
			return
		}
	}
}

// setStmtStart records where run id's statement starts in its script.
func (w *Worker) setStmtStart(id, start int) {
	w.mu.Lock()
	w.stmtStarts[id] = start
	w.mu.Unlock()
}

func (w *Worker) dropStmtStart(id int) {
	w.mu.Lock()
	delete(w.stmtStarts, id)
	w.mu.Unlock()
}

func (w *Worker) stmtStart(id int) int {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.stmtStarts[id]
}

// options returns the printing options of the next statement: the SQL
// client's, read from the session's settings, without time costs (the
// page shows elapsed time itself, and transcripts stay comparable).
func (w *Worker) options() client.Options {
	o := client.Defaults(client.SQLClient).ForSession(w.sess)
	o.PrintTimeCost = false
	o.JobID = w.o.JobID
	return o
}

// statement shows what one statement returned and reports whether the
// run goes on.
// writes is the store's count of writes before the statement ran.
// o are the printing options, read from the session before it streams.
func (w *Worker) statement(ctx context.Context, req protocol.Request, idx int, res *engine.Result, writes int, o client.Options) bool {
	if res.Kind == engine.ResultInsert && res.Job != nil && !o.DMLSync {
		// Submitted: the job runs on in the background (Jobs panel).
		return w.submit(req, idx, res, o)
	}
	defer res.Close()
	switch res.Kind {
	case engine.ResultQuery:
		return w.query(ctx, req, idx, res, o)
	case engine.ResultInsert:
		return w.insert(ctx, req, idx, res, o)
	}
	var buf bytes.Buffer
	if _, err := client.Print(ctx, &buf, res, o); err != nil {
		w.emitError(req, idx, err, o)
		return false
	}
	w.emit(protocol.Message{Type: protocol.TypeResult, ID: req.ID, Stmt: idx, Text: buf.String(),
		Persisted: w.storeWrites() != writes})
	if res.Kind == engine.ResultSuccess {
		// DDL, USE and SET change what the catalog panel shows; tell the
		// page now rather than after a query that may run forever.
		w.emitCatalog()
	}
	return true
}

// emitError reports err in Flink's words with its place in the script.
// The positions in Flink's message count from the start of the statement,
// as the SQL client parses one statement at a time; the page shows the
// script's, which are the editor's.
// o are the printing options of the statement (read from the session
// while the run held its lock: a cell's rows stream without it).
func (w *Worker) emitError(req protocol.Request, idx int, err error, o client.Options) {
	e := diag.Wrap(err)
	e.Resolve(req.Script)
	shown := *e
	shown.Msg = scriptPositions(e.Msg, req.Script, w.stmtStart(req.ID))
	var text strings.Builder
	client.PrintError(&text, &shown, o)
	pe := &protocol.Error{Class: e.Class, Message: shown.Msg, Offset: -1,
		Text: strings.TrimSuffix(text.String(), "\n"), Where: e.Where, Note: e.Note, Table: e.Table, Keys: e.Keys}
	if e.Pos >= 0 && e.Pos <= len(req.Script) {
		pe.Offset, pe.Line, pe.Col = e.Pos, e.Line, e.Col
	}
	w.emit(protocol.Message{Type: protocol.TypeError, ID: req.ID, Stmt: idx, Error: pe})
}

// linePos is a position in one of Flink's messages: "at line 2, column
// 5", "From line 1, column 8 to line 1, column 12".
var linePos = regexp.MustCompile(`\bline (\d+), column (\d+)`)

// scriptPositions rewrites the positions in msg, which count from the
// statement starting at byte base of script, to positions in script.
func scriptPositions(msg, script string, base int) string {
	if base <= 0 || base > len(script) {
		return msg
	}
	return linePos.ReplaceAllStringFunc(msg, func(m string) string {
		g := linePos.FindStringSubmatch(m)
		line, err1 := strconv.Atoi(g[1])
		col, err2 := strconv.Atoi(g[2])
		if err1 != nil || err2 != nil || line < 1 || col < 1 {
			return m
		}
		off := base
		for l := 1; l < line; l++ {
			nl := strings.IndexByte(script[off:], '\n')
			if nl < 0 {
				return m
			}
			off += nl + 1
		}
		for c := 1; c < col && off < len(script) && script[off] != '\n'; c++ {
			_, size := utf8.DecodeRuneInString(script[off:])
			off += size
		}
		l, c := diag.LineCol(script, off)
		return "line " + strconv.Itoa(l) + ", column " + strconv.Itoa(c)
	})
}

func schemaColumns(res *engine.Result) []protocol.Column {
	cols := make([]protocol.Column, len(res.Schema.Columns))
	for i, c := range res.Schema.Columns {
		cols[i] = protocol.Column{Name: c.Name, Type: c.Type.String()}
	}
	return cols
}

// yieldCheckRows is how many changes the worker formats between two
// looks at the clock for yielding and pacing.
const yieldCheckRows = 64

// query streams a query's changes to the page, as the SQL client prints
// them, and reports whether the run goes on.
func (w *Worker) query(ctx context.Context, req protocol.Request, idx int, res *engine.Result, o client.Options) bool {
	cancelled, err := w.stream(ctx, req, idx, res, o, false)
	if err != nil {
		w.emitError(req, idx, err, o)
		return false
	}
	return !cancelled
}

// stream streams a query's changes to the page: as the SQL client prints
// them, or with tableResult as TableResult.print() does (type-inferred
// widths, the op column in streaming mode only, the head once a row came,
// "N rows in set" or "Empty set"). It reports whether the query was
// cancelled; a failure is returned after the rows before it went out.
func (w *Worker) stream(ctx context.Context, req protocol.Request, idx int, res *engine.Result, o client.Options, tableResult bool) (cancelled bool, runErr error) {
	var maxRows int64
	if req.Config != nil {
		maxRows = req.Config.MaxRows
	}
	if tableResult {
		maxRows = int64(o.MaxRows)
	}
	// lines: every row has its tableau line, so the head is known first
	lines := res.Streaming || tableResult
	fo := format.Options{MaxColumnWidth: o.MaxColumnWidth, RowKind: res.Streaming, Zone: o.Zone}
	schema := protocol.Message{Type: protocol.TypeSchema, ID: req.ID, Stmt: idx, Columns: schemaColumns(res),
		Streaming: res.Streaming, Bounded: res.Bounded, HeadLazy: tableResult}
	if lines {
		var head bytes.Buffer
		format.NewStreamPrinter(&head, res.Schema, fo).Header()
		schema.TableauHead = head.String()
	}
	w.emit(schema)
	f := w.startFeed(req, idx, res, !lines, func(rb *rowBuffer) {
		rb.schema, rb.fo = res.Schema, format.Options{Zone: o.Zone}
		if lines {
			rb.printer = format.NewStreamPrinter(rb, res.Schema, fo)
		}
	})

	var n int64
	limited := false
loop:
	for {
		if ctx.Err() != nil {
			cancelled = true
			break
		}
		if maxRows > 0 && n >= maxRows {
			limited = true
			break
		}
		b, err := res.Next(ctx)
		if errors.Is(err, stream.ErrEndOfInput) {
			break
		}
		if err != nil {
			if ctx.Err() != nil {
				cancelled = true
				break
			}
			runErr = err
			break
		}
		f.setWatermark(res.Watermark())
		for i := 0; i < b.Len(); i++ {
			if maxRows > 0 && n >= maxRows {
				limited = true
				break loop
			}
			full := f.add(b.Kinds[i], b.Row(i))
			n++
			// Formatting a batch takes a while in a cold browser: the
			// first rows go out early, and the host gets its turns.
			if full || n%yieldCheckRows == 0 {
				if err := f.pace(ctx); err != nil {
					cancelled = true
					break loop
				}
			}
		}
		if err := f.pace(ctx); err != nil {
			cancelled = true
			break
		}
	}
	if runErr != nil {
		// Flink shows the rows that came before the failure, then the error.
		f.end(nil)
		return false, runErr
	}
	style := format.Table
	switch {
	case tableResult:
		style = format.Print
	case res.Streaming:
		style = format.Changelog
	}
	end := format.QueryEnd(style, int(n), cancelled, limited)
	done := protocol.Message{Cancelled: cancelled, Footer: end.Footer}
	if end.Border {
		var tail bytes.Buffer
		format.NewStreamPrinter(&tail, res.Schema, fo).Border()
		done.Tableau = tail.String()
	}
	if !lines && end.Rows {
		// The table needs every row's cells, which the last flush completes.
		f.endWith(func(rows [][]string) {
			var table bytes.Buffer
			format.PrintTable(&table, res.Schema.Names(), nil, rows, format.Options{MaxColumnWidth: o.MaxColumnWidth, Zone: o.Zone})
			done.Tableau = table.String()
		}, &done)
		return false, nil
	}
	f.end(&done)
	return cancelled, nil
}

// insert runs an INSERT job to its end; the print connector's lines go to
// the page as Output.
func (w *Worker) insert(ctx context.Context, req protocol.Request, idx int, res *engine.Result, o client.Options) bool {
	w.emit(protocol.Message{Type: protocol.TypeSchema, ID: req.ID, Stmt: idx, Columns: schemaColumns(res),
		Streaming: res.Streaming, Bounded: res.Bounded, Insert: true})
	// What the SQL client prints for the job: the submission lines and job
	// id, or with table.dml-sync the completion line. A job without changes
	// prints exactly that.
	var text bytes.Buffer
	client.Print(ctx, &text, &engine.Result{Kind: engine.ResultInsert, Schema: res.Schema, Streaming: res.Streaming}, o)
	// The Jobs panel lists a job run in the foreground too: its rows and
	// rate when it ends.
	if res.Job != nil {
		w.jobs.mu.Lock()
		w.jobs.sess = w.sess
		w.jobs.mu.Unlock()
		w.emitJobs()
		defer w.emitJobs()
	}
	f := w.startFeed(req, idx, res, false, nil)
	cancelled := false
	for {
		if ctx.Err() != nil {
			cancelled = true
			break
		}
		b, err := res.Next(ctx)
		if errors.Is(err, stream.ErrEndOfInput) {
			break
		}
		if err != nil {
			if ctx.Err() != nil {
				cancelled = true
				break
			}
			f.end(nil)
			w.emitError(req, idx, err, o)
			return false
		}
		f.count(b.Len())
		if err := f.pace(ctx); err != nil {
			cancelled = true
			break
		}
	}
	done := protocol.Message{Cancelled: cancelled, Created: res.Created}
	if !cancelled || !o.DMLSync {
		done.Tableau = text.String()
	}
	f.end(&done)
	return !cancelled
}

// submit answers an INSERT as the SQL client does when table.dml-sync is
// false: the submission lines and the job id; the job then runs in the
// background while the run goes on.
func (w *Worker) submit(req protocol.Request, idx int, res *engine.Result, o client.Options) bool {
	w.emit(protocol.Message{Type: protocol.TypeSchema, ID: req.ID, Stmt: idx, Columns: schemaColumns(res),
		Streaming: res.Streaming, Bounded: res.Bounded, Insert: true})
	var text bytes.Buffer
	client.Print(context.Background(), &text, &engine.Result{Kind: engine.ResultInsert, Schema: res.Schema, Streaming: res.Streaming, Job: res.Job}, o)
	w.startJob(res.Job)
	w.emit(protocol.Message{Type: protocol.TypeDone, ID: req.ID, Stmt: idx, Tableau: text.String(), Created: res.Created, Submitted: true})
	return true
}
