package plan

import (
	"strings"

	"github.com/flinkplay/flinkplay/engine/diag"
	"github.com/flinkplay/flinkplay/engine/expr"
	"github.com/flinkplay/flinkplay/engine/sql"
	"github.com/flinkplay/flinkplay/engine/types"
)

// JoinType is the kind of a Join node.
type JoinType uint8

// Join types, in the order of ops.JoinType (the build converts one to the
// other). Semi and Anti come from IN/EXISTS subqueries and INTERSECT and
// EXCEPT: they emit left rows only.
const (
	InnerJoin JoinType = iota
	LeftJoin
	RightJoin
	FullJoin
	SemiJoin
	AntiJoin
)

var joinTypeNames = [...]string{"InnerJoin", "LeftOuterJoin", "RightOuterJoin", "FullOuterJoin", "LeftSemiJoin", "LeftAntiJoin"}

func (t JoinType) String() string { return joinTypeNames[t] }

// Join is a regular join. A pair of rows matches when LeftKeys (over the
// left row) equal RightKeys (over the right row), NULL keys never matching,
// and Cond over left ++ right is TRUE. Its output is left ++ right, the
// padded side nullable for outer joins; Semi and Anti output the left row.
type Join struct {
	Left, Right         Node
	Type                JoinType
	LeftKeys, RightKeys []expr.Expr
	Cond                expr.Expr // nil: TRUE
	// NullSafe compares keys with IS NOT DISTINCT FROM (INTERSECT, EXCEPT).
	NullSafe bool
	// Where is the whole join condition over left ++ right, for EXPLAIN.
	Where expr.Expr
	// Interval, when set, makes this an event-time interval join.
	Interval *IntervalBounds
	// Temporal, when set, makes this an event-time temporal join.
	Temporal *TemporalSpec
	// Lookup, when set, makes this a lookup join (lookupjoin.go): Right
	// is the dimension table, which the join reads by key, not as an
	// input, and Cond its condition besides the lookup keys.
	Lookup *LookupSpec
	// Window, when set, makes this a window join (windowjoin.go).
	Window *WindowJoinSpec
	Out    types.Schema
}

func (n *Join) Schema() types.Schema { return n.Out }

// Inputs returns the join's inputs; a lookup join has one, its left: the
// dimension table is no input that runs.
func (n *Join) Inputs() []Node {
	if n.Lookup != nil {
		return []Node{n.Left}
	}
	return []Node{n.Left, n.Right}
}

// materialize drops the time attribute of a column type: a regular join's
// output has none, as in Flink.
func materialize(t types.Type) types.Type {
	t.Attr = types.Regular
	return t
}

