package plan

import (
	"strconv"
	"strings"

	"github.com/flinkplay/flinkplay/engine/expr"
	"github.com/flinkplay/flinkplay/engine/library"
	"github.com/flinkplay/flinkplay/engine/types"
)

// The "Abstract Syntax Tree" section of Flink's EXPLAIN is the Calcite
// logical plan the query converts to, before any optimization: Logical*
// nodes whose expressions are Calcite's prefix digests over input
// references ($0, $1, ...). It is printed here from the bound plan, which
// keeps the query's shape: a table scan with its computed columns and
// watermark, projections, filters, aggregations, joins, unions, sorts.
// Operators the binder already recognised (Top-N, deduplication, OVER)
// print as the projection and filter they were written as.

// ExplainLogical prints the logical plan of a query, one line per node.
func ExplainLogical(root Node) string {
	var b strings.Builder
	logicalTree(&b, root, nil)
	return b.String()
}

// ExplainLogicalSink prints an INSERT's logical plan: its LogicalSink over
// the query (fields are the query's column names).
func ExplainLogicalSink(table, fields string, query Node) string {
	var b strings.Builder
	b.WriteString("LogicalSink(table=[" + table + "], fields=[" + fields + "])\n")
	logicalTree(&b, query, []bool{true})
	return b.String()
}

// logicalLine is one node of the printed tree.
type logicalLine struct {
	text   string
	inputs []Node
}

func logicalTree(b *strings.Builder, n Node, last []bool) {
	for _, l := range logicalLines(n) {
		WriteTreePrefix(b, last)
		b.WriteString(digestCasts(l.text) + "\n")
		if l.inputs == nil {
			last = append(append([]bool(nil), last...), true)
			continue
		}
		for i, in := range l.inputs {
			logicalTree(b, in, append(append([]bool(nil), last...), i == len(l.inputs)-1))
		}
	}
}

// WriteTreePrefix writes the "+- " / ":- " prefix of a plan line at depth
// len(last) (last[i]: the node at depth i is its parent's last input).
func WriteTreePrefix(b *strings.Builder, last []bool) {
	for i, l := range last {
		switch {
		case i == len(last)-1 && l:
			b.WriteString("+- ")
		case i == len(last)-1:
			b.WriteString(":- ")
		case l:
			b.WriteString("   ")
		default:
			b.WriteString(":  ")
		}
	}
}

