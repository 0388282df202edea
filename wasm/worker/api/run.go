package api

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/flinkplay/flinkplay/engine"
	"github.com/flinkplay/flinkplay/engine/diag"
	"github.com/flinkplay/flinkplay/engine/sql"
)

// Content types of /api/run.
const (
	ContentTypeText   = "text/plain; charset=utf-8"
	ContentTypeNDJSON = "application/x-ndjson"
)

// RunRequest is the JSON body of POST /api/run. A text/plain body is the
// script itself, with mode, seed and maxRows as query parameters.
type RunRequest struct {
	// SQL is the script: statements separated by ';', as sql-client.sh -f reads.
	SQL string `json:"sql"`
	// Mode is "streaming" (the default) or "batch": execution.runtime-mode.
	Mode string `json:"mode,omitempty"`
	// Seed, when set, makes datagen's random values repeat from run to run
	// (playground.datagen.seed).
	Seed *int64 `json:"seed,omitempty"`
	// MaxRows lowers the deployment's row limit for this run.
	MaxRows int `json:"maxRows,omitempty"`
}

// run answers POST /api/run.
func (h *Handler) run(w http.ResponseWriter, r *http.Request) {
	req, status, err := h.readRun(w, r)
	if err != nil {
		writeError(w, status, err, req.SQL)
		return
	}
	script := req.SQL
	lim := h.o.Limits
	if req.MaxRows > 0 && req.MaxRows < lim.MaxRows {
		lim.MaxRows = req.MaxRows
	}
	ndjson := wantsNDJSON(r.Header.Get("Accept"))
	out := newOutput(w, lim.MaxOutputBytes)
	if ndjson {
		out.contentType = ContentTypeNDJSON
	}
	rn := newRunner(r.Context(), script, req, lim, out)
	defer rn.stop()
	var f emitter = textFormat{}
	if ndjson {
		f = &jsonFormat{}
	}
	failed := rn.runAll(f, h.o.Limits.MaxStatements)
	if failed != nil && failed.stmt < 0 {
		// Bad input: nothing ran.
		writeError(w, failed.status, failed.err, script)
		return
	}
	if failed != nil && !out.committed {
		idx := failed.stmt
		writeJSON(w, http.StatusBadRequest, errorBody{Error: apiError(failed.err, script), Statement: &idx,
			Output: out.pending.String()})
		return
	}
	out.commit()
	out.flush()
}

// readRun reads and checks the request: its content type and size, and
// the options. On error it returns the status to answer with.
func (h *Handler) readRun(w http.ResponseWriter, r *http.Request) (RunRequest, int, error) {
	var req RunRequest
	bad := func(status int, format string, args ...any) (RunRequest, int, error) {
		return req, status, diag.Errorf(diag.NoPos, diag.IllegalArgument, format, args...)
	}
	ctype := r.Header.Get("Content-Type")
	mt, _, err := mime.ParseMediaType(ctype)
	if ctype == "" {
		mt, err = "text/plain", nil
	}
	if err != nil || (mt != "text/plain" && mt != "application/sql" && mt != "application/json") {
		return bad(http.StatusUnsupportedMediaType,
			"Content-Type %q is not supported: send the script as text/plain (curl -H 'Content-Type: text/plain' --data-binary @script.sql) or JSON {\"sql\": ...} as application/json", ctype)
	}
	if r.ContentLength > h.o.Limits.MaxBodyBytes {
		return bad(http.StatusRequestEntityTooLarge, "The request body has %d bytes; the playground API takes at most %d (limit %s).",
			r.ContentLength, h.o.Limits.MaxBodyBytes, EnvMaxBodyBytes)
	}
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, h.o.Limits.MaxBodyBytes))
	if err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			return bad(http.StatusRequestEntityTooLarge, "The request body has more than %d bytes; the playground API takes at most %d (limit %s).",
				h.o.Limits.MaxBodyBytes, h.o.Limits.MaxBodyBytes, EnvMaxBodyBytes)
		}
		return bad(http.StatusBadRequest, "reading the request body: %v", err)
	}
	if mt == "application/json" {
		dec := json.NewDecoder(bytes.NewReader(body))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&req); err != nil {
			return bad(http.StatusBadRequest, "The JSON body is malformed: %v (want {\"sql\": \"...\", \"mode\": \"streaming\"|\"batch\", \"seed\": 42, \"maxRows\": 100})", err)
		}
		if dec.More() {
			return bad(http.StatusBadRequest, "The JSON body has data after its object.")
		}
	} else {
		req.SQL = string(body)
		q := r.URL.Query()
		req.Mode = q.Get("mode")
		if s := q.Get("seed"); s != "" {
			seed, err := strconv.ParseInt(s, 10, 64)
			if err != nil {
				return bad(http.StatusBadRequest, "Query parameter seed=%q is not a 64-bit integer.", s)
			}
			req.Seed = &seed
		}
		if s := q.Get("maxRows"); s != "" {
			n, err := strconv.Atoi(s)
			if err != nil || n <= 0 {
				return bad(http.StatusBadRequest, "Query parameter maxRows=%q is not a positive integer.", s)
			}
			req.MaxRows = n
		}
	}
	if req.MaxRows < 0 {
		return bad(http.StatusBadRequest, "maxRows must be positive, got %d.", req.MaxRows)
	}
	switch strings.ToLower(req.Mode) {
	case "", "streaming", "batch":
	default:
		return bad(http.StatusBadRequest, "Unknown mode %q: use 'streaming' or 'batch' (execution.runtime-mode).", req.Mode)
	}
	if !utf8.ValidString(req.SQL) {
		return bad(http.StatusBadRequest, "The script is not valid UTF-8.")
	}
	return req, 0, nil
}

