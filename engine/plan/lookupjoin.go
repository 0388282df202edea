package plan

import (
	"sort"
	"strconv"
	"strings"

	"github.com/flinkplay/flinkplay/engine/diag"
	"github.com/flinkplay/flinkplay/engine/expr"
	"github.com/flinkplay/flinkplay/engine/sql"
	"github.com/flinkplay/flinkplay/engine/types"
)

// LookupSpec makes a Join a lookup join, Flink's LookupJoin: a
// processing-time temporal join (FOR SYSTEM_TIME AS OF a proctime
// attribute) whose right input reads a table through a
// connector.LookupSource. The right input is not run. For every left row
// the join looks the row's key values up in the table and computes the
// right row from each physical row the lookup returns (Dim); Where, over
// the right row, and the Join's Cond, over left ++ right, then decide
// which of them join. The output keeps the left input's time attributes.
type LookupSpec struct {
	// Scan is the dimension table's scan; its Source is the lookup source.
	Scan *Scan
	// Dim computes the right row from the physical row: the scan's
	// computed columns, then the projections above the scan (views, WITH
	// queries), innermost first; each stage reads the previous one's row.
	Dim [][]expr.Expr
	// Keys are the lookup keys, ascending by Field, the order in which
	// Flink passes them to the lookup function.
	Keys []LookupKey
	// Where is the condition on the right row alone (Flink's calc on the
	// temporal table); nil: TRUE.
	Where expr.Expr

	// period is the period's column in left ++ right: a column of the
	// dimension table itself when an unqualified name finds it there
	// (Calcite resolves the period in the join's scope); a lookup join
	// never reads it.
	period int
	shown  []int // Keys in the order EXPLAIN lists them
	pushed bool  // conditions on the left row filter the Join's Left
	// The conjuncts of Where, of the Join's Cond (those on the left row
	// alone, Flink's pre-filter, apart) and of the whole condition (over
	// left ++ right), for EXPLAIN, which prints a conjunction flat as
	// Calcite does: AND(a, b, c).
	where, pre, cond, all []expr.Expr
}

// LookupKey is one lookup key: a physical column of the dimension table
// and the value it must have.
type LookupKey struct {
	Field int
	// Value computes the key from the left row, typed as the comparison
	// types it; a constant key (d.k = 5) is a literal of the column's type.
	Value expr.Expr
	// Const marks a constant key; Text is its literal as Flink prints it.
	Const bool
	Text  string
}

// lookupConds sorts the conjuncts of a lookup join's condition as Flink's
// CommonPhysicalLookupJoin and the rules before it do: equalities of a left
// expression and a column of the dimension table are lookup keys
// (allLookupKeys), conditions on the dimension row alone filter the rows
// the lookup returns (where), of which an equality of a column and a
// literal is a constant key too; conditions on the left row alone filter
// the left input of an inner join (pushed below it) and belong to the
// join condition of a LEFT join, as does everything else.
type lookupConds struct {
	spec     *LookupSpec
	fields   []int // per right column, the physical column it is, or -1
	cands    []lookupCand
	byField  map[int]int // field -> index into cands
	where    []expr.Expr // over the right row
	leftOnly []expr.Expr // over the left row
	rest     []expr.Expr // over left ++ right
	// joinedLeftOnly are the leftOnly conditions over left ++ right.
	joinedLeftOnly []expr.Expr
	// outer is set for a LEFT join; joined lists, over left ++ right, what
	// remains of the condition in the join once the conditions on one
	// side were pushed down; notDistinct tells that one of them is
	// l IS NOT DISTINCT FROM r.
	outer       bool
	joined      []expr.Expr
	notDistinct bool
}

type lookupCand struct {
	key  LookupKey
	cond expr.Expr // the conjunct over left ++ right; nil for a constant key
}

func newLookupConds(spec *LookupSpec, right Node, typ JoinType) *lookupConds {
	return &lookupConds{spec: spec, fields: identicalFields(right), byField: map[int]int{}, outer: typ == LeftJoin}
}

