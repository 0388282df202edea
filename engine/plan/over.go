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

// WindowCall is one window function call of an Over node.
type WindowCall struct {
	// Name is COUNT, SUM, MIN, MAX, AVG, ROW_NUMBER, RANK, DENSE_RANK,
	// LAG, LEAD, NTILE, CUME_DIST, PERCENT_RANK, FIRST_VALUE or LAST_VALUE.
	Name     string
	Arg      int // input column, -1 for none (COUNT(*), ranks)
	Distinct bool
	// Offset is LAG/LEAD's offset (default 1) and NTILE's bucket count.
	Offset int64
	// Default is the input column of LAG/LEAD's default value, -1 when none.
	Default int
	Type    types.Type
}

// Frame is the frame of an Over node's window. The upper bound is always
// the current row.
type Frame struct {
	Rows bool // ROWS; else RANGE
	// Unbounded is UNBOUNDED PRECEDING.
	Unbounded bool
	// Preceding is the lower bound: rows for ROWS, order-key units for
	// RANGE (milliseconds for time and intervals).
	Preceding int64
	// Whole is a window without ORDER BY: the whole partition (batch).
	Whole bool
}

// Over computes window functions over partitions of its input ordered by
// Order (Flink's OverAggregate). Its output is the input row followed by
// one column per call. In streaming mode Order is one ascending time
// attribute and the output is append-only.
type Over struct {
	Input     Node
	Partition []int
	Order     []SortKey
	Frame     Frame
	Calls     []WindowCall
	Out       types.Schema
}

func (n *Over) Schema() types.Schema { return n.Out }
func (n *Over) Inputs() []Node       { return []Node{n.Input} }

// overCalls returns the OVER calls of the select list, in order.
func overCalls(q *sql.Select) []*sql.Call {
	var out []*sql.Call
	for _, it := range q.Items {
		walkExpr(it.Expr, func(x sql.Expr) bool {
			if c, ok := x.(*sql.Call); ok && c.Over != nil {
				out = append(out, c)
				return false
			}
			return true
		})
	}
	return out
}

// windowSpec resolves OVER w against the WINDOW clause.
func windowSpec(c *sql.Call, q *sql.Select) (*sql.WindowSpec, error) {
	s := c.Over
	if s.Name == "" {
		return s, nil
	}
	for _, w := range q.Windows {
		if w.Name.Name == s.Name {
			return w.Spec, nil
		}
	}
	return nil, diag.Errorf(s.Pos, diag.SqlValidatorException, "Window '%s' not found", s.Name)
}

// windowKey is the canonical text of a window (partition, order, frame),
// to tell whether two calls share it.
func windowKey(s *sql.WindowSpec, fr Frame) string {
	var b strings.Builder
	for _, p := range s.PartitionBy {
		b.WriteString(sql.FormatExpr(p) + ",")
	}
	b.WriteString("|")
	for _, o := range s.OrderBy {
		b.WriteString(sql.FormatExpr(o.Expr))
		if o.Desc {
			b.WriteString(" DESC")
		}
		b.WriteString(",")
	}
	b.WriteString("|" + strconv.FormatBool(fr.Rows) + strconv.FormatBool(fr.Unbounded) + strconv.FormatInt(fr.Preceding, 10))
	return b.String()
}

