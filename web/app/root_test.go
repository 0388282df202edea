package app

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"github.com/flinkplay/flinkplay/wasm/engine/protocol"
	"github.com/flinkplay/flinkplay/web/state"
	"github.com/vugu/vugu"
	"github.com/vugu/vugu/js"
	"github.com/vugu/vugu/staticrender"
)

// noActions stands in for the browser side.
type noActions struct{}

func (noActions) Run()                        {}
func (noActions) Prepare()                    {}
func (noActions) RunAll()                     {}
func (noActions) OpenScript(vugu.DOMEvent)    {}
func (noActions) Stop()                       {}
func (noActions) SetView(string)              {}
func (noActions) Example(string)              {}
func (noActions) Reset()                      {}
func (noActions) MountEditor(js.Value)        {}
func (noActions) MountResults(js.Value)       {}
func (noActions) MountTableau(js.Value)       {}
func (noActions) MountGrid(js.Value)          {}
func (noActions) MountChart(js.Value)         {}
func (noActions) MountGraph(js.Value)         {}
func (noActions) MountTimeline(js.Value)      {}
func (noActions) ToggleWhy()                  {}
func (noActions) Step(string)                 {}
func (noActions) Rewind()                     {}
func (noActions) SetChart(string)             {}
func (noActions) SetChartY(vugu.DOMEvent)     {}
func (noActions) Share()                      {}
func (noActions) EmbedSnippet()               {}
func (noActions) Export()                     {}
func (noActions) ExportFormat(string)         {}
func (noActions) Copy()                       {}
func (noActions) SaveExport()                 {}
func (noActions) CloseDialog()                {}
func (noActions) Download(string)             {}
func (noActions) RestoreScript()              {}
func (noActions) OpenExamples()               {}
func (noActions) OpenHistory()                {}
func (noActions) ToggleTheme()                {}
func (noActions) ToggleMenu()                 {}
func (noActions) CloseMenu()                  {}
func (noActions) OpenHelp()                   {}
func (noActions) ShowCell(string)             {}
func (noActions) StopCell(string)             {}
func (noActions) ShowHistory(string)          {}
func (noActions) SearchHistory(vugu.DOMEvent) {}
func (noActions) PickStatement(string)        {}
func (noActions) RestoreRecent(string)        {}
func (noActions) FollowTail()                 {}

func renderRoot(t *testing.T, root *Root) string {
	t.Helper()
	var buf bytes.Buffer
	r := staticrender.New(&buf)
	env, err := vugu.NewBuildEnv(r.EventEnv())
	if err != nil {
		t.Fatal(err)
	}
	if err := r.Render(env.RunBuild(root)); err != nil {
		t.Fatal(err)
	}
	return buf.String()
}

