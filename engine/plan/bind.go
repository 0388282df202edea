package plan

import (
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/flinkplay/flinkplay/engine/catalog"
	"github.com/flinkplay/flinkplay/engine/connector"
	"github.com/flinkplay/flinkplay/engine/diag"
	"github.com/flinkplay/flinkplay/engine/expr"
	"github.com/flinkplay/flinkplay/engine/sql"
	"github.com/flinkplay/flinkplay/engine/types"
)

// binder binds one statement.
type binder struct {
	p *Planner
	// noSources skips connector validation: views and computed columns are
	// validated structurally at CREATE time, as in Flink, where options are
	// only checked when a table is used.
	noSources bool
	// views being expanded, to refuse cycles.
	expanding []catalog.ObjectID
	// agg, while binding above an Aggregate, maps grouped expressions and
	// aggregate calls to the Aggregate's output columns.
	agg *aggScope
	// exp, when set, records resolutions for SHOW CREATE VIEW's text.
	exp *expansion
	// rankHints and overCols belong to OVER windows (over.go, rank.go).
	rankHints map[*sql.Call]*rankHint
	overCols  map[*sql.Call]int
	// overExprs are the OVER calls computed from others (the variance
	// family, from SUMs and a COUNT over the same window).
	overExprs map[*sql.Call]expr.Expr
	// ctes are the WITH entries in scope, innermost last (cte.go).
	ctes []cteDef
	// scalars maps a scalar subquery of a WHERE clause or SELECT list to
	// the scope column that joins its value in (subquery.go).
	scalars map[*sql.ScalarSubquery]int
	// matchLeaves are the bound reads of a MATCH_RECOGNIZE expression
	// (match.go): columns, navigations, aggregates.
	matchLeaves map[sql.Expr]expr.Expr
}

// scopeCol is a column visible to expressions.
type scopeCol struct {
	table string // qualifier: table name or alias
	name  string
	typ   types.Type
	// hidden marks a column that is not part of a bare *: one computed for
	// an OVER window, a column of a USING/NATURAL join's input (reachable by
	// its qualified name and table.* but not by its bare name), and the value
	// of a scalar subquery (subquery.go).
	hidden bool
}

// scope lists the columns of the FROM clause in order.
type scope struct {
	cols []scopeCol
	// outerN > 0: cols[:outerN] are an enclosing query's, seen by a
	// correlated subquery's conditions (subquery.go).
	outerN int
}

func (s *scope) schema() types.Schema {
	var out types.Schema
	for _, c := range s.cols {
		out.Columns = append(out.Columns, types.Column{Name: c.name, Type: c.typ})
	}
	return out
}

func scopeOf(sch types.Schema, table string) *scope {
	sc := &scope{}
	for _, c := range sch.Columns {
		sc.cols = append(sc.cols, scopeCol{table: table, name: c.Name, typ: c.Type})
	}
	return sc
}

// resolve finds a column reference, with Calcite's messages.
func (s *scope) resolve(ref *sql.ColumnRef) (int, error) {
	if s.outerN > 0 {
		return s.resolveCorrelated(ref)
	}
	parts := ref.Parts
	switch len(parts) {
	case 1:
		found := -1
		for i, c := range s.cols {
			if c.name == parts[0].Name && !c.hidden {
				if found >= 0 {
					return 0, diag.Errorf(ref.Pos, diag.SqlValidatorException, "Column '%s' is ambiguous", parts[0].Name)
				}
				found = i
			}
		}
		if found < 0 {
			return 0, diag.Errorf(ref.Pos, diag.SqlValidatorException, "Column '%s' not found in any table", parts[0].Name)
		}
		return found, nil
	case 2:
		tableSeen := false
		for i, c := range s.cols {
			if c.table == parts[0].Name {
				tableSeen = true
				if c.name == parts[1].Name {
					return i, nil
				}
			}
		}
		if !tableSeen {
			return 0, diag.Errorf(ref.Pos, diag.SqlValidatorException, "Table '%s' not found", parts[0].Name)
		}
		return 0, diag.Errorf(parts[1].Pos, diag.SqlValidatorException, "Column '%s' not found in table '%s'", parts[1].Name, parts[0].Name)
	}
	names := make([]string, len(parts))
	for i, p := range parts {
		names[i] = p.Name
	}
	return 0, diag.Errorf(ref.Pos, diag.SqlValidatorException, "Column '%s' not found in any table", strings.Join(names, "."))
}

