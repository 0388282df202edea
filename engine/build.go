package engine

import (
	"context"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/flinkplay/flinkplay/engine/connector"
	"github.com/flinkplay/flinkplay/engine/diag"
	"github.com/flinkplay/flinkplay/engine/expr"
	"github.com/flinkplay/flinkplay/engine/funcs"
	"github.com/flinkplay/flinkplay/engine/ops"
	"github.com/flinkplay/flinkplay/engine/plan"
	"github.com/flinkplay/flinkplay/engine/runtime"
	"github.com/flinkplay/flinkplay/engine/sql"
	"github.com/flinkplay/flinkplay/engine/stream"
	"github.com/flinkplay/flinkplay/engine/types"
)

// build translates a logical plan into a runnable job: a pipeline, whose
// sources may run pipelines of their own, all sharing one state limit.
func (s *Session) build(n plan.Node, env connector.Env) (*runtime.Pipeline, error) {
	if err := s.checkStateTTL(); err != nil {
		return nil, err
	}
	limit, err := s.stateLimit()
	if err != nil {
		return nil, err
	}
	if s.mb, err = s.miniBatchOf(n); err != nil {
		return nil, err
	}
	defer func() { s.mb = nil }()
	return s.buildPipe(n, env, limit)
}

// buildPipe builds one pipeline of a job.
func (s *Session) buildPipe(n plan.Node, env connector.Env, limit *runtime.StateLimit) (*runtime.Pipeline, error) {
	p := &runtime.Pipeline{Clock: env.Clock, State: limit}
	if err := s.buildInto(p, n, env); err != nil {
		return nil, err
	}
	return p, nil
}

// KeyStateTTL is Flink's 'table.exec.state.ttl'.
const KeyStateTTL = "table.exec.state.ttl"

// checkStateTTL validates 'table.exec.state.ttl' before a job is built.
func (s *Session) checkStateTTL() error {
	if v, ok := s.settings[KeyStateTTL]; ok {
		if _, err := connector.ParseDuration(KeyStateTTL, v); err != nil {
			return err
		}
	}
	return nil
}

// stateTTL returns the state TTL for one stateful operator of a streaming
// job, or nil when state never expires (the default, 0 ms) or in batch mode.
func (s *Session) stateTTL(env connector.Env) *ops.StateTTL {
	v, ok := s.settings[KeyStateTTL]
	if !ok || s.IsBatch() {
		return nil
	}
	d, err := connector.ParseDuration(KeyStateTTL, v)
	if err != nil || d <= 0 {
		return nil
	}
	return &ops.StateTTL{TTL: d, Now: env.Clock.Now}
}

// stateLimit reads 'playground.state.max-rows'.
func (s *Session) stateLimit() (*runtime.StateLimit, error) {
	v, ok := s.settings[runtime.KeyStateMaxRows]
	if !ok {
		return &runtime.StateLimit{Max: runtime.DefaultStateMaxRows}, nil
	}
	n, err := strconv.Atoi(strings.TrimSpace(v))
	if err != nil {
		return nil, diag.Errorf(diag.NoPos, diag.IllegalArgument, "Could not parse value '%s' for key '%s'.", v, runtime.KeyStateMaxRows)
	}
	return &runtime.StateLimit{Max: n}, nil
}

func (s *Session) exprCtx(env connector.Env) expr.Ctx {
	return expr.Ctx{Zone: env.Zone, Now: env.Clock.Now()}
}

// KeyReuseSource is Flink's 'table.optimizer.reuse-source-enabled'.
const KeyReuseSource = "table.optimizer.reuse-source-enabled"

