package main

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

var update = flag.Bool("update", false, "rewrite testdata/*.golden with the actual output")

func TestUsage(t *testing.T) {
	allFlags := []string{"-batch", "-seed", "-max-column-width", "-print-time-cost", "-timezone", "-max-rows", "-dml-sync", "-echo"}
	tests := []struct {
		name     string
		args     []string
		code     int
		stdout   []string // substrings of stdout
		stderr   string   // substring of stderr
		noStdout bool
	}{
		{name: "no arguments print help", args: nil, code: 0, stdout: []string{"Usage:", "sql", "seed"}},
		{name: "--help", args: []string{"--help"}, code: 0, stdout: []string{"Commands:"}},
		{name: "help sql", args: []string{"help", "sql"}, code: 0, stdout: append([]string{"-f file", "-e statements"}, allFlags...)},
		{name: "sql --help", args: []string{"sql", "--help"}, code: 0, stdout: append([]string{"flinkplay sql"}, allFlags...)},
		{name: "seed -h", args: []string{"seed", "-h"}, code: 0, stdout: append([]string{"CREATE TABLE MySource"}, allFlags...)},
		{name: "unknown command", args: []string{"serve-me"}, code: 2, stderr: `unknown command "serve-me"`},
		{name: "help for an unknown command", args: []string{"help", "nope"}, code: 2, stderr: `unknown command "nope"`},
		{name: "unknown flag", args: []string{"sql", "--nope"}, code: 2, stderr: "flag provided but not defined: -nope", noStdout: true},
		{name: "-f and -e", args: []string{"sql", "-f", "x.sql", "-e", "SELECT 1"}, code: 2, stderr: "exclude each other"},
		{name: "missing file", args: []string{"sql", "-f", "does/not/exist.sql"}, code: 2, stderr: "does/not/exist.sql"},
		{name: "bad time zone", args: []string{"sql", "--timezone", "Mars/Olympus", "-e", "SELECT 1"}, code: 2, stderr: "--timezone"},
		{name: "bad width", args: []string{"sql", "--max-column-width", "0", "-e", "SELECT 1"}, code: 2, stderr: "--max-column-width"},
		{name: "stray arguments", args: []string{"sql", "script.sql"}, code: 2, stderr: "unexpected arguments"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			code := run(tt.args, strings.NewReader(""), &stdout, &stderr)
			if code != tt.code {
				t.Errorf("exit status %d, want %d; stderr:\n%s", code, tt.code, stderr.String())
			}
			for _, s := range tt.stdout {
				if !strings.Contains(stdout.String(), s) {
					t.Errorf("stdout lacks %q:\n%s", s, stdout.String())
				}
			}
			if tt.stderr != "" && !strings.Contains(stderr.String(), tt.stderr) {
				t.Errorf("stderr lacks %q:\n%s", tt.stderr, stderr.String())
			}
			if tt.noStdout && stdout.Len() > 0 {
				t.Errorf("unexpected stdout:\n%s", stdout.String())
			}
		})
	}
}

// sequenceTable is a deterministic datagen table: ids 1..3, names "1".."3".
const sequenceTable = `CREATE TABLE t (id INT, name STRING) WITH (
  'connector' = 'datagen',
  'fields.id.kind' = 'sequence', 'fields.id.start' = '1', 'fields.id.end' = '3',
  'fields.name.kind' = 'sequence', 'fields.name.start' = '1', 'fields.name.end' = '3'
);
`

