package sql

import (
	"fmt"
	"strings"
	"testing"

	"github.com/flinkplay/flinkplay/engine/diag"
)

// dump renders our AST compactly, as s-expressions, for the tests.
func dump(n any) string {
	var b strings.Builder
	dumpTo(&b, n)
	return b.String()
}

func idents(ids []Ident) string {
	s := make([]string, len(ids))
	for k, id := range ids {
		s[k] = id.Name
	}
	return strings.Join(s, ".")
}

var opNames = map[BinaryOp]string{
	OpAdd: "+", OpSub: "-", OpMul: "*", OpDiv: "/", OpMod: "%", OpConcat: "||", OpEq: "=", OpNe: "<>",
	OpLt: "<", OpLe: "<=", OpGt: ">", OpGe: ">=", OpAnd: "and", OpOr: "or",
	OpIsDistinctFrom: "is-distinct-from", OpIsNotDistinctFrom: "is-not-distinct-from",
}

func dumpTo(b *strings.Builder, n any) {
	w := func(format string, args ...any) { fmt.Fprintf(b, format, args...) }
	list := func(head string, xs ...any) {
		w("(%s", head)
		for _, x := range xs {
			b.WriteByte(' ')
			dumpTo(b, x)
		}
		b.WriteByte(')')
	}
	switch n := n.(type) {
	case nil:
		w("nil")
	case string:
		w("%s", n)
	case *ColumnRef:
		w("(col %s)", idents(n.Parts))
	case *Literal:
		switch n.Kind {
		case NullLit:
			w("NULL")
		case BoolLit:
			w("%v", n.Bool)
		case ExactLit:
			w("%s", n.Text)
		case ApproxLit:
			w("~%s", n.Text)
		case StringLit:
			w("'%s'", n.Text)
		case BinaryLit:
			w("X'%s'", n.Text)
		case DateLit:
			w("DATE'%s'", n.Text)
		case TimeLit:
			w("TIME'%s'", n.Text)
		case TimestampLit:
			w("TIMESTAMP'%s'", n.Text)
		}
	case *IntervalLit:
		neg := ""
		if n.Negative {
			neg = "-"
		}
		w("(interval %s'%s' %s", neg, n.Value, n.UnitText)
		if n.Precision != 0 || n.FracPrec != 0 {
			w(" p%d,%d", n.Precision, n.FracPrec)
		}
		w(")")
	case *Unary:
		list(map[UnaryOp]string{OpNeg: "-", OpPlus: "+", OpNot: "not"}[n.Op], n.X)
	case *Binary:
		list(opNames[n.Op], n.L, n.R)
	case *IsPredicate:
		h := "is"
		if n.Not {
			h += "-not"
		}
		list(h+"-"+strings.ToLower(n.What), n.X)
	case *Between:
		h := "between"
		if n.Not {
			h = "not-" + h
		}
		if n.Symmetric {
			h += "-symmetric"
		}
		list(h, n.X, n.Lo, n.Hi)
	case *Like:
		h := "like"
		if n.Similar {
			h = "similar"
		}
		if n.Not {
			h = "not-" + h
		}
		if n.Escape != nil {
			list(h, n.X, n.Pattern, n.Escape)
		} else {
			list(h, n.X, n.Pattern)
		}
	case *In:
		h := "in"
		if n.Not {
			h = "not-in"
		}
		if n.Subquery != nil {
			list(h, n.X, n.Subquery)
		} else {
			xs := []any{n.X}
			for _, x := range n.List {
				xs = append(xs, x)
			}
			list(h, xs...)
		}
	case *Exists:
		list("exists", n.Subquery)
	case *ScalarSubquery:
		list("subquery", n.Query)
	case *Case:
		xs := []any{}
		if n.Operand != nil {
			xs = append(xs, n.Operand)
		}
		for _, wh := range n.Whens {
			xs = append(xs, wrap("when", wh.Cond, wh.Result))
		}
		if n.Else != nil {
			xs = append(xs, wrap("else", n.Else))
		}
		list("case", xs...)
	case *Cast:
		h := "cast"
		if n.Try {
			h = "try-cast"
		}
		list(h, n.X, n.Type.String())
	case *Call:
		xs := []any{}
		if n.Distinct {
			xs = append(xs, "distinct")
		}
		if n.Star {
			xs = append(xs, "*")
		}
		for _, a := range n.Args {
			xs = append(xs, a)
		}
		if n.Filter != nil {
			xs = append(xs, wrap("filter", n.Filter))
		}
		if n.Over != nil {
			xs = append(xs, n.Over)
		}
		list(n.Name, xs...)
	case *Symbol:
		w(":%s", n.Name)
	case *TableArg:
		xs := []any{idents(n.Name.Parts)}
		if n.PartitionBy != nil {
			ps := []any{}
			for _, p := range n.PartitionBy {
				ps = append(ps, p)
			}
			xs = append(xs, wrap("partition", ps...))
		}
		list("table", xs...)
	case *NamedArg:
		list("=>", n.Name.Name, n.Value)
	case *WindowSpec:
		xs := []any{}
		if n.Name != "" {
			xs = append(xs, n.Name)
		}
		if n.PartitionBy != nil {
			ps := []any{}
			for _, p := range n.PartitionBy {
				ps = append(ps, p)
			}
			xs = append(xs, wrap("partition", ps...))
		}
		if n.OrderBy != nil {
			xs = append(xs, orderList(n.OrderBy))
		}
		if n.Frame != nil {
			h := "range"
			if n.Frame.Rows {
				h = "rows"
			}
			xs = append(xs, wrap(h, bound(n.Frame.Start), bound(n.Frame.End)))
		}
		list("over", xs...)
	case wrapped:
		list(n.head, n.xs...)
	case *Select:
		xs := []any{}
		if n.With != nil {
			xs = append(xs, withList(n.With))
		}
		if n.Distinct {
			xs = append(xs, "distinct")
		}
		for _, it := range n.Items {
			switch {
			case it.Star && it.Qualifier != nil:
				xs = append(xs, idents(it.Qualifier)+".*")
			case it.Star:
				xs = append(xs, "*")
			case it.Alias != nil:
				xs = append(xs, wrap("as", it.Expr, it.Alias.Name))
			default:
				xs = append(xs, it.Expr)
			}
		}
		if n.From != nil {
			xs = append(xs, wrap("from", n.From))
		}
		if n.Where != nil {
			xs = append(xs, wrap("where", n.Where))
		}
		if n.GroupBy != nil {
			gs := []any{}
			for _, g := range n.GroupBy {
				gs = append(gs, g)
			}
			xs = append(xs, wrap("group", gs...))
		}
		if n.Having != nil {
			xs = append(xs, wrap("having", n.Having))
		}
		for _, nw := range n.Windows {
			xs = append(xs, wrap("window", nw.Name.Name, nw.Spec))
		}
		xs = appendTail(xs, n.OrderBy, n.Limit, n.Offset)
		list("select", xs...)
	case *SetOp:
		h := map[SetOpKind]string{Union: "union", Intersect: "intersect", Except: "except"}[n.Op]
		if n.All {
			h += "-all"
		}
		xs := []any{}
		if n.With != nil {
			xs = append(xs, withList(n.With))
		}
		xs = append(xs, n.Left, n.Right)
		xs = appendTail(xs, n.OrderBy, n.Limit, n.Offset)
		list(h, xs...)
	case *Values:
		xs := []any{}
		for _, r := range n.Rows {
			rs := []any{}
			for _, x := range r {
				rs = append(rs, x)
			}
			xs = append(xs, wrap("row", rs...))
		}
		list("values", xs...)
	case *TableName:
		xs := []any{idents(n.Name.Parts)}
		if n.Alias != nil {
			xs = append(xs, wrap("as", n.Alias.Name))
		}
		for _, h := range n.Hints {
			xs = append(xs, wrap("hint", h.Key, h.Value))
		}
		if n.AsOf != nil {
			xs = append(xs, wrap("as-of", n.AsOf))
		}
		list("table", xs...)
	case *DerivedTable:
		xs := []any{n.Query}
		if n.Alias != nil {
			xs = append(xs, wrap("as", n.Alias.Name))
		}
		if n.Columns != nil {
			xs = append(xs, "("+idents(n.Columns)+")")
		}
		h := "derived"
		if n.Lateral {
			h = "lateral"
		}
		list(h, xs...)
	case *Join:
		h := map[JoinKind]string{InnerJoin: "inner", LeftJoin: "left", RightJoin: "right", FullJoin: "full", CrossJoin: "cross"}[n.Kind]
		if n.Comma {
			h = "comma"
		}
		if n.Natural {
			h = "natural-" + h
		}
		xs := []any{n.Left, n.Right}
		if n.On != nil {
			xs = append(xs, wrap("on", n.On))
		}
		if n.Using != nil {
			xs = append(xs, "using("+idents(n.Using)+")")
		}
		list(h+"-join", xs...)
	case *TableFunc:
		h := "tf"
		if n.Lateral {
			h = "lateral-tf"
		}
		xs := []any{n.Name}
		for _, a := range n.Args {
			xs = append(xs, a)
		}
		if n.Alias != nil {
			xs = append(xs, wrap("as", n.Alias.Name))
		}
		if n.Columns != nil {
			xs = append(xs, "("+idents(n.Columns)+")")
		}
		list(h, xs...)
	default:
		w("?%T", n)
	}
}

