package physical

import (
	"fmt"
	"strings"

	"github.com/flinkplay/flinkplay/engine/expr"
	"github.com/flinkplay/flinkplay/engine/plan"
)

// Tree is one plan that EXPLAIN prints: a query's, or an INSERT's with
// its Sink on top.
type Tree struct {
	q      *plan.QueryPlan
	root   plan.Node
	ip     *plan.InsertPlan
	fields string // the Sink's: the query's column names
}

// QueryTree is the tree of a query.
func QueryTree(qp *plan.QueryPlan) Tree { return Tree{q: qp, root: qp.Root} }

// InsertTree is the tree of an INSERT.
func InsertTree(ip *plan.InsertPlan) Tree {
	t := Tree{q: ip.Query, root: ip.Query.Root, ip: ip}
	names := ip.Target.Names()
	if !ip.Projected {
		names = t.root.Schema().Names()
	} else if p, ok := t.root.(*plan.Project); ok {
		// The projection onto the sink's columns: Flink's Sink lists
		// the query's names, and a projection that only passes the
		// query's columns on is no node of its plan.
		in := p.Input.Schema()
		for i, e := range p.Exprs {
			if j, ok := expr.ColumnIndex(e); ok {
				names[i] = in.Columns[j].Name
			}
		}
		if isIdentity(p) {
			t.root = p.Input
		}
	}
	t.fields = strings.Join(names, ", ")
	return t
}

// SinkLine is the Sink line of an INSERT's tree ("" for a query's).
func (t Tree) SinkLine() string {
	if t.ip == nil {
		return ""
	}
	return fmt.Sprintf("Sink(table=[%s], fields=[%s])", t.ip.ID.String(), t.fields)
}

// Details are the details an EXPLAIN asks for.
type Details struct {
	ChangelogMode, PlanAdvice, JSONExecutionPlan bool
}