// prepareJob starts building a job of the given plans: it resets the
// source meters and, unless source reuse is off, counts the scans of each
// table so that a table read twice is read once.
func (s *Session) prepareJob(roots ...plan.Node) error {
	s.meters, s.shared, s.readers, s.scans = nil, map[string]*runtime.Shared{}, map[string]int{}, map[string]int{}
	if v, ok := s.settings[KeyReuseSource]; ok {
		on, err := connector.ParseBool(KeyReuseSource, v)
		if err != nil {
			return err
		}
		if !on {
			return nil
		}
	}
	var count func(plan.Node)
	count = func(n plan.Node) {
		if sc, ok := n.(*plan.Scan); ok && sc.Digest != "" {
			s.readers[sc.Digest]++
		}
		for _, in := range n.Inputs() {
			count(in)
		}
	}
	for _, r := range roots {
		count(r)
	}
	return nil
}

// scanSource makes the runtime source of a scan, metered; a table that
// other scans of the job read too is read once, through a tap.
func (s *Session) scanSource(n *plan.Scan, env connector.Env) (stream.Source, error) {
	if s.scans == nil {
		s.scans, s.shared = map[string]int{}, map[string]*runtime.Shared{}
	}
	if sh, ok := s.shared[n.Digest]; ok {
		return sh.Tap(), nil
	}
	if i := s.scans[n.Digest]; i > 0 {
		env.Seed ^= int64(i) * 0x5851f42d4c957f2d // another scan, another random stream
	}
	s.scans[n.Digest]++
	src, err := n.Source.Create(env)
	if err != nil {
		return nil, err
	}
	m := &runtime.SourceMeter{Table: n.ID.Object}
	if pc, ok := n.Source.(connector.Paced); ok {
		if key, rate, ok := pc.Pace(); ok {
			m.PaceKey, m.PaceRate = key, rate
		}
	}
	s.meters = append(s.meters, m)
	metered := runtime.Meter(src, m)
	if s.readers[n.Digest] < 2 {
		return metered, nil
	}
	sh := runtime.NewShared(metered, n.Table.Physical().Len()+len(n.Metadata))
	s.shared[n.Digest] = sh
	return sh.Tap(), nil
}

