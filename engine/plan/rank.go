package plan

import (
	"strconv"
	"strings"

	"github.com/flinkplay/flinkplay/engine/diag"
	"github.com/flinkplay/flinkplay/engine/expr"
	"github.com/flinkplay/flinkplay/engine/library"
	"github.com/flinkplay/flinkplay/engine/sql"
	"github.com/flinkplay/flinkplay/engine/types"
)

// Rank is a streaming Top-N: per partition, the rows ranked Start..End by
// Order (Flink's Rank). Its output is the input row followed by the rank
// number; when OutputRank is false the outer query does not read the
// number, Flink then emits a shorter changelog and the column holds 0.
type Rank struct {
	Input      Node
	Partition  []int
	Order      []SortKey
	Func       string // ROW_NUMBER
	Start, End int64
	OutputRank bool
	Out        types.Schema
	// Strategy is chosen by the changelog-mode inference, with RowKey, the
	// input's unique key, for UpdateFastStrategy.
	Strategy RankStrategy
	RowKey   []int
	// NoUpdateBefore is set when the consumer needs no -U.
	NoUpdateBefore bool
	// SortLimit: the Top-N runs ORDER BY ... LIMIT (Flink's SortLimit);
	// the projection above it drops the rank number.
	SortLimit bool
}

// Deduplicate keeps, per key, the first (ascending time) or last
// (descending time) row by a time attribute (Flink's Deduplicate). Its
// output is the input row followed by the row number, always 1.
type Deduplicate struct {
	Input    Node
	Keys     []int
	TimeCol  int
	KeepLast bool
	Rowtime  bool
	Out      types.Schema
}

func (n *Rank) Schema() types.Schema        { return n.Out }
func (n *Rank) Inputs() []Node              { return []Node{n.Input} }
func (n *Deduplicate) Schema() types.Schema { return n.Out }
func (n *Deduplicate) Inputs() []Node       { return []Node{n.Input} }

// rankHint is what the outer query of a Top-N tells the binding of its
// inner query's ranking call.
type rankHint struct {
	start, end int64
	outputRank bool
}

// topN recognizes a Top-N in streaming mode: SELECT ... FROM (SELECT ...,
// ROW_NUMBER() OVER (...) AS rn FROM t) WHERE rn <= N [AND ...]. It records
// a hint for the ranking call and returns the outer WHERE without the rank
// bounds.
func (b *binder) topN(q *sql.Select) (sql.Expr, error) {
	if b.p.Batch || q.Where == nil {
		return q.Where, nil
	}
	dt, ok := q.From.(*sql.DerivedTable)
	if !ok {
		return q.Where, nil
	}
	in, ok := dt.Query.(*sql.Select)
	if !ok || len(in.GroupBy) > 0 || in.Having != nil || in.Distinct || len(in.OrderBy) > 0 || in.Limit != nil {
		return q.Where, nil
	}
	calls := overCalls(in)
	if len(calls) != 1 {
		return q.Where, nil
	}
	call := calls[0]
	if !library.AggregateKind(call.Name).IsRanking() {
		return q.Where, nil
	}
	rn := ""
	for i, it := range in.Items {
		if it.Expr == sql.Expr(call) {
			rn = exprName(i)
			if it.Alias != nil {
				rn = it.Alias.Name
			}
		}
	}
	if len(dt.Columns) > 0 { // AS x(a, b, rn): the alias names the rank
		idx := -1
		for i, it := range in.Items {
			if it.Star {
				return q.Where, nil
			}
			if it.Expr == sql.Expr(call) {
				idx = i
			}
		}
		if len(dt.Columns) != len(in.Items) || idx < 0 {
			return q.Where, nil
		}
		rn = dt.Columns[idx].Name
	}
	if rn == "" {
		return q.Where, nil
	}
	alias := ""
	if dt.Alias != nil {
		alias = dt.Alias.Name
	}
	isRn := func(e sql.Expr) bool {
		r, ok := e.(*sql.ColumnRef)
		if !ok || r.Parts[len(r.Parts)-1].Name != rn {
			return false
		}
		return len(r.Parts) == 1 || (len(r.Parts) == 2 && r.Parts[0].Name == alias)
	}
	lit := func(e sql.Expr) (int64, bool) {
		l, ok := e.(*sql.Literal)
		if !ok || l.Kind != sql.ExactLit {
			return 0, false
		}
		v, err := strconv.ParseInt(l.Text, 10, 64)
		return v, err == nil
	}
	h := &rankHint{start: 1, end: -1}
	var rest []sql.Expr
	for _, c := range conjuncts(q.Where) {
		if !h.bound(c, isRn, lit) {
			rest = append(rest, c)
		}
	}
	if h.end < 0 {
		return q.Where, nil
	}
	uses := func(e sql.Expr) bool {
		found := false
		walkExpr(e, func(x sql.Expr) bool {
			if isRn(x) {
				found = true
			}
			return !found
		})
		return found
	}
	for _, it := range q.Items {
		if it.Star && (len(it.Qualifier) == 0 || it.Qualifier[len(it.Qualifier)-1].Name == alias) {
			h.outputRank = true
		}
		if it.Expr != nil && uses(it.Expr) {
			h.outputRank = true
		}
	}
	for _, e := range rest {
		if uses(e) {
			h.outputRank = true
		}
	}
	for _, e := range q.GroupBy {
		if uses(e) {
			h.outputRank = true
		}
	}
	if uses(q.Having) {
		h.outputRank = true
	}
	for _, o := range q.OrderBy {
		if uses(o.Expr) {
			h.outputRank = true
		}
	}
	if b.rankHints == nil {
		b.rankHints = map[*sql.Call]*rankHint{}
	}
	b.rankHints[call] = h
	var where sql.Expr
	for _, e := range rest {
		if where == nil {
			where = e
		} else {
			where = &sql.Binary{Pos: e.ExprPos(), Op: sql.OpAnd, L: where, R: e}
		}
	}
	return where, nil
}

