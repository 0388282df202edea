package pyflink

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/go-python/gpython/py"

	"github.com/flinkplay/flinkplay/engine/types"
)

// The Table API runs as the SQL it stands for: each Table is a query and
// its columns, and each method makes the query of its result, naming the
// columns as Flink's Table API names them (aggregates and window
// properties EXPR$n, other computed columns _c<position>, casts a-STRING,
// fields r$f).

// table is a Table.
type table struct {
	env    *tableEnv
	query  string
	schema types.Schema
	// registered is the name str() registered the table under
	registered string
	// A filter, or an inner join, keeps its parts, so that what follows
	// folds into one query: a select over a filter is SELECT ... WHERE,
	// a filter of an inner join joins ON both conditions. Flink's
	// optimizer merges the nodes so (CalcMerge, FilterIntoJoin); the
	// engine plans the SQL as it is written.
	filterBase *table // SELECT * FROM filterBase WHERE filterCond
	filterCond string
	joinLeft   *table // SELECT * FROM joinLeft JOIN joinRight ON joinCond
	joinRight  *table
	joinCond   string
}

// M__str__ is str(table): as Flink's TableImpl.toString, the first call
// registers the table as a temporary view UnnamedTable$<n> and every call
// returns that name, so "SELECT * FROM %s" % table reads it.
func (t *table) M__str__() (py.Object, error) {
	if t.registered == "" {
		t.env.r.mu.Lock()
		n := t.env.r.unnamedTables
		t.env.r.unnamedTables++
		t.env.r.mu.Unlock()
		name := fmt.Sprintf("UnnamedTable$%d", n)
		if _, err := t.env.execute("CREATE TEMPORARY VIEW "+quoteIdent(name)+" AS "+t.query, "toString"); err != nil {
			return nil, err
		}
		t.registered = name
	}
	return py.String(t.registered), nil
}

func (t *table) Type() *py.Type { return tableType }

func (t *table) M__repr__() (py.Object, error) {
	return py.String(fmt.Sprintf("<pyflink.table.table.Table object at %p>", t)), nil
}

func (t *table) names() []string { return t.schema.Names() }

// newTable validates q and returns its Table.
func (e *tableEnv) newTable(q, call string) (*table, error) {
	s, err := e.sess.QuerySchema(q)
	if err != nil {
		return nil, e.r.javaError(err, e.javaID, call)
	}
	return &table{env: e, query: q, schema: s}, nil
}

func (e *tableEnv) sqlQuery(q string) (py.Object, error) {
	return e.newTable(q, "sqlQuery")
}

// tableArg is a Table argument.
func tableArg(fn string, args py.Tuple, kw py.StringDict, i int, name string) (*table, error) {
	v := argument(args, kw, i, name)
	t, ok := v.(*table)
	if !ok {
		got := "nothing"
		if v != nil {
			got = v.Type().Name
		}
		return nil, py.ExceptionNewf(py.TypeError, "%s() argument '%s' must be a Table, not %s", fn, name, got)
	}
	return t, nil
}

// exprList reads Expression arguments: PyFlink refuses plain strings.
func exprList(fn string, args py.Tuple) ([]*expression, error) {
	out := make([]*expression, len(args))
	for i, a := range args {
		e, ok := a.(*expression)
		if !ok {
			return nil, py.ExceptionNewf(py.AttributeError, "'%s' object has no attribute '_j_expr'", a.Type().Name)
		}
		out[i] = e
	}
	return out, nil
}

// resolve checks the columns the expressions name, as the Table API's
// resolver does before it builds an operation.
func (t *table) resolve(call string, exprs []*expression, also ...string) error {
	known := map[string]bool{"*": true}
	for _, n := range t.names() {
		known[n] = true
	}
	for _, n := range also {
		known[n] = true
	}
	var bad string
	var walk func(e *expression)
	walk = func(e *expression) {
		if bad != "" {
			return
		}
		if e.kind == exprColumn && !known[e.name] {
			bad = e.name
			return
		}
		if e.kind == exprWindowProp {
			return
		}
		for _, a := range e.args {
			walk(a)
		}
	}
	for _, e := range exprs {
		walk(e)
	}
	if bad != "" {
		return t.raise(validation("Cannot resolve field [%s], input field list:[%s].", bad, strings.Join(t.names(), ", ")), call)
	}
	return nil
}