// TestScripts runs scripts through the CLI and compares the output with
// what Flink's SQL client prints for them.
func TestScripts(t *testing.T) {
	tests := []struct {
		name  string
		args  []string
		stdin string
		code  int
		want  string
	}{
		{
			name: "statements, streaming query, error stops the script",
			args: []string{"sql", "--print-time-cost=false", "-e", sequenceTable +
				"SELECT * FROM t;\nSELECT * FROM nope;\nSELECT 1;"},
			code: 1,
			want: `[INFO] Execute statement succeeded.

+----+-------------+--------------------------------+
| op |          id |                           name |
+----+-------------+--------------------------------+
| +I |           1 |                              1 |
| +I |           2 |                              2 |
| +I |           3 |                              3 |
+----+-------------+--------------------------------+
Received a total of 3 rows

[ERROR] Could not execute SQL statement. Reason:
org.apache.calcite.sql.validate.SqlValidatorException: Object 'nope' not found
`,
		},
		{
			name:  "batch mode from stdin, echo",
			args:  []string{"sql", "--batch", "--print-time-cost=false", "--echo"},
			stdin: "SET 'table.display.max-column-width' = '10';\nSELECT 'a rather long text' AS s, 1 AS n;\n",
			want: `
Flink SQL> SET 'table.display.max-column-width' = '10';
[INFO] Execute statement succeeded.

Flink SQL> SELECT 'a rather long text' AS s, 1 AS n;
+------------+---+
|          s | n |
+------------+---+
| a rathe... | 1 |
+------------+---+
1 row in set
`,
		},
		{
			name: "max rows stops an unbounded query",
			args: []string{"sql", "--print-time-cost=false", "--max-rows", "2", "-e",
				"CREATE TABLE s (id BIGINT) WITH ('connector' = 'datagen', 'fields.id.kind' = 'sequence', " +
					"'fields.id.start' = '1', 'fields.id.end' = '1000000');\nSELECT id FROM s;"},
			want: `[INFO] Execute statement succeeded.

+----+----------------------+
| op |                   id |
+----+----------------------+
| +I |                    1 |
| +I |                    2 |
Query terminated, received a total of 2 rows
`,
		},
		{
			name: "SHOW and SET",
			args: []string{"sql", "-e", sequenceTable + "SHOW TABLES;\nSHOW DATABASES;"},
			want: `[INFO] Execute statement succeeded.

+------------+
| table name |
+------------+
|          t |
+------------+
1 row in set

+------------------+
|    database name |
+------------------+
| default_database |
+------------------+
1 row in set
`,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			code := run(tt.args, strings.NewReader(tt.stdin), &stdout, &stderr)
			if code != tt.code {
				t.Errorf("exit status %d, want %d; stderr:\n%s", code, tt.code, stderr.String())
			}
			if got := stdout.String(); got != tt.want {
				t.Errorf("output:\n%s\nwant:\n%s", got, tt.want)
			}
		})
	}
}

// TestSeedGolden runs the seed example, bounded, with a fixed seed; its
// random values live in testdata/seed.golden (-update rewrites it).
func TestSeedGolden(t *testing.T) {
	var stdout, stderr bytes.Buffer
	code := run([]string{"seed", "--seed", "42", "--max-rows", "5", "--print-time-cost=false"}, strings.NewReader(""), &stdout, &stderr)
	if code != 0 {
		t.Fatalf("exit status %d; stderr:\n%s\nstdout:\n%s", code, stderr.String(), stdout.String())
	}
	golden := filepath.Join("testdata", "seed.golden")
	if *update {
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(golden, stdout.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatalf("%v (run with -update to create it)", err)
	}
	if stdout.String() != string(want) {
		t.Errorf("output:\n%s\nwant:\n%s", stdout.String(), want)
	}
	// Whatever the values, the layout is the seed example's.
	for _, s := range []string{
		"[INFO] Execute statement succeeded.\n\n",
		"+----+-------------+--------------------------------+\n| op |          id |                           name |\n",
		"Query terminated, received a total of 5 rows\n",
	} {
		if !strings.Contains(stdout.String(), s) {
			t.Errorf("output lacks %q", s)
		}
	}
}

func TestInterrupter(t *testing.T) {
	waitFor := func(t *testing.T, cond func() bool) {
		t.Helper()
		deadline := time.Now().Add(5 * time.Second)
		for !cond() {
			if time.Now().After(deadline) {
				t.Fatal("timed out")
			}
			time.Sleep(time.Millisecond)
		}
	}
	t.Run("first Ctrl-C cancels the statement, the second quits", func(t *testing.T) {
		sig := make(chan os.Signal)
		exited := make(chan int, 1)
		c := newInterrupter(sig, func(code int) { exited <- code })
		defer c.stop()
		ctx, done := c.statement()
		sig <- os.Interrupt
		waitFor(t, func() bool { return ctx.Err() != nil })
		if c.quitting() {
			t.Fatal("quitting after the first Ctrl-C")
		}
		sig <- os.Interrupt
		waitFor(t, c.quitting)
		done()
		select {
		case code := <-exited:
			t.Fatalf("exit(%d) although the statement stopped in time", code)
		default:
		}
	})
	t.Run("Ctrl-C between statements quits", func(t *testing.T) {
		sig := make(chan os.Signal)
		c := newInterrupter(sig, func(int) {})
		defer c.stop()
		_, done := c.statement()
		done()
		sig <- os.Interrupt
		waitFor(t, c.quitting)
	})
	t.Run("an engine that does not stop is exited", func(t *testing.T) {
		sig := make(chan os.Signal)
		exited := make(chan int, 1)
		c := newInterrupter(sig, func(code int) { exited <- code })
		defer c.stop()
		_, done := c.statement()
		defer done()
		sig <- os.Interrupt
		sig <- os.Interrupt
		select {
		case code := <-exited:
			if code != exitInterrupted {
				t.Errorf("exit(%d), want %d", code, exitInterrupted)
			}
		case <-time.After(graceAfterQuit + 5*time.Second):
			t.Fatal("no exit")
		}
	})
}
