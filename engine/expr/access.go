package expr

import (
	"github.com/flinkplay/flinkplay/engine/diag"
	"github.com/flinkplay/flinkplay/engine/types"
)

// Access to a field of a ROW (row.field), which the planner builds from
// its syntax.

// FieldAccess builds row.field: the field of a ROW value by name (case
// sensitive, as Flink resolves identifiers). The result is nullable when the
// row is. An unknown field is Calcite's "Unknown field 'f'".
func FieldAccess(x Expr, field string, pos int) (Expr, error) {
	t := x.Type()
	if t.Kind != types.Row {
		return nil, diag.Errorf(pos, diag.SqlValidatorException, "Column '%s' not found in any table", field)
	}
	for i, f := range t.Fields {
		if f.Name == field {
			return AccessField(x, i), nil
		}
	}
	return nil, diag.Errorf(pos, diag.SqlValidatorException, "Unknown field '%s'", field)
}

type field struct {
	x    Expr
	i    int
	t    types.Type
	name string
}

func (e *field) Type() types.Type { return e.t }

func (e *field) String() string { return e.x.String() + "." + e.name }

func (e *field) Eval(c *Ctx, row []types.Value) (types.Value, error) {
	v, err := e.x.Eval(c, row)
	if err != nil || v.Null {
		return types.NullValue, err
	}
	r, ok := v.X.(*types.RowValue)
	if !ok || r == nil || e.i >= len(r.Fields) {
		return types.NullValue, nil
	}
	return r.Fields[e.i], nil
}

func AccessField(x Expr, i int) Expr {
	rt := x.Type()
	ft := rt.Fields[i].Type
	if rt.Nullable() {
		ft = ft.WithNullable(true)
	}
	return &field{x: x, i: i, t: ft, name: rt.Fields[i].Name}
}
