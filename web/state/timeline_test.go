package state

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/flinkplay/flinkplay/wasm/engine/protocol"
)

// lessonModel is a model in the timeline view whose query's progress
// carried events, as the worker sends them.
func lessonModel(t *testing.T, graph []protocol.GraphNode, events ...protocol.TraceEvent) *Model {
	t.Helper()
	m := NewModel(0)
	m.SetView(ViewTimeline)
	m.StartRun(1, "q", time.Now())
	m.Apply(&protocol.Message{Type: protocol.TypeStatement, ID: 1, SQL: "q"}, time.Now())
	m.Apply(&protocol.Message{Type: protocol.TypeSchema, ID: 1, Columns: []protocol.Column{{Name: "c", Type: "BIGINT"}}, Streaming: true}, time.Now())
	m.Apply(&protocol.Message{Type: protocol.TypeProgress, ID: 1, Graph: graph, Trace: events}, time.Now())
	return m
}

func arrive(ms, wm int64, late bool) protocol.TraceEvent {
	return protocol.TraceEvent{Kind: protocol.TraceArrive, Time: ms, Watermark: wm, HasWatermark: wm >= 0, Late: late}
}

// TestTimelineOfALateRecord: the events of a record that arrives 3 s
// behind, after its window fired, make a timeline of three arrivals, two
// watermark steps and two windows, the first fired with one row and one
// late record dropped; why the window's row came finds its change.
func TestTimelineOfALateRecord(t *testing.T) {
	m := lessonModel(t, []protocol.GraphNode{{ID: 5, Kind: "WindowAggregate"}},
		arrive(1000, -1, false),
		protocol.TraceEvent{Kind: protocol.TraceWatermark, Watermark: 0, HasWatermark: true},
		protocol.TraceEvent{Kind: protocol.TraceOpen, Node: 5, Start: 0, End: 5000},
		arrive(6000, 0, false),
		protocol.TraceEvent{Kind: protocol.TraceWatermark, Watermark: 5000, HasWatermark: true},
		protocol.TraceEvent{Kind: protocol.TraceOpen, Node: 5, Start: 5000, End: 10000},
		protocol.TraceEvent{Kind: protocol.TraceFire, Node: 5, Start: 0, End: 5000, Watermark: 5000, HasWatermark: true, Count: 1},
		protocol.TraceEvent{Kind: protocol.TraceChange, Node: 5, Watermark: 5000, HasWatermark: true, OutFrom: 0, Count: 1,
			Rows: []protocol.TraceRow{{Op: "+I", Cells: []string{"1970-01-01 00:00:00.000", "1970-01-01 00:00:05.000", "1"}}}},
		arrive(2000, 5000, true),
		protocol.TraceEvent{Kind: protocol.TraceDrop, Node: 5, Start: 0, End: 5000, Watermark: 5000, HasWatermark: true, Count: 1},
	)
	var d struct {
		Arrivals   []Arrival
		Watermarks []WatermarkStep
		Windows    []TimelineWindow
		N          int64
		Query      bool
	}
	if err := json.Unmarshal([]byte(m.TimelineJSON()), &d); err != nil {
		t.Fatal(err)
	}
	if len(d.Arrivals) != 3 || d.Arrivals[2] != (Arrival{N: 2, Time: 2000, WM: 5000, HasWM: true, Late: true}) || len(d.Watermarks) != 2 || d.N != 3 || !d.Query {
		t.Fatalf("timeline %+v", d)
	}
	w0 := TimelineWindow{Node: 5, Start: 0, End: 5000, OpenN: 0, Fired: true, FireN: 2, FireWM: 5000, Rows: 1, Dropped: 1, DropN: 2}
	if len(d.Windows) != 2 || d.Windows[0] != w0 || d.Windows[1].Fired || d.Windows[1].OpenN != 1 {
		t.Errorf("windows %+v", d.Windows)
	}
	why, ok := m.WhyJSON(0)
	if !ok || !strings.Contains(why, `"kind":"WindowAggregate"`) || !strings.Contains(why, `"fireWm":5000`) {
		t.Errorf("why 0: %v %s", ok, why)
	}
	if _, ok := m.WhyJSON(1); ok {
		t.Errorf("why 1: a change the trace does not have")
	}
}

