package state

import (
	"encoding/json"
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/flinkplay/flinkplay/wasm/engine/protocol"
)

// ViewGraph shows the running query's or job's operator graph: the nodes
// of its physical plan, each with what its operator has done, from the
// worker's progress messages (five a second).
const ViewGraph = "graph"

// GraphData is what the graph view draws (web/editor/graph.js reads it as
// JSON). Key changes only when the graph's shape does: the drawing lays
// its nodes out again then, and otherwise only rewrites their figures.
type GraphData struct {
	Key   string      `json:"key"`
	Nodes []GraphNode `json:"nodes"`
	// Note says why there is no graph.
	Note string `json:"note,omitempty"`
	// Label is the drawing's text alternative (Label()).
	Label string `json:"label"`
}

// GraphNode is one drawn node.
type GraphNode struct {
	ID     int   `json:"id"`
	Inputs []int `json:"inputs"`
	// Kind is the node's name in Flink's plan; Detail what it works on
	// (a scan's table, an Exchange's distribution, the first of its
	// arguments); Text its whole line in EXPLAIN.
	Kind   string `json:"kind"`
	Detail string `json:"detail"`
	Text   string `json:"text"`
	// Lines are the node's figures, one a line.
	Lines []string `json:"lines"`
	// Busy is the share of the last second the operator worked (0 to 1).
	Busy float64 `json:"busy"`
	// Exchange: a shuffle by key (drawn small), not an operator.
	Exchange bool `json:"exchange,omitempty"`
}

// JSON is the graph's JSON, with its text alternative; its lists are
// never null.
func (g GraphData) JSON() string {
	g.Label = g.Text()
	if g.Nodes == nil {
		g.Nodes = []GraphNode{}
	}
	for i := range g.Nodes {
		if g.Nodes[i].Inputs == nil {
			g.Nodes[i].Inputs = []int{}
		}
		if g.Nodes[i].Lines == nil {
			g.Nodes[i].Lines = []string{}
		}
	}
	b, _ := json.Marshal(g) // strings, ints and finite floats always marshal
	return string(b)
}

// Graph is the graph view of the shown result.
func (m *Model) Graph() GraphData {
	q := m.Query
	if q == nil {
		return GraphData{Note: "Run a query or an INSERT: its operators show here as a graph, with the records each one takes and sends on."}
	}
	if len(q.Graph) == 0 {
		if q.Done {
			return GraphData{Note: "This statement ran no job, so it has no operator graph."}
		}
		return GraphData{Note: "The operator graph shows with the query's first progress report."}
	}
	var g GraphData
	var key strings.Builder
	for _, n := range q.Graph {
		d := graphNode(n, q.Done)
		// A node's height follows its lines: a new one lays the graph out
		// again.
		fmt.Fprintf(&key, "%d:%s<%v:%d;", n.ID, n.Kind, n.Inputs, len(d.Lines))
		g.Nodes = append(g.Nodes, d)
	}
	g.Key = key.String()
	return g
}

// graphNode formats one node's figures; once the run is done, they are
// its totals, with no rates.
func graphNode(n protocol.GraphNode, done bool) GraphNode {
	d := GraphNode{ID: n.ID, Inputs: n.Inputs, Kind: n.Kind, Text: n.Text, Detail: graphDetail(n), Busy: n.Busy}
	if done {
		d.Busy = 0
	}
	switch {
	case n.Kind == "Exchange":
		d.Exchange = true
		d.Lines = []string{Count(n.Out) + " " + plural(n.Out, "record", "records")}
		return d
	case n.Table != "" || len(n.Inputs) == 0:
		read := "read " + Count(n.Out)
		if !done {
			read += " · " + rate(n.OutPerSec)
		}
		d.Lines = append(d.Lines, read)
	default:
		d.Lines = append(d.Lines, "in "+Count(n.In)+" · out "+Count(n.Out))
		if !done {
			d.Lines = append(d.Lines, rate(n.InPerSec)+" in · busy "+busy(n.Busy))
		}
	}
	switch n.Watermark {
	case "":
	case "end":
		d.Lines = append(d.Lines, "watermark: end of input")
	default:
		d.Lines = append(d.Lines, "watermark "+shortWatermark(n.Watermark))
	}
	if n.Stateful {
		s := "state "
		if n.StateKeys >= 0 {
			s += Short(n.StateKeys) + " " + plural(n.StateKeys, "key", "keys") + " · "
		}
		s += Short(n.StateRows) + " " + plural(n.StateRows, "row", "rows")
		d.Lines = append(d.Lines, s, "state ≈"+Size(n.StateBytes))
	}
	return d
}