func TestRootRenders(t *testing.T) {
	m := state.NewModel(0)
	m.Catalog = &protocol.Catalog{CurrentCatalog: "default_catalog", CurrentDatabase: "default_database", Catalogs: []protocol.CatalogInfo{{
		Name: "default_catalog", Type: "generic_in_memory", Storage: "this tab's memory",
		Databases: []protocol.DatabaseInfo{{Name: "default_database", Objects: []protocol.TableInfo{{
			Name: "MySource", Connector: "datagen", Data: "generated on the fly; nothing is stored", Bounded: "unbounded", Temporary: true,
			Columns: []protocol.ColumnInfo{{Name: "id", Type: "INT"}, {Name: "name", Type: "STRING"}},
		}}}},
	}}}
	fixed := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	root := &Root{Act: noActions{}, Chrome: Chrome{Model: m, EngineReady: true, Now: func() time.Time { return fixed }}}
	tests := []struct {
		name  string
		setup func()
		want  []string
		not   []string
	}{
		{"ids of the contract", func() {}, []string{
			`id="app"`, `id="editor"`, `id="run"`, `id="run-all"`, `id="stop"`, `id="view-tableau"`, `id="view-changelog"`,
			`id="view-table"`, `id="results"`, `id="tableau"`, `id="grid"`, `id="status"`, `id="dropped"`, `id="error"`,
			`id="notice"`, `id="catalog"`, `id="examples"`, `id="history"`, `id="reset"`, `id="pace"`, `id="new-below"`,
		}, []string{`id="ping"`}},
		{"the run controls say what they run", func() {}, []string{
			`id="run-all" class="primary"`, ">Run script<", "in a fresh session, as sql-client.sh -f does",
			">Run statement<", "in the current session",
		}, nil},
		{"catalog panel says where a table lives", func() {}, []string{
			"MySource", "temporary table", "metadata: default_catalog (in this tab&#39;s memory)",
			"data: datagen, generated on the fly; nothing is stored", "unbounded", "STRING",
		}, nil},
		{"active view and hidden boxes", func() {}, []string{
			`id="view-tableau" class="tab active"`, `class="error hidden"`, `class="notice hidden"`, `class="dropped hidden"`,
		}, nil},
		{"an error in the tableau view is the transcript's alone", func() {
			m.Err = &protocol.Error{Text: "[ERROR] Could not execute SQL statement. Reason:\nboom"}
		}, []string{`class="error hidden"`}, nil},
		{"error and notice shown", func() {
			m.SetView(state.ViewChangelog)
			m.Err = &protocol.Error{Text: "[ERROR] Could not execute SQL statement. Reason:\nboom", Where: "file /uploads/x.csv, line 3, column 2 (qty INT)"}
			root.Notice = "The engine stopped and was restarted; your script is kept."
		}, []string{`class="error"`, "boom", "(at file /uploads/x.csv, line 3, column 2 (qty INT))", `class="notice"`, "your script is kept"}, nil},
		{"examples gallery", func() {
			m.SetView(state.ViewTableau)
			root.Dialog = DialogExamples
		}, []string{`id="example-list"`, state.Examples[1].Name, strings.ReplaceAll(state.Examples[1].Description(), "'", "&#39;")}, []string{`id="dialog-text"`, `id="dialog-copy"`}},
		{"history, no statements yet", func() { root.Dialog = DialogHistory }, []string{`id="statement-list"`, `id="history-search"`, "Nothing yet: every statement you run"}, []string{`id="history-list"`}},
		{"history, statements", func() {
			root.Statements = []state.StatementRun{{SQL: "SELECT *\n  FROM t", At: fixed.Add(-time.Minute).UnixMilli(), Ms: 1500, Outcome: state.OutcomeCancelled, Rows: 16048}}
		}, []string{"SELECT * FROM t", "1.5 s · 16,048 rows · cancelled", `class="pick-desc outcome-cancelled"`}, []string{"Nothing yet"}},
		{"history, no match", func() { root.Statements, root.HistoryQuery = nil, "nope" }, []string{"No statement you ran contains all of: nope"}, nil},
		{"history, scripts, empty", func() { root.HistoryTab = HistoryScripts }, []string{`id="history-list"`, "Nothing yet"}, []string{`id="statement-list"`}},
		{"history, scripts", func() {
			root.Recent = []state.Recent{{Text: "-- mine\nSELECT 42;\n", At: fixed.Add(-3 * time.Minute).UnixMilli(), Why: "before Reset"}}
		}, []string{"SELECT 42;", "3 min ago · before Reset · 1 statement"}, []string{"Nothing yet"}},
		{"a statement run on its own missed the script's DDL", func() {
			root.Dialog, root.Recent, root.HistoryTab, root.HistoryQuery = "", nil, "", ""
			root.Notice, root.NoticeRunAll = "MySource is defined by the CREATE TABLE on line 1", true
		}, []string{`id="notice-run-all"`}, nil},
		{"share, embed, export and download controls", func() {}, []string{
			`id="share"`, `id="embed-snippet"`, `id="export"`, `id="download-csv"`, `id="download-jsonl"`, `class="dialog-backdrop hidden"`,
		}, []string{`id="restore-script"`}},
		{"share dialog", func() {
			root.Dialog, root.DialogText, root.DialogNote = DialogShare, "http://x/#s=1.abc", "Copied to the clipboard."
		}, []string{`class="dialog-backdrop"`, "Share this script", "Copied to the clipboard.", "nothing runs until the reader asks"}, []string{`id="export-pyflink"`}},
		{"export dialog, SQL client script", func() {
			root.Dialog, root.ExportAs, root.ExportErr = DialogExport, "sql", ""
		}, []string{"Run on Flink", `id="export-pyflink" class="tab"`, `id="export-sql" class="tab active"`, "Download .sql", "sql-client.sh -f"}, []string{`id="export-error"`}},
		{"export dialog, error", func() {
			root.Dialog, root.ExportAs, root.ExportErr = DialogExport, "pyflink", "boom at 1:1"
		}, []string{`id="export-pyflink" class="tab active"`, "Download .py", `id="export-error"`, "boom at 1:1"}, nil},
		{"a shared script replaced the reader's", func() {
			root.Dialog, root.Notice, root.Restorable, root.NoticeRunAll = "", "Opened a shared script.", true, false
		}, []string{`id="restore-script"`, "Opened a shared script."}, nil},
		{"engine starting", func() { root.EngineReady = false }, []string{"Starting the engine"}, []string{"runs as soon as"}},
		{"a run waits for the starting engine", func() {
			root.EngineReady = false
			m.StartRun(3, "SELECT 1;", fixed)
		}, []string{"Starting the engine… the statement runs as soon as it is ready."}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tt.setup()
			html := renderRoot(t, root)
			for _, w := range tt.want {
				if !strings.Contains(html, w) {
					t.Errorf("no %q in\n%s", w, html)
				}
			}
			for _, w := range tt.not {
				if strings.Contains(html, w) {
					t.Errorf("%q should not be in\n%s", w, html)
				}
			}
		})
	}
}

