package api

import (
	"encoding/json"
	"fmt"
	"net/http"
	"runtime/debug"
	"strconv"
	"strings"
	"sync"

	"github.com/flinkplay/flinkplay/engine"
	"github.com/flinkplay/flinkplay/engine/diag"
	"github.com/flinkplay/flinkplay/wasm/engine/protocol"
	"github.com/flinkplay/flinkplay/wasm/engine/protocol/specs"
)

// Limits bound every request. The zero value of a field means its default
// (DefaultLimits); they are set per deployment from the Worker's
// environment (FromEnv), and a request may lower MaxRows but never raise it.
type Limits struct {
	// MaxBodyBytes is the largest request body; larger ones get 413.
	MaxBodyBytes int64 `json:"maxBodyBytes"`
	// MaxStatements is the most statements one script may hold.
	MaxStatements int `json:"maxStatements"`
	// MaxRows is the most rows (changes of queries, static rows of SHOW,
	// lines of the print connector) one run returns. A query that would
	// return more is cut, with a trailer line that says so.
	MaxRows int `json:"maxRows"`
	// MaxOutputBytes is the most bytes one run's response body holds.
	MaxOutputBytes int64 `json:"maxOutputBytes"`
	// MaxSteps is the most engine steps a run may take: one step is one
	// look at the clock, which every source takes once per batch of up to
	// 1024 rows, so a query that filters out every row still ends.
	MaxSteps int64 `json:"maxSteps"`
}

// DefaultLimits are the limits of a deployment that sets none.
func DefaultLimits() Limits {
	return Limits{
		MaxBodyBytes:   64 << 10,
		MaxStatements:  32,
		MaxRows:        10_000,
		MaxOutputBytes: 8 << 20,
		MaxSteps:       5_000,
	}
}

// Environment variables that set the limits (wrangler.toml [vars]).
const (
	EnvMaxBodyBytes   = "FLINKPLAY_MAX_BODY_BYTES"
	EnvMaxStatements  = "FLINKPLAY_MAX_STATEMENTS"
	EnvMaxRows        = "FLINKPLAY_MAX_ROWS"
	EnvMaxOutputBytes = "FLINKPLAY_MAX_OUTPUT_BYTES"
	EnvMaxSteps       = "FLINKPLAY_MAX_STEPS"
)

// FromEnv returns the default limits overridden by the variables that
// getenv knows. A variable that is set but not a positive integer is an
// error: a deployment should fail loudly, not run unbounded.
func FromEnv(getenv func(string) string) (Limits, error) {
	l := DefaultLimits()
	for _, v := range []struct {
		name string
		set  func(int64)
	}{
		{EnvMaxBodyBytes, func(n int64) { l.MaxBodyBytes = n }},
		{EnvMaxStatements, func(n int64) { l.MaxStatements = int(n) }},
		{EnvMaxRows, func(n int64) { l.MaxRows = int(n) }},
		{EnvMaxOutputBytes, func(n int64) { l.MaxOutputBytes = n }},
		{EnvMaxSteps, func(n int64) { l.MaxSteps = n }},
	} {
		s := strings.TrimSpace(getenv(v.name))
		if s == "" {
			continue
		}
		n, err := strconv.ParseInt(s, 10, 32)
		if err != nil || n <= 0 {
			return l, fmt.Errorf("%s=%q: want a positive integer below 2^31", v.name, s)
		}
		v.set(n)
	}
	return l, nil
}

// withDefaults fills zero fields from DefaultLimits.
func (l Limits) withDefaults() Limits {
	d := DefaultLimits()
	if l.MaxBodyBytes <= 0 {
		l.MaxBodyBytes = d.MaxBodyBytes
	}
	if l.MaxStatements <= 0 {
		l.MaxStatements = d.MaxStatements
	}
	if l.MaxRows <= 0 {
		l.MaxRows = d.MaxRows
	}
	if l.MaxOutputBytes <= 0 {
		l.MaxOutputBytes = d.MaxOutputBytes
	}
	if l.MaxSteps <= 0 {
		l.MaxSteps = d.MaxSteps
	}
	return l
}

// Options configure a Handler.
type Options struct {
	Limits Limits
	// Version is reported by /api/health, e.g. the deployed commit.
	Version string
}

// Handler serves the API. It is safe for concurrent use: every run has a
// session of its own, and nothing else is shared but the specs, computed
// once on first use.
type Handler struct {
	o Options

	specsOnce sync.Once
	specs     *protocol.Specs
}

// New returns the API handler.
func New(o Options) *Handler {
	o.Limits = o.Limits.withDefaults()
	return &Handler{o: o}
}

// Limits returns the limits in force.
func (h *Handler) Limits() Limits { return h.o.Limits }

