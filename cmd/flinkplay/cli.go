package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"time"

	"github.com/flinkplay/flinkplay/engine"
	"github.com/flinkplay/flinkplay/engine/catalog"
	"github.com/flinkplay/flinkplay/engine/client"
	"github.com/flinkplay/flinkplay/engine/diag"
	"github.com/flinkplay/flinkplay/wasm/engine/protocol"
)

// SeedScript is the playground's first example: an unbounded random table
// and a query over it.
const SeedScript = `CREATE TABLE MySource (id INT, name STRING) WITH ('connector' = 'datagen');
SELECT * FROM MySource;
`

// Exit statuses.
const (
	exitOK          = 0
	exitFailed      = 1   // a statement failed
	exitUsage       = 2   // bad command line
	exitInterrupted = 130 // a second Ctrl-C, as shells report SIGINT
)

const usage = `flinkplay runs Apache Flink SQL without a cluster and prints results
exactly as Flink's SQL client does in tableau result mode.

Usage:

	flinkplay <command> [flags]

Commands:

	sql     run a SQL script: from a file (-f), a string (-e) or standard input
	run     run a PyFlink program (-py program.py), as 'flink run -py' does
	seed    run the seed example: a datagen table and SELECT * FROM it
	serve   serve the browser playground (embedded; build it with "make web")
	export  turn a script into a PyFlink program or a SQL client script for real Flink
	help    show help for a command

Run "flinkplay help <command>" or "flinkplay <command> --help" for its flags.
`

// app is one run of the command line: its streams and, in the real
// program, the interrupts (Ctrl-C) it reacts to.
type app struct {
	stdin          io.Reader
	stdout, stderr io.Writer
	interrupts     <-chan os.Signal
	exit           func(code int) // for a second Ctrl-C; os.Exit by default
	// progress is set when stderr is a terminal: a running statement's
	// progress is drawn there (progress.go).
	progress bool
	now      func() time.Time
}

func newApp(stdin io.Reader, stdout, stderr io.Writer) *app {
	return &app{stdin: stdin, stdout: stdout, stderr: stderr, exit: os.Exit, progress: isTerminal(stderr), now: time.Now}
}

// run runs the command line args (without the program name) and returns
// the exit status.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	return newApp(stdin, stdout, stderr).run(args)
}

func (a *app) run(args []string) int {
	if len(args) == 0 {
		fmt.Fprint(a.stdout, usage)
		return exitOK
	}
	switch cmd, rest := args[0], args[1:]; cmd {
	case "sql", "seed":
		return a.runSQL(cmd, rest)
	case "run":
		return a.runPython(rest)
	case "serve":
		return a.runServe(rest)
	case "export":
		return a.runExport(rest)
	case "help", "-h", "-help", "--help":
		if cmd == "help" && len(rest) > 0 {
			switch rest[0] {
			case "sql", "seed":
				fs, _ := newFlagSet(rest[0], a.stdout)
				fs.Usage()
				return exitOK
			case "run":
				return a.runPython([]string{"--help"})
			case "serve":
				return a.runServe([]string{"--help"})
			case "export":
				return a.runExport([]string{"--help"})
			}
			fmt.Fprintf(a.stderr, "flinkplay help: unknown command %q\n", rest[0])
			return exitUsage
		}
		fmt.Fprint(a.stdout, usage)
		return exitOK
	default:
		fmt.Fprintf(a.stderr, "flinkplay: unknown command %q\n\n%s", cmd, usage)
		return exitUsage
	}
}

// flags holds the flags of the sql and seed commands.
type flags struct {
	file, exec     string
	batch          bool
	seed           int64
	maxColumnWidth int
	printTimeCost  bool
	timezone       string
	maxRows        int
	dmlSync        bool
	echo           bool
	catalogFile    string
}