// logicalLines returns the lines n prints as, top first: all but the last
// have the next line as their only input (inputs nil); the last lists its
// inputs.
func logicalLines(n Node) []logicalLine {
	one := func(text string, in ...Node) []logicalLine {
		return []logicalLine{{text: text, inputs: in}}
	}
	switch n := n.(type) {
	case *Scan:
		return logicalScan(n)
	case *Values:
		return one("LogicalValues(tuples=[" + logicalTuples(n) + "])")
	case *Project:
		if a := RenamedAggregate(n); a != nil {
			return logicalLines(a)
		}
		if q, ok := NamedAggregate(n); ok {
			n = q // the calls take the select items' names
		}
		if a, ok := n.Input.(*Aggregate); ok {
			if e, ok := a.Input.(*Expand); ok && passesAllBut(n, len(e.Keys)) {
				// Grouping sets: the projection drops the $e column.
				named := *a
				named.Out = types.Schema{Columns: append(append(append([]types.Column(nil), n.Out.Columns[:len(e.Keys)]...), a.Out.Columns[len(e.Keys)]), n.Out.Columns[len(e.Keys):]...)}
				return logicalAggregate(&named)
			}
		}
		switch in := n.Input.(type) {
		case *WindowAggregate:
			if passesAll(n) {
				return logicalAggLine(in.Keys, in.Aggs, n.Out, in.Input, nil)
			}
		case *Rank:
			if in.SortLimit && passesAllBut(n, in.Input.Schema().Len()) {
				return logicalSortLimit(in)
			}
			if passesAll(n) {
				return logicalRank(in.Input, n.Out, in.Partition, in.Order, in.Func, in.Start, in.End)
			}
		case *Deduplicate:
			if passesAll(n) {
				return logicalDedup(in, n.Out)
			}
		case *WindowRank:
			if passesAll(n) {
				return logicalWindowRank(in, n.Out)
			}
		case *WindowDeduplicate:
			if passesAll(n) {
				return logicalWindowDedup(in, n.Out)
			}
		case *Over:
			// The projection the OVER calls were written in.
			subst := strings.Split(logicalOverProjects(in, true), "\x00")
			parts := make([]string, len(n.Exprs))
			for i, e := range n.Exprs {
				parts[i] = n.Out.Columns[i].Name + "=[" + substRefs(e, subst) + "]"
			}
			return one("LogicalProject("+strings.Join(parts, ", ")+")", in.Input)
		}
		return one("LogicalProject("+logicalProjects(n.Out, n.Exprs)+")", n.Input)
	case *Filter:
		return one("LogicalFilter(condition=["+n.Cond.String()+"])", n.Input)
	case *Limit:
		if s, ok := n.Input.(*Sort); ok {
			return one("LogicalSort("+logicalSortKeys(s.Keys)+", "+logicalFetch(n)+")", s.Input)
		}
		return one("LogicalSort("+logicalFetch(n)+")", n.Input)
	case *Sort:
		return one("LogicalSort("+logicalSortKeys(n.Keys)+")", n.Input)
	case *Aggregate:
		return logicalAggregate(n)
	case *Union:
		return one("LogicalUnion(all=[true])", n.Ins...)
	case *logicalText:
		return one(n.text, n.in)
	case *Join:
		if n.Lookup != nil {
			return logicalLookup(n)
		}
		cond := "true"
		if n.Where != nil {
			cond = n.Where.String()
		}
		return one("LogicalJoin(condition=["+cond+"], joinType=["+logicalJoinType(n.Type)+"])", n.Left, n.Right)
	case *SetOpAll:
		op := "LogicalIntersect"
		if n.Except {
			op = "LogicalMinus"
		}
		return one(op+"(all=[true])", n.Left, n.Right)
	case *Over:
		return one("LogicalProject("+logicalOverProjects(n, false)+")", n.Input)
	case *Match:
		return one(n.logical, n.Input)
	case *Rank:
		if n.SortLimit {
			return logicalSortLimit(n)
		}
		return logicalRank(n.Input, n.Out, n.Partition, n.Order, n.Func, n.Start, n.End)
	case *Deduplicate:
		return logicalDedup(n, n.Out)
	case *WindowRank:
		return logicalWindowRank(n, n.Out)
	case *WindowDeduplicate:
		return logicalWindowDedup(n, n.Out)
	case *WindowTVF:
		// The TVF reads its table through a projection of all its columns.
		in := n.Input.Schema()
		cols := make([]string, in.Len())
		for i, c := range in.Columns {
			cols[i] = c.Name + "=[$" + strconv.Itoa(i) + "]"
		}
		row := n.Out
		row.Columns = append(append([]types.Column(nil), in.Columns...), n.Out.Columns[in.Len():]...)
		return []logicalLine{
			{text: "LogicalTableFunctionScan(invocation=[" + logicalWindowCall(n.Spec, in) + "], rowType=[" + recordType(row) + "])"},
			{text: "LogicalProject(" + strings.Join(cols, ", ") + ")", inputs: []Node{n.Input}},
		}
	case *WindowAggregate:
		return logicalAggLine(n.Keys, n.Aggs, n.Out, n.Input, nil)
	case *Unnest:
		return one("LogicalCorrelate(correlation=[$cor0], joinType=["+map[bool]string{false: "inner", true: "left"}[n.Outer]+"], requiredColumns=[{}])", n.Input)
	}
	return one(strings.TrimPrefix(strings.TrimPrefix(typeName(n), "*plan."), "plan."), n.Inputs()...)
}

func typeName(n Node) string {
	switch n.(type) {
	case *Expand:
		return "LogicalExpand"
	}
	return "LogicalRel"
}

// logicalScan is a table's scan as Calcite's view of the catalog table
// expands it: the scan of the physical columns, a projection computing
// the other columns, and the watermark assigner on top.
func logicalScan(n *Scan) []logicalLine {
	var lines []logicalLine
	if n.Watermark != nil && n.Rowtime >= 0 {
		lines = append(lines, logicalLine{text: "LogicalWatermarkAssigner(rowtime=[" + n.Out.Columns[n.Rowtime].Name + "], watermark=[" + n.Watermark.String() + "])"})
	}
	if n.Exprs != nil {
		lines = append(lines, logicalLine{text: "LogicalProject(" + logicalProjects(n.Out, n.Exprs) + ")"})
	}
	return append(lines, logicalLine{text: "LogicalTableScan(table=[[" + n.ID.Catalog + ", " + n.ID.Database + ", " + n.ID.Object + "]])", inputs: []Node{}})
}