// Explain prints the plans of trees as Flink does: the logical plan the
// query converts to ("Abstract Syntax Tree"), the optimized physical plan
// (with CHANGELOG_MODE, the kinds each node of a streaming plan emits;
// with PLAN_ADVICE, the advice of Flink's analyzers), and the execution
// plan, whose expressions are printed infix (with JSON_EXECUTION_PLAN,
// its stream graph too).
func Explain(set Settings, trees []Tree, d Details) (string, error) {
	j := &Job{set: set}
	withModes, withAdvice, withJSON := d.ChangelogMode && !set.Batch, d.PlanAdvice, d.JSONExecutionPlan
	// Flink's SinkReuser ('table.optimizer.reuse-sink-enabled'): the
	// INSERTs of a statement set into one table with the same columns
	// share one Sink over a Union of their queries.
	type group struct{ trees []Tree }
	var groups []*group
	byDigest := map[string]*group{}
	for _, t := range trees {
		if t.ip == nil {
			groups = append(groups, &group{trees: []Tree{t}})
			continue
		}
		digest := t.ip.ID.String()
		for _, c := range t.root.Schema().Columns {
			digest += "\x00" + c.Type.String()
		}
		if g, ok := byDigest[digest]; ok {
			g.trees = append(g.trees, t)
			continue
		}
		g := &group{trees: []Tree{t}}
		byDigest[digest] = g
		groups = append(groups, g)
	}
	var roots []plan.Node
	for _, t := range trees {
		roots = append(roots, t.root)
	}
	mb, err := j.miniBatchOf(roots...)
	if err != nil {
		return "", err
	}
	if mb != nil {
		for _, r := range roots {
			if err := mb.checkAggs(r); err != nil {
				return "", err
			}
		}
	}
	physical := func(modes bool) string {
		var b strings.Builder
		for i, g := range groups {
			if i > 0 {
				b.WriteString("\n")
			}
			t := g.trees[0]
			var m *plan.Changelog
			if modes {
				m = t.q.Changelog
			}
			depth := 0
			if t.ip != nil {
				line := t.SinkLine()
				if m != nil {
					line = withMode(line, 0)
				}
				b.WriteString(line + "\n")
				depth = 1
			}
			if len(g.trees) == 1 {
				explainNode(&b, t.root, depth, m, mb)
				continue
			}
			line := fmt.Sprintf("Union(all=[true], union=[%s])", t.fields)
			if m != nil {
				line = withMode(line, m.Mode(t.root))
			}
			plan.WriteTreePrefix(&b, []bool{true})
			b.WriteString(line + "\n")
			for k, u := range g.trees {
				var um *plan.Changelog
				if modes {
					um = u.q.Changelog
				}
				explainTree(&b, u.root, []bool{true, k == len(g.trees)-1}, um, mb)
			}
		}
		return b.String()
	}
	var b strings.Builder
	b.WriteString("== Abstract Syntax Tree ==\n")
	for i, t := range trees {
		if i > 0 {
			b.WriteString("\n")
		}
		if t.ip != nil {
			b.WriteString(plan.ExplainLogicalSink(t.ip.ID.String(), t.fields, t.root))
		} else {
			b.WriteString(plan.ExplainLogical(t.root))
		}
	}
	if withAdvice {
		b.WriteString("\n== Optimized Physical Plan With Advice ==\n")
		var roots []plan.Node
		for _, t := range trees {
			roots = append(roots, t.root)
		}
		b.WriteString(j.withAdvice(physical(withModes), roots))
	} else {
		b.WriteString("\n== Optimized Physical Plan ==\n")
		b.WriteString(physical(withModes))
	}
	b.WriteString("\n== Optimized Execution Plan ==\n")
	var exec strings.Builder
	for _, line := range strings.SplitAfter(physical(false), "\n") {
		exec.WriteString(plan.ExecLine(line))
	}
	execText := plan.ReuseSubplans(exec.String())
	b.WriteString(execText)
	if withJSON {
		sinks := map[string]sinkInfo{}
		for _, t := range trees {
			if t.ip != nil {
				sinks[t.ip.ID.String()] = explainSinkInfo(t.ip, t.root.Schema(), j.set.Batch)
			}
		}
		b.WriteString("\n== Physical Execution Plan ==\n")
		b.WriteString(jsonExecutionPlan(execText, sinks, j.set.Batch))
	}
	return b.String(), nil
}

// withMode appends Flink's changelogMode attribute to a node's text.
func withMode(line string, m plan.ChangelogMode) string {
	if strings.HasSuffix(line, ")") {
		return line[:len(line)-1] + ", changelogMode=" + m.String() + ")"
	}
	return line + "(changelogMode=" + m.String() + ")"
}

// explainNode prints n and its inputs as Flink's plan tree (":- " for an
// input that has a sibling below it, "+- " for the last); modes, when not
// nil, adds each node's changelog mode. Identity projections vanish and a
// projection over a filter is one Calc, with the Exchange nodes Flink puts
// in front of keyed operators.
func explainNode(b *strings.Builder, n plan.Node, depth int, modes *plan.Changelog, mb *miniBatch) {
	var last []bool
	for i := 0; i < depth; i++ {
		last = append(last, true)
	}
	explainTree(b, n, last, modes, mb)
}