// windows binds the OVER calls of a select list: it adds an Over node (or,
// for a Top-N the outer query recognized, a Rank or Deduplicate node) above
// n and returns the scope the select list binds in, where b.overCols maps
// each call to its column.
func (b *binder) windows(n Node, sc *scope, q *sql.Select, agg *aggScope) (Node, *scope, error) {
	calls := overCalls(q)
	if len(calls) == 0 {
		return n, sc, nil
	}
	if agg.active {
		return nil, nil, diag.Errorf(calls[0].Pos, diag.TableException, "OVER windows over grouped queries are not supported yet.")
	}
	streaming := !b.p.Batch
	// The pre-projection: the input columns, then partition keys, order
	// keys and arguments that are not plain columns.
	pre := make([]expr.Expr, len(sc.cols))
	var preOut types.Schema
	for i, c := range sc.cols {
		pre[i] = expr.Column(i, c.typ)
		preOut.Columns = append(preOut.Columns, types.Column{Name: c.name, Type: c.typ})
	}
	column := func(e sql.Expr) (int, error) {
		x, err := b.expr(e, sc)
		if err != nil {
			return 0, err
		}
		if i, ok := expr.ColumnIndex(x); ok {
			return i, nil
		}
		pre = append(pre, x)
		preOut.Columns = append(preOut.Columns, types.Column{Name: "$" + exprName(len(pre)-1), Type: x.Type()})
		return len(pre) - 1, nil
	}

	keys := func(spec *sql.WindowSpec) ([]int, []SortKey, error) {
		var part []int
		for _, p := range spec.PartitionBy {
			i, err := column(p)
			if err != nil {
				return nil, nil, err
			}
			part = append(part, i)
		}
		var order []SortKey
		for _, o := range spec.OrderBy {
			i, err := column(o.Expr)
			if err != nil {
				return nil, nil, err
			}
			nf := !o.Desc
			if o.NullsFirst != nil {
				nf = *o.NullsFirst
			}
			order = append(order, SortKey{Col: i, Desc: o.Desc, NullsFirst: nf})
		}
		return part, order, nil
	}

	// A Top-N or deduplication the outer query asked for.
	if h := b.rankHints[calls[0]]; h != nil && len(calls) == 1 && streaming {
		spec, err := windowSpec(calls[0], q)
		if err != nil {
			return nil, nil, err
		}
		part, order, err := keys(spec)
		if err != nil {
			return nil, nil, err
		}
		return b.rankNode(n, sc, pre, preOut, part, order, calls[0], h)
	}

	// Calls that share partitioning, ordering and frame form one group,
	// one Over node; batch mode chains the groups.
	type group struct {
		key   string
		spec  *sql.WindowSpec
		frame Frame
		part  []int
		order []SortKey
		calls []*sql.Call
		wcs   []WindowCall
	}
	var groups []*group
	// reduced: a call Calcite expands into others over the same window
	// (STDDEV_POP into SUMs and a COUNT), and how its value follows.
	reduced := map[*sql.Call]func([]expr.Expr) (expr.Expr, error){}
	for _, c := range calls {
		spec, err := windowSpec(c, q)
		if err != nil {
			return nil, nil, err
		}
		name := strings.ToUpper(c.Name)
		fr, err := b.frame(spec, name, sc)
		if err != nil {
			return nil, nil, err
		}
		k := windowKey(spec, fr)
		var g *group
		for _, x := range groups {
			if x.key == k {
				g = x
			}
		}
		if g == nil {
			if len(groups) > 0 && streaming {
				return nil, nil, diag.Errorf(diag.NoPos, diag.TableException,
					"Over Agg: Unsupported use of OVER windows. All aggregates must be computed on the same window. please re-check the over window statement.")
			}
			g = &group{key: k, spec: spec, frame: fr}
			if g.part, g.order, err = keys(spec); err != nil {
				return nil, nil, err
			}
			if len(spec.OrderBy) == 0 {
				g.frame.Whole = true
			}
			groups = append(groups, g)
		}
		wcs, post, err := b.windowCall(c, name, sc, &pre, &preOut, len(spec.OrderBy) > 0)
		if err != nil {
			return nil, nil, err
		}
		for _, wc := range wcs {
			g.calls = append(g.calls, c)
			g.wcs = append(g.wcs, wc)
		}
		if post != nil {
			reduced[c] = post
		}
	}
	if streaming {
		g := groups[0]
		if err := checkStreamingOver(n, preOut, g.order, g.frame, g.wcs); err != nil {
			return nil, nil, err
		}
	}
	var input Node = n
	if len(pre) > len(sc.cols) {
		input = &Project{Input: n, Exprs: pre, Out: preOut}
	}
	nsc := &scope{cols: append([]scopeCol(nil), sc.cols...)}
	for i := len(sc.cols); i < len(pre); i++ {
		nsc.cols = append(nsc.cols, scopeCol{name: preOut.Columns[i].Name, typ: preOut.Columns[i].Type, hidden: true})
	}
	if b.overCols == nil {
		b.overCols = map[*sql.Call]int{}
	}
	parts := map[*sql.Call][]expr.Expr{}
	for gi, g := range groups {
		out := types.Schema{Columns: append([]types.Column(nil), input.Schema().Columns...)}
		for i, wc := range g.wcs {
			name := "w" + strconv.Itoa(gi) + "$o" + strconv.Itoa(i)
			out.Columns = append(out.Columns, types.Column{Name: name, Type: wc.Type})
			if _, ok := reduced[g.calls[i]]; ok {
				parts[g.calls[i]] = append(parts[g.calls[i]], expr.Column(len(nsc.cols), wc.Type))
			} else {
				b.overCols[g.calls[i]] = len(nsc.cols)
			}
			nsc.cols = append(nsc.cols, scopeCol{name: name, typ: wc.Type, hidden: true})
		}
		input = &Over{Input: input, Partition: g.part, Order: g.order, Frame: g.frame, Calls: g.wcs, Out: out}
	}
	if len(reduced) > 0 {
		if b.overExprs == nil {
			b.overExprs = map[*sql.Call]expr.Expr{}
		}
		for c, post := range reduced {
			x, err := post(parts[c])
			if err != nil {
				return nil, nil, err
			}
			b.overExprs[c] = x
		}
	}
	return input, nsc, nil
}

