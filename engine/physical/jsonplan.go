package physical

import (
	"fmt"
	"regexp"
	"sort"
	"strings"

	"github.com/flinkplay/flinkplay/engine/plan"
	"github.com/flinkplay/flinkplay/engine/types"
)

// EXPLAIN JSON_EXECUTION_PLAN prints the StreamGraph Flink would run, as
// its JSONGenerator writes it: one node per stream operator (a source, each
// exec node's operator, the operators a sink adds) with its predecessors and
// the partitioner of each edge. The graph is read off the execution plan's
// text: every exec node becomes the operator Flink's translation makes of it
// ("Calc[2]", described "[2]:Calc(...)"), an Exchange or a Union makes no
// operator but sets or merges the edges, and a sink expands as Flink's
// CommonExecSink does (NOT NULL enforcer, rowtime inserter, the connector's
// own operators). Parallelism is 1: the playground runs one task.

// execTree is a node of the execution plan's text.
type execTree struct {
	text    string // the node's line, without its reuse_id
	reuseID string // its reuse_id, or for Reused its reference_id
	reused  bool   // a Reused(reference_id=[n]) line
	inputs  []*execTree
}

var (
	reuseIDSuffix = regexp.MustCompile(`\(reuse_id=\[(\d+)\]\)$`)
	reusedLine    = regexp.MustCompile(`^Reused\(reference_id=\[(\d+)\]\)$`)
)

// parseExecPlan reads an execution plan's text into its trees (several
// when a statement set writes to several sinks).
func parseExecPlan(text string) []*execTree {
	var roots []*execTree
	var stack []*execTree // stack[d]: the last node at depth d
	for _, line := range strings.Split(text, "\n") {
		if strings.TrimSpace(line) == "" {
			stack = stack[:0]
			continue
		}
		depth := 0
		for len(line) >= 3 {
			p := line[:3]
			if p != "+- " && p != ":- " && p != "|  " && p != ":  " && p != "   " {
				break
			}
			line = line[3:]
			depth++
		}
		n := &execTree{text: line}
		if m := reusedLine.FindStringSubmatch(line); m != nil {
			n.reused, n.reuseID = true, m[1]
		} else if m := reuseIDSuffix.FindStringSubmatch(line); m != nil {
			n.text, n.reuseID = strings.TrimSuffix(line, m[0]), m[1]
		}
		if depth == 0 || len(stack) < depth {
			roots = append(roots, n)
			stack = append(stack[:0], n)
			continue
		}
		parent := stack[depth-1]
		parent.inputs = append(parent.inputs, n)
		stack = append(stack[:depth], n)
	}
	return roots
}

// streamNode is an operator of the StreamGraph.
type streamNode struct {
	id           int
	typ          string
	pact         string // "Data Source", "Operator" or "Data Sink"
	contents     string
	sink         bool // a legacy sink: listed after the other operators
	predecessors []streamEdge
}

type streamEdge struct {
	id       int
	strategy string
}

// sinkInfo is what a Sink node of the plan needs from its INSERT.
type sinkInfo struct {
	object      string
	connector   string
	options     map[string]string
	notNull     []string // the sink's NOT NULL columns
	rowtime     int      // the input's rowtime column, or -1
	partitioned bool
	batch       bool
}

// streamGraph translates the execution plan's trees as Flink's planner
// does: inputs first, each exec node and each transformation numbered in
// the order they are made.
type streamGraph struct {
	nodes  []*streamNode
	nextTx int // transformation ids (partitions and unions use one too)
	nextID int // exec node ids
	reuse  map[string][]streamEdge
	sinks  map[string]sinkInfo // by the Sink's table
	batch  bool
}

func (g *streamGraph) tx() int { g.nextTx++; return g.nextTx }

func (g *streamGraph) add(n *streamNode) []streamEdge {
	g.nodes = append(g.nodes, n)
	return []streamEdge{{id: n.id}}
}

var sinkTable = regexp.MustCompile(`^Sink\(table=\[([^\]]*)\]`)