// from is the FROM clause over the table's query.
func (t *table) from() string { return "(" + t.query + ")" }

// M__getattr__ gives the Table's methods, and its columns as attributes
// (t.a is col('a')).
func (t *table) M__getattr__(name string) (py.Object, error) {
	if m, ok := tableMethods[name]; ok {
		return method(name, func(args py.Tuple, kw py.StringDict) (py.Object, error) {
			return m(t, args, kw)
		}), nil
	}
	for _, c := range t.names() {
		if c == name {
			return colExpr(name), nil
		}
	}
	return nil, py.ExceptionNewf(py.AttributeError, "The current table has no column named '%s', available columns: [%s]",
		name, strings.Join(t.names(), ", "))
}

type tableMethod func(t *table, args py.Tuple, kw py.StringDict) (py.Object, error)

var tableMethods map[string]tableMethod

// selection is a select list with the names the Table API gives it.
type selection struct {
	items []string // "expr AS `name`"
	names []string
}

// nameOf is the name ProjectionOperationFactory gives the idx-th select
// item, or "" for a position name.
func nameOf(e *expression) string {
	switch e.kind {
	case exprColumn:
		return e.name
	case exprAlias:
		return e.name
	case exprCast:
		if n := nameOf(e.args[0]); n != "" {
			return n + "-" + e.typ.javaType()
		}
	case exprGet:
		if n := nameOf(e.args[0]); n != "" {
			return n + "$" + e.key
		}
	}
	return ""
}

// project names a select list; sub replaces pulled-out aggregates and
// window properties, expand the $window and $over placeholders.
func project(exprs []*expression, sub map[string]string, expand func(string) string, input []string) (selection, error) {
	var s selection
	idx := 0
	seen := map[string]bool{}
	add := func(sqlText, name string) error {
		if seen[name] {
			return validation("Ambiguous column name: %s", name)
		}
		seen[name] = true
		s.items = append(s.items, sqlText+" AS "+quoteIdent(name))
		s.names = append(s.names, name)
		idx++
		return nil
	}
	for _, e := range exprs {
		if e.kind == exprColumn && e.name == "*" {
			for _, c := range input {
				if err := add(quoteIdent(c), c); err != nil {
					return s, err
				}
			}
			continue
		}
		text := e.render(sub)
		if expand != nil {
			text = expand(text)
		}
		name := ""
		if sub != nil && e.kind != exprAlias {
			if n, ok := sub[e.render(nil)]; ok {
				name = n
			}
		}
		if name == "" {
			name = nameOf(e)
		}
		if name == "" {
			name = "_c" + strconv.Itoa(idx)
		}
		if err := add(text, name); err != nil {
			return s, err
		}
	}
	return s, nil
}

// validation is a ValidationException of the Table API, as PyFlink
// raises it (py4j's Py4JJavaError).
type validationErr struct{ msg string }

func (v *validationErr) Error() string { return v.msg }

func validation(format string, args ...any) error {
	return &validationErr{msg: fmt.Sprintf(format, args...)}
}

// raise turns a Table API validation error into PyFlink's exception.
func (t *table) raise(err error, call string) error {
	if v, ok := err.(*validationErr); ok {
		return py.ExceptionNewf(py4jJavaErrorType, "An error occurred while calling o%d.%s.\n: org.apache.flink.table.api.ValidationException: %s",
			t.env.r.javaObject(), call, v.msg)
	}
	return err
}

// extract pulls the aggregates and window properties out of a select
// list, naming each EXPR$n once, in order of first appearance.
func extract(exprs []*expression) (aggs []*expression, props []*expression, sub map[string]string) {
	sub = map[string]string{}
	k := 0
	var walk func(e *expression)
	walk = func(e *expression) {
		if e.kind == exprAggregate || e.kind == exprWindowProp {
			key := e.render(nil)
			if _, ok := sub[key]; !ok {
				sub[key] = "EXPR$" + strconv.Itoa(k)
				k++
				if e.kind == exprAggregate {
					aggs = append(aggs, e)
				} else {
					props = append(props, e)
				}
			}
			return
		}
		for _, a := range e.args {
			walk(a)
		}
	}
	for _, e := range exprs {
		walk(e)
	}
	return aggs, props, sub
}