// bound narrows the rank range by one conjunct of the outer WHERE and
// reports whether the conjunct was a bound on the rank number.
func (h *rankHint) bound(c sql.Expr, isRn func(sql.Expr) bool, lit func(sql.Expr) (int64, bool)) bool {
	upper := func(v int64) {
		if h.end < 0 || v < h.end {
			h.end = v
		}
	}
	lower := func(v int64) {
		if v > h.start {
			h.start = v
		}
	}
	switch c := c.(type) {
	case *sql.Between:
		if c.Not || !isRn(c.X) {
			return false
		}
		lo, ok1 := lit(c.Lo)
		hi, ok2 := lit(c.Hi)
		if !ok1 || !ok2 {
			return false
		}
		lower(lo)
		upper(hi)
		return true
	case *sql.Binary:
		op := c.Op
		var v int64
		var ok bool
		switch {
		case isRn(c.L):
			v, ok = lit(c.R)
		case isRn(c.R):
			v, ok = lit(c.L)
			switch op { // n < rn is rn > n
			case sql.OpLt:
				op = sql.OpGt
			case sql.OpLe:
				op = sql.OpGe
			case sql.OpGt:
				op = sql.OpLt
			case sql.OpGe:
				op = sql.OpLe
			}
		}
		if !ok {
			return false
		}
		switch op {
		case sql.OpLe:
			upper(v)
		case sql.OpLt:
			upper(v - 1)
		case sql.OpEq:
			lower(v)
			upper(v)
		case sql.OpGe:
			lower(v)
		case sql.OpGt:
			lower(v + 1)
		default:
			return false
		}
		return true
	}
	return false
}

// conjuncts splits a condition at its top-level ANDs.
func conjuncts(e sql.Expr) []sql.Expr {
	if b, ok := e.(*sql.Binary); ok && b.Op == sql.OpAnd {
		return append(conjuncts(b.L), conjuncts(b.R)...)
	}
	return []sql.Expr{e}
}

