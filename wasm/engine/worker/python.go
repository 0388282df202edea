package worker

import (
	"bytes"
	"context"
	"errors"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/flinkplay/flinkplay/engine"
	"github.com/flinkplay/flinkplay/engine/client"
	"github.com/flinkplay/flinkplay/wasm/engine/protocol"
)

// PythonFunc runs a PyFlink program to its end (engine/pyflink behind
// wasm/engine/pyworker). The worker has none in engine.wasm, so that the
// SQL playground does not carry the Python interpreter; python.wasm sets
// one.
type PythonFunc func(ctx context.Context, p PythonProgram) error

// PythonProgram is what a program run gets from the worker.
type PythonProgram struct {
	Filename, Source string
	// Config is the base of the program's sessions: the worker's clock,
	// zone, file system and seed; Stdout and Stderr are the console.
	Config engine.Config
	// Print is the base of TableResult.print()'s options.
	Print client.Options
	// Present streams a printed query into the page's views; see
	// pyflink.Options.Present.
	Present func(ctx context.Context, stmt string, res *engine.Result, o client.Options) error
	// Jobs is told of each job the program submits.
	Jobs func(*engine.Job)
}

// PythonError is a Python exception that ended a program: PythonFunc
// returns it (pyworker turns pyflink's error into it).
type PythonError struct {
	Traceback string
	// Exit is the status of a SystemExit with a non-zero status (and no
	// traceback).
	Exit int
}

func (e *PythonError) Error() string { return e.Traceback }

// console is a Python program's standard output and error: whole lines go
// to the page as Console messages, in order with its printed queries.
// Lines go at once when none went for consoleEvery (a print before a busy
// Python loop, which gives no other goroutine a turn, is seen), and
// otherwise at most every consoleEvery (a program printing without end
// must not flood the page with a message per line); a ticker sends what
// waits while the program blocks in the engine.
type console struct {
	w  *Worker
	id int

	mu      sync.Mutex
	pending []byte
	last    time.Time
}

// consoleEvery is how often a printing program's lines go out.
const consoleEvery = 20 * time.Millisecond

// consoleLimit is pending output that goes out however soon.
const consoleLimit = 256 << 10

func (c *console) Write(p []byte) (int, error) {
	c.mu.Lock()
	c.pending = append(c.pending, p...)
	due := bytes.IndexByte(p, '\n') >= 0 && (time.Since(c.last) >= consoleEvery || len(c.pending) >= consoleLimit)
	c.mu.Unlock()
	if due {
		c.flush(false)
	}
	return len(p), nil
}

// tick sends waiting lines every consoleEvery until stop is closed.
func (c *console) tick(stop <-chan struct{}) {
	t := time.NewTicker(consoleEvery)
	defer t.Stop()
	for {
		select {
		case <-stop:
			return
		case <-t.C:
			c.flush(false)
		}
	}
}

// flush sends the pending whole lines; all sends a last partial line too.
func (c *console) flush(all bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	n := len(c.pending)
	if !all {
		n = strings.LastIndexByte(string(c.pending), '\n') + 1
	}
	if n == 0 {
		return
	}
	text := string(c.pending[:n])
	c.pending = append(c.pending[:0], c.pending[n:]...)
	c.last = time.Now()
	c.w.emit(protocol.Message{Type: protocol.TypeConsole, ID: c.id, Text: text, Glued: true})
}