// join binds left JOIN right.
func (b *binder) join(r *sql.Join) (Node, *scope, error) {
	l, ls, err := b.from(r.Left)
	if err != nil {
		return nil, nil, err
	}
	if tf, ok := r.Right.(*sql.TableFunc); ok && strings.EqualFold(tf.Name, "UNNEST") {
		return b.unnestJoin(r, tf, l, ls)
	}
	if tf, ok := r.Right.(*sql.TableFunc); ok && tf.Lateral {
		// LATERAL TABLE(f(...)): no table function but UNNEST is built in,
		// and a user-defined one's class cannot load; its arguments may
		// read the left side.
		return nil, nil, b.unknownTableFunc(tf, ls)
	}
	rn, rs, err := b.from(r.Right)
	if d, ok := r.Right.(*sql.DerivedTable); ok && d.Lateral && err != nil {
		// A correlated LATERAL subquery (lateral.go).
		nj, ok, derr := b.decorrelateLateral(r, d, ls)
		if derr != nil {
			return nil, nil, derr
		}
		if !ok {
			return nil, nil, err
		}
		n, sc, jerr := b.join(nj)
		if jerr != nil {
			return nil, nil, jerr
		}
		hideLateral(sc)
		return n, sc, nil
	}
	if err != nil {
		return nil, nil, err
	}
	for _, lc := range ls.cols {
		if lc.table == "" {
			continue
		}
		for _, rc := range rs.cols {
			if rc.table == lc.table {
				return nil, nil, diag.Errorf(r.Right.RefPos(), diag.SqlValidatorException, "Duplicate relation name '%s' in FROM clause", lc.table)
			}
		}
	}
	typ := InnerJoin
	switch r.Kind {
	case sql.LeftJoin:
		typ = LeftJoin
	case sql.RightJoin:
		typ = RightJoin
	case sql.FullJoin:
		typ = FullJoin
	}
	var conjuncts []sql.Expr
	if r.On != nil {
		flattenAnd(r.On, &conjuncts)
	}
	// An interval join keeps the time attributes of its inputs, a
	// temporal join the period's, a lookup join all of its left input's;
	// a regular join materializes them.
	var interval *IntervalBounds
	var tp *temporalPlan
	var lookup *LookupSpec
	var bounds map[int]bool
	if rt, ok := r.Right.(*sql.TableName); ok && rt.AsOf != nil {
		if tp, err = b.temporalPeriod(r, rt, typ, ls, rs, rn); err != nil {
			return nil, nil, err
		}
		lookup = tp.lookup
	} else if !b.p.Batch && !Updating(l) && !Updating(rn) {
		interval, bounds = b.intervalBounds(conjuncts, ls, rs)
	}
	keep := func(t types.Type) types.Type {
		if interval != nil {
			return t
		}
		return materialize(t)
	}
	lw := len(ls.cols)
	sc := &scope{}
	for i, c := range ls.cols {
		if tp == nil || tp.lookup == nil && i != tp.period {
			c.typ = keep(c.typ)
		}
		if typ == RightJoin || typ == FullJoin {
			c.typ = c.typ.WithNullable(true)
		}
		sc.cols = append(sc.cols, c)
	}
	for _, c := range rs.cols {
		c.typ = keep(c.typ)
		if typ == LeftJoin || typ == FullJoin {
			c.typ = c.typ.WithNullable(true)
		}
		sc.cols = append(sc.cols, c)
	}
	n := &Join{Left: l, Right: rn, Type: typ, Out: uniquify(sc.schema()), Interval: interval, Lookup: lookup}
	var lc *lookupConds
	if lookup != nil {
		lc = newLookupConds(lookup, rn, typ)
	}

	// USING and NATURAL: the common columns, in left order.
	var common []string
	var commonPos []int
	switch {
	case r.Natural:
		for _, c := range ls.cols {
			if c.hidden {
				continue
			}
			for _, d := range rs.cols {
				if !d.hidden && d.name == c.name {
					common = append(common, c.name)
					commonPos = append(commonPos, r.Pos)
					break
				}
			}
		}
	case len(r.Using) > 0:
		for _, u := range r.Using {
			common = append(common, u.Name)
			commonPos = append(commonPos, u.Pos)
		}
	}
	type pair struct{ l, r int }
	var usingPairs []pair
	var usingConds []sql.Expr // the pairs as conditions, for a lookup join
	for i, name := range common {
		li, err := ls.resolve(&sql.ColumnRef{Pos: commonPos[i], Parts: []sql.Ident{{Name: name, Pos: commonPos[i]}}})
		if err != nil {
			return nil, nil, diag.Errorf(commonPos[i], diag.SqlValidatorException, "Column '%s' not found in any table", name)
		}
		ri, err := rs.resolve(&sql.ColumnRef{Pos: commonPos[i], Parts: []sql.Ident{{Name: name, Pos: commonPos[i]}}})
		if err != nil {
			return nil, nil, diag.Errorf(commonPos[i], diag.SqlValidatorException, "Column '%s' not found in any table", name)
		}
		usingPairs = append(usingPairs, pair{li, ri})
		if lookup != nil {
			ref := func(table string) sql.Expr {
				parts := []sql.Ident{{Name: name, Pos: commonPos[i]}}
				if table != "" {
					parts = append([]sql.Ident{{Name: table, Pos: commonPos[i]}}, parts...)
				}
				return &sql.ColumnRef{Pos: commonPos[i], Parts: parts}
			}
			usingConds = append(usingConds, &sql.Binary{Op: sql.OpEq, L: ref(ls.cols[li].table), R: ref(rs.cols[ri].table)})
		}
	}

	// The whole condition over left ++ right, for errors and EXPLAIN.
	var where, residual expr.Expr
	and := func(acc, x expr.Expr) (expr.Expr, error) {
		if acc == nil {
			return x, nil
		}
		return expr.And(acc, x, diag.NoPos)
	}
	for ui, p := range usingPairs {
		lt, rt := ls.cols[p.l].typ, rs.cols[p.r].typ
		eq, err := expr.Compare(expr.Eq, expr.Column(p.l, lt), expr.Column(lw+p.r, rt), r.Pos)
		if err != nil {
			return nil, nil, err
		}
		if where, err = and(where, eq); err != nil {
			return nil, nil, err
		}
		if lc != nil {
			b.lookupConjunct(lc, usingConds[ui], eq, ls, rs)
			continue
		}
		lk, rk, err := keyPair(expr.Column(p.l, lt), expr.Column(p.r, rt))
		if err != nil {
			return nil, nil, err
		}
		n.LeftKeys = append(n.LeftKeys, lk)
		n.RightKeys = append(n.RightKeys, rk)
	}
	for i, c := range conjuncts {
		x, err := b.expr(c, sc)
		if err != nil {
			return nil, nil, err
		}
		if k := x.Type().Kind; k != types.Boolean && k != types.Null {
			return nil, nil, diag.Errorf(c.ExprPos(), diag.ValidationException, "ON clause must be a condition")
		}
		if where, err = and(where, x); err != nil {
			return nil, nil, err
		}
		if bounds[i] {
			continue // the interval join's window bounds check it
		}
		if lc != nil {
			b.lookupConjunct(lc, c, x, ls, rs)
			continue
		}
		if lk, rk, ok := b.equiKeys(c, ls, rs); ok {
			n.LeftKeys = append(n.LeftKeys, lk)
			n.RightKeys = append(n.RightKeys, rk)
			continue
		}
		if residual, err = and(residual, x); err != nil {
			return nil, nil, err
		}
	}
	n.Cond, n.Where = residual, where
	switch {
	case lc != nil:
		if err := b.finishLookup(n, lc); err != nil {
			return nil, nil, err
		}
	case tp != nil:
		if n.Temporal, err = b.temporalCheck(tp, n, lw, rs); err != nil {
			return nil, nil, err
		}
	}
	if err := b.windowJoin(n); err != nil {
		return nil, nil, err
	}
	if len(common) == 0 {
		return n, sc, nil
	}

	// Calcite puts the common columns first, as COALESCE(left, right), and
	// hides the originals from unqualified names and from a bare *.
	out := &scope{}
	var exprs []expr.Expr
	for i, p := range usingPairs {
		lx, rx := expr.Column(p.l, sc.cols[p.l].typ), expr.Column(lw+p.r, sc.cols[lw+p.r].typ)
		co, err := expr.Coalesce([]expr.Expr{lx, rx}, commonPos[i])
		if err != nil {
			return nil, nil, err
		}
		exprs = append(exprs, co)
		out.cols = append(out.cols, scopeCol{name: common[i], typ: co.Type()})
	}
	for i, c := range sc.cols {
		for _, p := range usingPairs {
			if i == p.l || i == lw+p.r {
				c.hidden = true
			}
		}
		exprs = append(exprs, expr.Column(i, c.typ))
		out.cols = append(out.cols, c)
	}
	return &Project{Input: n, Exprs: exprs, Out: out.schema()}, out, nil
}

