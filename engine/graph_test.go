package engine

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/flinkplay/flinkplay/engine/runtime"
	"github.com/flinkplay/flinkplay/engine/stream"
	"github.com/flinkplay/flinkplay/engine/types"
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

// traceLines prints trace events compactly: what happened, at what event
// time or window, under what watermark (seconds).
func traceLines(events []stream.TraceEvent) string {
	var b strings.Builder
	sec := func(ms int64) string {
		if ms == stream.NoWatermark {
			return "-"
		}
		if ms == stream.MaxWatermark {
			return "end"
		}
		return fmt.Sprint(ms / 1000)
	}
	for _, e := range events {
		switch e.Kind {
		case stream.TraceChange:
			continue // changeLines
		case stream.TraceArrive:
			fmt.Fprintf(&b, "arrive %s wm=%s", sec(e.Time), sec(e.Watermark))
			if e.Late {
				b.WriteString(" late")
			}
		case stream.TraceWatermark:
			fmt.Fprintf(&b, "watermark %s", sec(e.Watermark))
		case stream.TraceWindowOpen:
			fmt.Fprintf(&b, "open [%s,%s)", sec(e.Start), sec(e.End))
		case stream.TraceWindowFire:
			fmt.Fprintf(&b, "fire [%s,%s) wm=%s rows=%d", sec(e.Start), sec(e.End), sec(e.Watermark), e.Count)
		case stream.TraceDrop:
			fmt.Fprintf(&b, "drop [%s,%s) wm=%s rows=%d", sec(e.Start), sec(e.End), sec(e.Watermark), e.Count)
		default:
			fmt.Fprintf(&b, "kind %d", e.Kind)
		}
		b.WriteString("\n")
	}
	return b.String()
}

// The late-record lesson (the data of window/late.sqltest): ids 1 to 12 at
// 1 s apart, every fourth 6 s older than its neighbours, and a 5-second
// tumbling count over them.
const (
	lateTable = `CREATE TABLE t (
  id INT,
  ts AS TO_TIMESTAMP_LTZ(id * 1000 - CASE WHEN id % 4 = 0 THEN 6000 ELSE 0 END, 3),
  WATERMARK FOR ts AS ts - INTERVAL '1' SECOND
) WITH ('connector' = 'datagen', 'rows-per-second' = '1',
  'fields.id.kind' = 'sequence', 'fields.id.start' = '1', 'fields.id.end' = '12')`
	lateQuery = `SELECT window_start, COUNT(*) AS c FROM TABLE(TUMBLE(TABLE t, DESCRIPTOR(ts), INTERVAL '5' SECOND)) GROUP BY window_start, window_end`
)

// TestTraceOfLateRows follows a tumbling window's lesson record by record:
// every fourth row is 6 s older than its neighbours (the data of
// window/late.sqltest), so it arrives behind the watermark and, its window
// having fired, is dropped.
func TestTraceOfLateRows(t *testing.T) {
	s := newTestSession(t)
	mustExec(t, s, lateTable)
	r := mustExec(t, s, lateQuery)
	r.Trace().SetOn(true)
	drain(t, r)
	events, dropped := r.Trace().Take()
	if dropped != 0 {
		t.Errorf("%d events dropped", dropped)
	}
	got := traceLines(events)
	want := `arrive 1 wm=-
watermark 0
open [0,5)
arrive 2 wm=0
watermark 1
arrive 3 wm=1
watermark 2
arrive -2 wm=2 late
drop [-5,0) wm=2 rows=1
arrive 5 wm=2
watermark 4
open [5,10)
arrive 6 wm=4
watermark 5
fire [0,5) wm=5 rows=1
arrive 7 wm=5
watermark 6
arrive 2 wm=6 late
drop [0,5) wm=6 rows=1
arrive 9 wm=6
watermark 8
arrive 10 wm=8
watermark 9
open [10,15)
arrive 11 wm=9
watermark 10
fire [5,10) wm=10 rows=1
arrive 6 wm=10 late
drop [5,10) wm=10 rows=1
fire [10,15) wm=end rows=1
`
	if got != want {
		t.Errorf("trace:\n%s\nwant:\n%s", got, want)
	}
	// Off, it records nothing.
	r2 := mustExec(t, s, lateQuery)
	drain(t, r2)
	if events, _ := r2.Trace().Take(); len(events) != 0 {
		t.Errorf("%d events recorded with the trace off", len(events))
	}
}

