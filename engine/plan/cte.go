package plan

import (
	"github.com/flinkplay/flinkplay/engine/diag"
	"github.com/flinkplay/flinkplay/engine/sql"
	"github.com/flinkplay/flinkplay/engine/types"
)

// cteDef is one WITH entry in scope. Calcite inlines a CTE wherever it is
// referenced, as it does a view, so the binder keeps the query and binds it
// again at each reference.
type cteDef struct {
	name    string
	columns []sql.Ident
	query   sql.Query
	// visible is how many of the binder's CTEs the query may reference:
	// those declared before it.
	visible int
}

// withCTEs brings a WITH list into scope and returns the function that
// takes it out again.
func (b *binder) withCTEs(with []sql.CTE) func() {
	n := len(b.ctes)
	for _, c := range with {
		b.ctes = append(b.ctes, cteDef{name: c.Name.Name, columns: c.Columns, query: c.Query, visible: len(b.ctes)})
	}
	return func() { b.ctes = b.ctes[:n] }
}

// cte binds a reference to a WITH entry; ok is false when the name is not
// one.
func (b *binder) cte(r *sql.TableName) (Node, *scope, bool, error) {
	if len(r.Name.Parts) != 1 {
		return nil, nil, false, nil
	}
	name := r.Name.Parts[0].Name
	for i := len(b.ctes) - 1; i >= 0; i-- {
		def := b.ctes[i]
		if def.name != name {
			continue
		}
		saved := b.ctes
		b.ctes = b.ctes[:def.visible:def.visible]
		n, err := b.query(def.query, nil)
		b.ctes = saved
		if err != nil {
			return nil, nil, true, err
		}
		sch := n.Schema()
		if len(def.columns) > 0 {
			if len(def.columns) != sch.Len() {
				return nil, nil, true, diag.Errorf(def.columns[0].Pos, diag.SqlValidatorException,
					"Number of columns must match number of query columns")
			}
			renamed := types.Schema{Columns: make([]types.Column, sch.Len())}
			for j, c := range sch.Columns {
				renamed.Columns[j] = types.Column{Name: def.columns[j].Name, Type: c.Type}
			}
			n, sch = rename(n, renamed), renamed
		}
		alias := name
		if r.Alias != nil {
			alias = r.Alias.Name
		}
		if b.exp != nil {
			b.exp.ok = false // the expansion printer does not print WITH
		}
		return n, scopeOf(sch, alias), true, nil
	}
	return nil, nil, false, nil
}