func (s *Session) buildInto(p *runtime.Pipeline, n plan.Node, env connector.Env) error {
	switch n := n.(type) {
	case *plan.Scan:
		src, err := s.scanSource(n, env)
		if err != nil {
			return err
		}
		p.Source = src
		p.SourceWidth = n.Table.Physical().Len() + len(n.Metadata)
		if n.Exprs != nil {
			p.Stages = append(p.Stages, runtime.Stage{Op: &ops.Calc{Exprs: n.Exprs, Ctx: s.exprCtx(env)}, Width: len(n.Exprs)})
		}
		if n.Watermark != nil {
			p.Stages = append(p.Stages, runtime.Stage{Op: &ops.WatermarkAssigner{Expr: n.Watermark, Ctx: s.exprCtx(env)}, Width: n.Out.Len()})
		}
		if s.mb != nil && s.mb.modes[n] != "" {
			p.Stages = append(p.Stages, runtime.Stage{Op: &ops.MiniBatchAssigner{Interval: s.mb.interval,
				RowTime: s.mb.modes[n] == plan.MiniBatchRowTime, Now: env.Clock.Now}, Width: n.Out.Len()})
		}
		return nil
	case *plan.Values:
		p.Source = &runtime.ValuesSource{Rows: n.Rows}
		p.SourceWidth = n.Out.Len()
		return nil
	case *plan.Union:
		u := &runtime.UnionSource{}
		for _, in := range n.Ins {
			sub, err := s.buildPipe(in, env, p.State)
			if err != nil {
				return err
			}
			u.Inputs = append(u.Inputs, sub)
		}
		p.Source = u
		p.SourceWidth = n.Out.Len()
		return nil
	case *plan.Join:
		return s.buildJoin(p, n, env)
	case *plan.SetOpAll:
		return s.buildSetOpAll(p, n, env)
	}
	ins := n.Inputs()
	if len(ins) != 1 {
		return diag.Errorf(diag.NoPos, diag.TableException, "cannot run plan node %T", n)
	}
	if err := s.buildInto(p, ins[0], env); err != nil {
		return err
	}
	switch n := n.(type) {
	case *plan.Project:
		if isIdentity(n) {
			return nil // SELECT * and renames: no work per row
		}
		// A projection right after a filter shares its Calc.
		if k := len(p.Stages); k > 0 {
			if c, ok := p.Stages[k-1].Op.(*ops.Calc); ok && c.Exprs == nil {
				c.Exprs = n.Exprs
				p.Stages[k-1].Width = len(n.Exprs)
				return nil
			}
		}
		p.Stages = append(p.Stages, runtime.Stage{Op: &ops.Calc{Exprs: n.Exprs, Ctx: s.exprCtx(env)}, Width: len(n.Exprs)})
	case *plan.Filter:
		p.Stages = append(p.Stages, runtime.Stage{Op: &ops.Calc{Cond: n.Cond, Ctx: s.exprCtx(env)}, Width: n.Schema().Len()})
	case *plan.Limit:
		p.Stages = append(p.Stages, runtime.Stage{Op: &ops.Limit{Offset: n.Offset, Count: n.Count}, Width: n.Schema().Len()})
	case *plan.Aggregate:
		in := n.Input.Schema()
		g := &ops.GroupAgg{Keys: n.Keys, Final: s.IsBatch(), Ctx: s.exprCtx(env), TTL: s.stateTTL(env), NoUpdateBefore: n.NoUpdateBefore && !s.IsBatch()}
		for _, a := range n.Aggs {
			f := ops.AggFunc{Name: a.Name, Arg: a.Arg, Distinct: a.Distinct, Type: a.Type, MoreArgs: a.MoreArgs,
				Filtered: a.Filtered, Filter: a.Filter, IgnoreNulls: a.IgnoreNulls, Retracting: plan.Updating(n.Input)}
			if a.Arg >= 0 {
				f.ArgType = in.Columns[a.Arg].Type
			}
			g.Aggs = append(g.Aggs, f)
		}
		if s.mb != nil {
			return s.buildMiniBatchAgg(p, n, g)
		}
		p.Stages = append(p.Stages, runtime.Stage{Op: g, Width: n.Out.Len()})
	case *plan.WindowTVF:
		if n.Spec.Kind == plan.Session && !n.Aggregated {
			return diag.Errorf(diag.NoPos, diag.TableException, "SESSION window TVF is only supported in a window aggregation (GROUP BY window_start, window_end) yet.")
		}
		p.Stages = append(p.Stages, runtime.Stage{Op: &ops.WindowTVF{Window: windowing(n.Spec, env)}, Width: n.Out.Len()})
	case *plan.WindowAggregate:
		w := s.windowAgg(n, env)
		sliceHop(p, n, w)
		p.Stages = append(p.Stages, runtime.Stage{Op: w, Width: n.Out.Len()})
	case *plan.Expand:
		p.Stages = append(p.Stages, runtime.Stage{Op: &ops.Expand{Keys: n.Keys, Sets: n.Sets, Ids: n.Ids}, Width: n.Out.Len()})
	case *plan.Over, *plan.Rank, *plan.Deduplicate:
		return s.buildWindow(p, n, env)
	case *plan.WindowRank, *plan.WindowDeduplicate:
		return s.buildWindowRank(p, n, env)
	case *plan.Match:
		return s.buildMatch(p, n, env)
	case *plan.Unnest:
		p.Stages = append(p.Stages, runtime.Stage{Op: unnestOp(n, s.exprCtx(env)), Width: n.Out.Len()})
	case *plan.Sort:
		if !s.IsBatch() {
			return s.buildWindow(p, n, env) // a temporal sort
		}
		in := n.Input.Schema()
		so := &ops.Sort{Ctx: s.exprCtx(env)}
		for _, k := range n.Keys {
			so.Keys = append(so.Keys, ops.SortKey{Col: k.Col, Type: in.Columns[k.Col].Type, Desc: k.Desc, NullsFirst: k.NullsFirst})
		}
		p.Stages = append(p.Stages, runtime.Stage{Op: so, Width: in.Len()})
	default:
		return diag.Errorf(diag.NoPos, diag.TableException, "cannot run plan node %T", n)
	}
	return nil
}

