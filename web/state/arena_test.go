package state

import (
	"strings"
	"testing"

	"github.com/flinkplay/flinkplay/wasm/engine/protocol"
)

func TestChangesArenaReuse(t *testing.T) {
	// Rows of 10 kB through a 200-row ring: the arena keeps about 2 MB of
	// chunks, reusing them, however many rows pass.
	tests := []struct {
		name      string
		max, add  int
		maxChunks int
	}{
		{"within one chunk", 50, 50, 1},
		{"ring over many chunks", 200, 5_000, 4},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := NewChanges(tt.max)
			pad := strings.Repeat("x", 10_000)
			for i := 0; i < tt.add; i++ {
				c.Add(row("+I", Count(int64(i)), pad))
			}
			if n := len(c.data.chunks); n > tt.maxChunks {
				t.Errorf("%d chunks, want at most %d", n, tt.maxChunks)
			}
			for i := 0; i < c.Len(); i++ {
				cells := c.At(i).Row().Cells
				if want := Count(int64(tt.add - c.Len() + i)); cells[0] != want || cells[1] != pad {
					t.Fatalf("change %d: %q, want %q", i, cells[0], want)
				}
			}
		})
	}
}

func TestChangesRawAndOps(t *testing.T) {
	var rm RowsMessage
	if !IndexRows(`{"type":"rows","id":1,"stmt":0,"rows":[{"op":"-U","cells":["a"],"line":"| -U | a |"},{"op":"+U","cells":["b"],"line":"| +U | b |"}]}`, &rm) {
		t.Fatal("IndexRows")
	}
	c := NewChanges(10)
	c.Add(rm.Rows...)
	c.Add(PackChange(protocolRow("??", "z")))
	tests := []struct {
		name     string
		i        int
		op, line string
		cell     string
	}{
		{"raw -U", 0, "-U", "| -U | a |", "a"},
		{"raw +U", 1, "+U", "| +U | b |", "b"},
		{"unknown op kept", 2, "??", "", "z"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := c.At(tt.i)
			if got.Op != tt.op || got.Line() != tt.line || got.Row().Cells[0] != tt.cell {
				t.Errorf("got %q %q %q", got.Op, got.Line(), got.Row().Cells)
			}
		})
	}
}

func TestTableRawRetraction(t *testing.T) {
	// Raw rows are keyed without op and line: a -U with another line
	// retracts the +I.
	var rm RowsMessage
	msg := `{"type":"rows","id":1,"stmt":0,"rows":[{"op":"+I","cells":["a","1"],"line":"| +I | a | 1 |"},{"op":"+I","cells":["b","1"],"line":"| +I | b | 1 |"},{"op":"-U","cells":["a","1"],"line":"| -U | a | 1 |"},{"op":"+U","cells":["a","2"],"line":"| +U | a | 2 |"}]}`
	if !IndexRows(msg, &rm) {
		t.Fatal("IndexRows")
	}
	tb := NewTable(10)
	for i, r := range rm.Rows {
		tb.Apply(r, int64(i))
	}
	got := strings.Join(tableRows(tb), "|")
	if want := "+Ib,1|+Ua,2"; got != want || tb.Unmatched != 0 {
		t.Errorf("rows %q unmatched %d, want %q", got, tb.Unmatched, want)
	}
}

func TestTableArenaRepack(t *testing.T) {
	// An insert-only stream past the bound keeps the table's bytes near
	// the live rows' size.
	tb := NewTable(100)
	pad := strings.Repeat("y", 10_000)
	for i := 0; i < 5_000; i++ {
		tb.Apply(row("+I", Count(int64(i)), pad), int64(i))
	}
	got := tableRows(tb)
	if len(got) != 100 || !strings.HasPrefix(got[0], "+I4,900,") || !strings.HasPrefix(got[99], "+I4,999,") {
		t.Fatalf("rows %d, first %.10q last %.10q", len(got), got[0], got[len(got)-1])
	}
	if tb.data.used > 2*100*10_100+chunkSize {
		t.Errorf("arena holds %d bytes", tb.data.used)
	}
}

func TestKeyEqual(t *testing.T) {
	tests := []struct {
		name           string
		a1, b1, a2, b2 string
		want           bool
	}{
		{"both whole", "abc", "", "abc", "", true},
		{"split differently", "ab", "cd", "a", "bcd", true},
		{"other byte", "ab", "cd", "ab", "ce", false},
		{"other length", "ab", "", "abc", "", false},
		{"empty", "", "", "", "", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := keyEqual([]byte(tt.a1), []byte(tt.b1), []byte(tt.a2), []byte(tt.b2)); got != tt.want {
				t.Errorf("got %v", got)
			}
			if tt.want && keyHash([]byte(tt.a1), []byte(tt.b1)) != keyHash([]byte(tt.a2), []byte(tt.b2)) {
				t.Errorf("equal keys hash apart")
			}
		})
	}
}

func protocolRow(op string, cells ...string) protocol.Row {
	return protocol.Row{Op: op, Cells: cells}
}
