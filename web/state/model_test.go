package state

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/flinkplay/flinkplay/wasm/engine/protocol"
)

func row(op string, cells ...string) Change {
	return PackChange(protocol.Row{Op: op, Cells: cells})
}

func TestChanges(t *testing.T) {
	tests := []struct {
		name        string
		max, add    int
		wantLen     int
		wantDropped int64
		wantFirst   string
	}{
		{"under the bound", 5, 3, 3, 0, "0"},
		{"at the bound", 5, 5, 5, 0, "0"},
		{"over the bound drops oldest", 5, 12, 5, 7, "7"},
		{"default bound", 0, 10, 10, 0, "0"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := NewChanges(tt.max)
			for i := 0; i < tt.add; i++ {
				c.Add(row("+I", Count(int64(i))))
			}
			if c.Len() != tt.wantLen || c.Dropped != tt.wantDropped {
				t.Fatalf("len %d dropped %d, want %d %d", c.Len(), c.Dropped, tt.wantLen, tt.wantDropped)
			}
			if got := c.At(0).Row().Cells[0]; got != tt.wantFirst {
				t.Errorf("oldest %q, want %q", got, tt.wantFirst)
			}
			if got := c.At(c.Len() - 1).Row().Cells[0]; got != Count(int64(tt.add-1)) {
				t.Errorf("newest %q", got)
			}
		})
	}
}

func tableRows(tb *Table) []string {
	var out []string
	tb.Rows(0, tb.Len(), func(c Change, _ int64) { out = append(out, c.Op+strings.Join(c.Row().Cells, ",")) })
	return out
}

func TestTable(t *testing.T) {
	tests := []struct {
		name          string
		max           int
		changes       []Change
		want          []string
		wantUnmatched int64
		wantDropped   int64
	}{
		{"inserts", 10, []Change{row("+I", "a", "1"), row("+I", "b", "1")}, []string{"+Ia,1", "+Ib,1"}, 0, 0},
		{"update replaces", 10, []Change{row("+I", "a", "1"), row("+I", "b", "1"), row("-U", "a", "1"), row("+U", "a", "2")},
			[]string{"+Ib,1", "+Ua,2"}, 0, 0},
		{"retract removes the first equal row", 10, []Change{row("+I", "x"), row("+I", "y"), row("+I", "x"), row("-D", "x")},
			[]string{"+Iy", "+Ix"}, 0, 0},
		{"unmatched retraction", 10, []Change{row("-D", "x")}, nil, 1, 0},
		{"bound drops oldest", 2, []Change{row("+I", "1"), row("+I", "2"), row("+I", "3")}, []string{"+I2", "+I3"}, 0, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tb := NewTable(tt.max)
			for i, c := range tt.changes {
				tb.Apply(c, int64(i))
			}
			got := tableRows(tb)
			if strings.Join(got, "|") != strings.Join(tt.want, "|") {
				t.Errorf("rows %q, want %q", got, tt.want)
			}
			if tb.Unmatched != tt.wantUnmatched || tb.Dropped != tt.wantDropped {
				t.Errorf("unmatched %d dropped %d", tb.Unmatched, tb.Dropped)
			}
		})
	}
}

func TestTableManyUpdates(t *testing.T) {
	// A GROUP BY over 3 keys updated 10,000 times keeps 3 rows, and
	// compaction keeps the index right.
	tb := NewTable(0)
	counts := map[string]int{}
	for i := 0; i < 10_000; i++ {
		k := Count(int64(i % 3))
		if n := counts[k]; n > 0 {
			tb.Apply(row("-U", k, Count(int64(n))), int64(i))
			tb.Apply(row("+U", k, Count(int64(n+1))), int64(i))
		} else {
			tb.Apply(row("+I", k, "1"), int64(i))
		}
		counts[k]++
	}
	got := tableRows(tb)
	if len(got) != 3 || tb.Unmatched != 0 {
		t.Fatalf("rows %q unmatched %d", got, tb.Unmatched)
	}
	for _, r := range got {
		if !strings.HasSuffix(r, ",3,333") && !strings.HasSuffix(r, ",3,334") {
			t.Errorf("row %q", r)
		}
	}
}