// hasAggregate reports whether e holds an aggregate outside an over().
func hasAggregate(e *expression) bool {
	if e.kind == exprAggregate {
		return true
	}
	if e.name == "over" {
		return false
	}
	for _, a := range e.args {
		if hasAggregate(a) {
			return true
		}
	}
	return false
}

// groupWindow is a window of window(): its SQL group function and
// properties.
type groupWindow struct {
	kind   string // TUMBLE, HOP, SESSION
	size   *expression
	slide  *expression
	timeOn *expression
	alias  string
}

func (w *groupWindow) call(fn string) string {
	on := w.timeOn.render(nil)
	switch w.kind {
	case "HOP":
		return fn + "(" + on + ", " + w.slide.render(nil) + ", " + w.size.render(nil) + ")"
	}
	return fn + "(" + on + ", " + w.size.render(nil) + ")"
}

// aggregateSelect is select() after group_by() or window().group_by():
// an aggregation by the keys (and window) naming its aggregates and
// properties EXPR$n, then the projection of the select list over it.
func (t *table) aggregateSelect(keys []*expression, w *groupWindow, exprs []*expression) (py.Object, error) {
	aggs, props, sub := extract(exprs)
	if w == nil && len(props) > 0 {
		return nil, t.raise(validation("Window properties can only be used on windowed tables."), "select")
	}
	var inner []string
	var groupBy []string
	var innerNames []string
	for _, k := range keys {
		if w != nil && k.kind == exprColumn && k.name == w.alias {
			groupBy = append(groupBy, w.call(w.kind))
			continue
		}
		n := nameOf(k)
		if n == "" {
			n = "_c" + strconv.Itoa(len(innerNames))
		}
		inner = append(inner, k.render(nil)+" AS "+quoteIdent(n))
		innerNames = append(innerNames, n)
		groupBy = append(groupBy, k.render(nil))
	}
	if w != nil {
		windowed := false
		for _, k := range keys {
			windowed = windowed || (k.kind == exprColumn && k.name == w.alias)
		}
		if !windowed {
			return nil, t.raise(validation("A group window requires the window alias '%s' among the grouping keys.", w.alias), "groupBy")
		}
	}
	for _, a := range aggs {
		inner = append(inner, a.render(nil)+" AS "+quoteIdent(sub[a.render(nil)]))
	}
	for _, p := range props {
		fn := map[string]string{"start": "_START", "end": "_END", "rowtime": "_ROWTIME", "proctime": "_PROCTIME"}[p.name]
		if p.args[0].name != w.alias {
			return nil, t.raise(validation("Cannot resolve field [%s], input field list:[%s].", p.args[0].name, strings.Join(t.names(), ", ")), "select")
		}
		inner = append(inner, w.call(w.kind+fn)+" AS "+quoteIdent(sub[p.render(nil)]))
	}
	q := "SELECT " + strings.Join(inner, ", ") + " FROM " + t.from() + " AS `$$T_AGG`"
	if len(groupBy) > 0 {
		q += " GROUP BY " + strings.Join(groupBy, ", ")
	}
	mid := append(append([]string(nil), innerNames...), subNames(aggs, props, sub)...)
	sel, err := project(exprs, sub, nil, mid)
	if err != nil {
		return nil, t.raise(err, "select")
	}
	return t.env.derive(t, "SELECT "+strings.Join(sel.items, ", ")+" FROM ("+q+") AS `$$T_PROJECT`", "select")
}

func subNames(aggs, props []*expression, sub map[string]string) []string {
	var out []string
	for _, a := range aggs {
		out = append(out, sub[a.render(nil)])
	}
	for _, p := range props {
		out = append(out, sub[p.render(nil)])
	}
	return out
}

// derive makes the Table of a query over t.
func (e *tableEnv) derive(_ *table, q, call string) (py.Object, error) {
	return e.newTable(q, call)
}

