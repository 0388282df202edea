package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"strings"
	"sync"
	"time"

	"github.com/flinkplay/flinkplay/engine"
	"github.com/flinkplay/flinkplay/engine/client"
	"github.com/flinkplay/flinkplay/engine/pyflink"
)

const runUsage = `Usage: flinkplay run [flags] -py program.py
       flinkplay run [flags] program.py

Runs a PyFlink program, as 'flink run -py program.py' does on a cluster: its
TableEnvironment is a session of the playground, and TableResult.print()
prints as PyFlink prints it. The program may import the pyflink modules and
Python's builtins, sys, math, string and time; a Python error prints Python's
traceback on standard error (exit status 1).

Jobs that execute_sql submits (an INSERT, a statement set) run in the
background while the program goes on; when it ends the run waits for them
and reports each job's end on standard error. Ctrl-C stops the program and
its jobs.

Flags:
`

// stopGrace is how long a stopped program may take to end.
const stopGrace = 100 * time.Millisecond

// pythonFlags are the flags of the run command.
type pythonFlags struct {
	program        string
	seed           int64
	timezone       string
	maxRows        int
	maxColumnWidth int
}

func newRunFlagSet(a *app) (*flag.FlagSet, *pythonFlags) {
	f := &pythonFlags{}
	fs := flag.NewFlagSet("run", flag.ContinueOnError)
	fs.SetOutput(a.stderr)
	fs.StringVar(&f.program, "py", "", "run the PyFlink program in `file` (as flink run -py)")
	fs.StringVar(&f.program, "python", "", "the same as -py")
	fs.Int64Var(&f.seed, "seed", 0, "seed random data: sets playground.datagen.seed, so runs repeat (default: random every run)")
	fs.StringVar(&f.timezone, "timezone", "", "default of table.local-time-zone, e.g. UTC or Europe/Berlin (default: the system zone)")
	fs.IntVar(&f.maxRows, "max-rows", 0, "stop each print() or collect() of a query after `n` rows (0: no limit)")
	fs.IntVar(&f.maxColumnWidth, "max-column-width", client.DefaultMaxColumnWidth,
		"default of table.display.max-column-width: cut wider cells with '...'")
	fs.Usage = func() {
		fmt.Fprint(fs.Output(), runUsage)
		fs.PrintDefaults()
	}
	return fs, f
}

// runPython is the run command.
func (a *app) runPython(args []string) int {
	fs, f := newRunFlagSet(a)
	if wantsHelp(args) {
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
	rest := fs.Args()
	if f.program == "" && len(rest) > 0 {
		f.program, rest = rest[0], rest[1:]
	}
	switch {
	case f.program == "":
		fmt.Fprintf(a.stderr, "flinkplay run: no program: give -py program.py\n")
		return exitUsage
	case !strings.HasSuffix(f.program, ".py"):
		fmt.Fprintf(a.stderr, "flinkplay run: %s is not a Python program (.py); run SQL scripts with 'flinkplay sql -f'\n", f.program)
		return exitUsage
	case f.maxColumnWidth <= 0:
		fmt.Fprintf(a.stderr, "flinkplay run: --max-column-width must be positive\n")
		return exitUsage
	}
	src, err := os.ReadFile(f.program)
	if err != nil {
		fmt.Fprintf(a.stderr, "flinkplay run: %v\n", err)
		return exitUsage
	}
	a.stdout, a.stderr = lockWriter(a.stdout), lockWriter(a.stderr)
	cfg := engine.Config{Stdout: a.stdout, Stderr: a.stderr}
	if f.timezone != "" {
		loc, err := time.LoadLocation(f.timezone)
		if err != nil {
			fmt.Fprintf(a.stderr, "flinkplay run: --timezone: %v\n", err)
			return exitUsage
		}
		cfg.Zone = loc
	}
	fs.Visit(func(fl *flag.Flag) {
		if fl.Name == "seed" {
			seed := f.seed
			cfg.Seed = &seed
		}
	})
	po := client.Defaults(client.TableResult)
	po.MaxRows = f.maxRows
	po.MaxColumnWidth = f.maxColumnWidth

	ctl := newInterrupter(a.interrupts, a.exit)
	defer ctl.stop()
	var jobs []*engine.Job
	var watched sync.WaitGroup
	var mu sync.Mutex
	opts := pyflink.Options{Filename: f.program, Config: cfg, Print: po, Stdout: a.stdout, Stderr: a.stderr,
		Jobs: func(j *engine.Job) {
			mu.Lock()
			jobs = append(jobs, j)
			mu.Unlock()
			watched.Add(1)
			go func() {
				defer watched.Done()
				<-j.Done()
				a.jobEnded(j)
			}()
		}}
	ctx, done := ctl.statement()
	// Python code between PyFlink calls does not watch for Ctrl-C: a
	// program still running 100 ms after it is stopped is left behind.
	ran := make(chan error, 1)
	go func() { ran <- pyflink.Run(ctx, string(src), opts) }()
	select {
	case err = <-ran:
	case <-ctx.Done():
		select {
		case err = <-ran:
		case <-time.After(stopGrace):
			fmt.Fprintf(a.stderr, "flinkplay run: stopped\n")
			a.exit(exitInterrupted)
			return exitInterrupted
		}
	}
	status := exitOK
	var pe *pyflink.Error
	switch {
	case errors.As(err, &pe) && pe.Exit != nil:
		status = *pe.Exit
	case errors.As(err, &pe):
		fmt.Fprint(a.stderr, pe.Traceback)
		status = exitFailed
	case errors.Is(err, context.Canceled):
		status = exitInterrupted
	case err != nil:
		fmt.Fprintf(a.stderr, "flinkplay run: %v\n", err)
		status = exitFailed
	}
	// The jobs go on after the program, as on a cluster: wait for them.
	running := 0
	mu.Lock()
	for _, j := range jobs {
		if j.State().Status == engine.JobRunning {
			running++
		}
	}
	mu.Unlock()
	if running > 0 && ctx.Err() == nil {
		fmt.Fprintf(a.stderr, "[INFO] Waiting for %d running job(s) to end; Ctrl-C stops them.\n", running)
		all := make(chan struct{})
		go func() { watched.Wait(); close(all) }()
		select {
		case <-all:
		case <-ctx.Done():
			status = exitInterrupted
		}
	}
	if ctx.Err() != nil {
		mu.Lock()
		for _, j := range jobs {
			j.Stop()
		}
		mu.Unlock()
	}
	watched.Wait()
	done()
	for _, j := range jobs {
		if j.State().Status == engine.JobFailed && status == exitOK {
			status = exitFailed
		}
	}
	return status
}