// python runs req's program with the worker's PythonFunc: its output as
// Console messages, each query it prints streamed as a statement of the
// run, and a Python exception as an Error whose Text is the traceback.
// Cancelling ctx stops the program and its jobs.
func (w *Worker) python(ctx context.Context, req protocol.Request) {
	if w.o.Python == nil {
		w.emit(protocol.Message{Type: protocol.TypeError, ID: req.ID, Error: &protocol.Error{
			Message: "this engine runs no Python: the page loads python.wasm for Python programs", Offset: -1,
			Text: "[ERROR] this engine runs no Python: the page loads python.wasm for Python programs"}})
		return
	}
	con := &console{w: w, id: req.ID}
	stopTick := make(chan struct{})
	go con.tick(stopTick)
	seed, start := w.runDefaults(req.Config)
	cfg := engine.Config{
		Clock:     yieldingClock{Clock: w.o.Clock, w: w},
		Zone:      w.zone,
		LoadZone:  w.o.LoadZone,
		Seed:      seed,
		StartTime: start,
		Stdout:    con,
		Stderr:    con,
		FS:        w.o.FS,
	}
	po := client.Defaults(client.TableResult)
	if req.Config != nil {
		po.MaxRows = int(req.Config.MaxRows)
	}
	var (
		mu   sync.Mutex
		jobs []*engine.Job
		idx  int
	)
	prog := PythonProgram{
		Filename: req.Filename, Source: req.Script, Config: cfg, Print: po,
		Present: func(ctx context.Context, stmt string, res *engine.Result, o client.Options) error {
			defer res.Close()
			con.flush(true)
			mu.Lock()
			i := idx
			idx++
			mu.Unlock()
			w.emit(protocol.Message{Type: protocol.TypeStatement, ID: req.ID, Stmt: i, SQL: stmt, Glued: true})
			return w.presented(ctx, req, i, res, o)
		},
		Jobs: func(j *engine.Job) {
			mu.Lock()
			jobs = append(jobs, j)
			mu.Unlock()
		},
	}
	if prog.Filename == "" {
		prog.Filename = "<string>"
	}
	err := w.o.Python(ctx, prog)
	// The program's jobs go on after it, as on a cluster; the run ends
	// with them (Stop stops them).
	mu.Lock()
	running := append([]*engine.Job(nil), jobs...)
	mu.Unlock()
	for _, j := range running {
		select {
		case <-j.Done():
		case <-ctx.Done():
		}
	}
	if ctx.Err() != nil {
		for _, j := range running {
			j.Stop()
		}
	}
	close(stopTick)
	con.flush(true)
	var pe *PythonError
	switch {
	case err == nil, ctx.Err() != nil && errors.Is(err, ctx.Err()):
	case errors.As(err, &pe) && pe.Traceback == "":
		w.emit(protocol.Message{Type: protocol.TypeConsole, ID: req.ID, Glued: true,
			Text: "(the program exited with status " + strconv.Itoa(pe.Exit) + ")\n"})
	default:
		w.emit(protocol.Message{Type: protocol.TypeError, ID: req.ID, Stmt: idx, Error: pythonError(err, req)})
	}
}

// tracebackLine finds a traceback's frames in the program ("File
// "my_job.py", line 12").
var tracebackLine = regexp.MustCompile(`File "([^"]*)", line (\d+)`)

// pythonError is a Python exception as the page shows it: the traceback as
// Text, placed at the program's line of its innermost frame.
func pythonError(err error, req protocol.Request) *protocol.Error {
	tb := strings.TrimSuffix(err.Error(), "\n")
	e := &protocol.Error{Text: tb, Offset: -1}
	last := tb[strings.LastIndexByte(tb, '\n')+1:]
	e.Message = last
	if k := strings.IndexByte(last, ':'); k > 0 && !strings.Contains(last[:k], " ") {
		e.Class, e.Message = last[:k], strings.TrimSpace(last[k+1:])
	}
	name := req.Filename
	if name == "" {
		name = "<string>"
	}
	line := 0
	for _, m := range tracebackLine.FindAllStringSubmatch(tb, -1) {
		if m[1] == name {
			line, _ = strconv.Atoi(m[2])
		}
	}
	if line > 0 {
		off := 0
		for l := 1; l < line && off <= len(req.Script); l++ {
			nl := strings.IndexByte(req.Script[off:], '\n')
			if nl < 0 {
				off = -1
				break
			}
			off += nl + 1
		}
		if off >= 0 && off <= len(req.Script) {
			// the line's first non-blank character
			for off < len(req.Script) && (req.Script[off] == ' ' || req.Script[off] == '\t') {
				off++
			}
			e.Offset, e.Line = off, line
			e.Col = off - strings.LastIndexByte(req.Script[:off], '\n')
		}
	}
	return e
}

// presented streams a query a program prints, as TableResult.print()
// prints it: type-inferred widths, the op column in streaming mode only,
// the head once a row came, and "N rows in set" or "Empty set". Its
// error is returned, for the program to raise.
func (w *Worker) presented(ctx context.Context, req protocol.Request, idx int, res *engine.Result, o client.Options) error {
	cancelled, err := w.stream(ctx, req, idx, res, o, true)
	if err == nil && cancelled {
		err = ctx.Err()
	}
	return err
}