func TestTableBoundIsLinear(t *testing.T) {
	tb := NewTable(1000)
	start := time.Now()
	for i := 0; i < 200_000; i++ {
		tb.Apply(row("+I", Count(int64(i))), 0)
	}
	if tb.Len() != 1000 || tb.Dropped != 199_000 {
		t.Fatalf("len %d dropped %d", tb.Len(), tb.Dropped)
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("200k inserts into a bounded table took %v", d)
	}
}

// streamRun feeds a model the messages of a run: a DDL statement and a
// streaming query with rows.
func streamRun(m *Model, now time.Time) {
	m.StartRun(7, "CREATE TABLE t (a INT);\nSELECT * FROM t;", now)
	msgs := []protocol.Message{
		{Type: protocol.TypeStatement, ID: 7, Start: 0, End: 23, SQL: "CREATE TABLE t (a INT)"},
		{Type: protocol.TypeResult, ID: 7, Text: "[INFO] Execute statement succeeded.\n"},
		{Type: protocol.TypeStatement, ID: 7, Stmt: 1, Start: 24, End: 40, SQL: "SELECT * FROM t"},
		{Type: protocol.TypeSchema, ID: 7, Stmt: 1, Columns: []protocol.Column{{Name: "a", Type: "INT"}}, Streaming: true,
			TableauHead: "+----+---+\n| op | a |\n+----+---+\n"},
		{Type: protocol.TypeRows, ID: 7, Stmt: 1, Rows: []protocol.Row{
			{Op: "+I", Cells: []string{"1"}, Line: "| +I | 1 |"},
			{Op: "+I", Cells: []string{"<NULL>"}, Nulls: []bool{true}, Line: "| +I | <NULL> |"},
		}},
		{Type: protocol.TypeRows, ID: 99, Rows: []protocol.Row{{Op: "+I", Cells: []string{"stale"}}}},
		{Type: protocol.TypeProgress, ID: 7, Received: 2, RowsPerSec: 1500.4, ElapsedMs: 300, Watermark: "2026-01-01 00:00:00.000"},
	}
	for i := range msgs {
		m.Apply(&msgs[i], now)
	}
}

