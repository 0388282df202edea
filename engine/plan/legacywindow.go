package plan

import (
	"strings"

	"github.com/flinkplay/flinkplay/engine/diag"
	"github.com/flinkplay/flinkplay/engine/expr"
	"github.com/flinkplay/flinkplay/engine/library"
	"github.com/flinkplay/flinkplay/engine/sql"
	"github.com/flinkplay/flinkplay/engine/types"
)

// Legacy group windows: GROUP BY TUMBLE(time, size), HOP(time, slide, size)
// or SESSION(time, gap), with TUMBLE_START, _END, _ROWTIME and _PROCTIME
// (and HOP_*, SESSION_*) in the select list and HAVING. Flink plans them as
// a GroupWindowAggregate; here they are the window TVF of the same kind over
// the FROM clause (after WHERE), grouped by window_start and window_end:
// the same windows, the same rows and the same types (the auxiliary
// functions are window_start, window_end and window_time).

// legacyWindowKinds maps the group window functions to their TVF.
var legacyWindowKinds = map[string]WindowKind{"TUMBLE": Tumble, "HOP": Hop, "SESSION": Session}

// legacySignatures are Calcite's forms of the group window functions.
var legacySignatures = map[WindowKind]string{
	Tumble:  "'TUMBLE(<DATETIME>, <DATETIME_INTERVAL>)'\n'TUMBLE(<DATETIME>, <DATETIME_INTERVAL>, <TIME>)'",
	Hop:     "'HOP(<DATETIME>, <DATETIME_INTERVAL>, <DATETIME_INTERVAL>)'\n'HOP(<DATETIME>, <DATETIME_INTERVAL>, <DATETIME_INTERVAL>, <TIME>)'",
	Session: "'SESSION(<DATETIME>, <DATETIME_INTERVAL>)'\n'SESSION(<DATETIME>, <DATETIME_INTERVAL>, <TIME>)'",
}

// legacyAux splits an auxiliary group function's name (TUMBLE_START) into
// its group function (TUMBLE) and the window column it reads.
func legacyAux(name string) (group, col string, ok bool) {
	up := strings.ToUpper(name)
	for g := range legacyWindowKinds {
		rest, found := strings.CutPrefix(up, g+"_")
		if !found {
			continue
		}
		switch rest {
		case "START":
			return g, "window_start", true
		case "END":
			return g, "window_end", true
		case "ROWTIME", "PROCTIME":
			return g, "window_time", true
		}
	}
	return "", "", false
}

// legacyWindowQualifier qualifies the window columns in the rewritten
// query: a name no FROM clause can give, so no user column is shadowed.
const legacyWindowQualifier = "$window"

// groupWindowCall returns the group window call of q's GROUP BY, or nil.
func groupWindowCall(q *sql.Select) (*sql.Call, int, error) {
	var found *sql.Call
	at := -1
	for i, g := range q.GroupBy {
		c, ok := g.(*sql.Call)
		if !ok || c.Over != nil {
			continue
		}
		if _, ok := legacyWindowKinds[strings.ToUpper(c.Name)]; !ok {
			continue
		}
		if found != nil {
			return nil, 0, diag.Errorf(c.Pos, diag.TableException, "Only a single window group function may be used in GROUP BY")
		}
		found, at = c, i
	}
	return found, at, nil
}

// auxCalls returns the auxiliary group function calls in e.
func auxCalls(e sql.Expr) []*sql.Call {
	var out []*sql.Call
	walkExpr(e, func(x sql.Expr) bool {
		if c, ok := x.(*sql.Call); ok && c.Over == nil {
			if _, _, ok := legacyAux(c.Name); ok {
				out = append(out, c)
				return false
			}
		}
		return true
	})
	return out
}

