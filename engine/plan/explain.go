package plan

import (
	"regexp"
	"strconv"
	"strings"

	"github.com/flinkplay/flinkplay/engine/expr"
	"github.com/flinkplay/flinkplay/engine/types"
)

// inputRef matches the $n input references of an expression's text, not
// the $ inside names such as EXPR$0 or $f1.
var inputRef = regexp.MustCompile(`(^|[^\w$])\$(\d+)`)

// NamedExpr prints e as Flink's plans do: input references by the names of
// the input's columns.
func NamedExpr(e expr.Expr, in types.Schema) string {
	return inputRef.ReplaceAllStringFunc(e.String(), func(m string) string {
		i := strings.IndexByte(m, '$')
		n, err := strconv.Atoi(m[i+1:])
		if err != nil || n >= in.Len() {
			return m
		}
		return m[:i] + in.Columns[n].Name
	})
}

// ExplainCalc prints a projection, a filter, or a projection over a filter
// as Flink's one Calc node: Calc(select=[a, b AS c, +(a, 1) AS d],
// where=[>(a, 0)]). A column kept under its own name prints as the name.
func ExplainCalc(p *Project, f *Filter) string {
	var in types.Schema
	switch {
	case f != nil:
		in = f.Input.Schema()
	case p != nil:
		in = p.Input.Schema()
	}
	var parts []string
	if p != nil {
		sel := make([]string, len(p.Exprs))
		for i, e := range p.Exprs {
			name := p.Out.Columns[i].Name
			text := NamedExpr(e, in)
			if j, ok := expr.ColumnIndex(e); ok && in.Columns[j].Name == name {
				sel[i] = name
			} else {
				sel[i] = text + " AS " + name
			}
		}
		parts = append(parts, "select=["+strings.Join(sel, ", ")+"]")
	} else {
		parts = append(parts, "select=["+strings.Join(in.Names(), ", ")+"]")
	}
	if f != nil {
		parts = append(parts, "where=["+NamedExpr(f.Cond, in)+"]")
	}
	return "Calc(" + strings.Join(parts, ", ") + ")"
}

// IdentityProject reports whether p passes its input through column for
// column under the same names: Flink's plan has no node for it.
func IdentityProject(p *Project) bool {
	in := p.Input.Schema()
	if len(p.Exprs) != in.Len() {
		return false
	}
	for i, e := range p.Exprs {
		if j, ok := expr.ColumnIndex(e); !ok || j != i || in.Columns[i].Name != p.Out.Columns[i].Name {
			return false
		}
	}
	return true
}

// Exchanges returns, per input of n, the distribution of the Exchange that
// Flink's physical plan puts in front of it (hash[a, b], or single for no
// keys), or nil when n reads its inputs where they are.
func Exchanges(n Node) []string {
	hash := func(in types.Schema, cols []int) string {
		if len(cols) == 0 {
			return "single"
		}
		return "hash[" + colNames(in, cols) + "]"
	}
	exprHash := func(in types.Schema, keys []expr.Expr) string {
		if len(keys) == 0 {
			return "single"
		}
		parts := make([]string, len(keys))
		for i, k := range keys {
			parts[i] = NamedExpr(k, in)
		}
		return "hash[" + strings.Join(parts, ", ") + "]"
	}
	switch n := n.(type) {
	case *Aggregate:
		return []string{hash(n.Input.Schema(), n.Keys)}
	case *Rank:
		return []string{hash(n.Input.Schema(), n.Partition)}
	case *Deduplicate:
		return []string{hash(n.Input.Schema(), n.Keys)}
	case *Over:
		return []string{hash(n.Input.Schema(), n.Partition)}
	case *WindowAggregate:
		var keys []int
		for _, k := range n.Keys {
			if k != n.StartCol && k != n.EndCol {
				keys = append(keys, k)
			}
		}
		return []string{hash(n.Input.Schema(), keys)}
	case *Join:
		return []string{exprHash(n.Left.Schema(), n.LeftKeys), exprHash(n.Right.Schema(), n.RightKeys)}
	}
	return nil
}

// joinedRow is the row a join's condition reads, left ++ right, with
// Calcite's names: a name already taken gets the first free suffix 0, 1, ...
func joinedRow(n *Join) types.Schema {
	cols := append(append([]types.Column(nil), n.Left.Schema().Columns...), n.Right.Schema().Columns...)
	if n.Out.Len() == len(cols) {
		return n.Out
	}
	taken := map[string]bool{}
	for i, c := range cols {
		name := c.Name
		for k := 0; taken[name]; k++ {
			name = c.Name + strconv.Itoa(k)
		}
		taken[name] = true
		cols[i].Name = name
	}
	return types.Schema{Columns: cols}
}

// ExplainScan prints a table scan as Flink's plan does, from the top: the
// WatermarkAssigner of a WATERMARK FOR clause, the Calc computing the
// computed columns, and the TableSourceScan of the physical columns.
func ExplainScan(n *Scan) []string {
	phys := n.Table.Physical()
	var lines []string
	if n.Watermark != nil && n.Rowtime >= 0 {
		lines = append(lines, "WatermarkAssigner(rowtime=["+n.Out.Columns[n.Rowtime].Name+"], watermark=["+NamedExpr(n.Watermark, n.Out)+"])")
	}
	if n.Exprs != nil {
		sel := make([]string, len(n.Exprs))
		for i, e := range n.Exprs {
			name := n.Out.Columns[i].Name
			if j, ok := expr.ColumnIndex(e); ok && phys.Columns[j].Name == name {
				sel[i] = name
			} else {
				sel[i] = NamedExpr(e, phys) + " AS " + name
			}
		}
		lines = append(lines, "Calc(select=["+strings.Join(sel, ", ")+"])")
	}
	return append(lines, "TableSourceScan(table=[["+n.ID.Catalog+", "+n.ID.Database+", "+n.ID.Object+"]], fields=["+
		strings.Join(phys.Names(), ", ")+"])")
}