func logicalProjects(out types.Schema, exprs []expr.Expr) string {
	parts := make([]string, len(exprs))
	for i, e := range exprs {
		parts[i] = out.Columns[i].Name + "=[" + e.String() + "]"
	}
	return strings.Join(parts, ", ")
}

// logicalTuples prints constant rows as Calcite does: [{ 1, _UTF-16LE'a' }, ...].
func logicalTuples(n *Values) string {
	rows := make([]string, len(n.Rows))
	for i, r := range n.Rows {
		vals := make([]string, len(r))
		for j, v := range r {
			vals[j] = expr.Literal(v, n.Out.Columns[j].Type).String()
		}
		rows[i] = "{ " + strings.Join(vals, ", ") + " }"
	}
	return "[" + strings.Join(rows, ", ") + "]"
}

// logicalSortKeys prints sort0=[$0], dir0=[ASC-nulls-first], ...: Flink
// sorts NULLs first ascending and last descending, which Calcite spells
// out because its own defaults are the other way round.
func logicalSortKeys(keys []SortKey) string {
	var sorts, dirs []string
	for i, k := range keys {
		sorts = append(sorts, "sort"+strconv.Itoa(i)+"=[$"+strconv.Itoa(k.Col)+"]")
		dirs = append(dirs, "dir"+strconv.Itoa(i)+"=["+sortDirection(k)+"]")
	}
	return strings.Join(append(sorts, dirs...), ", ")
}

func sortDirection(k SortKey) string {
	dir := "ASC"
	if k.Desc {
		dir = "DESC"
	}
	// Calcite omits the NULL direction that is its default for the
	// direction: last ascending, first descending.
	if k.NullsFirst != k.Desc {
		if k.NullsFirst {
			return dir + "-nulls-first"
		}
		return dir + "-nulls-last"
	}
	return dir
}

func logicalFetch(n *Limit) string {
	var parts []string
	if n.Offset > 0 {
		parts = append(parts, "offset=["+strconv.FormatInt(n.Offset, 10)+"]")
	}
	if n.Count >= 0 {
		parts = append(parts, "fetch=["+strconv.FormatInt(n.Count, 10)+"]")
	}
	return strings.Join(parts, ", ")
}

func logicalJoinType(t JoinType) string {
	return [...]string{"inner", "left", "right", "full", "semi", "anti"}[t]
}

// logicalAggregate prints an aggregation; a projection above it that only
// names its columns lends them their names (Calcite names a call by its
// alias), and grouping sets print as the groups of one LogicalAggregate.
func logicalAggregate(n *Aggregate) []logicalLine {
	if e, ok := n.Input.(*Expand); ok {
		keys := make([]int, len(e.Keys))
		copy(keys, e.Keys)
		var groups []string
		for _, set := range e.Sets {
			var cols []int
			for k, kept := range set {
				if kept {
					cols = append(cols, e.Keys[k])
				}
			}
			groups = append(groups, bitSet(cols))
		}
		// The Aggregate's keys are Expand's keys and its $e column.
		out := types.Schema{Columns: append(append([]types.Column(nil), n.Out.Columns[:len(keys)]...), n.Out.Columns[len(n.Keys):]...)}
		return logicalAggLine(keys, n.Aggs, out, e.Input, groups)
	}
	return logicalAggLine(n.Keys, n.Aggs, n.Out, n.Input, nil)
}

func logicalAggLine(keys []int, aggs []AggCall, out types.Schema, input Node, groups []string) []logicalLine {
	parts := []string{"group=[" + bitSet(keys) + "]"}
	if groups != nil {
		parts = append(parts, "groups=[["+strings.Join(groups, ", ")+"]]")
	}
	for i, a := range aggs {
		parts = append(parts, out.Columns[len(out.Columns)-len(aggs)+i].Name+"=["+logicalAggCall(a)+"]")
	}
	return []logicalLine{{text: "LogicalAggregate(" + strings.Join(parts, ", ") + ")", inputs: []Node{input}}}
}