// query binds a query; outer is reserved for correlated subqueries.
func (b *binder) query(q sql.Query, outer *scope) (Node, error) {
	switch q := q.(type) {
	case *sql.Select:
		return b.selectQuery(q)
	case *sql.Values:
		return b.values(q)
	case *sql.SetOp:
		return b.setOp(q)
	}
	return nil, diag.Errorf(q.QueryPos(), diag.TableException, "Unsupported query: %T", q)
}

func (b *binder) setOp(q *sql.SetOp) (Node, error) {
	defer b.withCTEs(q.With)()
	opName := setOpName(q)
	l, err := b.query(q.Left, nil)
	if err != nil {
		return nil, err
	}
	r, err := b.query(q.Right, nil)
	if err != nil {
		return nil, err
	}
	ls, rs := l.Schema(), r.Schema()
	if ls.Len() != rs.Len() {
		return nil, diag.Errorf(q.Pos, diag.SqlValidatorException, "Column count mismatch in %s", opName)
	}
	out := types.Schema{Columns: make([]types.Column, ls.Len())}
	for i := range ls.Columns {
		t, ok := expr.LeastRestrictive(ls.Columns[i].Type, rs.Columns[i].Type)
		if !ok {
			return nil, diag.Errorf(q.Pos, diag.SqlValidatorException, "Type mismatch in column %d of %s", i+1, opName)
		}
		out.Columns[i] = types.Column{Name: ls.Columns[i].Name, Type: t}
	}
	l, err = castTo(l, out)
	if err != nil {
		return nil, err
	}
	r, err = castTo(r, out)
	if err != nil {
		return nil, err
	}
	var n Node = &Union{Ins: []Node{l, r}, Out: out}
	if q.Op != sql.Union {
		n = intersectExcept(q, l, r, out)
	} else if !q.All {
		keys := make([]int, out.Len())
		for i := range keys {
			keys[i] = i
		}
		n = &Aggregate{Input: n, Keys: keys, Out: out}
	}
	return b.orderLimit(n, scopeOf(out, ""), nil, q.OrderBy, q.Limit, q.Offset)
}

// castTo projects n onto the given row type, casting where types differ.
func castTo(n Node, want types.Schema) (Node, error) {
	have := n.Schema()
	same := true
	exprs := make([]expr.Expr, have.Len())
	for i, c := range have.Columns {
		exprs[i] = expr.Column(i, c.Type)
		if !c.Type.Equal(want.Columns[i].Type) {
			same = false
			x, err := expr.Cast(exprs[i], want.Columns[i].Type, false, diag.NoPos)
			if err != nil {
				return nil, err
			}
			exprs[i] = x
		}
	}
	if same {
		return n, nil
	}
	return &Project{Input: n, Exprs: exprs, Out: want}, nil
}

// values binds VALUES rows: every row is constant; column types are the
// least restrictive type of each column, as Calcite derives them.
func (b *binder) values(q *sql.Values) (Node, error) {
	empty := &scope{}
	var rows [][]expr.Expr
	width := -1
	for _, r := range q.Rows {
		if width >= 0 && len(r) != width {
			return nil, diag.Errorf(q.Pos, diag.SqlValidatorException, "Values passed to VALUES operator must have compatible types")
		}
		width = len(r)
		row := make([]expr.Expr, len(r))
		for i, e := range r {
			x, err := b.expr(e, empty)
			if err != nil {
				return nil, err
			}
			row[i] = x
		}
		rows = append(rows, row)
	}
	out := types.Schema{Columns: make([]types.Column, width)}
	for c := 0; c < width; c++ {
		ts := make([]types.Type, len(rows))
		for r := range rows {
			ts[r] = rows[r][c].Type()
		}
		t, ok := expr.LeastRestrictive(ts...)
		if !ok {
			return nil, diag.Errorf(q.Pos, diag.SqlValidatorException, "Values passed to VALUES operator must have compatible types")
		}
		out.Columns[c] = types.Column{Name: exprName(c), Type: t}
	}
	ctx := &expr.Ctx{Zone: b.zone()}
	vals := make([][]types.Value, len(rows))
	for r, row := range rows {
		vals[r] = make([]types.Value, width)
		for c, x := range row {
			if !x.Type().Equal(out.Columns[c].Type) {
				cx, err := expr.Cast(x, out.Columns[c].Type, false, q.Pos)
				if err != nil {
					return nil, err
				}
				x = cx
			}
			v, err := x.Eval(ctx, nil)
			if err != nil {
				return nil, err
			}
			vals[r][c] = v.Clone()
		}
	}
	return &Values{Rows: vals, Out: out, Batch: b.p.Batch}, nil
}

