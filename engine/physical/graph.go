package physical

import (
	"strings"
	"time"

	"github.com/flinkplay/flinkplay/engine/plan"
	"github.com/flinkplay/flinkplay/engine/runtime"
	"github.com/flinkplay/flinkplay/engine/stream"
	"github.com/flinkplay/flinkplay/engine/types"
)

// The job's operator graph (runtime.Graph): every source and stage the
// job builds becomes a node, named by its line in EXPLAIN's Optimized
// Physical Plan, with an Exchange node where Flink's plan shuffles by key.
// buildInto names the stages each plan node added (tag); the pipelines'
// heads say which nodes feed a pipeline's first stage.

// Graph returns the operator graph of the pipelines built so far.
func (j *Job) Graph() *runtime.Graph { return j.graph }

// graphOf returns the job's graph, made on first use.
func (j *Job) graphOf() *runtime.Graph {
	if j.graph == nil {
		j.graph = &runtime.Graph{}
		j.heads = map[*runtime.Pipeline][]int{}
	}
	return j.graph
}

// sourceNode adds the node of p's source (a scan, a Values, a Union) and
// makes it the input of p's first stage.
func (j *Job) sourceNode(p *runtime.Pipeline, text string, inputs []int, src *runtime.SourceMeter) int {
	id := j.graphOf().Add(kindOf(text), text, inputs, nil, src)
	j.heads[p] = []int{id}
	return id
}

// feed makes the nodes ins the inputs of p's first stage (a two-input
// operator's, fed through a runtime.TwoInputSource).
func (j *Job) feed(p *runtime.Pipeline, ins ...*runtime.Pipeline) {
	j.graphOf()
	var heads []int
	for _, in := range ins {
		heads = append(heads, j.heads[in]...)
	}
	j.heads[p] = heads
}

// tag adds a node for each stage that building n appended to p (from
// stage from on, those without a meter yet), and meters the stage.
func (j *Job) tag(p *runtime.Pipeline, n plan.Node, from int, zone *time.Location) {
	g := j.graphOf()
	lines := j.linesOf(n)
	exchanges := plan.Exchanges(n)
	main := mainLine(n, lines)
	for i := from; i < len(p.Stages); i++ {
		st := &p.Stages[i]
		if st.Meter != nil {
			continue
		}
		text := lines[main]
		if k := stageLine(lines, i-from, len(p.Stages)-from); k >= 0 {
			text = lines[k]
		}
		inputs := append([]int(nil), j.heads[p]...)
		if exchanges != nil && text == lines[main] {
			for k := range inputs {
				if k < len(exchanges) {
					inputs[k] = g.Add("Exchange", "Exchange(distribution=["+exchanges[k]+"])", []int{inputs[k]}, nil, nil)
				}
			}
			exchanges = nil
		}
		st.Meter = runtime.NewOpMeter()
		id := g.Add(kindOf(text), text, inputs, st.Meter, nil)
		j.heads[p] = []int{id}
		tr := &stream.Tracer{Log: j.traceLog(), Node: id, Zone: zone, Out: typesOf(n.Schema(), st.Width)}
		if t, ok := st.Op.(stream.TracedOperator); ok {
			t.SetTracer(tr)
		}
		// Why an operator that keeps state changed what it sent on (not
		// under mini-batch, whose point is to merge changes).
		if _, ok := st.Op.(stream.StatefulOperator); ok && j.mb == nil {
			var inFields [][]string
			for _, in := range n.Inputs() {
				w := in.Schema().Len()
				if len(n.Inputs()) == 1 {
					w = inWidth(p, i)
				}
				tr.In = append(tr.In, typesOf(in.Schema(), w))
				inFields = append(inFields, in.Schema().Names())
			}
			st.Trace = tr
			if tr.Out != nil {
				g.SetFields(id, outFields(n), inFields)
			}
		}
	}
}

// typesOf returns the column types of s when a row of the stage is as wide
// (nil otherwise: its rows are printed as "[…]").
func typesOf(s types.Schema, width int) []types.Type {
	if s.Len() != width {
		return nil
	}
	ts := make([]types.Type, s.Len())
	for i, c := range s.Columns {
		ts[i] = c.Type
	}
	return ts
}

// inWidth is the width of the rows stage i of p takes.
func inWidth(p *runtime.Pipeline, i int) int {
	if i == 0 {
		return p.SourceWidth
	}
	return p.Stages[i-1].Width
}