// legacyGroupWindow rewrites a query that groups by a group window over the
// input n (its FROM clause after WHERE, in scope sc): the window TVF is put
// over n, and the returned query groups by its window columns instead of
// the group window and reads them instead of the auxiliary functions. A
// query without a group window is returned as it is.
func (b *binder) legacyGroupWindow(n Node, sc *scope, q *sql.Select) (Node, *scope, *sql.Select, error) {
	win, at, err := groupWindowCall(q)
	if err != nil {
		return nil, nil, nil, err
	}
	var aux []*sql.Call
	for _, it := range q.Items {
		aux = append(aux, auxCalls(it.Expr)...)
	}
	aux = append(aux, auxCalls(q.Having)...)
	for _, o := range q.OrderBy {
		aux = append(aux, auxCalls(o.Expr)...)
	}
	if win == nil {
		if len(aux) > 0 {
			g, _, _ := legacyAux(aux[0].Name)
			return nil, nil, nil, diag.Errorf(aux[0].Pos, diag.SqlValidatorException,
				"Call to auxiliary group function '%s' must have matching call to group function '$%s' in GROUP BY clause", strings.ToUpper(aux[0].Name), g)
		}
		return n, sc, q, nil
	}
	name := strings.ToUpper(win.Name)
	kind := legacyWindowKinds[name]
	want := 2
	if kind == Hop {
		want = 3
	}
	sigErr := func() error {
		return diag.Errorf(win.Pos, diag.SqlValidatorException, "Invalid number of arguments to function '%s'. Was expecting %d arguments", name, want)
	}
	if len(win.Args) == want+1 {
		// Calcite's alignment operand: Flink's planner has no such window.
		return nil, nil, nil, diag.Errorf(win.Pos, diag.TableException, "Window aggregate does not support the alignment time argument of %s.", name)
	}
	if len(win.Args) != want || win.Star || win.Distinct {
		return nil, nil, nil, sigErr()
	}
	// The auxiliary functions name the same window.
	for _, c := range aux {
		g, _, _ := legacyAux(c.Name)
		if g != name || !sameArgs(c.Args, win.Args) {
			return nil, nil, nil, diag.Errorf(c.Pos, diag.SqlValidatorException,
				"Call to auxiliary group function '%s' must have matching call to group function '$%s' in GROUP BY clause", strings.ToUpper(c.Name), g)
		}
	}

	// The time attribute.
	tx, err := b.expr(win.Args[0], sc)
	if err != nil {
		return nil, nil, nil, err
	}
	tt := tx.Type()
	col, isCol := expr.ColumnIndex(tx)
	argTypes := func() string {
		parts := []string{"<" + library.CalciteTypeName(tt) + ">"}
		for _, a := range win.Args[1:] {
			if x, err := b.expr(a, &scope{}); err == nil {
				// An interval of the default precision, as Calcite names it.
				parts = append(parts, "<"+strings.TrimSuffix(library.CalciteTypeName(x.Type()), "(3)")+">")
			} else {
				parts = append(parts, "<?>")
			}
		}
		return name + "(" + strings.Join(parts, ", ") + ")"
	}
	if tt.Kind != types.Timestamp && tt.Kind != types.TimestampLTZ {
		return nil, nil, nil, diag.Errorf(win.Pos, diag.SqlValidatorException,
			"Cannot apply '%s' to arguments of type '%s'. Supported form(s): %s", name, argTypes(), legacySignatures[kind])
	}
	if !b.p.Batch && (tt.Attr == types.Regular || !isCol) {
		return nil, nil, nil, diag.Errorf(win.Pos, diag.TableException,
			"Window aggregate can only be defined over a time attribute column, but %s encountered.", library.CalciteTypeName(tt))
	}
	if !isCol {
		// A batch window over an expression: project it first.
		exprs := make([]expr.Expr, 0, len(sc.cols)+1)
		for i, c := range sc.cols {
			exprs = append(exprs, expr.Column(i, c.typ))
		}
		exprs = append(exprs, tx)
		out := sc.schema()
		out.Columns = append(out.Columns, types.Column{Name: "$time", Type: tt})
		n = &Project{Input: n, Exprs: exprs, Out: out}
		sc = &scope{cols: append(append([]scopeCol(nil), sc.cols...), scopeCol{name: "$time", typ: tt, hidden: true}), outerN: sc.outerN}
		col = len(sc.cols) - 1
	}
	spec := WindowSpec{Kind: kind, TimeCol: col, LTZ: tt.Kind == types.TimestampLTZ, Proctime: tt.Attr == types.Proctime}
	ms := make([]int64, len(win.Args)-1)
	for i, a := range win.Args[1:] {
		x, err := b.expr(a, &scope{})
		if err != nil {
			return nil, nil, nil, err
		}
		if x.Type().Kind != types.IntervalDayTime {
			if x.Type().Kind == types.IntervalYearMonth {
				return nil, nil, nil, diag.Errorf(a.ExprPos(), diag.TableException,
					"Window aggregate only support SECOND, MINUTE, HOUR, DAY as the time unit. MONTH and YEAR time unit are not supported yet.")
			}
			return nil, nil, nil, diag.Errorf(win.Pos, diag.SqlValidatorException,
				"Cannot apply '%s' to arguments of type '%s'. Supported form(s): %s", name, argTypes(), legacySignatures[kind])
		}
		v, err := x.Eval(&expr.Ctx{Zone: b.zone()}, nil)
		if err != nil {
			return nil, nil, nil, err
		}
		if v.Null {
			return nil, nil, nil, diag.Errorf(a.ExprPos(), diag.TableException, "Only constant window descriptors are supported.")
		}
		ms[i] = v.I
	}
	switch kind {
	case Tumble:
		spec.Size = ms[0]
	case Hop:
		spec.Slide, spec.Size = ms[0], ms[1]
	case Session:
		spec.Gap = ms[0]
	}
	if spec.Size < 0 || spec.Slide < 0 || spec.Gap < 0 || (kind != Session && spec.Size == 0) || (kind == Hop && spec.Slide == 0) || (kind == Session && spec.Gap == 0) {
		return nil, nil, nil, diag.Errorf(win.Pos, diag.IllegalArgument, "%s window parameters must be positive.", windowTitle(kind))
	}

	in := n.Schema()
	out := windowTVFSchema(in, col, tt, b.p.Batch)
	tvf := &WindowTVF{Input: n, Spec: spec, Out: out}
	nsc := &scope{cols: append([]scopeCol(nil), sc.cols...), outerN: sc.outerN}
	nsc.cols[col].typ = out.Columns[col].Type
	for _, c := range out.Columns[in.Len():] {
		nsc.cols = append(nsc.cols, scopeCol{table: legacyWindowQualifier, name: c.Name, typ: c.Type, hidden: true})
	}

	// The query over the windows.
	ref := func(pos int, col string) *sql.ColumnRef {
		return &sql.ColumnRef{Pos: pos, Parts: []sql.Ident{{Name: legacyWindowQualifier, Pos: pos}, {Name: col, Pos: pos}}}
	}
	needTime := false
	for _, c := range aux {
		_, wc, _ := legacyAux(c.Name)
		up := strings.ToUpper(c.Name)
		if wc == "window_time" {
			needTime = true
			if strings.HasSuffix(up, "_ROWTIME") && spec.Proctime {
				return nil, nil, nil, diag.Errorf(c.Pos, diag.ValidationException, "A proctime window cannot provide a rowtime attribute.")
			}
			if strings.HasSuffix(up, "_PROCTIME") && !spec.Proctime && !b.p.Batch {
				return nil, nil, nil, diag.Errorf(c.Pos, diag.ValidationException, "A rowtime window cannot provide a proctime attribute.")
			}
		}
	}
	q2 := *q
	q2.GroupBy = append([]sql.Expr(nil), q.GroupBy[:at]...)
	q2.GroupBy = append(q2.GroupBy, ref(win.Pos, "window_start"), ref(win.Pos, "window_end"))
	if needTime {
		q2.GroupBy = append(q2.GroupBy, ref(win.Pos, "window_time"))
	}
	q2.GroupBy = append(q2.GroupBy, q.GroupBy[at+1:]...)
	replace := func(e sql.Expr) sql.Expr {
		return mapExpr(e, func(x sql.Expr) sql.Expr {
			if c, ok := x.(*sql.Call); ok && c.Over == nil {
				if _, wc, ok := legacyAux(c.Name); ok {
					return ref(c.Pos, wc)
				}
			}
			return nil
		})
	}
	q2.Items = make([]sql.SelectItem, len(q.Items))
	for i, it := range q.Items {
		q2.Items[i] = it
		if it.Expr != nil {
			q2.Items[i].Expr = replace(it.Expr)
			if _, ok := it.Expr.(*sql.Call); ok && it.Alias == nil {
				// An auxiliary call alone is an EXPR$n column, as
				// written; not the window column's name.
				q2.Items[i].Alias = &sql.Ident{Name: exprName(i), Pos: it.Pos}
			}
		}
	}
	q2.Having = replace(q.Having)
	q2.OrderBy = make([]sql.OrderItem, len(q.OrderBy))
	for i, o := range q.OrderBy {
		q2.OrderBy[i] = o
		q2.OrderBy[i].Expr = replace(o.Expr)
	}
	if b.exp != nil {
		b.exp.ok = false // the expansion printer prints the query as written
	}
	return tvf, nsc, &q2, nil
}

