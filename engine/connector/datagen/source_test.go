package datagen

import (
	"errors"
	"reflect"
	"testing"
	"time"

	"github.com/flinkplay/flinkplay/engine/connector"
	"github.com/flinkplay/flinkplay/engine/stream"
	"github.com/flinkplay/flinkplay/engine/types"
)

func TestBoundedness(t *testing.T) {
	tests := []struct {
		name    string
		opts    map[string]string
		limit   int64 // 0: no LIMIT
		bounded bool
		rows    int64
	}{
		{"default unbounded", nil, 0, false, 0},
		{"number-of-rows", map[string]string{"number-of-rows": "7"}, 0, true, 7},
		{"limit bounds it", nil, 5, true, 5},
		{"limit below rows", map[string]string{"number-of-rows": "7"}, 5, true, 5},
		// Flink's applyLimit replaces number-of-rows; the LIMIT operator
		// above the scan still cuts the output at 9.
		{"limit above rows replaces", map[string]string{"number-of-rows": "7"}, 9, true, 9},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := plan(t, tbl("t", tc.opts, col("x", types.Int32)))
			if tc.limit > 0 {
				s.ApplyLimit(tc.limit)
			}
			if s.Bounded() != tc.bounded {
				t.Errorf("Bounded() = %v", s.Bounded())
			}
			if s.Summary() != "DataGenTableSource" {
				t.Errorf("Summary() = %q", s.Summary())
			}
			n, ok := s.NumberOfRows()
			if ok != tc.bounded || (ok && n != tc.rows) {
				t.Errorf("NumberOfRows() = %d, %v", n, ok)
			}
			if tc.bounded {
				if got := len(drain(t, s, seededEnv(1))); int64(got) != tc.rows {
					t.Errorf("emitted %d rows, want %d", got, tc.rows)
				}
			}
		})
	}
}

// step is one call of Next in a pacing script: the clock is moved by
// advance first, then Next must return rows rows, or wait, or the end.
type step struct {
	advance time.Duration
	rows    int
	wait    time.Duration
	end     bool
}

func TestPacing(t *testing.T) {
	tests := []struct {
		name  string
		opts  map[string]string
		steps []step
	}{
		{"bursts of rows-per-second", map[string]string{"rows-per-second": "3"}, []step{
			{rows: 3}, {wait: time.Second}, {advance: 400 * time.Millisecond, wait: 600 * time.Millisecond},
			{advance: 600 * time.Millisecond, rows: 3}, {wait: time.Second},
		}},
		{"late bursts catch up", map[string]string{"rows-per-second": "2"}, []step{
			{rows: 2}, {advance: 3500 * time.Millisecond, rows: 2}, {rows: 2}, {rows: 2}, {wait: 500 * time.Millisecond},
		}},
		{"burst split into batches", map[string]string{"rows-per-second": "2500"}, []step{
			{rows: 1024}, {rows: 1024}, {rows: 452}, {wait: time.Second},
		}},
		{"end noticed when the next row is due", map[string]string{"rows-per-second": "3", "number-of-rows": "3"}, []step{
			{rows: 3}, {wait: time.Second}, {advance: time.Second, end: true}, {end: true},
		}},
		{"end inside a burst", map[string]string{"rows-per-second": "10", "number-of-rows": "4"}, []step{
			{rows: 4}, {end: true},
		}},
		{"zero rate emits nothing", map[string]string{"rows-per-second": "0"}, []step{
			{wait: time.Second}, {advance: time.Second, wait: time.Second},
		}},
		{"unthrottled", map[string]string{"rows-per-second": "3000000000"}, []step{
			{rows: stream.DefaultBatchRows}, {rows: stream.DefaultBatchRows},
		}},
		{"default rate", nil, []step{
			{rows: 1024}, {rows: 1024}, {rows: 1024}, {rows: 1024}, {rows: 1024}, {rows: 1024}, {rows: 1024},
			{rows: 1024}, {rows: 1024}, {rows: 784}, {wait: time.Second},
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			clock := &fakeClock{now: epoch}
			env := connector.Env{Clock: clock, HasSeed: true}
			src, err := plan(t, tbl("t", tc.opts, col("x", types.Int32))).Create(env)
			if err != nil {
				t.Fatal(err)
			}
			b := stream.NewBatch(1)
			for i, st := range tc.steps {
				clock.now = clock.now.Add(st.advance)
				b.Reset()
				wait, err := src.Next(ctxBG, b)
				switch {
				case st.end:
					if !errors.Is(err, stream.ErrEndOfInput) {
						t.Fatalf("step %d: got %v, want end of input", i, err)
					}
				case err != nil:
					t.Fatalf("step %d: %v", i, err)
				case b.Len() != st.rows || wait != st.wait:
					t.Fatalf("step %d: got %d rows, wait %v; want %d rows, wait %v", i, b.Len(), wait, st.rows, st.wait)
				}
			}
		})
	}
}