// identicalFields maps each column of n, projections over a scan, to the
// physical column it passes on unchanged, or -1 (Flink's
// getIdenticalSourceField on the calc over the temporal table).
func identicalFields(n Node) []int {
	out := make([]int, n.Schema().Len())
	for i := range out {
		out[i] = i
	}
	through := func(exprs []expr.Expr) {
		for i, j := range out {
			if j < 0 {
				continue
			}
			if k, ok := expr.ColumnIndex(exprs[j]); ok {
				out[i] = k
			} else {
				out[i] = -1
			}
		}
	}
	for {
		switch m := n.(type) {
		case *Project:
			through(m.Exprs)
			n = m.Input
			continue
		case *Scan:
			if m.Exprs != nil {
				through(m.Exprs)
			}
		}
		return out
	}
}

// addKey records a lookup key; a later one on the same column replaces
// an earlier one, whose equality then joins the condition (Flink keys
// allLookupKeys by the table's field).
func (lc *lookupConds) addKey(k LookupKey, cond expr.Expr) {
	if i, ok := lc.byField[k.Field]; ok {
		old := lc.cands[i]
		if k.Const && !old.key.Const {
			return // a key on a left column wins over a constant
		}
		if old.cond != nil {
			lc.rest = append(lc.rest, old.cond)
		}
		lc.cands[i] = lookupCand{key: k, cond: cond}
		return
	}
	lc.byField[k.Field] = len(lc.cands)
	lc.cands = append(lc.cands, lookupCand{key: k, cond: cond})
}

// lookupConjunct sorts one conjunct c of the ON clause, x being c bound
// over left ++ right.
func (b *binder) lookupConjunct(lc *lookupConds, c sql.Expr, x expr.Expr, ls, rs *scope) {
	lc.spec.all = append(lc.spec.all, x)
	if k, ok := b.lookupKey(lc, c, ls, rs); ok {
		lc.addKey(k, x)
		lc.joined = append(lc.joined, x)
		return
	}
	if refsColumns(c) {
		if rx, err := b.expr(c, rs); err == nil {
			lc.where = append(lc.where, rx)
			if k, ok := b.constantKey(lc, c, rs); ok {
				lc.addKey(k, nil)
			}
			return
		}
		if lx, err := b.expr(c, ls); err == nil {
			lc.leftOnly = append(lc.leftOnly, lx)
			lc.joinedLeftOnly = append(lc.joinedLeftOnly, x)
			if lc.outer {
				lc.joined = append(lc.joined, x)
			}
			return
		}
	}
	if bin, ok := c.(*sql.Binary); ok && bin.Op == sql.OpIsNotDistinctFrom {
		lc.notDistinct = true
	}
	lc.rest = append(lc.rest, x)
	lc.joined = append(lc.joined, x)
}

// lookupKey reports whether c is an equality of an expression over the
// left row and a column of the dimension table (possibly under a CAST
// that changes nothing of its values), and returns the key. As Flink's
// JoinConditionTypeCoerceRule does, the side of the narrower type is cast
// to the wider one; a cast of the table's column that changes its values
// (INT to BIGINT) makes the equality no key.
func (b *binder) lookupKey(lc *lookupConds, c sql.Expr, ls, rs *scope) (LookupKey, bool) {
	eq, ok := c.(*sql.Binary)
	if !ok || eq.Op != sql.OpEq {
		return LookupKey{}, false
	}
	try := func(le, re sql.Expr) (LookupKey, bool) {
		j, rt, ok := dimColumn(re, rs)
		if !ok || lc.fields[j] < 0 || !refsColumns(le) {
			return LookupKey{}, false
		}
		lx, err := b.expr(le, ls)
		if err != nil {
			return LookupKey{}, false
		}
		lt := lx.Type()
		t, ok := expr.LeastRestrictive(lt, rt)
		if !ok || !interoperable(t, rt) {
			return LookupKey{}, false
		}
		if !sameType(lt, t) {
			if lx, err = expr.Cast(lx, t.WithNullable(lt.Nullable()), false, diag.NoPos); err != nil {
				return LookupKey{}, false
			}
		}
		return LookupKey{Field: lc.fields[j], Value: lx}, true
	}
	if k, ok := try(eq.L, eq.R); ok {
		return k, true
	}
	return try(eq.R, eq.L)
}