func newFlagSet(cmd string, out io.Writer) (*flag.FlagSet, *flags) {
	f := &flags{}
	fs := flag.NewFlagSet(cmd, flag.ContinueOnError)
	fs.SetOutput(out)
	if cmd == "sql" {
		fs.StringVar(&f.file, "f", "", "run the SQL script in `file`")
		fs.StringVar(&f.exec, "e", "", "run the `statements` given, separated by ';'")
		fs.StringVar(&f.catalogFile, "catalog-file", "",
			"keep catalogs of type 'playground' in the JSON `file` (created when missing): their databases,\ntables and views survive the run; CREATE CATALOG c WITH ('type' = 'playground') makes one")
	}
	fs.BoolVar(&f.batch, "batch", false, "start in batch mode (execution.runtime-mode = batch) instead of streaming")
	fs.Int64Var(&f.seed, "seed", 0, "seed random data: sets playground.datagen.seed, so runs repeat (default: random every run)")
	fs.IntVar(&f.maxColumnWidth, "max-column-width", client.DefaultMaxColumnWidth,
		"default of table.display.max-column-width: cut wider cells with '...'")
	fs.BoolVar(&f.printTimeCost, "print-time-cost", true,
		"default of sql-client.display.print-time-cost: add '(0.12 seconds)' to query footers")
	fs.StringVar(&f.timezone, "timezone", "", "default of table.local-time-zone, e.g. UTC or Europe/Berlin (default: the system zone)")
	fs.IntVar(&f.maxRows, "max-rows", 0, "stop each query after `n` rows, as Ctrl-C would (0: no limit)")
	fs.BoolVar(&f.dmlSync, "dml-sync", false, "default of table.dml-sync: report INSERTs when they complete instead of as submitted jobs")
	fs.BoolVar(&f.echo, "echo", false, "print each statement after a 'Flink SQL>' prompt before its result")
	fs.Usage = func() {
		out := fs.Output()
		switch cmd {
		case "sql":
			fmt.Fprint(out, `Usage: flinkplay sql [flags] [-f file | -e statements]

Runs a SQL script statement by statement and prints every result as Flink's
SQL client does in tableau mode. Without -f and -e the script is read from
standard input. The run stops at the first failing statement (exit status 1).
Ctrl-C stops the running query ("Query terminated, ..."); a second Ctrl-C exits.

An INSERT (or statement set) is submitted as a job that runs in the background
while the script goes on, as the SQL client submits it (table.dml-sync false):
SHOW JOBS, DESCRIBE JOB 'id' and STOP JOB 'id' reach it. When the script ends
the run waits for its jobs and reports each job's end on standard error;
Ctrl-C stops them. With -dml-sync (or SET 'table.dml-sync' = 'true') an INSERT
runs to its end before the next statement.

Standard output is exactly what Flink prints. When standard error is a
terminal, a running query's progress is drawn there on one line (rows read
per source, rows/s, elapsed time, and the option that throttles a source)
while standard output is quiet; when a value of a file does not parse, its
file, line and column follow the error on standard error.

Catalogs of type 'generic_in_memory' (Flink's default) live as long as the run.
With --catalog-file, CREATE CATALOG c WITH ('type' = 'playground') makes a
catalog whose databases, tables and views are written to that JSON file and
come back in the next run that names the same file. Stored entries that
cannot be read are reported on standard error and skipped, never deleted.

Flags:
`)
		case "seed":
			fmt.Fprint(out, `Usage: flinkplay seed [flags]

Runs the seed example, an unbounded random table and a query over it:

`+indent(SeedScript)+`
It prints rows until Ctrl-C (or --max-rows).

Flags:
`)
		}
		fs.PrintDefaults()
	}
	return fs, f
}

func indent(s string) string {
	return "\t" + strings.ReplaceAll(strings.TrimSuffix(s, "\n"), "\n", "\n\t") + "\n"
}

func (a *app) runSQL(cmd string, args []string) int {
	fs, f := newFlagSet(cmd, a.stderr)
	if wantsHelp(args) {
		// Help goes to stdout once; flag.Parse would print it to stderr first.
		fs.SetOutput(a.stdout)
		fs.Usage()
		return exitOK
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return exitOK
		}
		return exitUsage
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(a.stderr, "flinkplay %s: unexpected arguments %q\n", cmd, fs.Args())
		return exitUsage
	}
	script := SeedScript
	if cmd == "sql" {
		var err error
		if script, err = a.script(f); err != nil {
			fmt.Fprintf(a.stderr, "flinkplay sql: %v\n", err)
			return exitUsage
		}
	}
	// Background jobs write (the print connector, their ends) while
	// statements print: every write goes through one lock per stream.
	a.stdout, a.stderr = lockWriter(a.stdout), lockWriter(a.stderr)
	cfg := engine.Config{Batch: f.batch, Stdout: a.stdout, Stderr: a.stderr}
	opts := client.Defaults(client.SQLClient)
	opts.MaxColumnWidth = f.maxColumnWidth
	opts.PrintTimeCost = f.printTimeCost
	opts.DMLSync = f.dmlSync
	opts.MaxRows = f.maxRows
	if f.timezone != "" {
		loc, err := time.LoadLocation(f.timezone)
		if err != nil {
			fmt.Fprintf(a.stderr, "flinkplay %s: --timezone: %v\n", cmd, err)
			return exitUsage
		}
		cfg.Zone = loc
	}
	if f.maxColumnWidth <= 0 {
		fmt.Fprintf(a.stderr, "flinkplay %s: --max-column-width must be positive\n", cmd)
		return exitUsage
	}
	fs.Visit(func(fl *flag.Flag) {
		if fl.Name == "seed" {
			seed := f.seed
			cfg.Seed = &seed
		}
	})
	if f.catalogFile != "" {
		st, err := catalog.OpenFileStore(f.catalogFile)
		if err != nil {
			fmt.Fprintf(a.stderr, "flinkplay %s: --catalog-file: %v\n", cmd, err)
			return exitUsage
		}
		cfg.CatalogStore = st
	}
	return a.execute(engine.NewSession(cfg), script, opts, f.echo)
}