func TestModelStreaming(t *testing.T) {
	t0 := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	m := NewModel(0)
	streamRun(m, t0)
	wantTableau := []string{
		"[INFO] Execute statement succeeded.", "",
		"+----+---+", "| op | a |", "+----+---+", "| +I | 1 |", "| +I | <NULL> |",
	}
	if got := m.TableauLines(0, m.TableauLen()); strings.Join(got, "\n") != strings.Join(wantTableau, "\n") {
		t.Errorf("tableau:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(wantTableau, "\n"))
	}
	if got := m.TableauLines(3, 6); strings.Join(got, "|") != "| op | a ||+----+---+|| +I | 1 |" {
		t.Errorf("window of the tableau: %q", got)
	}
	if got := m.Status(t0.Add(1500 * time.Millisecond)); got != "Running · 2 rows received · 1,500 rows/s · 1.5 s · watermark 2026-01-01 00:00:00.000" {
		t.Errorf("status %q", got)
	}
	m.View = ViewChangelog
	if got := strings.Join(m.Columns(), ","); got != "op,a" {
		t.Errorf("changelog columns %q", got)
	}
	if got := string(m.AppendGridHTML(nil, 0, 10)); got != `<tr aria-rowindex="2" data-n="0" data-op="+I"><td class="op">+I</td><td class="num">1</td></tr><tr aria-rowindex="3" data-n="1" data-op="+I"><td class="op">+I</td><td class="null">&lt;NULL&gt;</td></tr>` {
		t.Errorf("changelog html %s", got)
	}
	m.SetView(ViewTable)
	if got := string(m.AppendGridHTML(nil, 1, 2)); got != `<tr aria-rowindex="3" data-op="+I"><td class="null">&lt;NULL&gt;</td></tr>` {
		t.Errorf("table html %s", got)
	}
	live := NewModel(0)
	live.SetView(ViewTable)
	streamRun(live, t0)
	live.Tick = 1
	if got := string(live.AppendGridHTML(nil, 0, 1)); got != `<tr aria-rowindex="2" data-op="+I" class="changed"><td class="num">1</td></tr>` {
		t.Errorf("fresh rows not highlighted: %s", got)
	}
	live.Tick = HighlightTicks + 5
	if got := string(live.AppendGridHTML(nil, 0, 1)); strings.Contains(got, "changed") {
		t.Errorf("old rows still highlighted: %s", got)
	}
	if strings.Join(m.DDL, "|") != "CREATE TABLE t (a INT)" {
		t.Errorf("DDL %q", m.DDL)
	}
	done := []protocol.Message{
		{Type: protocol.TypeDone, ID: 7, Stmt: 1, Cancelled: true, Received: 2, ElapsedMs: 400, Footer: "Query terminated, received a total of 2 rows\n"},
		{Type: protocol.TypeRunDone, ID: 7},
	}
	for i := range done {
		m.Apply(&done[i], t0.Add(2*time.Second))
	}
	if got := m.Status(t0.Add(time.Hour)); got != "Stopped · 2 rows received · 2.0 s · watermark 2026-01-01 00:00:00.000" {
		t.Errorf("status after stop %q", got)
	}
	last := m.TableauLines(m.TableauLen()-1, m.TableauLen())
	if len(last) != 1 || last[0] != "Query terminated, received a total of 2 rows" {
		t.Errorf("footer %q", last)
	}
}

func TestModelStatusBeforeProgress(t *testing.T) {
	t0 := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	m := NewModel(0)
	m.StartRun(2, "SELECT 1;", t0)
	msgs := []protocol.Message{
		{Type: protocol.TypeStatement, ID: 2, SQL: "SELECT 1;"},
		{Type: protocol.TypeSchema, ID: 2, Columns: []protocol.Column{{Name: "a", Type: "INT"}}, Streaming: true},
		{Type: protocol.TypeRows, ID: 2, Rows: []protocol.Row{{Op: "+I", Cells: []string{"1"}, Line: "| +I | 1 |"}}},
	}
	for i := range msgs {
		m.Apply(&msgs[i], t0)
	}
	// No rate is known before the first progress message.
	if got := m.Status(t0.Add(700 * time.Millisecond)); got != "Running · 1 row received · 0.7 s" {
		t.Errorf("status %q", got)
	}
}

func TestModelStopQueued(t *testing.T) {
	t0 := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	m := NewModel(0)
	m.StartRun(4, "SELECT 1;", t0)
	m.StopQueued(t0.Add(300 * time.Millisecond))
	if m.Running {
		t.Fatal("still running")
	}
	if got := m.Status(t0.Add(time.Hour)); got != "Stopped · 0.3 s" {
		t.Errorf("status %q", got)
	}
	// The engine may have started the run before the cancel reached it:
	// what it sends then is not shown.
	late := []protocol.Message{
		{Type: protocol.TypeStatement, ID: 4, SQL: "SELECT 1;"},
		{Type: protocol.TypeRunDone, ID: 4},
	}
	for i := range late {
		m.Apply(&late[i], t0.Add(time.Second))
	}
	if len(m.Blocks) != 0 || m.Status(t0.Add(time.Hour)) != "Stopped · 0.3 s" {
		t.Errorf("a stopped run took late messages: %d blocks, status %q", len(m.Blocks), m.Status(t0.Add(time.Hour)))
	}
	m.StartRun(5, "SELECT 2;", t0.Add(2*time.Second))
	if got := m.Status(t0.Add(2 * time.Second)); !strings.HasPrefix(got, "Running") {
		t.Errorf("the next run: status %q", got)
	}
}

func TestModelError(t *testing.T) {
	m := NewModel(0)
	script := "SELECT nope FROM t;"
	m.StartRun(1, script, time.Time{})
	for _, msg := range []protocol.Message{
		{Type: protocol.TypeStatement, ID: 1, Start: 0, End: 19, SQL: "SELECT nope FROM t"},
		{Type: protocol.TypeError, ID: 1, Error: &protocol.Error{
			Class: "org.apache.flink.table.api.ValidationException", Message: "Column 'nope' not found in any table",
			Line: 1, Col: 8, Offset: 7,
			Text: "[ERROR] Could not execute SQL statement. Reason:\norg.apache.flink.table.api.ValidationException: Column 'nope' not found in any table",
		}},
		{Type: protocol.TypeRunDone, ID: 1},
	} {
		m.Apply(&msg, time.Time{})
	}
	if !strings.HasPrefix(m.ErrorText(), "[ERROR] Could not execute SQL statement. Reason:\norg.apache") {
		t.Errorf("error text %q", m.ErrorText())
	}
	d := m.Diagnostics()
	if len(d) != 1 || script[d[0].From:d[0].To] != "nope" {
		t.Errorf("diagnostics %+v", d)
	}
	if len(m.DDL) != 0 {
		t.Errorf("failed statement kept as DDL: %q", m.DDL)
	}
	if !strings.HasPrefix(m.Status(time.Time{}), "Failed") {
		t.Errorf("status %q", m.Status(time.Time{}))
	}
	m.StartRun(2, "", time.Time{})
	if len(m.Diagnostics()) != 0 || m.ErrorText() != "" {
		t.Error("a new run keeps the old error")
	}
}

func TestModelBatchAndOutput(t *testing.T) {
	m := NewModel(0)
	m.StartRun(3, "x", time.Time{})
	for _, msg := range []protocol.Message{
		{Type: protocol.TypeStatement, ID: 3, SQL: "SELECT 1"},
		{Type: protocol.TypeSchema, ID: 3, Columns: []protocol.Column{{Name: "EXPR$0", Type: "INT"}}, Bounded: true},
		{Type: protocol.TypeRows, ID: 3, Rows: []protocol.Row{{Op: "+I", Cells: []string{"1"}}}},
		{Type: protocol.TypeDone, ID: 3, Tableau: "+--------+\n| EXPR$0 |\n+--------+\n|      1 |\n+--------+\n", Footer: "1 row in set\n"},
		{Type: protocol.TypeOutput, ID: 1, Lines: []string{"+I[1, a]"}},
	} {
		m.Apply(&msg, time.Time{})
	}
	want := "+--------+\n| EXPR$0 |\n+--------+\n|      1 |\n+--------+\n1 row in set\n\n+I[1, a]"
	if got := strings.Join(m.TableauLines(0, 100), "\n"); got != want {
		t.Errorf("tableau:\n%s\nwant:\n%s", got, want)
	}
	if m.GridLen() != 1 {
		t.Errorf("grid len %d", m.GridLen())
	}
}

func TestWindow(t *testing.T) {
	tests := []struct {
		name                          string
		total, h, top, viewport, over int
		follow                        bool
		wantFrom, wantTo              int
	}{
		{"empty", 0, 24, 0, 480, 10, true, 0, 0},
		{"top", 1000, 24, 0, 480, 10, false, 0, 31},
		{"middle", 1000, 24, 2400, 480, 10, false, 90, 131},
		{"follow", 1000, 24, 0, 480, 10, true, 969, 1000},
		{"fewer rows than the viewport", 5, 24, 0, 480, 10, true, 0, 5},
		{"scrolled past the end", 100, 24, 99999, 480, 10, false, 69, 100},
		// A scrollTop read before the content shrank to 14 lines: the
		// browser shows them all, so all are rendered.
		{"scrolled a little past the end", 14, 18, 710, 340, 30, false, 0, 14},
		{"scrolled past the end by the overscan", 100, 24, 100*24 + 5*24, 480, 10, false, 69, 100},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			from, to := Window(tt.total, tt.h, tt.top, tt.viewport, tt.over, tt.follow)
			if from != tt.wantFrom || to != tt.wantTo {
				t.Errorf("Window = [%d, %d), want [%d, %d)", from, to, tt.wantFrom, tt.wantTo)
			}
		})
	}
	if !AtBottom(520, 480, 1000, 24) || AtBottom(400, 480, 1000, 24) {
		t.Error("AtBottom")
	}
}