// TestWhyOfAnUpdate: each change of a -U/+U pair finds the record behind
// it.
func TestWhyOfAnUpdate(t *testing.T) {
	graph := []protocol.GraphNode{{ID: 2, Kind: "GroupAggregate", Fields: []string{"product", "orders"}, InFields: [][]string{{"id", "product"}}}}
	m := lessonModel(t, graph,
		protocol.TraceEvent{Kind: protocol.TraceChange, Node: 2, OutFrom: 0, Count: 1,
			Input: &protocol.TraceRow{Op: "+I", Cells: []string{"1", "pear"}}, Rows: []protocol.TraceRow{{Op: "+I", Cells: []string{"pear", "1"}}}},
		protocol.TraceEvent{Kind: protocol.TraceChange, Node: 2, OutFrom: 1, Count: 2,
			Input: &protocol.TraceRow{Op: "+I", Cells: []string{"17", "pear"}}, Rows: []protocol.TraceRow{{Op: "-U", Cells: []string{"pear", "1"}}, {Op: "+U", Cells: []string{"pear", "2"}}}},
	)
	for n, want := range map[int64]string{0: `"cells":["1","pear"]`, 1: `"cells":["17","pear"]`, 2: `"cells":["17","pear"]`} {
		why, ok := m.WhyJSON(n)
		if !ok || !strings.Contains(why, want) || !strings.Contains(why, `"fields":["product","orders"]`) {
			t.Errorf("why %d: %v %s", n, ok, why)
		}
	}
	if _, ok := m.WhyJSON(3); ok {
		t.Errorf("why 3: past the last change")
	}
}

// TestExplainedChangeIsMarked: the Changelog view marks the row of the
// change the Why panel explains, and only it; a new run clears the mark.
func TestExplainedChangeIsMarked(t *testing.T) {
	m := lessonModel(t, nil)
	m.SetView(ViewChangelog)
	m.Apply(&protocol.Message{Type: protocol.TypeRows, ID: 1, Rows: []protocol.Row{
		{Op: "+I", Cells: []string{"1"}}, {Op: "-U", Cells: []string{"1"}}, {Op: "+U", Cells: []string{"2"}}}}, time.Now())
	marked := func() []string {
		var out []string
		for _, tr := range strings.Split(string(m.AppendGridHTML(nil, 0, 3)), "<tr ")[1:] {
			if strings.Contains(tr, `class="explained" aria-selected="true"`) {
				out = append(out, tr[strings.Index(tr, `data-n="`):strings.Index(tr, `" data-op`)+1])
			}
		}
		return out
	}
	if got := marked(); len(got) != 0 {
		t.Errorf("marked before any explanation: %v", got)
	}
	m.Explained = 2 // change 2, data-n 1
	if got := marked(); len(got) != 1 || got[0] != `data-n="1"` {
		t.Errorf("marked %v, want the row of change 2", got)
	}
	m.StartRun(2, "q", time.Now())
	if m.Explained != 0 {
		t.Errorf("a new run keeps the mark of change %d", m.Explained)
	}
}

// TestTimelineOfTwoSources: the records of a join's two inputs arrive
// through two watermark assigners; the timeline tells them apart by
// source, named after the tables the graph says they read, and keeps each
// source's watermark steps apart.
func TestTimelineOfTwoSources(t *testing.T) {
	graph := []protocol.GraphNode{
		{ID: 0, Kind: "TableSourceScan", Table: "Orders"}, {ID: 1, Kind: "Calc", Inputs: []int{0}}, {ID: 2, Kind: "WatermarkAssigner", Inputs: []int{1}},
		{ID: 3, Kind: "TableSourceScan", Table: "Shipments"}, {ID: 4, Kind: "WatermarkAssigner", Inputs: []int{3}},
		{ID: 5, Kind: "IntervalJoin", Inputs: []int{2, 4}},
	}
	at := func(node int, ms, wm int64) protocol.TraceEvent {
		e := arrive(ms, wm, false)
		e.Node = node
		return e
	}
	m := lessonModel(t, graph,
		at(2, 1000, -1), protocol.TraceEvent{Kind: protocol.TraceWatermark, Node: 2, Watermark: 0, HasWatermark: true},
		at(4, 3500, -1), protocol.TraceEvent{Kind: protocol.TraceWatermark, Node: 4, Watermark: 2500, HasWatermark: true},
		at(2, 2000, 0),
	)
	var d struct {
		Sources  []string `json:"sources"`
		Arrivals []struct {
			Src int `json:"src"`
		} `json:"arrivals"`
		Watermarks []struct {
			Src int   `json:"src"`
			WM  int64 `json:"wm"`
		} `json:"watermarks"`
	}
	if err := json.Unmarshal([]byte(m.TimelineJSON()), &d); err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(d.Sources) != "[Orders Shipments]" {
		t.Errorf("sources %v", d.Sources)
	}
	if got := fmt.Sprint(d.Arrivals); got != "[{0} {1} {0}]" {
		t.Errorf("arrivals by source %s", got)
	}
	if got := fmt.Sprint(d.Watermarks); got != "[{0 0} {1 2500}]" {
		t.Errorf("watermark steps %s", got)
	}
	// A graph that does not say which table: the sources are numbered.
	m = lessonModel(t, nil, at(7, 1000, -1), at(9, 2000, -1))
	if err := json.Unmarshal([]byte(m.TimelineJSON()), &d); err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(d.Sources) != "[source 1 source 2]" {
		t.Errorf("unnamed sources %v", d.Sources)
	}
}
