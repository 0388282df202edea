package plan

import (
	"strings"
	"testing"
	"time"

	"github.com/flinkplay/flinkplay/engine/catalog"
	"github.com/flinkplay/flinkplay/engine/connector"
	"github.com/flinkplay/flinkplay/engine/connector/datagen"
	"github.com/flinkplay/flinkplay/engine/connector/faker"
	"github.com/flinkplay/flinkplay/engine/types"
)

// lookupPlanner returns a planner over the tables of Flink's
// LookupJoinTest (flink-table-planner, plan/stream/sql/join), the lookup
// tables on the 'faker' connector:
//
//	MyTable      (a INT, b STRING, c BIGINT, proctime AS PROCTIME())   datagen
//	LookupTable  (id INT, name STRING, age INT)                        faker
//	LookupTableWithComputedColumn (id INT, name STRING, age INT, nominal_age AS age + 1)
//	Versions     (id INT, PRIMARY KEY (id))                            datagen
func lookupPlanner(t testing.TB) *Planner {
	t.Helper()
	m := catalog.NewManager()
	id := func(name string) catalog.ObjectID {
		return catalog.ObjectID{Catalog: "default_catalog", Database: "default_database", Object: name}
	}
	phys := func(name string, typ types.Type) catalog.Column {
		return catalog.Column{Name: name, Kind: catalog.Physical, Type: typ}
	}
	fake := map[string]string{"connector": "faker", "fields.id.expression": "1", "fields.name.expression": "n", "fields.age.expression": "2"}
	for name, tab := range map[string]*catalog.Table{
		"MyTable": {Columns: []catalog.Column{phys("a", types.Int32), phys("b", types.String), phys("c", types.Int64),
			{Name: "proctime", Kind: catalog.Computed, Type: types.Type{Kind: types.TimestampLTZ, Precision: 3, NotNull: true, Attr: types.Proctime}, Expr: "PROCTIME()"}},
			Options: map[string]string{"connector": "datagen"}},
		"LookupTable": {Columns: []catalog.Column{phys("id", types.Int32), phys("name", types.String), phys("age", types.Int32)},
			Options: fake},
		"LookupTableWithComputedColumn": {Columns: []catalog.Column{phys("id", types.Int32), phys("name", types.String), phys("age", types.Int32),
			{Name: "nominal_age", Kind: catalog.Computed, Type: types.Int32, Expr: "`age` + 1"}},
			Options: fake},
		"Versions": {Columns: []catalog.Column{phys("id", types.Int32)}, PrimaryKey: &catalog.PrimaryKey{Name: "pk", Columns: []string{"id"}},
			Options: map[string]string{"connector": "datagen"}},
	} {
		if err := m.CreateTable(id(name), tab, false, false); err != nil {
			t.Fatal(err)
		}
	}
	return &Planner{Catalog: m, Connectors: connector.NewRegistry(datagen.Factory, faker.Factory), Zone: time.UTC}
}

// findJoin returns the first Join of a plan, top down.
func findJoin(n Node) *Join {
	if j, ok := n.(*Join); ok {
		return j
	}
	for _, in := range n.Inputs() {
		if j := findJoin(in); j != nil {
			return j
		}
	}
	return nil
}