func (b *binder) zone() *time.Location { return b.p.Zone }

// from binds a FROM entry and returns its node and scope.
func (b *binder) from(ref sql.TableRef) (Node, *scope, error) {
	switch r := ref.(type) {
	case *sql.TableName:
		return b.tableName(r)
	case *sql.DerivedTable:
		n, err := b.query(r.Query, nil)
		if err != nil {
			return nil, nil, err
		}
		sch := n.Schema()
		if len(r.Columns) > 0 {
			if len(r.Columns) != sch.Len() {
				return nil, nil, diag.Errorf(r.Pos, diag.SqlValidatorException,
					"List of column aliases must have same degree as table; table has %d columns ('%s'), whereas alias list has %d columns",
					sch.Len(), strings.Join(sch.Names(), "', '"), len(r.Columns))
			}
			renamed := types.Schema{Columns: make([]types.Column, sch.Len())}
			for i, c := range sch.Columns {
				renamed.Columns[i] = types.Column{Name: r.Columns[i].Name, Type: c.Type}
			}
			n = rename(n, renamed)
			sch = renamed
		}
		alias := ""
		if r.Alias != nil {
			alias = r.Alias.Name
		}
		return n, scopeOf(sch, alias), nil
	case *sql.Join:
		return b.join(r)
	case *sql.MatchRecognize:
		return b.matchRecognize(r)
	case *sql.TableFunc:
		if isWindowTVF(r.Name) && !r.Lateral {
			return b.windowTVF(r)
		}
		return nil, nil, b.unknownTableFunc(r, &scope{})
	}
	return nil, nil, diag.Errorf(ref.RefPos(), diag.TableException, "Unsupported FROM clause")
}

// rename gives n's output new column names.
func rename(n Node, s types.Schema) Node {
	switch n := n.(type) {
	case *Values:
		return &Values{Rows: n.Rows, Out: s, Batch: n.Batch}
	case *Project:
		return &Project{Input: n.Input, Exprs: n.Exprs, Out: s}
	}
	exprs := make([]expr.Expr, s.Len())
	for i, c := range s.Columns {
		exprs[i] = expr.Column(i, c.Type)
	}
	return &Project{Input: n, Exprs: exprs, Out: s}
}

func (b *binder) tableName(r *sql.TableName) (Node, *scope, error) {
	if n, sc, ok, err := b.cte(r); ok || err != nil {
		return n, sc, err
	}
	id, obj, err := b.p.lookup(r.Name)
	if err != nil {
		return nil, nil, err
	}
	alias := r.Name.Parts[len(r.Name.Parts)-1].Name
	if r.Alias != nil {
		alias = r.Alias.Name
	}
	if obj.IsView() {
		if len(r.Hints) > 0 {
			return nil, nil, diag.Validation(r.Pos, "View '%s' cannot be enriched with new options. Hints can only be applied to tables.", id.Quoted())
		}
		for _, e := range b.expanding {
			if e == id {
				return nil, nil, diag.Validation(r.Pos, "View '%s' references itself.", id.Quoted())
			}
		}
		q, err := sql.ParseQuery(obj.View.OriginalQuery)
		if err != nil {
			return nil, nil, err
		}
		b.expanding = append(b.expanding, id)
		n, err := b.query(q, nil)
		b.expanding = b.expanding[:len(b.expanding)-1]
		if err != nil {
			return nil, nil, err
		}
		n = rename(n, obj.View.Schema)
		if b.exp != nil {
			b.exp.tables[r] = id
		}
		return n, scopeOf(obj.View.Schema, alias), nil
	}
	if b.exp != nil {
		b.exp.tables[r] = id
	}
	t := obj.Table
	streaming := !b.p.Batch
	sch := t.Schema(streaming)
	scan := &Scan{ID: id, Table: t, Out: sch, Rowtime: -1}
	if !b.noSources {
		options := mergeHints(t.Options, r.Hints)
		f, err := b.p.Connectors.Lookup(options)
		if err != nil {
			return nil, nil, optionError(err, r.Pos, id.Object)
		}
		src, err := f.PlanSource(connector.Table{Name: id.String(), Physical: t.Physical(), Options: options, PartitionKeys: t.PartitionKeys})
		if err != nil {
			return nil, nil, optionError(err, r.Pos, id.Object)
		}
		// Flink checks metadata columns before boundedness (metadata.go).
		if err := readMetadata(scan, src, r.Pos); err != nil {
			return nil, nil, err
		}
		scan.Digest = scanDigest(id.String(), options, scan.Metadata)
		if b.p.Batch && !src.Bounded() {
			return nil, nil, diag.Validation(r.Pos, "Querying an unbounded table '%s' in batch mode is not allowed. The table source is unbounded.", id.String())
		}
		scan.Source = src
	}
	if err := b.computedColumns(scan); err != nil {
		return nil, nil, err
	}
	if err := b.watermark(scan, streaming); err != nil {
		return nil, nil, err
	}
	return scan, scopeOf(sch, alias), nil
}

