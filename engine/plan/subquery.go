package plan

import (
	"strings"

	"github.com/flinkplay/flinkplay/engine/diag"
	"github.com/flinkplay/flinkplay/engine/expr"
	"github.com/flinkplay/flinkplay/engine/sql"
	"github.com/flinkplay/flinkplay/engine/types"
)

// where binds a WHERE clause over n. Conjuncts that are [NOT] EXISTS or
// [NOT] IN (subquery) become semi (anti) joins, as Flink's
// FlinkSubQueryRemoveRule plans them; the rest is a Filter below them.
func (b *binder) where(n Node, sc *scope, cond sql.Expr) (Node, error) {
	var all, conjuncts, subs []sql.Expr
	flattenAnd(cond, &all)
	for _, c := range all {
		if isSubqueryPredicate(c) {
			subs = append(subs, c)
		} else {
			conjuncts = append(conjuncts, c)
		}
	}
	conjuncts, err := b.pushIntoJoin(n, sc, conjuncts)
	if err != nil {
		return nil, err
	}
	// Scalar subqueries are left-joined in, one column each, and projected
	// away after the filter.
	inner := sc
	var scalars []*sql.ScalarSubquery
	for _, c := range conjuncts {
		walkExpr(c, func(x sql.Expr) bool {
			if s, ok := x.(*sql.ScalarSubquery); ok {
				scalars = append(scalars, s)
				return false
			}
			return true
		})
	}
	if b.exp != nil && (len(subs) > 0 || len(scalars) > 0) {
		b.exp.ok = false // the expansion printer does not print subqueries
	}
	outer := n
	if len(scalars) > 0 {
		if n, inner, err = b.scalarJoins(n, sc, scalars); err != nil {
			return nil, err
		}
	}
	if rest := andSQL(conjuncts); rest != nil {
		x, err := b.expr(rest, inner)
		if err != nil {
			return nil, err
		}
		if k := x.Type().Kind; k != types.Boolean && k != types.Null {
			return nil, diag.Errorf(cond.ExprPos(), diag.ValidationException, "WHERE clause must be a condition")
		}
		n = &Filter{Input: n, Cond: x}
	}
	if len(scalars) > 0 {
		sch := outer.Schema()
		exprs := make([]expr.Expr, sch.Len())
		for i, c := range sch.Columns {
			exprs[i] = expr.Column(i, c.Type)
		}
		n = &Project{Input: n, Exprs: exprs, Out: sch}
	}
	for _, s := range subs {
		var err error
		if n, err = b.subqueryJoin(n, sc, s); err != nil {
			return nil, err
		}
	}
	return n, nil
}

// isSubqueryPredicate reports whether e is [NOT] EXISTS (q) or
// x [NOT] IN (q).
func isSubqueryPredicate(e sql.Expr) bool {
	if u, ok := e.(*sql.Unary); ok && u.Op == sql.OpNot {
		e = u.X
	}
	switch e := e.(type) {
	case *sql.Exists:
		return true
	case *sql.In:
		return e.Subquery != nil
	}
	return false
}

