package plan

import (
	"github.com/flinkplay/flinkplay/engine/expr"
	"github.com/flinkplay/flinkplay/engine/sql"
)

// fieldRef binds a compound identifier that is not table.column as a column
// followed by field names of nested ROWs: t.r.f (table, column, field) is
// tried before r.f.g (column, field, field), as Calcite resolves the longest
// table-qualified prefix first. notFound is the error to report when no
// prefix names a column.
func (b *binder) fieldRef(e *sql.ColumnRef, sc *scope, notFound error) (expr.Expr, error) {
	for _, k := range []int{2, 1} {
		if len(e.Parts) <= k {
			continue
		}
		i, err := sc.resolve(&sql.ColumnRef{Pos: e.Pos, Parts: e.Parts[:k]})
		if err != nil {
			continue
		}
		x := expr.Column(i, sc.cols[i].typ)
		for _, f := range e.Parts[k:] {
			if x, err = expr.FieldAccess(x, f.Name, f.Pos); err != nil {
				return nil, err
			}
		}
		return x, nil
	}
	return nil, notFound
}

// symmetricBetween extends lo <= x AND x <= hi (asc) to x BETWEEN SYMMETRIC
// lo AND hi, which Calcite expands to asc OR (hi <= x AND x <= lo): with a
// NULL bound the result is UNKNOWN unless the other ordering holds.
func symmetricBetween(asc, x, lo, hi expr.Expr, pos int) (expr.Expr, error) {
	ge, err := expr.Compare(expr.Ge, x, hi, pos)
	if err != nil {
		return nil, err
	}
	le, err := expr.Compare(expr.Le, x, lo, pos)
	if err != nil {
		return nil, err
	}
	desc, err := expr.And(ge, le, pos)
	if err != nil {
		return nil, err
	}
	return expr.Or(asc, desc, pos)
}