// selectPlain is select() of a Table: a projection, or an aggregation
// over all rows when the list holds aggregates.
func (t *table) selectPlain(exprs []*expression, over map[string]string) (py.Object, error) {
	agg := false
	for _, e := range exprs {
		agg = agg || hasAggregate(e)
	}
	if agg {
		return t.aggregateSelect(nil, nil, exprs)
	}
	var expand func(string) string
	if over != nil {
		expand = func(s string) string {
			for alias, spec := range over {
				s = strings.ReplaceAll(s, "$over("+alias+")", spec)
			}
			return s
		}
	}
	sel, err := project(exprs, nil, expand, t.names())
	if err != nil {
		return nil, t.raise(err, "select")
	}
	for _, item := range sel.items {
		if strings.Contains(item, "$over(") {
			return nil, t.raise(validation("Over window alias used in select is not defined: %s", item), "select")
		}
	}
	if t.filterBase != nil && over == nil {
		// a select over a filter: one query
		return t.env.derive(t, "SELECT "+strings.Join(sel.items, ", ")+" FROM "+t.filterBase.from()+" AS `$$T_PROJECT` WHERE "+t.filterCond, "select")
	}
	return t.env.derive(t, "SELECT "+strings.Join(sel.items, ", ")+" FROM "+t.from()+" AS `$$T_PROJECT`", "select")
}