// frame binds a window's frame. Ranking and offset functions have none.
func (b *binder) frame(s *sql.WindowSpec, name string, sc *scope) (Frame, error) {
	if k := library.AggregateKind(name); library.IsWindowFunction(name) && k != library.AggFirstValue && k != library.AggLastValue {
		// As Calcite: no frame of their own, everything up to the current
		// row; ROWS for ROW_NUMBER, the window's RANGE for the others.
		if s.Frame != nil {
			return Frame{}, diag.Errorf(s.Pos, diag.SqlValidatorException, "ROW/RANGE not allowed with RANK, DENSE_RANK or ROW_NUMBER functions")
		}
		return Frame{Rows: k == library.WinRowNumber, Unbounded: true}, nil
	}
	f := s.Frame
	if f == nil {
		return Frame{Unbounded: true}, nil // RANGE BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW
	}
	fr := Frame{Rows: f.Rows}
	kind := "RANGE"
	if f.Rows {
		kind = "ROWS"
	}
	if strings.Contains(f.End.Kind, "FOLLOWING") || strings.Contains(f.Start.Kind, "FOLLOWING") {
		return fr, diag.Errorf(diag.NoPos, diag.TableException, "OVER %s FOLLOWING windows are not supported yet.", kind)
	}
	if f.End.Kind == "PRECEDING" || f.End.Kind == "UNBOUNDED PRECEDING" {
		return fr, diag.Errorf(diag.NoPos, diag.TableException, "OVER windows with an upper bound other than CURRENT ROW are not supported yet.")
	}
	switch f.Start.Kind {
	case "UNBOUNDED PRECEDING":
		fr.Unbounded = true
	case "CURRENT ROW":
		fr.Preceding = 0
	case "PRECEDING":
		x, err := b.expr(f.Start.Offset, sc)
		if err != nil {
			return fr, err
		}
		v, ok := expr.LiteralValue(x)
		if !ok || v.Null {
			return fr, diag.Errorf(f.Start.Offset.ExprPos(), diag.SqlValidatorException, "Window has negative size")
		}
		t := x.Type()
		switch {
		case f.Rows && t.IsInteger():
			fr.Preceding = v.I
		case !f.Rows && (t.IsNumeric() || t.Kind == types.IntervalDayTime):
			if t.IsInteger() || t.Kind == types.IntervalDayTime {
				fr.Preceding = v.I
			} else {
				return fr, diag.Errorf(f.Start.Offset.ExprPos(), diag.TableException, "RANGE offsets of type %s are not supported yet.", t)
			}
		default:
			return fr, diag.Errorf(f.Start.Offset.ExprPos(), diag.SqlValidatorException, "Data Type mismatch between ORDER BY and RANGE clause")
		}
		if fr.Preceding < 0 {
			return fr, diag.Errorf(f.Start.Offset.ExprPos(), diag.SqlValidatorException, "Window has negative size")
		}
	}
	return fr, nil
}

