package plan

import (
	"github.com/flinkplay/flinkplay/engine/diag"
	"github.com/flinkplay/flinkplay/engine/expr"
	"github.com/flinkplay/flinkplay/engine/sql"
	"github.com/flinkplay/flinkplay/engine/types"
)

// rowStar expands t.r.* or r.* over a ROW column r: one column per field.
// ok is false when the qualifier names no ROW column.
func (b *binder) rowStar(item sql.SelectItem, sc *scope) ([]expr.Expr, []types.Column, bool, error) {
	ref := &sql.ColumnRef{Pos: item.Pos, Parts: item.Qualifier}
	col, err := b.expr(ref, sc)
	if err != nil {
		return nil, nil, false, nil
	}
	t := col.Type()
	if t.Kind != types.Row {
		return nil, nil, false, diag.Errorf(item.Pos, diag.SqlValidatorException,
			"Unknown field '*' of '%s' of type '%s': only a ROW can be expanded", qualifierText(item.Qualifier), t.String())
	}
	var xs []expr.Expr
	var cols []types.Column
	for _, f := range t.Fields {
		x, err := expr.FieldAccess(col, f.Name, item.Pos)
		if err != nil {
			return nil, nil, false, err
		}
		xs = append(xs, x)
		cols = append(cols, types.Column{Name: f.Name, Type: x.Type()})
	}
	return xs, cols, true, nil
}

func qualifierText(parts []sql.Ident) string {
	out := ""
	for i, p := range parts {
		if i > 0 {
			out += "."
		}
		out += p.Name
	}
	return out
}