// watermark binds the table's watermark strategy over the scan's output
// row. Flink generates watermarks in streaming mode only.
func (b *binder) watermark(scan *Scan, streaming bool) error {
	w := scan.Table.Watermark
	if w == nil || !streaming {
		return nil
	}
	e, ok := w.Parsed.(sql.Expr)
	if !ok {
		pe, err := sql.ParseExpr(w.Expr)
		if err != nil {
			return err
		}
		e = pe
	}
	x, err := b.expr(e, scopeOf(scan.Out, ""))
	if err != nil {
		return err
	}
	scan.Watermark = x
	scan.Rowtime = scan.Table.Index(w.Column)
	return nil
}

// computedColumns binds the expressions of computed and metadata columns
// over the physical row.
func (b *binder) computedColumns(scan *Scan) error {
	t := scan.Table
	phys := t.Physical()
	if phys.Len() == len(t.Columns) {
		return nil
	}
	sc := scopeOf(phys, "")
	scan.Exprs = make([]expr.Expr, len(t.Columns))
	pi := 0
	for i, c := range t.Columns {
		switch c.Kind {
		case catalog.Physical:
			scan.Exprs[i] = expr.Column(pi, c.Type)
			pi++
		case catalog.Computed:
			e, ok := c.Parsed.(sql.Expr)
			if !ok {
				pe, err := sql.ParseExpr(c.Expr)
				if err != nil {
					return err
				}
				e = pe
			}
			x, err := b.expr(e, sc)
			if err != nil {
				return err
			}
			scan.Exprs[i] = x
		case catalog.Metadata:
			// Without a source (views, computed column types) or a source
			// that reads metadata, the column is NULL of its type.
			if scan.Source == nil || len(scan.Metadata) == 0 {
				scan.Exprs[i] = expr.Literal(types.NullValue, c.Type.WithNullable(true))
				continue
			}
			x, err := metadataExpr(scan, c, phys.Len())
			if err != nil {
				return err
			}
			scan.Exprs[i] = x
		}
	}
	return nil
}

