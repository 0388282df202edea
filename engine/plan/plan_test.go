package plan

import (
	"strings"
	"testing"
	"time"

	"github.com/flinkplay/flinkplay/engine/catalog"
	"github.com/flinkplay/flinkplay/engine/connector"
	"github.com/flinkplay/flinkplay/engine/connector/blackhole"
	"github.com/flinkplay/flinkplay/engine/connector/datagen"
	"github.com/flinkplay/flinkplay/engine/connector/print"
	"github.com/flinkplay/flinkplay/engine/diag"
	"github.com/flinkplay/flinkplay/engine/sql"
	"github.com/flinkplay/flinkplay/engine/types"
)

// testPlanner returns a planner over a catalog with:
//
//	t    (id INT, name STRING)            datagen, 10 rows (bounded)
//	u    (id INT, name STRING)            datagen, unbounded
//	c    (id INT, name STRING, len AS CHAR_LENGTH(name)) datagen, 5 rows
//	snk  (a INT, b STRING, p STRING)      print
//	bh   (a BIGINT)                       blackhole
//	v    view SELECT id FROM t
func testPlanner(t testing.TB, batch bool) *Planner {
	t.Helper()
	m := catalog.NewManager()
	id := func(name string) catalog.ObjectID {
		return catalog.ObjectID{Catalog: "default_catalog", Database: "default_database", Object: name}
	}
	phys := func(name string, typ types.Type) catalog.Column {
		return catalog.Column{Name: name, Kind: catalog.Physical, Type: typ}
	}
	gen := func(extra ...string) map[string]string {
		o := map[string]string{"connector": "datagen"}
		for i := 0; i+1 < len(extra); i += 2 {
			o[extra[i]] = extra[i+1]
		}
		return o
	}
	mustCreate := func(name string, tab *catalog.Table) {
		if err := m.CreateTable(id(name), tab, false, false); err != nil {
			t.Fatal(err)
		}
	}
	mustCreate("t", &catalog.Table{Columns: []catalog.Column{phys("id", types.Int32), phys("name", types.String)},
		Options: gen("number-of-rows", "10")})
	mustCreate("u", &catalog.Table{Columns: []catalog.Column{phys("id", types.Int32), phys("name", types.String)},
		Options: gen()})
	mustCreate("c", &catalog.Table{Columns: []catalog.Column{phys("id", types.Int32), phys("name", types.String),
		{Name: "len", Kind: catalog.Computed, Type: types.Int32, Expr: "CHAR_LENGTH(`name`)"}},
		Options: gen("number-of-rows", "5")})
	mustCreate("snk", &catalog.Table{Columns: []catalog.Column{phys("a", types.Int32), phys("b", types.String), phys("p", types.String)},
		PartitionKeys: []string{"p"}, Options: map[string]string{"connector": "print"}})
	mustCreate("bh", &catalog.Table{Columns: []catalog.Column{phys("a", types.Int64)},
		Options: map[string]string{"connector": "blackhole"}})
	view := &catalog.View{Schema: types.Schema{Columns: []types.Column{{Name: "id", Type: types.Int32}}},
		OriginalQuery: "SELECT id FROM t"}
	if err := m.CreateView(id("v"), view, false, false); err != nil {
		t.Fatal(err)
	}
	return &Planner{
		Catalog:    m,
		Connectors: connector.NewRegistry(blackhole.Factory, datagen.Factory, print.Factory),
		Batch:      batch,
		Zone:       time.UTC,
	}
}

func planQuery(t testing.TB, p *Planner, text string) (*QueryPlan, error) {
	t.Helper()
	q, err := sql.ParseQuery(text)
	if err != nil {
		t.Fatalf("parse %q: %v", text, err)
	}
	return p.PlanQuery(q)
}

func planInsert(t testing.TB, p *Planner, text string) (*InsertPlan, error) {
	t.Helper()
	st, err := sql.ParseStatement(text, sql.Span{Start: 0, End: len(text)})
	if err != nil {
		t.Fatalf("parse %q: %v", text, err)
	}
	ins, ok := st.(*sql.Insert)
	if !ok {
		t.Fatalf("%q is a %T, not an INSERT", text, st)
	}
	return p.PlanInsert(ins)
}