// subqueryJoin plans one subquery predicate as a semi or anti join of n
// (the left input) with the subquery.
func (b *binder) subqueryJoin(n Node, sc *scope, e sql.Expr) (Node, error) {
	not := false
	if u, ok := e.(*sql.Unary); ok && u.Op == sql.OpNot {
		not, e = true, u.X
	}
	var q sql.Query
	var in *sql.In
	switch x := e.(type) {
	case *sql.Exists:
		q = x.Subquery
	case *sql.In:
		in, q = x, x.Subquery
		if x.Not {
			not = !not
		}
	}
	typ := SemiJoin
	if not {
		typ = AntiJoin
	}
	lw := len(sc.cols)
	j := &Join{Left: n, Type: typ, Out: sc.schema()}

	// The right input and, for a correlated subquery, the conjuncts of its
	// WHERE that reference the outer query.
	rn, rsc, item, corr, err := b.subqueryInput(q, sc, in != nil)
	if err != nil {
		return nil, err
	}
	j.Right = rn
	both := &scope{cols: append(append([]scopeCol(nil), sc.cols...), rsc.cols...), outerN: lw}
	var where, residual expr.Expr
	and := func(acc, x expr.Expr) (expr.Expr, error) {
		if acc == nil {
			return x, nil
		}
		return expr.And(acc, x, diag.NoPos)
	}
	if in != nil {
		x, err := b.expr(in.X, sc)
		if err != nil {
			return nil, err
		}
		rk, err := b.expr(item, rsc)
		if err != nil {
			return nil, err
		}
		rkAll, err := b.expr(item, both)
		if err != nil {
			return nil, err
		}
		eq, err := expr.Compare(expr.Eq, x, rkAll, in.Pos)
		if err != nil {
			return nil, err
		}
		if where, err = and(where, eq); err != nil {
			return nil, err
		}
		if not && (x.Type().Nullable() || rk.Type().Nullable()) {
			// NOT IN is UNKNOWN, so false, when either side is NULL: Calcite
			// makes the condition x = y OR (x = y) IS NULL.
			cond, err := expr.Or(eq, expr.IsNull(eq, false), in.Pos)
			if err != nil {
				return nil, err
			}
			if residual, err = and(residual, cond); err != nil {
				return nil, err
			}
		} else {
			lk, rk2, err := keyPair(x, rk)
			if err != nil {
				return nil, err
			}
			j.LeftKeys, j.RightKeys = append(j.LeftKeys, lk), append(j.RightKeys, rk2)
		}
	}
	for _, c := range corr {
		x, err := b.expr(c, both)
		if err != nil {
			return nil, err
		}
		if where, err = and(where, x); err != nil {
			return nil, err
		}
		if lk, rk, ok := b.equiKeys(c, sc, rsc); ok {
			j.LeftKeys, j.RightKeys = append(j.LeftKeys, lk), append(j.RightKeys, rk)
			continue
		}
		if residual, err = and(residual, x); err != nil {
			return nil, err
		}
	}
	j.Cond, j.Where = residual, where
	if err := b.windowJoin(j); err != nil {
		return nil, err
	}
	return j, nil
}

// subqueryInput binds a subquery as a join input. A plain SELECT ... FROM
// ... WHERE keeps its FROM and its own conditions; conjuncts of its WHERE
// that reference the outer scope are returned for the join condition. For
// IN, item is the one selected expression. Any other query is bound whole
// and must not be correlated.
func (b *binder) subqueryInput(q sql.Query, outer *scope, isIn bool) (Node, *scope, sql.Expr, []sql.Expr, error) {
	sel, ok := q.(*sql.Select)
	simple := ok && sel.From != nil && len(sel.With) == 0 && !sel.Distinct && len(sel.GroupBy) == 0 &&
		sel.Having == nil && len(sel.OrderBy) == 0 && sel.Limit == nil && sel.Offset == nil
	if simple {
		for _, it := range sel.Items {
			if it.Expr != nil && containsAgg(it.Expr) {
				simple = false
			}
		}
	}
	if !simple {
		n, err := b.query(q, nil)
		if err != nil {
			return nil, nil, nil, nil, err
		}
		sch := n.Schema()
		var item sql.Expr
		if isIn {
			if sch.Len() != 1 {
				return nil, nil, nil, nil, diag.Errorf(q.QueryPos(), diag.SqlValidatorException,
					"Values passed to IN operator must have compatible types")
			}
			item = &sql.ColumnRef{Pos: q.QueryPos(), Parts: []sql.Ident{{Name: sch.Columns[0].Name, Pos: q.QueryPos()}}}
		}
		return n, scopeOf(sch, ""), item, nil, nil
	}
	n, sc, err := b.from(sel.From)
	if err != nil {
		return nil, nil, nil, nil, err
	}
	var item sql.Expr
	if isIn {
		if len(sel.Items) != 1 || sel.Items[0].Star {
			return nil, nil, nil, nil, diag.Errorf(sel.Pos, diag.SqlValidatorException,
				"Values passed to IN operator must have compatible types")
		}
		item = sel.Items[0].Expr
	}
	var corr []sql.Expr
	if sel.Where != nil {
		var conjuncts []sql.Expr
		flattenAnd(sel.Where, &conjuncts)
		both := &scope{cols: append(append([]scopeCol(nil), outer.cols...), sc.cols...), outerN: len(outer.cols)}
		var local []sql.Expr
		for _, c := range conjuncts {
			if isSubqueryPredicate(c) {
				local = append(local, c)
				continue
			}
			if _, err := b.expr(c, sc); err == nil {
				local = append(local, c)
				continue
			} else if _, err2 := b.expr(c, both); err2 != nil {
				return nil, nil, nil, nil, err
			}
			corr = append(corr, c)
		}
		if cond := andSQL(local); cond != nil {
			if n, err = b.where(n, sc, cond); err != nil {
				return nil, nil, nil, nil, err
			}
		}
	}
	return n, sc, item, corr, nil
}