type wrapped struct {
	head string
	xs   []any
}

func wrap(head string, xs ...any) wrapped { return wrapped{head, xs} }

func bound(fb FrameBound) any {
	if fb.Offset != nil {
		return wrap(strings.ToLower(fb.Kind), fb.Offset)
	}
	return strings.ReplaceAll(strings.ToLower(fb.Kind), " ", "-")
}

func orderList(items []OrderItem) wrapped {
	xs := []any{}
	for _, o := range items {
		h := "asc"
		if o.Desc {
			h = "desc"
		}
		if o.NullsFirst != nil {
			if *o.NullsFirst {
				h += "-nulls-first"
			} else {
				h += "-nulls-last"
			}
		}
		xs = append(xs, wrap(h, o.Expr))
	}
	return wrap("order", xs...)
}

func withList(ctes []CTE) wrapped {
	xs := []any{}
	for _, c := range ctes {
		name := c.Name.Name
		if c.Columns != nil {
			name += "(" + idents(c.Columns) + ")"
		}
		xs = append(xs, wrap("cte", name, c.Query))
	}
	return wrap("with", xs...)
}

func appendTail(xs []any, ob []OrderItem, limit, offset Expr) []any {
	if ob != nil {
		xs = append(xs, orderList(ob))
	}
	if limit != nil {
		xs = append(xs, wrap("limit", limit))
	}
	if offset != nil {
		xs = append(xs, wrap("offset", offset))
	}
	return xs
}