// bitSet prints column indexes as Calcite's ImmutableBitSet: {0, 2}.
func bitSet(cols []int) string {
	s := make([]string, len(cols))
	for i, c := range cols {
		s[i] = strconv.Itoa(c)
	}
	return "{" + strings.Join(s, ", ") + "}"
}

// logicalAggCall prints an aggregate call as Calcite's AggregateCall:
// COUNT(), SUM($1), COUNT(DISTINCT $0), COUNT($1) FILTER $2.
func logicalAggCall(a AggCall) string {
	var args []string
	if a.Arg >= 0 {
		args = append(args, "$"+strconv.Itoa(a.Arg))
	}
	for _, m := range a.MoreArgs {
		args = append(args, "$"+strconv.Itoa(m))
	}
	s := a.Name + "("
	if a.Distinct {
		s += "DISTINCT "
	}
	s += strings.Join(args, ", ") + ")"
	if a.Filtered {
		s += " FILTER $" + strconv.Itoa(a.Filter)
	}
	return s
}

// logicalOverProjects prints an Over node as the projection it was
// written as: the input's columns and one windowed call per function.
func logicalOverProjects(n *Over, raw bool) string {
	in := n.Input.Schema()
	parts := make([]string, 0, n.Out.Len())
	for i := range in.Columns {
		if raw {
			parts = append(parts, "$"+strconv.Itoa(i))
			continue
		}
		parts = append(parts, n.Out.Columns[i].Name+"=[$"+strconv.Itoa(i)+"]")
	}
	window := logicalWindow(n.Partition, n.Order, &n.Frame, n.Input.Schema())
	for k, c := range n.Calls {
		var args []string
		if c.Arg >= 0 {
			args = append(args, "$"+strconv.Itoa(c.Arg))
		}
		call := c.Name + "("
		if c.Distinct {
			call += "DISTINCT "
		}
		call += strings.Join(args, ", ") + ") OVER (" + window + ")"
		if library.AggregateKind(c.Name) == library.AggSum && !c.Distinct && c.Arg >= 0 {
			// Calcite's SUM over a window is NULL over no rows.
			count := "COUNT($" + strconv.Itoa(c.Arg) + ") OVER (" + window + ")"
			call = "CASE(>(" + count + ", 0), " + call + ", null:" + library.CalciteTypeName(c.Type) + ")"
		}
		if raw {
			parts = append(parts, call)
			continue
		}
		parts = append(parts, n.Out.Columns[in.Len()+k].Name+"=["+call+"]")
	}
	if raw {
		return strings.Join(parts, "\x00")
	}
	return strings.Join(parts, ", ")
}

// passesAll reports whether p passes every column of its input on, in
// order, whatever it names them.
func passesAll(p *Project) bool {
	if len(p.Exprs) != p.Input.Schema().Len() {
		return false
	}
	for i, e := range p.Exprs {
		if j, ok := expr.ColumnIndex(e); !ok || j != i {
			return false
		}
	}
	return true
}

// passesAllBut reports whether p passes every column of its input on, in
// order, but the one at skip.
func passesAllBut(p *Project, skip int) bool {
	if len(p.Exprs) != p.Input.Schema().Len()-1 {
		return false
	}
	for i, e := range p.Exprs {
		want := i
		if i >= skip {
			want++
		}
		if j, ok := expr.ColumnIndex(e); !ok || j != want {
			return false
		}
	}
	return true
}

// logicalWindowRank prints a window Top-N as written: ROW_NUMBER() over
// the window's start and end and the partition keys.
func logicalWindowRank(n *WindowRank, out types.Schema) []logicalLine {
	part := append([]int{n.Win.Start, n.Win.End}, n.Partition...)
	return logicalRank(n.Input, out, part, n.Order, n.Func, n.Start, n.End)
}

// logicalWindowDedup prints a window deduplication as the window Top-1 it
// was written as.
func logicalWindowDedup(n *WindowDeduplicate, out types.Schema) []logicalLine {
	part := append([]int{n.Win.Start, n.Win.End}, n.Keys...)
	order := []SortKey{{Col: n.TimeCol, Desc: n.KeepLast, NullsFirst: !n.KeepLast}}
	return logicalRank(n.Input, out, part, order, "ROW_NUMBER", 1, 1)
}

