package plan

import (
	"sort"
	"strings"

	"github.com/flinkplay/flinkplay/engine/diag"
	"github.com/flinkplay/flinkplay/engine/expr"
	"github.com/flinkplay/flinkplay/engine/library"
	"github.com/flinkplay/flinkplay/engine/sql"
	"github.com/flinkplay/flinkplay/engine/types"
)

// Expand copies each input row once per grouping set, as Flink's Expand
// node does for GROUPING SETS, ROLLUP and CUBE: in copy i the key columns
// Keys that set i leaves out are NULL, and a last BIGINT column $e holds
// the set's id (Ids[i], GROUPING_ID over all keys: bit n-1-k is set when
// key k is left out).
type Expand struct {
	Input Node
	Keys  []int    // input columns of the group keys
	Sets  [][]bool // per set, per key: kept
	Ids   []int64
	Out   types.Schema
}

func (n *Expand) Schema() types.Schema { return n.Out }
func (n *Expand) Inputs() []Node       { return []Node{n.Input} }

// ExplainExpand is the argument list EXPLAIN prints for an Expand:
// projects=[{a, b, 0 AS $e}, {a, null AS b, 1 AS $e}].
func ExplainExpand(n *Expand) string {
	in := n.Input.Schema()
	isKey := map[int]int{}
	for k, c := range n.Keys {
		isKey[c] = k
	}
	sets := make([]string, len(n.Sets))
	for i, set := range n.Sets {
		cols := make([]string, 0, in.Len()+1)
		for c, col := range in.Columns {
			if k, ok := isKey[c]; ok && !set[k] {
				cols = append(cols, "null AS "+col.Name)
				continue
			}
			cols = append(cols, col.Name)
		}
		cols = append(cols, itoa(int(n.Ids[i]))+" AS $e")
		sets[i] = "{" + strings.Join(cols, ", ") + "}"
	}
	return "projects=[" + strings.Join(sets, ", ") + "]"
}

// groupingSets flattens a GROUP BY clause with GROUPING SETS, ROLLUP and
// CUBE into its distinct key expressions (in order of first appearance)
// and the grouping sets over them, ordered as Calcite orders an
// Aggregate's group sets (a set before the sets it contains, otherwise by
// lowest key). sets is nil for a plain GROUP BY.
func (b *binder) groupingSets(groupBy []sql.Expr) ([]sql.Expr, [][]int, error) {
	var items []sql.Expr
	index := map[string]int{}
	key := func(e sql.Expr) int {
		t := sql.FormatExpr(e)
		if i, ok := index[t]; ok {
			return i
		}
		index[t] = len(items)
		items = append(items, e)
		return index[t]
	}
	// group is a parenthesized list of keys (or one key).
	group := func(e sql.Expr) []int {
		if c, ok := e.(*sql.Call); ok && c.Name == "ROW" {
			out := []int{}
			for _, a := range c.Args {
				out = append(out, key(a))
			}
			return out
		}
		return []int{key(e)}
	}
	var setsOf func(e sql.Expr, top bool) ([][]int, bool, error)
	setsOf = func(e sql.Expr, top bool) ([][]int, bool, error) {
		c, ok := e.(*sql.Call)
		if !ok {
			return [][]int{group(e)}, false, nil
		}
		switch strings.ToUpper(c.Name) {
		case "ROLLUP":
			gs := make([][]int, len(c.Args))
			for i, a := range c.Args {
				gs[i] = group(a)
			}
			var out [][]int
			for n := len(gs); n >= 0; n-- {
				var s []int
				for _, g := range gs[:n] {
					s = append(s, g...)
				}
				out = append(out, s)
			}
			return out, true, nil
		case "CUBE":
			gs := make([][]int, len(c.Args))
			for i, a := range c.Args {
				gs[i] = group(a)
			}
			var out [][]int
			for m := 0; m < 1<<len(gs); m++ {
				var s []int
				for i, g := range gs {
					if m&(1<<(len(gs)-1-i)) == 0 {
						s = append(s, g...)
					}
				}
				out = append(out, s)
			}
			return out, true, nil
		case "GROUPING SETS":
			var out [][]int
			for _, a := range c.Args {
				s, _, err := setsOf(a, false)
				if err != nil {
					return nil, false, err
				}
				out = append(out, s...)
			}
			return out, true, nil
		}
		return [][]int{group(e)}, false, nil
	}
	product := [][]int{{}}
	grouping := false
	for _, g := range groupBy {
		s, gs, err := setsOf(g, true)
		if err != nil {
			return nil, nil, err
		}
		grouping = grouping || gs
		var next [][]int
		for _, p := range product {
			for _, q := range s {
				next = append(next, append(append([]int(nil), p...), q...))
			}
		}
		product = next
	}
	if !grouping {
		return items, nil, nil
	}
	// As bit sets over the keys; a duplicate set would need GROUP_ID().
	bits := make([][]bool, len(product))
	seen := map[string]bool{}
	for i, p := range product {
		bits[i] = make([]bool, len(items))
		for _, k := range p {
			bits[i][k] = true
		}
		sig := ""
		for _, x := range bits[i] {
			if x {
				sig += "1"
			} else {
				sig += "0"
			}
		}
		if seen[sig] {
			return nil, nil, diag.Errorf(groupBy[0].ExprPos(), diag.TableException, "Duplicate grouping sets are not supported yet.")
		}
		seen[sig] = true
	}
	sort.SliceStable(bits, func(i, j int) bool { return setBefore(bits[i], bits[j]) })
	sets := make([][]int, len(bits))
	for i, bs := range bits {
		sets[i] = []int{}
		for k, x := range bs {
			if x {
				sets[i] = append(sets[i], k)
			}
		}
	}
	return items, sets, nil
}