// selectQuery binds a SELECT block.
func (b *binder) selectQuery(q *sql.Select) (Node, error) {
	defer b.withCTEs(q.With)()
	var (
		n   Node
		sc  *scope
		err error
	)
	// A Top-N tells its inner query how to bind ROW_NUMBER (rank.go).
	where, err := b.topN(q)
	if err != nil {
		return nil, err
	}
	if q.From == nil {
		n = &Values{Rows: [][]types.Value{{}}, Out: types.Schema{}, Batch: b.p.Batch}
		sc = &scope{}
	} else {
		n, sc, err = b.from(q.From)
		if err != nil {
			return nil, err
		}
	}
	if where != nil {
		if n, err = b.where(n, sc, where); err != nil {
			return nil, err
		}
	}

	// GROUP BY TUMBLE(...) and the like: a window TVF over the input.
	if n, sc, q, err = b.legacyGroupWindow(n, sc, q); err != nil {
		return nil, err
	}

	if subs := selectScalars(q); len(subs) > 0 && !newAggScope(q, sc).active {
		if n, sc, err = b.scalarJoins(n, sc, subs); err != nil {
			return nil, err
		}
	}
	agg := newAggScope(q, sc)
	if agg.active {
		n, sc, err = b.aggregate(n, sc, agg, q)
		if err != nil {
			return nil, err
		}
		if n, err = windowAggregate(n); err != nil {
			return nil, err
		}
		// A window aggregation may keep window_time a time attribute.
		if out := n.Schema(); out.Len() == len(sc.cols) {
			for i, c := range out.Columns {
				sc.cols[i].typ = c.Type
			}
		}
	}
	if n, sc, err = b.windows(n, sc, q, agg); err != nil {
		return nil, err
	}

	// Projection.
	var exprs []expr.Expr
	var out types.Schema
	for i, item := range q.Items {
		if item.Star {
			if agg.active {
				return nil, diag.Errorf(item.Pos, diag.SqlValidatorException, "Expression '*' is not being grouped")
			}
			found := false
			if b.exp != nil {
				b.exp.stars[&q.Items[i]] = nil
			}
			for ci, c := range sc.cols {
				if len(item.Qualifier) > 0 && c.table != item.Qualifier[len(item.Qualifier)-1].Name {
					continue
				}
				if len(item.Qualifier) == 0 && c.hidden {
					continue
				}
				found = true
				if b.exp != nil {
					b.exp.stars[&q.Items[i]] = append(b.exp.stars[&q.Items[i]], c)
				}
				exprs = append(exprs, expr.Column(ci, c.typ))
				out.Columns = append(out.Columns, types.Column{Name: c.name, Type: c.typ})
			}
			if !found && len(item.Qualifier) > 0 {
				// t.r.* or r.*: the fields of a ROW column (compositeType.*).
				fx, fcols, ok, err := b.rowStar(item, sc)
				if err != nil {
					return nil, err
				}
				if !ok {
					return nil, diag.Errorf(item.Pos, diag.SqlValidatorException, "Unknown identifier '%s'", item.Qualifier[len(item.Qualifier)-1].Name)
				}
				if b.exp != nil {
					b.exp.ok = false // the expansion printer does not print row stars
				}
				exprs = append(exprs, fx...)
				out.Columns = append(out.Columns, fcols...)
			}
			continue
		}
		x, err := b.exprIn(item.Expr, sc, agg)
		if err != nil {
			return nil, err
		}
		name := exprName(i)
		if item.Alias != nil {
			name = item.Alias.Name
		} else if ref, ok := item.Expr.(*sql.ColumnRef); ok {
			name = ref.Parts[len(ref.Parts)-1].Name
		}
		exprs = append(exprs, x)
		out.Columns = append(out.Columns, types.Column{Name: name, Type: x.Type()})
	}
	out = uniquify(out)
	proj := &Project{Input: n, Exprs: exprs, Out: out}
	var result Node = proj
	if q.Distinct {
		keys := make([]int, out.Len())
		for i := range keys {
			keys[i] = i
		}
		result = &Aggregate{Input: proj, Keys: keys, Out: out}
	}
	return b.orderLimit(result, scopeOf(out, ""), &orderCtx{items: q.Items, pre: proj, inScope: sc, agg: agg}, q.OrderBy, q.Limit, q.Offset)
}

// uniquify renames duplicate output names as Calcite does: a, a0, a1.
func uniquify(s types.Schema) types.Schema {
	seen := map[string]bool{}
	for i, c := range s.Columns {
		name := c.Name
		for k := 0; seen[name]; k++ {
			name = c.Name + strconv.Itoa(k)
		}
		seen[name] = true
		s.Columns[i].Name = name
	}
	return s
}

type orderCtx struct {
	items   []sql.SelectItem
	pre     *Project
	inScope *scope
	agg     *aggScope
}