// changeLines prints the TraceChange events: cause, what the operator sent
// on, and which output changes came of it.
func changeLines(events []stream.TraceEvent) string {
	var b strings.Builder
	for _, e := range events {
		if e.Kind != stream.TraceChange {
			continue
		}
		cause := ""
		if e.Input != nil {
			cause = e.Input.String()
		} else {
			cause = fmt.Sprintf("watermark %d", e.Watermark)
			if e.Watermark == stream.MaxWatermark {
				cause = "end of input"
			}
		}
		rows := make([]string, len(e.Rows))
		for i, r := range e.Rows {
			rows[i] = r.String()
		}
		fmt.Fprintf(&b, "%s -> %s = out %d+%d\n", cause, strings.Join(rows, " "), e.OutFrom, e.Count)
	}
	return b.String()
}

// TestTraceWhyEachChange: with the trace on, each change of an
// aggregation comes with the input record behind it, and the output
// changes it became; the output is the same as without the trace.
func TestTraceWhyEachChange(t *testing.T) {
	s := newTestSession(t)
	query := `SELECT product, SUM(n) AS total FROM (VALUES ('pear', 3), ('apple', 5), ('pear', 4), ('fig', 2)) AS t(product, n) WHERE n > 2 GROUP BY product`
	plain := mustExec(t, s, query)
	wantKinds, wantRows := drain(t, plain)
	r := mustExec(t, s, query)
	r.Trace().SetOn(true)
	kinds, rows := drain(t, r)
	if fmt.Sprint(kinds, rows) != fmt.Sprint(wantKinds, wantRows) {
		t.Fatalf("traced output %v %v, want %v %v", kinds, rows, wantKinds, wantRows)
	}
	events, _ := r.Trace().Take()
	got := changeLines(events)
	want := `+I[pear, 3] -> +I[pear, 3] = out 0+1
+I[apple, 5] -> +I[apple, 5] = out 1+1
+I[pear, 4] -> -U[pear, 3] +U[pear, 7] = out 2+2
`
	if got != want {
		t.Errorf("changes:\n%s\nwant:\n%s", got, want)
	}
	for _, e := range events {
		if e.Kind == stream.TraceChange && r.Graph()[e.Node].Kind != "GroupAggregate" {
			t.Errorf("change recorded by node %d (%s)", e.Node, r.Graph()[e.Node].Kind)
		}
	}

	// A window's rows come of the watermark that fired it.
	mustExec(t, s, lateTable)
	w := mustExec(t, s, lateQuery)
	w.Trace().SetOn(true)
	drain(t, w)
	events, _ = w.Trace().Take()
	got = changeLines(events)
	want = `watermark 5000 -> +I[1970-01-01 00:00:00.000, 1970-01-01 00:00:05.000, 3] = out 0+1
watermark 10000 -> +I[1970-01-01 00:00:05.000, 1970-01-01 00:00:10.000, 4] = out 1+1
end of input -> +I[1970-01-01 00:00:10.000, 1970-01-01 00:00:15.000, 2] = out 2+1
`
	if got != want {
		t.Errorf("window changes:\n%s\nwant:\n%s", got, want)
	}
}