// Stepper returns the job's stepper, which pauses its sources and lets
// them go on by steps (runtime.Stepper).
func (j *Job) Stepper() *runtime.Stepper {
	if j.stepper == nil {
		g := j.graphOf()
		j.stepper = runtime.NewStepper(func() [2]int64 { return g.Marks("WatermarkAssigner") })
	}
	return j.stepper
}

// Trace returns the job's trace, which its operators record into while it
// is on (stream.TraceLog).
func (j *Job) Trace() *stream.TraceLog { return j.traceLog() }

func (j *Job) traceLog() *stream.TraceLog {
	if j.trace == nil {
		j.trace = &stream.TraceLog{}
	}
	return j.trace
}

// retag renames the node of p's last stage: a projection merged into the
// Calc of the filter below it.
func (j *Job) retag(p *runtime.Pipeline, text string) {
	if h := j.heads[p]; len(h) == 1 {
		j.graphOf().SetText(h[0], kindOf(text), text)
	}
}

// linesOf returns the EXPLAIN lines that n's stages run, in the order its
// stages run them (bottom-up in EXPLAIN's tree).
func (j *Job) linesOf(n plan.Node) []string {
	switch n := n.(type) {
	case *plan.Scan:
		// The stages buildNode adds over the source, in its order.
		var lines []string
		if n.Exprs != nil {
			lines = append(lines, "Calc(select=["+strings.Join(n.Out.Names(), ", ")+"])")
		}
		if n.Watermark != nil {
			wm := "WatermarkAssigner(watermark=[" + plan.NamedExpr(n.Watermark, n.Out) + "])"
			if n.Rowtime >= 0 {
				wm = "WatermarkAssigner(rowtime=[" + n.Out.Columns[n.Rowtime].Name + "], watermark=[" + plan.NamedExpr(n.Watermark, n.Out) + "])"
			}
			lines = append(lines, wm)
		}
		if j.mb != nil && j.mb.modes[n] != "" {
			lines = append(lines, plan.ExplainMiniBatchAssigner(j.mb.interval, j.mb.modes[n]))
		}
		if len(lines) == 0 {
			return []string{explainLine(n)}
		}
		return lines
	case *plan.Aggregate:
		if j.mb != nil {
			if two, _ := j.mb.aggPhases(n); two {
				local, global := plan.ExplainLocalGlobal(n, plan.Updating(n.Input))
				return []string{local, global}
			}
		}
	case *plan.Project:
		if f, ok := n.Input.(*plan.Filter); ok {
			return []string{plan.ExplainCalc(n, f)}
		}
	}
	return []string{explainLine(n)}
}

// mainLine is the index of the line of lines that n's keyed operator runs
// (the one after an Exchange): a two-phase aggregation's global one.
func mainLine(n plan.Node, lines []string) int {
	if _, ok := n.(*plan.Aggregate); ok && len(lines) == 2 {
		return 1
	}
	return 0
}

// stageLine is the line of the k-th of count stages that one plan node
// added, when the node has a line for each (a scan's Calc and
// WatermarkAssigner, an aggregation's local and global phases); -1 when
// they share the node's line.
func stageLine(lines []string, k, count int) int {
	if len(lines) == count && k < len(lines) {
		return k
	}
	return -1
}

// kindOf is the node name of an EXPLAIN line: the text before its
// parenthesis.
func kindOf(text string) string {
	if i := strings.IndexByte(text, '('); i > 0 {
		return text[:i]
	}
	return text
}

// SinkNode adds the node of an INSERT's sink, fed by p, and returns the
// meter that the job's loop counts the rows it writes into.
func (j *Job) SinkNode(p *runtime.Pipeline, t Tree) *runtime.OpMeter {
	m := runtime.NewOpMeter()
	text := t.SinkLine()
	j.graphOf().Add(kindOf(text), text, append([]int(nil), j.heads[p]...), m, nil)
	return m
}

// outFields names an operator's output as the query sees it: a Top-N
// that does not select its rank, and a deduplication, carry the rank
// number as a last column the plan drops after them.
func outFields(n plan.Node) []string {
	names := n.Schema().Names()
	switch x := n.(type) {
	case *plan.Rank:
		if !x.OutputRank && len(names) > 0 {
			names = names[:len(names)-1]
		}
	case *plan.Deduplicate:
		if len(names) == x.Input.Schema().Len()+1 {
			names = names[:len(names)-1]
		}
	}
	return names
}
