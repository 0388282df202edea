// Package pyflink runs PyFlink programs: Python, in an interpreter written
// in Go (github.com/go-python/gpython), with PyFlink's modules written in Go
// over the engine's Session. A TableEnvironment is a Session; execute_sql
// runs a statement on it; TableResult.print() prints as PyFlink's does
// (Flink's TableResultImpl, not the SQL client).
//
// A program may import the pyflink modules and the standard modules the
// interpreter has (builtins, sys, math, string, time); any other import
// fails as it does in a Python without that module.
package pyflink

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"sync"

	"github.com/go-python/gpython/py"

	"github.com/flinkplay/flinkplay/engine"
	"github.com/flinkplay/flinkplay/engine/client"
)

// Options configures a run.
type Options struct {
	// Filename names the program in tracebacks ("my_job.py").
	Filename string
	// Config is the base of every TableEnvironment's session: its
	// streams, seed, zone, file system and clock. Batch is set by the
	// program's EnvironmentSettings.
	Config engine.Config
	// Print is the base of TableResult.print()'s options (its style is
	// always client.TableResult).
	Print client.Options
	// Stdout receives Python's print and TableResult.print(); Stderr is
	// sys.stderr.
	Stdout, Stderr io.Writer
	// Jobs, when set, is told of each job execute_sql submits (an INSERT
	// or a statement set), already running; the host may wait for it
	// when the program ends, as `flink run` leaves jobs to the cluster.
	Jobs func(*engine.Job)
	// Present, when set, shows the query a TableResult.print() prints in
	// place of printing it to Stdout: the page streams it into its result
	// views. stmt is the SQL the result comes from, o the print options
	// (Style client.TableResult). It returns when the query ended, failed
	// (its error, which the program sees as PyFlink shows it) or ctx was
	// cancelled.
	Present func(ctx context.Context, stmt string, res *engine.Result, o client.Options) error
}

// Error is a Python exception that ended a program: its traceback as
// Python prints it.
type Error struct {
	Traceback string
	// Exit is set for SystemExit: the status the program asked for.
	Exit *int
}

func (e *Error) Error() string { return e.Traceback }

// run is the state of one program.
type run struct {
	ctx    context.Context
	opts   Options
	mu     sync.Mutex
	envs   []*tableEnv
	nextID int // Java object ids, as py4j numbers them ("o8")
	// unnamed counts anonymous tables (TableDescriptor sinks)
	unnamed int
	// unnamedTables counts the tables str() registered
	unnamedTables int
	interp        *interp
}

// Run runs a program to its end, or until ctx is cancelled. A Python
// exception that ends the program is returned as *Error.
func Run(ctx context.Context, src string, opts Options) (err error) {
	defer func() {
		// gpython panics on a few inputs it cannot handle: the program
		// fails with SystemError, as CPython reports its own faults
		if p := recover(); p != nil {
			err = &Error{Traceback: fmt.Sprintf("SystemError: %v\n", p)}
		}
	}()
	if opts.Filename == "" {
		opts.Filename = "<string>"
	}
	r := &run{ctx: ctx, opts: opts, nextID: 7}
	c, err := newInterp(r.modules(), &writer{w: opts.Stdout}, &writer{w: opts.Stderr})
	if err != nil {
		return err
	}
	r.interp = c
	defer c.Close()
	prog, err := desugarFStrings(src)
	if err != nil {
		return &Error{Traceback: formatError(err, src, opts.Filename)}
	}
	code, err := py.Compile(prog, opts.Filename, py.ExecMode, 0, true)
	if err != nil {
		return &Error{Traceback: formatError(err, src, opts.Filename)}
	}
	_, err = py.RunCode(c, code, opts.Filename, nil)
	if err == nil {
		return nil
	}
	if errors.Is(ctx.Err(), context.Canceled) {
		return ctx.Err()
	}
	if status, ok := systemExit(err); ok {
		if status == 0 {
			return nil
		}
		return &Error{Exit: &status}
	}
	return &Error{Traceback: formatError(err, src, opts.Filename)}
}

// writer is sys.stdout: a Python file object writing to the run's output.
type writer struct{ w io.Writer }

var writerType = py.NewType("TextIOWrapper", "the program's standard output")

func init() {
	writerType.Dict["write"] = py.MustNewMethod("write", func(self py.Object, arg py.Object) (py.Object, error) {
		s, ok := arg.(py.String)
		if !ok {
			return nil, py.ExceptionNewf(py.TypeError, "write() argument must be str, not %s", arg.Type().Name)
		}
		w := self.(*writer)
		if w.w != nil {
			if _, err := io.WriteString(w.w, string(s)); err != nil {
				return nil, py.ExceptionNewf(py.OSError, "%v", err)
			}
		}
		return py.Int(len([]rune(string(s)))), nil
	}, 0, "write(s) -> writes s")
	writerType.Dict["flush"] = py.MustNewMethod("flush", func(self py.Object) (py.Object, error) {
		return py.None, nil
	}, 0, "flush() -> does nothing")
}