// dimColumn resolves e as a column of the dimension table, bare or under
// a CAST to a type interoperable with it, and returns the column and the
// type e has.
func dimColumn(e sql.Expr, rs *scope) (int, types.Type, bool) {
	switch e := e.(type) {
	case *sql.ColumnRef:
		j, err := rs.resolve(e)
		if err != nil {
			return 0, types.Type{}, false
		}
		return j, rs.cols[j].typ, true
	case *sql.Cast:
		ref, ok := e.X.(*sql.ColumnRef)
		if !ok || e.Try {
			return 0, types.Type{}, false
		}
		j, err := rs.resolve(ref)
		if err != nil || !interoperable(e.Type, rs.cols[j].typ) {
			return 0, types.Type{}, false
		}
		return j, e.Type, true
	}
	return 0, types.Type{}, false
}

// constantKey reports whether c, a condition on the dimension row, is an
// equality of one of its physical columns and a literal (Flink's
// ConstantLookupKey), and returns the key.
func (b *binder) constantKey(lc *lookupConds, c sql.Expr, rs *scope) (LookupKey, bool) {
	eq, ok := c.(*sql.Binary)
	if !ok || eq.Op != sql.OpEq {
		return LookupKey{}, false
	}
	try := func(ce, le sql.Expr) (LookupKey, bool) {
		ref, ok := ce.(*sql.ColumnRef)
		if !ok || !isLiteral(le) {
			return LookupKey{}, false
		}
		j, err := rs.resolve(ref)
		if err != nil || lc.fields[j] < 0 {
			return LookupKey{}, false
		}
		lit, err := b.expr(le, rs)
		if err != nil {
			return LookupKey{}, false
		}
		ct := rs.cols[j].typ
		x := lit
		if !sameType(lit.Type(), ct) {
			if x, err = expr.Cast(lit, ct.WithNullable(true), false, diag.NoPos); err != nil {
				return LookupKey{}, false
			}
		}
		v, err := x.Eval(&expr.Ctx{}, nil)
		if err != nil || v.Null {
			return LookupKey{}, false
		}
		return LookupKey{Field: lc.fields[j], Value: expr.Literal(v, ct.WithNullable(false)), Const: true, Text: lit.String()}, true
	}
	if k, ok := try(eq.L, eq.R); ok {
		return k, true
	}
	return try(eq.R, eq.L)
}

// isLiteral reports whether e is a literal, negated or not.
func isLiteral(e sql.Expr) bool {
	switch e := e.(type) {
	case *sql.Literal:
		return true
	case *sql.Unary:
		return isLiteral(e.X)
	}
	return false
}

// finishLookup completes the join: its keys, its conditions and, for an inner
// join, the filter of conditions on the left row under it. Without a key
// the join cannot look anything up: Flink's CommonExecLookupJoin refuses
// it when it translates the plan (EXPLAIN included).
func (b *binder) finishLookup(n *Join, lc *lookupConds) error {
	spec := lc.spec
	if lc.notDistinct && !b.noSources {
		// CommonLookupJoinRule.validateJoin (FLINK-13509).
		return diag.Errorf(diag.NoPos, diag.TableException,
			"LookupJoin doesn't support join condition contains 'a IS NOT DISTINCT FROM b' (or alternative '(a = b) or (a IS NULL AND b IS NULL)'), the join condition is '%s'",
			conjunction(lc.joined, expr.Expr.String))
	}
	if len(lc.cands) == 0 && !b.noSources {
		return diag.Errorf(diag.NoPos, diag.TableException,
			"Temporal table join requires an equality condition on fields of table [%s].", spec.Scan.ID.String())
	}
	// The lookup function takes the keys in the order of their columns.
	idx := make([]int, len(lc.cands))
	for i := range idx {
		idx[i] = i
	}
	sort.Slice(idx, func(a, c int) bool { return lc.cands[idx[a]].key.Field < lc.cands[idx[c]].key.Field })
	at := make([]int, len(idx)) // candidate -> its place in Keys
	for p, i := range idx {
		spec.Keys = append(spec.Keys, lc.cands[i].key)
		at[i] = p
	}
	// EXPLAIN lists the constant keys first, then the others, each in the
	// order of the condition (allLookupKeys = constants ++ field refs).
	for _, constant := range []bool{true, false} {
		for i, c := range lc.cands {
			if c.key.Const == constant {
				spec.shown = append(spec.shown, at[i])
			}
		}
	}
	var err error
	spec.where = lc.where
	if spec.Where, err = andAll(lc.where); err != nil {
		return err
	}
	rest := lc.rest
	if len(lc.leftOnly) > 0 {
		if n.Type == InnerJoin {
			cond, err := andAll(lc.leftOnly)
			if err != nil {
				return err
			}
			n.Left = &Filter{Input: n.Left, Cond: cond}
			spec.pushed = true
		} else {
			// Flink's pre-filter: a left row it rejects is looked up by
			// no one and padded. Over left ++ right it reads the same.
			spec.pre = lc.joinedLeftOnly
			rest = append(append([]expr.Expr(nil), lc.joinedLeftOnly...), rest...)
		}
	}
	spec.cond = lc.rest
	n.Cond, err = andAll(rest)
	return err
}

