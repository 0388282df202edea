package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/flinkplay/flinkplay/engine/diag"
	"github.com/flinkplay/flinkplay/engine/export"
)

// exportUsage is the help of `flinkplay export`.
const exportUsage = `Usage: flinkplay export (--pyflink | --sql) [--output file] [--batch] [FILE | -]

Turns a playground script into something Apache Flink runs as it is:

	--pyflink   a PyFlink program: a TableEnvironment in the script's runtime
	            mode and one t_env.execute_sql per statement (python3 program.py)
	--sql       a script for Flink's SQL client (./bin/sql-client.sh -f script.sql)

Every statement keeps its exact text; settings only the playground reads
(playground.*) are removed with a comment. The script is read from FILE, or
from standard input when FILE is "-" or missing; the result goes to standard
output unless --output names a file. A statement that does not parse stops
the export (exit status 1) with Flink's message and its line:col.

Flags:
`

func (a *app) runExport(args []string) int {
	fs := flag.NewFlagSet("export", flag.ContinueOnError)
	fs.SetOutput(a.stderr)
	pyflink := fs.Bool("pyflink", false, "export a PyFlink program")
	sqlScript := fs.Bool("sql", false, "export a SQL client script")
	output := fs.String("output", "", "write to `file` instead of standard output")
	batch := fs.Bool("batch", false, "the script starts in batch mode unless it sets 'execution.runtime-mode' (as flinkplay sql --batch)")
	fs.Usage = func() {
		fmt.Fprint(fs.Output(), exportUsage)
		fs.PrintDefaults()
	}
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
	if *pyflink == *sqlScript {
		fmt.Fprint(a.stderr, "flinkplay export: choose one of --pyflink and --sql\n")
		return exitUsage
	}
	if fs.NArg() > 1 {
		fmt.Fprintf(a.stderr, "flinkplay export: one script at a time, got %q\n", fs.Args())
		return exitUsage
	}
	name, script, err := a.readScript(fs.Arg(0))
	if err != nil {
		fmt.Fprintf(a.stderr, "flinkplay export: %v\n", err)
		return exitUsage
	}
	o := export.Options{Batch: *batch}
	var out string
	if *pyflink {
		out, err = export.PyFlink(script, o)
	} else {
		out, err = export.SQLClient(script, o)
	}
	if err != nil {
		// As a compiler would: file:line:col, then Flink's words, which
		// flinkplay sql prints below "[ERROR] ... Reason:".
		e := diag.Wrap(err)
		if e.Line > 0 {
			fmt.Fprintf(a.stderr, "%s:%d:%d: %s\n", name, e.Line, e.Col, e.Reason())
		} else {
			fmt.Fprintf(a.stderr, "%s: %s\n", name, e.Reason())
		}
		return exitFailed
	}
	if *output == "" {
		if _, err := io.WriteString(a.stdout, out); err != nil {
			fmt.Fprintf(a.stderr, "flinkplay export: %v\n", err)
			return exitFailed
		}
		return exitOK
	}
	if err := os.WriteFile(*output, []byte(out), 0o644); err != nil {
		fmt.Fprintf(a.stderr, "flinkplay export: %v\n", err)
		return exitFailed
	}
	return exitOK
}

// readScript reads the script named by arg: a file, or standard input for
// "" and "-". It returns the name errors are reported under.
func (a *app) readScript(arg string) (name, script string, err error) {
	if arg == "" || arg == "-" {
		b, err := io.ReadAll(a.stdin)
		return "<stdin>", string(b), err
	}
	b, err := os.ReadFile(arg)
	return arg, string(b), err
}