// TestLookupJoinExplain checks the LookupJoin node and the logical plan
// against Flink's LookupJoinTest.xml. Where Flink's optimizer prunes
// columns the playground does not (projection push-down), the expected
// select lists name every column, as CommonPhysicalLookupJoin.explainTerms
// prints them without pruning.
func TestLookupJoinExplain(t *testing.T) {
	p := lookupPlanner(t)
	for _, c := range []struct {
		name, query string
		join        string // the Optimized Execution Plan's line
		ast         string // lines of the LogicalCorrelate and its right input
	}{
		{"testJoinTemporalTable",
			"SELECT * FROM MyTable AS T JOIN LookupTable FOR SYSTEM_TIME AS OF T.proctime AS D ON T.a = D.id",
			"LookupJoin(table=[default_catalog.default_database.LookupTable], joinType=[InnerJoin], lookup=[id=a], select=[a, b, c, proctime, id, name, age])",
			"LogicalCorrelate(correlation=[$cor0], joinType=[inner], requiredColumns=[{0, 3}])\n" +
				"   +- LogicalFilter(condition=[=($cor0.a, $0)])\n" +
				"      +- LogicalSnapshot(period=[$cor0.proctime])\n" +
				"         +- LogicalTableScan(table=[[default_catalog, default_database, LookupTable]])"},
		{"testLeftJoinTemporalTable",
			"SELECT * FROM MyTable AS T LEFT JOIN LookupTable FOR SYSTEM_TIME AS OF T.proctime AS D ON T.a = D.id",
			"LookupJoin(table=[default_catalog.default_database.LookupTable], joinType=[LeftOuterJoin], lookup=[id=a], select=[a, b, c, proctime, id, name, age])",
			"LogicalCorrelate(correlation=[$cor0], joinType=[left], requiredColumns=[{0, 3}])"},
		{"testJoinTemporalTableWithComputedColumnAndPushDown",
			"SELECT T.a, T.b, T.c, D.name, D.age, D.nominal_age FROM MyTable AS T JOIN LookupTableWithComputedColumn " +
				"FOR SYSTEM_TIME AS OF T.proctime AS D ON T.a = D.id and D.nominal_age > 12",
			"LookupJoin(table=[default_catalog.default_database.LookupTableWithComputedColumn], joinType=[InnerJoin], lookup=[id=a], " +
				"where=[((age + 1) > 12)], select=[a, b, c, proctime, id, name, age, (age + 1) AS nominal_age])",
			"LogicalCorrelate(correlation=[$cor0], joinType=[inner], requiredColumns=[{0, 3}])\n" +
				"   +- LogicalFilter(condition=[AND(=($cor0.a, $0), >($3, 12))])\n" +
				"      +- LogicalSnapshot(period=[$cor0.proctime])\n" +
				"         +- LogicalProject(id=[$0], name=[$1], age=[$2], nominal_age=[+($2, 1)])\n" +
				"            +- LogicalTableScan(table=[[default_catalog, default_database, LookupTableWithComputedColumn]])"},
		{"testJoinTemporalTableWithMultiIndexColumn",
			"SELECT * FROM MyTable AS T JOIN LookupTable FOR SYSTEM_TIME AS OF T.proctime AS D ON T.a = D.id AND D.age = 10 AND D.name = 'AAA'",
			"LookupJoin(table=[default_catalog.default_database.LookupTable], joinType=[InnerJoin], lookup=[age=10, name=_UTF-16LE'AAA', id=a], " +
				"where=[((age = 10) AND (name = 'AAA'))], select=[a, b, c, proctime, id, name, age])",
			"LogicalCorrelate(correlation=[$cor0], joinType=[inner], requiredColumns=[{0, 3}])\n" +
				"   +- LogicalFilter(condition=[AND(=($cor0.a, $0), =($2, 10), =($1, _UTF-16LE'AAA'))])"},
		{"testJoinTemporalTableWithFunctionAndReferenceCondition",
			"SELECT * FROM MyTable AS T JOIN LookupTable FOR SYSTEM_TIME AS OF T.proctime AS D ON T.a = D.id AND T.b = concat(D.name, '!')",
			"LookupJoin(table=[default_catalog.default_database.LookupTable], joinType=[InnerJoin], lookup=[id=a], " +
				"joinCondition=[(b = CONCAT(name, '!'))], select=[a, b, c, proctime, id, name, age])",
			"LogicalCorrelate(correlation=[$cor0], joinType=[inner], requiredColumns=[{0, 1, 3}])\n" +
				"   +- LogicalFilter(condition=[AND(=($cor0.a, $0), =($cor0.b, CONCAT($1, _UTF-16LE'!')))])"},
		// A LEFT join keeps a condition on the left row as its pre-filter,
		// printed right before the remaining condition.
		{"pre-filter",
			"SELECT * FROM MyTable AS T LEFT JOIN LookupTable FOR SYSTEM_TIME AS OF T.proctime AS D ON T.a = D.id AND T.c > 5 AND T.b = D.name",
			"LookupJoin(table=[default_catalog.default_database.LookupTable], joinType=[LeftOuterJoin], lookup=[id=a, name=b], " +
				"joinCondition=[(c > 5)], select=[a, b, c, proctime, id, name, age])",
			"LogicalCorrelate(correlation=[$cor0], joinType=[left], requiredColumns=[{0, 1, 2, 3}])"},
		{"pre-filter and remaining condition",
			"SELECT * FROM MyTable AS T LEFT JOIN LookupTable FOR SYSTEM_TIME AS OF T.proctime AS D ON T.a = D.id AND T.c > 5 AND T.c < D.age",
			"LookupJoin(table=[default_catalog.default_database.LookupTable], joinType=[LeftOuterJoin], lookup=[id=a], " +
				"joinCondition=[(c > 5)(c < age)], select=[a, b, c, proctime, id, name, age])",
			"LogicalCorrelate(correlation=[$cor0], joinType=[left], requiredColumns=[{0, 2, 3}])"},
	} {
		t.Run(c.name, func(t *testing.T) {
			qp, err := planQuery(t, p, c.query)
			if err != nil {
				t.Fatal(err)
			}
			j := findJoin(qp.Root)
			if j == nil || j.Lookup == nil {
				t.Fatalf("no lookup join in %T", qp.Root)
			}
			if got := ExecLine(JoinExplain(j)); got != c.join {
				t.Errorf("LookupJoin\n got %s\nwant %s", got, c.join)
			}
			ast := ExplainLogical(qp.Root)
			for _, line := range strings.Split(c.ast, "\n") {
				if !strings.Contains(ast, line+"\n") {
					t.Errorf("logical plan\n%s\nwant a line\n%s", ast, line)
				}
			}
		})
	}
}