// warnings prints the session's catalog warnings not printed yet, to
// standard error: standard output stays exactly what Flink prints.
func (a *app) warnings(sess *engine.Session, printed int) int {
	w := sess.Warnings()
	for _, line := range w[min(printed, len(w)):] {
		fmt.Fprintf(a.stderr, "[WARNING] %s\n", line)
	}
	return len(w)
}

// script returns the SQL to run, from -f, -e or standard input.
func (a *app) script(f *flags) (string, error) {
	switch {
	case f.file != "" && f.exec != "":
		return "", errors.New("-f and -e exclude each other")
	case f.file != "":
		b, err := os.ReadFile(f.file)
		return string(b), err
	case f.exec != "":
		return f.exec, nil
	}
	b, err := io.ReadAll(a.stdin)
	return string(b), err
}

// execute runs script statement after statement, as the SQL client runs a
// file, and stops at the first error.
func (a *app) execute(sess *engine.Session, script string, base client.Options, echo bool) int {
	ctl := newInterrupter(a.interrupts, a.exit)
	defer ctl.stop()
	// INSERT jobs run in the background while the script goes on, as the
	// SQL client submits them (table.dml-sync false); the run waits for
	// them at the end.
	var watched sync.WaitGroup
	base.Detach = func(j *engine.Job) {
		j.Run(nil)
		watched.Add(1)
		go func() {
			defer watched.Done()
			<-j.Done()
			a.jobEnded(j)
		}()
	}
	status := a.runStatements(sess, script, base, echo, ctl)
	if code := a.waitJobs(sess, ctl, &watched); status == exitOK {
		status = code
	}
	return status
}

// stopped is the context of a statement that must not run: Ctrl-C came
// between two statements.
var stopped = func() context.Context {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	return ctx
}()

// runStatements runs the statements of the script in turn.
func (a *app) runStatements(sess *engine.Session, script string, base client.Options, echo bool, ctl *interrupter) int {
	warned := a.warnings(sess, 0)
	var o client.Options
	ctx, done := context.Background(), func() {}
	steps := sess.ExecuteScript(context.Background(), script, engine.ScriptOptions{
		Before: func(st *engine.Step) context.Context {
			if ctl.quitting() {
				return stopped
			}
			if st.Index > 0 || echo {
				// The SQL client leaves a blank line before every prompt.
				fmt.Fprintln(a.stdout)
			}
			if echo {
				fmt.Fprintf(a.stdout, "Flink SQL> %s;\n", st.SQL)
			}
			o = base.ForSession(sess)
			o.Start = time.Now()
			ctx, done = ctl.statement()
			return ctx
		},
	})
	for st := range steps {
		if st.Index < 0 {
			// The script does not split: nothing ran.
			client.PrintError(a.stdout, st.Err, base)
			return exitFailed
		}
		err := st.Err
		if err == nil {
			out := a.stdout
			var prog *progressLine
			res := st.Result
			if a.progress && (res.Kind == engine.ResultQuery || res.Kind == engine.ResultInsert) {
				prog, out = startProgress(a.stderr, a.stdout, res, a.now)
			}
			_, err = client.Print(ctx, out, res, o)
			prog.end()
		}
		done()
		warned = a.warnings(sess, warned)
		if ctl.quitting() {
			return exitInterrupted
		}
		if err != nil && !errors.Is(err, context.Canceled) {
			client.PrintError(a.stdout, err, o)
			if e, ok := diag.As(err); ok && e.Where != "" {
				// Where in the data it failed: Flink's text has no place
				// for it, so it goes beside, to standard error.
				fmt.Fprintf(a.stderr, "[ERROR] at %s\n", e.Where)
			}
			if e, ok := diag.As(err); ok && e.Note != "" {
				// Why the playground cannot: not Flink's words either.
				fmt.Fprintf(a.stderr, "[ERROR] %s\n", e.Note)
			}
			return exitFailed
		}
	}
	if ctl.quitting() {
		return exitInterrupted
	}
	return exitOK
}