func TestParseExpr(t *testing.T) {
	tests := []struct {
		name, src, want string
	}{
		{"column", "a", "(col a)"},
		{"qualified column", "t.a", "(col t.a)"},
		{"row field", "t.rowcol.field.sub", "(col t.rowcol.field.sub)"},
		{"quoted column", "`user`", "(col user)"},
		{"keyword-like column in vitess", "`key` + `index`", "(+ (col key) (col index))"},
		{"unquoted vitess keywords are columns", "key + format + status", "(+ (+ (col key) (col format)) (col status))"},
		{"integer", "42", "42"},
		{"decimal", "1.50", "1.50"},
		{"approx", "1.5E3", "~1.5E3"},
		{"string", "'it''s'", "'it's'"},
		{"string keeps backslashes", `'\d+'`, `'\d+'`},
		{"string ending in backslash", `'a\'`, `'a\'`},
		{"binary", "X'0aFF'", "X'0aFF'"},
		{"null true false", "NULL OR TRUE OR FALSE", "(or (or NULL true) false)"},
		{"date", "DATE '2020-01-01'", "DATE'2020-01-01'"},
		{"time", "TIME '12:00:00'", "TIME'12:00:00'"},
		{"timestamp", "TIMESTAMP '2020-01-01 00:00:00'", "TIMESTAMP'2020-01-01 00:00:00'"},
		{"interval day", "INTERVAL '1' DAY", "(interval '1' DAY)"},
		{"interval plural", "INTERVAL '10' MINUTES", "(interval '10' MINUTES)"},
		{"interval day to second", "INTERVAL '1 02:00:00' DAY TO SECOND", "(interval '1 02:00:00' DAY TO SECOND)"},
		{"interval year to month", "INTERVAL '1-2' YEAR TO MONTH", "(interval '1-2' YEAR TO MONTH)"},
		{"negative interval", "INTERVAL -'1' DAY", "(interval -'1' DAY)"},
		{"interval precision", "INTERVAL '1' DAY(3) TO SECOND(6)", "(interval '1' DAY TO SECOND p3,6)"},
		{"ts minus interval", "ts - INTERVAL '1' SECONDS", "(- (col ts) (interval '1' SECONDS))"},
		{"unary minus", "-a", "(- (col a))"},
		{"unary plus", "+a", "(+ (col a))"},
		{"double minus", "- -a", "(- (- (col a)))"},
		{"binary minus", "a - -1", "(- (col a) (- 1))"},
		{"arith precedence", "a + b * c - d / e % f", "(- (+ (col a) (* (col b) (col c))) (% (/ (col d) (col e)) (col f)))"},
		{"concat same level as times", "a || b * c", "(* (|| (col a) (col b)) (col c))"},
		{"times then concat", "a * b || c", "(|| (* (col a) (col b)) (col c))"},
		{"concat binds tighter than plus", "a + b || c", "(+ (col a) (|| (col b) (col c)))"},
		{"not binds looser than equals", "NOT a = b", "(not (= (col a) (col b)))"},
		{"and binds tighter than or", "a OR b AND c", "(or (col a) (and (col b) (col c)))"},
		{"comparisons", "a <> b AND a != b AND a < b AND a <= b AND a > b AND a >= b",
			"(and (and (and (and (and (<> (col a) (col b)) (<> (col a) (col b))) (< (col a) (col b))) (<= (col a) (col b))) (> (col a) (col b))) (>= (col a) (col b)))"},
		{"is null", "a IS NULL", "(is-null (col a))"},
		{"is not null", "a IS NOT NULL", "(is-not-null (col a))"},
		{"is unknown", "a IS UNKNOWN", "(is-unknown (col a))"},
		{"is not unknown", "a IS NOT UNKNOWN", "(is-not-unknown (col a))"},
		{"is true", "a IS TRUE AND b IS NOT FALSE", "(and (is-true (col a)) (is-not-false (col b)))"},
		{"mixed is", "a IS NULL AND b IS UNKNOWN AND c IS NOT NULL", "(and (and (is-null (col a)) (is-unknown (col b))) (is-not-null (col c)))"},
		{"is distinct from", "a IS DISTINCT FROM b", "(is-distinct-from (col a) (col b))"},
		{"is not distinct from", "a IS NOT DISTINCT FROM b", "(is-not-distinct-from (col a) (col b))"},
		{"between", "a BETWEEN 1 AND 2", "(between (col a) 1 2)"},
		{"not between symmetric", "a NOT BETWEEN SYMMETRIC 1 AND 2", "(not-between-symmetric (col a) 1 2)"},
		{"between asymmetric", "a BETWEEN ASYMMETRIC 1 AND 2", "(between (col a) 1 2)"},
		{"like", "a LIKE 'x%'", "(like (col a) 'x%')"},
		{"not like escape", "a NOT LIKE 'x!%' ESCAPE '!'", "(not-like (col a) 'x!%' '!')"},
		{"similar to", "a SIMILAR TO 'x+'", "(similar (col a) 'x+')"},
		{"not similar to", "a NOT SIMILAR TO 'x+' ESCAPE '\\'", "(not-similar (col a) 'x+' '\\')"},
		{"like and similar", "a LIKE 'b' OR c SIMILAR TO 'd'", "(or (like (col a) 'b') (similar (col c) 'd'))"},
		{"in list", "a IN (1, 2)", "(in (col a) 1 2)"},
		{"not in list", "a NOT IN (1)", "(not-in (col a) 1)"},
		{"in subquery", "a IN (SELECT b FROM t)", "(in (col a) (select (col b) (from (table t))))"},
		{"exists", "EXISTS (SELECT 1)", "(exists (select 1))"},
		{"not exists", "NOT EXISTS (SELECT 1)", "(not (exists (select 1)))"},
		{"scalar subquery", "(SELECT 1) + 1", "(+ (subquery (select 1)) 1)"},
		{"searched case", "CASE WHEN a THEN 1 ELSE 2 END", "(case (when (col a) 1) (else 2))"},
		{"simple case", "CASE a WHEN 1 THEN 'x' WHEN 2 THEN 'y' END", "(case (col a) (when 1 'x') (when 2 'y'))"},
		{"cast", "CAST(a AS BIGINT)", "(cast (col a) BIGINT)"},
		{"try cast", "TRY_CAST(a AS INT)", "(try-cast (col a) INT)"},
		{"function", "my_func(a, 'b')", "(my_func (col a) 'b')"},
		{"function name case kept", "myFunc(a)", "(myFunc (col a))"},
		{"builtin upper-cased", "coalesce(a, 1)", "(COALESCE (col a) 1)"},
		{"qualified function", "cat.db.f(a)", "(cat.db.f (col a))"},
		{"niladic", "CURRENT_TIMESTAMP", "(CURRENT_TIMESTAMP)"},
		{"proctime", "PROCTIME()", "(PROCTIME)"},
		{"count star", "COUNT(*)", "(COUNT *)"},
		{"count distinct", "COUNT(DISTINCT a)", "(COUNT distinct (col a))"},
		{"filter", "COUNT(*) FILTER (WHERE a > 1)", "(COUNT * (filter (> (col a) 1)))"},
		{"over", "SUM(a) OVER (PARTITION BY b ORDER BY ts ROWS BETWEEN 2 PRECEDING AND CURRENT ROW)",
			"(SUM (col a) (over (partition (col b)) (order (asc (col ts))) (rows (preceding 2) current-row)))"},
		{"over range interval", "my_agg(a) OVER (ORDER BY ts RANGE BETWEEN INTERVAL '1' HOUR PRECEDING AND CURRENT ROW)",
			"(my_agg (col a) (over (order (asc (col ts))) (range (preceding (interval '1' HOUR)) current-row)))"},
		{"over unbounded", "ROW_NUMBER() OVER (PARTITION BY a ORDER BY b DESC)",
			"(ROW_NUMBER (over (partition (col a)) (order (desc (col b)))))"},
		{"over named", "SUM(a) OVER w", "(SUM (col a) (over w))"},
		{"over single bound", "SUM(a) OVER (ORDER BY ts ROWS UNBOUNDED PRECEDING)",
			"(SUM (col a) (over (order (asc (col ts))) (rows unbounded-preceding current-row)))"},
		{"filter and over", "COUNT(a) FILTER (WHERE b) OVER (ORDER BY ts)",
			"(COUNT (col a) (filter (col b)) (over (order (asc (col ts)))))"},
		{"extract", "EXTRACT(YEAR FROM ts)", "(EXTRACT :YEAR (col ts))"},
		{"substring from for", "SUBSTRING(s FROM 2 FOR 3)", "(SUBSTRING (col s) 2 3)"},
		{"substring from", "SUBSTRING(s FROM 2)", "(SUBSTRING (col s) 2)"},
		{"substring commas", "SUBSTRING(s, 2, 3)", "(SUBSTRING (col s) 2 3)"},
		{"trim", "TRIM(s)", "(TRIM :BOTH ' ' (col s))"},
		{"trim leading char", "TRIM(LEADING 'x' FROM s)", "(TRIM :LEADING 'x' (col s))"},
		{"trim both from", "TRIM(BOTH FROM s)", "(TRIM :BOTH ' ' (col s))"},
		{"trim char", "TRIM('x' FROM s)", "(TRIM :BOTH 'x' (col s))"},
		{"position", "POSITION('a' IN s)", "(POSITION 'a' (col s))"},
		{"overlay", "OVERLAY(s PLACING 'x' FROM 2 FOR 1)", "(OVERLAY (col s) 'x' 2 1)"},
		{"array", "ARRAY[1, 2]", "(ARRAY 1 2)"},
		{"map", "MAP['a', 1]", "(MAP 'a' 1)"},
		{"row", "ROW(1, 'a')", "(ROW 1 'a')"},
		{"implicit row", "(1, 'a')", "(ROW 1 'a')"},
		{"item", "a[1]", "(ITEM (col a) 1)"},
		{"item chained", "a[1][2]", "(ITEM (ITEM (col a) 1) 2)"},
		{"item of call", "f(x)[1]", "(ITEM (f (col x)) 1)"},
		{"item of field", "t.r.arr[3] + 1", "(+ (ITEM (col t.r.arr) 3) 1)"},
		{"item of array", "ARRAY[1, 2][1]", "(ITEM (ARRAY 1 2) 1)"},
		{"item map key", "m['k']", "(ITEM (col m) 'k')"},
		{"floor to", "FLOOR(ts TO HOUR)", "(FLOOR (col ts) :HOUR)"},
		{"ceil to", "CEIL(ts TO DAY)", "(CEIL (col ts) :DAY)"},
		{"floor", "FLOOR(1.5)", "(FLOOR 1.5)"},
		{"left function", "LEFT(s, 2)", "(LEFT (col s) 2)"},
		{"nested parens", "((a + b)) * c", "(* (+ (col a) (col b)) (col c))"},
		{"named args", "f(a => 1, b => 'x')", "(f (=> a 1) (=> b 'x'))"},
		{"comments", "a /* x */ + -- y\n b", "(+ (col a) (col b))"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			e, err := parseExpr(tc.src, 0, len(tc.src))
			if err != nil {
				t.Fatalf("parseExpr(%q): %v", tc.src, err)
			}
			if got := dump(e); got != tc.want {
				t.Errorf("parseExpr(%q)\n got %s\nwant %s", tc.src, got, tc.want)
			}
		})
	}
}