// resolveCorrelated resolves ref in a scope whose first outerN columns are
// an outer query's: the subquery's own columns win, as in Calcite.
func (s *scope) resolveCorrelated(ref *sql.ColumnRef) (int, error) {
	inner := &scope{cols: s.cols[s.outerN:]}
	i, err := inner.resolve(ref)
	if err == nil {
		return s.outerN + i, nil
	}
	if strings.Contains(err.Error(), "ambiguous") {
		return 0, err
	}
	outer := &scope{cols: s.cols[:s.outerN]}
	if j, err2 := outer.resolve(ref); err2 == nil {
		return j, nil
	}
	return 0, err
}

// scalarJoins left-joins each uncorrelated scalar subquery to n, as
// Calcite plans them (a LEFT JOIN on TRUE: NULL while the subquery has no
// row), and returns the scope extended by one column per subquery, which
// the binder resolves the subquery expressions to.
func (b *binder) scalarJoins(n Node, sc *scope, subs []*sql.ScalarSubquery) (Node, *scope, error) {
	if b.exp != nil {
		b.exp.ok = false
	}
	ext := &scope{cols: append([]scopeCol(nil), sc.cols...)}
	for _, s := range subs {
		rn, err := b.query(s.Query, nil)
		if err != nil {
			return nil, nil, err
		}
		rsch := rn.Schema()
		if rsch.Len() != 1 {
			return nil, nil, diag.Errorf(s.Pos, diag.SqlValidatorException,
				"Cannot apply '$SCALAR_QUERY' to arguments of type '$SCALAR_QUERY(<RECORDTYPE(%s)>)'. Supported form(s): '$SCALAR_QUERY(<RECORDTYPE(SINGLE FIELD)>)'",
				strings.Join(rsch.Names(), ", "))
		}
		t := materialize(rsch.Columns[0].Type).WithNullable(true)
		out := ext.schema()
		out.Columns = append(out.Columns, types.Column{Name: rsch.Columns[0].Name, Type: t})
		n = &Join{Left: n, Right: rn, Type: LeftJoin, Out: uniquify(out)}
		if b.scalars == nil {
			b.scalars = map[*sql.ScalarSubquery]int{}
		}
		b.scalars[s] = len(ext.cols)
		ext.cols = append(ext.cols, scopeCol{name: "$SCALAR_QUERY", typ: t, hidden: true})
	}
	return n, ext, nil
}

// selectScalars returns the scalar subqueries of a SELECT list.
func selectScalars(q *sql.Select) []*sql.ScalarSubquery {
	var subs []*sql.ScalarSubquery
	for _, it := range q.Items {
		walkExpr(it.Expr, func(x sql.Expr) bool {
			if s, ok := x.(*sql.ScalarSubquery); ok {
				subs = append(subs, s)
				return false
			}
			return true
		})
	}
	return subs
}
