package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/flinkplay/flinkplay/engine/export"
)

func TestExportCommand(t *testing.T) {
	dir := t.TempDir()
	script := filepath.Join(dir, "script.sql")
	if err := os.WriteFile(script, []byte(SeedScript), 0o644); err != nil {
		t.Fatal(err)
	}
	bad := filepath.Join(dir, "bad.sql")
	if err := os.WriteFile(bad, []byte("SELECT 1;\n  SELEC 2;\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	py, _ := export.PyFlink(SeedScript, export.Options{})
	pyBatch, _ := export.PyFlink(SeedScript, export.Options{Batch: true})
	sqlc, _ := export.SQLClient(SeedScript, export.Options{})
	out := filepath.Join(dir, "program.py")
	tests := []struct {
		name    string
		args    []string
		stdin   string
		code    int
		stdout  string   // exact, unless has is set
		stderr  string   // substring
		has     []string // substrings of stdout, instead of stdout
		outFile string   // the expected content of out
	}{
		{name: "pyflink from a file", args: []string{"export", "--pyflink", script}, stdout: py},
		{name: "sql from stdin", args: []string{"export", "--sql"}, stdin: SeedScript, stdout: sqlc},
		{name: "sql from -", args: []string{"export", "--sql", "-"}, stdin: SeedScript, stdout: sqlc},
		{name: "batch default", args: []string{"export", "--pyflink", "--batch", script}, stdout: pyBatch},
		{name: "to a file", args: []string{"export", "--pyflink", "--output", out, script}, outFile: py},
		{name: "help", args: []string{"export", "--help"},
			has: []string{"flinkplay export", "--pyflink", "--sql", "-output", "-batch", "sql-client.sh -f"}},
		{name: "help export", args: []string{"help", "export"}, has: []string{"Usage: flinkplay export"}},
		{name: "listed in the help", args: []string{"--help"}, has: []string{"export  turn a script"}},
		{name: "no format", args: []string{"export", script}, code: 2, stderr: "choose one of --pyflink and --sql"},
		{name: "both formats", args: []string{"export", "--sql", "--pyflink", script}, code: 2, stderr: "choose one"},
		{name: "two scripts", args: []string{"export", "--sql", script, script}, code: 2, stderr: "one script at a time"},
		{name: "missing file", args: []string{"export", "--sql", filepath.Join(dir, "nope.sql")}, code: 2, stderr: "nope.sql"},
		{name: "parse error, positioned", args: []string{"export", "--pyflink", bad}, code: 1,
			// Flink reads SELEC as an expression, a query, and fails after it.
			stderr: bad + `:2:9: org.apache.flink.sql.parser.impl.ParseException: Encountered "2" at line 1, column 7.`},
		{name: "parse error from stdin", args: []string{"export", "--sql"}, stdin: "SELECT 'open", code: 1,
			stderr: "<stdin>:1:8: org.apache.flink.sql.parser.impl.ParseException: Lexical error"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			os.Remove(out)
			var stdout, stderr bytes.Buffer
			code := run(tt.args, strings.NewReader(tt.stdin), &stdout, &stderr)
			if code != tt.code {
				t.Errorf("exit status %d, want %d; stderr:\n%s", code, tt.code, stderr.String())
			}
			switch {
			case tt.has != nil:
				for _, s := range tt.has {
					if !strings.Contains(stdout.String(), s) {
						t.Errorf("stdout lacks %q:\n%s", s, stdout.String())
					}
				}
			case stdout.String() != tt.stdout:
				t.Errorf("stdout:\n%s\nwant:\n%s", stdout.String(), tt.stdout)
			}
			if !strings.Contains(stderr.String(), tt.stderr) {
				t.Errorf("stderr lacks %q:\n%s", tt.stderr, stderr.String())
			}
			if tt.outFile != "" {
				b, err := os.ReadFile(out)
				if err != nil || string(b) != tt.outFile {
					t.Errorf("%s: %v\n%s\nwant:\n%s", out, err, b, tt.outFile)
				}
			}
		})
	}
}