func TestParseQuery(t *testing.T) {
	tests := []struct {
		name, src, want string
	}{
		{"select star", "SELECT * FROM t", "(select * (from (table t)))"},
		{"qualified star", "SELECT t.*, a FROM t", "(select t.* (col a) (from (table t)))"},
		{"distinct", "SELECT DISTINCT a FROM t", "(select distinct (col a) (from (table t)))"},
		{"aliases", "SELECT a AS x, b y, `c` AS `z z` FROM t", "(select (as (col a) x) (as (col b) y) (as (col c) z z) (from (table t)))"},
		{"three-part table", "SELECT a FROM cat.db.t", "(select (col a) (from (table cat.db.t)))"},
		{"table alias", "SELECT o.a FROM orders AS o, items i", "(select (col o.a) (from (comma-join (table orders (as o)) (table items (as i)))))"},
		{"options hint", "SELECT * FROM t /*+ OPTIONS('k'='v', 'a.b' = 'c') */ AS x",
			"(select * (from (table t (as x) (hint k v) (hint a.b c))))"},
		{"values derived", "SELECT * FROM (VALUES (1, 'a'), (2, 'b')) AS T(a, b)",
			"(select * (from (derived (values (row 1 'a') (row 2 'b')) (as T) (a.b))))"},
		{"subquery derived", "SELECT * FROM (SELECT a FROM t) s", "(select * (from (derived (select (col a) (from (table t))) (as s))))"},
		{"derived without alias", "SELECT * FROM (SELECT a FROM t) WHERE a > 1",
			"(select * (from (derived (select (col a) (from (table t))))) (where (> (col a) 1)))"},
		{"joins", "SELECT * FROM a JOIN b ON a.x = b.x LEFT JOIN c USING (x) RIGHT OUTER JOIN d ON TRUE FULL JOIN e ON TRUE CROSS JOIN f",
			"(select * (from (cross-join (full-join (right-join (left-join (inner-join (table a) (table b) (on (= (col a.x) (col b.x)))) (table c) using(x)) (table d) (on true)) (table e) (on true)) (table f))))"},
		{"inner join", "SELECT * FROM a INNER JOIN b ON TRUE", "(select * (from (inner-join (table a) (table b) (on true))))"},
		{"where group having", "SELECT a, COUNT(*) FROM t WHERE b > 0 GROUP BY a HAVING COUNT(*) > 1",
			"(select (col a) (COUNT *) (from (table t)) (where (> (col b) 0)) (group (col a)) (having (> (COUNT *) 1)))"},
		{"order by", "SELECT a FROM t ORDER BY a DESC, b, c ASC NULLS FIRST, d DESC NULLS LAST",
			"(select (col a) (from (table t)) (order (desc (col a)) (asc (col b)) (asc-nulls-first (col c)) (desc-nulls-last (col d))))"},
		{"limit offset", "SELECT a FROM t LIMIT 10 OFFSET 5", "(select (col a) (from (table t)) (limit 10) (offset 5))"},
		{"fetch first", "SELECT a FROM t FETCH FIRST 3 ROWS ONLY", "(select (col a) (from (table t)) (limit 3))"},
		{"offset fetch", "SELECT a FROM t ORDER BY a OFFSET 2 ROWS FETCH NEXT 3 ROWS ONLY",
			"(select (col a) (from (table t)) (order (asc (col a))) (limit 3) (offset 2))"},
		{"offset only", "SELECT a FROM t OFFSET 2", "(select (col a) (from (table t)) (offset 2))"},
		{"union all", "SELECT a FROM t UNION ALL SELECT b FROM u", "(union-all (select (col a) (from (table t))) (select (col b) (from (table u))))"},
		{"union intersect except", "SELECT 1 UNION SELECT 2 INTERSECT SELECT 3 EXCEPT SELECT 4",
			"(except (union (select 1) (intersect (select 2) (select 3))) (select 4))"},
		{"parenthesized union", "(SELECT 1) UNION (SELECT 2) ORDER BY 1 LIMIT 1", "(union (select 1) (select 2) (order (asc 1)) (limit 1))"},
		{"with", "WITH c (x) AS (SELECT 1), d AS (SELECT 2) SELECT * FROM c, d",
			"(select (with (cte c(x) (select 1)) (cte d (select 2))) * (from (comma-join (table c) (table d))))"},
		{"values", "VALUES (1, 'a'), (2, 'b')", "(values (row 1 'a') (row 2 'b'))"},
		{"values union", "VALUES (1) UNION ALL SELECT 2", "(union-all (values (row 1)) (select 2))"},
		{"values row keyword", "VALUES ROW(1, 2)", "(values (row 1 2))"},
		{"tumble tvf", "SELECT * FROM TABLE(TUMBLE(TABLE orders, DESCRIPTOR(ts), INTERVAL '10' MINUTES))",
			"(select * (from (tf TUMBLE (table orders) (DESCRIPTOR (col ts)) (interval '10' MINUTES))))"},
		{"session tvf partition", "SELECT * FROM TABLE(SESSION(TABLE t PARTITION BY k, DESCRIPTOR(ts), INTERVAL '1' MINUTE)) AS w(a, b)",
			"(select * (from (tf SESSION (table t (partition (col k))) (DESCRIPTOR (col ts)) (interval '1' MINUTE) (as w) (a.b))))"},
		{"tvf named args", "SELECT * FROM TABLE(HOP(DATA => TABLE t, TIMECOL => DESCRIPTOR(ts), SLIDE => INTERVAL '5' MINUTES, SIZE => INTERVAL '10' MINUTES))",
			"(select * (from (tf HOP (=> DATA (table t)) (=> TIMECOL (DESCRIPTOR (col ts))) (=> SLIDE (interval '5' MINUTES)) (=> SIZE (interval '10' MINUTES)))))"},
		{"unnest", "SELECT o.id, t.x FROM orders o CROSS JOIN UNNEST(o.tags) AS t(x)",
			"(select (col o.id) (col t.x) (from (cross-join (table orders (as o)) (tf UNNEST (col o.tags) (as t) (x)))))"},
		{"lateral table", "SELECT s, w FROM t, LATERAL TABLE(split(s)) AS T(w)",
			"(select (col s) (col w) (from (comma-join (table t) (lateral-tf split (col s) (as T) (w)))))"},
		{"left join lateral table", "SELECT * FROM t LEFT JOIN LATERAL TABLE(f(s)) AS T(w) ON TRUE",
			"(select * (from (left-join (table t) (lateral-tf f (col s) (as T) (w)) (on true))))"},
		{"lateral subquery", "SELECT * FROM t, LATERAL (SELECT t.a) x", "(select * (from (comma-join (table t) (lateral (select (col t.a)) (as x)))))"},
		{"temporal join", "SELECT * FROM o JOIN r FOR SYSTEM_TIME AS OF o.proc AS r2 ON o.k = r2.k",
			"(select * (from (inner-join (table o) (table r (as r2) (as-of (col o.proc))) (on (= (col o.k) (col r2.k))))))"},
		{"temporal join bare alias", "SELECT * FROM o JOIN r FOR SYSTEM_TIME AS OF o.proc r2 ON TRUE",
			"(select * (from (inner-join (table o) (table r (as r2) (as-of (col o.proc))) (on true))))"},
		{"top-n", "SELECT * FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY a ORDER BY b DESC) AS rn FROM t) WHERE rn <= 3",
			"(select * (from (derived (select * (as (ROW_NUMBER (over (partition (col a)) (order (desc (col b))))) rn) (from (table t))))) (where (<= (col rn) 3)))"},
		{"window clause", "SELECT SUM(a) OVER w FROM t WINDOW w AS (PARTITION BY b)",
			"(select (SUM (col a) (over w)) (from (table t)) (window w (over (partition (col b)))))"},
		{"parenthesized join", "SELECT * FROM (a JOIN b ON TRUE) JOIN c ON TRUE",
			"(select * (from (inner-join (inner-join (table a) (table b) (on true)) (table c) (on true))))"},
		{"natural join", "SELECT * FROM a NATURAL JOIN b", "(select * (from (natural-inner-join (table a) (table b))))"},
		{"query hint ignored", "SELECT /*+ STATE_TTL('t' = '1d') */ a FROM t", "(select (col a) (from (table t)))"},
		{"select without from", "SELECT 1, 'a'", "(select 1 'a')"},
		{"nested subqueries", "SELECT (SELECT MAX(x) FROM (SELECT x FROM u)) FROM t",
			"(select (subquery (select (MAX (col x)) (from (derived (select (col x) (from (table u))))))) (from (table t)))"},
		{"reserved function names stay calls", "SELECT COUNT(a), UPPER(b), MOD(a, 2) FROM t",
			"(select (COUNT (col a)) (UPPER (col b)) (MOD (col a) 2) (from (table t)))"},
		{"keyword-ish names", "SELECT `user`, `value`, data, name FROM `table`", "(select (col user) (col value) (col data) (col name) (from (table table)))"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			q, err := parseQuery(tc.src, 0, len(tc.src))
			if err != nil {
				t.Fatalf("parseQuery(%q): %v", tc.src, err)
			}
			if got := dump(q); got != tc.want {
				t.Errorf("parseQuery(%q)\n got %s\nwant %s", tc.src, got, tc.want)
			}
		})
	}
}

