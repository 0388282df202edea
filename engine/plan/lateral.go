package plan

import (
	"strconv"
	"strings"

	"github.com/flinkplay/flinkplay/engine/sql"
)

// Correlated LATERAL subqueries: left, LATERAL (SELECT ... FROM t WHERE
// t.k = left.k [AND ...] [ORDER BY ... LIMIT n]). As Calcite decorrelates
// them, the subquery becomes uncorrelated: its correlated equalities turn
// into the join's condition, over the subquery's side projected beside its
// select list, and an ORDER BY ... LIMIT becomes a Top-N per value of
// those columns (ROW_NUMBER() OVER (PARTITION BY them ...)), so each left
// row meets the first n rows of its own.

// lateralPrefix names the columns the decorrelation adds; they are hidden.
const lateralPrefix = "$lat"

// decorrelateLateral rewrites the join of r, whose right side d is a
// correlated LATERAL subquery over the left input (in scope ls), into an
// uncorrelated join. ok is false for a shape it does not know.
func (b *binder) decorrelateLateral(r *sql.Join, d *sql.DerivedTable, ls *scope) (*sql.Join, bool, error) {
	sel, isSel := d.Query.(*sql.Select)
	if !isSel || sel.From == nil || sel.Where == nil || len(sel.With) > 0 || sel.Distinct || len(sel.GroupBy) > 0 || sel.Having != nil {
		return nil, false, nil
	}
	for _, it := range sel.Items {
		if it.Expr != nil && containsAgg(it.Expr) {
			return nil, false, nil
		}
	}
	switch r.Kind {
	case sql.CrossJoin, sql.InnerJoin, sql.LeftJoin:
	default:
		return nil, false, nil
	}
	if r.On != nil {
		if lit, ok := r.On.(*sql.Literal); !ok || lit.Kind != sql.BoolLit || !lit.Bool {
			return nil, false, nil
		}
	}
	_, isc, err := b.from(sel.From)
	if err != nil {
		return nil, false, err
	}
	var conjuncts, local []sql.Expr
	flattenAnd(sel.Where, &conjuncts)
	type pair struct{ inner, outer sql.Expr }
	var pairs []pair
	for _, c := range conjuncts {
		if _, err := b.expr(c, isc); err == nil {
			local = append(local, c)
			continue
		}
		eq, ok := c.(*sql.Binary)
		if !ok || eq.Op != sql.OpEq {
			return nil, false, nil
		}
		_, lin := b.expr(eq.L, isc)
		_, rin := b.expr(eq.R, isc)
		_, lout := b.expr(eq.L, ls)
		_, rout := b.expr(eq.R, ls)
		switch {
		case lin == nil && rout == nil:
			pairs = append(pairs, pair{eq.L, eq.R})
		case rin == nil && lout == nil:
			pairs = append(pairs, pair{eq.R, eq.L})
		default:
			return nil, false, nil
		}
	}
	if len(pairs) == 0 {
		return nil, false, nil
	}
	inner := *sel
	inner.Where = andSQL(local)
	inner.OrderBy, inner.Limit, inner.Offset = nil, nil, nil
	inner.Items = append([]sql.SelectItem(nil), sel.Items...)
	var part []sql.Expr
	for i, p := range pairs {
		name := lateralPrefix + strconv.Itoa(i)
		inner.Items = append(inner.Items, sql.SelectItem{Expr: p.inner, Alias: &sql.Ident{Name: name, Pos: p.inner.ExprPos()}, Pos: p.inner.ExprPos()})
		part = append(part, p.inner)
	}
	var right sql.Query = &inner
	// ORDER BY without LIMIT orders nothing a join keeps.
	if sel.Limit != nil {
		rn := lateralPrefix + "rn"
		inner.Items = append(inner.Items, sql.SelectItem{Pos: sel.Pos, Alias: &sql.Ident{Name: rn, Pos: sel.Pos},
			Expr: &sql.Call{Pos: sel.Pos, Name: "ROW_NUMBER", Over: &sql.WindowSpec{Pos: sel.Pos, PartitionBy: part, OrderBy: sel.OrderBy}}})
		n, err := b.constInt(sel.Limit)
		if err != nil {
			return nil, false, err
		}
		off := int64(0)
		if sel.Offset != nil {
			if off, err = b.constInt(sel.Offset); err != nil {
				return nil, false, err
			}
		}
		ref := &sql.ColumnRef{Pos: sel.Pos, Parts: []sql.Ident{{Name: rn, Pos: sel.Pos}}}
		cond := sql.Expr(&sql.Binary{Pos: sel.Pos, Op: sql.OpLe, L: ref, R: intLit(sel.Pos, n+off)})
		if off > 0 {
			cond = &sql.Binary{Pos: sel.Pos, Op: sql.OpAnd, L: &sql.Binary{Pos: sel.Pos, Op: sql.OpGt, L: ref, R: intLit(sel.Pos, off)}, R: cond}
		}
		right = &sql.Select{Pos: sel.Pos, Items: []sql.SelectItem{{Star: true, Pos: sel.Pos}},
			From: &sql.DerivedTable{Pos: sel.Pos, Query: &inner, Alias: &sql.Ident{Name: lateralPrefix, Pos: sel.Pos}}, Where: cond}
	}
	alias := d.Alias
	var on []sql.Expr
	for i, p := range pairs {
		parts := []sql.Ident{{Name: lateralPrefix + strconv.Itoa(i), Pos: p.inner.ExprPos()}}
		if alias != nil {
			parts = append([]sql.Ident{*alias}, parts...)
		}
		on = append(on, &sql.Binary{Pos: p.outer.ExprPos(), Op: sql.OpEq, L: p.outer, R: &sql.ColumnRef{Pos: p.inner.ExprPos(), Parts: parts}})
	}
	kind := sql.InnerJoin
	if r.Kind == sql.LeftJoin {
		kind = sql.LeftJoin
	}
	return &sql.Join{Pos: r.Pos, Kind: kind, Left: r.Left, Right: &sql.DerivedTable{Pos: d.Pos, Query: right, Alias: alias, Columns: d.Columns}, On: andSQL(on)}, true, nil
}

// hideLateral hides the columns the decorrelation added.
func hideLateral(sc *scope) {
	for i := range sc.cols {
		if strings.HasPrefix(sc.cols[i].name, lateralPrefix) {
			sc.cols[i].hidden = true
		}
	}
}

func intLit(pos int, v int64) *sql.Literal {
	return &sql.Literal{Pos: pos, Kind: sql.ExactLit, Text: strconv.FormatInt(v, 10)}
}
