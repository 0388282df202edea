package state

import (
	"strings"
	"testing"
	"time"

	"github.com/flinkplay/flinkplay/wasm/engine/protocol"
)

func TestFindDefinition(t *testing.T) {
	script := "-- orders\nCREATE TEMPORARY TABLE IF NOT EXISTS cat.db.`Orders` (id INT, note STRING) WITH (\n" +
		"  'connector' = 'datagen', 'rows-per-secnd' = '5', 'fields.note.length' = 'connector'\n);\n" +
		"CREATE VIEW V AS SELECT * FROM Orders;\nSELECT * FROM V;\nCREATE OR REPLACE TABLE Orders (x INT) WITH ('connector' = 'blackhole');\n"
	sel := strings.Index(script, "SELECT * FROM V")
	d, ok := FindDefinition(script, "Orders", sel)
	if !ok || d.View || script[d.Name.Start:d.Name.End] != "`Orders`" {
		t.Fatalf("Orders: %+v %v", d, ok)
	}
	for key, want := range map[string]string{"rows-per-secnd": "'rows-per-secnd'", "connector": "'connector'"} {
		sp, ok := d.OptionKey(key)
		if !ok || script[sp.Start:sp.End] != want {
			t.Errorf("OptionKey(%q) = %q, %v", key, script[sp.Start:sp.End], ok)
		}
		// The key, never a value that spells it.
		if sp.Start > strings.Index(script, "'fields.note.length'") {
			t.Errorf("OptionKey(%q) found a value", key)
		}
	}
	if _, ok := d.OptionKey("missing"); ok {
		t.Error("a key the DDL lacks was found")
	}
	if v, ok := FindDefinition(script, "V", len(script)); !ok || !v.View {
		t.Errorf("V: %+v %v", v, ok)
	}
	// The last definition before the position wins.
	if d2, _ := FindDefinition(script, "Orders", len(script)); d2.Stmt.Start <= d.Stmt.Start {
		t.Errorf("the later CREATE OR REPLACE TABLE was not found")
	}
	if _, ok := FindDefinition(script, "orders", sel); ok {
		t.Error("names compare exactly, as Flink's do")
	}
	if _, ok := FindDefinition(script, "V", strings.Index(script, "CREATE VIEW")); ok {
		t.Error("a definition after the position was found")
	}
}

func TestOptionDiagnostics(t *testing.T) {
	script := "CREATE TABLE T (id INT) WITH ('connector' = 'datagen', 'no-such-option' = '1');\n\nSELECT * FROM T;\n"
	under := func(ds []Diagnostic) []string {
		var out []string
		for _, d := range ds {
			out = append(out, script[ByteOffset(script, d.From):ByteOffset(script, d.To)])
		}
		return out
	}
	tests := []struct {
		name string
		err  *protocol.Error
		want string
	}{
		{"unsupported key", &protocol.Error{Message: "Unsupported options found for 'datagen'.", Table: "T", Keys: []string{"no-such-option"}}, "'no-such-option'"},
		{"missing option: the WITH", &protocol.Error{Message: "One or more required options are missing.", Table: "T"}, "WITH"},
		{"not an option error", &protocol.Error{Message: "Object 'T' not found"}, ""},
		{"a table the script does not define", &protocol.Error{Message: "x", Table: "U", Keys: []string{"connector"}}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := strings.Join(under(OptionDiagnostics(script, tt.err)), "|"); got != tt.want {
				t.Errorf("underlines %q, want %q", got, tt.want)
			}
		})
	}
	// The model underlines the use and the key.
	m := NewModel(0)
	m.Script, m.Err = script, &protocol.Error{Class: "org.apache.flink.table.api.ValidationException", Message: "Unsupported options found for 'datagen'.",
		Offset: strings.Index(script, "T;"), Table: "T", Keys: []string{"no-such-option"}}
	if got := strings.Join(under(m.Diagnostics()), "|"); got != "T|'no-such-option'" {
		t.Errorf("model diagnostics %q", got)
	}
}