// TestLookupJoinErrors checks Flink's messages for temporal joins on a
// processing-time attribute that are no lookup joins.
func TestLookupJoinErrors(t *testing.T) {
	p := lookupPlanner(t)
	for _, c := range []struct{ query, want string }{
		{"SELECT * FROM MyTable AS T JOIN LookupTable FOR SYSTEM_TIME AS OF T.proctime AS D ON TRUE",
			"org.apache.flink.table.api.TableException: Temporal table join requires an equality condition on fields of table [default_catalog.default_database.LookupTable]."},
		{"SELECT * FROM MyTable AS T LEFT JOIN LookupTable FOR SYSTEM_TIME AS OF T.proctime AS D ON T.a + 1 = D.id + 2",
			"org.apache.flink.table.api.TableException: Temporal table join requires an equality condition on fields of table [default_catalog.default_database.LookupTable]."},
		{"SELECT * FROM MyTable AS T JOIN LookupTable FOR SYSTEM_TIME AS OF T.proctime AS D ON T.c = D.id",
			"org.apache.flink.table.api.TableException: Temporal table join requires an equality condition on fields of table [default_catalog.default_database.LookupTable]."},
		{"SELECT * FROM MyTable AS T JOIN Versions FOR SYSTEM_TIME AS OF T.proctime AS D ON T.a = D.id",
			"org.apache.flink.table.api.TableException: Processing-time temporal join is not supported yet."},
		{"SELECT * FROM MyTable AS T JOIN Versions FOR SYSTEM_TIME AS OF T.proctime AS D ON T.a > D.id",
			"org.apache.flink.table.api.ValidationException: Currently the join key in Temporal Table Join can not be empty."},
	} {
		_, err := planQuery(t, p, c.query)
		if err == nil {
			t.Errorf("%s: no error, want %s", c.query, c.want)
			continue
		}
		if got := errText(err, c.query); got != c.want {
			t.Errorf("%s:\n got %s\nwant %s", c.query, got, c.want)
		}
	}
}

// TestLookupJoinKeys checks which equalities become lookup keys and what
// the join keeps as conditions.
func TestLookupJoinKeys(t *testing.T) {
	p := lookupPlanner(t)
	for _, c := range []struct {
		name, on string
		keys     []int // physical columns, ascending
		where    bool
		cond     bool
		pushed   bool
	}{
		{"field", "T.a = D.id", []int{0}, false, false, false},
		{"reversed", "D.id = T.a", []int{0}, false, false, false},
		{"constant", "D.age = 10", []int{2}, true, false, false},
		{"left expression", "T.a + 1 = D.age AND T.b = D.name", []int{1, 2}, false, false, false},
		{"left condition pushed", "T.a = D.id AND T.c > 5", []int{0}, false, false, true},
		{"cast of the column", "T.c = D.id AND T.a = D.age", []int{2}, false, true, false},
		{"same column twice", "T.a = D.id AND CAST(T.c AS INT) = D.id", []int{0}, false, true, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			qp, err := planQuery(t, p, "SELECT * FROM MyTable AS T JOIN LookupTable FOR SYSTEM_TIME AS OF T.proctime AS D ON "+c.on)
			if err != nil {
				t.Fatal(err)
			}
			j := findJoin(qp.Root)
			var keys []int
			for _, k := range j.Lookup.Keys {
				keys = append(keys, k.Field)
			}
			if len(keys) != len(c.keys) {
				t.Fatalf("keys %v, want %v", keys, c.keys)
			}
			for i := range keys {
				if keys[i] != c.keys[i] {
					t.Fatalf("keys %v, want %v", keys, c.keys)
				}
			}
			if got := j.Lookup.Where != nil; got != c.where {
				t.Errorf("where %v, want %v", got, c.where)
			}
			if got := j.Cond != nil; got != c.cond {
				t.Errorf("condition %v, want %v", got, c.cond)
			}
			if _, got := j.Left.(*Filter); got != c.pushed {
				t.Errorf("filter under the join %v, want %v", got, c.pushed)
			}
			if got := Updating(qp.Root); got {
				t.Error("a lookup join of an insert-only input updates")
			}
			if n := len(j.Inputs()); n != 1 {
				t.Errorf("%d inputs, want 1", n)
			}
		})
	}
}

func TestLookupJoinNotDistinct(t *testing.T) {
	p := lookupPlanner(t)
	q := "SELECT * FROM MyTable AS T LEFT JOIN LookupTable FOR SYSTEM_TIME AS OF T.proctime AS D ON T.a IS NOT  DISTINCT FROM D.id"
	_, err := planQuery(t, p, q)
	want := "org.apache.flink.table.api.TableException: LookupJoin doesn't support join condition contains 'a IS NOT DISTINCT FROM b' " +
		"(or alternative '(a = b) or (a IS NULL AND b IS NULL)'), the join condition is 'IS NOT DISTINCT FROM($0, $4)'"
	if err == nil || errText(err, q) != want {
		t.Errorf("got %v\nwant %s", err, want)
	}
}
