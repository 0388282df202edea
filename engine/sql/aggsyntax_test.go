package sql

import "testing"

// TestAggregateSyntax parses the aggregate forms the desugarer rewrites:
// GROUPING SETS with the empty set, the JSON aggregates' clauses and
// ARRAY_AGG's null treatment.
func TestAggregateSyntax(t *testing.T) {
	tests := []struct{ name, src, want string }{
		{"grouping sets", "SELECT a FROM t GROUP BY GROUPING SETS ((a, b), a, ())",
			"(select (col a) (from (table t)) (group (GROUPING SETS (ROW (col a) (col b)) (col a) (ROW))))"},
		{"rollup and cube", "SELECT a FROM t GROUP BY ROLLUP(a, b), CUBE((a, b))",
			"(select (col a) (from (table t)) (group (ROLLUP (col a) (col b)) (CUBE (ROW (col a) (col b)))))"},
		{"json objectagg", "SELECT JSON_OBJECTAGG(KEY k VALUE v ABSENT ON NULL) FROM t",
			"(select (JSON_OBJECTAGG :ABSENT ON NULL (col k) (col v)) (from (table t)))"},
		{"json arrayagg default", "SELECT JSON_ARRAYAGG(v) FROM t",
			"(select (JSON_ARRAYAGG :ABSENT ON NULL (col v)) (from (table t)))"},
		{"array_agg ignore nulls", "SELECT ARRAY_AGG(DISTINCT v IGNORE NULLS) FROM t",
			"(select (ARRAY_AGG distinct (col v) :IGNORE NULLS) (from (table t)))"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			q, err := ParseQuery(tt.src)
			if err != nil {
				t.Fatal(err)
			}
			if got := dump(q); got != tt.want {
				t.Errorf("got  %s\nwant %s", got, tt.want)
			}
		})
	}
}