// equiKeys reports whether conjunct c is left-expr = right-expr (either
// way round) and returns the key expressions over each input's own row.
func (b *binder) equiKeys(c sql.Expr, ls, rs *scope) (expr.Expr, expr.Expr, bool) {
	eq, ok := c.(*sql.Binary)
	if !ok || eq.Op != sql.OpEq {
		return nil, nil, false
	}
	try := func(le, re sql.Expr) (expr.Expr, expr.Expr, bool) {
		lx, err := b.expr(le, ls)
		if err != nil {
			return nil, nil, false
		}
		rx, err := b.expr(re, rs)
		if err != nil {
			return nil, nil, false
		}
		if !refsColumns(le) || !refsColumns(re) {
			return nil, nil, false
		}
		lk, rk, err := keyPair(lx, rx)
		if err != nil {
			return nil, nil, false
		}
		return lk, rk, true
	}
	if lk, rk, ok := try(eq.L, eq.R); ok {
		return lk, rk, true
	}
	return try(eq.R, eq.L)
}

// refsColumns reports whether e references a column: a constant side makes
// a filter, not a join key.
func refsColumns(e sql.Expr) bool {
	found := false
	walkExpr(e, func(n sql.Expr) bool {
		if _, ok := n.(*sql.ColumnRef); ok {
			found = true
		}
		return !found
	})
	return found
}