// schemaText renders a schema as name TYPE pairs, the way the tests below
// spell their expectations.
func schemaText(s types.Schema) string {
	parts := make([]string, len(s.Columns))
	for i, c := range s.Columns {
		parts[i] = c.Name + " " + c.Type.String()
	}
	return strings.Join(parts, ", ")
}

// errText renders an error as "line:col: class: message" (position
// omitted when unknown), resolved against text.
func errText(err error, text string) string {
	e, ok := diag.As(err)
	if !ok {
		return "not a diag.Error: " + err.Error()
	}
	e.Resolve(text)
	s := e.Class + ": " + e.Msg
	if e.Line > 0 {
		s = itoa(e.Line) + ":" + itoa(e.Col) + ": " + s
	}
	return s
}

func TestPlanQuerySchema(t *testing.T) {
	tests := []struct {
		name, query, want string
	}{
		{"star", "SELECT * FROM t", "id INT, name STRING"},
		{"qualified star", "SELECT t.* FROM t", "id INT, name STRING"},
		{"alias star", "SELECT x.* FROM t AS x", "id INT, name STRING"},
		{"star with computed column", "SELECT * FROM c", "id INT, name STRING, len INT"},
		{"column alias", "SELECT id AS k, name AS n FROM t", "k INT, n STRING"},
		{"qualified column keeps its name", "SELECT x.id FROM t x", "id INT"},
		{"expression names EXPR$ by position", "SELECT id, id + 1, name FROM t", "id INT, EXPR$1 INT, name STRING"},
		{"duplicate names are made unique", "SELECT id, id, id AS id FROM t", "id INT, id0 INT, id1 INT"},
		{"no FROM", "SELECT 1, 'a' AS s", "EXPR$0 INT NOT NULL, s CHAR(1) NOT NULL"},
		{"where", "SELECT name FROM t WHERE id > 3 AND name <> 'x'", "name STRING"},
		{"cast", "SELECT CAST(id AS BIGINT) AS b, CAST(name AS VARCHAR(5)) FROM t", "b BIGINT, EXPR$1 VARCHAR(5)"},
		{"arithmetic widens", "SELECT id + CAST(1 AS BIGINT) AS s, id * 1.5 AS m FROM t", "s BIGINT, m DECIMAL(13, 1)"},
		{"comparison and logic", "SELECT id = 1 OR NOT id < 0 AS b FROM t", "b BOOLEAN"},
		{"view expands", "SELECT * FROM v", "id INT"},
		{"derived table with column aliases", "SELECT x FROM (SELECT id FROM t) AS d(x)", "x INT"},
		{"values", "VALUES (1, 'a'), (2, 'bc')", "EXPR$0 INT NOT NULL, EXPR$1 VARCHAR(2) NOT NULL"},
		{"values with null widens nullability", "VALUES (1), (CAST(NULL AS INT))", "EXPR$0 INT"},
		{"values least restrictive numeric", "VALUES (1), (CAST(2 AS BIGINT))", "EXPR$0 BIGINT NOT NULL"},
		{"select from values with aliases", "SELECT * FROM (VALUES (1, 'a')) AS v(k, s)", "k INT NOT NULL, s CHAR(1) NOT NULL"},
		{"group by key and aggregates", "SELECT name, COUNT(*), SUM(id) AS s FROM t GROUP BY name", "name STRING, EXPR$1 BIGINT NOT NULL, s INT"},
		{"global aggregate", "SELECT COUNT(DISTINCT id) AS c, MIN(name), AVG(id) FROM t", "c BIGINT NOT NULL, EXPR$1 STRING, EXPR$2 INT"},
		{"group by expression", "SELECT id % 2 AS parity, COUNT(*) AS c FROM t GROUP BY id % 2", "parity INT, c BIGINT NOT NULL"},
		{"having", "SELECT name FROM t GROUP BY name HAVING COUNT(*) > 1", "name STRING"},
		{"distinct", "SELECT DISTINCT name FROM t", "name STRING"},
		{"union all", "SELECT id FROM t UNION ALL SELECT CAST(id AS BIGINT) FROM t", "id BIGINT"},
	}
	p := testPlanner(t, false)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			qp, err := planQuery(t, p, tt.query)
			if err != nil {
				t.Fatalf("plan: %v", errText(err, tt.query))
			}
			if got := schemaText(qp.Root.Schema()); got != tt.want {
				t.Errorf("schema\n got: %s\nwant: %s", got, tt.want)
			}
		})
	}
}

