package plan

import (
	"strings"
	"testing"
)

func TestJoinPlans(t *testing.T) {
	p := testPlanner(t, false)
	for _, c := range []struct {
		name, query string
		updating    bool
		changes     string // what a sink would be told, "" when not updating
		node        string // prefix of the updating node's name
		schema      string
	}{
		{"inner join is append-only", "SELECT * FROM t JOIN u ON t.id = u.id", false, "", "",
			"id INT, name STRING, id0 INT, name0 STRING"},
		{"left join retracts", "SELECT * FROM t LEFT JOIN u ON t.id = u.id", true, "update and delete changes",
			"Join(joinType=[LeftOuterJoin]", "id INT, name STRING, id0 INT, name0 STRING"},
		{"anti join retracts", "SELECT id FROM t WHERE id NOT IN (SELECT id FROM u)", true, "update and delete changes",
			"Join(joinType=[LeftAntiJoin]", "id INT"},
		{"semi join of append-only inputs is append-only", "SELECT id FROM t WHERE EXISTS (SELECT 1 FROM u WHERE u.id = t.id)",
			false, "", "", "id INT"},
		{"intersect is an aggregate over a semi join", "SELECT id FROM t INTERSECT SELECT id FROM u", true, "update changes",
			"GroupAggregate", "id INT"},
		{"using keeps one common column", "SELECT * FROM t FULL JOIN u USING (id)", true, "update and delete changes",
			"Join(joinType=[FullOuterJoin]", "id INT, name STRING, name0 STRING"},
	} {
		t.Run(c.name, func(t *testing.T) {
			qp, err := planQuery(t, p, c.query)
			if err != nil {
				t.Fatal(err)
			}
			if got := Updating(qp.Root); got != c.updating {
				t.Fatalf("Updating = %v, want %v", got, c.updating)
			}
			if got := schemaText(qp.Root.Schema()); got != c.schema {
				t.Errorf("schema %q, want %q", got, c.schema)
			}
			if !c.updating {
				return
			}
			if got := changesProduced(qp.Root); got != c.changes {
				t.Errorf("changes %q, want %q", got, c.changes)
			}
			if got := updatingNodeName(qp.Root); !strings.HasPrefix(got, c.node) {
				t.Errorf("node %q, want prefix %q", got, c.node)
			}
		})
	}
}