func TestEmbedRenders(t *testing.T) {
	m := state.NewModel(0)
	e := &Embed{Act: noActions{}, Chrome: Chrome{Model: m, Lazy: true}, Params: state.ParseEmbed("#height=300"), PlaygroundURL: "http://play/#s=1.x"}
	tests := []struct {
		name  string
		setup func()
		want  []string
		not   []string
	}{
		{"ids of the contract, engine not loaded", func() {}, []string{
			`id="app" class="embed"`, `id="editor"`, `id="run"`, `id="stop"`, `id="view-tableau" class="tab active"`, `id="view-changelog"`,
			`id="view-table"`, `id="results"`, `style="height:300px;flex:none"`, `id="tableau"`, `id="grid"`, `id="status"`,
			`id="error"`, `id="notice"`, "Press Run", `href="http://play/#s=1.x"`, `target="_blank"`,
		}, []string{`id="catalog"`, `id="share"`, `id="reset"`}},
		{"read-only", func() { e.Params.ReadOnly = true }, []string{`class="embed readonly"`}, nil},
		{"engine loading", func() { e.Lazy = false }, []string{"Starting the engine"}, []string{"Press Run"}},
		{"malformed parameter notice", func() { e.Notice = "height=1: the height is a number" }, []string{`class="notice"`, "height=1"}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tt.setup()
			var buf bytes.Buffer
			r := staticrender.New(&buf)
			env, err := vugu.NewBuildEnv(r.EventEnv())
			if err != nil {
				t.Fatal(err)
			}
			if err := r.Render(env.RunBuild(e)); err != nil {
				t.Fatal(err)
			}
			html := buf.String()
			for _, w := range tt.want {
				if !strings.Contains(html, w) {
					t.Errorf("no %q in\n%s", w, html)
				}
			}
			for _, w := range tt.not {
				if strings.Contains(html, w) {
					t.Errorf("%q should not be in\n%s", w, html)
				}
			}
		})
	}
}
