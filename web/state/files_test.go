package state

import (
	"reflect"
	"testing"
	"time"

	"github.com/flinkplay/flinkplay/wasm/engine/protocol"
)

func TestFilesPanel(t *testing.T) {
	f := NewFiles()
	f.Apply(&protocol.Message{Type: protocol.TypeFiles, Path: "/uploads", Files: []protocol.FileInfo{
		{Name: "a.csv", Path: "/uploads/a.csv", Size: 2048},
	}})
	if got := f.Crumbs(); !reflect.DeepEqual(got, []Crumb{{"/", "/"}, {"uploads", "/uploads"}}) {
		t.Errorf("crumbs %v", got)
	}
	if f.Parent() != "/" {
		t.Errorf("parent %q", f.Parent())
	}
	f.Apply(&protocol.Message{Type: protocol.TypeFileData, Path: "/uploads/a.csv", Data: "1,a\n2,b\n3,", Size: 2048, Truncated: true})
	if got := f.Preview.PreviewText(); got != "1,a\n2,b\n… (2.0 KB in all)" {
		t.Errorf("preview %q", got)
	}
	// Deleting the previewed file closes the preview.
	f.Apply(&protocol.Message{Type: protocol.TypeFiles, Path: "/uploads", Files: []protocol.FileInfo{}})
	if f.Preview != nil {
		t.Error("preview of a deleted file stays")
	}
	f.Apply(&protocol.Message{Type: protocol.TypeFiles, Path: "/uploads", Error: &protocol.Error{Message: "not enough browser storage"}})
	if f.Err != "not enough browser storage" {
		t.Errorf("err %q", f.Err)
	}
	if Size(500) != "500 B" || Size(1536) != "1.5 KB" {
		t.Error(Size(500), Size(1536))
	}
}

func TestPersistedStatementsAreNotReplayed(t *testing.T) {
	testNow := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	m := NewModel(10)
	m.StartRun(1, "", testNow)
	m.Apply(&protocol.Message{Type: protocol.TypeStatement, ID: 1, SQL: "CREATE CATALOG pg WITH ('type' = 'playground')"}, testNow)
	m.Apply(&protocol.Message{Type: protocol.TypeResult, ID: 1, Text: "[INFO] Execute statement succeeded.", Persisted: true}, testNow)
	m.Apply(&protocol.Message{Type: protocol.TypeStatement, ID: 1, SQL: "USE CATALOG pg"}, testNow)
	m.Apply(&protocol.Message{Type: protocol.TypeResult, ID: 1, Text: "[INFO] Execute statement succeeded."}, testNow)
	if want := []string{"USE CATALOG pg"}; !reflect.DeepEqual(m.DDL, want) {
		t.Errorf("DDL %q, want %q", m.DDL, want)
	}
}