// execExplain validates the statement and prints its plan as Flink does:
// the logical plan the query converts to ("Abstract Syntax Tree"), the
// optimized physical plan (with CHANGELOG_MODE, the kinds each node of a
// streaming plan emits), and the execution plan, whose expressions are
// printed infix.
func (s *Session) execExplain(ctx context.Context, st *sql.Explain) (*Result, error) {
	withModes, withAdvice, withJSON := false, false, false
	for _, d := range st.Details {
		if strings.EqualFold(d, "JSON_EXECUTION_PLAN") {
			withJSON = true
		}
		if strings.EqualFold(d, "CHANGELOG_MODE") {
			withModes = !s.IsBatch()
		}
		if strings.EqualFold(d, "PLAN_ADVICE") {
			withAdvice = true
		}
	}
	// One tree per query or INSERT; an INSERT's has its Sink on top.
	type tree struct {
		q      *plan.QueryPlan
		root   plan.Node
		ip     *plan.InsertPlan
		fields string // the Sink's: the query's column names
	}
	insertTree := func(ip *plan.InsertPlan) tree {
		t := tree{q: ip.Query, root: ip.Query.Root, ip: ip}
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
	var trees []tree
	switch inner := st.Stmt.(type) {
	case *sql.QueryStmt:
		qp, err := s.planner().PlanQuery(inner.Query)
		if err != nil {
			return nil, err
		}
		trees = append(trees, tree{q: qp, root: qp.Root})
	case *sql.Insert:
		ip, err := s.planner().PlanInsert(inner)
		if err != nil {
			return nil, err
		}
		trees = append(trees, insertTree(ip))
	case *sql.StatementSet:
		for _, ins := range inner.Inserts {
			ip, err := s.planner().PlanInsert(ins)
			if err != nil {
				return nil, err
			}
			trees = append(trees, insertTree(ip))
		}
	default:
		return nil, diag.Errorf(st.Pos, diag.TableException, "Unsupported EXPLAIN statement.")
	}
	// Flink's SinkReuser ('table.optimizer.reuse-sink-enabled'): the
	// INSERTs of a statement set into one table with the same columns
	// share one Sink over a Union of their queries.
	type group struct{ trees []tree }
	var groups []*group
	byDigest := map[string]*group{}
	for _, t := range trees {
		if t.ip == nil {
			groups = append(groups, &group{trees: []tree{t}})
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
		g := &group{trees: []tree{t}}
		byDigest[digest] = g
		groups = append(groups, g)
	}
	var roots []plan.Node
	for _, t := range trees {
		roots = append(roots, t.root)
	}
	mb, err := s.miniBatchOf(roots...)
	if err != nil {
		return nil, err
	}
	if mb != nil {
		for _, r := range roots {
			if err := mb.checkAggs(r); err != nil {
				return nil, err
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
				line := fmt.Sprintf("Sink(table=[%s], fields=[%s])", t.ip.ID.String(), t.fields)
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
		b.WriteString(s.withAdvice(physical(withModes), roots))
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
				sinks[t.ip.ID.String()] = explainSinkInfo(t.ip, t.root.Schema(), s.IsBatch())
			}
		}
		b.WriteString("\n== Physical Execution Plan ==\n")
		b.WriteString(jsonExecutionPlan(execText, sinks, s.IsBatch()))
	}
	return &Result{Kind: ResultTable, Schema: types.Schema{Columns: []types.Column{{Name: "result", Type: types.String}}},
		Rows: [][]types.Value{{types.StringValue(b.String())}}}, nil
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

// functionNames lists the built-in functions for SHOW FUNCTIONS, sorted as
// Java sorts strings (upper case before lower case).
func (s *Session) functionNames() []string {
	var out []string
	for _, f := range funcs.CoreModule() {
		out = append(out, f.Name)
	}
	sort.Strings(out)
	return out
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