// wantsNDJSON reports whether an Accept header asks for JSON lines.
func wantsNDJSON(accept string) bool {
	for _, part := range strings.Split(accept, ",") {
		mt, params, err := mime.ParseMediaType(strings.TrimSpace(part))
		if err != nil || params["q"] == "0" {
			continue
		}
		if mt == "application/x-ndjson" || mt == "application/jsonl" || mt == "application/jsonlines" {
			return true
		}
	}
	return false
}

// runner runs one script in a fresh session.
type runner struct {
	ctx    context.Context
	cancel context.CancelCauseFunc
	script string
	spans  []sql.Span
	sess   *engine.Session
	lim    Limits
	out    *output
	clock  *budgetClock
	prints *printLines
	// rows counts what the run returned so far, for Limits.MaxRows.
	rows int
	// cur is the statement running, and start when it started.
	cur   int
	start time.Time
}

// stmtError is the failure of statement stmt; stmt is -1 for a script
// that failed before any statement ran, answered with status.
type stmtError struct {
	stmt   int
	status int
	err    error
}

// Causes of a run's cancellation, told apart by context.Cause.
var (
	errStepLimit   = errors.New("step limit")
	errRowLimit    = errors.New("row limit")
	errOutputLimit = errors.New("output limit")
)

func newRunner(parent context.Context, script string, req RunRequest, lim Limits, out *output) *runner {
	ctx, cancel := context.WithCancelCause(parent)
	rn := &runner{ctx: ctx, cancel: cancel, script: script, lim: lim, out: out}
	out.onLimit = func() { cancel(errOutputLimit) }
	rn.clock = &budgetClock{now: time.Now(), max: lim.MaxSteps, exceeded: func() { cancel(errStepLimit) }}
	rn.prints = &printLines{rn: rn}
	rn.sess = engine.NewSession(engine.Config{
		Batch:  strings.EqualFold(req.Mode, "batch"),
		Seed:   req.Seed,
		Clock:  rn.clock,
		Zone:   time.UTC,
		Stdout: rn.prints,
		Stderr: rn.prints,
	})
	return rn
}

func (rn *runner) stop() { rn.cancel(context.Canceled) }

// emitter writes a run's results: Flink's tableau text or JSON lines.
type emitter interface {
	// before writes what comes before statement idx runs.
	before(rn *runner, idx int)
	// statement writes one statement's result as it runs; it returns the
	// statement's error, if it failed.
	statement(rn *runner, idx int, res *engine.Result) error
	// failure writes the error of a statement once the response streams.
	failure(rn *runner, idx int, err error)
	// limit writes the trailer of a run cut at a limit, before skipped
	// more statements that did not run.
	limit(rn *runner, idx int, cause error, skipped int)
	// output writes lines of the print connector.
	output(rn *runner, lines []string)
}