// orderLimit adds ORDER BY and LIMIT/OFFSET above n.
func (b *binder) orderLimit(n Node, out *scope, oc *orderCtx, order []sql.OrderItem, limit, offset sql.Expr) (Node, error) {
	width := len(out.cols) // extra sort columns past it are dropped at the end
	if len(order) > 0 {
		var keys []sql.OrderItem = order
		sk := make([]SortKey, 0, len(keys))
		for _, o := range keys {
			col := -1
			// ORDER BY ordinal, output alias or output column name.
			if lit, ok := o.Expr.(*sql.Literal); ok && lit.Kind == sql.ExactLit {
				k, err := strconv.Atoi(lit.Text)
				if err != nil || k < 1 || k > len(out.cols) {
					return nil, diag.Errorf(lit.Pos, diag.SqlValidatorException, "Ordinal out of range")
				}
				col = k - 1
			} else if ref, ok := o.Expr.(*sql.ColumnRef); ok && len(ref.Parts) == 1 {
				for i, c := range out.cols {
					if c.name == ref.Parts[0].Name {
						col = i
						break
					}
				}
			}
			if col < 0 && oc != nil && oc.pre != nil && n == Node(oc.pre) {
				// An expression of the FROM clause's columns: projected
				// beside the select list for the sort, then dropped, as
				// Calcite does.
				x, err := b.exprIn(o.Expr, oc.inScope, oc.agg)
				if err != nil {
					return nil, err
				}
				oc.pre.Exprs = append(oc.pre.Exprs, x)
				oc.pre.Out.Columns = append(oc.pre.Out.Columns, types.Column{Name: exprName(len(oc.pre.Exprs) - 1), Type: x.Type()})
				col = len(oc.pre.Exprs) - 1
			}
			if col < 0 {
				text := sql.FormatExpr(o.Expr)
				if ref, ok := o.Expr.(*sql.ColumnRef); ok {
					text = refText(ref)
				}
				return nil, diag.Errorf(o.Expr.ExprPos(), diag.SqlValidatorException, "Expression '%s' is not in the select clause", text)
			}
			nullsFirst := !o.Desc
			if o.NullsFirst != nil {
				nullsFirst = *o.NullsFirst
			}
			sk = append(sk, SortKey{Col: col, Desc: o.Desc, NullsFirst: nullsFirst})
		}
		n = &Sort{Input: n, Keys: sk}
	}
	if limit != nil || offset != nil {
		l := &Limit{Input: n, Count: -1}
		if limit != nil {
			v, err := b.constInt(limit)
			if err != nil {
				return nil, err
			}
			l.Count = v
		}
		if offset != nil {
			v, err := b.constInt(offset)
			if err != nil {
				return nil, err
			}
			l.Offset = v
		}
		n = l
		if sn, ok := l.Input.(*Sort); ok && !b.p.Batch {
			top, err := sortLimit(sn, l) // a Top-N without partition (rank.go)
			if err != nil {
				return nil, err
			}
			n = top
		}
	}
	if n.Schema().Len() > width {
		exprs := make([]expr.Expr, width)
		var keep types.Schema
		for i := 0; i < width; i++ {
			c := n.Schema().Columns[i]
			exprs[i] = expr.Column(i, c.Type)
			keep.Columns = append(keep.Columns, c)
		}
		n = &Project{Input: n, Exprs: exprs, Out: keep}
	}
	return n, nil
}

func (b *binder) constInt(e sql.Expr) (int64, error) {
	lit, ok := e.(*sql.Literal)
	if !ok || lit.Kind != sql.ExactLit {
		return 0, diag.Errorf(e.ExprPos(), diag.ParseException, "Encountered an expression where a non-negative integer literal is expected in LIMIT/OFFSET.")
	}
	v, err := strconv.ParseInt(lit.Text, 10, 64)
	if err != nil || v < 0 {
		return 0, diag.Errorf(e.ExprPos(), diag.ParseException, "Encountered an expression where a non-negative integer literal is expected in LIMIT/OFFSET.")
	}
	return v, nil
}

// scanDigest is Scan.Digest.
func scanDigest(table string, options map[string]string, metadata []string) string {
	keys := make([]string, 0, len(options))
	for k := range options {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var b strings.Builder
	b.WriteString(table)
	for _, k := range keys {
		b.WriteString("\x00")
		b.WriteString(k)
		b.WriteString("=")
		b.WriteString(options[k])
	}
	b.WriteString("\x00metadata:")
	b.WriteString(strings.Join(metadata, ","))
	return b.String()
}

// unknownTableFunc is the error of a table function the engine does not
// have: a user-defined one fails as its class does (catalog.Function), any
// other as Calcite fails to find it.
func (b *binder) unknownTableFunc(r *sql.TableFunc, sc *scope) error {
	if cat := b.p.Catalog; cat != nil {
		if f, ok := cat.TemporarySystemFunction(r.Name); ok {
			return f.CallError(r.Pos)
		}
		if f, ok := cat.LookupFunction([]string{r.Name}); ok {
			return f.CallError(r.Pos)
		}
	}
	args := make([]expr.Expr, 0, len(r.Args))
	for _, a := range r.Args {
		x, err := b.expr(a, sc)
		if err != nil {
			return err
		}
		args = append(args, x)
	}
	return expr.NoMatch(r.Name, args, r.Pos)
}
