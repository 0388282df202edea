package state

import (
	"encoding/json"
	"strings"

	"github.com/flinkplay/flinkplay/wasm/engine/protocol"
)

// ViewTimeline shows a running query's event time: each record's event
// time as it arrived (in arrival order, down the page), the watermark as
// it advanced, the windows as they opened and fired, and the late records
// where they fell. It needs the run's trace (protocol.Request.Trace), which
// the page turns on while the view shows.
const ViewTimeline = "timeline"

// Timeline bounds: the newest TimelineArrivals arrivals and the windows
// they fall in are drawn; the newest TimelineChanges changes are kept
// for "why this change".
const (
	TimelineArrivals = 400
	TimelineChanges  = 5000
)

// Timeline is what a run's trace told of its event time and changes.
type Timeline struct {
	Arrivals   []Arrival
	Watermarks []WatermarkStep
	Windows    []*TimelineWindow // by start, then end
	Changes    []protocol.TraceEvent
	// N counts the arrivals so far (an arrival's place in arrival order).
	N int64
	// Lost counts the events the trace could not carry (a fast stream):
	// the timeline has gaps.
	Lost int64
	// Assigners lists the watermark assigners (graph node ids) whose
	// records arrived, in the order they first did: an arrival's and a
	// watermark step's Src indexes it. A join reads two sources, each
	// with its own assigner.
	Assigners []int
	// Gen counts the updates.
	Gen int
}

// Arrival is a record that reached a watermark assigner.
type Arrival struct {
	N    int64 `json:"n"`    // its place in arrival order, from 0
	Time int64 `json:"time"` // event time, ms
	// WM is the watermark when it came (HasWM: there was one); Late: it
	// was at or behind it.
	WM    int64 `json:"wm"`
	HasWM bool  `json:"hasWm"`
	Late  bool  `json:"late"`
	Src   int   `json:"src"` // its source: Timeline.Assigners[Src]
}

// WatermarkStep is the watermark advancing after arrival N-1.
type WatermarkStep struct {
	N   int64 `json:"n"`
	WM  int64 `json:"wm"`
	Src int   `json:"src"` // the source whose watermark it is
}

// TimelineWindow is a window of a window aggregation.
type TimelineWindow struct {
	Node  int   `json:"node"`
	Start int64 `json:"start"`
	End   int64 `json:"end"`
	// OpenN is the arrival that opened it; FireN the arrivals before it
	// fired, at watermark FireWM (MaxWatermark: at the end of input).
	OpenN  int64 `json:"openN"`
	Fired  bool  `json:"fired"`
	FireN  int64 `json:"fireN"`
	FireWM int64 `json:"fireWm"`
	Rows   int64 `json:"rows"` // the rows it emitted
	// Dropped counts its late records, DropN the arrivals before the last.
	Dropped int64 `json:"dropped"`
	DropN   int64 `json:"dropN"`
}

// applyTrace adds a progress message's trace events to the query's
// timeline.
func (q *Query) applyTrace(events []protocol.TraceEvent, lost int64) {
	if len(events) == 0 && lost == 0 {
		return
	}
	t := q.Timeline
	if t == nil {
		t = &Timeline{}
		q.Timeline = t
	}
	t.Gen++
	t.Lost += lost
	for _, e := range events {
		switch e.Kind {
		case protocol.TraceArrive:
			t.Arrivals = append(t.Arrivals, Arrival{N: t.N, Time: e.Time, WM: e.Watermark, HasWM: e.HasWatermark, Late: e.Late, Src: t.source(e.Node)})
			t.N++
		case protocol.TraceWatermark:
			t.Watermarks = append(t.Watermarks, WatermarkStep{N: t.N, WM: e.Watermark, Src: t.source(e.Node)})
		case protocol.TraceOpen:
			w := t.window(e)
			w.OpenN = max(t.N-1, 0)
		case protocol.TraceFire:
			w := t.window(e)
			w.Fired, w.FireN, w.FireWM, w.Rows = true, t.N, e.Watermark, e.Count
		case protocol.TraceDrop:
			w := t.window(e)
			w.Dropped += e.Count
			w.DropN = max(t.N-1, 0)
		case protocol.TraceChange:
			t.Changes = append(t.Changes, e)
		}
	}
	// Bounds: the drawing shows the newest arrivals.
	if over := len(t.Arrivals) - 2*TimelineArrivals; over > 0 {
		t.Arrivals = append(t.Arrivals[:0], t.Arrivals[len(t.Arrivals)-TimelineArrivals:]...)
	}
	if over := len(t.Watermarks) - 2*TimelineArrivals; over > 0 {
		t.Watermarks = append(t.Watermarks[:0], t.Watermarks[len(t.Watermarks)-TimelineArrivals:]...)
	}
	if over := len(t.Changes) - 2*TimelineChanges; over > 0 {
		t.Changes = append(t.Changes[:0], t.Changes[len(t.Changes)-TimelineChanges:]...)
	}
	if len(t.Windows) > 2*TimelineArrivals {
		t.Windows = append(t.Windows[:0], t.Windows[len(t.Windows)-TimelineArrivals:]...)
	}
}

// source returns the index of the watermark assigner node in Assigners,
// adding it when it is new.
func (t *Timeline) source(node int) int {
	for i, a := range t.Assigners {
		if a == node {
			return i
		}
	}
	t.Assigners = append(t.Assigners, node)
	return len(t.Assigners) - 1
}

