package plan

import (
	"strings"

	"github.com/flinkplay/flinkplay/engine/catalog"
	"github.com/flinkplay/flinkplay/engine/sql"
	"github.com/flinkplay/flinkplay/engine/types"
)

// expansion records what binding resolved, so a view's query can be
// printed the way Flink stores it: every column qualified by its table,
// every table fully qualified, stars expanded (SHOW CREATE VIEW).
type expansion struct {
	refs   map[*sql.ColumnRef]string // column ref -> table qualifier
	stars  map[*sql.SelectItem][]scopeCol
	tables map[*sql.TableName]catalog.ObjectID
	ok     bool // false once something the printer cannot expand was bound
}

func newExpansion() *expansion {
	return &expansion{
		refs:   map[*sql.ColumnRef]string{},
		stars:  map[*sql.SelectItem][]scopeCol{},
		tables: map[*sql.TableName]catalog.ObjectID{},
		ok:     true,
	}
}

// expandedText prints q in Flink's expanded form, or "" when q uses a
// construct the printer does not expand (the caller then keeps the
// original text).
func (x *expansion) expandedText(q sql.Query) string {
	sel, ok := q.(*sql.Select)
	if !x.ok || !ok || len(sel.With) > 0 || len(sel.OrderBy) > 0 || sel.Limit != nil || sel.Offset != nil {
		return ""
	}
	var b strings.Builder
	b.WriteString("SELECT ")
	if sel.Distinct {
		b.WriteString("DISTINCT ")
	}
	first := true
	sep := func() {
		if !first {
			b.WriteString(", ")
		}
		first = false
	}
	for i := range sel.Items {
		it := &sel.Items[i]
		if it.Star {
			for _, c := range x.stars[it] {
				sep()
				b.WriteString(types.QuoteIdent(c.table) + "." + types.QuoteIdent(c.name))
			}
			continue
		}
		sep()
		b.WriteString(x.exprText(it.Expr))
		switch {
		case it.Alias != nil:
			b.WriteString(" AS " + types.QuoteIdent(it.Alias.Name))
		case !isColumnRef(it.Expr):
			b.WriteString(" AS " + types.QuoteIdent(exprName(i)))
		}
	}
	if sel.From != nil {
		t, ok := sel.From.(*sql.TableName)
		if !ok {
			return ""
		}
		id, ok := x.tables[t]
		if !ok {
			return ""
		}
		alias := id.Object
		if t.Alias != nil {
			alias = t.Alias.Name
		}
		b.WriteString("\nFROM " + id.Quoted() + " AS " + types.QuoteIdent(alias))
	}
	if sel.Where != nil {
		b.WriteString("\nWHERE " + x.exprText(sel.Where))
	}
	if len(sel.GroupBy) > 0 {
		parts := make([]string, len(sel.GroupBy))
		for i, g := range sel.GroupBy {
			parts[i] = x.exprText(g)
		}
		b.WriteString("\nGROUP BY " + strings.Join(parts, ", "))
	}
	if sel.Having != nil {
		b.WriteString("\nHAVING " + x.exprText(sel.Having))
	}
	return b.String()
}

func isColumnRef(e sql.Expr) bool {
	_, ok := e.(*sql.ColumnRef)
	return ok
}

// exprText prints e with its column references qualified.
func (x *expansion) exprText(e sql.Expr) string {
	walkExpr(e, func(n sql.Expr) bool {
		if ref, ok := n.(*sql.ColumnRef); ok {
			if q, ok := x.refs[ref]; ok && len(ref.Parts) == 1 {
				ref.Parts = []sql.Ident{{Name: q, Quoted: true}, ref.Parts[0]}
			}
		}
		return true
	})
	return sql.FormatExpr(e)
}