// TestFollowAfterScroll: a finger's drag of a few pixels, less than a row,
// leaves the tail; the browser's own move to a shrunk end does not.
func TestFollowAfterScroll(t *testing.T) {
	tests := []struct {
		name                            string
		prev, top, viewport, full, rowH int
		want                            bool
	}{
		{"at the end", 520, 520, 480, 1000, 24, true},
		{"a 20 px drag up from the end, less than a row", 520, 500, 480, 1000, 24, false},
		{"a 2 px nudge up (1 px is rounding)", 520, 518, 480, 1000, 24, false},
		{"content shrank: the browser moved the view to the new end", 900, 520, 480, 1000, 24, true},
		{"scrolled down to within a row of the end", 300, 510, 480, 1000, 24, true},
		{"scrolled down, still far from the end", 100, 300, 480, 1000, 24, false},
		{"no move, short of the end", 300, 300, 480, 1000, 24, false},
	}
	for _, tt := range tests {
		if got := FollowAfterScroll(tt.prev, tt.top, tt.viewport, tt.full, tt.rowH); got != tt.want {
			t.Errorf("%s: FollowAfterScroll = %v, want %v", tt.name, got, tt.want)
		}
	}
}

func TestCountAndSeconds(t *testing.T) {
	tests := []struct{ name, got, want string }{
		{"small", Count(12), "12"},
		{"thousands", Count(1234567), "1,234,567"},
		{"negative", Count(-1234), "-1,234"},
		{"seconds", Seconds(1540 * time.Millisecond), "1.5 s"},
		{"minutes", Seconds(125 * time.Second), "2 min 05 s"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.got != tt.want {
				t.Errorf("got %q, want %q", tt.got, tt.want)
			}
		})
	}
}