// graphDetail is what a node works on, short: a scan's table, an
// Exchange's distribution, else the first argument of its line.
func graphDetail(n protocol.GraphNode) string {
	if n.Table != "" {
		return n.Table
	}
	args := strings.TrimSuffix(strings.TrimPrefix(n.Text, n.Kind+"("), ")")
	if n.Kind == "Exchange" {
		return strings.TrimSuffix(strings.TrimPrefix(args, "distribution=["), "]")
	}
	// The first argument: up to the first comma outside brackets.
	depth := 0
	for i, c := range args {
		if c == '[' || c == '(' {
			depth++
		} else if c == ']' || c == ')' {
			depth--
		} else if c == ',' && depth == 0 {
			args = args[:i]
			break
		}
	}
	const max = 30
	if r := []rune(args); len(r) > max {
		args = string(r[:max-1]) + "…"
	}
	return args
}

// Short formats a count in at most six characters: 9,999, 12.3K, 1.2M.
func Short(n int64) string {
	switch {
	case n >= 1e9:
		return strconv.FormatFloat(float64(n)/1e9, 'f', 1, 64) + "G"
	case n >= 1e6:
		return strconv.FormatFloat(float64(n)/1e6, 'f', 1, 64) + "M"
	case n >= 1e4:
		return strconv.FormatFloat(float64(n)/1e3, 'f', 1, 64) + "K"
	}
	return Count(n)
}

// rate formats records per second: "0/s", "412/s", "12.3K/s", "1.2M/s".
func rate(perSec float64) string {
	switch {
	case perSec < 0 || math.IsNaN(perSec):
		perSec = 0
	case perSec >= 1e6:
		return strconv.FormatFloat(perSec/1e6, 'f', 1, 64) + "M/s"
	case perSec >= 1e4:
		return strconv.FormatFloat(perSec/1e3, 'f', 1, 64) + "K/s"
	}
	return Count(int64(math.Round(perSec))) + "/s"
}

// busy formats the share of time an operator worked: "0%", "37%", "100%".
func busy(f float64) string {
	return strconv.Itoa(int(math.Round(min(max(f, 0), 1)*100))) + "%"
}

// shortWatermark drops a watermark's date (its time of day is what moves).
func shortWatermark(wm string) string {
	if i := strings.IndexByte(wm, ' '); i > 0 {
		return wm[i+1:]
	}
	return wm
}

// Text is the graph's text alternative: each operator and its figures.
func (g GraphData) Text() string {
	if len(g.Nodes) == 0 {
		return "Operator graph: " + g.Note
	}
	var b strings.Builder
	fmt.Fprintf(&b, "Operator graph, %d %s.", len(g.Nodes), plural(int64(len(g.Nodes)), "node", "nodes"))
	for _, n := range g.Nodes {
		b.WriteString(" " + n.Kind)
		if n.Detail != "" {
			b.WriteString(" " + n.Detail)
		}
		if len(n.Inputs) > 0 {
			ins := make([]string, len(n.Inputs))
			for i, in := range n.Inputs {
				ins[i] = "?"
				for _, o := range g.Nodes {
					if o.ID == in {
						ins[i] = o.Kind
					}
				}
			}
			b.WriteString(" (from " + strings.Join(ins, " and ") + ")")
		}
		b.WriteString(": " + strings.Join(n.Lines, ", ") + ".")
	}
	return b.String()
}