func TestSessionHint(t *testing.T) {
	script := "CREATE TABLE MySource (id INT) WITH ('connector' = 'datagen');\nSELECT * FROM MySource;\n"
	sel := Span{strings.Index(script, "SELECT"), len(script) - 1}
	create := Span{0, strings.Index(script, "\n")}
	tests := []struct {
		name string
		err  *protocol.Error
		at   Span
		want string // "" for no hint, else a part of it
	}{
		{"missing table defined above", &protocol.Error{Message: "Object 'MySource' not found"}, sel, "CREATE TABLE on line 1, which has not run in this session"},
		{"missing, qualified", &protocol.Error{Message: "Tables or views with the identifier 'default_catalog.default_database.MySource' doesn't exist."}, sel, "line 1"},
		{"missing and not in the script", &protocol.Error{Message: "Object 'Other' not found"}, sel, ""},
		{"already exists from an earlier run", &protocol.Error{Message: "Could not execute CreateTable in path `default_catalog`.`default_database`.`MySource`", Class: "x"}, create, ""},
		{"already exists", &protocol.Error{Message: "Table (or view) MySource already exists in Catalog default_catalog."}, create, "already exists in this session"},
		{"another error", &protocol.Error{Message: "Column 'x' not found in any table"}, sel, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := SessionHint(script, tt.err, tt.at)
			if tt.want == "" && got != "" || tt.want != "" && !strings.Contains(got, tt.want) {
				t.Errorf("hint %q, want %q", got, tt.want)
			}
		})
	}
}

func TestRemember(t *testing.T) {
	now := time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)
	var list []Recent
	list = Remember(list, "SELECT 1;", "ran", now)
	list = Remember(list, SeedSQL, "before Reset", now)
	list = Remember(list, "  \n", "ran", now)
	list = Remember(list, "SELECT 2;", "before the example 'x'", now.Add(time.Minute))
	list = Remember(list, "SELECT 1;", "before Reset", now.Add(2*time.Minute))
	if len(list) != 2 || list[0].Text != "SELECT 1;" || list[0].Why != "before Reset" || list[1].Text != "SELECT 2;" {
		t.Fatalf("list %+v", list)
	}
	back := DecodeRecent(EncodeRecent(list))
	if len(back) != 2 || back[0] != list[0] || back[1] != list[1] {
		t.Errorf("round trip %+v", back)
	}
	if DecodeRecent("not json") != nil || len(DecodeRecent(`[{"text":""}]`)) != 0 {
		t.Error("unreadable entries were kept")
	}
	for i := 0; i < MaxRecent+5; i++ {
		list = Remember(list, "SELECT "+Count(int64(i))+";", "ran", now)
	}
	if len(list) != MaxRecent {
		t.Errorf("%d entries kept, want %d", len(list), MaxRecent)
	}
	big := strings.Repeat("x", MaxRecentBytes/2+1)
	list = Remember(Remember(list, big+"a", "ran", now), big+"b", "ran", now)
	if len(list) != 1 {
		t.Errorf("%d entries of over MaxRecentBytes kept", len(list))
	}
	r := Recent{Text: "-- note\n\nSELECT 42\n  FROM t;\nSELECT 1;", At: now.UnixMilli(), Why: "ran"}
	if r.Title() != "SELECT 42" {
		t.Errorf("title %q", r.Title())
	}
	if got := r.Summary(now.Add(3 * time.Hour)); got != "3 hours ago · ran · 2 statements" {
		t.Errorf("summary %q", got)
	}
}

func TestSourcesStatus(t *testing.T) {
	now := time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)
	m := NewModel(0)
	m.StartRun(1, "SELECT k, COUNT(*) FROM Orders GROUP BY k;", now)
	m.Apply(&protocol.Message{Type: protocol.TypeSchema, ID: 1, Columns: []protocol.Column{{Name: "k", Type: "INT"}}}, now)
	m.Apply(&protocol.Message{Type: protocol.TypeProgress, ID: 1, ElapsedMs: 4200, Sources: []protocol.SourceProgress{
		{Table: "Orders", Rows: 42000, RowsPerSec: 10000, PaceKey: "rows-per-second", PaceRate: 10000, Throttled: true},
	}}, now)
	if got := m.Status(now.Add(4200 * time.Millisecond)); got != "Running · read 42,000 rows from Orders (10,000 rows/s) · 4.2 s" {
		t.Errorf("status %q", got)
	}
	if got := m.PaceNote(); !strings.Contains(got, "Orders reads at most 10,000 rows a second") || !strings.Contains(got, "'rows-per-second'") {
		t.Errorf("pace note %q", got)
	}
	m.Apply(&protocol.Message{Type: protocol.TypeDone, ID: 1, Received: 3, Sources: []protocol.SourceProgress{{Table: "Orders", Rows: 2000000}}}, now)
	m.Apply(&protocol.Message{Type: protocol.TypeRunDone, ID: 1}, now.Add(200*time.Second))
	if got := m.Status(now); got != "Finished · 3 rows received · read 2,000,000 rows from Orders · 3 min 20 s" {
		t.Errorf("status %q", got)
	}
	if m.PaceNote() != "" {
		t.Error("a pace note after the end")
	}
}