// keyPair casts two key expressions to one type, so that equal values
// encode alike.
func keyPair(l, r expr.Expr) (expr.Expr, expr.Expr, error) {
	lt, rt := l.Type(), r.Type()
	if lt.Kind == rt.Kind && lt.Precision == rt.Precision && lt.Scale == rt.Scale {
		return l, r, nil
	}
	t, ok := expr.LeastRestrictive(lt, rt)
	if !ok {
		return nil, nil, diag.Errorf(diag.NoPos, diag.ValidationException, "incomparable join keys %s and %s", lt, rt)
	}
	var err error
	if !lt.Equal(t.WithNullable(lt.Nullable())) {
		if l, err = expr.Cast(l, t.WithNullable(lt.Nullable()), false, diag.NoPos); err != nil {
			return nil, nil, err
		}
	}
	if !rt.Equal(t.WithNullable(rt.Nullable())) {
		if r, err = expr.Cast(r, t.WithNullable(rt.Nullable()), false, diag.NoPos); err != nil {
			return nil, nil, err
		}
	}
	return l, r, nil
}

func flattenAnd(e sql.Expr, out *[]sql.Expr) {
	if bin, ok := e.(*sql.Binary); ok && bin.Op == sql.OpAnd {
		flattenAnd(bin.L, out)
		flattenAnd(bin.R, out)
		return
	}
	*out = append(*out, e)
}

// andSQL joins conditions with AND, left to right; nil for none. It is
// flattenAnd's inverse.
func andSQL(cs []sql.Expr) sql.Expr {
	if len(cs) == 0 {
		return nil
	}
	acc := cs[0]
	for _, c := range cs[1:] {
		acc = &sql.Binary{Pos: c.ExprPos(), Op: sql.OpAnd, L: acc, R: c}
	}
	return acc
}

// JoinExplain prints a Join as Flink's EXPLAIN does.
func JoinExplain(n *Join) string {
	if n.Lookup != nil {
		return lookupExplain(n)
	}
	where := "true"
	if n.Where != nil {
		where = NamedExpr(n.Where, joinedRow(n))
	}
	if n.Temporal != nil {
		return "TemporalJoin(joinType=[" + n.Type.String() + "], where=[" + where + "], select=[" + strings.Join(n.Out.Names(), ", ") + "])"
	}
	if n.Window != nil {
		return windowJoinExplain(n)
	}
	if n.Interval != nil {
		return "IntervalJoin(joinType=[" + n.Type.String() + "], " + intervalExplain(n.Interval) + ", where=[" + where +
			"], select=[" + strings.Join(n.Out.Names(), ", ") + "])"
	}
	return "Join(joinType=[" + n.Type.String() + "], where=[" + where + "], select=[" +
		strings.Join(n.Out.Names(), ", ") + "], leftInputSpec=[NoUniqueKey], rightInputSpec=[NoUniqueKey])"
}