// waitJobs waits for the running jobs at the end of the script; Ctrl-C
// stops them. It returns exitFailed when a job failed, exitInterrupted
// when they were stopped.
func (a *app) waitJobs(sess *engine.Session, ctl *interrupter, watched *sync.WaitGroup) int {
	running := 0
	for _, j := range sess.Jobs() {
		if j.State().Status == engine.JobRunning {
			running++
		}
	}
	code := exitOK
	if running > 0 {
		fmt.Fprintf(a.stderr, "[INFO] Waiting for %d running job(s) to end; Ctrl-C stops them.\n", running)
		ctx, done := ctl.statement()
		all := make(chan struct{})
		go func() { watched.Wait(); close(all) }()
		select {
		case <-all:
		case <-ctx.Done():
			sess.StopJobs()
			<-all
			code = exitInterrupted
		}
		done()
	}
	watched.Wait()
	for _, j := range sess.Jobs() {
		if j.State().Status == engine.JobFailed && code == exitOK {
			code = exitFailed
		}
	}
	return code
}

// jobEnded reports a background job's end on standard error (standard
// output stays what the SQL client prints).
func (a *app) jobEnded(j *engine.Job) {
	st := j.State()
	fmt.Fprintf(a.stderr, "[INFO] Job %s (%s) %s: %s rows written.\n", j.ID, j.Name, st.Status, protocol.Count(st.RowsOut))
	if st.Err != nil {
		var b strings.Builder
		client.PrintError(&b, st.Err, client.Defaults(client.SQLClient))
		fmt.Fprint(a.stderr, b.String())
	}
}

// interrupter turns Ctrl-C into cancellation: the first one cancels the
// running statement, whose printer then ends its output cleanly; a second
// one, or one between statements, quits. If the engine does not stop within
// a grace period after that, the program exits anyway.
type interrupter struct {
	mu      sync.Mutex
	cancel  context.CancelFunc // of the running statement, nil between statements
	cut     bool               // the running statement was cancelled
	quit    bool
	stopped chan struct{}
}

// graceAfterQuit is how long a second Ctrl-C waits for the engine to stop.
const graceAfterQuit = 2 * time.Second

func newInterrupter(signals <-chan os.Signal, exit func(int)) *interrupter {
	c := &interrupter{stopped: make(chan struct{})}
	if signals == nil {
		return c
	}
	go func() {
		for {
			select {
			case <-c.stopped:
				return
			case <-signals:
			}
			c.mu.Lock()
			if c.cancel != nil && !c.cut {
				c.cut = true
				c.cancel()
				c.mu.Unlock()
				continue
			}
			c.quit = true
			if c.cancel != nil {
				c.cancel()
			}
			c.mu.Unlock()
			select {
			case <-c.stopped:
			case <-time.After(graceAfterQuit):
				exit(exitInterrupted)
			}
			return
		}
	}()
	return c
}

// statement returns the context of the next statement and a function to
// call when it is done.
func (c *interrupter) statement() (context.Context, func()) {
	ctx, cancel := context.WithCancel(context.Background())
	c.mu.Lock()
	c.cancel, c.cut = cancel, false
	c.mu.Unlock()
	return ctx, func() {
		c.mu.Lock()
		c.cancel = nil
		c.mu.Unlock()
		cancel()
	}
}

func (c *interrupter) quitting() bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.quit
}

func (c *interrupter) stop() { close(c.stopped) }

// wantsHelp reports whether args ask for help (-h, -help, --help) before
// the end of the flags.
func wantsHelp(args []string) bool {
	for _, a := range args {
		switch a {
		case "--":
			return false
		case "-h", "-help", "--h", "--help":
			return true
		}
		if !strings.HasPrefix(a, "-") {
			return false
		}
	}
	return false
}

// lockedWriter serializes the writes of the statements and of the
// background jobs to one stream.
type lockedWriter struct {
	mu sync.Mutex
	w  io.Writer
}

func lockWriter(w io.Writer) io.Writer {
	if lw, ok := w.(*lockedWriter); ok {
		return lw
	}
	return &lockedWriter{w: w}
}

func (l *lockedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(p)
}