// translate returns the edges n's output leaves on: the operators whose
// output n is, with the partitioner an Exchange set.
func (g *streamGraph) translate(n *execTree) []streamEdge {
	if n.reused {
		return g.reuse[n.reuseID]
	}
	var ins []streamEdge
	for _, in := range n.inputs {
		ins = append(ins, g.translate(in)...)
	}
	name := n.text
	if i := strings.IndexByte(name, '('); i >= 0 {
		name = name[:i]
	}
	g.nextID++
	eid := g.nextID
	var out []streamEdge
	switch name {
	case "Exchange":
		g.tx()
		strategy := exchangeStrategy(n.text)
		for _, e := range ins {
			out = append(out, streamEdge{id: e.id, strategy: strategy})
		}
	case "Union":
		g.tx()
		out = ins
	case "TableSourceScan":
		obj := scanObject(n.text)
		out = g.add(&streamNode{id: g.tx(), typ: fmt.Sprintf("Source: %s[%d]", obj, eid), pact: "Data Source",
			contents: fmt.Sprintf("[%d]:%s", eid, n.text)})
	case "Values":
		out = g.add(&streamNode{id: g.tx(), typ: fmt.Sprintf("Source: Values[%d]", eid), pact: "Data Source",
			contents: fmt.Sprintf("[%d]:%s", eid, n.text)})
	case "Sink":
		out = g.sink(n, eid, ins)
	default:
		out = g.add(&streamNode{id: g.tx(), typ: fmt.Sprintf("%s[%d]", name, eid), pact: "Operator",
			contents: fmt.Sprintf("[%d]:%s", eid, n.text), predecessors: forward(ins)})
	}
	if n.reuseID != "" {
		g.reuse[n.reuseID] = out
	}
	return out
}

// sink adds the operators CommonExecSink makes: the constraint enforcer,
// the rowtime inserter (for sinks that do not take the rowtime themselves),
// and the connector's sink.
func (g *streamGraph) sink(n *execTree, eid int, ins []streamEdge) []streamEdge {
	m := sinkTable.FindStringSubmatch(n.text)
	info := sinkInfo{rowtime: -1}
	if m != nil {
		info = g.sinks[m[1]]
	}
	in := forward(ins)
	op := func(typ, contents, pact string, legacySink bool) {
		id := g.tx()
		g.nodes = append(g.nodes, &streamNode{id: id, typ: typ, pact: pact, contents: contents, sink: legacySink, predecessors: in})
		in = []streamEdge{{id: id, strategy: "FORWARD"}}
	}
	if len(info.notNull) > 0 {
		op(fmt.Sprintf("ConstraintEnforcer[%d]", eid),
			fmt.Sprintf("[%d]:ConstraintEnforcer[NotNullEnforcer(fields=[%s])]", eid, strings.Join(info.notNull, ", ")), "Operator", false)
	}
	inserter := func() {
		if info.rowtime >= 0 {
			op(fmt.Sprintf("StreamRecordTimestampInserter[%d]", eid),
				fmt.Sprintf("[%d]:StreamRecordTimestampInserter(rowtime field: %d)", eid, info.rowtime), "Operator", false)
		}
	}
	named := fmt.Sprintf("%s[%d]", info.object, eid)
	switch {
	case info.connector == "blackhole":
		// SinkV2Provider (a DiscardingSink): its writer operator
		inserter()
		op(named+": Writer", named+": Writer", "Operator", false)
	case info.connector == "filesystem" && info.batch:
		// an OutputFormat sink named "Filesystem"
		op("Sink: Filesystem", "Sink: Filesystem", "Data Sink", true)
	case info.connector == "filesystem":
		// DataStreamSinkProvider: StreamingSink's writer, the partition
		// committer when partitions are committed, a discarding sink
		inserter()
		op("StreamingFileWriter", "StreamingFileWriter", "Operator", false)
		if info.partitioned && info.options["sink.partition-commit.policy.kind"] != "" {
			op("PartitionCommitter", "PartitionCommitter", "Operator", false)
		}
		op("end: Writer", "end: Writer", "Operator", false)
	default:
		// SinkFunctionProvider (print, values): a legacy sink, which takes
		// the rowtime itself
		op("Sink: "+named, fmt.Sprintf("[%d]:%s", eid, n.text), "Data Sink", true)
	}
	return nil
}

// forward gives the edges without an Exchange the forward partitioner.
func forward(ins []streamEdge) []streamEdge {
	out := make([]streamEdge, len(ins))
	for i, e := range ins {
		if e.strategy == "" {
			e.strategy = "FORWARD"
		}
		out[i] = e
	}
	return out
}