// sourceName names the source a watermark assigner reads: the table of
// the scan below it in the graph, or "" when the graph does not say.
func sourceName(graph []protocol.GraphNode, node int) string {
	byID := make(map[int]*protocol.GraphNode, len(graph))
	for i := range graph {
		byID[graph[i].ID] = &graph[i]
	}
	for n, hops := byID[node], 0; n != nil && hops < len(graph); hops++ {
		if n.Table != "" {
			return n.Table
		}
		if len(n.Inputs) != 1 {
			return ""
		}
		n = byID[n.Inputs[0]]
	}
	return ""
}

// window returns the timeline's window of e, new when it has none.
func (t *Timeline) window(e protocol.TraceEvent) *TimelineWindow {
	for i := len(t.Windows) - 1; i >= 0; i-- {
		if w := t.Windows[i]; w.Start == e.Start && w.End == e.End && w.Node == e.Node {
			return w
		}
	}
	w := &TimelineWindow{Node: e.Node, Start: e.Start, End: e.End, OpenN: max(t.N-1, 0)}
	// In order of start, then end (windows mostly come in that order).
	i := len(t.Windows)
	for i > 0 && (t.Windows[i-1].Start > w.Start || t.Windows[i-1].Start == w.Start && t.Windows[i-1].End > w.End) {
		i--
	}
	t.Windows = append(t.Windows, nil)
	copy(t.Windows[i+1:], t.Windows[i:])
	t.Windows[i] = w
	return w
}

// TimelineJSON is what the timeline view draws (web/editor/graph.js
// lays it out and words it): the newest TimelineArrivals arrivals, the
// watermark's steps since the first of them, the windows, and whether the
// run is done. A run that recorded nothing has no arrivals: the view says
// why.
func (m *Model) TimelineJSON() string {
	type data struct {
		Arrivals   []Arrival         `json:"arrivals"`
		Watermarks []WatermarkStep   `json:"watermarks"`
		Windows    []*TimelineWindow `json:"windows"`
		N          int64             `json:"n"`
		Lost       int64             `json:"lost"`
		Done       bool              `json:"done"`
		Query      bool              `json:"query"`
		// Sources name the sources of the arrivals (Arrival.Src), by
		// their tables.
		Sources []string `json:"sources"`
	}
	d := data{Arrivals: []Arrival{}, Watermarks: []WatermarkStep{}, Windows: []*TimelineWindow{}, Sources: []string{}}
	if q := m.Query; q != nil {
		d.Query, d.Done = true, q.Done
		if t := q.Timeline; t != nil {
			d.Arrivals, d.N, d.Lost = t.Arrivals, t.N, t.Lost
			if len(d.Arrivals) > TimelineArrivals {
				d.Arrivals = d.Arrivals[len(d.Arrivals)-TimelineArrivals:]
			}
			from := int64(0)
			if len(d.Arrivals) > 0 {
				from = d.Arrivals[0].N
			}
			for _, s := range t.Watermarks {
				if s.N >= from {
					d.Watermarks = append(d.Watermarks, s)
				}
			}
			if t.Windows != nil {
				d.Windows = t.Windows
			}
			for i, a := range t.Assigners {
				name := sourceName(q.Graph, a)
				if name == "" {
					name = "source " + Count(int64(i+1))
				}
				d.Sources = append(d.Sources, name)
			}
		}
	}
	b, _ := json.Marshal(d)
	return string(b)
}

// WhyJSON is what "why this change" says of change n of the shown result
// (numbered from 0 in the order the changes came), for graph.js to word:
// the trace's record of it, the operator that made it, and the windows
// that fired with it. ok is false when the trace has nothing on it (it
// was off, or the change is older than what it keeps).
func (m *Model) WhyJSON(n int64) (string, bool) {
	q := m.Query
	if q == nil || q.Timeline == nil {
		return "", false
	}
	t := q.Timeline
	// The changes are in output order: the first that ends after n.
	lo, hi := 0, len(t.Changes)
	for lo < hi {
		mid := (lo + hi) / 2
		if c := t.Changes[mid]; c.OutFrom+c.Count <= n {
			lo = mid + 1
		} else {
			hi = mid
		}
	}
	if lo >= len(t.Changes) || t.Changes[lo].OutFrom > n {
		return "", false
	}
	e := t.Changes[lo]
	d := struct {
		N       int64               `json:"n"`
		Event   protocol.TraceEvent `json:"event"`
		Node    protocol.GraphNode  `json:"node"`
		Windows []*TimelineWindow   `json:"windows"`
	}{N: n, Event: e, Windows: []*TimelineWindow{}}
	for _, g := range q.Graph {
		if g.ID == e.Node {
			d.Node = g
		}
	}
	// An aggregation's own columns are named $f1, $f2…; when its rows are
	// the result's, the result's names say more.
	if f := d.Node.Fields; len(f) == len(q.Columns) {
		named := append([]string(nil), f...)
		for i, name := range named {
			if strings.HasPrefix(name, "$") {
				named[i] = q.Columns[i].Name
			}
		}
		d.Node.Fields = named
	}
	if e.Input == nil {
		for _, w := range t.Windows {
			if w.Node == e.Node && w.Fired && w.FireWM == e.Watermark {
				d.Windows = append(d.Windows, w)
			}
		}
	}
	b, _ := json.Marshal(d)
	return string(b), true
}
