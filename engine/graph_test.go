package engine

import (
	"fmt"
	"strings"
	"testing"

	"github.com/flinkplay/flinkplay/engine/stream"
)

// graphLines prints a result's graph one node a line: its kind, its
// inputs, and its counters, for comparing with what the run must have
// done.
func graphLines(nodes []NodeStats) string {
	var b strings.Builder
	for _, n := range nodes {
		fmt.Fprintf(&b, "%d %s <-%v in=%d out=%d", n.ID, n.Kind, n.Inputs, n.In, n.Out)
		if n.Stateful {
			fmt.Fprintf(&b, " state=%d keys=%d", n.StateRows, n.StateKeys)
		}
		if n.Watermark != stream.NoWatermark && n.Watermark != stream.MaxWatermark {
			fmt.Fprintf(&b, " wm=%d", n.Watermark)
		}
		b.WriteString("\n")
	}
	return b.String()
}

// TestGraphCountsEachOperator runs a keyed aggregation over a sequence and
// checks each node of its graph: the scan read 100 rows, the filter kept
// 90, the Exchange passed them on by key, and the aggregation took 90 and
// sent 3 inserts and 87 pairs of updates, holding 3 keys.
func TestGraphCountsEachOperator(t *testing.T) {
	s := newTestSession(t)
	mustExec(t, s, `CREATE TABLE Orders (id INT, product AS CASE WHEN id % 3 = 0 THEN 'pear' WHEN id % 3 = 1 THEN 'apple' ELSE 'fig' END) WITH (
  'connector' = 'datagen', 'number-of-rows' = '100',
  'fields.id.kind' = 'sequence', 'fields.id.start' = '1', 'fields.id.end' = '100')`)
	r := mustExec(t, s, `SELECT product, COUNT(*) AS orders FROM Orders WHERE id > 10 GROUP BY product`)
	kinds, _ := drain(t, r)
	if len(kinds) != 3+2*87 {
		t.Fatalf("%d changes, want %d", len(kinds), 3+2*87)
	}
	nodes := r.Graph()
	got := graphLines(nodes)
	want := `0 TableSourceScan <-[] in=100 out=100
1 Calc <-[0] in=100 out=100
2 Calc <-[1] in=100 out=90
3 Exchange <-[2] in=90 out=90
4 GroupAggregate <-[3] in=90 out=177 state=3 keys=3
`
	if got != want {
		t.Errorf("graph:\n%s\nwant:\n%s", got, want)
	}
	if !strings.HasPrefix(nodes[3].Text, "Exchange(distribution=[hash[product]])") {
		t.Errorf("exchange text %q", nodes[3].Text)
	}
	if !strings.HasPrefix(nodes[4].Text, "GroupAggregate(groupBy=[product]") {
		t.Errorf("aggregate text %q", nodes[4].Text)
	}
}

// TestGraphOfJoinAndInsert: a join has two inputs, each through an
// Exchange; an INSERT's graph ends in its Sink, which counts the rows
// written.
func TestGraphOfJoinAndInsert(t *testing.T) {
	s := newTestSession(t)
	mustExec(t, s, `CREATE TABLE L (id INT) WITH ('connector' = 'datagen', 'number-of-rows' = '10',
  'fields.id.kind' = 'sequence', 'fields.id.start' = '1', 'fields.id.end' = '10')`)
	mustExec(t, s, `CREATE TABLE R (rid INT) WITH ('connector' = 'datagen', 'number-of-rows' = '5',
  'fields.rid.kind' = 'sequence', 'fields.rid.start' = '3', 'fields.rid.end' = '7')`)
	mustExec(t, s, `CREATE TABLE Sunk (id INT) WITH ('connector' = 'blackhole')`)
	r := mustExec(t, s, `INSERT INTO Sunk SELECT id FROM L JOIN R ON id = rid`)
	drain(t, r)
	got := graphLines(r.Graph())
	want := `0 TableSourceScan <-[] in=10 out=10
1 TableSourceScan <-[] in=5 out=5
2 Exchange <-[0] in=10 out=10
3 Exchange <-[1] in=5 out=5
4 Join <-[2 3] in=15 out=5 state=15 keys=15
5 Calc <-[4] in=5 out=5
6 Sink <-[5] in=5 out=5
`
	if got != want {
		t.Errorf("graph:\n%s\nwant:\n%s", got, want)
	}
}