// windowTVFSchema is a window TVF's output over in, whose column col is
// the time attribute of type tt: in's columns (the time column a plain
// timestamp), then window_start, window_end and window_time.
func windowTVFSchema(in types.Schema, col int, tt types.Type, batch bool) types.Schema {
	out := types.Schema{Columns: append([]types.Column(nil), in.Columns...)}
	out.Columns[col].Type.Attr = types.Regular
	wt := tt.WithNullable(false)
	if batch {
		wt.Attr = types.Regular
	}
	out.Columns = append(out.Columns,
		types.Column{Name: "window_start", Type: types.TimestampOf(3).WithNullable(false)},
		types.Column{Name: "window_end", Type: types.TimestampOf(3).WithNullable(false)},
		types.Column{Name: "window_time", Type: wt})
	return out
}

// sameArgs reports whether two argument lists are the same SQL.
func sameArgs(a, b []sql.Expr) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if sql.FormatExpr(a[i]) != sql.FormatExpr(b[i]) {
			return false
		}
	}
	return true
}

// mapExpr returns e with every operand x for which f returns a non-nil
// expression replaced by it, copying the nodes above a replacement and
// sharing the rest. It reaches the operands walkExpr visits.
func mapExpr(e sql.Expr, f func(sql.Expr) sql.Expr) sql.Expr {
	if e == nil {
		return nil
	}
	if r := f(e); r != nil {
		return r
	}
	switch x := e.(type) {
	case *sql.Unary:
		c := *x
		c.X = mapExpr(x.X, f)
		return &c
	case *sql.Binary:
		c := *x
		c.L, c.R = mapExpr(x.L, f), mapExpr(x.R, f)
		return &c
	case *sql.IsPredicate:
		c := *x
		c.X = mapExpr(x.X, f)
		return &c
	case *sql.Between:
		c := *x
		c.X, c.Lo, c.Hi = mapExpr(x.X, f), mapExpr(x.Lo, f), mapExpr(x.Hi, f)
		return &c
	case *sql.Like:
		c := *x
		c.X, c.Pattern, c.Escape = mapExpr(x.X, f), mapExpr(x.Pattern, f), mapExpr(x.Escape, f)
		return &c
	case *sql.In:
		c := *x
		c.X = mapExpr(x.X, f)
		c.List = make([]sql.Expr, len(x.List))
		for i, y := range x.List {
			c.List[i] = mapExpr(y, f)
		}
		return &c
	case *sql.Case:
		c := *x
		c.Operand = mapExpr(x.Operand, f)
		c.Whens = make([]sql.When, len(x.Whens))
		for i, w := range x.Whens {
			c.Whens[i] = sql.When{Cond: mapExpr(w.Cond, f), Result: mapExpr(w.Result, f)}
		}
		c.Else = mapExpr(x.Else, f)
		return &c
	case *sql.Cast:
		c := *x
		c.X = mapExpr(x.X, f)
		return &c
	case *sql.Call:
		c := *x
		c.Args = make([]sql.Expr, len(x.Args))
		for i, y := range x.Args {
			c.Args[i] = mapExpr(y, f)
		}
		c.Filter = mapExpr(x.Filter, f)
		return &c
	}
	return e
}