// TestTraceWhyOfTopNDedupAndJoins: the lineage of the other operators
// that keep state, change by change: a Top-N's row that enters the top
// and the one it pushes out, a deduplication that keeps the last row per
// key, and a regular LEFT JOIN whose NULL-padded rows are retracted when
// their match arrives. A record that changes nothing (pear 1, below the
// top 2) records no change.
func TestTraceWhyOfTopNDedupAndJoins(t *testing.T) {
	s := newTestSession(t)
	for _, tc := range []struct {
		name, query, kind, want string
		fields                  string // the operator's output as the query sees it
	}{
		{"Top-N", `SELECT product, n FROM (SELECT product, n, ROW_NUMBER() OVER (PARTITION BY product ORDER BY n DESC) AS rn
  FROM (VALUES ('pear', 3), ('apple', 5), ('pear', 4), ('pear', 9), ('pear', 1)) AS t(product, n)) WHERE rn <= 2`, "Rank",
			`+I[pear, 3] -> +I[pear, 3, 0] = out 0+1
+I[apple, 5] -> +I[apple, 5, 0] = out 1+1
+I[pear, 4] -> +I[pear, 4, 0] = out 2+1
+I[pear, 9] -> -D[pear, 3, 0] +I[pear, 9, 0] = out 3+2
`, "[product n]"},
		{"deduplication, last row", `SELECT product, n FROM (SELECT product, n, ROW_NUMBER() OVER (PARTITION BY product ORDER BY pt DESC) AS rn
  FROM (SELECT *, PROCTIME() AS pt FROM (VALUES ('pear', 3), ('apple', 5), ('pear', 4)) AS t(product, n))) WHERE rn = 1`, "Deduplicate",
			`+I[pear, 3, 2026-01-01 00:00:00.000] -> +I[pear, 3, 2026-01-01 00:00:00.000, 1] = out 0+1
+I[apple, 5, 2026-01-01 00:00:00.000] -> +I[apple, 5, 2026-01-01 00:00:00.000, 1] = out 1+1
+I[pear, 4, 2026-01-01 00:00:00.000] -> -U[pear, 3, 2026-01-01 00:00:00.000, 1] +U[pear, 4, 2026-01-01 00:00:00.000, 1] = out 2+2
`, "[product n pt]"},
		{"LEFT JOIN", `SELECT o.id, o.product, p.price FROM (VALUES (1, 'pear'), (2, 'fig')) AS o(id, product)
  LEFT JOIN (VALUES ('pear', 10), ('fig', 20), ('pear', 11)) AS p(product, price) ON o.product = p.product`, "Join",
			`+I[1, pear] -> +I[1, pear, NULL, NULL] = out 0+1
+I[2, fig] -> +I[2, fig, NULL, NULL] = out 1+1
+I[pear, 10] -> -D[1, pear, NULL, NULL] +I[1, pear, pear, 10] = out 2+2
+I[fig, 20] -> -D[2, fig, NULL, NULL] +I[2, fig, fig, 20] = out 4+2
+I[pear, 11] -> +I[1, pear, pear, 11] = out 6+1
`, "[id product product0 price]"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			wantKinds, wantRows := drain(t, mustExec(t, s, tc.query))
			r := mustExec(t, s, tc.query)
			r.Trace().SetOn(true)
			kinds, rows := drain(t, r)
			if fmt.Sprint(kinds, rows) != fmt.Sprint(wantKinds, wantRows) {
				t.Fatalf("traced output %v %v, want %v %v", kinds, rows, wantKinds, wantRows)
			}
			events, dropped := r.Trace().Take()
			if dropped != 0 {
				t.Errorf("%d events dropped", dropped)
			}
			if got := changeLines(events); got != tc.want {
				t.Errorf("changes:\n%s\nwant:\n%s", got, tc.want)
			}
			var total int64
			for _, e := range events {
				if e.Kind != stream.TraceChange {
					continue
				}
				if k := r.Graph()[e.Node].Kind; k != tc.kind {
					t.Errorf("change recorded by node %d (%s), want %s", e.Node, k, tc.kind)
				}
				if f := fmt.Sprint(r.Graph()[e.Node].Fields); f != tc.fields {
					t.Errorf("%s's fields are %s, want %s", tc.kind, f, tc.fields)
				}
				if e.OutFrom != total {
					t.Errorf("a change says it begins at output %d; %d changes came before it", e.OutFrom, total)
				}
				total += e.Count
			}
			if total != int64(len(kinds)) {
				t.Errorf("the changes account for %d output rows of %d", total, len(kinds))
			}
		})
	}
}

// TestTraceWhyOfAnIntervalJoin: the join lesson's lineage. An order
// joins when its shipment has come (the order's record is the cause); an
// order without one goes out with NULLs when the watermark of both inputs
// lets it go, and the last ones at the end of input.
func TestTraceWhyOfAnIntervalJoin(t *testing.T) {
	s := newTestSession(t)
	mustExec(t, s, `CREATE TABLE Orders (id INT, ts AS TO_TIMESTAMP_LTZ(id * 1000, 3), WATERMARK FOR ts AS ts - INTERVAL '1' SECOND)
WITH ('connector' = 'datagen', 'rows-per-second' = '1', 'fields.id.kind' = 'sequence', 'fields.id.start' = '1', 'fields.id.end' = '8')`)
	mustExec(t, s, `CREATE TABLE Shipments (n INT, order_id AS n * 2, ts AS TO_TIMESTAMP_LTZ(n * 2000 + 1500, 3), WATERMARK FOR ts AS ts - INTERVAL '1' SECOND)
WITH ('connector' = 'datagen', 'rows-per-second' = '1', 'fields.n.kind' = 'sequence', 'fields.n.start' = '1', 'fields.n.end' = '4')`)
	r := mustExec(t, s, `SELECT o.id, s.order_id, s.ts AS shipped FROM Orders o LEFT JOIN Shipments s
  ON o.id = s.order_id AND s.ts BETWEEN o.ts AND o.ts + INTERVAL '3' SECOND`)
	r.Trace().SetOn(true)
	kinds, _ := drain(t, r)
	if len(kinds) != 8 {
		t.Fatalf("%d rows, want 8", len(kinds))
	}
	events, _ := r.Trace().Take()
	want := `+I[2, 1970-01-01 00:00:02.000] -> +I[2, 1970-01-01 00:00:02.000, 1, 2, 1970-01-01 00:00:03.500] = out 0+1
+I[4, 1970-01-01 00:00:04.000] -> +I[4, 1970-01-01 00:00:04.000, 2, 4, 1970-01-01 00:00:05.500] = out 1+1
+I[6, 1970-01-01 00:00:06.000] -> +I[6, 1970-01-01 00:00:06.000, 3, 6, 1970-01-01 00:00:07.500] = out 2+1
watermark 6000 -> +I[1, 1970-01-01 00:00:01.000, NULL, NULL, NULL] = out 3+1
+I[8, 1970-01-01 00:00:08.000] -> +I[8, 1970-01-01 00:00:08.000, 4, 8, 1970-01-01 00:00:09.500] = out 4+1
end of input -> +I[3, 1970-01-01 00:00:03.000, NULL, NULL, NULL] +I[5, 1970-01-01 00:00:05.000, NULL, NULL, NULL] +I[7, 1970-01-01 00:00:07.000, NULL, NULL, NULL] = out 5+3
`
	if got := changeLines(events); got != want {
		t.Errorf("changes:\n%s\nwant:\n%s", got, want)
	}
	for _, e := range events {
		if e.Kind == stream.TraceChange && r.Graph()[e.Node].Kind != "IntervalJoin" {
			t.Errorf("change recorded by node %d (%s)", e.Node, r.Graph()[e.Node].Kind)
		}
	}
}

