package sql

import (
	"context"
	"slices"
	"strconv"
	"strings"

	"github.com/dolthub/vitess/go/vt/sqlparser"
	"github.com/dolthub/vitess/go/vt/vterrors"

	"github.com/flinkplay/flinkplay/engine/diag"
)

// parseQuery parses src[start:end] as a query: SELECT, VALUES, WITH or a
// set operation. Positions in the result are offsets into src.
func parseQuery(src string, start, end int) (Query, error) {
	ds, err := desugar(src, start, end, false)
	if err != nil {
		return nil, err
	}
	stmt, err := vitessParse(src, ds)
	if err != nil {
		return nil, err
	}
	sel, ok := stmt.(sqlparser.SelectStatement)
	if !ok {
		return nil, encounteredErr(src, ds.toks, 0)
	}
	c := &converter{src: src, ds: ds}
	q, err := c.query(sel)
	if err != nil {
		return nil, err
	}
	return q, c.finish()
}

// parseExpr parses src[start:end] as one scalar expression.
func parseExpr(src string, start, end int) (Expr, error) {
	ds, err := desugar(src, start, end, true)
	if err != nil {
		return nil, err
	}
	stmt, err := vitessParse(src, ds)
	if err != nil {
		return nil, err
	}
	sel, ok := stmt.(*sqlparser.Select)
	if !ok || len(sel.SelectExprs) != 1 || sel.From != nil || sel.Where != nil || sel.GroupBy != nil ||
		sel.Having != nil || sel.OrderBy != nil || sel.Limit != nil {
		return nil, encounteredErr(src, ds.toks, len(ds.toks)-1)
	}
	ae, ok := sel.SelectExprs[0].(*sqlparser.AliasedExpr)
	if !ok {
		return nil, encounteredErr(src, ds.toks, 0)
	}
	if !ae.As.IsEmpty() {
		// "x y" parsed as an alias: y is what Flink would stop at
		e, _ := (&converter{src: src, ds: ds}).ident(ae.As.String())
		if e != nil && len(e.parts) > 0 {
			return nil, encounteredErr(src, ds.toks, tokenAt(ds.toks, e.parts[0].Pos))
		}
		return nil, encounteredErr(src, ds.toks, len(ds.toks)-1)
	}
	c := &converter{src: src, ds: ds}
	x, err := c.expr(ae.Expr)
	if err != nil {
		return nil, err
	}
	return x, c.finish()
}

func tokenAt(toks []Token, pos int) int {
	for i, t := range toks {
		if t.Pos == pos {
			return i
		}
	}
	return len(toks) - 1
}

// vitessParse runs vitess over the rewritten text. vitess can panic on odd
// input, and a panic would end the wasm instance, so it runs under recover.
func vitessParse(src string, ds *desugared) (stmt sqlparser.Statement, err error) {
	defer func() {
		if r := recover(); r != nil {
			stmt, err = nil, diag.Parse(ds.firstPos(), "Internal parser error: %v", r)
		}
	}()
	stmt, err = sqlparser.ParseWithOptions(context.Background(), ds.text, sqlparser.ParserOptions{})
	if err != nil {
		return nil, ds.mapError(src, err)
	}
	return stmt, nil
}

func (ds *desugared) firstPos() int {
	if len(ds.toks) > 0 {
		return ds.toks[0].Pos
	}
	return 0
}

// mapError turns a vitess syntax error into Flink's ParseException at the
// token that vitess stopped at. vitess reports one past the end of that
// token, in the rewritten text.
func (ds *desugared) mapError(src string, err error) error {
	pos := -1
	if se, ok := vterrors.AsSyntaxError(err); ok {
		pos = se.Position
	} else if i := strings.Index(err.Error(), "at position "); i >= 0 {
		rest := err.Error()[i+len("at position "):]
		n := 0
		for n < len(rest) && rest[n] >= '0' && rest[n] <= '9' {
			n++
		}
		pos, _ = strconv.Atoi(rest[:n])
	}
	if pos < 0 {
		return diag.Parse(ds.firstPos(), "%s", strings.TrimPrefix(err.Error(), "Code: INVALID_ARGUMENT\n"))
	}
	end := pos - 1
	tok := len(ds.toks) - 1 // EOF
	for _, p := range ds.pieces {
		if p.start < end && p.tok >= 0 {
			tok = p.tok
		}
		if p.start >= end {
			break
		}
	}
	if end >= len(ds.text) {
		tok = len(ds.toks) - 1 // <EOF>
	}
	return encounteredErr(src, ds.toks, tok)
}

// converter turns the vitess AST into ours, consuming the desugarer's
// queues in source order.
type converter struct {
	src string
	ds  *desugared

	unary, cases, exists         int
	isUnknown, distinct, similar int
	symmetric                    int
	isJSON                       int
}

// finish checks that every queued annotation was consumed; a mismatch
// would mean positions or operators were attached to the wrong nodes.
func (c *converter) finish() error {
	d := c.ds
	if c.unary != len(d.unaryPos) || c.cases != len(d.casePos) || c.exists != len(d.existsPos) ||
		c.isUnknown != len(d.isUnknown) || c.distinct != len(d.distinct) || c.similar != len(d.similar) ||
		c.symmetric != len(d.symmetric) || c.isJSON != len(d.isJSON) {
		return diag.Parse(d.firstPos(), "Internal parser error: unbalanced desugaring")
	}
	return nil
}

