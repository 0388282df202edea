package enginetest

import (
	"context"
	"flag"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	_ "time/tzdata" // SET 'table.local-time-zone' in scripts works without a system zone database
)

var (
	update = flag.Bool("update", false, "rewrite the expectations of the .sqltest files with the actual output")
	traced = flag.Bool("trace", false, "run every query with its trace on (engine.Result.Trace): the output must not change")
)

// TestSQL runs every testdata/**/*.sqltest file in a fresh session.
func TestSQL(t *testing.T) {
	for _, path := range sqltestFiles(t) {
		name := strings.TrimSuffix(filepath.ToSlash(strings.TrimPrefix(path, "testdata"+string(filepath.Separator))), ".sqltest")
		t.Run(name, func(t *testing.T) {
			if strings.HasPrefix(name, "fakerdata/") {
				needsFakerData(t)
			}
			runFile(t, path, *traced)
		})
	}
}

// TestSQLTraced runs every file again with every query's trace on (the
// page's timeline and "why this change" panel): the trace runs an
// operator one record at a time, and the output must stay the same
// record for record. Natively only: under wasm it would double the
// corpus's time for the same check.
func TestSQLTraced(t *testing.T) {
	if runtime.GOARCH == "wasm" || *traced {
		t.Skip("TestSQL is traced (-trace), or this is wasm")
	}
	for _, path := range sqltestFiles(t) {
		name := strings.TrimSuffix(filepath.ToSlash(strings.TrimPrefix(path, "testdata"+string(filepath.Separator))), ".sqltest")
		t.Run(name, func(t *testing.T) {
			if strings.HasPrefix(name, "fakerdata/") {
				needsFakerData(t)
			}
			runFile(t, path, true)
		})
	}
}