// setBefore is Calcite's ImmutableBitSet.COMPARATOR: a set comes before
// the sets it contains, otherwise the one with the lower first differing
// member comes first.
func setBefore(a, b []bool) bool {
	contains := func(x, y []bool) bool {
		for i := range x {
			if y[i] && !x[i] {
				return false
			}
		}
		return true
	}
	switch {
	case contains(a, b) && contains(b, a):
		return false
	case contains(a, b):
		return true
	case contains(b, a):
		return false
	}
	next := func(x []bool, from int) int {
		for i := from; i < len(x); i++ {
			if x[i] {
				return i
			}
		}
		return -1
	}
	for i := 0; ; {
		na, nb := next(a, i), next(b, i)
		if na != nb {
			return na >= 0 && (nb < 0 || na < nb)
		}
		if na < 0 {
			return false
		}
		i = na + 1
	}
}

// groupingCall binds GROUPING(k, ...), GROUPING_ID(k, ...) and GROUP_ID()
// above an Aggregate: bits of the grouping set id $e (0 under a plain
// GROUP BY, which has no $e).
func (b *binder) groupingCall(c *sql.Call) (expr.Expr, bool, error) {
	name := strings.ToUpper(c.Name)
	if name != "GROUPING" && name != "GROUPING_ID" && name != "GROUP_ID" {
		return nil, false, nil
	}
	a := b.agg
	bigint := types.Int64.WithNullable(false)
	lit := func(v int64) expr.Expr { return expr.Literal(types.IntValue(v), bigint) }
	if name == "GROUP_ID" {
		if len(c.Args) != 0 {
			return nil, true, diag.Errorf(c.Pos, diag.SqlValidatorException, "Invalid number of arguments to function 'GROUP_ID'. Was expecting 0 arguments")
		}
		return lit(0), true, nil
	}
	if len(c.Args) == 0 {
		return nil, true, diag.Errorf(c.Pos, diag.SqlValidatorException, "Invalid number of arguments to function '%s'. Was expecting 1 arguments", name)
	}
	var out expr.Expr = lit(0)
	for _, arg := range c.Args {
		k, ok := a.keys[sql.FormatExpr(arg)]
		if !ok {
			return nil, true, diag.Errorf(arg.ExprPos(), diag.SqlValidatorException, "Argument to %s operator must be a grouped expression", name)
		}
		var bit expr.Expr = lit(0)
		if a.eCol >= 0 {
			// (($e / 2^(n-1-k)) % 2)
			div, err := expr.Arith(expr.Div, expr.Column(a.eCol, bigint), lit(int64(1)<<(a.nkeys-1-k)), diag.NoPos)
			if err != nil {
				return nil, true, err
			}
			if bit, err = library.Func("MOD", []expr.Expr{div, lit(2)}, diag.NoPos); err != nil {
				return nil, true, err
			}
		}
		shifted, err := expr.Arith(expr.Mul, out, lit(2), diag.NoPos)
		if err != nil {
			return nil, true, err
		}
		if out, err = expr.Arith(expr.Add, shifted, bit, diag.NoPos); err != nil {
			return nil, true, err
		}
	}
	if t := out.Type(); !t.Equal(bigint) {
		x, err := expr.Cast(out, bigint, false, diag.NoPos)
		return x, true, err
	}
	return out, true, nil
}

// expandSets puts an Expand over the pre-aggregation projection: the keys
// a set leaves out become nullable in the output scope.
func expandSets(in Node, keys []int, sets [][]int, out *scope) *Expand {
	sch := in.Schema()
	e := &Expand{Input: in, Keys: keys}
	all := make([]bool, len(keys))
	for i := range all {
		all[i] = true
	}
	for _, s := range sets {
		kept := make([]bool, len(keys))
		for _, k := range s {
			kept[k] = true
		}
		var id int64
		for k := range keys {
			if !kept[k] {
				id |= 1 << (len(keys) - 1 - k)
				all[k] = false
			}
		}
		e.Sets = append(e.Sets, kept)
		e.Ids = append(e.Ids, id)
	}
	e.Out.Columns = append([]types.Column(nil), sch.Columns...)
	for k, c := range keys {
		if !all[k] {
			e.Out.Columns[c].Type = e.Out.Columns[c].Type.WithNullable(true)
			out.cols[k].typ = out.cols[k].typ.WithNullable(true)
		}
	}
	e.Out.Columns = append(e.Out.Columns, types.Column{Name: "$e", Type: types.Int64.WithNullable(false)})
	return e
}