// ServeHTTP routes a request. A panic anywhere below becomes a 500 (or, once
// the response streams, a last line that says so): on Workers a panic
// would end the Go program serving the request.
func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	rw := &trackingWriter{ResponseWriter: w}
	defer func() {
		if p := recover(); p != nil {
			msg := fmt.Sprintf("internal error: %v", p)
			if !rw.wrote {
				writeError(rw, http.StatusInternalServerError, &diag.Error{Pos: diag.NoPos, Class: diag.RuntimeException, Msg: msg}, "")
				return
			}
			// The status is gone; say it in the body, as Flink would.
			fmt.Fprintf(rw, "\n[ERROR] %s\n%s", msg, debug.Stack())
		}
	}()
	setSecurityHeaders(rw.Header())
	switch r.URL.Path {
	case "/api/run":
		if r.Method == http.MethodOptions {
			preflight(rw)
			return
		}
		if !allow(rw, r, http.MethodPost) {
			return
		}
		h.run(rw, r)
	case "/api/health":
		if allow(rw, r, http.MethodGet, http.MethodHead) {
			writeJSON(rw, http.StatusOK, health{Status: "ok", Version: h.o.Version, Limits: h.o.Limits})
		}
	case "/api/connectors":
		if allow(rw, r, http.MethodGet, http.MethodHead) {
			writeJSON(rw, http.StatusOK, h.getSpecs().Connectors)
		}
	case "/api/functions":
		if allow(rw, r, http.MethodGet, http.MethodHead) {
			writeJSON(rw, http.StatusOK, h.getSpecs().Functions)
		}
	default:
		writeError(rw, http.StatusNotFound, &diag.Error{Pos: diag.NoPos, Class: diag.IllegalArgument,
			Msg: "no such endpoint: " + r.URL.Path + " (try /api/run, /api/health, /api/connectors, /api/functions)"}, "")
	}
}

// health is the answer of /api/health.
type health struct {
	Status  string `json:"status"`
	Version string `json:"version,omitempty"`
	Limits  Limits `json:"limits"`
}

// getSpecs computes the editor's specs once: they come from a fresh session
// and SHOW FUNCTIONS, the same code the playground's engine runs.
func (h *Handler) getSpecs() *protocol.Specs {
	h.specsOnce.Do(func() {
		h.specs = specs.Of(engine.NewSession(engine.Config{}))
	})
	return h.specs
}

// allow answers 405 unless r's method is one of methods.
func allow(w http.ResponseWriter, r *http.Request, methods ...string) bool {
	for _, m := range methods {
		if r.Method == m {
			return true
		}
	}
	w.Header().Set("Allow", strings.Join(methods, ", "))
	writeError(w, http.StatusMethodNotAllowed, &diag.Error{Pos: diag.NoPos, Class: diag.IllegalArgument,
		Msg: fmt.Sprintf("method %s not allowed; use %s", r.Method, strings.Join(methods, " or "))}, "")
	return false
}

// preflight answers a browser's CORS preflight for POST /api/run.
func preflight(w http.ResponseWriter) {
	h := w.Header()
	h.Set("Access-Control-Allow-Methods", "POST, OPTIONS")
	h.Set("Access-Control-Allow-Headers", "Content-Type, Accept")
	h.Set("Access-Control-Max-Age", "86400")
	w.WriteHeader(http.StatusNoContent)
}

// errorBody is the JSON of a 4xx or 5xx answer.
type errorBody struct {
	Error *protocol.Error `json:"error"`
	// Statement is the index of the failing statement, when one failed.
	Statement *int `json:"statement,omitempty"`
	// Output is what the statements before the failing one printed, so a
	// client loses nothing of a run that failed midway.
	Output string `json:"output,omitempty"`
}

// apiError turns err, positioned in script, into the protocol's error
// shape: Flink's class and message, line and column, and the SQL client's
// whole text.
func apiError(err error, script string) *protocol.Error {
	e := diag.Wrap(err)
	e.Resolve(script)
	pe := &protocol.Error{Class: e.Class, Message: e.Msg, Offset: -1,
		Text: "[ERROR] Could not execute SQL statement. Reason:\n" + e.Reason()}
	if e.Pos >= 0 && e.Pos <= len(script) {
		pe.Offset, pe.Line, pe.Col = e.Pos, e.Line, e.Col
	}
	return pe
}

func writeError(w http.ResponseWriter, status int, err error, script string) {
	writeJSON(w, status, errorBody{Error: apiError(err, script)})
}

// WriteError answers with status and err as the API's JSON error, with the
// API's security headers.
func WriteError(w http.ResponseWriter, status int, err error) {
	setSecurityHeaders(w.Header())
	writeError(w, status, err, "")
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	b, err := json.Marshal(v)
	if err != nil {
		status = http.StatusInternalServerError
		b = []byte(`{"error":{"class":"java.lang.RuntimeException","message":"encoding the answer failed","offset":-1,"text":""}}`)
	}
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Content-Length", strconv.Itoa(len(b)+1))
	w.WriteHeader(status)
	w.Write(append(b, '\n'))
}

// trackingWriter remembers whether the response has started.
type trackingWriter struct {
	http.ResponseWriter
	wrote bool
}

func (t *trackingWriter) WriteHeader(code int) {
	t.wrote = true
	t.ResponseWriter.WriteHeader(code)
}

func (t *trackingWriter) Write(p []byte) (int, error) {
	t.wrote = true
	return t.ResponseWriter.Write(p)
}
