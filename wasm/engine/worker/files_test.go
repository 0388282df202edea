package worker

import (
	"strings"
	"testing"

	"github.com/flinkplay/flinkplay/engine/catalog"
	"github.com/flinkplay/flinkplay/engine/vfs"
	"github.com/flinkplay/flinkplay/wasm/engine/protocol"
)

func TestFileRequests(t *testing.T) {
	fsys := vfs.NewMem()
	fsys.MaxBytes = 64
	w, r := newTestWorker(t, Options{FS: fsys})
	ask := func(req protocol.Request) protocol.Message {
		t.Helper()
		w.Handle(req)
		return r.next(t)
	}
	// Write creates the parents and answers with the directory.
	m := ask(protocol.Request{Type: protocol.TypeWriteFile, ID: 1, Path: "/uploads/a.csv", Data: "id,name\n1,x\n2,y\n"})
	if m.Type != protocol.TypeFiles || m.Error != nil || m.Path != "/uploads" || len(m.Files) != 1 || m.Files[0].Name != "a.csv" || m.Files[0].Size != 16 {
		t.Fatalf("write: %+v", m)
	}
	m = ask(protocol.Request{Type: protocol.TypeListFiles, ID: 2, Path: "/"})
	if len(m.Files) != 1 || !m.Files[0].Dir || m.Files[0].Path != "/uploads" {
		t.Fatalf("list /: %+v", m)
	}
	// A preview reads the first bytes.
	m = ask(protocol.Request{Type: protocol.TypeReadFile, ID: 3, Path: "/uploads/a.csv", Limit: 8})
	if m.Type != protocol.TypeFileData || m.Data != "id,name\n" || !m.Truncated || m.Size != 16 {
		t.Fatalf("read: %+v", m)
	}
	m = ask(protocol.Request{Type: protocol.TypeReadFile, ID: 4, Path: "/uploads/nope.csv"})
	if m.Error == nil || m.Error.Message != "/uploads/nope.csv does not exist" {
		t.Fatalf("read missing: %+v", m.Error)
	}
	// Beyond the quota: a clear message, and nothing half-written stays.
	m = ask(protocol.Request{Type: protocol.TypeWriteFile, ID: 5, Path: "/uploads/big.csv", Data: strings.Repeat("x", 100)})
	if m.Error == nil || !strings.Contains(m.Error.Message, "not enough browser storage for /uploads/big.csv (storage quota exceeded)") {
		t.Fatalf("quota: %+v", m.Error)
	}
	if len(m.Files) != 1 {
		t.Errorf("files after a failed write: %+v", m.Files)
	}
	m = ask(protocol.Request{Type: protocol.TypeDeleteFile, ID: 6, Path: "/uploads/a.csv"})
	if m.Error != nil || len(m.Files) != 0 {
		t.Fatalf("delete: %+v", m)
	}
	m = ask(protocol.Request{Type: protocol.TypeListFiles, ID: 7, Path: "relative"})
	if m.Error == nil {
		t.Fatal("a relative path was accepted")
	}
}

func TestPlaygroundCatalogInWorker(t *testing.T) {
	st := catalog.NewMemStore()
	w, r := newTestWorker(t, Options{CatalogStore: st})
	msgs := runAll(t, w, r, 1, "CREATE CATALOG pg WITH ('type' = 'playground');\n"+
		"CREATE TABLE pg.`default`.t (x INT) WITH ('connector' = 'datagen');\n"+
		"USE CATALOG pg;\n"+
		"CREATE TEMPORARY TABLE tmp (x INT) WITH ('connector' = 'datagen');\n"+
		"CREATE TABLE default_catalog.default_database.m (x INT) WITH ('connector' = 'datagen');\n", nil)
	var persisted []bool
	var snap *protocol.Catalog
	for _, m := range msgs {
		if m.Type == protocol.TypeResult {
			persisted = append(persisted, m.Persisted)
		}
		if m.Type == protocol.TypeCatalogIs {
			snap = m.Catalog
		}
	}
	if want := []bool{true, true, false, false, false}; !equalBools(persisted, want) {
		t.Errorf("persisted = %v, want %v", persisted, want)
	}
	where := map[string]string{}
	for _, c := range snap.Catalogs {
		for _, d := range c.Databases {
			for _, o := range d.Objects {
				where[c.Name+"."+o.Name] = o.Definition
			}
		}
		if c.Name == "pg" && c.Storage != "memory (a test store) (playground)" {
			t.Errorf("pg storage %q", c.Storage)
		}
	}
	for k, want := range map[string]string{
		"pg.t":              "memory (a test store)",
		"pg.tmp":            "this tab's memory (a temporary table of the session)",
		"default_catalog.m": "this tab's memory",
	} {
		if where[k] != want {
			t.Errorf("%s: definition in %q, want %q", k, where[k], want)
		}
	}
	// A reset is a new session: the playground catalog comes back from
	// the store, the rest is gone.
	w.Handle(protocol.Request{Type: protocol.TypeReset})
	m := r.until(t, protocol.TypeCatalogIs)
	names := []string{}
	for _, c := range m[len(m)-1].Catalog.Catalogs {
		names = append(names, c.Name)
	}
	if strings.Join(names, ",") != "default_catalog,pg" {
		t.Errorf("catalogs after reset: %v", names)
	}
	// A corrupt entry shows as a warning in the panel.
	st.Entries["object/pg/default/bad"] = []byte("{")
	w.Handle(protocol.Request{Type: protocol.TypeReset})
	m = r.until(t, protocol.TypeCatalogIs)
	if ws := m[len(m)-1].Catalog.Warnings; len(ws) != 1 || !strings.Contains(ws[0], `"object/pg/default/bad"`) {
		t.Errorf("warnings: %q", ws)
	}
}

func equalBools(a, b []bool) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