// runAll runs the statements in order, as sql-client.sh -f does: the first
// error ends the run. It returns that error when the response has not
// started streaming yet, so that the caller can answer 400 instead; a
// script that is bad input (no statement, too many, a syntax error
// anywhere) fails before any statement runs.
func (rn *runner) runAll(f emitter, maxStatements int) *stmtError {
	rn.prints.f = f
	status := http.StatusBadRequest
	steps := rn.sess.ExecuteScript(rn.ctx, rn.script, engine.ScriptOptions{
		// Parse everything first: a syntax error anywhere is bad input,
		// and answering it before any statement runs keeps the answer a
		// clean 400.
		ParseAll: true,
		Check: func(spans []sql.Span) error {
			rn.spans = spans
			if len(spans) == 0 {
				return diag.Errorf(diag.NoPos, diag.SqlParserException,
					"Non-query expression encountered in illegal context: the script holds no statement")
			}
			if n := len(spans); n > maxStatements {
				status = http.StatusRequestEntityTooLarge
				return diag.Errorf(spans[maxStatements].Start, diag.PlaygroundLimitExceeded,
					"The script has %d statements; the playground API runs at most %d per request (limit %s).",
					n, maxStatements, EnvMaxStatements)
			}
			return nil
		},
		Before: func(st *engine.Step) context.Context {
			rn.cur = st.Index
			f.before(rn, st.Index)
			return nil
		},
	})
	for st := range steps {
		i := st.Index
		if i < 0 {
			return &stmtError{stmt: -1, status: status, err: st.Err}
		}
		err := st.Err
		if err == nil {
			err = f.statement(rn, i, st.Result)
		}
		rn.prints.flush()
		if cause := rn.limitCause(); cause != nil {
			rn.out.commit()
			f.limit(rn, i, cause, len(rn.spans)-i-1)
			return nil
		}
		if err != nil {
			if errors.Is(err, context.Canceled) || rn.ctx.Err() != nil {
				// The client went away; nobody reads the rest.
				return nil
			}
			if !rn.out.committed {
				return &stmtError{stmt: i, status: http.StatusBadRequest, err: err}
			}
			f.failure(rn, i, err)
			return nil
		}
		rn.out.flush()
	}
	return nil
}

// limitCause returns the limit that cut the run, if one did.
func (rn *runner) limitCause() error {
	if rn.ctx.Err() == nil {
		return nil
	}
	switch cause := context.Cause(rn.ctx); cause {
	case errStepLimit, errRowLimit, errOutputLimit:
		return cause
	}
	return nil
}

// rowsLeft is the row budget of the next statement.
func (rn *runner) rowsLeft() int { return rn.lim.MaxRows - rn.rows }

// limitMessage is the trailer of a run cut at a limit: the SQL client's
// warning style, naming the limit and how to change it.
func (rn *runner) limitMessage(cause error, skipped int) string {
	var msg string
	switch cause {
	case errRowLimit:
		msg = fmt.Sprintf("The playground API stopped the run at its limit of %d rows per request (maxRows, %s); the query had more.", rn.lim.MaxRows, EnvMaxRows)
	case errStepLimit:
		msg = fmt.Sprintf("The playground API stopped the run at its limit of %d engine steps per request (%s).", rn.lim.MaxSteps, EnvMaxSteps)
	case errOutputLimit:
		msg = fmt.Sprintf("The playground API stopped the run at its limit of %d output bytes per request (%s).", rn.lim.MaxOutputBytes, EnvMaxOutputBytes)
	}
	if skipped > 0 {
		msg += fmt.Sprintf(" %d more %s did not run.", skipped, plural(skipped, "statement", "statements"))
	}
	return msg
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// budgetClock is the time a run's queries see, and its step budget. Time
// starts at the request and advances only when a source paces itself
// (Sleep returns at once): a bounded answer gains nothing from waiting out
// 'rows-per-second', and on Workers waiting costs wall time for nothing.
// Every look at the clock is one engine step; sources look once per batch.
type budgetClock struct {
	now      time.Time
	steps    int64
	max      int64
	exceeded func()
}

// Now returns the run's time and counts a step.
func (c *budgetClock) Now() time.Time {
	c.step()
	return c.now
}

// Sleep advances the run's time by d and counts a step.
func (c *budgetClock) Sleep(ctx context.Context, d time.Duration) error {
	c.step()
	if err := ctx.Err(); err != nil {
		return err
	}
	if d > 0 {
		c.now = c.now.Add(d)
	}
	return nil
}

func (c *budgetClock) step() {
	c.steps++
	if c.steps == c.max+1 {
		c.exceeded()
	}
}

// printLines collects what the print connector writes and hands whole
// lines to the format; each line counts as a row.
type printLines struct {
	rn      *runner
	f       emitter
	partial []byte
	lines   []string
}

func (p *printLines) Write(b []byte) (int, error) {
	p.partial = append(p.partial, b...)
	for {
		i := bytes.IndexByte(p.partial, '\n')
		if i < 0 {
			break
		}
		if p.rn.rows >= p.rn.lim.MaxRows {
			p.rn.cancel(errRowLimit)
			p.partial = p.partial[:0]
			break
		}
		p.lines = append(p.lines, string(p.partial[:i]))
		p.partial = p.partial[i+1:]
		p.rn.rows++
	}
	if len(p.lines) >= 256 {
		p.flush()
	}
	return len(b), nil
}

// flush writes the collected lines.
func (p *printLines) flush() {
	if len(p.lines) == 0 || p.f == nil {
		return
	}
	p.f.output(p.rn, p.lines)
	p.lines = p.lines[:0]
}
