package engine

import (
	"context"
	"errors"
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