func init() {
	tableMethods = map[string]tableMethod{
		"select": func(t *table, args py.Tuple, kw py.StringDict) (py.Object, error) {
			exprs, err := exprList("select", args)
			if err != nil {
				return nil, err
			}
			if err := t.resolve("select", exprs); err != nil {
				return nil, err
			}
			return t.selectPlain(exprs, nil)
		},
		"filter": filterMethod,
		"where":  filterMethod,
		"alias": func(t *table, args py.Tuple, kw py.StringDict) (py.Object, error) {
			names := make([]string, len(args))
			for i, a := range args {
				s, ok := a.(py.String)
				if !ok {
					return nil, py.ExceptionNewf(py.TypeError, "alias() takes column names (str)")
				}
				names[i] = string(s)
			}
			cols := t.names()
			if len(names) > len(cols) {
				return nil, t.raise(validation("Aliasing more fields than we actually have."), "as")
			}
			items := make([]string, len(cols))
			for i, c := range cols {
				n := c
				if i < len(names) {
					n = names[i]
				}
				items[i] = quoteIdent(c) + " AS " + quoteIdent(n)
			}
			return t.env.derive(t, "SELECT "+strings.Join(items, ", ")+" FROM "+t.from(), "as")
		},
		"distinct": func(t *table, args py.Tuple, kw py.StringDict) (py.Object, error) {
			return t.env.derive(t, "SELECT DISTINCT * FROM "+t.from(), "distinct")
		},
		"add_columns": func(t *table, args py.Tuple, kw py.StringDict) (py.Object, error) {
			exprs, err := exprList("add_columns", args)
			if err != nil {
				return nil, err
			}
			return t.selectPlain(append([]*expression{colExpr("*")}, exprs...), nil)
		},
		"add_or_replace_columns": func(t *table, args py.Tuple, kw py.StringDict) (py.Object, error) {
			exprs, err := exprList("add_or_replace_columns", args)
			if err != nil {
				return nil, err
			}
			var list []*expression
			replaced := map[int]bool{}
			for _, c := range t.names() {
				list = append(list, colExpr(c))
			}
			for _, e := range exprs {
				n := nameOf(e)
				done := false
				for i, c := range t.names() {
					if n == c {
						list[i], replaced[i], done = e, true, true
					}
				}
				if !done {
					list = append(list, e)
				}
			}
			return t.selectPlain(list, nil)
		},
		"rename_columns": func(t *table, args py.Tuple, kw py.StringDict) (py.Object, error) {
			exprs, err := exprList("rename_columns", args)
			if err != nil {
				return nil, err
			}
			rename := map[string]string{}
			for _, e := range exprs {
				if e.kind != exprAlias || e.args[0].kind != exprColumn {
					return nil, t.raise(validation("Invalid AS, parameters are: [%s].", e.summary()), "renameColumns")
				}
				rename[e.args[0].name] = e.name
			}
			var list []*expression
			for _, c := range t.names() {
				e := colExpr(c)
				if n, ok := rename[c]; ok {
					e, _ = methods["alias"](e, py.Tuple{py.String(n)}, nil)
					delete(rename, c)
				}
				list = append(list, e)
			}
			for c := range rename {
				return nil, t.raise(validation("Field %s does not exist.", c), "renameColumns")
			}
			return t.selectPlain(list, nil)
		},
		"drop_columns": func(t *table, args py.Tuple, kw py.StringDict) (py.Object, error) {
			exprs, err := exprList("drop_columns", args)
			if err != nil {
				return nil, err
			}
			drop := map[string]bool{}
			for _, e := range exprs {
				if e.kind != exprColumn {
					return nil, t.raise(validation("Unexpected drop column type: %s", e.summary()), "dropColumns")
				}
				drop[e.name] = true
			}
			var list []*expression
			for _, c := range t.names() {
				if !drop[c] {
					list = append(list, colExpr(c))
				}
				delete(drop, c)
			}
			for c := range drop {
				return nil, t.raise(validation("Field %s does not exist.", c), "dropColumns")
			}
			return t.selectPlain(list, nil)
		},
		"group_by": func(t *table, args py.Tuple, kw py.StringDict) (py.Object, error) {
			keys, err := exprList("group_by", args)
			if err != nil {
				return nil, err
			}
			if err := t.resolve("groupBy", keys); err != nil {
				return nil, err
			}
			return groupedTable(t, keys, nil), nil
		},
		"window": func(t *table, args py.Tuple, kw py.StringDict) (py.Object, error) {
			w, ok := argument(args, kw, 0, "window").(*windowBuilder)
			if !ok || w.group == nil || w.group.alias == "" || w.group.timeOn == nil {
				return nil, py.ExceptionNewf(py.TypeError, "window() takes a group window: Tumble.over(...).on(...).alias('w')")
			}
			return &object{typ: groupWindowedType, attrs: py.StringDict{
				"group_by": method("group_by", func(args py.Tuple, kw py.StringDict) (py.Object, error) {
					keys, err := exprList("group_by", args)
					if err != nil {
						return nil, err
					}
					return groupedTable(t, keys, w.group), nil
				}),
			}}, nil
		},
		"over_window": func(t *table, args py.Tuple, kw py.StringDict) (py.Object, error) {
			specs := map[string]string{}
			for _, a := range args {
				w, ok := a.(*windowBuilder)
				if !ok || w.over == nil || w.over.alias == "" {
					return nil, py.ExceptionNewf(py.TypeError, "over_window() takes over windows: Over.partition_by(...).order_by(...).alias('w')")
				}
				specs[w.over.alias] = w.over.spec()
			}
			return &object{typ: overWindowedType, attrs: py.StringDict{
				"select": method("select", func(args py.Tuple, kw py.StringDict) (py.Object, error) {
					exprs, err := exprList("select", args)
					if err != nil {
						return nil, err
					}
					return t.selectPlain(exprs, specs)
				}),
			}}, nil
		},
		"join":             joinMethod("JOIN", false),
		"left_outer_join":  joinMethod("LEFT JOIN", false),
		"right_outer_join": joinMethod("RIGHT JOIN", true),
		"full_outer_join":  joinMethod("FULL JOIN", true),
		"union_all":        setMethod("UNION ALL", "unionAll"),
		"union":            setMethod("UNION", "union"),
		"intersect":        setMethod("INTERSECT", "intersect"),
		"intersect_all":    setMethod("INTERSECT ALL", "intersectAll"),
		"minus":            setMethod("EXCEPT", "minus"),
		"minus_all":        setMethod("EXCEPT ALL", "minusAll"),
		"order_by": func(t *table, args py.Tuple, kw py.StringDict) (py.Object, error) {
			exprs, err := exprList("order_by", args)
			if err != nil {
				return nil, err
			}
			if err := t.resolve("orderBy", exprs); err != nil {
				return nil, err
			}
			keys := make([]string, len(exprs))
			for i, e := range exprs {
				keys[i] = e.render(nil)
			}
			return t.env.derive(t, "SELECT * FROM "+t.from()+" ORDER BY "+strings.Join(keys, ", "), "orderBy")
		},
		"limit": func(t *table, args py.Tuple, kw py.StringDict) (py.Object, error) {
			n, err := intArg("limit", args, kw, 0, "fetch", -1)
			if err != nil {
				return nil, err
			}
			off, err := intArg("limit", args, kw, 1, "offset", 0)
			if err != nil {
				return nil, err
			}
			return t.fetch(off, n)
		},
		"fetch": func(t *table, args py.Tuple, kw py.StringDict) (py.Object, error) {
			n, err := intArg("fetch", args, kw, 0, "fetch", -1)
			if err != nil {
				return nil, err
			}
			return t.fetch(0, n)
		},
		"offset": func(t *table, args py.Tuple, kw py.StringDict) (py.Object, error) {
			n, err := intArg("offset", args, kw, 0, "offset", -1)
			if err != nil {
				return nil, err
			}
			if n < 0 {
				return nil, t.raise(validation("Offset should be greater or equal 0"), "offset")
			}
			return t.env.derive(t, "SELECT * FROM "+t.from()+" OFFSET "+strconv.Itoa(n)+" ROWS", "offset")
		},
		"execute": func(t *table, args py.Tuple, kw py.StringDict) (py.Object, error) {
			return t.env.executeSQL(t.query, "execute")
		},
		"explain": func(t *table, args py.Tuple, kw py.StringDict) (py.Object, error) {
			res, err := t.env.execute("EXPLAIN "+t.query, "explain")
			if err != nil {
				return nil, err
			}
			return py.String(res.Rows[0][0].Str()), nil
		},
		"print_explain": func(t *table, args py.Tuple, kw py.StringDict) (py.Object, error) {
			res, err := t.env.execute("EXPLAIN "+t.query, "explain")
			if err != nil {
				return nil, err
			}
			_, err = fmt.Fprintln(t.env.r.opts.Stdout, res.Rows[0][0].Str())
			return py.None, err
		},
		"execute_insert": func(t *table, args py.Tuple, kw py.StringDict) (py.Object, error) {
			path, err := t.env.targetPath("execute_insert", args, kw, 0)
			if err != nil {
				return nil, err
			}
			insert := "INSERT INTO "
			if o := argument(args, kw, 1, "overwrite"); o == py.True {
				insert = "INSERT OVERWRITE "
			}
			return t.env.executeSQL(insert+path+" "+t.query, "executeInsert")
		},
		"print_schema": func(t *table, args py.Tuple, kw py.StringDict) (py.Object, error) {
			_, err := fmt.Fprintln(t.env.r.opts.Stdout, resolvedSchema(t.schema))
			return py.None, err
		},
		"get_schema": func(t *table, args py.Tuple, kw py.StringDict) (py.Object, error) {
			return tableSchema(t.schema), nil
		},
	}
}