func explainTree(b *strings.Builder, n plan.Node, last []bool, modes *plan.Changelog, mb *miniBatch) {
	if p, ok := n.(*plan.Project); ok && plan.IdentityProject(p) {
		explainTree(b, p.Input, last, modes, mb)
		return
	}
	if p, ok := n.(*plan.Project); ok {
		// Flink's SortLimit has no rank number to drop.
		if r, ok := p.Input.(*plan.Rank); ok && r.SortLimit && len(p.Exprs) == r.Input.Schema().Len() {
			explainTree(b, r, last, modes, mb)
			return
		}
	}
	self := n // whose changelog mode the line shows
	if p, ok := n.(*plan.Project); ok {
		n = mergeProjects(p)
	}
	if p, ok := n.(*plan.Project); ok {
		if a := plan.RenamedAggregate(p); a != nil {
			n = a
		} else if q, ok := plan.NamedAggregate(p); ok {
			modes.Alias(q.Input, p.Input)
			n = q
		}
	}
	if sc, ok := n.(*plan.Scan); ok {
		lines := mb.withAssigner(plan.ExplainScan(sc), sc)
		for i, line := range lines {
			writeExplainLine(b, line, self, last, modes)
			if i < len(lines)-1 {
				last = append(append([]bool(nil), last...), true)
			}
		}
		return
	}
	if lines, ok := calcOverScan(n); ok {
		lines = mb.withAssigner(lines, scanUnder(n))
		for i, line := range lines {
			writeExplainLine(b, line, self, last, modes)
			if i < len(lines)-1 {
				last = append(append([]bool(nil), last...), true)
			}
		}
		return
	}
	line := explainLine(n)
	inputs := n.Inputs()
	if p, ok := n.(*plan.Project); ok {
		if f, ok := p.Input.(*plan.Filter); ok {
			line = plan.ExplainCalc(p, f)
			inputs = f.Inputs()
		}
	}
	if a, ok := n.(*plan.Aggregate); ok && mb != nil {
		if two, _ := mb.aggPhases(a); two {
			local, global := plan.ExplainLocalGlobal(a, plan.Updating(a.Input))
			writeExplainLine(b, global, self, last, modes)
			sub := append(append([]bool(nil), last...), true)
			writeModeLine(b, "Exchange(distribution=["+plan.Exchanges(n)[0]+"])", plan.InsertOnly, sub, modes)
			sub = append(sub, true)
			writeModeLine(b, local, plan.InsertOnly, sub, modes)
			explainTree(b, a.Input, append(sub, true), modes, mb)
			return
		}
	}
	writeExplainLine(b, line, self, last, modes)
	exchanges := plan.Exchanges(n)
	for i, in := range inputs {
		sub := append(append([]bool(nil), last...), i == len(inputs)-1)
		if exchanges != nil {
			writeExplainLine(b, "Exchange(distribution=["+exchanges[i]+"])", in, sub, modes)
			sub = append(sub, true)
		}
		explainTree(b, in, sub, modes, mb)
	}
}

// scanUnder returns the scan under a Calc (a projection, a filter or
// both) that calcOverScan printed with it.
func scanUnder(n plan.Node) *plan.Scan {
	for {
		switch x := n.(type) {
		case *plan.Scan:
			return x
		case *plan.Project:
			n = x.Input
		case *plan.Filter:
			n = x.Input
		default:
			return nil
		}
	}
}

// withAssigner adds the MiniBatchAssigner Flink puts above a scan (above
// its WatermarkAssigner, when it has one) to the scan's lines.
func (mb *miniBatch) withAssigner(lines []string, sc *plan.Scan) []string {
	if mb == nil || sc == nil || mb.modes[sc] == "" {
		return lines
	}
	at := len(lines) - 1 // the TableSourceScan
	for i, l := range lines {
		if strings.HasPrefix(l, "WatermarkAssigner(") {
			at = i
			break
		}
	}
	out := append(append([]string(nil), lines[:at]...), plan.ExplainMiniBatchAssigner(mb.interval, mb.modes[sc]))
	return append(out, lines[at:]...)
}

// writeModeLine writes a line whose changelog mode is m.
func writeModeLine(b *strings.Builder, line string, m plan.ChangelogMode, last []bool, modes *plan.Changelog) {
	plan.WriteTreePrefix(b, last)
	if modes != nil {
		line = withMode(line, m)
	}
	b.WriteString(line + "\n")
}

// calcOverScan prints a Calc over a table scan with computed columns or a
// watermark as Flink's optimizer leaves the pair (plan.ExplainCalcOverScan).
func calcOverScan(n plan.Node) ([]string, bool) {
	switch n := n.(type) {
	case *plan.Project:
		if f, ok := n.Input.(*plan.Filter); ok {
			return plan.ExplainCalcOverScan(n, f)
		}
		return plan.ExplainCalcOverScan(n, nil)
	case *plan.Filter:
		return plan.ExplainCalcOverScan(nil, n)
	}
	return nil, false
}

