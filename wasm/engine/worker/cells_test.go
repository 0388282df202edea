package worker

import (
	"strings"
	"testing"
	"time"

	"github.com/flinkplay/flinkplay/wasm/engine/protocol"
)

// TestCellsRunSideBySide: two cell runs of one session stream at the same
// time; a third uses the table the first made; each stops by its own
// cancel, and the others go on.
func TestCellsRunSideBySide(t *testing.T) {
	w, r := newTestWorker(t, Options{})
	script := "CREATE TABLE s (id INT) WITH ('connector' = 'datagen', 'rows-per-second' = '200');\n" +
		"-- %% cell 2\nSELECT id FROM s;\n" +
		"-- %% cell 3\nSELECT COUNT(*) AS n FROM s;\n"
	cell := func(id int, from, to string) {
		start := strings.Index(script, from)
		end := len(script)
		if to != "" {
			end = strings.Index(script, to)
		}
		w.Handle(protocol.Request{Type: protocol.TypeExecute, ID: id, Script: script, Start: start, End: end, Cell: true})
	}
	cell(1, "CREATE", "-- %% cell 2")
	for {
		m := r.next(t)
		if m.Type == protocol.TypeRunDone && m.ID == 1 {
			break
		}
	}
	cell(2, "-- %% cell 2", "-- %% cell 3")
	cell(3, "-- %% cell 3", "")
	rows := map[int]int{}
	deadline := time.Now().Add(messageTimeout)
	for rows[2] == 0 || rows[3] == 0 {
		if time.Now().After(deadline) {
			t.Fatalf("rows so far %v: the two cells do not stream side by side", rows)
		}
		m := r.next(t)
		if m.Type == protocol.TypeError {
			t.Fatalf("run %d: %s", m.ID, m.Error.Text)
		}
		if m.Type == protocol.TypeRows {
			rows[m.ID] += len(m.Rows)
		}
	}
	// Cell 2 stops; cell 3 streams on.
	w.Handle(protocol.Request{Type: protocol.TypeCancel, ID: 2})
	var done2 bool
	after := 0
	for !done2 || after == 0 {
		m := r.next(t)
		switch {
		case m.Type == protocol.TypeDone && m.ID == 2:
			done2 = m.Cancelled
			if !done2 {
				t.Fatalf("cell 2 ended without being cancelled: %+v", m)
			}
		case m.Type == protocol.TypeDone && m.ID == 3:
			t.Fatal("cell 3 ended with cell 2's cancel")
		case m.Type == protocol.TypeRows && m.ID == 3 && done2:
			after += len(m.Rows)
		}
	}
	// A reset ends every run.
	w.Handle(protocol.Request{Type: protocol.TypeReset})
	for {
		m := r.next(t)
		if m.Type == protocol.TypeRunDone && m.ID == 3 {
			break
		}
	}
}

// TestCellErrorPositions: an error in a cell points into the script at
// the cell's statement while another cell streams.
func TestCellErrorPositions(t *testing.T) {
	w, r := newTestWorker(t, Options{})
	script := "CREATE TABLE s (id INT) WITH ('connector' = 'datagen', 'rows-per-second' = '100');\nSELECT id FROM s;\n-- %%\nSELECT nope FROM s;\n"
	third := strings.Index(script, "-- %%")
	w.Handle(protocol.Request{Type: protocol.TypeExecute, ID: 1, Script: script, Start: 0, End: third, Cell: true})
	for m := r.next(t); m.Type != protocol.TypeRows; m = r.next(t) {
	}
	w.Handle(protocol.Request{Type: protocol.TypeExecute, ID: 2, Script: script, Start: third, End: len(script), Cell: true})
	for {
		m := r.next(t)
		if m.Type == protocol.TypeError && m.ID == 2 {
			if m.Error.Line != 4 || m.Error.Col != 8 {
				t.Errorf("cell 2's error at %d:%d, want 4:8 (nope): %s", m.Error.Line, m.Error.Col, m.Error.Message)
			}
			break
		}
		if m.Type == protocol.TypeError {
			t.Fatalf("run %d failed: %s", m.ID, m.Error.Text)
		}
	}
	w.Handle(protocol.Request{Type: protocol.TypeCancel, ID: 1})
	for m := r.next(t); !(m.Type == protocol.TypeRunDone && m.ID == 1); m = r.next(t) {
	}
}
