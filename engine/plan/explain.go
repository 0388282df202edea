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
	return substRefs(e, in.Names())
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
	case *Match:
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
		if n.Lookup != nil {
			return nil // it looks up where its input is
		}
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

// ExplainCalcOverScan prints a Calc (a projection p, a filter f, or both)
// whose input is a table scan with computed columns or a watermark, as
// Flink's optimizer leaves it. Without a watermark the computed columns
// merge into the Calc, which reads the scan directly. With one, the Calc
// that computes columns under the WatermarkAssigner keeps only those the
// Calc above and the watermark read. A Calc that only passes its input's
// columns on is no line. ok is false when the input is no such scan.
func ExplainCalcOverScan(p *Project, f *Filter) (lines []string, ok bool) {
	var in Node
	switch {
	case f != nil:
		in = f.Input
	case p != nil:
		in = p.Input
	}
	sc, isScan := in.(*Scan)
	if !isScan {
		return nil, false
	}
	watermark := sc.Watermark != nil && sc.Rowtime >= 0
	if sc.Exprs == nil && !watermark {
		return nil, false
	}
	phys := sc.Table.Physical()
	scanLine := "TableSourceScan(table=[[" + sc.ID.Catalog + ", " + sc.ID.Database + ", " + sc.ID.Object + "]], fields=[" + strings.Join(phys.Names(), ", ") + "])"
	if !watermark {
		// One Calc over the physical row: computed columns are replaced
		// by their expressions.
		subst := make([]string, sc.Out.Len())
		for i := range subst {
			subst[i] = NamedExpr(sc.Exprs[i], phys) // Exprs is set: no watermark
		}
		calc := calcOver(p, f, sc.Out, subst)
		if calc == "" {
			return []string{scanLine}, true
		}
		return []string{calc, scanLine}, true
	}
	// The columns read above the watermark, in the order the Calc above
	// reads them, then those the watermark reads.
	var order []int
	seen := make([]bool, sc.Out.Len())
	use := func(n int) {
		if n >= 0 && n < len(seen) && !seen[n] {
			seen[n] = true
			order = append(order, n)
		}
	}
	var exprs []expr.Expr
	if p != nil {
		exprs = append(exprs, p.Exprs...)
	} else {
		for i := range seen {
			use(i)
		}
	}
	if f != nil {
		exprs = append(exprs, f.Cond)
	}
	exprs = append(exprs, sc.Watermark)
	for _, e := range exprs {
		for _, m := range inputRef.FindAllStringSubmatch(e.String(), -1) {
			if n, err := strconv.Atoi(m[2]); err == nil {
				use(n)
			}
		}
	}
	use(sc.Rowtime)
	if len(order) == sc.Out.Len() {
		// Every column is read: Flink's ProjectWatermarkAssignerTransposeRule
		// does not fire, and the columns stay in the table's order.
		for i := range order {
			order[i] = i
		}
	}
	var kept []string
	var keptCols []types.Column
	identity := true
	for _, i := range order {
		name := sc.Out.Columns[i].Name
		keptCols = append(keptCols, sc.Out.Columns[i])
		j, isCol := i, true
		if sc.Exprs != nil {
			j, isCol = expr.ColumnIndex(sc.Exprs[i])
		}
		if isCol && phys.Columns[j].Name == name {
			kept = append(kept, name)
			identity = identity && j == len(kept)-1
		} else {
			kept = append(kept, NamedExpr(sc.Exprs[i], phys)+" AS "+name)
			identity = false
		}
	}
	identity = identity && len(kept) == phys.Len()
	// The Calc above reads the kept columns by name.
	names := make([]string, sc.Out.Len())
	for i, c := range sc.Out.Columns {
		names[i] = c.Name
	}
	if calc := calcOver(p, f, sc.Out, names); calc != "" && !sameNames(p, f, keptCols) {
		lines = append(lines, calc)
	}
	lines = append(lines, "WatermarkAssigner(rowtime=["+sc.Out.Columns[sc.Rowtime].Name+"], watermark=["+NamedExpr(sc.Watermark, sc.Out)+"])")
	if !identity {
		lines = append(lines, "Calc(select=["+strings.Join(kept, ", ")+"])")
	}
	return append(lines, scanLine), true
}

