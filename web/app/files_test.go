package app

import (
	"strings"
	"testing"

	"github.com/flinkplay/flinkplay/wasm/engine/protocol"
	"github.com/flinkplay/flinkplay/web/state"
	"github.com/vugu/vugu"
)

func (noActions) ShowSide(string)      {}
func (noActions) StopJob(string)       {}
func (noActions) OpenDir(string)       {}
func (noActions) OpenFile(string)      {}
func (noActions) DownloadFile(string)  {}
func (noActions) DeleteFile(string)    {}
func (noActions) Upload(vugu.DOMEvent) {}
func (noActions) InsertUpload()        {}

func TestFilesPanelAndUploadWizard(t *testing.T) {
	m := state.NewModel(10)
	m.Catalog = &protocol.Catalog{CurrentCatalog: "pg", CurrentDatabase: "default",
		Warnings: []string{`Skipped the stored entry "object/pg/default/bad"`},
		Catalogs: []protocol.CatalogInfo{{Name: "pg", Type: "playground", Storage: "this browser's storage (IndexedDB) (playground)",
			Databases: []protocol.DatabaseInfo{{Name: "default", Objects: []protocol.TableInfo{{
				Name: "orders", Connector: "filesystem", Definition: "this browser's storage (IndexedDB)",
				Data: "files in this browser's storage"}}}}}}}
	root := &Root{Act: noActions{}, Chrome: Chrome{Model: m, EngineReady: true}}
	html := renderRoot(t, root)
	for _, want := range []string{`id="side-files"`, "definition: this browser&#39;s storage (IndexedDB)",
		`id="storage-warnings"`, "object/pg/default/bad", `id="side-catalog" class="tab active"`} {
		if !strings.Contains(html, want) {
			t.Errorf("catalog panel lacks %q", want)
		}
	}
	if strings.Contains(html, `id="upload-input"`) {
		t.Error("the Files panel shows while the catalog is chosen")
	}

	root.Side = SideFiles
	root.Files = state.NewFiles()
	root.Files.Apply(&protocol.Message{Type: protocol.TypeFiles, Path: "/uploads", Files: []protocol.FileInfo{
		{Name: "orders.csv", Path: "/uploads/orders.csv", Size: 1500}, {Name: "more", Path: "/uploads/more", Dir: true}}})
	root.Files.Apply(&protocol.Message{Type: protocol.TypeFileData, Path: "/uploads/orders.csv", Data: "1,a\n", Size: 1500, Truncated: true})
	html = renderRoot(t, root)
	for _, want := range []string{`id="upload-input"`, "orders.csv", "1.5 KB", `class="file selected"`, `id="file-preview"`,
		"1,a", "uploads", `data-path="/uploads/more"`} {
		if !strings.Contains(html, want) {
			t.Errorf("Files panel lacks %q", want)
		}
	}
	if strings.Contains(html, `id="catalog-panel"`) {
		t.Error("the catalog shows with the Files panel")
	}

	u, err := state.InferUpload("orders.csv", "id,amount\n1,2.5\n")
	if err != nil {
		t.Fatal(err)
	}
	root.Upload, root.Dialog, root.DialogText = u, DialogUpload, u.DDL()
	html = renderRoot(t, root)
	for _, want := range []string{"Create a table for the uploaded file", `id="upload-insert"`, "Saved orders.csv as /uploads/orders.csv",
		"The header line was removed"} {
		if !strings.Contains(html, want) {
			t.Errorf("upload wizard lacks %q", want)
		}
	}
}