// conjunction prints conjuncts as Calcite prints their AND: flat.
func conjunction(xs []expr.Expr, text func(expr.Expr) string) string {
	if len(xs) == 1 {
		return text(xs[0])
	}
	parts := make([]string, len(xs))
	for i, x := range xs {
		parts[i] = text(x)
	}
	return "AND(" + strings.Join(parts, ", ") + ")"
}

func andAll(xs []expr.Expr) (expr.Expr, error) {
	var acc expr.Expr
	for _, x := range xs {
		if acc == nil {
			acc = x
			continue
		}
		var err error
		if acc, err = expr.And(acc, x, diag.NoPos); err != nil {
			return nil, err
		}
	}
	return acc, nil
}

// interoperable is Flink's PlannerTypeUtils.isInteroperable: two
// character types, two binary types, or the same type but for
// nullability (and time attributes).
func interoperable(a, b types.Type) bool {
	if a.IsCharacter() && b.IsCharacter() || a.IsBinary() && b.IsBinary() {
		return true
	}
	if a.Kind != b.Kind {
		return false
	}
	switch a.Kind {
	case types.Array, types.Multiset:
		return a.Elem != nil && b.Elem != nil && interoperable(*a.Elem, *b.Elem)
	case types.Map:
		return a.Key != nil && b.Key != nil && interoperable(*a.Key, *b.Key) && interoperable(*a.Val, *b.Val)
	case types.Row:
		if len(a.Fields) != len(b.Fields) {
			return false
		}
		for i := range a.Fields {
			if !interoperable(a.Fields[i].Type, b.Fields[i].Type) {
				return false
			}
		}
		return true
	}
	return sameType(a, b)
}

// sameType compares types but for nullability and time attributes.
func sameType(a, b types.Type) bool {
	return materialize(a).WithNullable(true).Equal(materialize(b).WithNullable(true))
}

// lookupExplain prints a lookup join as Flink's LookupJoin node
// (CommonPhysicalLookupJoin.explainTerms).
func lookupExplain(n *Join) string {
	spec := n.Lookup
	left := n.Left.Schema()
	phys := spec.Scan.Table.Physical()
	keys := make([]string, len(spec.shown))
	for i, s := range spec.shown {
		k := spec.Keys[s]
		v := k.Text
		if !k.Const {
			v = NamedExpr(k.Value, left)
		}
		keys[i] = phys.Columns[k.Field].Name + "=" + v
	}
	parts := []string{
		"table=[" + spec.Scan.ID.String() + "]",
		"joinType=[" + n.Type.String() + "]",
		"lookup=[" + strings.Join(keys, ", ") + "]",
	}
	texts, calc := dimTexts(n.Right, spec)
	if len(spec.where) > 0 {
		parts = append(parts, "where=["+conjunction(spec.where, func(x expr.Expr) string { return substRefs(x, texts) })+"]")
		calc = true
	}
	if len(spec.pre) > 0 || len(spec.cond) > 0 {
		// Flink appends the remaining condition to the pre-filter with
		// nothing between them (joinConditionToString).
		named := func(x expr.Expr) string { return NamedExpr(x, n.Out) }
		text := ""
		if len(spec.pre) > 0 {
			text = conjunction(spec.pre, named)
		}
		if len(spec.cond) > 0 {
			text += conjunction(spec.cond, named)
		}
		parts = append(parts, "joinCondition=["+text+"]")
	}
	sel := n.Out.Names()
	if calc {
		// The left input's names, then the calc's selection.
		sel = left.Names()
		for j, c := range n.Right.Schema().Columns {
			if texts[j] == c.Name {
				sel = append(sel, c.Name)
			} else {
				sel = append(sel, texts[j]+" AS "+c.Name)
			}
		}
	}
	parts = append(parts, "select=["+strings.Join(sel, ", ")+"]")
	return "LookupJoin(" + strings.Join(parts, ", ") + ")"
}