// TestStepThroughEventTime pauses the late-record lesson before its first
// record and steps it: by records, to the next window firing, to the next
// watermark; each step stops where it should, and the rest runs on
// Resume with the output of a run that was never paused.
func TestStepThroughEventTime(t *testing.T) {
	s := newTestSession(t)
	mustExec(t, s, lateTable)
	_, want := drain(t, mustExec(t, s, lateQuery))

	r := mustExec(t, s, lateQuery)
	st := r.Stepper()
	st.Pause()
	var mu sync.Mutex
	var got [][]types.Value
	done := make(chan error, 1)
	go func() {
		_, rows := drain(t, r)
		mu.Lock()
		got = rows
		mu.Unlock()
		done <- nil
	}()
	// at waits until the job is paused again with n records handed on.
	at := func(step runtime.StepKind, n int64) {
		t.Helper()
		st.Step(step)
		deadline := time.Now().Add(5 * time.Second)
		for {
			if paused, records := st.Paused(); paused && records == n {
				return
			} else if time.Now().After(deadline) {
				t.Fatalf("step %d: paused=%v after %d records, want %d", step, paused, records, n)
			}
			time.Sleep(time.Millisecond)
		}
	}
	at(runtime.StepRecord, 1)
	at(runtime.StepRecord, 2)
	at(runtime.StepRecord, 3)
	// Window [0, 5) fires when record 6 (at 6 s) moves the watermark to 5 s;
	// the step stops before the record after it.
	at(runtime.StepFire, 6)
	if n := r.Graph()[len(r.Graph())-1].Out; n != 1 {
		t.Errorf("after the first firing the window sent %d rows, want 1", n)
	}
	// Record 7 moves the watermark to 6 s.
	at(runtime.StepWatermark, 7)
	st.Resume()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("the job did not end after Resume")
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("stepped output %v, want %v", got, want)
	}
}

// TestReplayToARecord: a job paused from its start with several records
// let through (a rewind's replay) stops after exactly that many, though
// its paced source has most of them not yet due when asked.
func TestReplayToARecord(t *testing.T) {
	s := newTestSession(t)
	mustExec(t, s, `CREATE TABLE t (id INT) WITH ('connector' = 'datagen', 'rows-per-second' = '1',
  'fields.id.kind' = 'sequence', 'fields.id.start' = '1', 'fields.id.end' = '12')`)
	r := mustExec(t, s, `SELECT id FROM t`)
	st := r.Stepper()
	st.Pause()
	st.StepN(runtime.StepRecord, 5)
	got := make(chan int, 16)
	go func() {
		for {
			b, err := r.Next(context.Background())
			if err != nil {
				close(got)
				return
			}
			for i := 0; i < b.Len(); i++ {
				got <- int(b.Row(i)[0].I)
			}
		}
	}()
	var ids []int
	for len(ids) < 5 {
		select {
		case id := <-got:
			ids = append(ids, id)
		case <-time.After(5 * time.Second):
			t.Fatalf("replay stopped at %v", ids)
		}
	}
	deadline := time.Now().Add(5 * time.Second)
	for {
		if paused, n := st.Paused(); paused && n == 5 {
			break
		} else if time.Now().After(deadline) {
			t.Fatalf("paused=%v after %d records, want 5", paused, n)
		}
		time.Sleep(time.Millisecond)
	}
	select {
	case id := <-got:
		t.Fatalf("record %d came after the replay's pause", id)
	case <-time.After(50 * time.Millisecond):
	}
	st.Resume()
	for id := range got {
		ids = append(ids, id)
	}
	if fmt.Sprint(ids) != "[1 2 3 4 5 6 7 8 9 10 11 12]" {
		t.Errorf("ids %v", ids)
	}
	r.Close()
}
