package state

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/flinkplay/flinkplay/wasm/engine/protocol"
)

// TestGraphView formats a job's graph from a progress message: each
// node's figures (rates and busy time only while it runs), an Exchange's
// distribution, and the text alternative.
func TestGraphView(t *testing.T) {
	m := NewModel(0)
	m.SetView(ViewGraph)
	if g := m.Graph(); len(g.Nodes) != 0 || !strings.HasPrefix(g.Note, "Run a query") {
		t.Fatalf("before a run: %+v", g)
	}
	m.StartRun(1, "q", time.Now())
	m.Apply(&protocol.Message{Type: protocol.TypeStatement, ID: 1, SQL: "q"}, time.Now())
	m.Apply(&protocol.Message{Type: protocol.TypeSchema, ID: 1, Columns: []protocol.Column{{Name: "product", Type: "STRING"}}, Streaming: true}, time.Now())
	if g := m.Graph(); !strings.Contains(g.Note, "first progress report") {
		t.Fatalf("before progress: %+v", g)
	}
	nodes := []protocol.GraphNode{
		{ID: 0, Kind: "TableSourceScan", Text: "TableSourceScan(table=[[default_catalog, default_database, Orders]], fields=[id])", Table: "Orders", In: 12000, Out: 12000, OutPerSec: 1000},
		{ID: 1, Kind: "Exchange", Text: "Exchange(distribution=[hash[product]])", Inputs: []int{0}, In: 12000, Out: 12000},
		{ID: 2, Kind: "GroupAggregate", Text: "GroupAggregate(groupBy=[product], select=[product, COUNT(*) AS orders])", Inputs: []int{1},
			In: 12000, Out: 23997, InPerSec: 1000.4, Busy: 0.126, Watermark: "2026-01-01 00:00:12.000",
			Stateful: true, StateRows: 12345, StateKeys: 3, StateBytes: 480},
	}
	m.Apply(&protocol.Message{Type: protocol.TypeProgress, ID: 1, Graph: nodes}, time.Now())
	g := m.Graph()
	got := make([]string, len(g.Nodes))
	for i, n := range g.Nodes {
		got[i] = n.Kind + " [" + n.Detail + "] " + strings.Join(n.Lines, " / ")
	}
	want := []string{
		"TableSourceScan [Orders] read 12,000 · 1,000/s",
		"Exchange [hash[product]] 12,000 records",
		"GroupAggregate [groupBy=[product]] in 12,000 · out 23,997 / 1,000/s in · busy 13% / watermark 00:00:12.000 / state 3 keys · 12.3K rows / state ≈480 B",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("nodes:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if !g.Nodes[1].Exchange || g.Nodes[2].Busy != 0.126 {
		t.Errorf("exchange %v, busy %v", g.Nodes[1].Exchange, g.Nodes[2].Busy)
	}
	if !strings.Contains(g.Text(), "GroupAggregate groupBy=[product] (from Exchange): in 12,000 · out 23,997") {
		t.Errorf("text alternative: %s", g.Text())
	}
	var back GraphData
	if err := json.Unmarshal([]byte(g.JSON()), &back); err != nil || back.Key != g.Key || back.Label == "" || len(back.Nodes[0].Inputs) != 0 {
		t.Errorf("JSON round trip: %v %+v", err, back)
	}
	// The shape is the key: figures alone keep it.
	nodes[2].In = 13000
	m.Apply(&protocol.Message{Type: protocol.TypeProgress, ID: 1, Graph: nodes}, time.Now())
	if m.Graph().Key != g.Key {
		t.Errorf("the key changed with the figures")
	}
	// Done: totals, no rates.
	nodes[2].Watermark = "end"
	m.Apply(&protocol.Message{Type: protocol.TypeDone, ID: 1, Graph: nodes}, time.Now())
	g = m.Graph()
	if l := strings.Join(g.Nodes[2].Lines, " / "); l != "in 13,000 · out 23,997 / watermark: end of input / state 3 keys · 12.3K rows / state ≈480 B" || g.Nodes[2].Busy != 0 {
		t.Errorf("done: %q busy %v", l, g.Nodes[2].Busy)
	}
	if l := g.Nodes[0].Lines[0]; l != "read 12,000" {
		t.Errorf("done scan: %q", l)
	}
}

func TestShortAndRate(t *testing.T) {
	for n, want := range map[int64]string{0: "0", 9999: "9,999", 12345: "12.3K", 1234567: "1.2M", 3_000_000_000: "3.0G"} {
		if got := Short(n); got != want {
			t.Errorf("Short(%d) = %q, want %q", n, got, want)
		}
	}
	for r, want := range map[float64]string{-1: "0/s", 0.4: "0/s", 412.6: "413/s", 12345: "12.3K/s", 2.5e6: "2.5M/s"} {
		if got := rate(r); got != want {
			t.Errorf("rate(%v) = %q, want %q", r, got, want)
		}
	}
}