func TestPersistence(t *testing.T) {
	tests := []struct {
		name string
		sql  string
		want bool
	}{
		{"create", "CREATE TABLE t (a INT)", true},
		{"comment first", "-- x\n  create view v as select 1", true},
		{"use", "USE CATALOG c", true},
		{"set", "SET 'a' = 'b'", true},
		{"select", "SELECT 1", false},
		{"insert", "INSERT INTO t SELECT 1", false},
		{"show", "SHOW TABLES", false},
		{"empty", "", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := IsDDL(tt.sql); got != tt.want {
				t.Errorf("IsDDL(%q) = %v", tt.sql, got)
			}
		})
	}
	ddl := []string{"CREATE TABLE t (a INT);", "USE CATALOG c"}
	if got := DecodeDDL(EncodeDDL(ddl)); strings.Join(got, "|") != strings.Join(ddl, "|") {
		t.Errorf("round trip %q", got)
	}
	if got := DecodeDDL("garbage"); got != nil {
		t.Errorf("garbage decodes to %q", got)
	}
	if got := ReplayScript(ddl); got != "CREATE TABLE t (a INT);\nUSE CATALOG c;\n" {
		t.Errorf("replay %q", got)
	}
}

func TestExamples(t *testing.T) {
	if Examples[0].SQL != SeedSQL {
		t.Error("the seed example is not first")
	}
	names := map[string]bool{}
	for _, e := range Examples {
		t.Run(e.Name, func(t *testing.T) {
			if names[e.Name] {
				t.Error("duplicate name")
			}
			names[e.Name] = true
			if e.Python {
				if e.Description() == "" {
					t.Error("no description")
				}
				return
			}
			if len(Statements(e.SQL)) == 0 {
				t.Error("no statements")
			}
		})
	}
}

func TestCompletions(t *testing.T) {
	specs := &protocol.Specs{
		Keywords:  []string{"SELECT"},
		Functions: []string{"ABS"},
		Connectors: []protocol.Connector{
			{Name: "datagen", Options: []protocol.Option{{Key: "rows-per-second", Default: "10000", Description: "Rows per second."}, {Key: "fields.#.kind"}}},
			{Name: "print", Options: []protocol.Option{{Key: "print-identifier"}}},
		},
	}
	cat := &protocol.Catalog{CurrentCatalog: "c", CurrentDatabase: "d", Catalogs: []protocol.CatalogInfo{{
		Name: "c", Databases: []protocol.DatabaseInfo{
			{Name: "d", Objects: []protocol.TableInfo{{Name: "t", Columns: []protocol.ColumnInfo{{Name: "a"}}}}},
			{Name: "e", Objects: []protocol.TableInfo{{Name: "u"}}},
		},
	}}}
	c := CompletionsFor(specs, cat)
	var keys []string
	for _, o := range c.Options {
		keys = append(keys, o.Key)
	}
	if got := strings.Join(keys, ","); got != "connector,rows-per-second,fields.#.kind,print-identifier" {
		t.Errorf("options %q", got)
	}
	if c.Options[1].Description != "datagen: Rows per second. (default: 10000)" {
		t.Errorf("description %q", c.Options[1].Description)
	}
	if len(c.Tables) != 2 || c.Tables[0].Name != "t" || c.Tables[0].Columns[0] != "a" || c.Tables[1].Name != "c.e.u" {
		t.Errorf("tables %+v", c.Tables)
	}
	if empty := CompletionsFor(nil, nil); empty.Keywords == nil || empty.Tables == nil {
		t.Error("nil slices would reach JS as null")
	}
}