func TestPlanQueryErrors(t *testing.T) {
	const validator = "org.apache.calcite.sql.validate.SqlValidatorException: "
	const validation = "org.apache.flink.table.api.ValidationException: "
	tests := []struct {
		name  string
		batch bool
		query string
		want  string
	}{
		{"unknown column", false, "SELECT nope FROM t", "1:8: " + validator + "Column 'nope' not found in any table"},
		{"unknown column on line 2", false, "SELECT id,\n  nope FROM t", "2:3: " + validator + "Column 'nope' not found in any table"},
		{"unknown table", false, "SELECT * FROM nope", "1:15: " + validator + "Object 'nope' not found"},
		{"unknown qualified table", false, "SELECT * FROM default_catalog.nodb.t", "1:15: " + validator + "Object 'default_catalog.nodb.t' not found"},
		{"unknown qualifier", false, "SELECT x.id FROM t", "1:8: " + validator + "Table 'x' not found"},
		{"unknown column in table", false, "SELECT t.nope FROM t", "1:10: " + validator + "Column 'nope' not found in table 't'"},
		{"unknown star qualifier", false, "SELECT x.* FROM t", "1:8: " + validator + "Unknown identifier 'x'"},
		{"not grouped", false, "SELECT name, COUNT(*) FROM t GROUP BY id", "1:8: " + validator + "Expression 'name' is not being grouped"},
		{"not grouped under an aggregate", false, "SELECT id FROM t HAVING COUNT(*) > 0", "1:8: " + validator + "Expression 'id' is not being grouped"},
		{"unknown column in group by", false, "SELECT COUNT(*) FROM t GROUP BY nope", "1:33: " + validator + "Column 'nope' not found in any table"},
		{"nested aggregate", false, "SELECT SUM(COUNT(id)) FROM t", "1:12: " + validator + "Aggregate expressions cannot be nested"},
		{"sum of string", false, "SELECT SUM(name) FROM t", "1:8: " + validator +
			"Cannot apply 'SUM' to arguments of type 'SUM(<VARCHAR(2147483647)>)'. Supported form(s): 'SUM(<NUMERIC>)'"},
		{"non-boolean where", false, "SELECT id FROM t WHERE id", "1:24: " + validation + "WHERE clause must be a condition"},
		{"derived column alias count", false, "SELECT * FROM (SELECT id, name FROM t) AS d(x)", "1:16: " + validator +
			"List of column aliases must have same degree as table; table has 2 columns ('id', 'name'), whereas alias list has 1 columns"},
		{"values of different widths", false, "VALUES (1), (2, 3)", "1:1: " + validator + "Values passed to VALUES operator must have compatible types"},
		{"values of incompatible types", false, "VALUES (1), ('a')", "1:1: " + validator + "Values passed to VALUES operator must have compatible types"},
		{"streaming sort on a regular column", false, "SELECT id FROM t ORDER BY id", "org.apache.flink.table.api.TableException: Sort on a non-time-attribute field is not supported."},
		{"batch rejects unbounded", true, "SELECT * FROM u", "1:15: " + validation +
			"Querying an unbounded table 'default_catalog.default_database.u' in batch mode is not allowed. The table source is unbounded."},
		{"batch rejects unbounded even with limit", true, "SELECT * FROM u LIMIT 1", "1:15: " + validation +
			"Querying an unbounded table 'default_catalog.default_database.u' in batch mode is not allowed. The table source is unbounded."},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := testPlanner(t, tt.batch)
			_, err := planQuery(t, p, tt.query)
			if err == nil {
				t.Fatalf("no error, want %s", tt.want)
			}
			if got := errText(err, tt.query); !strings.HasSuffix(got, tt.want) || (strings.Contains(tt.want, ": org.") && got != tt.want) {
				t.Errorf("error\n got: %s\nwant: %s", got, tt.want)
			}
		})
	}
}

