package engine

import (
	"context"
	"errors"
	"fmt"
	"testing"

	"github.com/flinkplay/flinkplay/engine/stream"
)

// BenchmarkSeedEndToEnd runs the seed query through the whole engine:
// planner, datagen, runtime pipeline. It reports rows per second.
func BenchmarkSeedEndToEnd(b *testing.B) {
	s := newTestSession(b)
	mustExec(b, s, "CREATE TABLE MySource (id INT, name STRING) WITH ('connector' = 'datagen', 'rows-per-second' = '1000000000000')")
	r := mustExec(b, s, "SELECT * FROM MySource")
	defer r.Close()
	ctx := context.Background()
	b.ResetTimer()
	rows := 0
	for rows < b.N {
		batch, err := r.Next(ctx)
		if errors.Is(err, stream.ErrEndOfInput) {
			b.Fatal("unbounded source ended")
		}
		if err != nil {
			b.Fatal(err)
		}
		rows += batch.Len()
	}
	b.ReportMetric(float64(rows)/b.Elapsed().Seconds(), "rows/s")
}

// drainAll reads a result to its end and returns how many changes it had.
func drainAll(b *testing.B, r *Result) int {
	ctx := context.Background()
	n := 0
	for {
		batch, err := r.Next(ctx)
		if errors.Is(err, stream.ErrEndOfInput) {
			return n
		}
		if err != nil {
			b.Fatal(err)
		}
		n += batch.Len()
	}
}

// BenchmarkKeyedGroupBy counts the seed table's rows per key (2,000 keys)
// in streaming mode: every input row retracts and updates its key's count.
// It reports input rows per second.
func BenchmarkKeyedGroupBy(b *testing.B) {
	s := newTestSession(b)
	mustExec(b, s, fmt.Sprintf("CREATE TABLE MySource (id INT, name STRING) WITH ('connector' = 'datagen', "+
		"'rows-per-second' = '1000000000000', 'number-of-rows' = '%d')", b.N))
	r := mustExec(b, s, "SELECT id % 1000 AS k, COUNT(*) AS c, MAX(name) AS m FROM MySource GROUP BY id % 1000")
	defer r.Close()
	b.ResetTimer()
	if drainAll(b, r) == 0 {
		b.Fatal("no changes")
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "rows/s")
}

// BenchmarkTumbleCount counts the seed table's rows per one-second
// tumbling event-time window (one row per millisecond of event time, a
// watermark after every batch). It reports input rows per second.
func BenchmarkTumbleCount(b *testing.B) {
	s := newTestSession(b)
	mustExec(b, s, fmt.Sprintf("CREATE TABLE MySource (id INT, name STRING, seq BIGINT, ts AS TO_TIMESTAMP_LTZ(seq, 3), "+
		"WATERMARK FOR ts AS ts) WITH ('connector' = 'datagen', 'rows-per-second' = '1000000000000', "+
		"'fields.seq.kind' = 'sequence', 'fields.seq.start' = '1', 'fields.seq.end' = '%d')", b.N))
	r := mustExec(b, s, "SELECT window_start, window_end, COUNT(*) AS c FROM TABLE(TUMBLE(TABLE MySource, DESCRIPTOR(ts), INTERVAL '1' SECOND)) "+
		"GROUP BY window_start, window_end")
	defer r.Close()
	b.ResetTimer()
	if drainAll(b, r) == 0 {
		b.Fatal("no windows")
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "rows/s")
}

// BenchmarkTrace runs BenchmarkKeyedGroupBy's and BenchmarkTumbleCount's
// queries with the trace off (what every query pays for the page's
// timeline and "why this change" panel: its rate is the plain
// benchmarks') and on (what they cost while the panel is open: one
// record at a time through the aggregation, each change printed into a
// bounded log that a reader empties).
func BenchmarkTrace(b *testing.B) {
	queries := []struct{ name, table, query string }{
		{"groupby", "CREATE TABLE MySource (id INT, name STRING) WITH ('connector' = 'datagen', " +
			"'rows-per-second' = '1000000000000', 'number-of-rows' = '%d')",
			"SELECT id % 1000 AS k, COUNT(*) AS c, MAX(name) AS m FROM MySource GROUP BY id % 1000"},
		{"tumble", "CREATE TABLE MySource (id INT, name STRING, seq BIGINT, ts AS TO_TIMESTAMP_LTZ(seq, 3), " +
			"WATERMARK FOR ts AS ts) WITH ('connector' = 'datagen', 'rows-per-second' = '1000000000000', " +
			"'fields.seq.kind' = 'sequence', 'fields.seq.start' = '1', 'fields.seq.end' = '%d')",
			"SELECT window_start, window_end, COUNT(*) AS c FROM TABLE(TUMBLE(TABLE MySource, DESCRIPTOR(ts), INTERVAL '1' SECOND)) " +
				"GROUP BY window_start, window_end"},
	}
	for _, q := range queries {
		for _, on := range []bool{false, true} {
			b.Run(fmt.Sprintf("%s/on=%v", q.name, on), func(b *testing.B) {
				s := newTestSession(b)
				mustExec(b, s, fmt.Sprintf(q.table, b.N))
				r := mustExec(b, s, q.query)
				defer r.Close()
				r.Trace().SetOn(on)
				done := make(chan struct{})
				defer close(done)
				go func() {
					for {
						select {
						case <-done:
							return
						default:
							r.Trace().Take()
						}
					}
				}()
				b.ResetTimer()
				if drainAll(b, r) == 0 {
					b.Fatal("no changes")
				}
				b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "rows/s")
			})
		}
	}
}