func filterMethod(t *table, args py.Tuple, kw py.StringDict) (py.Object, error) {
	exprs, err := exprList("filter", args)
	if err != nil {
		return nil, err
	}
	if len(exprs) != 1 {
		return nil, py.ExceptionNewf(py.TypeError, "filter() takes one predicate")
	}
	if err := t.resolve("filter", exprs); err != nil {
		return nil, err
	}
	cond := exprs[0].render(nil)
	switch {
	case t.joinLeft != nil:
		// an inner join's filter is its ON condition
		if t.joinCond != "TRUE" {
			cond = "(" + t.joinCond + ") AND (" + cond + ")"
		}
		return t.env.joinTables(t.joinLeft, t.joinRight, cond, "filter")
	case t.filterBase != nil:
		cond = "(" + t.filterCond + ") AND (" + cond + ")"
		t = t.filterBase
	}
	out, err := t.env.newTable("SELECT * FROM "+t.from()+" WHERE "+cond, "filter")
	if err != nil {
		return nil, err
	}
	out.filterBase, out.filterCond = t, cond
	return out, nil
}

// joinTables is the inner join of left and right on cond.
func (e *tableEnv) joinTables(left, right *table, cond, call string) (py.Object, error) {
	t, err := e.newTable("SELECT * FROM "+left.from()+" AS `$$T_LEFT` JOIN "+right.from()+" AS `$$T_RIGHT` ON "+cond, call)
	if err != nil {
		return nil, err
	}
	t.joinLeft, t.joinRight, t.joinCond = left, right, cond
	return t, nil
}

func (t *table) fetch(offset, n int) (py.Object, error) {
	if n < 0 {
		return nil, t.raise(validation("FETCH count must be equal or larger than 0."), "fetch")
	}
	q := "SELECT * FROM " + t.from()
	if offset > 0 {
		q += " OFFSET " + strconv.Itoa(offset) + " ROWS"
	}
	return t.env.derive(t, q+" FETCH NEXT "+strconv.Itoa(n)+" ROWS ONLY", "fetch")
}

