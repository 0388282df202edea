package engine

import (
	"fmt"
	"os"
	"testing"
)

// The anchor benchmarks (scripts/bench-anchors.sh, make bench-anchors) run
// the queries that scripts/anchors/duckdb.mjs runs on DuckDB-Wasm, over the
// same data: a sequence 0..N-1, and the CSV file of
// scripts/anchors/data.mjs named by FLINKPLAY_ANCHOR_CSV (and its rows as
// JSON lines, FLINKPLAY_ANCHOR_JSON, which only the engine reads). Each iteration
// runs the whole query; they report input rows per second.

// anchorRows is the sequence's length, as duckdb.mjs has it.
const anchorRows = 5_000_000

// anchorCSVRows is the CSV file's row count, as data.mjs writes it.
const anchorCSVRows = 1_000_000

func anchorQuery(b *testing.B, rows int, setup []string, query string) {
	b.Helper()
	for i := 0; i < b.N; i++ {
		s := newTestSession(b)
		for _, stmt := range setup {
			mustExec(b, s, stmt)
		}
		r := mustExec(b, s, query)
		if drainAll(b, r) == 0 {
			b.Fatal("no result")
		}
		r.Close()
	}
	b.ReportMetric(float64(rows)*float64(b.N)/b.Elapsed().Seconds(), "rows/s")
}

func sequenceTable(mode string) []string {
	return []string{
		"SET 'execution.runtime-mode' = '" + mode + "'",
		fmt.Sprintf("CREATE TABLE seq (id BIGINT, ts AS TO_TIMESTAMP_LTZ(id, 3), WATERMARK FOR ts AS ts) WITH ("+
			"'connector' = 'datagen', 'rows-per-second' = '1000000000000', "+
			"'number-of-rows' = '%d', 'fields.id.kind' = 'sequence', 'fields.id.start' = '0', 'fields.id.end' = '%d')", anchorRows, anchorRows-1),
	}
}

// anchorGroupBy is the keyed aggregation of the table: 1,000 keys.
const anchorGroupBy = "SELECT id % 1000 AS k, COUNT(*) AS c, SUM(id) AS s, MAX(id) AS m FROM seq GROUP BY id % 1000"

// BenchmarkAnchorGroupByBatch: batch GROUP BY over the sequence (DuckDB:
// the same query over range(N)).
func BenchmarkAnchorGroupByBatch(b *testing.B) {
	anchorQuery(b, anchorRows, sequenceTable("batch"), anchorGroupBy)
}

// BenchmarkAnchorGroupByStreaming: the same query in streaming mode, with
// Flink's changelog (a -U/+U pair per input row).
func BenchmarkAnchorGroupByStreaming(b *testing.B) {
	anchorQuery(b, anchorRows, sequenceTable("streaming"), anchorGroupBy)
}

// BenchmarkAnchorTumble: a 1-second TUMBLE COUNT over the sequence as
// milliseconds of event time (DuckDB: time_bucket over the same).
func BenchmarkAnchorTumble(b *testing.B) {
	anchorQuery(b, anchorRows, sequenceTable("streaming"),
		"SELECT window_start, COUNT(*) AS c FROM TABLE(TUMBLE(TABLE seq, DESCRIPTOR(ts), INTERVAL '1' SECOND)) GROUP BY window_start, window_end")
}

// BenchmarkAnchorCSV: GROUP BY name with COUNT and AVG over the CSV file
// (DuckDB: read_csv of the same bytes).
func BenchmarkAnchorCSV(b *testing.B) { anchorFile(b, "FLINKPLAY_ANCHOR_CSV", "csv") }

// BenchmarkAnchorJSON: the same query over the same rows as JSON lines.
func BenchmarkAnchorJSON(b *testing.B) { anchorFile(b, "FLINKPLAY_ANCHOR_JSON", "json") }

// anchorFile runs the file query over the file of scripts/anchors/data.mjs
// that env names, in the given format.
func anchorFile(b *testing.B, env, format string) {
	path := os.Getenv(env)
	if path == "" {
		b.Skip(env + " names a file of scripts/anchors/data.mjs")
	}
	anchorQuery(b, anchorCSVRows, []string{
		"SET 'execution.runtime-mode' = 'batch'",
		"CREATE TABLE people (name STRING, amount DOUBLE) WITH ('connector' = 'filesystem', 'path' = '" + path + "', 'format' = '" + format + "')",
	}, "SELECT name, COUNT(*) AS c, AVG(amount) AS a FROM people GROUP BY name")
}
