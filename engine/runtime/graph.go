package runtime

import (
	"sync"
	"sync/atomic"
	"time"

	"github.com/flinkplay/flinkplay/engine/stream"
)

// Graph is the operator graph of a running job: the nodes of its
// physical plan (those EXPLAIN prints), each with the meters of the
// operator that runs it, for the page's graph view. The physical planner
// adds the nodes while it builds the job's pipelines; the pipelines count
// into the meters as they run; a progress reporter takes snapshots from
// any goroutine.
type Graph struct {
	mu    sync.Mutex
	nodes []*GraphNode
}

// GraphNode is one node of a Graph.
type GraphNode struct {
	ID int
	// Kind is the node's name in Flink's plan ("GroupAggregate",
	// "Exchange"); Text is its whole line in EXPLAIN's Optimized
	// Physical Plan.
	Kind, Text string
	// Inputs are the IDs of the nodes that feed this one, in input order.
	Inputs []int
	// Meter counts the node's operator; nil for a node with no operator
	// of its own (an Exchange passes its input's rows on).
	Meter *OpMeter
	// Source, for a table scan, counts what it read.
	Source *SourceMeter
	// Fields name the columns of the node's rows, InFields those of its
	// inputs' (set for the nodes whose changes a trace explains).
	Fields   []string
	InFields [][]string
}

// SetFields names the columns of node id's rows and of its inputs'.
func (g *Graph) SetFields(id int, fields []string, in [][]string) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if id >= 0 && id < len(g.nodes) {
		g.nodes[id].Fields, g.nodes[id].InFields = fields, in
	}
}

// Add adds a node and returns its ID.
func (g *Graph) Add(kind, text string, inputs []int, m *OpMeter, src *SourceMeter) int {
	g.mu.Lock()
	defer g.mu.Unlock()
	n := &GraphNode{ID: len(g.nodes), Kind: kind, Text: text, Inputs: inputs, Meter: m, Source: src}
	g.nodes = append(g.nodes, n)
	return n.ID
}

// SetText changes a node's kind and text (a projection merged into the
// Calc of the filter below it).
func (g *Graph) SetText(id int, kind, text string) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if id >= 0 && id < len(g.nodes) {
		g.nodes[id].Kind, g.nodes[id].Text = kind, text
	}
}

// Len returns the number of nodes.
func (g *Graph) Len() int {
	g.mu.Lock()
	defer g.mu.Unlock()
	return len(g.nodes)
}

// OpMeter counts what one operator did. The pipeline that runs the
// operator writes it (atomically, per batch, not per row); snapshots read
// it from any goroutine.
type OpMeter struct {
	in, out   atomic.Int64
	busy      atomic.Int64 // nanoseconds inside the operator
	wm        atomic.Int64 // the last watermark it sent on
	stateRows atomic.Int64
	stateKeys atomic.Int64
	stateB    atomic.Int64
	stateful  atomic.Bool
	// advances counts the watermarks it sent on that advanced its own;
	// fires the watermarks on which it sent rows (a window firing).
	advances, fires atomic.Int64
}

// Marks sums, over the nodes of kind watermarks, how many times their
// watermark advanced, and over every node, how many times one sent rows on
// a watermark: a step "to the next watermark" or "to the next firing"
// ends when they grow.
func (g *Graph) Marks(watermarks string) [2]int64 {
	g.mu.Lock()
	defer g.mu.Unlock()
	var m [2]int64
	for _, n := range g.nodes {
		if n.Meter == nil {
			continue
		}
		if n.Kind == watermarks {
			m[0] += n.Meter.advances.Load()
		}
		m[1] += n.Meter.fires.Load()
	}
	return m
}

// NewOpMeter returns a meter with no watermark yet.
func NewOpMeter() *OpMeter {
	m := &OpMeter{}
	m.wm.Store(stream.NoWatermark)
	return m
}

// Count adds one batch's rows in and out and the time it took.
func (m *OpMeter) Count(in, out int, busy time.Duration) {
	if in != 0 {
		m.in.Add(int64(in))
	}
	if out != 0 {
		m.out.Add(int64(out))
	}
	m.busy.Add(int64(busy))
}

// Watermark records a watermark the operator sent on.
func (m *OpMeter) Watermark(wm int64) {
	if wm > m.wm.Load() {
		m.wm.Store(wm)
		m.advances.Add(1)
	}
}

// state records the size of the operator's state.
func (m *OpMeter) state(op stream.Operator) {
	st, ok := op.(stream.StatefulOperator)
	if !ok {
		return
	}
	m.stateful.Store(true)
	rows := st.StateRows()
	m.stateRows.Store(int64(rows))
	keys := -1
	if k, ok := op.(stream.KeyedState); ok {
		keys = k.StateKeys()
	}
	m.stateKeys.Store(int64(keys))
	m.stateB.Store(int64(rows) * stateRowBytes)
}

// stateRowBytes estimates the memory of one row of state: a row header
// and a few values, with the map or table entry that finds it. The page
// shows state bytes as this estimate ("≈").
const stateRowBytes = 160

// NodeStats is a snapshot of one GraphNode.
type NodeStats struct {
	ID         int
	Kind, Text string
	Inputs     []int
	// In and Out are the records the node took and sent on; Rows, for a
	// scan, is what its source read (Out too).
	In, Out int64
	// Busy is the time spent inside the operator.
	Busy time.Duration
	// Watermark is the last watermark the node sent on
	// (stream.NoWatermark: none yet).
	Watermark int64
	// Stateful is set for an operator that keeps state: StateRows rows,
	// for StateKeys keys (-1: the operator does not count keys), about
	// StateBytes bytes.
	Stateful             bool
	StateRows, StateKeys int64
	StateBytes           int64
	// Table is a scan's table.
	Table string
	// Fields and InFields are GraphNode's.
	Fields   []string
	InFields [][]string
}

// Snapshot reads every node's meters. An Exchange (no meter) shows what
// its input sent.
func (g *Graph) Snapshot() []NodeStats {
	if g == nil {
		return nil
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	out := make([]NodeStats, len(g.nodes))
	for i, n := range g.nodes {
		s := NodeStats{ID: n.ID, Kind: n.Kind, Text: n.Text, Inputs: n.Inputs, Watermark: stream.NoWatermark, Fields: n.Fields, InFields: n.InFields}
		if m := n.Meter; m != nil {
			s.In, s.Out, s.Busy, s.Watermark = m.in.Load(), m.out.Load(), time.Duration(m.busy.Load()), m.wm.Load()
			s.Stateful = m.stateful.Load()
			s.StateRows, s.StateKeys, s.StateBytes = m.stateRows.Load(), m.stateKeys.Load(), m.stateB.Load()
		}
		if src := n.Source; src != nil {
			s.Table = src.Table
			rows := src.rows.Load()
			s.In, s.Out = rows, rows
		}
		out[i] = s
	}
	for i, n := range g.nodes {
		if n.Meter == nil && n.Source == nil && len(n.Inputs) == 1 && n.Inputs[0] < i {
			in := out[n.Inputs[0]]
			out[i].In, out[i].Out, out[i].Watermark = in.Out, in.Out, in.Watermark
		}
	}
	return out
}