// TestProgressCountsOnce: a progress message counts changes the worker
// has not sent yet; when they come they do not count twice.
func TestProgressCountsOnce(t *testing.T) {
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	m := NewModel(0)
	m.StartRun(1, "SELECT 1;", now)
	m.Apply(&protocol.Message{Type: protocol.TypeSchema, ID: 1, Streaming: true, Columns: []protocol.Column{{Name: "x", Type: "INT"}}}, now)
	rows := func(n int) *protocol.Message {
		msg := &protocol.Message{Type: protocol.TypeRows, ID: 1}
		for i := 0; i < n; i++ {
			msg.Rows = append(msg.Rows, protocol.Row{Op: "+I", Cells: []string{"1"}})
		}
		return msg
	}
	m.Apply(rows(3), now)
	m.Apply(&protocol.Message{Type: protocol.TypeProgress, ID: 1, Received: 5}, now)
	if m.Received() != 5 {
		t.Errorf("after progress: %d", m.Received())
	}
	m.Apply(rows(2), now)
	m.Apply(&protocol.Message{Type: protocol.TypeDone, ID: 1, Received: 5, Cancelled: true}, now)
	if m.Received() != 5 || m.Query.Changes.Len() != 5 {
		t.Errorf("received %d, buffer %d, want 5 and 5", m.Received(), m.Query.Changes.Len())
	}
}

// An INSERT's status: run in the foreground (table.dml-sync) it shows no
// rows, and the status counts what it wrote; submitted as a job (Flink's
// default) it ends at submission, and the status says so, not that it
// wrote nothing.
func TestModelInsertStatus(t *testing.T) {
	for _, c := range []struct {
		name string
		end  []protocol.Message
		want string
	}{
		{"foreground", []protocol.Message{
			{Type: protocol.TypeProgress, ID: 3, Received: 1200, ElapsedMs: 500},
			{Type: protocol.TypeDone, ID: 3, Tableau: "[INFO] Complete execution of the SQL update statement.\n"},
		}, "Finished · 1,200 rows written · 1.0 s"},
		{"submitted", []protocol.Message{
			{Type: protocol.TypeDone, ID: 3, Submitted: true, Tableau: "[INFO] Submitting SQL update statement to the cluster...\n[INFO] SQL update statement has been successfully submitted to the cluster:\nJob ID: 5d9c0e3ba4c1e7a2b6f8d0c2e4a6b8d0\n"},
		}, "Submitted · see Jobs · 1.0 s"},
	} {
		t0 := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
		m := NewModel(0)
		m.StartRun(3, "INSERT INTO s SELECT * FROM t;", t0)
		msgs := append([]protocol.Message{
			{Type: protocol.TypeStatement, ID: 3, Start: 0, End: 29, SQL: "INSERT INTO s SELECT * FROM t"},
			{Type: protocol.TypeSchema, ID: 3, Columns: []protocol.Column{{Name: "default_catalog.default_database.s", Type: "BIGINT"}}, Streaming: true, Insert: true},
		}, append(c.end, protocol.Message{Type: protocol.TypeRunDone, ID: 3})...)
		for i := range msgs {
			m.Apply(&msgs[i], t0.Add(time.Second))
		}
		if got := m.Status(t0.Add(time.Hour)); got != c.want {
			t.Errorf("%s: status %q, want %q", c.name, got, c.want)
		}
	}
}

