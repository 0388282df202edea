package engine

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/flinkplay/flinkplay/engine/connector"
	"github.com/flinkplay/flinkplay/engine/diag"
	"github.com/flinkplay/flinkplay/engine/stream"
	"github.com/flinkplay/flinkplay/engine/types"
)

// fakeClock is a virtual clock whose Sleep advances time at once.
type fakeClock struct{ now time.Time }

func (c *fakeClock) Now() time.Time { return c.now }
func (c *fakeClock) Sleep(ctx context.Context, d time.Duration) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	c.now = c.now.Add(d)
	return nil
}

func newTestSession(t testing.TB) *Session {
	t.Helper()
	seed := int64(7)
	return NewSession(Config{
		Clock: &fakeClock{now: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)},
		Zone:  time.UTC,
		Seed:  &seed,
	})
}

func mustExec(t testing.TB, s *Session, stmt string) *Result {
	t.Helper()
	r, err := s.Execute(context.Background(), stmt)
	if err != nil {
		t.Fatalf("%s: %v", stmt, err)
	}
	return r
}

// drain collects all rows of a result, cloned.
func drain(t testing.TB, r *Result) (kinds []stream.Kind, rows [][]types.Value) {
	t.Helper()
	for {
		b, err := r.Next(context.Background())
		if errors.Is(err, stream.ErrEndOfInput) {
			return kinds, rows
		}
		if err != nil {
			t.Fatal(err)
		}
		if b.Columnar {
			rows := stream.NewBatch(b.Width)
			b.Materialize(rows)
			b = rows
		}
		for i := 0; i < b.Len(); i++ {
			kinds = append(kinds, b.Kinds[i])
			rows = append(rows, types.CloneRow(b.Row(i)))
		}
	}
}

func TestSeedExampleBounded(t *testing.T) {
	s := newTestSession(t)
	mustExec(t, s, "CREATE TABLE MySource (id INT, name STRING) WITH ('connector' = 'datagen', 'number-of-rows' = '5')")
	r := mustExec(t, s, "SELECT * FROM MySource")
	if r.Kind != ResultQuery || !r.Streaming || !r.Bounded {
		t.Fatalf("result = %+v", r)
	}
	if got := r.Schema.Columns[0].Type.String() + "," + r.Schema.Columns[1].Type.String(); got != "INT,STRING" {
		t.Errorf("schema = %s", got)
	}
	kinds, rows := drain(t, r)
	if len(rows) != 5 {
		t.Fatalf("got %d rows, want 5", len(rows))
	}
	for i, row := range rows {
		if kinds[i] != stream.Insert {
			t.Errorf("row %d kind %v", i, kinds[i])
		}
		name := string(row[1].B)
		if len(name) != 100 || strings.Trim(name, "0123456789abcdef") != "" {
			t.Errorf("row %d name %q is not 100 lowercase hex characters", i, name)
		}
	}
}

func TestSeedIsReproducible(t *testing.T) {
	run := func() [][]types.Value {
		s := newTestSession(t)
		mustExec(t, s, "CREATE TABLE MySource (id INT, name STRING) WITH ('connector' = 'datagen')")
		r := mustExec(t, s, "SELECT * FROM MySource LIMIT 3")
		_, rows := drain(t, r)
		return rows
	}
	a, b := run(), run()
	if len(a) != 3 || len(b) != 3 {
		t.Fatalf("rows: %d and %d, want 3", len(a), len(b))
	}
	for i := range a {
		if a[i][0].I != b[i][0].I || string(a[i][1].B) != string(b[i][1].B) {
			t.Errorf("row %d differs between runs with the same seed", i)
		}
	}
}

func TestCancelStopsUnboundedQuery(t *testing.T) {
	s := newTestSession(t)
	mustExec(t, s, "CREATE TABLE MySource (id INT, name STRING) WITH ('connector' = 'datagen')")
	r := mustExec(t, s, "SELECT * FROM MySource")
	ctx, cancel := context.WithCancel(context.Background())
	if _, err := r.Next(ctx); err != nil {
		t.Fatal(err)
	}
	cancel()
	if _, err := r.Next(ctx); !errors.Is(err, context.Canceled) {
		t.Fatalf("after cancel: err = %v, want context.Canceled", err)
	}
	if err := r.Close(); err != nil {
		t.Fatal(err)
	}
}

func TestBatchRejectsUnboundedSource(t *testing.T) {
	s := newTestSession(t)
	mustExec(t, s, "SET 'execution.runtime-mode' = 'batch'")
	mustExec(t, s, "CREATE TABLE MySource (id INT) WITH ('connector' = 'datagen')")
	_, err := s.Execute(context.Background(), "SELECT * FROM MySource LIMIT 5")
	e, ok := diag.As(err)
	if !ok || e.Msg != "Querying an unbounded table 'default_catalog.default_database.MySource' in batch mode is not allowed. The table source is unbounded." {
		t.Fatalf("err = %v", err)
	}
}

// panicky is a connector whose planning panics, to prove the Session
// boundary recovers engine panics.
type panicky struct{}

func (panicky) Spec() *connector.Spec { return &connector.Spec{Name: "panicky", Source: true} }
func (panicky) PlanSource(connector.Table) (connector.ScanSource, error) {
	panic("boom")
}
func (panicky) PlanSink(connector.Table) (connector.SinkTarget, error) { panic("boom") }

func TestPanicBecomesError(t *testing.T) {
	s := NewSession(Config{Connectors: connector.NewRegistry(panicky{})})
	mustExec(t, s, "CREATE TABLE t (id INT) WITH ('connector' = 'panicky')")
	_, err := s.Execute(context.Background(), "SELECT * FROM t")
	if err == nil || !strings.Contains(err.Error(), "boom") {
		t.Fatalf("err = %v, want the recovered panic", err)
	}
	// The session keeps working.
	mustExec(t, s, "CREATE TABLE u (id INT) WITH ('connector' = 'panicky')")
}

func TestErrorsCarryLineAndColumn(t *testing.T) {
	s := newTestSession(t)
	script := "CREATE TABLE t (id INT) WITH ('connector' = 'datagen');\nSELECT\n  nope FROM t;"
	spans, err := Split(script)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.ExecuteAt(context.Background(), script, spans[0]); err != nil {
		t.Fatal(err)
	}
	_, err = s.ExecuteAt(context.Background(), script, spans[1])
	e, ok := diag.As(err)
	if !ok || e.Line != 3 || e.Col != 3 {
		t.Fatalf("err = %v (line %d col %d), want 3:3", err, e.Line, e.Col)
	}
}