// windowCall binds one window function call.
func (b *binder) windowCall(c *sql.Call, name string, sc *scope, pre *[]expr.Expr, preOut *types.Schema, ordered bool) ([]WindowCall, func([]expr.Expr) (expr.Expr, error), error) {
	wc, post, err := b.windowCall1(c, name, sc, pre, preOut, ordered)
	return wc, post, err
}

// windowCall1 binds one window function call: one WindowCall, or for the
// variance family the SUMs and COUNT Calcite expands it into and the
// expression of its value over them.
func (b *binder) windowCall1(c *sql.Call, name string, sc *scope, pre *[]expr.Expr, preOut *types.Schema, ordered bool) ([]WindowCall, func([]expr.Expr) (expr.Expr, error), error) {
	one := func(wc WindowCall, err error) ([]WindowCall, func([]expr.Expr) (expr.Expr, error), error) {
		if err != nil {
			return nil, nil, err
		}
		return []WindowCall{wc}, nil, nil
	}
	wc := WindowCall{Name: name, Arg: -1, Default: -1}
	kind := library.AggregateKind(name) // the spec's accumulator decides what follows
	if library.IsAggregate(name) {
		switch kind {
		case library.AggCount, library.AggSum, library.AggMin, library.AggMax, library.AggAvg:
		case library.AggVariance:
			if c.Filter != nil {
				return nil, nil, diag.Errorf(c.Filter.ExprPos(), diag.TableException, "FILTER in an OVER aggregation is not supported yet.")
			}
			calls, post, err := b.aggCall(c, sc, pre, preOut)
			if err != nil {
				return nil, nil, err
			}
			wcs := make([]WindowCall, len(calls))
			for i, call := range calls {
				wcs[i] = WindowCall{Name: call.Name, Arg: call.Arg, Default: -1, Distinct: call.Distinct, Type: call.Type}
				if library.AggregateKind(call.Name) == library.AggSum && call.Type.Kind != types.Decimal {
					wcs[i].Type = call.Type.WithNullable(true)
				}
			}
			return wcs, post, nil
		default:
			return nil, nil, diag.Errorf(c.Pos, diag.TableException, "%s over an OVER window is not supported yet.", name)
		}
		if c.Filter != nil {
			return nil, nil, diag.Errorf(c.Filter.ExprPos(), diag.TableException, "FILTER in an OVER aggregation is not supported yet.")
		}
		calls, finish, err := b.aggCall(c, sc, pre, preOut)
		if err != nil {
			return nil, nil, err
		}
		if len(calls) != 1 || finish != nil {
			return nil, nil, diag.Errorf(c.Pos, diag.TableException, "%s over an OVER window is not supported yet.", name)
		}
		call := calls[0]
		if call.Arg == len(*pre)-1 {
			// A plain column needs no column of its own.
			if i, ok := expr.ColumnIndex((*pre)[call.Arg]); ok {
				*pre = (*pre)[:call.Arg]
				preOut.Columns = preOut.Columns[:call.Arg]
				call.Arg = i
			}
		}
		wc.Arg, wc.Distinct, wc.Type = call.Arg, call.Distinct, call.Type
		if kind == library.AggSum && call.Type.Kind != types.Decimal {
			wc.Type = call.Type.WithNullable(true)
		}
		return one(wc, nil)
	}
	if !library.IsWindowFunction(name) {
		return one(wc, diag.Errorf(c.Pos, diag.SqlValidatorException, "OVER clause is necessary for window functions"))
	}
	if kind.IsRanking() || kind == library.WinCumeDist || kind == library.WinPercentRank || kind == library.WinNtile {
		if !ordered {
			return one(wc, diag.Errorf(c.Pos, diag.SqlValidatorException, "RANK or DENSE_RANK functions require ORDER BY clause in window specification"))
		}
	}
	argc := len(c.Args)
	addArg := func(e sql.Expr) (int, types.Type, error) {
		x, err := b.expr(e, sc)
		if err != nil {
			return 0, types.Type{}, err
		}
		*pre = append(*pre, x)
		preOut.Columns = append(preOut.Columns, types.Column{Name: exprName(len(*pre) - 1), Type: x.Type()})
		return len(*pre) - 1, x.Type(), nil
	}
	f := library.AggregateOf(name)
	if f == nil {
		return one(wc, diag.Errorf(c.Pos, diag.SqlValidatorException, "No match found for function signature %s", name))
	}
	spec := f.Aggregate
	if argc < spec.Min || argc > spec.Max {
		return one(wc, diag.Errorf(c.Pos, diag.SqlValidatorException, "Invalid number of arguments to function '%s'. Was expecting %d arguments", name, spec.Min))
	}
	// typ is the spec's type rule over the call's value argument, if any.
	typ := func(args ...expr.Expr) error {
		t, err := spec.Type(&library.AggTyping{Name: name, Args: args, Literal: make([]bool, len(args)), Pos: c.Pos})
		wc.Type = t
		return err
	}
	switch kind {
	case library.WinRowNumber, library.WinRank, library.WinDenseRank, library.WinCumeDist, library.WinPercentRank:
		if err := typ(); err != nil {
			return one(wc, err)
		}
	case library.WinNtile:
		x, err := b.expr(c.Args[0], sc)
		if err != nil {
			return one(wc, err)
		}
		v, ok := expr.LiteralValue(x)
		if !ok || v.Null || !x.Type().IsInteger() || v.I <= 0 {
			return one(wc, diag.Errorf(c.Args[0].ExprPos(), diag.TableException, "NTILE's argument must be a positive integer literal."))
		}
		wc.Offset = v.I
		if err := typ(); err != nil {
			return one(wc, err)
		}
	case library.AggFirstValue, library.AggLastValue:
		i, _, err := addArg(c.Args[0])
		if err != nil {
			return one(wc, err)
		}
		wc.Arg = i
		if err := typ((*pre)[i]); err != nil {
			return one(wc, err)
		}
	case library.WinLag, library.WinLead:
		i, t, err := addArg(c.Args[0])
		if err != nil {
			return one(wc, err)
		}
		wc.Arg, wc.Offset = i, 1
		t.Attr = types.Regular
		if err := typ((*pre)[i]); err != nil {
			return one(wc, err)
		}
		if argc >= 2 {
			x, err := b.expr(c.Args[1], sc)
			if err != nil {
				return one(wc, err)
			}
			v, ok := expr.LiteralValue(x)
			if !ok || v.Null || !x.Type().IsInteger() {
				return one(wc, diag.Errorf(c.Args[1].ExprPos(), diag.TableException, "%s's offset must be an integer literal.", name))
			}
			wc.Offset = v.I
		}
		if argc == 3 {
			x, err := b.expr(c.Args[2], sc)
			if err != nil {
				return one(wc, err)
			}
			if !x.Type().Equal(t) {
				if x, err = expr.Cast(x, t.WithNullable(true), false, c.Args[2].ExprPos()); err != nil {
					return one(wc, err)
				}
			}
			*pre = append(*pre, x)
			preOut.Columns = append(preOut.Columns, types.Column{Name: exprName(len(*pre) - 1), Type: x.Type()})
			wc.Default = len(*pre) - 1
			if !x.Type().Nullable() && !t.Nullable() {
				wc.Type = t.WithNullable(false)
			}
		}
	}
	return one(wc, nil)
}

