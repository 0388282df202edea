package engine

import (
	"context"
	"errors"
	"runtime"
	"testing"

	"github.com/flinkplay/flinkplay/engine/stream"
)

// TestUnboundedAggregationHeapIsFlat: a streaming GROUP BY over a bounded
// set of keys keeps a flat heap however long it runs. The heap is measured
// after 1.5 and after 5.5 of six million input rows (1,000 keys): the
// state is built in the first rows, and the rest reuse the batches and the
// typed state without allocating.
func TestUnboundedAggregationHeapIsFlat(t *testing.T) {
	if testing.Short() {
		t.Skip("six million rows")
	}
	s := newTestSession(t)
	mustExec(t, s, "CREATE TABLE seq (id BIGINT) WITH ('connector' = 'datagen', 'rows-per-second' = '1000000000000', "+
		"'number-of-rows' = '6000000', 'fields.id.kind' = 'sequence', 'fields.id.start' = '0', 'fields.id.end' = '5999999')")
	r := mustExec(t, s, "SELECT id % 1000 AS k, COUNT(*) AS c, SUM(id) AS s, MAX(id) AS m FROM seq GROUP BY id % 1000")
	defer r.Close()
	heap := func() uint64 {
		var m runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&m)
		return m.HeapAlloc
	}
	var at []uint64
	rows := 0
	for next := 3_000_000; ; {
		b, err := r.Next(context.Background())
		if errors.Is(err, stream.ErrEndOfInput) {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		rows += b.Len() // +I per key first, then a -U/+U pair per row
		if rows >= next {
			at = append(at, heap())
			next += 8_000_000
		}
	}
	if len(at) < 2 {
		t.Fatalf("%d output rows, heap sampled %d times", rows, len(at))
	}
	grew := int64(at[len(at)-1]) - int64(at[0])
	t.Logf("heap %d bytes after 1.5 M input rows, %d after 5.5 M (%+d)", at[0], at[len(at)-1], grew)
	if grew > 1<<20 {
		t.Errorf("the heap grew by %d bytes over 4 M rows of 1,000 keys", grew)
	}
}
