package worker

import (
	"strconv"
	"testing"

	"github.com/flinkplay/flinkplay/wasm/engine/protocol"
)

// BenchmarkSeedRows measures the worker's cost per change of the seed
// table (an INT and 100 hex characters), JSON encoding included, as the
// browser pays it, unpaced (pacing caps what reaches the page at about
// MaxBatchRows per FlushInterval).
func BenchmarkSeedRows(b *testing.B) {
	const rows = 20000
	script := "CREATE TABLE IF NOT EXISTS MySource (id INT, name STRING) WITH ('connector' = 'datagen', 'number-of-rows' = '" +
		strconv.Itoa(rows) + "', 'rows-per-second' = '1000000000');\nSELECT * FROM MySource;"
	done := make(chan struct{}, 1)
	var bytes int64
	var buf []byte
	w := New(Options{MaxBatchRows: 1 << 30, Emit: func(m protocol.Message) {
		buf, _ = AppendJSON(buf[:0], m)
		bytes += int64(len(buf))
		if m.Type == protocol.TypeRunDone {
			done <- struct{}{}
		}
	}})
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		w.Handle(protocol.Request{Type: protocol.TypeExecute, ID: i + 1, Script: script, End: len(script)})
		<-done
	}
	b.ReportMetric(float64(rows*b.N)/b.Elapsed().Seconds(), "rows/s")
	b.ReportMetric(float64(bytes)/float64(rows*b.N), "B/row")
}