func TestPlanBoundedAndLimit(t *testing.T) {
	tests := []struct {
		name    string
		batch   bool
		query   string
		bounded bool
		offset  int64
		count   int64 // -2: no Limit node at the root
	}{
		{"bounded source", false, "SELECT * FROM t", true, 0, -2},
		{"unbounded source", false, "SELECT * FROM u", false, 0, -2},
		{"limit bounds an unbounded source", false, "SELECT * FROM u LIMIT 5", true, 0, 5},
		{"offset alone does not bound", false, "SELECT * FROM u OFFSET 2", false, 2, -1},
		{"limit and offset", false, "SELECT * FROM t LIMIT 3 OFFSET 2", true, 2, 3},
		{"fetch first", false, "SELECT * FROM t OFFSET 1 ROWS FETCH FIRST 2 ROWS ONLY", true, 1, 2},
		{"values are bounded", false, "VALUES (1)", true, 0, -2},
		{"limit 0", true, "SELECT * FROM t LIMIT 0", true, 0, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			qp, err := planQuery(t, testPlanner(t, tt.batch), tt.query)
			if err != nil {
				t.Fatal(errText(err, tt.query))
			}
			if qp.Bounded != tt.bounded {
				t.Errorf("Bounded = %v, want %v", qp.Bounded, tt.bounded)
			}
			l, ok := qp.Root.(*Limit)
			if tt.count == -2 {
				if ok {
					t.Errorf("unexpected Limit at the root: %+v", l)
				}
				return
			}
			if !ok {
				t.Fatalf("root is %T, want *Limit", qp.Root)
			}
			if l.Offset != tt.offset || l.Count != tt.count {
				t.Errorf("Limit(offset %d, count %d), want (%d, %d)", l.Offset, l.Count, tt.offset, tt.count)
			}
		})
	}
}

func TestPlanAggregateShape(t *testing.T) {
	tests := []struct {
		name     string
		query    string
		keys     int
		aggs     string // Name/Distinct/Arg of each call
		updating bool
	}{
		{"count star", "SELECT COUNT(*) FROM t", 0, "COUNT(*)", true},
		{"count distinct", "SELECT name, COUNT(DISTINCT id) FROM t GROUP BY name", 1, "COUNT(DISTINCT 1)", true},
		{"repeated call computed once", "SELECT SUM(id), SUM(id) + 1 FROM t", 0, "SUM(0)", true},
		{"several aggregates", "SELECT MIN(id), MAX(id), AVG(id) FROM t", 0, "MIN(0) MAX(0) AVG(0)", true},
		{"duplicate group keys collapse", "SELECT id FROM t GROUP BY id, id", 1, "", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			qp, err := planQuery(t, testPlanner(t, false), tt.query)
			if err != nil {
				t.Fatal(errText(err, tt.query))
			}
			var agg *Aggregate
			var find func(Node)
			find = func(n Node) {
				if a, ok := n.(*Aggregate); ok && agg == nil {
					agg = a
				}
				for _, in := range n.Inputs() {
					find(in)
				}
			}
			find(qp.Root)
			if agg == nil {
				t.Fatal("no Aggregate in the plan")
			}
			var calls []string
			for _, c := range agg.Aggs {
				arg := "*"
				if c.Arg >= 0 {
					arg = itoa(c.Arg)
				}
				if c.Distinct {
					arg = "DISTINCT " + arg
				}
				calls = append(calls, c.Name+"("+arg+")")
			}
			if got := strings.Join(calls, " "); len(agg.Keys) != tt.keys || got != tt.aggs {
				t.Errorf("keys %d aggs %q, want %d %q", len(agg.Keys), got, tt.keys, tt.aggs)
			}
			if got := Updating(qp.Root); got != tt.updating {
				t.Errorf("Updating = %v, want %v", got, tt.updating)
			}
		})
	}
}