// exchangeStrategy is the partitioner an Exchange's distribution makes, as
// its toString() names it.
func exchangeStrategy(text string) string {
	switch {
	case strings.Contains(text, "distribution=[hash["), strings.Contains(text, "distribution=[range["):
		return "HASH"
	case strings.Contains(text, "distribution=[single]"):
		return "GLOBAL"
	case strings.Contains(text, "distribution=[broadcast]"):
		return "BROADCAST"
	case strings.Contains(text, "distribution=[any]"):
		return "REBALANCE"
	}
	return "FORWARD"
}

var scanTable = regexp.MustCompile(`^TableSourceScan\(table=\[\[([^\]]*)\]`)

// scanObject is the object name a TableSourceScan reads.
func scanObject(text string) string {
	m := scanTable.FindStringSubmatch(text)
	if m == nil {
		return "?"
	}
	parts := strings.Split(m[1], ", ")
	return parts[min(2, len(parts)-1)]
}

// jsonExecutionPlan builds the StreamGraph of an execution plan's text and
// prints it as Flink's JSONGenerator does (Jackson's pretty printer).
func jsonExecutionPlan(execText string, sinks map[string]sinkInfo, batch bool) string {
	g := &streamGraph{reuse: map[string][]streamEdge{}, sinks: sinks, batch: batch}
	for _, root := range parseExecPlan(execText) {
		g.translate(root)
	}
	nodes := append([]*streamNode(nil), g.nodes...)
	sort.SliceStable(nodes, func(i, j int) bool {
		if nodes[i].sink != nodes[j].sink {
			return !nodes[i].sink
		}
		return nodes[i].id < nodes[j].id
	})
	var b strings.Builder
	b.WriteString("{\n  \"nodes\" : [ ")
	for i, n := range nodes {
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "{\n    \"id\" : %d,\n    \"type\" : %s,\n    \"pact\" : %s,\n    \"contents\" : %s,\n    \"parallelism\" : 1",
			n.id, jacksonString(n.typ), jacksonString(n.pact), jacksonString(n.contents))
		if n.pact != "Data Source" {
			b.WriteString(",\n    \"predecessors\" : [ ")
			if len(n.predecessors) == 0 {
				b.WriteString("]")
			}
			for k, e := range n.predecessors {
				if k > 0 {
					b.WriteString(", ")
				}
				// JSONGenerator adds the edge before it asks the array's
				// size, so every side reads "second"
				fmt.Fprintf(&b, "{\n      \"id\" : %d,\n      \"ship_strategy\" : %s,\n      \"side\" : \"second\"\n    }", e.id, jacksonString(e.strategy))
				if k == len(n.predecessors)-1 {
					b.WriteString(" ]")
				}
			}
		}
		b.WriteString("\n  }")
	}
	if len(nodes) == 0 {
		b.WriteString("]")
	} else {
		b.WriteString(" ]")
	}
	b.WriteString("\n}")
	return b.String()
}

// jacksonString quotes s as Jackson writes a JSON string: ", \ and the
// control characters escaped, everything else as it is.
func jacksonString(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		switch {
		case r == '"':
			b.WriteString(`\"`)
		case r == '\\':
			b.WriteString(`\\`)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\r':
			b.WriteString(`\r`)
		case r == '\t':
			b.WriteString(`\t`)
		case r == '\b':
			b.WriteString(`\b`)
		case r == '\f':
			b.WriteString(`\f`)
		case r < 0x20:
			fmt.Fprintf(&b, `\u%04X`, r)
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}

// explainSinkInfo gathers what the JSON plan needs of an INSERT's sink.
func explainSinkInfo(ip *plan.InsertPlan, input types.Schema, batch bool) sinkInfo {
	info := sinkInfo{object: ip.ID.Object, connector: ip.Options["connector"], options: ip.Options,
		rowtime: -1, partitioned: len(ip.PartitionKeys) > 0, batch: batch}
	for _, c := range ip.Target.Columns {
		if !c.Type.Nullable() {
			info.notNull = append(info.notNull, c.Name)
		}
	}
	if !batch {
		for i, c := range input.Columns {
			if c.Type.Attr == types.Rowtime {
				info.rowtime = i
				break
			}
		}
	}
	return info
}