// dimTexts prints each column of the right row as an expression over the
// physical columns' names; calc reports whether the right row is not the
// physical row itself, so that Flink's plan has a calc on the table.
func dimTexts(right Node, spec *LookupSpec) ([]string, bool) {
	texts := spec.Scan.Table.Physical().Names()
	for _, stage := range spec.Dim {
		next := make([]string, len(stage))
		for i, e := range stage {
			next[i] = substRefs(e, texts)
		}
		texts = next
	}
	phys := spec.Scan.Table.Physical().Names()
	calc := len(texts) != len(phys)
	for j, c := range right.Schema().Columns {
		if j >= len(phys) || texts[j] != phys[j] || c.Name != phys[j] {
			calc = true
		}
	}
	return texts, calc
}

// logicalLookup prints a lookup join as the query converts to it: the
// LogicalCorrelate of the left input and the snapshot of the dimension
// table, filtered by the condition, whose references to the left row
// are fields of the correlation variable ($cor0.a).
func logicalLookup(n *Join) []logicalLine {
	lw := n.Left.Schema().Len()
	row := joinedRow(n)
	subst := make([]string, row.Len())
	for i, c := range row.Columns {
		if i < lw {
			subst[i] = "$cor0." + c.Name
		} else {
			subst[i] = "$" + strconv.Itoa(i-lw)
		}
	}
	required := map[int]bool{n.Lookup.period: true}
	for _, x := range n.Lookup.all {
		for _, m := range inputRef.FindAllStringSubmatch(x.String(), -1) {
			if i, err := strconv.Atoi(m[2]); err == nil && i < lw {
				required[i] = true
			}
		}
	}
	cols := make([]int, 0, len(required))
	for i := range required {
		cols = append(cols, i)
	}
	sort.Ints(cols)
	req := make([]string, len(cols))
	for i, c := range cols {
		req[i] = strconv.Itoa(c)
	}
	var right Node = &logicalText{text: "LogicalSnapshot(period=[$cor0." + row.Columns[n.Lookup.period].Name + "])", in: n.Right}
	if len(n.Lookup.all) > 0 {
		cond := conjunction(n.Lookup.all, func(x expr.Expr) string { return substRefs(x, subst) })
		right = &logicalText{text: "LogicalFilter(condition=[" + cond + "])", in: right}
	}
	left := n.Left
	if f, ok := n.Lookup.pushedFilter(n); ok {
		left = f.Input
	}
	return []logicalLine{{
		text:   "LogicalCorrelate(correlation=[$cor0], joinType=[" + logicalJoinType(n.Type) + "], requiredColumns=[{" + strings.Join(req, ", ") + "}])",
		inputs: []Node{left, right},
	}}
}

// pushedFilter returns the filter finishLookup put under the join.
func (s *LookupSpec) pushedFilter(n *Join) (*Filter, bool) {
	if !s.pushed {
		return nil, false
	}
	f, ok := n.Left.(*Filter)
	return f, ok
}

// logicalText is a line of the logical plan that no bound node stands
// for (a lookup join's snapshot and its filter).
type logicalText struct {
	text string
	in   Node
}

func (n *logicalText) Schema() types.Schema { return n.in.Schema() }
func (n *logicalText) Inputs() []Node       { return []Node{n.in} }