func TestPlanInsert(t *testing.T) {
	tests := []struct {
		name, stmt string
		want       string // the final projection, one expression per sink column
	}{
		// Columns the sink takes as they are: no projection, as in Flink
		// (DynamicSinkUtils: every column supportsAvoidingCast).
		{"all columns", "INSERT INTO snk SELECT id, name, name FROM t", ""},
		{"column list reorders", "INSERT INTO snk (b, a) SELECT name, id FROM t", "$1, $0, null:VARCHAR(2147483647) CHARACTER SET \"UTF-16LE\""},
		{"partition fills its column", "INSERT INTO snk PARTITION (p = 'x') SELECT id, name FROM t", "$0, $1, CAST(_UTF-16LE'x' AS VARCHAR(2147483647) CHARACTER SET \"UTF-16LE\" NOT NULL)"},
		{"values", "INSERT INTO snk VALUES (1, 'a', 'b')", ""},
		{"a cast casts the row", "INSERT INTO snk SELECT CAST(id AS SMALLINT), name, name FROM t", "CAST($0 AS INTEGER), $1, $2"},
		{"implicit cast", "INSERT INTO bh SELECT id FROM t", "CAST($0 AS BIGINT)"},
	}
	p := testPlanner(t, false)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ip, err := planInsert(t, p, tt.stmt)
			if err != nil {
				t.Fatal(errText(err, tt.stmt))
			}
			if tt.want == "" {
				if ip.Projected {
					t.Errorf("a projection onto the sink's columns: %s", ip.Query.Root.(*Project).Exprs)
				}
				return
			}
			proj, ok := ip.Query.Root.(*Project)
			if !ok || !ip.Projected {
				t.Fatalf("root is %T (projected %v), want the sink's *Project", ip.Query.Root, ip.Projected)
			}
			parts := make([]string, len(proj.Exprs))
			for i, e := range proj.Exprs {
				parts[i] = e.String()
			}
			if got := strings.Join(parts, ", "); got != tt.want {
				t.Errorf("projection\n got: %s\nwant: %s", got, tt.want)
			}
			if got := schemaText(proj.Out); got != schemaText(ip.Target) {
				t.Errorf("output %s, want the sink's %s", got, schemaText(ip.Target))
			}
		})
	}
}

func TestPlanInsertErrors(t *testing.T) {
	const validation = "org.apache.flink.table.api.ValidationException: "
	tests := []struct {
		name, stmt, want string
	}{
		{"too few columns", "INSERT INTO snk SELECT id FROM t", "1:17: " + validation +
			"Column types of query result and sink for 'default_catalog.default_database.snk' do not match.\n" +
			"Cause: Different number of columns.\n\nQuery schema: [id: INT]\nSink schema:  [a: INT, b: STRING, p: STRING]"},
		{"partition leaves fewer columns", "INSERT INTO snk PARTITION (p = 'x') SELECT id, name, name FROM t", "1:37: " + validation +
			"Column types of query result and sink for 'default_catalog.default_database.snk' do not match.\n" +
			"Cause: Different number of columns.\n\nQuery schema: [id: INT, name: STRING, name0: STRING]\nSink schema:  [a: INT, b: STRING]"},
		{"incompatible type", "INSERT INTO snk SELECT name, name, name FROM t", "1:17: " + validation +
			"Column types of query result and sink for 'default_catalog.default_database.snk' do not match.\n" +
			"Cause: Incompatible types for sink column 'a' at position 0.\n\n" +
			"Query schema: [name: STRING, name0: STRING, name1: STRING]\nSink schema:  [a: INT, b: STRING, p: STRING]"},
		{"unknown target column", "INSERT INTO snk (a, nope) SELECT id, name FROM t",
			"1:21: org.apache.calcite.sql.validate.SqlValidatorException: Unknown target column 'nope'"},
		{"unknown partition column", "INSERT INTO snk PARTITION (q = 'x') SELECT id, name, name FROM t",
			"1:28: org.apache.calcite.sql.validate.SqlValidatorException: Unknown target column 'q'"},
		{"unknown sink", "INSERT INTO nope SELECT id FROM t",
			"1:13: org.apache.calcite.sql.validate.SqlValidatorException: Object 'nope' not found"},
		{"view as sink", "INSERT INTO v SELECT id FROM t",
			"1:13: " + validation + "View `default_catalog`.`default_database`.`v` cannot be used as a sink."},
		{"datagen as sink", "INSERT INTO t SELECT id, name FROM t",
			"1:13: " + validation + "Connector 'datagen' can only be used as a source. It cannot be used as a sink."},
	}
	p := testPlanner(t, false)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := planInsert(t, p, tt.stmt)
			if err == nil {
				t.Fatalf("no error, want %s", tt.want)
			}
			if got := errText(err, tt.stmt); got != tt.want {
				t.Errorf("error\n got: %s\nwant: %s", got, tt.want)
			}
		})
	}
}