// rankNode builds the Rank or Deduplicate node of a Top-N's inner query.
func (b *binder) rankNode(n Node, sc *scope, pre []expr.Expr, preOut types.Schema, part []int, order []SortKey, call *sql.Call, h *rankHint) (Node, *scope, error) {
	name := strings.ToUpper(call.Name)
	if len(call.Args) > 0 {
		return nil, nil, diag.Errorf(call.Pos, diag.SqlValidatorException, "Invalid number of arguments to function '%s'. Was expecting 0 arguments", name)
	}
	if len(order) == 0 {
		return nil, nil, diag.Errorf(call.Pos, diag.SqlValidatorException, "RANK or DENSE_RANK functions require ORDER BY clause in window specification")
	}
	if call.Over.Frame != nil {
		return nil, nil, diag.Errorf(call.Over.Pos, diag.SqlValidatorException, "ROW/RANGE not allowed with RANK, DENSE_RANK or ROW_NUMBER functions")
	}
	var input Node = n
	if len(pre) > len(sc.cols) {
		input = &Project{Input: n, Exprs: pre, Out: preOut}
	}
	rnType := types.Int64.WithNullable(false)
	out := types.Schema{Columns: append(append([]types.Column(nil), preOut.Columns...), types.Column{Name: "w0$o0", Type: rnType})}
	// A Top-N per window (windowrank.go).
	wn, windowed := windowRankNode(input, part, order, name, h, out)
	if !windowed {
		switch library.AggregateKind(name) {
		case library.WinRank, library.WinDenseRank:
			return nil, nil, diag.Errorf(diag.NoPos, diag.TableException, "%s() on streaming table is not supported currently", name)
		}
	}
	nsc := &scope{cols: append([]scopeCol(nil), sc.cols...)}
	for i := len(sc.cols); i < len(pre); i++ {
		nsc.cols = append(nsc.cols, scopeCol{name: preOut.Columns[i].Name, typ: preOut.Columns[i].Type, hidden: true})
	}
	if b.overCols == nil {
		b.overCols = map[*sql.Call]int{}
	}
	b.overCols[call] = len(nsc.cols)
	nsc.cols = append(nsc.cols, scopeCol{name: "w0$o0", typ: rnType, hidden: true})

	if windowed {
		return wn, nsc, nil
	}
	timeT := preOut.Columns[order[0].Col].Type
	if !h.outputRank && library.AggregateKind(name) == library.WinRowNumber && h.start == 1 && h.end == 1 && len(order) == 1 && timeT.Attr != types.Regular {
		if Updating(n) {
			return nil, nil, diag.Errorf(call.Pos, diag.TableException, "Deduplication over an updating input is not supported yet.")
		}
		return &Deduplicate{Input: input, Keys: part, TimeCol: order[0].Col, KeepLast: order[0].Desc,
			Rowtime: timeT.Attr == types.Rowtime, Out: out}, nsc, nil
	}
	if h.end < h.start {
		h.end = h.start - 1
	}
	return &Rank{Input: input, Partition: part, Order: order, Func: name, Start: h.start, End: h.end, OutputRank: h.outputRank, Out: out}, nsc, nil
}

func rankExplain(n *Rank) string {
	in := n.Input.Schema()
	strategy := n.Strategy.String()
	if n.Strategy == UpdateFastStrategy {
		keys := make([]string, len(n.RowKey))
		for i, c := range n.RowKey {
			keys[i] = strconv.Itoa(c)
		}
		strategy += "[" + strings.Join(keys, ",") + "]"
	}
	if n.SortLimit {
		return "SortLimit(orderBy=[" + sortText(in, n.Order) + "], offset=[" + strconv.FormatInt(n.Start-1, 10) +
			"], fetch=[" + strconv.FormatInt(n.End-n.Start+1, 10) + "], strategy=[" + strategy + "])"
	}
	sel := strings.Join(in.Names(), ", ")
	if n.OutputRank {
		sel += ", w0$o0"
	}
	return "Rank(strategy=[" + strategy + "], rankType=[" + n.Func + "], rankRange=[rankStart=" + strconv.FormatInt(n.Start, 10) +
		", rankEnd=" + strconv.FormatInt(n.End, 10) + "], partitionBy=[" + colNames(in, n.Partition) + "], orderBy=[" + sortText(in, n.Order) +
		"], select=[" + sel + "])"
}

func dedupExplain(n *Deduplicate) string {
	in := n.Input.Schema()
	keep := "FirstRow"
	if n.KeepLast {
		keep = "LastRow"
	}
	t := "ProcTime"
	if n.Rowtime {
		t = "RowTime"
	}
	return "Deduplicate(keep=[" + keep + "], key=[" + colNames(in, n.Keys) + "], order=[" + strings.ToUpper(t) + "])"
}

// sortLimit plans ORDER BY ... LIMIT in streaming mode as Flink does: a
// Top-N over the whole input without a rank number.
func sortLimit(s *Sort, l *Limit) (Node, error) {
	if l.Count < 0 {
		return nil, diag.Errorf(diag.NoPos, diag.TableException, "FETCH is missed, which on streaming table is not supported currently.")
	}
	in := s.Input.Schema()
	out := types.Schema{Columns: append(append([]types.Column(nil), in.Columns...), types.Column{Name: "w0$o0", Type: types.Int64.WithNullable(false)})}
	r := &Rank{Input: s.Input, Order: s.Keys, Func: "ROW_NUMBER", Start: l.Offset + 1, End: l.Offset + l.Count, Out: out, SortLimit: true}
	if r.End < r.Start {
		r.End = r.Start - 1
	}
	exprs := make([]expr.Expr, in.Len())
	for i, c := range in.Columns {
		exprs[i] = expr.Column(i, c.Type)
	}
	return &Project{Input: r, Exprs: exprs, Out: in}, nil
}

