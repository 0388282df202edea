package plan

import (
	"github.com/flinkplay/flinkplay/engine/diag"
	"github.com/flinkplay/flinkplay/engine/expr"
	"github.com/flinkplay/flinkplay/engine/sql"
	"github.com/flinkplay/flinkplay/engine/types"
)

// Unnest is a correlated UNNEST of a collection computed from each input
// row: the input's columns followed by the element's.
type Unnest struct {
	Input Node
	Expr  expr.Expr // ARRAY, MULTISET or MAP over the input row
	Outer bool      // LEFT JOIN UNNEST(...) ON TRUE
	// Ordinality adds the element's position, from 1 (WITH ORDINALITY).
	Ordinality bool
	Out        types.Schema
}

func (n *Unnest) Schema() types.Schema { return n.Out }
func (n *Unnest) Inputs() []Node       { return []Node{n.Input} }

// unnestJoin binds left [CROSS | LEFT] JOIN UNNEST(expr) [AS t(cols)].
func (b *binder) unnestJoin(r *sql.Join, tf *sql.TableFunc, l Node, ls *scope) (Node, *scope, error) {
	if len(tf.Args) != 1 {
		return nil, nil, diag.Errorf(tf.Pos, diag.TableException, "UNNEST of several collections is not supported yet.")
	}
	outer := false
	switch r.Kind {
	case sql.CrossJoin, sql.InnerJoin:
	case sql.LeftJoin:
		outer = true
	default:
		return nil, nil, diag.Errorf(r.Pos, diag.TableException, "UNNEST supports only CROSS JOIN, INNER JOIN and LEFT JOIN.")
	}
	if r.On != nil {
		if lit, ok := r.On.(*sql.Literal); !ok || lit.Kind != sql.BoolLit || !lit.Bool {
			return nil, nil, diag.Errorf(r.On.ExprPos(), diag.TableException, "The ON condition of a join with UNNEST must be TRUE.")
		}
	}
	x, err := b.expr(tf.Args[0], ls)
	if err != nil {
		return nil, nil, err
	}
	t := x.Type()
	var cols []types.Column
	switch t.Kind {
	case types.Array, types.Multiset:
		e := *t.Elem
		if e.Kind == types.Row && t.Kind == types.Array {
			for _, f := range e.Fields {
				cols = append(cols, types.Column{Name: f.Name, Type: f.Type.WithNullable(true)})
			}
		} else {
			cols = append(cols, types.Column{Name: exprName(0), Type: e})
		}
	case types.Map:
		cols = append(cols, types.Column{Name: "KEY", Type: *t.Key}, types.Column{Name: "VALUE", Type: *t.Val})
	default:
		return nil, nil, diag.Errorf(tf.Args[0].ExprPos(), diag.SqlValidatorException,
			"Cannot apply 'UNNEST' to arguments of type 'UNNEST(<%s>)'. Supported form(s): 'UNNEST(<MULTISET>)'\n'UNNEST(<ARRAY>)'\n'UNNEST(<MAP>)'", t.String())
	}
	if tf.Ordinality {
		cols = append(cols, types.Column{Name: "ORDINALITY", Type: types.Int32.WithNullable(false)})
	}
	if len(tf.Columns) > 0 {
		if len(tf.Columns) != len(cols) {
			return nil, nil, diag.Errorf(tf.Pos, diag.SqlValidatorException,
				"List of column aliases must have same degree as table; table has %d columns, whereas alias list has %d columns", len(cols), len(tf.Columns))
		}
		for i := range cols {
			cols[i].Name = tf.Columns[i].Name
		}
	}
	alias := ""
	if tf.Alias != nil {
		alias = tf.Alias.Name
	}
	sc := &scope{cols: append([]scopeCol(nil), ls.cols...)}
	for _, c := range cols {
		if outer {
			c.Type = c.Type.WithNullable(true)
		}
		sc.cols = append(sc.cols, scopeCol{table: alias, name: c.Name, typ: c.Type})
	}
	return &Unnest{Input: l, Expr: x, Outer: outer, Ordinality: tf.Ordinality, Out: sc.schema()}, sc, nil
}