// sameNames reports whether a Calc is a plain projection onto exactly the
// given columns, in order, under their names.
func sameNames(p *Project, f *Filter, cols []types.Column) bool {
	if f != nil || p == nil || len(p.Exprs) != len(cols) {
		return false
	}
	in := p.Input.Schema()
	for i, e := range p.Exprs {
		j, ok := expr.ColumnIndex(e)
		if !ok || in.Columns[j].Name != cols[i].Name || p.Out.Columns[i].Name != cols[i].Name {
			return false
		}
	}
	return true
}

// calcOver prints a Calc over a row whose column i prints as subst[i]
// ("" when the Calc passes the row on unchanged).
func calcOver(p *Project, f *Filter, in types.Schema, subst []string) string {
	text := func(e expr.Expr) string { return substRefs(e, subst) }
	var parts []string
	if p != nil {
		sel := make([]string, len(p.Exprs))
		plain := len(p.Exprs) == in.Len()
		for i, e := range p.Exprs {
			name := p.Out.Columns[i].Name
			t := text(e)
			if t == name {
				sel[i] = name
			} else {
				sel[i] = t + " AS " + name
			}
			j, isCol := expr.ColumnIndex(e)
			plain = plain && isCol && j == i && t == name
		}
		if plain && f == nil {
			return ""
		}
		parts = append(parts, "select=["+strings.Join(sel, ", ")+"]")
	} else {
		sel := make([]string, in.Len())
		for i, c := range in.Columns {
			if subst[i] == c.Name {
				sel[i] = c.Name
			} else {
				sel[i] = subst[i] + " AS " + c.Name
			}
		}
		parts = append(parts, "select=["+strings.Join(sel, ", ")+"]")
	}
	if f != nil {
		parts = append(parts, "where=["+text(f.Cond)+"]")
	}
	return "Calc(" + strings.Join(parts, ", ") + ")"
}

// NamedAggregate returns p over a copy of the aggregation under it whose
// aggregate calls are named as p names them, when p only picks columns
// (Calcite names an aggregate call after the select item it is: EXPR$0 in
// SELECT COUNT(a) FROM t GROUP BY b, whose projection drops b). ok is
// false when p computes anything or names a call twice.
func NamedAggregate(p *Project) (*Project, bool) {
	a, isAgg := p.Input.(*Aggregate)
	if !isAgg {
		return nil, false
	}
	if _, expanded := a.Input.(*Expand); expanded {
		// Flink's DecomposeGroupingSetsRule makes a new aggregation, whose
		// calls are named $f<i>.
		return nil, false
	}
	named := *a
	named.Out = types.Schema{Columns: append([]types.Column(nil), a.Out.Columns...)}
	seen := map[int]bool{}
	for i, e := range p.Exprs {
		j, ok := expr.ColumnIndex(e)
		if !ok {
			return nil, false
		}
		if j < len(a.Keys) {
			continue
		}
		if seen[j] {
			return nil, false
		}
		seen[j] = true
		named.Out.Columns[j].Name = p.Out.Columns[i].Name
	}
	if len(seen) == 0 {
		return nil, false
	}
	q := *p
	q.Input = &named
	return &q, true
}

// RenamedAggregate returns the aggregation under p, or the HAVING filter
// over it, with p's names when p only names their columns (Calcite names an
// aggregate call by its alias and has no projection for that), or nil.
func RenamedAggregate(p *Project) Node {
	var f *Filter
	in := p.Input
	if fi, ok := in.(*Filter); ok {
		f, in = fi, fi.Input
	}
	a, ok := in.(*Aggregate)
	if !ok || len(p.Exprs) != a.Out.Len() {
		return nil
	}
	for i, e := range p.Exprs {
		if j, ok := expr.ColumnIndex(e); !ok || j != i {
			return nil
		}
		if i < len(a.Keys) && p.Out.Columns[i].Name != a.Out.Columns[i].Name {
			return nil
		}
	}
	named := *a
	named.Out = p.Out
	if f != nil {
		return &Filter{Input: &named, Cond: f.Cond}
	}
	return &named
}