// monotonic is how a column of an updating input can change.
type monotonic int

const (
	notMonotonic monotonic = iota
	constant               // a unique key column: never changes for its row
	increasing
	decreasing
)

// columnMonotonicity traces column c of n through projections and filters
// to a group aggregation over an insert-only input, as Flink's
// FlinkRelMdModifiedMonotonicity does for the common cases: a group key is
// constant, COUNT and MAX only grow, MIN only shrinks. uniqueKey reports
// whether c is a group key.
func columnMonotonicity(n Node, c int) (m monotonic, uniqueKey bool) {
	switch n := n.(type) {
	case *Project:
		i, ok := expr.ColumnIndex(n.Exprs[c])
		if !ok {
			return notMonotonic, false
		}
		return columnMonotonicity(n.Input, i)
	case *Filter:
		return columnMonotonicity(n.Input, c)
	case *Aggregate:
		if Updating(n.Input) {
			return notMonotonic, c < len(n.Keys)
		}
		if c < len(n.Keys) {
			return constant, true
		}
		a := n.Aggs[c-len(n.Keys)]
		switch library.AggregateKind(a.Name) {
		case library.AggCount, library.AggMax:
			return increasing, false
		case library.AggMin:
			return decreasing, false
		case library.AggSum, library.AggSum0:
			// Flink knows the range of a constant argument: a sum of a
			// value that is at least 0 only grows (SUM(1)).
			if nonNegativeConstant(n.Input, a.Arg) {
				return increasing, false
			}
		}
	}
	return notMonotonic, false
}

// nonNegativeConstant reports whether column c of n is a numeric literal
// that is at least 0.
func nonNegativeConstant(n Node, c int) bool {
	p, ok := n.(*Project)
	if !ok || c < 0 || c >= len(p.Exprs) {
		return false
	}
	e := p.Exprs[c]
	v, ok := expr.LiteralValue(e)
	if !ok || v.Null {
		return false
	}
	switch t := e.Type(); {
	case t.IsInteger():
		return v.I >= 0
	case t.Kind == types.Float || t.Kind == types.Double:
		return v.F >= 0
	}
	return false
}

// updateFast reports whether Flink would rank this updating input with its
// UpdateFastStrategy (UpdatableTopNFunction): the input's unique key (the
// group keys, all still visible) contains the partition key, and every sort
// key moves only toward the top.
func updateFast(in Node, part []int, order []SortKey) bool {
	agg := aggregateBelow(in)
	if agg == nil || len(agg.Keys) == 0 {
		return false
	}
	visible := 0
	for c := range in.Schema().Columns {
		if _, key := columnMonotonicity(in, c); key {
			visible++
		}
	}
	if visible < len(agg.Keys) {
		return false
	}
	for _, p := range part {
		if _, key := columnMonotonicity(in, p); !key {
			return false
		}
	}
	for _, o := range order {
		m, _ := columnMonotonicity(in, o.Col)
		switch {
		case m == constant:
		case m == increasing && o.Desc:
		case m == decreasing && !o.Desc:
		default:
			return false
		}
	}
	return len(order) > 0
}

// aggregateBelow finds the Aggregate under projections and filters.
func aggregateBelow(n Node) *Aggregate {
	switch n := n.(type) {
	case *Project:
		return aggregateBelow(n.Input)
	case *Filter:
		return aggregateBelow(n.Input)
	case *Aggregate:
		return n
	}
	return nil
}

// uniqueKeyCols returns the columns of in that belong to its unique key:
// the group keys of the aggregation below, as far as they are visible.
func uniqueKeyCols(in Node) []int {
	var cols []int
	for c := range in.Schema().Columns {
		if _, key := columnMonotonicity(in, c); key {
			cols = append(cols, c)
		}
	}
	return cols
}

// changeKinds names the changes the first updating node of n produces, as
// Flink's "doesn't support consuming ... changes" messages do: a Top-N and
// an updating deduplication produce every kind (ALL_CHANGES), a group
// aggregation over an insert-only input updates only.
func changeKinds(n Node) string {
	switch n := n.(type) {
	case *Rank:
		return "update and delete"
	case *Deduplicate:
		if Updating(n) {
			return "update and delete"
		}
	case *Aggregate:
		return "update"
	}
	for _, in := range n.Inputs() {
		if Updating(in) {
			return changeKinds(in)
		}
	}
	return "update"
}
