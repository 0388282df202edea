package worker

import (
	"strings"
	"testing"

	"github.com/flinkplay/flinkplay/engine/diag"
	"github.com/flinkplay/flinkplay/engine/enginetest"
	"github.com/flinkplay/flinkplay/engine/export"
	"github.com/flinkplay/flinkplay/wasm/engine/protocol"
)

const seedScript = "CREATE TABLE MySource (id INT, name STRING) WITH ('connector' = 'datagen');\nSELECT * FROM MySource;\n"

func TestExport(t *testing.T) {
	pyflink, err := export.PyFlink(seedScript, export.Options{})
	if err != nil {
		t.Fatal(err)
	}
	sqlScript, err := export.SQLClient(seedScript, export.Options{})
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name, script, format string
		want                 string // the whole text
		err                  protocol.Error
	}{
		{name: "pyflink", script: seedScript, format: protocol.ExportPyFlink, want: pyflink},
		{name: "sql", script: seedScript, format: protocol.ExportSQL, want: sqlScript},
		{name: "parse error at its place", script: "SELECT 1;\n\n  SELEC 2;", format: protocol.ExportPyFlink,
			// Flink reads SELEC as an expression, a query, and fails after it.
			err: protocol.Error{Class: diag.ParseException, Line: 3, Col: 9, Offset: 19}},
		{name: "unknown format", script: seedScript, format: "java",
			err: protocol.Error{Class: diag.IllegalArgument, Offset: -1}},
	}
	w, r := newTestWorker(t, Options{})
	for i, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w.Handle(protocol.Request{Type: protocol.TypeExport, ID: 100 + i, Script: tt.script, Format: tt.format})
			m := r.next(t)
			if m.Type != protocol.TypeExported || m.ID != 100+i {
				t.Fatalf("got %s #%d, want %s #%d", m.Type, m.ID, protocol.TypeExported, 100+i)
			}
			if tt.want != "" {
				if m.Error != nil || m.Text != tt.want {
					t.Errorf("text:\n%s\nerror %+v\nwant:\n%s", m.Text, m.Error, tt.want)
				}
				return
			}
			e := m.Error
			if e == nil || m.Text != "" {
				t.Fatalf("text %q, error %+v; want an error", m.Text, e)
			}
			if e.Class != tt.err.Class || e.Line != tt.err.Line || e.Col != tt.err.Col || e.Offset != tt.err.Offset ||
				e.Message == "" || !strings.HasPrefix(e.Text, "[ERROR] Could not execute SQL statement. Reason:\n"+e.Class+": ") {
				t.Errorf("error %+v, want class %s at %d:%d (offset %d)", e, tt.err.Class, tt.err.Line, tt.err.Col, tt.err.Offset)
			}
		})
	}
}

// TestExportWhileQueryRuns asks for an export while an unbounded query
// streams: the answer comes at once and the query goes on.
func TestExportWhileQueryRuns(t *testing.T) {
	w, r := newTestWorker(t, Options{})
	w.Handle(protocol.Request{Type: protocol.TypeExecute, ID: 1, Script: seedScript, End: len(seedScript)})
	r.until(t, protocol.TypeRows)
	w.Handle(protocol.Request{Type: protocol.TypeExport, ID: 2, Script: seedScript, Format: protocol.ExportSQL})
	msgs := r.until(t, protocol.TypeExported)
	if m := msgs[len(msgs)-1]; m.ID != 2 || !strings.Contains(m.Text, "SELECT * FROM MySource;") {
		t.Fatalf("export answer: %+v", m)
	}
	for _, m := range msgs {
		if m.Type == protocol.TypeDone || m.Type == protocol.TypeError {
			t.Fatalf("the running query ended (%s) when the export came", m.Type)
		}
	}
	// Still streaming: more rows, then a cancel ends it as usual.
	r.until(t, protocol.TypeRows)
	w.Handle(protocol.Request{Type: protocol.TypeCancel, ID: 1})
	done := r.until(t, protocol.TypeDone)
	if m := done[len(done)-1]; !m.Cancelled || m.ID != 1 {
		t.Errorf("done: %+v", m)
	}
	r.until(t, protocol.TypeCatalogIs)
}

// TestRunSeedAndStartTime runs a script with an embed's seed and start
// time: two runs give the same transcript, timestamps anchored at the start
// time; a SET in the script wins; a run without them is random again.
func TestRunSeedAndStartTime(t *testing.T) {
	const table = "CREATE TEMPORARY TABLE Ev (id INT, ts TIMESTAMP(3)) WITH ('connector' = 'datagen', 'number-of-rows' = '3', 'rows-per-second' = '2');\n"
	const query = "SELECT * FROM Ev;"
	seed := int64(5)
	cfg := &protocol.Config{Seed: &seed, StartTime: "2024-01-01 00:00:00", Zone: "UTC"}
	w, r := newTestWorker(t, Options{Clock: enginetest.NewVirtualClock(enginetest.Epoch)})
	run := func(id int, script string, cfg *protocol.Config) string {
		t.Helper()
		w.Handle(protocol.Request{Type: protocol.TypeReset, Config: cfg})
		r.until(t, protocol.TypeCatalogIs)
		return strings.Join(transcripts(runAll(t, w, r, id, script, cfg)), "\n")
	}
	first := run(1, table+query, cfg)
	if second := run(2, table+query, cfg); second != first {
		t.Errorf("two runs differ:\n%s\n%s", first, second)
	}
	for _, ts := range []string{"2024-01-01 00:00:00.000", "2024-01-01 00:00:01.000"} {
		if !strings.Contains(first, ts) {
			t.Errorf("no row at %s:\n%s", ts, first)
		}
	}
	set := run(3, "SET 'playground.start-time' = '2030-06-01 12:00:00';\nSET 'playground.datagen.seed' = '6';\n"+table+query, cfg)
	if !strings.Contains(set, "2030-06-01 12:00:00.000") {
		t.Errorf("the script's SET did not win:\n%s", set)
	}
	plain := run(4, table+query, &protocol.Config{Zone: "UTC"})
	if strings.Contains(plain, "2024-01-01") || plain == first {
		t.Errorf("without seed and start time the run repeats the seeded one:\n%s", plain)
	}
	bad := runAll(t, w, r, 5, query, &protocol.Config{StartTime: "tomorrow"})
	errs := of(bad, protocol.TypeError)
	if len(errs) != 1 || errs[0].Error.Message != "Could not parse value 'tomorrow' for key 'playground.start-time'." {
		t.Errorf("bad start time: %v", types_(bad))
	}
}
