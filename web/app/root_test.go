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

func (noActions) Run()                  {}
func (noActions) RunAll()               {}
func (noActions) Stop()                 {}
func (noActions) SetView(string)        {}
func (noActions) Example(string)        {}
func (noActions) Reset()                {}
func (noActions) MountEditor(js.Value)  {}
func (noActions) MountResults(js.Value) {}
func (noActions) MountTableau(js.Value) {}
func (noActions) MountGrid(js.Value)    {}

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
	root := &Root{Act: noActions{}, Model: m, EngineReady: true, Now: func() time.Time { return fixed }}
	tests := []struct {
		name  string
		setup func()
		want  []string
		not   []string
	}{
		{"ids of the contract", func() {}, []string{
			`id="app"`, `id="editor"`, `id="run"`, `id="run-all"`, `id="stop"`, `id="view-tableau"`, `id="view-changelog"`,
			`id="view-table"`, `id="results"`, `id="tableau"`, `id="grid"`, `id="status"`, `id="dropped"`, `id="error"`,
			`id="notice"`, `id="catalog"`, `id="examples"`, `id="reset"`, `id="ping"`, `id="ping-count"`,
		}, nil},
		{"catalog panel says where a table lives", func() {}, []string{
			"MySource", "temporary table", "metadata: default_catalog (in this tab&#39;s memory)",
			"data: datagen, generated on the fly; nothing is stored", "unbounded", "STRING",
		}, nil},
		{"active view and hidden boxes", func() {}, []string{
			`id="view-tableau" class="tab active"`, `class="error hidden"`, `class="notice hidden"`, `class="dropped hidden"`,
		}, nil},
		{"error and notice shown", func() {
			m.Err = &protocol.Error{Text: "[ERROR] Could not execute SQL statement. Reason:\nboom"}
			root.Notice = "The engine stopped and was restarted; your script is kept."
		}, []string{`class="error"`, "boom", `class="notice"`, "your script is kept"}, nil},
		{"examples gallery", func() {}, []string{state.Examples[1].Name}, nil},
		{"engine starting", func() { root.EngineReady = false }, []string{"Starting the engine"}, nil},
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
		})
	}
}