func (c *converter) errorf(format string, args ...any) error {
	return diag.Parse(c.ds.firstPos(), format, args...)
}

func popInt(q []int, i *int) int {
	if *i < len(q) {
		*i++
		return q[*i-1]
	}
	*i++
	return -1
}

func popBool(q []bool, i *int) bool {
	if *i < len(q) {
		*i++
		return q[*i-1]
	}
	*i++
	return false
}

func isIdentMark(name string) bool {
	if !strings.HasPrefix(name, identMark) || len(name) == len(identMark) {
		return false
	}
	for _, c := range name[len(identMark):] {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// ident resolves `__flink_idN`.
func (c *converter) ident(name string) (*identEntry, error) {
	if !strings.HasPrefix(name, identMark) {
		return nil, c.errorf("Internal parser error: unexpected identifier %q", name)
	}
	n, err := strconv.Atoi(name[len(identMark):])
	if err != nil || n < 0 || n >= len(c.ds.idents) {
		return nil, c.errorf("Internal parser error: unexpected identifier %q", name)
	}
	return &c.ds.idents[n], nil
}

func (c *converter) singleIdent(name string) (*Ident, error) {
	e, err := c.ident(name)
	if err != nil {
		return nil, err
	}
	if len(e.parts) != 1 {
		return nil, diag.Parse(e.pos, "Internal parser error: qualified name where a simple one was expected")
	}
	id := e.parts[0]
	return &id, nil
}

// leaf resolves :__flink_lN.
func (c *converter) leaf(v *sqlparser.SQLVal) (any, error) {
	s := string(v.Val)
	if v.Type != sqlparser.ValArg || !strings.HasPrefix(s, leafMark) {
		return nil, c.errorf("Internal parser error: unexpected literal %q", s)
	}
	n, err := strconv.Atoi(s[len(leafMark):])
	if err != nil || n < 0 || n >= len(c.ds.leaves) {
		return nil, c.errorf("Internal parser error: unexpected literal %q", s)
	}
	return c.ds.leaves[n], nil
}

// ---------------------------------------------------------------- queries

func (c *converter) query(s sqlparser.SelectStatement) (Query, error) {
	switch s := s.(type) {
	case *sqlparser.Select:
		return c.selectBlock(s)
	case *sqlparser.SetOp:
		return c.setOp(s)
	case *sqlparser.ParenSelect:
		return c.query(s.Select)
	}
	return nil, c.errorf("Internal parser error: unsupported query %T", s)
}

func (c *converter) with(w *sqlparser.With) ([]CTE, error) {
	if w == nil {
		return nil, nil
	}
	if w.Recursive {
		return nil, c.errorf("WITH RECURSIVE is not supported")
	}
	var ctes []CTE
	for _, cte := range w.Ctes {
		name, err := c.singleIdent(cte.As.String())
		if err != nil {
			return nil, err
		}
		sub, ok := cte.Expr.(*sqlparser.Subquery)
		if !ok {
			return nil, c.errorf("Internal parser error: unsupported CTE %T", cte.Expr)
		}
		q, err := c.query(sub.Select)
		if err != nil {
			return nil, err
		}
		cols, err := c.columns(cte.Columns)
		if err != nil {
			return nil, err
		}
		ctes = append(ctes, CTE{Name: *name, Columns: cols, Query: q})
	}
	return ctes, nil
}

func (c *converter) columns(cols sqlparser.Columns) ([]Ident, error) {
	var out []Ident
	for _, col := range cols {
		id, err := c.singleIdent(col.String())
		if err != nil {
			return nil, err
		}
		out = append(out, *id)
	}
	return out, nil
}

// valuesWrapper recognizes SELECT * FROM (VALUES ...) AS `__flink_iN`, the
// desugared form of a VALUES query.
func (c *converter) valuesWrapper(s *sqlparser.Select) (*Values, bool, error) {
	if len(s.From) != 1 || len(s.SelectExprs) != 1 {
		return nil, false, nil
	}
	at, ok := s.From[0].(*sqlparser.AliasedTableExpr)
	if !ok {
		return nil, false, nil
	}
	vs, ok := at.Expr.(*sqlparser.ValuesStatement)
	if !ok {
		return nil, false, nil
	}
	e, err := c.ident(at.As.String())
	if err != nil || e.kind != idValues {
		return nil, false, c.errorf("Internal parser error: unexpected VALUES")
	}
	v := &Values{Pos: e.pos}
	for _, row := range vs.Rows {
		var r []Expr
		for _, x := range row {
			cx, err := c.expr(x)
			if err != nil {
				return nil, false, err
			}
			r = append(r, cx)
		}
		v.Rows = append(v.Rows, r)
	}
	return v, true, nil
}

func (c *converter) selectBlock(s *sqlparser.Select) (Query, error) {
	if v, ok, err := c.valuesWrapper(s); ok || err != nil {
		return v, err
	}
	ctes, err := c.with(s.With)
	if err != nil {
		return nil, err
	}
	var info *selectInfo
	for _, cm := range s.Comments {
		t := string(cm)
		if strings.HasPrefix(t, selectMark) {
			n, err := strconv.Atoi(strings.TrimSuffix(t[len(selectMark):], "*/"))
			if err == nil && n >= 0 && n < len(c.ds.selects) {
				info = &c.ds.selects[n]
			}
		}
	}
	if info == nil {
		return nil, c.errorf("Internal parser error: SELECT without position")
	}
	if s.Into != nil || s.QueryOpts.SQLCalcFoundRows || s.QueryOpts.StraightJoinHint || s.QueryOpts.SQLCache ||
		s.QueryOpts.SQLNoCache || len(s.QueryOpts.DistinctOn) > 0 {
		return nil, diag.Parse(info.pos, "Unsupported SELECT option")
	}
	out := &Select{Pos: info.pos, With: ctes, Distinct: s.QueryOpts.Distinct}
	for k, se := range s.SelectExprs {
		item := SelectItem{Pos: -1}
		if k < len(info.items) {
			sp := info.items[k]
			item.Pos, item.Text = sp.start, c.src[sp.start:sp.end]
		}
		switch se := se.(type) {
		case *sqlparser.StarExpr:
			item.Star = true
			if q := se.TableName.Name.String(); q != "" {
				e, err := c.ident(q)
				if err != nil {
					return nil, err
				}
				item.Qualifier = e.parts
			}
		case *sqlparser.AliasedExpr:
			x, err := c.expr(se.Expr)
			if err != nil {
				return nil, err
			}
			item.Expr = x
			if !se.As.IsEmpty() {
				if item.Alias, err = c.singleIdent(se.As.String()); err != nil {
					return nil, err
				}
			}
			if item.Pos < 0 {
				item.Pos = x.ExprPos()
			}
		default:
			return nil, c.errorf("Internal parser error: unsupported select item %T", se)
		}
		out.Items = append(out.Items, item)
	}
	if len(s.From) > 0 {
		if out.From, err = c.tableExprs(s.From); err != nil {
			return nil, err
		}
	}
	if s.Where != nil {
		if out.Where, err = c.expr(s.Where.Expr); err != nil {
			return nil, err
		}
	}
	for _, g := range s.GroupBy {
		x, err := c.expr(g)
		if err != nil {
			return nil, err
		}
		out.GroupBy = append(out.GroupBy, x)
	}
	if s.Having != nil {
		if out.Having, err = c.expr(s.Having.Expr); err != nil {
			return nil, err
		}
	}
	for _, w := range s.Window {
		name, err := c.singleIdent(w.Name.String())
		if err != nil {
			return nil, err
		}
		spec, err := c.windowDef(w, name.Pos)
		if err != nil {
			return nil, err
		}
		out.Windows = append(out.Windows, NamedWindow{Name: *name, Spec: spec})
	}
	if out.OrderBy, err = c.orderBy(s.OrderBy); err != nil {
		return nil, err
	}
	if out.Limit, out.Offset, err = c.limit(s.Limit); err != nil {
		return nil, err
	}
	if s.Lock != nil && (s.Lock.Type != "" || len(s.Lock.Tables) > 0) {
		return nil, diag.Parse(info.pos, "Unsupported locking clause")
	}
	return out, nil
}

func (c *converter) setOp(s *sqlparser.SetOp) (Query, error) {
	ctes, err := c.with(s.With)
	if err != nil {
		return nil, err
	}
	l, err := c.query(s.Left)
	if err != nil {
		return nil, err
	}
	r, err := c.query(s.Right)
	if err != nil {
		return nil, err
	}
	out := &SetOp{Pos: l.QueryPos(), With: ctes, Left: l, Right: r}
	switch s.Type {
	case sqlparser.UnionStr, sqlparser.UnionDistinctStr:
		out.Op = Union
	case sqlparser.UnionAllStr:
		out.Op, out.All = Union, true
	case sqlparser.IntersectStr, sqlparser.IntersectDistinctStr:
		out.Op = Intersect
	case sqlparser.IntersectAllStr:
		out.Op, out.All = Intersect, true
	case sqlparser.ExceptStr, sqlparser.ExceptDistinctStr:
		out.Op = Except
	case sqlparser.ExceptAllStr:
		out.Op, out.All = Except, true
	default:
		return nil, c.errorf("Internal parser error: unsupported set operation %q", s.Type)
	}
	if out.OrderBy, err = c.orderBy(s.OrderBy); err != nil {
		return nil, err
	}
	if out.Limit, out.Offset, err = c.limit(s.Limit); err != nil {
		return nil, err
	}
	return out, nil
}

func (c *converter) orderBy(ob sqlparser.OrderBy) ([]OrderItem, error) {
	var out []OrderItem
	for _, o := range ob {
		item := OrderItem{Desc: o.Direction == sqlparser.DescScr}
		x := o.Expr
		if f, ok := x.(*sqlparser.FuncExpr); ok && len(f.Exprs) == 1 {
			name := f.Name.String()
			if name == markerPref+"nulls_first" || name == markerPref+"nulls_last" {
				first := name == markerPref+"nulls_first"
				item.NullsFirst = &first
				ae, ok := f.Exprs[0].(*sqlparser.AliasedExpr)
				if !ok {
					return nil, c.errorf("Internal parser error: bad NULLS marker")
				}
				x = ae.Expr
			}
		}
		cx, err := c.expr(x)
		if err != nil {
			return nil, err
		}
		item.Expr = cx
		out = append(out, item)
	}
	return out, nil
}

func (c *converter) limit(l *sqlparser.Limit) (limit, offset Expr, err error) {
	if l == nil {
		return nil, nil, nil
	}
	val := func(e sqlparser.Expr) (Expr, error) {
		if e == nil {
			return nil, nil
		}
		v, ok := e.(*sqlparser.SQLVal)
		if !ok {
			return nil, c.errorf("Internal parser error: unsupported LIMIT %T", e)
		}
		lf, err := c.leaf(v)
		if err != nil {
			return nil, err
		}
		switch lf := lf.(type) {
		case noLimit:
			return nil, nil
		case Expr:
			return lf, nil
		}
		return nil, c.errorf("Internal parser error: unsupported LIMIT")
	}
	if limit, err = val(l.Rowcount); err != nil {
		return nil, nil, err
	}
	offset, err = val(l.Offset)
	return limit, offset, err
}

// ---------------------------------------------------------------- FROM

func (c *converter) tableExprs(tes sqlparser.TableExprs) (TableRef, error) {
	var acc TableRef
	for _, te := range tes {
		t, err := c.tableExpr(te)
		if err != nil {
			return nil, err
		}
		if acc == nil {
			acc = t
			continue
		}
		acc = &Join{Pos: acc.RefPos(), Kind: CrossJoin, Left: acc, Right: t, Comma: true}
	}
	return acc, nil
}

func (c *converter) tableExpr(te sqlparser.TableExpr) (TableRef, error) {
	switch te := te.(type) {
	case *sqlparser.AliasedTableExpr:
		return c.aliasedTable(te)
	case *sqlparser.TableFuncExpr:
		e, err := c.ident(te.Name)
		if err != nil {
			return nil, err
		}
		tf := &TableFunc{Pos: e.pos, Name: e.name, Columns: e.cols, Lateral: e.kind == idLateral, Ordinality: e.ordinality}
		if e.kind != idTVF && e.kind != idUnnest && e.kind != idLateral {
			return nil, c.errorf("Internal parser error: unexpected table function")
		}
		if tf.Args, err = c.args(te.Exprs, nil); err != nil {
			return nil, err
		}
		if !te.Alias.IsEmpty() {
			if tf.Alias, err = c.singleIdent(te.Alias.String()); err != nil {
				return nil, err
			}
		}
		return tf, nil
	case *sqlparser.JoinTableExpr:
		l, err := c.tableExpr(te.LeftExpr)
		if err != nil {
			return nil, err
		}
		r, err := c.tableExpr(te.RightExpr)
		if err != nil {
			return nil, err
		}
		j := &Join{Pos: l.RefPos(), Left: l, Right: r}
		switch te.Join {
		case sqlparser.JoinStr:
			j.Kind = InnerJoin
			if te.Condition.On == nil && len(te.Condition.Using) == 0 {
				j.Kind = CrossJoin
			}
		case sqlparser.LeftJoinStr:
			j.Kind = LeftJoin
		case sqlparser.RightJoinStr:
			j.Kind = RightJoin
		case sqlparser.FullOuterJoinStr:
			j.Kind = FullJoin
		case sqlparser.NaturalJoinStr:
			j.Kind, j.Natural = InnerJoin, true
		case sqlparser.NaturalLeftJoinStr:
			j.Kind, j.Natural = LeftJoin, true
		case sqlparser.NaturalRightJoinStr:
			j.Kind, j.Natural = RightJoin, true
		case sqlparser.NaturalFullJoinStr:
			j.Kind, j.Natural = FullJoin, true
		default:
			return nil, diag.Parse(l.RefPos(), "Unsupported join %q", te.Join)
		}
		if te.Condition.On != nil {
			if j.On, err = c.expr(te.Condition.On); err != nil {
				return nil, err
			}
		}
		if j.Using, err = c.columns(te.Condition.Using); err != nil {
			return nil, err
		}
		return j, nil
	case *sqlparser.ParenTableExpr:
		return c.tableExprs(te.Exprs)
	}
	return nil, c.errorf("Internal parser error: unsupported table reference %T", te)
}

func (c *converter) aliasedTable(te *sqlparser.AliasedTableExpr) (TableRef, error) {
	if te.Hints != nil || len(te.Partitions) > 0 {
		return nil, c.errorf("Internal parser error: unsupported table options")
	}
	if as := te.As.String(); isIdentMark(as) {
		if e, err := c.ident(as); err == nil && e.match != nil {
			// input MATCH_RECOGNIZE (...) [AS alias]: the alias is the clause's
			mr := e.match
			if len(e.parts) == 1 {
				mr.Alias = &e.parts[0]
			}
			in := *te
			in.As = sqlparser.NewTableIdent("")
			ref, err := c.aliasedTable(&in)
			if err != nil {
				return nil, err
			}
			mr.Input = ref
			return mr, nil
		}
	}
	var alias *Ident
	if as := te.As.String(); as != "" && as != anonAlias {
		var err error
		if alias, err = c.singleIdent(as); err != nil {
			return nil, err
		}
	}
	switch x := te.Expr.(type) {
	case sqlparser.TableName:
		if !x.DbQualifier.IsEmpty() || !x.SchemaQualifier.IsEmpty() {
			return nil, c.errorf("Internal parser error: unexpected qualified table")
		}
		e, err := c.ident(x.Name.String())
		if err != nil {
			return nil, err
		}
		tn := &TableName{Pos: e.pos, Name: ObjectName{Parts: e.parts}, Alias: alias, Hints: e.hints}
		if te.AsOf != nil {
			if te.AsOf.Time == nil || te.AsOf.Start != nil || te.AsOf.End != nil || te.AsOf.All {
				return nil, diag.Parse(e.pos, "Unsupported temporal clause")
			}
			if tn.AsOf, err = c.expr(te.AsOf.Time); err != nil {
				return nil, err
			}
		}
		return tn, nil
	case *sqlparser.Subquery:
		q, err := c.query(x.Select)
		if err != nil {
			return nil, err
		}
		cols, err := c.columns(x.Columns)
		if err != nil {
			return nil, err
		}
		return &DerivedTable{Pos: q.QueryPos(), Query: q, Alias: alias, Columns: cols, Lateral: te.Lateral}, nil
	}
	return nil, c.errorf("Internal parser error: unsupported table %T", te.Expr)
}

// ---------------------------------------------------------------- expressions

var binaryOps = map[string]BinaryOp{
	"+": OpAdd, "-": OpSub, "*": OpMul, "/": OpDiv, "%": OpMod, "div": OpConcat,
}

var comparisonOps = map[string]BinaryOp{
	"=": OpEq, "!=": OpNe, "<>": OpNe, "<": OpLt, "<=": OpLe, ">": OpGt, ">=": OpGe,
}

func (c *converter) exprs(xs []sqlparser.Expr) ([]Expr, error) {
	var out []Expr
	for _, x := range xs {
		cx, err := c.expr(x)
		if err != nil {
			return nil, err
		}
		out = append(out, cx)
	}
	return out, nil
}

func (c *converter) expr(x sqlparser.Expr) (Expr, error) {
	switch x := x.(type) {
	case *sqlparser.ColName:
		if !x.Qualifier.IsEmpty() {
			return nil, c.errorf("Internal parser error: unexpected qualified column")
		}
		e, err := c.ident(x.Name.String())
		if err != nil {
			return nil, err
		}
		return &ColumnRef{Pos: e.pos, Parts: e.parts}, nil
	case *sqlparser.SQLVal:
		lf, err := c.leaf(x)
		if err != nil {
			return nil, err
		}
		if e, ok := lf.(Expr); ok {
			return e, nil
		}
		return nil, c.errorf("Internal parser error: misplaced literal")
	case *sqlparser.ParenExpr:
		return c.expr(x.Expr)
	case *sqlparser.AndExpr:
		return c.binary(OpAnd, x.Left, x.Right)
	case *sqlparser.OrExpr:
		return c.binary(OpOr, x.Left, x.Right)
	case *sqlparser.NotExpr:
		pos := popInt(c.ds.unaryPos, &c.unary)
		inner, err := c.expr(x.Expr)
		if err != nil {
			return nil, err
		}
		return &Unary{Pos: pos, Op: OpNot, X: inner}, nil
	case *sqlparser.UnaryExpr:
		op := OpNeg
		switch x.Operator {
		case sqlparser.UMinusStr:
		case sqlparser.UPlusStr:
			op = OpPlus
		default:
			return nil, c.errorf("Unsupported operator %q", x.Operator)
		}
		pos := popInt(c.ds.unaryPos, &c.unary)
		inner, err := c.expr(x.Expr)
		if err != nil {
			return nil, err
		}
		return &Unary{Pos: pos, Op: op, X: inner}, nil
	case *sqlparser.BinaryExpr:
		op, ok := binaryOps[x.Operator]
		if !ok {
			return nil, c.errorf("Unsupported operator %q", x.Operator)
		}
		return c.binary(op, x.Left, x.Right)
	case *sqlparser.ComparisonExpr:
		return c.comparison(x)
	case *sqlparser.RangeCond:
		l, err := c.expr(x.Left)
		if err != nil {
			return nil, err
		}
		sym := popBool(c.ds.symmetric, &c.symmetric)
		lo, err := c.expr(x.From)
		if err != nil {
			return nil, err
		}
		hi, err := c.expr(x.To)
		if err != nil {
			return nil, err
		}
		if x.Operator != sqlparser.BetweenStr && x.Operator != sqlparser.NotBetweenStr {
			return nil, c.errorf("Unsupported operator %q", x.Operator)
		}
		return &Between{Pos: l.ExprPos(), X: l, Lo: lo, Hi: hi, Not: x.Operator == sqlparser.NotBetweenStr, Symmetric: sym}, nil
	case *sqlparser.IsExpr:
		inner, err := c.expr(x.Expr)
		if err != nil {
			return nil, err
		}
		p := &IsPredicate{Pos: inner.ExprPos(), X: inner}
		switch x.Operator {
		case sqlparser.IsNullStr, sqlparser.IsNotNullStr:
			p.What = "NULL"
			if popBool(c.ds.isUnknown, &c.isUnknown) {
				p.What = "UNKNOWN"
			}
			if c.isJSON < len(c.ds.isJSON) && c.ds.isJSON[c.isJSON] != "" {
				p.What = "JSON " + c.ds.isJSON[c.isJSON]
			}
			c.isJSON++
			p.Not = x.Operator == sqlparser.IsNotNullStr
		case sqlparser.IsTrueStr:
			p.What = "TRUE"
		case sqlparser.IsNotTrueStr:
			p.What, p.Not = "TRUE", true
		case sqlparser.IsFalseStr:
			p.What = "FALSE"
		case sqlparser.IsNotFalseStr:
			p.What, p.Not = "FALSE", true
		default:
			return nil, c.errorf("Unsupported operator %q", x.Operator)
		}
		return p, nil
	case *sqlparser.CaseExpr:
		pos := popInt(c.ds.casePos, &c.cases)
		out := &Case{Pos: pos}
		var err error
		if x.Expr != nil {
			if out.Operand, err = c.expr(x.Expr); err != nil {
				return nil, err
			}
		}
		for _, w := range x.Whens {
			cond, err := c.expr(w.Cond)
			if err != nil {
				return nil, err
			}
			res, err := c.expr(w.Val)
			if err != nil {
				return nil, err
			}
			out.Whens = append(out.Whens, When{Cond: cond, Result: res})
		}
		if x.Else != nil {
			if out.Else, err = c.expr(x.Else); err != nil {
				return nil, err
			}
		}
		return out, nil
	case *sqlparser.ExistsExpr:
		pos := popInt(c.ds.existsPos, &c.exists)
		q, err := c.query(x.Subquery.Select)
		if err != nil {
			return nil, err
		}
		return &Exists{Pos: pos, Subquery: q}, nil
	case *sqlparser.Subquery:
		q, err := c.query(x.Select)
		if err != nil {
			return nil, err
		}
		return &ScalarSubquery{Pos: q.QueryPos(), Query: q}, nil
	case sqlparser.ValTuple:
		args, err := c.exprs(x)
		if err != nil {
			return nil, err
		}
		pos := -1
		if len(args) > 0 {
			pos = args[0].ExprPos()
		}
		return &Call{Pos: pos, Name: "ROW", Args: args}, nil
	case *sqlparser.IntervalExpr:
		// frame bounds: INTERVAL :leaf DAY, where the leaf holds the real bound
		return c.expr(x.Expr)
	case *sqlparser.FuncExpr:
		return c.funcExpr(x)
	}
	return nil, c.errorf("Unsupported expression %s", sqlparser.String(x))
}

func (c *converter) binary(op BinaryOp, l, r sqlparser.Expr) (Expr, error) {
	cl, err := c.expr(l)
	if err != nil {
		return nil, err
	}
	cr, err := c.expr(r)
	if err != nil {
		return nil, err
	}
	return &Binary{Pos: cl.ExprPos(), Op: op, L: cl, R: cr}, nil
}

func (c *converter) comparison(x *sqlparser.ComparisonExpr) (Expr, error) {
	l, err := c.expr(x.Left)
	if err != nil {
		return nil, err
	}
	switch x.Operator {
	case sqlparser.InStr, sqlparser.NotInStr:
		in := &In{Pos: l.ExprPos(), X: l, Not: x.Operator == sqlparser.NotInStr}
		switch r := x.Right.(type) {
		case sqlparser.ValTuple:
			if in.List, err = c.exprs(r); err != nil {
				return nil, err
			}
		case *sqlparser.Subquery:
			if in.Subquery, err = c.query(r.Select); err != nil {
				return nil, err
			}
		default:
			return nil, c.errorf("Unsupported IN operand")
		}
		return in, nil
	case sqlparser.LikeStr, sqlparser.NotLikeStr:
		similar := popBool(c.ds.similar, &c.similar)
		p, err := c.expr(x.Right)
		if err != nil {
			return nil, err
		}
		lk := &Like{Pos: l.ExprPos(), X: l, Pattern: p, Not: x.Operator == sqlparser.NotLikeStr, Similar: similar}
		if x.Escape != nil {
			if lk.Escape, err = c.expr(x.Escape); err != nil {
				return nil, err
			}
		}
		return lk, nil
	case sqlparser.NullSafeEqualStr:
		if slices.Contains(c.ds.overlaps, c.distinct) {
			c.distinct++
			return c.overlaps(l, x.Right)
		}
		op := OpIsNotDistinctFrom
		if popBool(c.ds.distinct, &c.distinct) {
			op = OpIsDistinctFrom
		}
		r, err := c.expr(x.Right)
		if err != nil {
			return nil, err
		}
		return &Binary{Pos: l.ExprPos(), Op: op, L: l, R: r}, nil
	}
	op, ok := comparisonOps[x.Operator]
	if !ok || x.Escape != nil {
		return nil, c.errorf("Unsupported operator %q", x.Operator)
	}
	r, err := c.expr(x.Right)
	if err != nil {
		return nil, err
	}
	return &Binary{Pos: l.ExprPos(), Op: op, L: l, R: r}, nil
}

// overlaps converts (a, b) OVERLAPS (c, d) into the call OVERLAPS(a, b, c, d).
func (c *converter) overlaps(l Expr, right sqlparser.Expr) (Expr, error) {
	r, err := c.expr(right)
	if err != nil {
		return nil, err
	}
	lc, ok1 := l.(*Call)
	rc, ok2 := r.(*Call)
	if !ok1 || !ok2 || lc.Name != "ROW" || rc.Name != "ROW" || len(lc.Args) != 2 || len(rc.Args) != 2 {
		return nil, diag.Parse(l.ExprPos(), "Illegal overlaps expression")
	}
	return &Call{Pos: l.ExprPos(), Name: "OVERLAPS", Args: append(append([]Expr{}, lc.Args...), rc.Args...)}, nil
}

// args converts call arguments; star is set for COUNT(*).
func (c *converter) args(ses sqlparser.SelectExprs, star *bool) ([]Expr, error) {
	var out []Expr
	for _, se := range ses {
		switch se := se.(type) {
		case *sqlparser.StarExpr:
			if star == nil || !se.TableName.IsEmpty() || len(ses) != 1 {
				return nil, c.errorf("Unsupported use of *")
			}
			*star = true
		case *sqlparser.AliasedExpr:
			x, err := c.expr(se.Expr)
			if err != nil {
				return nil, err
			}
			out = append(out, x)
		default:
			return nil, c.errorf("Internal parser error: unsupported argument %T", se)
		}
	}
	return out, nil
}

func (c *converter) argExprs(f *sqlparser.FuncExpr, n int) ([]sqlparser.Expr, error) {
	if len(f.Exprs) != n {
		return nil, c.errorf("Internal parser error: bad marker %s", f.Name.String())
	}
	out := make([]sqlparser.Expr, n)
	for k, se := range f.Exprs {
		ae, ok := se.(*sqlparser.AliasedExpr)
		if !ok {
			return nil, c.errorf("Internal parser error: bad marker %s", f.Name.String())
		}
		out[k] = ae.Expr
	}
	return out, nil
}

func (c *converter) funcExpr(f *sqlparser.FuncExpr) (Expr, error) {
	name := f.Name.String()
	if !f.Qualifier.IsEmpty() {
		return nil, c.errorf("Internal parser error: qualified function")
	}
	if isIdentMark(name) {
		if f.Over != nil {
			return nil, c.errorf("Internal parser error: unexpected OVER")
		}
		e, err := c.ident(name)
		if err != nil {
			return nil, err
		}
		call := &Call{Pos: e.pos, Name: e.name, Distinct: f.Distinct}
		if call.Args, err = c.args(f.Exprs, &call.Star); err != nil {
			return nil, err
		}
		return call, nil
	}
	switch strings.ToLower(name) {
	case markerPref + "cast":
		xs, err := c.argExprs(f, 2)
		if err != nil {
			return nil, err
		}
		x, err := c.expr(xs[0])
		if err != nil {
			return nil, err
		}
		v, ok := xs[1].(*sqlparser.SQLVal)
		if !ok {
			return nil, c.errorf("Internal parser error: bad cast")
		}
		lf, err := c.leaf(v)
		if err != nil {
			return nil, err
		}
		ci, ok := lf.(*castInfo)
		if !ok {
			return nil, c.errorf("Internal parser error: bad cast")
		}
		t, err := ParseType(c.src, ci.typeStart, ci.typeEnd)
		if err != nil {
			return nil, err
		}
		return &Cast{Pos: ci.pos, X: x, Type: t, TypePos: ci.typeStart, Try: ci.try,
			TypeText: c.src[ci.typeStart:ci.typeEnd]}, nil
	case markerPref + "item":
		xs, err := c.argExprs(f, 2)
		if err != nil {
			return nil, err
		}
		args, err := c.exprs(xs)
		if err != nil {
			return nil, err
		}
		return &Call{Pos: args[0].ExprPos(), Name: "ITEM", Args: args}, nil
	case markerPref + "filter":
		xs, err := c.argExprs(f, 2)
		if err != nil {
			return nil, err
		}
		x, err := c.expr(xs[0])
		if err != nil {
			return nil, err
		}
		call, ok := x.(*Call)
		if !ok {
			return nil, c.errorf("Internal parser error: bad FILTER")
		}
		if call.Filter, err = c.expr(xs[1]); err != nil {
			return nil, err
		}
		return call, nil
	case markerPref + "named":
		xs, err := c.argExprs(f, 2)
		if err != nil {
			return nil, err
		}
		col, ok := xs[0].(*sqlparser.ColName)
		if !ok {
			return nil, c.errorf("Internal parser error: bad named argument")
		}
		id, err := c.singleIdent(col.Name.String())
		if err != nil {
			return nil, err
		}
		v, err := c.expr(xs[1])
		if err != nil {
			return nil, err
		}
		return &NamedArg{Pos: id.Pos, Name: *id, Value: v}, nil
	case markerPref + "table":
		if len(f.Exprs) < 1 || len(f.Exprs) > 2 {
			return nil, c.errorf("Internal parser error: bad TABLE argument")
		}
		xs, err := c.argExprs(f, len(f.Exprs))
		if err != nil {
			return nil, err
		}
		col, ok := xs[0].(*sqlparser.ColName)
		if !ok {
			return nil, c.errorf("Internal parser error: bad TABLE argument")
		}
		e, err := c.ident(col.Name.String())
		if err != nil {
			return nil, err
		}
		ta := &TableArg{Pos: e.pos, Name: ObjectName{Parts: e.parts}}
		if len(xs) == 2 {
			pf, ok := xs[1].(*sqlparser.FuncExpr)
			if !ok || !strings.EqualFold(pf.Name.String(), markerPref+"partition") {
				return nil, c.errorf("Internal parser error: bad TABLE argument")
			}
			if ta.PartitionBy, err = c.args(pf.Exprs, nil); err != nil {
				return nil, err
			}
		}
		return ta, nil
	case "sum":
		if f.Over == nil || len(f.Exprs) != 1 || f.Distinct {
			break
		}
		xs, err := c.argExprs(f, 1)
		if err != nil {
			return nil, err
		}
		inner, ok := xs[0].(*sqlparser.FuncExpr)
		if !ok || !strings.EqualFold(inner.Name.String(), markerPref+"over") {
			break
		}
		ys, err := c.argExprs(inner, 1)
		if err != nil {
			return nil, err
		}
		x, err := c.expr(ys[0])
		if err != nil {
			return nil, err
		}
		call, ok := x.(*Call)
		if !ok {
			return nil, c.errorf("Internal parser error: bad OVER")
		}
		overPos := call.Pos
		if e := c.callEntry(ys[0]); e != nil && e.overPos >= 0 {
			overPos = e.overPos
		}
		if call.Over, err = c.windowDef((*sqlparser.WindowDef)(f.Over), overPos); err != nil {
			return nil, err
		}
		return call, nil
	}
	return nil, c.errorf("Unsupported function %s", name)
}

// callEntry finds the identifier entry of the call inside an OVER marker.
func (c *converter) callEntry(x sqlparser.Expr) *identEntry {
	f, ok := x.(*sqlparser.FuncExpr)
	if !ok {
		return nil
	}
	if strings.EqualFold(f.Name.String(), markerPref+"filter") && len(f.Exprs) > 0 {
		if ae, ok := f.Exprs[0].(*sqlparser.AliasedExpr); ok {
			return c.callEntry(ae.Expr)
		}
		return nil
	}
	e, err := c.ident(f.Name.String())
	if err != nil {
		return nil
	}
	return e
}

func (c *converter) windowDef(w *sqlparser.WindowDef, pos int) (*WindowSpec, error) {
	spec := &WindowSpec{Pos: pos}
	if ref := w.NameRef.String(); ref != "" {
		id, err := c.singleIdent(ref)
		if err != nil {
			return nil, err
		}
		spec.Name = id.Name
	}
	var err error
	if spec.PartitionBy, err = c.exprs(w.PartitionBy); err != nil {
		return nil, err
	}
	if spec.OrderBy, err = c.orderBy(w.OrderBy); err != nil {
		return nil, err
	}
	if w.Frame != nil {
		fr := &Frame{Rows: w.Frame.Unit == sqlparser.RowsUnit}
		if w.Frame.Unit != sqlparser.RowsUnit && w.Frame.Unit != sqlparser.RangeUnit {
			return nil, diag.Parse(pos, "Unsupported window frame unit")
		}
		ext := w.Frame.Extent
		if ext == nil || ext.Start == nil {
			return nil, diag.Parse(pos, "Internal parser error: bad window frame")
		}
		if fr.Start, err = c.frameBound(ext.Start); err != nil {
			return nil, err
		}
		if ext.End != nil {
			if fr.End, err = c.frameBound(ext.End); err != nil {
				return nil, err
			}
		} else {
			fr.End = FrameBound{Kind: "CURRENT ROW"}
		}
		spec.Frame = fr
	}
	return spec, nil
}

func (c *converter) frameBound(b *sqlparser.FrameBound) (FrameBound, error) {
	switch b.Type {
	case sqlparser.UnboundedPreceding:
		return FrameBound{Kind: "UNBOUNDED PRECEDING"}, nil
	case sqlparser.UnboundedFollowing:
		return FrameBound{Kind: "UNBOUNDED FOLLOWING"}, nil
	case sqlparser.CurrentRow:
		return FrameBound{Kind: "CURRENT ROW"}, nil
	case sqlparser.ExprPreceding, sqlparser.ExprFollowing:
		x, err := c.expr(b.Expr)
		if err != nil {
			return FrameBound{}, err
		}
		kind := "PRECEDING"
		if b.Type == sqlparser.ExprFollowing {
			kind = "FOLLOWING"
		}
		return FrameBound{Kind: kind, Offset: x}, nil
	}
	return FrameBound{}, c.errorf("Internal parser error: bad frame bound")
}