func TestNextHonoursCancel(t *testing.T) {
	src, _ := plan(t, tbl("t", nil, col("x", types.Int32))).Create(seededEnv(1))
	ctx, cancel := contextWithCancel()
	cancel()
	if _, err := src.Next(ctx, stream.NewBatch(1)); err == nil {
		t.Fatal("no error after cancel")
	}
}

func TestDeterminism(t *testing.T) {
	cols := []types.Column{col("id", types.Int32), col("name", types.String), col("d", types.DecimalOf(10, 2)),
		col("f", types.Float64), col("a", types.ArrayOf(types.Int64)), col("m", types.MapOf(types.String, types.Bool))}
	opts := map[string]string{"number-of-rows": "50"}
	run := func(table string, seed int64, hasSeed bool) [][]types.Value {
		env := seededEnv(seed)
		env.HasSeed = hasSeed
		return drain(t, plan(t, tbl(table, opts, cols...)), env)
	}
	a := run("MySource", 42, true)
	if !reflect.DeepEqual(a, run("MySource", 42, true)) {
		t.Error("same seed and table gave different rows")
	}
	if reflect.DeepEqual(a, run("MySource", 43, true)) {
		t.Error("different seeds gave the same rows")
	}
	if reflect.DeepEqual(a, run("Other", 42, true)) {
		t.Error("different tables gave the same rows")
	}
	if reflect.DeepEqual(a, run("MySource", 42, false)) {
		t.Error("unseeded rows equal seeded rows")
	}
	two := drain(t, plan(t, tbl("t", opts, col("a", types.Int32), col("b", types.Int32))), seededEnv(1))
	same := 0
	for _, r := range two {
		if r[0].I == r[1].I {
			same++
		}
	}
	if same > 2 {
		t.Errorf("two INT columns agree in %d of 50 rows", same)
	}
}

// TestColumnsMatchRows: a source filling columnar batches generates the
// rows it generates as rows, for every kind of generator, through the end
// of a sequence and of number-of-rows.
func TestColumnsMatchRows(t *testing.T) {
	cols := []types.Column{col("id", types.Int32), col("name", types.String), col("d", types.DecimalOf(10, 2)),
		col("f", types.Float64), col("a", types.ArrayOf(types.Int64)), col("m", types.MapOf(types.String, types.Bool)),
		col("ts", types.TimestampOf(6)), col("b", types.Bool), col("big", types.Int64), col("v", types.Type{Kind: types.Varchar, Length: 5})}
	for _, opts := range []map[string]string{
		{"number-of-rows": "2500"},
		{"number-of-rows": "3000", "fields.big.kind": "sequence", "fields.big.start": "-5", "fields.big.end": "2100",
			"fields.id.null-rate": "0.3", "fields.name.null-rate": "0.5"},
		{"fields.id.kind": "sequence", "fields.id.start": "1", "fields.id.end": "1030", "rows-per-second": "700"},
	} {
		tb := plan(t, tbl("t", opts, cols...))
		rows := drainAs(t, tb, seededEnv(7), false)
		columns := drainAs(t, tb, seededEnv(7), true)
		if len(rows) == 0 || !reflect.DeepEqual(rows, columns) {
			t.Fatalf("%v: %d rows by columns differ from %d rows", opts, len(columns), len(rows))
		}
	}
}

// TestSeedGolden pins the generated data of a seeded table, so a change of
// the generator (which would change every seeded example and test) is seen.
func TestSeedGolden(t *testing.T) {
	rows := drain(t, plan(t, tbl("MySource", map[string]string{"number-of-rows": "2", "fields.name.length": "16"},
		col("id", types.Int32), col("name", types.String))), seededEnv(7))
	got := []string{
		show(rows[0][0], types.Int32), string(rows[0][1].B),
		show(rows[1][0], types.Int32), string(rows[1][1].B),
	}
	want := goldenSeedRows
	if !reflect.DeepEqual(got, want) {
		t.Errorf("seeded rows changed:\n got %q\nwant %q", got, want)
	}
}

// BenchmarkSeedTable measures the playground's seed example, unthrottled:
// CREATE TABLE MySource (id INT, name STRING) WITH ('number-of-rows' ...).
func BenchmarkSeedTable(b *testing.B) {
	const rowsPerRun = 1 << 20
	s := plan(b, tbl("MySource", map[string]string{"number-of-rows": itoaB(rowsPerRun), "rows-per-second": "100000000000"},
		col("id", types.Int32), col("name", types.String)))
	batch := stream.NewBatch(2)
	b.ReportAllocs()
	b.ResetTimer()
	total := 0
	for i := 0; i < b.N; i++ {
		src, _ := s.Create(seededEnv(int64(i)))
		for {
			batch.Reset()
			_, err := src.Next(ctxBG, batch)
			if err != nil {
				break
			}
			total += batch.Len()
		}
	}
	b.ReportMetric(float64(total)/b.Elapsed().Seconds(), "rows/s")
}

func itoaB(n int) string { return itoa(n) }
