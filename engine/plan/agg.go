package plan

import (
	"strings"

	"github.com/flinkplay/flinkplay/engine/diag"
	"github.com/flinkplay/flinkplay/engine/expr"
	"github.com/flinkplay/flinkplay/engine/library"
	"github.com/flinkplay/flinkplay/engine/sql"
	"github.com/flinkplay/flinkplay/engine/types"
)

func isAggCall(e sql.Expr) (*sql.Call, bool) {
	c, ok := e.(*sql.Call)
	if !ok || c.Over != nil {
		return nil, false
	}
	return c, library.IsAggregate(c.Name)
}

// aggScope maps group keys and aggregate calls, by their canonical SQL
// text, to columns of the Aggregate's output.
type aggScope struct {
	active bool
	keys   map[string]int // FormatExpr(key) -> output column
	aggs   map[string]int // FormatExpr(call) -> output column
	// reduced maps calls that Flink rewrites into other aggregates
	// (STDDEV_POP, VAR_SAMP, ...) to their expression over the output.
	reduced map[string]expr.Expr
	// nkeys is the number of group keys; eCol the output column of the
	// grouping set id $e under GROUPING SETS, ROLLUP or CUBE, else -1.
	nkeys, eCol int
	out         *scope // the Aggregate's output, for grouped column names
	in          *scope // the input, to tell "not grouped" from "not found"
}

func newAggScope(q *sql.Select, in *scope) *aggScope {
	a := &aggScope{in: in}
	if len(q.GroupBy) > 0 || q.Having != nil {
		a.active = true
	}
	for _, it := range q.Items {
		if it.Expr != nil && containsAgg(it.Expr) {
			a.active = true
		}
	}
	return a
}

func containsAgg(e sql.Expr) bool { return findAgg(e) != nil }

// findAgg returns the first aggregate call in e, or nil.
func findAgg(e sql.Expr) *sql.Call {
	var found *sql.Call
	walkExpr(e, func(x sql.Expr) bool {
		if found != nil {
			return false
		}
		if c, ok := isAggCall(x); ok {
			found = c
			return false
		}
		return true
	})
	return found
}

// walkExpr visits e and its operands, depth first, while f returns true.
func walkExpr(e sql.Expr, f func(sql.Expr) bool) {
	if e == nil || !f(e) {
		return
	}
	switch x := e.(type) {
	case *sql.Unary:
		walkExpr(x.X, f)
	case *sql.Binary:
		walkExpr(x.L, f)
		walkExpr(x.R, f)
	case *sql.IsPredicate:
		walkExpr(x.X, f)
	case *sql.Between:
		walkExpr(x.X, f)
		walkExpr(x.Lo, f)
		walkExpr(x.Hi, f)
	case *sql.Like:
		walkExpr(x.X, f)
		walkExpr(x.Pattern, f)
		walkExpr(x.Escape, f)
	case *sql.In:
		walkExpr(x.X, f)
		for _, y := range x.List {
			walkExpr(y, f)
		}
	case *sql.Case:
		walkExpr(x.Operand, f)
		for _, w := range x.Whens {
			walkExpr(w.Cond, f)
			walkExpr(w.Result, f)
		}
		walkExpr(x.Else, f)
	case *sql.Cast:
		walkExpr(x.X, f)
	case *sql.Call:
		for _, y := range x.Args {
			walkExpr(y, f)
		}
		walkExpr(x.Filter, f)
	}
}

// aggregate builds Project(keys ++ agg args) -> Aggregate [-> Filter(HAVING)]
// and returns the scope of the Aggregate's output.
func (b *binder) aggregate(n Node, in *scope, a *aggScope, q *sql.Select) (Node, *scope, error) {
	var pre []expr.Expr
	var preOut types.Schema
	outScope := &scope{}
	a.keys = map[string]int{}
	a.aggs = map[string]int{}
	a.reduced = map[string]expr.Expr{}
	items, sets, err := b.groupingSets(q.GroupBy)
	if err != nil {
		return nil, nil, err
	}
	for _, k := range items {
		x, err := b.expr(k, in)
		if err != nil {
			return nil, nil, err
		}
		text := sql.FormatExpr(k)
		if _, dup := a.keys[text]; dup {
			continue
		}
		a.keys[text] = len(pre)
		// A time attribute is materialized in a grouping key.
		kt := x.Type()
		kt.Attr = types.Regular
		col := scopeCol{name: exprName(len(pre)), typ: kt}
		if ref, ok := k.(*sql.ColumnRef); ok {
			i, _ := in.resolve(ref)
			col.name, col.table = in.cols[i].name, in.cols[i].table
		}
		outScope.cols = append(outScope.cols, col)
		pre = append(pre, x)
		preOut.Columns = append(preOut.Columns, types.Column{Name: col.name, Type: kt})
	}
	nkeys := len(pre)
	a.nkeys, a.eCol = nkeys, -1
	nout := nkeys // key columns of the output, $e included
	if sets != nil {
		a.eCol = nkeys
		nout++
		outScope.cols = append(outScope.cols, scopeCol{name: "$e", typ: types.Int64.WithNullable(false)})
	}
	var calls []AggCall
	collect := func(e sql.Expr) error {
		var err error
		walkExpr(e, func(x sql.Expr) bool {
			if err != nil {
				return false
			}
			c, ok := isAggCall(x)
			if !ok {
				return true
			}
			text := sql.FormatExpr(c)
			if _, seen := a.aggs[text]; seen {
				return false
			}
			if _, seen := a.reduced[text]; seen {
				return false
			}
			var cs []AggCall
			var post func(cols []expr.Expr) (expr.Expr, error)
			cs, post, err = b.aggCall(c, in, &pre, &preOut)
			if err != nil {
				return false
			}
			first := nout + len(calls)
			for _, call := range cs {
				name := "$f" + itoa(nout+len(calls))
				calls = append(calls, call)
				outScope.cols = append(outScope.cols, scopeCol{name: name, typ: call.Type})
			}
			if post == nil {
				a.aggs[text] = first
				return false
			}
			cols := make([]expr.Expr, len(cs))
			for i, call := range cs {
				cols[i] = expr.Column(first+i, call.Type)
			}
			var red expr.Expr
			if red, err = post(cols); err != nil {
				return false
			}
			a.reduced[text] = red
			return false
		})
		return err
	}
	for _, it := range q.Items {
		if it.Expr != nil {
			if err := collect(it.Expr); err != nil {
				return nil, nil, err
			}
		}
	}
	if q.Having != nil {
		if err := collect(q.Having); err != nil {
			return nil, nil, err
		}
	}
	keys := make([]int, nkeys)
	for i := range keys {
		keys[i] = i
	}
	var input Node = &Project{Input: n, Exprs: pre, Out: preOut}
	if sets != nil {
		input = expandSets(input, keys, sets, outScope)
		keys = append(keys, len(pre))
	}
	out := outScope.schema()
	var node Node = &Aggregate{Input: input, Keys: keys, Aggs: calls, Out: out}
	a.out = outScope
	if q.Having != nil {
		cond, err := b.exprIn(q.Having, outScope, a)
		if err != nil {
			return nil, nil, err
		}
		node = &Filter{Input: node, Cond: cond}
	}
	return node, outScope, nil
}