// A CREATE TABLE ... AS SELECT is replayed as the CREATE TABLE of the
// table it made, not as itself (its query would run again).
func TestModelCTASReplay(t *testing.T) {
	t0 := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	m := NewModel(0)
	src := "CREATE TABLE d WITH ('connector' = 'blackhole') AS SELECT 1 AS a;"
	m.StartRun(4, src, t0)
	created := "CREATE TABLE `default_catalog`.`default_database`.`d` (\n  `a` INT NOT NULL\n)\nWITH (\n  'connector' = 'blackhole'\n)\n"
	msgs := []protocol.Message{
		{Type: protocol.TypeStatement, ID: 4, Start: 0, End: len(src) - 1, SQL: src[:len(src)-1]},
		{Type: protocol.TypeSchema, ID: 4, Insert: true},
		{Type: protocol.TypeDone, ID: 4, Tableau: "[INFO] Complete execution of the SQL update statement.\n", Created: created},
		{Type: protocol.TypeRunDone, ID: 4},
	}
	for i := range msgs {
		m.Apply(&msgs[i], t0)
	}
	if len(m.DDL) != 1 || m.DDL[0] != created {
		t.Errorf("DDL %q, want the created table's CREATE TABLE", m.DDL)
	}
}

// TestConsoleBounded: a program's output keeps a bounded number of
// lines (between MaxOutputLines and twice that), and a first line says
// how many earlier ones went.
func TestConsoleBounded(t *testing.T) {
	m := NewModel(0)
	m.StartRun(1, "print", time.Now())
	n := 0
	for i := 0; i < 5*MaxOutputLines; i++ {
		m.Apply(&protocol.Message{Type: protocol.TypeConsole, ID: 1, Text: fmt.Sprintf("line %d\n", i)}, time.Now())
		n++
		if l := m.TableauLen(); l > 2*MaxOutputLines+1 {
			t.Fatalf("after %d lines the tableau has %d", n, l)
		}
	}
	got := m.TableauLines(0, m.TableauLen())
	if got[len(got)-1] != fmt.Sprintf("line %d", n-1) {
		t.Errorf("last line %q", got[len(got)-1])
	}
	var dropped, first int
	if _, err := fmt.Sscanf(got[0], "(… %d earlier lines of output are not kept)", &dropped); err != nil {
		t.Fatalf("first line %q: %v", got[0], err)
	}
	fmt.Sscanf(got[1], "line %d", &first)
	if first != dropped || len(got)-1+dropped != n {
		t.Errorf("%d dropped, first kept line %d, %d kept, of %d", dropped, first, len(got)-1, n)
	}
}

// TestHighlightOnlyWhatAPersonCanFollow: the table view highlights its
// changes while they come slowly, and none while a fast stream would
// paint every row.
func TestHighlightOnlyWhatAPersonCanFollow(t *testing.T) {
	t0 := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	m := NewModel(0)
	m.SetView(ViewTable)
	m.StartRun(7, "SELECT * FROM t;", t0)
	for _, msg := range []protocol.Message{
		{Type: protocol.TypeStatement, ID: 7, Start: 0, End: 15, SQL: "SELECT * FROM t"},
		{Type: protocol.TypeSchema, ID: 7, Columns: []protocol.Column{{Name: "a", Type: "INT"}}, Streaming: true},
	} {
		m.Apply(&msg, t0)
	}
	next := 0
	rows := func(n int) {
		msg := protocol.Message{Type: protocol.TypeRows, ID: 7}
		for i := 0; i < n; i++ {
			msg.Rows = append(msg.Rows, protocol.Row{Op: "+I", Cells: []string{fmt.Sprint(next)}})
			next++
		}
		m.Apply(&msg, t0)
	}
	highlighted := func() int { return strings.Count(string(m.AppendGridHTML(nil, 0, m.GridLen())), `class="changed"`) }
	m.Tick = 1
	rows(3)
	if got := highlighted(); got != 3 {
		t.Fatalf("a slow stream: %d rows highlighted, want 3", got)
	}
	m.Tick = 2
	rows(HighlightMaxChanges)
	if got := highlighted(); got != 0 {
		t.Errorf("a fast stream: %d rows highlighted, want none", got)
	}
	// Once the burst is HighlightTicks flushes old, changes show again.
	m.Tick = 2 + HighlightTicks
	rows(1)
	if got := highlighted(); got != 1 {
		t.Errorf("after the burst: %d rows highlighted, want the new one", got)
	}
}