// joinProducesDeletes reports whether the join itself, not its inputs,
// makes its output updating: outer joins and anti joins retract rows.
func joinProducesDeletes(n *Join) bool {
	if n.Interval != nil || n.Temporal != nil || n.Window != nil || n.Lookup != nil {
		return false
	}
	switch n.Type {
	case LeftJoin, RightJoin, FullJoin, AntiJoin:
		return true
	}
	return false
}

// changesProduced names what the first updating node of a plan emits, in
// the words of Flink's sink error: a join that retracts emits update and
// delete changes.
func changesProduced(n Node) string {
	if j, ok := n.(*Join); ok && joinProducesDeletes(j) {
		return "update and delete changes"
	}
	switch n.(type) {
	case *Scan:
		k := kindsOf(n)
		switch {
		case k&modUpdate != 0 && k&modDelete != 0:
			return "update and delete changes"
		case k&modDelete != 0:
			return "delete changes"
		}
		return "update changes"
	case *Aggregate:
		return "update changes"
	case *Rank, *Deduplicate:
		return changeKinds(n) + " changes"
	}
	for _, in := range n.Inputs() {
		if Updating(in) {
			return changesProduced(in)
		}
	}
	return "update changes"
}

// pushIntoJoin moves conjuncts of a WHERE clause over an inner join into
// the join, as Flink's planner does: equalities between the inputs become
// join keys and time bounds make it an interval join (FROM a, b WHERE
// a.id = b.id AND a.ts BETWEEN b.ts - ... AND b.ts). It returns the
// conjuncts left for the filter above. sc is the join's scope; the time
// attributes an interval join keeps are restored in it.
func (b *binder) pushIntoJoin(n Node, sc *scope, conjuncts []sql.Expr) ([]sql.Expr, error) {
	j, ok := n.(*Join)
	if !ok || j.Type != InnerJoin || j.Interval != nil || j.Temporal != nil || j.Lookup != nil {
		return conjuncts, nil
	}
	lsch, rsch := j.Left.Schema(), j.Right.Schema()
	lw := lsch.Len()
	if len(sc.cols) != lw+rsch.Len() {
		return conjuncts, nil
	}
	// Scopes of each input with their own types (time attributes kept).
	ls := &scope{cols: append([]scopeCol(nil), sc.cols[:lw]...)}
	rs := &scope{cols: append([]scopeCol(nil), sc.cols[lw:]...)}
	for i := range ls.cols {
		ls.cols[i].typ = lsch.Columns[i].Type
	}
	for i := range rs.cols {
		rs.cols[i].typ = rsch.Columns[i].Type
	}
	used := map[int]bool{}
	if !b.p.Batch && !Updating(j.Left) && !Updating(j.Right) {
		if ib, bounds := b.intervalBounds(conjuncts, ls, rs); ib != nil {
			j.Interval = ib
			for i := range bounds {
				used[i] = true
			}
			for i := range sc.cols {
				if i < lw {
					sc.cols[i].typ = ls.cols[i].typ
				} else {
					sc.cols[i].typ = rs.cols[i-lw].typ
				}
			}
			out := sc.schema()
			for i := range out.Columns {
				out.Columns[i].Name = j.Out.Columns[i].Name
			}
			j.Out = out
		}
	}
	var rest []sql.Expr
	for i, c := range conjuncts {
		if used[i] {
			if err := b.addWhere(j, c, sc); err != nil {
				return nil, err
			}
			continue
		}
		if lk, rk, ok := b.equiKeys(c, ls, rs); ok {
			j.LeftKeys, j.RightKeys = append(j.LeftKeys, lk), append(j.RightKeys, rk)
			if err := b.addWhere(j, c, sc); err != nil {
				return nil, err
			}
			continue
		}
		rest = append(rest, c)
	}
	return rest, b.windowJoin(j)
}

// addWhere adds a conjunct pushed into j to the condition EXPLAIN prints.
func (b *binder) addWhere(j *Join, c sql.Expr, sc *scope) error {
	x, err := b.expr(c, sc)
	if err != nil {
		return err
	}
	if j.Where == nil {
		j.Where = x
		return nil
	}
	j.Where, err = expr.And(j.Where, x, diag.NoPos)
	return err
}
