//go:build !(js && wasm)

package e2e

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"
)

// graphState is what the graph view drew last (web/editor/graph.js keeps
// it on the element), with what the drawing shows.
type graphState struct {
	Key   string `json:"key"`
	Nodes []struct {
		ID       int      `json:"id"`
		Inputs   []int    `json:"inputs"`
		Kind     string   `json:"kind"`
		Detail   string   `json:"detail"`
		Text     string   `json:"text"`
		Lines    []string `json:"lines"`
		Exchange bool     `json:"exchange"`
	} `json:"nodes"`
	Note  string `json:"note"`
	Draws int    `json:"draws"`
	// Boxes and Edges count what the SVG holds; Shown is the text of its
	// nodes; Label the element's text alternative.
	Boxes int    `json:"boxes"`
	Edges int    `json:"edges"`
	Shown string `json:"shown"`
	Label string `json:"label"`
	// Dir is the layout's direction (LR or TB), Width the view's.
	Dir   string `json:"dir"`
	Width int    `json:"width"`
}

const graphProbe = `(() => {
  const el = document.getElementById('graph');
  const d = el.flinkGraphData;
  if (!d) return '';
  return JSON.stringify({ ...d, draws: el.flinkGraphDraws,
    boxes: el.querySelectorAll('.graph-node').length, edges: el.querySelectorAll('.graph-edge').length,
    shown: [...el.querySelectorAll('.graph-node')].map((g) => [...g.querySelectorAll('text')].map((t) => t.textContent).join(' | ')).join('\n'),
    label: el.querySelector('[role=img]')?.getAttribute('aria-label') || '', dir: el.flinkGraph ? el.flinkGraph.dir : '', width: el.clientWidth });
})()`

func (p *page) graph() graphState {
	p.t.Helper()
	var g graphState
	// A slow browser may be drawing the view again, into a new element:
	// wait for its data, up to a few seconds.
	if s, _ := tryWait[string](p, graphProbe, 5*time.Second); s != "" {
		if err := json.Unmarshal([]byte(s), &g); err != nil {
			p.fatalf("graph: %v", err)
		}
	}
	return g
}

// TestGraph: the Graph view draws a running query's operators, as EXPLAIN
// names them, and updates their figures while it runs, with no long
// task; when the run ends it shows what each operator did.
// graph.js (dagre) loads only when the view is first shown.
func TestGraph(t *testing.T) {
	p := open(t, 150*time.Second)
	p.load()
	if loaded := eval[bool](p, "graph.js", `!!window.flinkGraph || performance.getEntriesByType('resource').some(e => e.name.endsWith('/graph.js'))`); loaded {
		t.Errorf("graph.js loaded with the page, before the graph view was shown")
	}
	// 3,000 orders at 1,000 a second: ids 1 to 3000, of which the filter
	// keeps 2,990, counted per product (three of them).
	p.setScript(`CREATE TABLE Orders (
  id INT,
  product AS CASE WHEN id % 3 = 0 THEN 'pear' WHEN id % 3 = 1 THEN 'apple' ELSE 'fig' END
) WITH (
  'connector' = 'datagen', 'rows-per-second' = '1000', 'number-of-rows' = '3000',
  'fields.id.kind' = 'sequence', 'fields.id.start' = '1', 'fields.id.end' = '3000'
);
SELECT product, COUNT(*) AS orders FROM Orders WHERE id > 10 GROUP BY product;
`)
	p.click("view-graph")
	waitFor[bool](p, "the graph view's note", `!!document.getElementById('graph').flinkGraphData`, 10*time.Second)
	if g := p.graph(); g.Note == "" || !strings.Contains(g.Note, "Run a query") {
		t.Errorf("graph view before a run: note %q", g.Note)
	}
	p.click("run-all")
	waitFor[bool](p, "the graph's first figures", `(() => { const d = document.getElementById('graph').flinkGraphData; return !!d && d.nodes.length > 0; })()`, 20*time.Second)
	g := p.graph()
	var kinds []string
	for _, n := range g.Nodes {
		kinds = append(kinds, n.Kind)
	}
	if got, want := strings.Join(kinds, " "), "TableSourceScan Calc Calc Exchange GroupAggregate"; got != want {
		t.Fatalf("graph nodes %q, want %q", got, want)
	}
	if g.Boxes != 5 || g.Edges != 4 {
		t.Errorf("drawing has %d boxes and %d edges, want 5 and 4", g.Boxes, g.Edges)
	}
	if g.Nodes[3].Detail != "hash[product]" || !strings.HasPrefix(g.Nodes[4].Text, "GroupAggregate(groupBy=[product]") {
		t.Errorf("exchange %q, aggregate %q", g.Nodes[3].Detail, g.Nodes[4].Text)
	}
	// Updates while it runs, and no long task. How often it updates (four
	// a second at least) is a benchmark: make bench-browser's Live views.
	draws := g.Draws
	eval[bool](p, "mark the long tasks", `(window.__e2e.graphFrom = performance.now(), true)`)
	live := waitFor[string](p, "two more updates of the graph", fmt.Sprintf(`(() => {
  if ((document.getElementById('graph').flinkGraphDraws || 0) < %d) return '';
  return JSON.parse(window.flinkplay.state()).running ? 'running' : 'ended';
})()`, draws+2), 10*time.Second)
	if live != "running" {
		t.Errorf("the graph updated twice more only as the query ended: its figures do not follow a running query")
	}
	g = p.graph()
	if long := eval[string](p, "long tasks", `window.__e2e.longtasks.filter(([s, d]) => s >= window.__e2e.graphFrom && d > 50).map(([s, d]) => Math.round(d) + ' ms').join(', ')`); long != "" {
		t.Errorf("long tasks while the graph updated: %s", long)
	}
	t.Logf("graph view %d px wide, laid out %s", g.Width, g.Dir)
	p.shot("graph-running")
	waitFor[bool](p, "the run to end", `!JSON.parse(window.flinkplay.state()).running`, 20*time.Second)
	// The done message's figures: totals, no rates.
	// Read in the same step as the wait: a slow browser may draw the view
	// again, into a new element, between two steps.
	final := waitFor[string](p, "the final figures", `(() => { const d = document.getElementById('graph').flinkGraphData;
  return !!d && d.nodes.length === 5 && d.nodes[0].lines[0] === 'read 3,000' ? `+graphProbe+` : ''; })()`, 5*time.Second)
	g = graphState{}
	if err := json.Unmarshal([]byte(final), &g); err != nil {
		p.fatalf("graph: %v", err)
	}
	want := [][]string{
		{"read 3,000"},
		{"in 3,000 · out 3,000"},
		{"in 3,000 · out 2,990"},
		{"2,990 records"},
		{"in 2,990 · out 5,977", "state 3 keys · 3 rows", "state ≈480 B"},
	}
	for i, w := range want {
		got := strings.Join(g.Nodes[i].Lines, " / ")
		for _, s := range w {
			if !strings.Contains(got, s) {
				t.Errorf("node %d (%s): %q lacks %q", i, g.Nodes[i].Kind, got, s)
			}
		}
	}
	if !strings.Contains(g.Shown, "in 2,990 · out 5,977") || !strings.Contains(g.Label, "GroupAggregate") {
		t.Errorf("drawing shows:\n%s\nlabel: %s", g.Shown, g.Label)
	}
	p.shotWidths("graph-done")
}
