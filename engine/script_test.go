package engine

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/flinkplay/flinkplay/engine/diag"
	"github.com/flinkplay/flinkplay/engine/sql"
)

// runScript collects the steps of a script: each statement's text, or
// its error's message.
func runScript(t *testing.T, s *Session, script string, o ScriptOptions) []string {
	t.Helper()
	var got []string
	for st := range s.ExecuteScript(context.Background(), script, o) {
		if st.Err != nil {
			got = append(got, "error "+diag.Wrap(st.Err).Msg)
			continue
		}
		st.Result.Close()
		got = append(got, st.SQL)
	}
	return got
}

func TestExecuteScriptStopsAtTheFirstError(t *testing.T) {
	s := newTestSession(t)
	got := runScript(t, s, "SHOW TABLES;\nSHOW NOTHING;\nSHOW VIEWS;", ScriptOptions{})
	if len(got) != 2 || got[0] != "SHOW TABLES" || !strings.HasPrefix(got[1], "error ") {
		t.Errorf("steps %q, want SHOW TABLES and the error of the second statement", got)
	}
}

func TestExecuteScriptParseAll(t *testing.T) {
	s := newTestSession(t)
	script := "CREATE TABLE t (a INT) WITH ('connector' = 'datagen');\nSELECT FROM;"
	got := runScript(t, s, script, ScriptOptions{ParseAll: true})
	if len(got) != 1 || !strings.HasPrefix(got[0], "error ") {
		t.Fatalf("steps %q, want only the parse error", got)
	}
	if _, err := s.Execute(context.Background(), "DESCRIBE t"); err == nil {
		t.Error("the CREATE TABLE before the broken statement ran")
	}
	// Without ParseAll the first statement runs, then the second fails.
	got = runScript(t, s, script, ScriptOptions{})
	if len(got) != 2 || !strings.HasPrefix(got[1], "error ") {
		t.Errorf("steps %q, want the CREATE TABLE, then the error", got)
	}
}

func TestExecuteScriptCheck(t *testing.T) {
	s := newTestSession(t)
	var seen []sql.Span
	tooMany := errors.New("too many")
	got := runScript(t, s, "SHOW TABLES; SHOW VIEWS;", ScriptOptions{Check: func(spans []sql.Span) error {
		seen = spans
		return tooMany
	}})
	if len(seen) != 2 || len(got) != 1 || got[0] != "error too many" {
		t.Errorf("check saw %v; steps %q", seen, got)
	}
}

func TestExecuteScriptBefore(t *testing.T) {
	s := newTestSession(t)
	var before []int
	done, cancel := context.WithCancel(context.Background())
	cancel()
	got := runScript(t, s, "SHOW TABLES; SHOW VIEWS; SHOW DATABASES;", ScriptOptions{Before: func(st *Step) context.Context {
		before = append(before, st.Index)
		if st.Index == 2 {
			return done // an interrupted statement does not run
		}
		return nil
	}})
	if !slices.Equal(before, []int{0, 1, 2}) || !slices.Equal(got, []string{"SHOW TABLES", "SHOW VIEWS"}) {
		t.Errorf("before %v, steps %q", before, got)
	}
}

func TestExecuteScriptSelection(t *testing.T) {
	s := newTestSession(t)
	script := "SHOW TABLES;\nSHOW VIEWS;\nSHOW DATABASES;"
	got := runScript(t, s, script, ScriptOptions{Selection: true, Start: 15, End: 15})
	if !slices.Equal(got, []string{"SHOW VIEWS"}) {
		t.Errorf("steps %q, want the statement at the cursor", got)
	}
}

func TestSelectStatements(t *testing.T) {
	script := "SHOW TABLES;  SHOW VIEWS ;\n\nSHOW DATABASES;\n"
	s0, s1, s2 := sql.Span{Start: 0, End: 11}, sql.Span{Start: 14, End: 24}, sql.Span{Start: 28, End: 42}
	tests := []struct {
		name       string
		start, end int
		want       []sql.Span
	}{
		{"everything", 0, len(script), []sql.Span{s0, s1, s2}},
		{"cursor at the start", 0, 0, []sql.Span{s0}},
		{"cursor inside", 17, 17, []sql.Span{s1}},
		{"cursor at a statement's end", 24, 24, []sql.Span{s1}},
		{"cursor after the semicolon", 26, 26, []sql.Span{s1}},
		{"cursor past the end", 99, 99, []sql.Span{s2}},
		{"selection of part of one", 15, 18, []sql.Span{s1}},
		{"selection across two", 5, 20, []sql.Span{s0, s1}},
		{"selection of white space", 11, 14, nil},
		{"reversed range is a cursor", 20, 3, []sql.Span{s1}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := SelectStatements(script, tt.start, tt.end)
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("got %v, want %v", got, tt.want)
			}
		})
	}
}

func TestSelectStatementsIgnoresBrokenTail(t *testing.T) {
	script := "SHOW TABLES;\nSELECT 'unclosed"
	got, err := SelectStatements(script, 0, 5)
	if err != nil || len(got) != 1 {
		t.Errorf("got %v, %v; want the first statement", got, err)
	}
	if _, err := SelectStatements(script, 0, len(script)); err == nil {
		t.Error("no error for the broken statement in range")
	}
}