func (w *writer) Type() *py.Type { return writerType }

// systemExit reports whether err is SystemExit, and its status.
func systemExit(err error) (int, bool) {
	ex, ok := exceptionOf(err)
	if !ok || !ex.Type().IsSubtype(py.SystemExit) {
		return 0, false
	}
	if len(ex.Args.(py.Tuple)) == 0 {
		return 0, true
	}
	switch v := ex.Args.(py.Tuple)[0].(type) {
	case py.Int:
		return int(v), true
	case py.NoneType:
		return 0, true
	}
	return 1, true
}

func exceptionOf(err error) (*py.Exception, bool) {
	var info py.ExceptionInfo
	if errors.As(err, &info) {
		ex, ok := info.Value.(*py.Exception)
		return ex, ok
	}
	var ex *py.Exception
	if errors.As(err, &ex) {
		return ex, true
	}
	return nil, false
}

// formatError prints an exception as Python prints an uncaught one: the
// traceback of the program's frames with their source lines, then the
// exception's qualified class and message.
func formatError(err error, src, filename string) string {
	var b strings.Builder
	lines := strings.Split(src, "\n")
	var info py.ExceptionInfo
	if errors.As(err, &info) && info.Traceback != nil {
		b.WriteString("Traceback (most recent call last):\n")
		var frames []*py.Traceback
		for tb := info.Traceback; tb != nil; tb = tb.Next {
			frames = append(frames, tb)
		}
		for _, tb := range frames {
			name := tb.Frame.Code.Name
			file := tb.Frame.Code.Filename
			fmt.Fprintf(&b, "  File \"%s\", line %d, in %s\n", file, tb.Lineno, name)
			if file == filename && int(tb.Lineno) >= 1 && int(tb.Lineno) <= len(lines) {
				if l := strings.TrimSpace(lines[tb.Lineno-1]); l != "" {
					fmt.Fprintf(&b, "    %s\n", l)
				}
			}
		}
	}
	ex, ok := exceptionOf(err)
	if !ok {
		b.WriteString(err.Error())
		b.WriteString("\n")
		return b.String()
	}
	if ex.Type().IsSubtype(py.SyntaxError) {
		return b.String() + syntaxError(ex, lines, filename)
	}
	b.WriteString(qualifiedName(ex.Type()))
	if msg := exceptionMessage(ex); msg != "" {
		b.WriteString(": ")
		b.WriteString(msg)
	}
	b.WriteString("\n")
	return b.String()
}

// syntaxError prints a SyntaxError as Python does: where, the line and a
// caret under the column.
func syntaxError(ex *py.Exception, lines []string, filename string) string {
	var b strings.Builder
	line, col := 0, 0
	if v, ok := ex.Dict["lineno"].(py.Int); ok {
		line = int(v)
	}
	if v, ok := ex.Dict["offset"].(py.Int); ok {
		col = int(v)
	}
	file := filename
	if v, ok := ex.Dict["filename"].(py.String); ok && v != "" {
		file = string(v)
	}
	fmt.Fprintf(&b, "  File \"%s\", line %d\n", file, line)
	if line >= 1 && line <= len(lines) && strings.TrimSpace(lines[line-1]) != "" {
		text := lines[line-1]
		trimmed := strings.TrimLeft(text, " \t")
		fmt.Fprintf(&b, "    %s\n", strings.TrimRight(trimmed, " \t\r"))
		if col > 0 {
			col -= len(text) - len(trimmed)
			fmt.Fprintf(&b, "    %s^\n", strings.Repeat(" ", max(col-1, 0)))
		}
	}
	msg := exceptionMessage(ex)
	if msg == "" {
		msg = "invalid syntax"
	}
	fmt.Fprintf(&b, "SyntaxError: %s\n", msg)
	return b.String()
}

// exceptionMessage is str(exception).
func exceptionMessage(ex *py.Exception) string {
	args, _ := ex.Args.(py.Tuple)
	switch len(args) {
	case 0:
		return ""
	case 1:
		s, err := py.Str(args[0])
		if err != nil {
			return ""
		}
		return string(s.(py.String))
	}
	s, err := py.Str(args)
	if err != nil {
		return ""
	}
	return string(s.(py.String))
}

// qualifiedName is how Python names an exception's class in a traceback:
// the builtins plainly, others with their module.
func qualifiedName(t *py.Type) string {
	if m, ok := t.Dict["__module__"].(py.String); ok && m != "" && m != "builtins" {
		return string(m) + "." + t.Name
	}
	return t.Name
}