func TestQuerySchemaExpandsViewText(t *testing.T) {
	tests := []struct {
		name, query, want string
	}{
		{"star", "SELECT * FROM t",
			"SELECT `t`.`id`, `t`.`name`\nFROM `default_catalog`.`default_database`.`t` AS `t`"},
		{"alias and where", "SELECT id AS k FROM t AS x WHERE id > 1",
			"SELECT `x`.`id` AS `k`\nFROM `default_catalog`.`default_database`.`t` AS `x`\nWHERE `x`.`id` > 1"},
		{"view over a view", "SELECT * FROM v",
			"SELECT `v`.`id`\nFROM `default_catalog`.`default_database`.`v` AS `v`"},
		{"limit keeps the original text", "SELECT id FROM t LIMIT 1", ""},
	}
	p := testPlanner(t, false)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			q, err := sql.ParseQuery(tt.query)
			if err != nil {
				t.Fatal(err)
			}
			_, text, err := p.QuerySchema(q)
			if err != nil {
				t.Fatal(errText(err, tt.query))
			}
			if text != tt.want {
				t.Errorf("expanded\n got: %q\nwant: %q", text, tt.want)
			}
		})
	}
}

func TestQuerySchemaSkipsConnectorValidation(t *testing.T) {
	// A view over a table with bad options is created fine; Flink checks
	// options only when the table is read.
	p := testPlanner(t, true)
	id := catalog.ObjectID{Catalog: "default_catalog", Database: "default_database", Object: "bad"}
	tab := &catalog.Table{Columns: []catalog.Column{{Name: "x", Type: types.Int32}},
		Options: map[string]string{"connector": "datagen", "nope": "1"}}
	if err := p.Catalog.CreateTable(id, tab, false, false); err != nil {
		t.Fatal(err)
	}
	q, err := sql.ParseQuery("SELECT x FROM bad")
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := p.QuerySchema(q); err != nil {
		t.Errorf("QuerySchema: %v", err)
	}
	if _, err := p.PlanQuery(q); err == nil || !strings.Contains(err.Error(), "Unsupported options found for 'datagen'") {
		t.Errorf("PlanQuery error = %v, want the unsupported options error", err)
	}
}

func TestExprType(t *testing.T) {
	cols := []types.Column{{Name: "a", Type: types.Int32}, {Name: "s", Type: types.String}}
	tests := []struct {
		name, expr, want string
	}{
		{"arithmetic", "a + 1", "INT"},
		{"string function", "UPPER(s)", "STRING"},
		{"proctime", "PROCTIME()", "TIMESTAMP_LTZ(3) *PROCTIME* NOT NULL"},
		{"unknown column", "b + 1", "error: Column 'b' not found in any table"},
	}
	p := testPlanner(t, false)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e, err := sql.ParseExpr(tt.expr)
			if err != nil {
				t.Fatal(err)
			}
			typ, err := p.ExprType(cols, e)
			got := typ.String()
			if err != nil {
				got = "error: " + err.Error()
			}
			if got != tt.want {
				t.Errorf("got %s, want %s", got, tt.want)
			}
		})
	}
}