func TestParseErrors(t *testing.T) {
	tests := []struct {
		name, src, want string
	}{
		// Flink's parser: the = without its right operand (it looked past it).
		{"double equals", "SELECT a FROM t WHERE x = = 2", `Encountered "= =" at line 1, column 25.`},
		// The ';' the SQL client adds after a script's last statement.
		{"missing table", "SELECT a FROM", `Encountered ";" at line 1, column 14.`},
		{"multi-line", "SELECT a,\n  b\nFROM t\nWHERE x = = 2", `Encountered "= =" at line 4, column 9.`},
		{"div operator", "SELECT a DIV b FROM t", `Encountered "b" at line 1, column 14.`},
		{"xor operator", "SELECT a XOR b FROM t", `Encountered "b" at line 1, column 14.`},
		{"regexp operator", "SELECT a REGEXP 'x' FROM t", `Encountered "\'x\'" at line 1, column 17.`},
		{"null-safe equals", "SELECT a <=> b FROM t", `Encountered ">" at line 1, column 12.`},
		{"limit a, b", "SELECT a FROM t LIMIT 2, 3", "LIMIT start, count is not allowed under the current SQL conformance level"},
		{"adjacent literals", "SELECT 'a' 'b'", `Encountered "\'b\'" at line 1, column 12.`},
		{"hash comment", "SELECT 1 # x", "Lexical error at line 1, column 10."},
		{"double quotes", `SELECT "a"`, `Encountered "\"" at line 1, column 8.`},
		{"reserved marker", "SELECT __flink_i0 FROM t", "Identifier '__flink_i0' is reserved for internal use"},
		{"unclosed paren", "SELECT (1", `Encountered ";" at line 1, column 10.`},
		{"stray paren", "SELECT 1)", `Encountered ")" at line 1, column 9.`},
		{"cast without as", "SELECT CAST(a) FROM t", `Encountered ")" at line 1, column 14.`},
		{"bad interval unit", "SELECT INTERVAL '1' FORTNIGHT", `Encountered "FORTNIGHT" at line 1, column 21.`},
		{"bad interval range", "SELECT INTERVAL '1' MONTH TO DAY", `Encountered "DAY" at line 1, column 30.`},
		{"odd binary", "SELECT X'abc'", "Binary literal string must contain an even number of hexits"},
		// Flink's parser: an upper-case keyword where a name may go.
		{"empty select", "SELECT FROM t", "Incorrect syntax near the keyword 'FROM' at line 1, column 8.\nWas expecting one of:\n    \"ABS\" ...\n    \"ALL\" ..."},
		{"trailing comma", "SELECT a, FROM t", "Incorrect syntax near the keyword 'FROM' at line 1, column 11.\nWas expecting one of:\n    \"ABS\" ...\n    \"ARRAY\" ..."},
		{"reserved column", "SELECT user FROM t", `Encountered "user" at line 1, column 8.`},
		{"reserved qualified column", "SELECT t.value FROM t", `Encountered "value" at line 1, column 10.`},
		{"reserved table", "SELECT a FROM `order`, year", `Encountered "year" at line 1, column 24.`},
		{"reserved item alias", "SELECT a AS value FROM t", `Encountered "value" at line 1, column 13.`},
		{"reserved implicit alias", "SELECT a value FROM t", `Encountered "value" at line 1, column 10.`},
		{"reserved table alias", "SELECT 1 FROM t AS time", `Encountered "time" at line 1, column 20.`},
		{"reserved column alias list", "SELECT 1 FROM (VALUES (1)) AS v(date)", `Encountered "date" at line 1, column 33.`},
		{"reserved in where", "SELECT a FROM t WHERE count > 1", `Encountered "count" at line 1, column 23.`},
		{"reserved star qualifier", "SELECT table.* FROM t", `Encountered "table" at line 1, column 8.`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := parseQuery(tc.src, 0, len(tc.src))
			if err == nil {
				t.Fatalf("parseQuery(%q): no error", tc.src)
			}
			e, ok := diag.As(err)
			if !ok || e.Class != diag.ParseException {
				t.Fatalf("parseQuery(%q): %v is not a ParseException", tc.src, err)
			}
			if !strings.HasPrefix(e.Msg, tc.want) {
				t.Errorf("parseQuery(%q)\n got %q\nwant %q", tc.src, e.Msg, tc.want)
			}
		})
	}
}