// sqltestFiles lists testdata/**/*.sqltest.
func sqltestFiles(t *testing.T) []string {
	t.Helper()
	var files []string
	err := filepath.WalkDir("testdata", func(path string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(path, ".sqltest") {
			files = append(files, path)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatal("no .sqltest files under testdata")
	}
	return files
}

func runFile(t *testing.T, path string, trace bool) {
	text, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	script, err := ParseScript(string(text))
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	r := NewRunner()
	r.Trace = trace
	actual := map[int]string{}
	for i := range script.Records {
		rec := &script.Records[i]
		got, mismatch := Check(rec, r.Run(context.Background(), rec))
		if mismatch == "" {
			continue
		}
		if *update && rec.Kind != StatementOK && rec.Kind != WriteFile && !(rec.Kind == StatementError && strings.HasPrefix(mismatch, "statement succeeded")) {
			actual[i] = got
			continue
		}
		t.Errorf("%s:%d: %s\n%s\n%s", path, rec.Line, rec.Header, rec.SQL, mismatch)
	}
	if *update && len(actual) > 0 {
		if err := os.WriteFile(path, []byte(script.Rewrite(actual)), 0o644); err != nil {
			t.Fatal(err)
		}
		t.Logf("%s: rewrote %d expectations", path, len(actual))
	}
}

func TestParseScript(t *testing.T) {
	tests := []struct {
		name    string
		text    string
		want    []Record
		wantErr string
	}{
		{
			name: "statement ok without expectation",
			text: "# c\nstatement ok\nCREATE TABLE t (a INT)\nWITH ('connector' = 'datagen')\n",
			want: []Record{{Kind: StatementOK, Line: 2, SQL: "CREATE TABLE t (a INT)\nWITH ('connector' = 'datagen')"}},
		},
		{
			name: "error with blank lines in the message",
			text: "statement error\nSELECT 1\n----\nUnsupported options found for 'datagen'.\n\nUnsupported options:\n\nx\n\nquery changelog stop-after=2\nSELECT 2\n----\n+I[2]\n",
			want: []Record{
				{Kind: StatementError, Line: 1, SQL: "SELECT 1", HasExpected: true,
					Expected: "Unsupported options found for 'datagen'.\n\nUnsupported options:\n\nx"},
				{Kind: QueryChangelog, Line: 10, SQL: "SELECT 2", StopAfter: 2, HasExpected: true, Expected: "+I[2]"},
			},
		},
		{
			name: "short error header",
			text: "error\nSELECT nope\n----\n1:8: Column 'nope' not found in any table\n",
			want: []Record{{Kind: StatementError, Line: 1, SQL: "SELECT nope", HasExpected: true,
				Expected: "1:8: Column 'nope' not found in any table"}},
		},
		{name: "unknown header", text: "query tabloid\nSELECT 1\n", wantErr: "unknown record"},
		{name: "query without expectation", text: "query tableau\nSELECT 1\n", wantErr: "needs an expectation"},
		{name: "bad option", text: "query tableau stop-after=x\nSELECT 1\n----\n", wantErr: "unknown option"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, err := ParseScript(tt.text)
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("err = %v, want %q", err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if len(s.Records) != len(tt.want) {
				t.Fatalf("got %d records, want %d", len(s.Records), len(tt.want))
			}
			for i, got := range s.Records {
				w := tt.want[i]
				if got.Kind != w.Kind || got.Line != w.Line || got.SQL != w.SQL || got.StopAfter != w.StopAfter ||
					got.HasExpected != w.HasExpected || got.Expected != w.Expected {
					t.Errorf("record %d = %+v, want %+v", i, got, w)
				}
			}
			// Rewriting with no changes gives the text back.
			if back := s.Rewrite(nil); back != tt.text {
				t.Errorf("Rewrite(nil) =\n%q\nwant\n%q", back, tt.text)
			}
		})
	}
}

func TestRewrite(t *testing.T) {
	text := "statement ok\nSET 'a' = 'b'\n\n# q\nquery tableau\nSELECT 1\n----\nold\nlines\n\nerror\nSELECT x\n----\nold error\n"
	s, err := ParseScript(text)
	if err != nil {
		t.Fatal(err)
	}
	got := s.Rewrite(map[int]string{1: "new", 2: "1:8: new error"})
	want := "statement ok\nSET 'a' = 'b'\n\n# q\nquery tableau\nSELECT 1\n----\nnew\n\nerror\nSELECT x\n----\n1:8: new error\n"
	if got != want {
		t.Errorf("Rewrite =\n%s\nwant\n%s", got, want)
	}
}

// TestExplainEveryQuery explains every query of the .sqltest files where it
// runs: each plan the engine builds prints its three sections, or the
// statement fails as running it fails, with Flink's error.
func TestExplainEveryQuery(t *testing.T) {
	explained := 0
	for _, path := range sqltestFiles(t) {
		text, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		script, err := ParseScript(string(text))
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		r := NewRunner()
		for i := range script.Records {
			rec := &script.Records[i]
			sql := strings.TrimSpace(rec.SQL)
			word := strings.ToUpper(strings.Fields(sql + " x")[0])
			if (rec.Kind == QueryTableau || rec.Kind == QueryChangelog) && (word == "SELECT" || word == "WITH" || word == "INSERT") {
				ex := Record{Kind: QueryTableau, SQL: "EXPLAIN " + sql}
				out := r.Run(context.Background(), &ex)
				if out.Err == nil {
					explained++
					for _, section := range []string{"== Abstract Syntax Tree ==", "== Optimized Physical Plan ==", "== Optimized Execution Plan =="} {
						if !strings.Contains(out.Output, section) {
							t.Errorf("%s:%d: EXPLAIN lacks %q:\n%s", path, rec.Line, section, out.Output)
						}
					}
					// A node the printers do not know prints its Go type.
					for _, unknown := range []string{"LogicalRel(", "plan."} {
						if strings.Contains(out.Output, unknown) {
							t.Errorf("%s:%d: EXPLAIN prints a node it does not know (%q):\n%s", path, rec.Line, unknown, out.Output)
						}
					}
				}
			}
			r.Run(context.Background(), rec)
		}
	}
	if explained < 100 {
		t.Errorf("explained %d queries, want the .sqltest files' hundreds", explained)
	}
	t.Logf("explained %d queries", explained)
}