// checkStreamingOver applies Flink's streaming OVER rules.
func checkStreamingOver(in Node, sch types.Schema, order []SortKey, fr Frame, calls []WindowCall) error {
	if Updating(in) {
		return diag.Errorf(diag.NoPos, diag.TableException,
			"OverAggregate doesn't support consuming %s changes which is produced by node %s", changeKinds(in), updatingNodeName(in))
	}
	for _, c := range calls {
		switch library.AggregateKind(c.Name) {
		case library.WinLead, library.WinCumeDist, library.WinPercentRank, library.WinNtile:
			return diag.Errorf(diag.NoPos, diag.TableException, "%s Function is not supported in stream mode.", c.Name)
		case library.AggFirstValue, library.AggLastValue:
			return diag.Errorf(diag.NoPos, diag.TableException, "%s over OVER windows is not supported yet.", c.Name)
		}
	}
	if len(order) != 1 {
		return diag.Errorf(diag.NoPos, diag.TableException, "The window can only be ordered by a single time column.")
	}
	if order[0].Desc {
		return diag.Errorf(diag.NoPos, diag.TableException, "The window can only be ordered in ASCENDING mode.")
	}
	if sch.Columns[order[0].Col].Type.Attr == types.Regular {
		return diag.Errorf(diag.NoPos, diag.TableException, "OVER windows' ordering in stream mode must be defined on a time attribute.")
	}
	return nil
}