// substRefs prints e with each input reference $i replaced by subst[i].
func substRefs(e expr.Expr, subst []string) string {
	return inputRef.ReplaceAllStringFunc(e.String(), func(m string) string {
		i := strings.IndexByte(m, '$')
		n, err := strconv.Atoi(m[i+1:])
		if err != nil || n >= len(subst) {
			return m
		}
		return m[:i] + subst[n]
	})
}

// logicalSortLimit prints ORDER BY ... LIMIT as the LogicalSort it was
// written as.
func logicalSortLimit(n *Rank) []logicalLine {
	l := &Limit{Input: n.Input, Offset: n.Start - 1, Count: n.End - n.Start + 1}
	return []logicalLine{{text: "LogicalSort(" + logicalSortKeys(n.Order) + ", " + logicalFetch(l) + ")", inputs: []Node{n.Input}}}
}

// logicalDedup prints a deduplication as the Top-1 it was written as.
func logicalDedup(n *Deduplicate, out types.Schema) []logicalLine {
	order := []SortKey{{Col: n.TimeCol, Desc: n.KeepLast, NullsFirst: !n.KeepLast}}
	return logicalRank(n.Input, out, n.Keys, order, "ROW_NUMBER", 1, 1)
}

// logicalWindow prints a RexWindow: PARTITION BY $0 ORDER BY $3 NULLS
// FIRST ROWS 2 PRECEDING. The frame ends at the current row, which Calcite
// leaves unsaid, and the default frame (RANGE UNBOUNDED PRECEDING) is not
// printed.
func logicalWindow(partition []int, order []SortKey, f *Frame, in types.Schema) string {
	var parts []string
	if len(partition) > 0 {
		cols := make([]string, len(partition))
		for i, c := range partition {
			cols[i] = "$" + strconv.Itoa(c)
		}
		parts = append(parts, "PARTITION BY "+strings.Join(cols, ", "))
	}
	if len(order) > 0 {
		keys := make([]string, len(order))
		for i, k := range order {
			keys[i] = "$" + strconv.Itoa(k.Col)
			if k.Desc {
				keys[i] += " DESC"
			}
			if k.NullsFirst {
				keys[i] += " NULLS FIRST"
			} else {
				keys[i] += " NULLS LAST"
			}
		}
		parts = append(parts, "ORDER BY "+strings.Join(keys, ", "))
	}
	if f != nil && !f.Whole && (f.Rows || !f.Unbounded) {
		switch {
		case f.Rows && f.Unbounded:
			parts = append(parts, "ROWS UNBOUNDED PRECEDING")
		case f.Rows:
			parts = append(parts, "ROWS "+strconv.FormatInt(f.Preceding, 10)+" PRECEDING")
		case len(order) > 0 && in.Columns[order[0].Col].Type.IsTimestamp():
			// A time range is an interval literal in milliseconds.
			parts = append(parts, "RANGE "+strconv.FormatInt(f.Preceding, 10)+":"+intervalUnit(f.Preceding)+" PRECEDING")
		default:
			parts = append(parts, "RANGE "+strconv.FormatInt(f.Preceding, 10)+" PRECEDING")
		}
	}
	return strings.Join(parts, " ")
}

// logicalRank prints a Top-N or a deduplication as it was written: a
// filter on ROW_NUMBER() over a projection that computes it.
func logicalRank(input Node, out types.Schema, partition []int, order []SortKey, fn string, start, end int64) []logicalLine {
	in := input.Schema()
	parts := make([]string, 0, in.Len()+1)
	for i := range in.Columns {
		parts = append(parts, in.Columns[i].Name+"=[$"+strconv.Itoa(i)+"]")
	}
	rn := "$" + strconv.Itoa(in.Len())
	name := "w0$o0"
	if out.Len() > in.Len() {
		name = out.Columns[in.Len()].Name
	}
	parts = append(parts, name+"=["+fn+"() OVER ("+logicalWindow(partition, order, nil, in)+")]")
	cond := "<=(" + rn + ", " + strconv.FormatInt(end, 10) + ")"
	if start == end {
		cond = "=(" + rn + ", " + strconv.FormatInt(end, 10) + ")"
	} else if start > 1 {
		cond = "AND(>=(" + rn + ", " + strconv.FormatInt(start, 10) + "), " + cond + ")"
	}
	return []logicalLine{
		{text: "LogicalFilter(condition=[" + cond + "])"},
		{text: "LogicalProject(" + strings.Join(parts, ", ") + ")", inputs: []Node{input}},
	}
}