func joinMethod(kind string, needsCondition bool) tableMethod {
	return func(t *table, args py.Tuple, kw py.StringDict) (py.Object, error) {
		right, err := tableArg("join", args, kw, 0, "right")
		if err != nil {
			return nil, err
		}
		var cond string
		if c := argument(args, kw, 1, "join_predicate"); c != nil && c != py.None {
			e, ok := c.(*expression)
			if !ok {
				return nil, py.ExceptionNewf(py.TypeError, "the join predicate must be an Expression")
			}
			cond = e.render(nil)
		} else if needsCondition {
			return nil, py.ExceptionNewf(py.TypeError, "this join needs a join_predicate")
		}
		var ambiguous []string
		for _, a := range t.names() {
			for _, b := range right.names() {
				if a == b {
					ambiguous = append(ambiguous, a)
				}
			}
		}
		if len(ambiguous) > 0 {
			return nil, t.raise(validation("join relations with ambiguous names: %s", strings.Join(ambiguous, ", ")), "join")
		}
		if kind == "JOIN" {
			if cond == "" {
				cond = "TRUE"
			}
			return t.env.joinTables(t, right, cond, "join")
		}
		q := "SELECT * FROM " + t.from() + " AS `$$T_LEFT` " + kind + " " + right.from() + " AS `$$T_RIGHT`"
		if cond != "" {
			q += " ON " + cond
		} else {
			q += " ON TRUE"
		}
		return t.env.derive(t, q, "join")
	}
}

func setMethod(op, call string) tableMethod {
	return func(t *table, args py.Tuple, kw py.StringDict) (py.Object, error) {
		right, err := tableArg(call, args, kw, 0, "right")
		if err != nil {
			return nil, err
		}
		if len(right.names()) != len(t.names()) {
			return nil, t.raise(validation("The %s operation on two tables of different column sizes: %d and %d is not supported",
				strings.ToUpper(call[:1])+call[1:], len(t.names()), len(right.names())), call)
		}
		return t.env.derive(t, "SELECT * FROM "+t.from()+" "+op+" SELECT * FROM "+right.from(), call)
	}
}

var (
	groupedTableType  = newType("pyflink.table.table", "GroupedTable")
	groupWindowedType = newType("pyflink.table.table", "GroupWindowedTable")
	overWindowedType  = newType("pyflink.table.table", "OverWindowedTable")
	tableSchemaType   = newType("pyflink.table.table_schema", "TableSchema")
)

func groupedTable(t *table, keys []*expression, w *groupWindow) *object {
	return &object{typ: groupedTableType, attrs: py.StringDict{
		"select": method("select", func(args py.Tuple, kw py.StringDict) (py.Object, error) {
			exprs, err := exprList("select", args)
			if err != nil {
				return nil, err
			}
			var also []string
			if w != nil {
				also = append(also, w.alias)
			}
			if err := t.resolve("select", exprs, also...); err != nil {
				return nil, err
			}
			return t.aggregateSelect(keys, w, exprs)
		}),
	}}
}

// resolvedSchema prints a schema as Java's ResolvedSchema.toString().
func resolvedSchema(s types.Schema) string {
	lines := make([]string, len(s.Columns))
	for i, c := range s.Columns {
		lines[i] = "  " + quoteIdent(c.Name) + " " + c.Type.String()
	}
	return "(\n" + strings.Join(lines, ",\n") + "\n)"
}

// tableSchema is a TableSchema.
func tableSchema(s types.Schema) *object {
	names := s.Names()
	o := &object{typ: tableSchemaType, attrs: py.StringDict{
		"get_field_names": method("get_field_names", func(py.Tuple, py.StringDict) (py.Object, error) {
			return py.NewListFromStrings(names), nil
		}),
		"get_field_count": method("get_field_count", func(py.Tuple, py.StringDict) (py.Object, error) {
			return py.Int(len(names)), nil
		}),
	}}
	return o
}

// String makes gpython's % formatting (Go's fmt %v) print a Table as
// str() does: "SELECT * FROM %s" % table reads it.
func (t *table) String() string {
	s, err := t.M__str__()
	if err != nil {
		return fmt.Sprint(err)
	}
	return string(s.(py.String))
}
