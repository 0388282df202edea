package state

import (
	"strings"
	"testing"
	"time"

	"github.com/flinkplay/flinkplay/wasm/engine/protocol"
)

// TestHistoryRecordsRuns: a run's messages record each statement with its
// time, its duration and how it ended: a static result, a query's rows, a
// cancelled stream, an error's message.
func TestHistoryRecordsRuns(t *testing.T) {
	m := NewModel(0)
	m.History = NewHistory("")
	t0 := time.Date(2026, 12, 6, 10, 0, 0, 0, time.UTC)
	at := func(ms int) time.Time { return t0.Add(time.Duration(ms) * time.Millisecond) }
	m.StartRun(1, "script", t0)
	msgs := []struct {
		ms  int
		msg protocol.Message
	}{
		{0, protocol.Message{Type: protocol.TypeStatement, ID: 1, SQL: "CREATE TABLE t (a INT) WITH ('connector' = 'datagen')"}},
		{20, protocol.Message{Type: protocol.TypeResult, ID: 1, Text: "[INFO] Execute statement succeeded.\n"}},
		{25, protocol.Message{Type: protocol.TypeStatement, ID: 1, SQL: "SELECT *\n  FROM t"}},
		{30, protocol.Message{Type: protocol.TypeSchema, ID: 1, Columns: []protocol.Column{{Name: "a", Type: "INT"}}, Streaming: true}},
		{1525, protocol.Message{Type: protocol.TypeDone, ID: 1, Cancelled: true, Received: 16048}},
		{1530, protocol.Message{Type: protocol.TypeRunDone, ID: 1}},
	}
	for _, x := range msgs {
		m.Apply(&x.msg, at(x.ms))
	}
	m.StartRun(2, "SELECT nope", at(5000))
	m.Apply(&protocol.Message{Type: protocol.TypeStatement, ID: 2, SQL: "SELECT nope"}, at(5000))
	m.Apply(&protocol.Message{Type: protocol.TypeError, ID: 2, Error: &protocol.Error{Text: "[ERROR] Could not execute SQL statement. Reason:\norg.apache.calcite.sql.validate.SqlValidatorException: Column 'nope' not found in any table\n"}}, at(5042))
	m.Apply(&protocol.Message{Type: protocol.TypeRunDone, ID: 2}, at(5043))
	// A stale run's messages are not recorded.
	m.Apply(&protocol.Message{Type: protocol.TypeStatement, ID: 1, SQL: "SELECT stale"}, at(6000))

	h := m.History
	got := make([]string, len(h.Runs))
	for i, r := range h.Runs {
		got[i] = r.Title() + " | " + r.Summary(at(7000), time.UTC)
	}
	want := []string{
		"CREATE TABLE t (a INT) WITH ('connector' = 'datagen') | 10:00:00 · 0.0 s · done",
		"SELECT * FROM t | 10:00:00 · 1.5 s · 16,048 rows · cancelled",
		"SELECT nope | 10:00:05 · 0.0 s · failed: org.apache.calcite.sql.validate.SqlValidatorException: Column 'nope' not found in any table",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("history:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}

	// It survives a reload; a statement that still ran when the page
	// closed says so.
	m.StartRun(3, "SELECT 1", at(8000))
	m.Apply(&protocol.Message{Type: protocol.TypeStatement, ID: 3, SQL: "SELECT 1"}, at(8000))
	back := NewHistory(h.Encode())
	if len(back.Runs) != 4 || back.Runs[1] != h.Runs[1] || back.Runs[3].Outcome != OutcomeInterrupted {
		t.Errorf("reloaded history %+v, want the same runs with the last interrupted", back.Runs)
	}
	if s := back.Runs[3].Summary(at(9000), time.UTC); s != "10:00:08 · did not end: the page closed while it ran" {
		t.Errorf("interrupted summary %q", s)
	}
	if s := back.Runs[0].Summary(at(3*24*3600*1000), time.UTC); !strings.HasPrefix(s, "2026-12-06 10:00:00 · ") {
		t.Errorf("a run of another day shows its date: %q", s)
	}
	for _, bad := range []string{"{", "null", `[{"sql":"  "}]`, `[{"sql":1}]`} {
		if got := NewHistory(bad); len(got.Runs) != 0 {
			t.Errorf("NewHistory(%q) = %v, want no runs", bad, got.Runs)
		}
	}
}

// TestHistorySearchAndRecall: search matches every word, newest first;
// Up/Down walk the statements without repeats in a row.
func TestHistorySearchAndRecall(t *testing.T) {
	h := NewHistory("")
	now := time.Date(2026, 12, 6, 10, 0, 0, 0, time.UTC)
	for i, sql := range []string{"SELECT a FROM Orders", "SHOW TABLES", "SHOW TABLES", "select count(*) from orders group by b", "SET 'x' = 'y'"} {
		h.Start(sql, now.Add(time.Duration(i)*time.Second))
		h.End(OutcomeDone, 0, "", now.Add(time.Duration(i)*time.Second+time.Millisecond))
	}
	var titles []string
	for _, r := range h.Search("ORDERS from", 10) {
		titles = append(titles, r.SQL)
	}
	if got := strings.Join(titles, "; "); got != "select count(*) from orders group by b; SELECT a FROM Orders" {
		t.Errorf("Search = %s", got)
	}
	if got := h.Search("", 2); len(got) != 2 || got[0].SQL != "SET 'x' = 'y'" {
		t.Errorf("Search with no words = %v, want the 2 newest", got)
	}
	if got := strings.Join(h.Recall(), "; "); got != "SELECT a FROM Orders;; SHOW TABLES;; select count(*) from orders group by b;; SET 'x' = 'y';" {
		t.Errorf("Recall = %s", got)
	}
}

// TestHistoryBounds: the oldest runs go past MaxStatements; a statement
// longer than MaxStatementLen is kept cut, at a rune boundary, and is not
// recalled.
func TestHistoryBounds(t *testing.T) {
	h := NewHistory("")
	now := time.Now()
	for i := range MaxStatements + 20 {
		h.Start("SELECT "+Count(int64(i)), now)
	}
	h.End(OutcomeDone, 0, "", now)
	if len(h.Runs) != MaxStatements || h.Runs[0].SQL != "SELECT 20" || h.Runs[len(h.Runs)-1].Outcome != OutcomeDone {
		t.Errorf("%d runs from %q, last %q; want %d from SELECT 20, the last done", len(h.Runs), h.Runs[0].SQL, h.Runs[len(h.Runs)-1].Outcome, MaxStatements)
	}
	long := "SELECT '" + strings.Repeat("é", MaxStatementLen) + "'"
	h.Start(long, now)
	r := h.Runs[len(h.Runs)-1]
	if !r.Cut || len(r.SQL) > MaxStatementLen || !strings.HasPrefix(long, r.SQL) {
		t.Errorf("long statement kept as %d bytes, cut %v", len(r.SQL), r.Cut)
	}
	for _, s := range h.Recall() {
		if s == r.SQL {
			t.Error("a cut statement is recalled")
		}
	}
}