// logicalWindowCall prints a window TVF's invocation: TUMBLE(DESCRIPTOR($3),
// 900000:INTERVAL MINUTE).
func logicalWindowCall(s WindowSpec, in types.Schema) string {
	desc := "TABLE(#0), DESCRIPTOR(_UTF-16LE'" + in.Columns[s.TimeCol].Name + "')"
	iv := func(ms int64) string { return strconv.FormatInt(ms, 10) + ":" + intervalUnit(ms) }
	var args []string
	switch s.Kind {
	case Tumble:
		args = []string{desc, iv(s.Size)}
	case Hop:
		args = []string{desc, iv(s.Slide), iv(s.Size)}
	case Cumulate:
		args = []string{desc, iv(s.Slide), iv(s.Size)}
	case Session:
		args = []string{desc, iv(s.Gap)}
	}
	if s.Offset != 0 {
		args = append(args, iv(s.Offset))
	}
	return s.Kind.String() + "(" + strings.Join(args, ", ") + ")"
}

// intervalUnit is the qualifier Calcite prints for a day-time interval
// literal written in its largest whole unit.
func intervalUnit(ms int64) string {
	switch {
	case ms != 0 && ms%86400000 == 0:
		return "INTERVAL DAY"
	case ms != 0 && ms%3600000 == 0:
		return "INTERVAL HOUR"
	case ms != 0 && ms%60000 == 0:
		return "INTERVAL MINUTE"
	}
	return "INTERVAL SECOND"
}

// ExplainValues prints a Values node of the physical plan:
// Values(type=[RecordType(INTEGER a)], tuples=[[{ 1 }, { 2 }]]).
func ExplainValues(n *Values) string {
	if n.Batch {
		return "Values(tuples=[" + logicalTuples(n) + "], values=[" + strings.Join(n.Out.Names(), ", ") + "])"
	}
	return "Values(type=[" + recordType(n.Out) + "], tuples=[" + logicalTuples(n) + "])"
}

// recordType prints a row type as Calcite's RecordType(INTEGER a, ...).
func recordType(s types.Schema) string {
	cols := make([]string, s.Len())
	for i, c := range s.Columns {
		cols[i] = library.CalciteTypeName(c.Type) + " " + c.Name
	}
	return "RecordType(" + strings.Join(cols, ", ") + ")"
}

// digestCasts prints the CASTs of a line as Calcite's RexCall digest does,
// with the type after the call: CAST($2):INTEGER.
func digestCasts(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); {
		if s[i] == '\'' {
			j := skipQuoted(s, i)
			b.WriteString(s[i:j])
			i = j
			continue
		}
		fn := ""
		for _, f := range []string{"CAST", "TRY_CAST"} {
			if atBoundary(s, i) && strings.HasPrefix(s[i:], f+"(") {
				fn = f
			}
		}
		if fn != "" {
			open := i + len(fn)
			if close := matchParen(s, open); close > 0 {
				inner := s[open+1 : close]
				if as := lastTopLevel(inner, " AS "); as >= 0 {
					b.WriteString(fn + "(" + digestCasts(inner[:as]) + "):" + inner[as+len(" AS "):])
					i = close + 1
					continue
				}
			}
		}
		b.WriteByte(s[i])
		i++
	}
	return b.String()
}

// lastTopLevel returns the index of the last sep in s outside quotes and
// brackets, or -1.
func lastTopLevel(s, sep string) int {
	found, depth := -1, 0
	for j := 0; j < len(s); j++ {
		switch s[j] {
		case '\'':
			j = skipQuoted(s, j) - 1
		case '(', '[':
			depth++
		case ')', ']':
			depth--
		default:
			if depth == 0 && strings.HasPrefix(s[j:], sep) {
				found = j
			}
		}
	}
	return found
}