// overExplain prints an Over node as Flink's OverAggregate (whose window
// text really says " RANG BETWEEN").
func overExplain(n *Over) string {
	in := n.Input.Schema()
	var parts []string
	if len(n.Partition) > 0 {
		parts = append(parts, "partitionBy=["+colNames(in, n.Partition)+"]")
	}
	if len(n.Order) > 0 {
		parts = append(parts, "orderBy=["+sortText(in, n.Order)+"]")
	}
	switch {
	case n.Frame.Whole:
	case n.Frame.Unbounded && n.Frame.Rows:
		parts = append(parts, "window=[ ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW]")
	case n.Frame.Unbounded:
		parts = append(parts, "window=[ RANG BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW]")
	case n.Frame.Rows:
		parts = append(parts, "window=[ ROWS BETWEEN "+strconv.FormatInt(n.Frame.Preceding, 10)+" PRECEDING AND CURRENT ROW]")
	default:
		parts = append(parts, "window=[ RANG BETWEEN "+strconv.FormatInt(n.Frame.Preceding, 10)+" PRECEDING AND CURRENT ROW]")
	}
	sel := append([]string(nil), in.Names()...)
	for i, c := range n.Calls {
		arg := ""
		if c.Arg >= 0 {
			arg = in.Columns[c.Arg].Name
			if k := library.AggregateKind(c.Name); k == library.WinLag || k == library.WinLead {
				arg += ", " + strconv.FormatInt(c.Offset, 10)
			}
		} else if library.AggregateKind(c.Name) == library.AggCount {
			arg = "*"
		}
		sel = append(sel, c.Name+"("+arg+") AS "+n.Out.Columns[in.Len()+i].Name)
	}
	parts = append(parts, "select=["+strings.Join(sel, ", ")+"]")
	return "OverAggregate(" + strings.Join(parts, ", ") + ")"
}

func colNames(s types.Schema, cols []int) string {
	names := make([]string, len(cols))
	for i, c := range cols {
		names[i] = s.Columns[c].Name
	}
	return strings.Join(names, ", ")
}

func sortText(s types.Schema, keys []SortKey) string {
	parts := make([]string, len(keys))
	for i, k := range keys {
		d := " ASC"
		if k.Desc {
			d = " DESC"
		}
		parts[i] = s.Columns[k.Col].Name + d
	}
	return strings.Join(parts, ", ")
}

// ExplainNode returns the EXPLAIN line of the nodes this file and rank.go
// add ("" for others).
func ExplainNode(n Node) string {
	switch n := n.(type) {
	case *Over:
		return overExplain(n)
	case *Rank:
		return rankExplain(n)
	case *Deduplicate:
		return dedupExplain(n)
	}
	return ""
}