// mergeProjects folds a projection that only picks and renames columns
// into the projection below it, as Flink merges adjacent Calcs. The result
// stands for p in the changelog modes.
func mergeProjects(p *plan.Project) plan.Node {
	for {
		q, ok := p.Input.(*plan.Project)
		if !ok {
			return p
		}
		exprs := make([]expr.Expr, len(p.Exprs))
		for i, e := range p.Exprs {
			j, ok := expr.ColumnIndex(e)
			if !ok {
				return p
			}
			exprs[i] = q.Exprs[j]
		}
		p = &plan.Project{Input: q.Input, Exprs: exprs, Out: p.Out}
	}
}

// writeExplainLine writes one node's line; n's mode stands for it.
func writeExplainLine(b *strings.Builder, line string, n plan.Node, last []bool, modes *plan.Changelog) {
	plan.WriteTreePrefix(b, last)
	if modes != nil {
		line = withMode(line, modes.Mode(n))
	}
	b.WriteString(line + "\n")
}

// explainLine is one node's text in Flink's Optimized Physical Plan.
func explainLine(n plan.Node) string {
	names := strings.Join(n.Schema().Names(), ", ")
	switch n := n.(type) {
	case *plan.Scan:
		return fmt.Sprintf("TableSourceScan(table=[[%s, %s, %s]], fields=[%s])", n.ID.Catalog, n.ID.Database, n.ID.Object, names)
	case *plan.Values:
		return plan.ExplainValues(n)
	case *plan.Project:
		return plan.ExplainCalc(n, nil)
	case *plan.Filter:
		return plan.ExplainCalc(nil, n)
	case *plan.Limit:
		return fmt.Sprintf("Limit(offset=[%d], fetch=[%d])", n.Offset, n.Count)
	case *plan.Aggregate:
		return fmt.Sprintf("GroupAggregate(%s)", plan.ExplainAggregate(n))
	case *plan.Expand:
		return fmt.Sprintf("Expand(%s)", plan.ExplainExpand(n))
	case *plan.Sort:
		return fmt.Sprintf("Sort(fields=[%s])", names)
	case *plan.Union:
		return fmt.Sprintf("Union(all=[true], union=[%s])", names)
	case *plan.WindowTVF:
		return plan.ExplainWindowTVF(n)
	case *plan.WindowAggregate:
		return plan.ExplainWindowAggregate(n)
	case *plan.Over, *plan.Rank, *plan.Deduplicate:
		return plan.ExplainNode(n)
	case *plan.WindowRank, *plan.WindowDeduplicate:
		return plan.ExplainWindowNode(n)
	case *plan.Match:
		return plan.ExplainMatch(n)
	case *plan.Join:
		return plan.JoinExplain(n)
	case *plan.Unnest:
		fn := "$UNNEST_ROWS$1"
		if n.Ordinality {
			fn = "$UNNEST_ROWS_WITH_ORDINALITY$1"
		}
		return fmt.Sprintf("Correlate(invocation=[%s(%s)], select=[%s], joinType=[%s])", fn, n.Expr.String(), names, map[bool]string{false: "INNER", true: "LEFT"}[n.Outer])
	case *plan.SetOpAll:
		return fmt.Sprintf("%s(all=[true], select=[%s])", map[bool]string{false: "Intersect", true: "Minus"}[n.Except], names)
	}
	return fmt.Sprintf("%T", n)
}

// isIdentity reports whether a projection passes its input through
// unchanged, column for column (names may differ: they are not data).
func isIdentity(p *plan.Project) bool {
	in := p.Input.Schema()
	if len(p.Exprs) != in.Len() {
		return false
	}
	for i, e := range p.Exprs {
		if j, ok := expr.ColumnIndex(e); !ok || j != i {
			return false
		}
	}
	return true
}