// exprIn binds e where aggregation may be active: group keys and aggregate
// calls become references to the Aggregate's output.
func (b *binder) exprIn(e sql.Expr, sc *scope, a *aggScope) (expr.Expr, error) {
	if a == nil || !a.active {
		return b.expr(e, sc)
	}
	prev := b.agg
	b.agg = a
	defer func() { b.agg = prev }()
	return b.expr(e, a.out)
}

// aggLookup substitutes a grouped expression or an aggregate call.
func (b *binder) aggLookup(e sql.Expr) (expr.Expr, bool, error) {
	a := b.agg
	switch e.(type) {
	case *sql.Literal, *sql.IntervalLit:
		return nil, false, nil
	}
	if c, ok := e.(*sql.Call); ok {
		if x, ok, err := b.groupingCall(c); ok || err != nil {
			return x, ok, err
		}
	}
	text := sql.FormatExpr(e)
	if i, ok := a.keys[text]; ok {
		return expr.Column(i, a.out.cols[i].typ), true, nil
	}
	if i, ok := a.aggs[text]; ok {
		return expr.Column(i, a.out.cols[i].typ), true, nil
	}
	if x, ok := a.reduced[text]; ok {
		return x, true, nil
	}
	if ref, ok := e.(*sql.ColumnRef); ok {
		if i, err := a.out.resolve(ref); err == nil && i < len(a.keys) {
			return expr.Column(i, a.out.cols[i].typ), true, nil
		}
		if _, err := a.in.resolve(ref); err != nil {
			return nil, false, err
		}
		return nil, false, diag.Errorf(ref.Pos, diag.SqlValidatorException, "Expression '%s' is not being grouped", refText(ref))
	}
	return nil, false, nil
}

func refText(r *sql.ColumnRef) string {
	parts := make([]string, len(r.Parts))
	for i, p := range r.Parts {
		parts[i] = p.Name
	}
	return strings.Join(parts, ".")
}

// ExplainAggregate is the argument list EXPLAIN prints for an Aggregate:
// groupBy=[a], select=[a, COUNT(*) AS $f1].
func ExplainAggregate(a *Aggregate) string { return aggExplain(a) }

func aggExplain(a *Aggregate) string {
	in := a.Input.Schema()
	retract := Updating(a.Input)
	var parts []string
	if len(a.Keys) > 0 {
		names := make([]string, len(a.Keys))
		for i, k := range a.Keys {
			names[i] = in.Columns[k].Name
		}
		parts = append(parts, "groupBy=["+strings.Join(names, ", ")+"]")
	}
	sel := append([]string(nil), a.Out.Names()...)
	for i, c := range a.Aggs {
		var args []string
		if c.Arg >= 0 {
			args = append(args, in.Columns[c.Arg].Name)
		} else {
			args = append(args, "*")
		}
		for _, m := range c.MoreArgs {
			args = append(args, in.Columns[m].Name)
		}
		d := ""
		if c.Distinct {
			d = "DISTINCT "
		}
		// Flink names an aggregate that retracts (its input updates)
		// NAME_RETRACT, and SUM0 $SUM0.
		call := aggCallName(c, retract) + "(" + d + strings.Join(args, ", ") + ")"
		if c.Filtered {
			call += " FILTER " + in.Columns[c.Filter].Name
		}
		sel[len(a.Keys)+i] = call + " AS " + a.Out.Columns[len(a.Keys)+i].Name
	}
	parts = append(parts, "select=["+strings.Join(sel, ", ")+"]")
	return strings.Join(parts, ", ")
}
