package datagen

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/flinkplay/flinkplay/engine/connector"
	"github.com/flinkplay/flinkplay/engine/diag"
	"github.com/flinkplay/flinkplay/engine/stream"
	"github.com/flinkplay/flinkplay/engine/types"
)

// fakeClock is a virtual clock that only moves when a test moves it.
type fakeClock struct{ now time.Time }

func (c *fakeClock) Now() time.Time { return c.now }

func (c *fakeClock) Sleep(_ context.Context, d time.Duration) error {
	c.now = c.now.Add(d)
	return nil
}

var epoch = time.Date(2024, 5, 1, 10, 15, 30, 123_000_000, time.UTC)

var ctxBG = context.Background()

func col(name string, t types.Type) types.Column { return types.Column{Name: name, Type: t} }

func tbl(name string, opts map[string]string, cols ...types.Column) connector.Table {
	o := map[string]string{"connector": "datagen"}
	for k, v := range opts {
		o[k] = v
	}
	return connector.Table{
		Name:     "default_catalog.default_database." + name,
		Physical: types.Schema{Columns: cols},
		Options:  o,
	}
}

func seededEnv(seed int64) connector.Env {
	return connector.Env{Clock: &fakeClock{now: epoch}, Zone: time.UTC, Seed: seed, HasSeed: true}
}

func plan(t testing.TB, tb connector.Table) *TableSource {
	t.Helper()
	s, err := Factory.PlanSource(tb)
	if err != nil {
		t.Fatalf("PlanSource: %v", err)
	}
	return s.(*TableSource)
}

// drain reads a bounded source to its end, advancing the fake clock over
// every wait, and returns deep copies of the rows.
func drain(t testing.TB, s connector.ScanSource, env connector.Env) [][]types.Value {
	return drainAs(t, s, env, false)
}

// drainAs is drain; columns asks the source for columnar batches.
func drainAs(t testing.TB, s connector.ScanSource, env connector.Env, columns bool) [][]types.Value {
	t.Helper()
	src, err := s.Create(env)
	if err != nil {
		t.Fatalf("Create: %v", err)
	}
	ctx := context.Background()
	if err := src.Open(ctx); err != nil {
		t.Fatalf("Open: %v", err)
	}
	if columns && !src.(stream.ColumnarSource).EnableColumns() {
		t.Fatal("columns refused")
	}
	var rows [][]types.Value
	b := stream.NewBatch(len(s.(*TableSource).fields))
	for i := 0; ; i++ {
		if i > 1_000_000 {
			t.Fatal("source does not end")
		}
		b.Reset()
		wait, err := src.Next(ctx, b)
		if errors.Is(err, stream.ErrEndOfInput) {
			return rows
		}
		if err != nil {
			t.Fatalf("Next: %v", err)
		}
		if b.Columnar != columns && b.Len() > 0 {
			t.Fatalf("columnar batch %v, asked %v", b.Columnar, columns)
		}
		if b.Columnar {
			r := stream.NewBatch(b.Width)
			b.Materialize(r)
			b = r
		}
		for r := 0; r < b.Len(); r++ {
			rows = append(rows, types.CloneRow(b.Row(r)))
		}
		if wait > 0 {
			_ = env.Clock.Sleep(ctx, wait)
		}
	}
}

// genRows plans the table and generates its bounded rows with seed 1.
func genRows(t testing.TB, tb connector.Table) [][]types.Value {
	t.Helper()
	return drain(t, plan(t, tb), seededEnv(1))
}

// wantErr checks an error's message and the Java class Flink's SQL client
// would show for it.
func wantErr(t testing.TB, err error, class, msg string) {
	t.Helper()
	if err == nil {
		t.Fatalf("got no error, want %s: %s", class, msg)
	}
	if err.Error() != msg {
		t.Errorf("message:\n got: %q\nwant: %q", err.Error(), msg)
	}
	d, ok := diag.As(err)
	if !ok {
		t.Fatalf("error %T is not a diag.Error", err)
	}
	if d.Class != class {
		t.Errorf("class: got %q, want %q", d.Class, class)
	}
}

func contextWithCancel() (context.Context, context.CancelFunc) {
	return context.WithCancel(context.Background())
}

// goldenSeedRows are the first two rows of the seeded MySource table.
var goldenSeedRows = []string{"451341148", "799d7e01052a6b92", "-519220422", "4790c96c3ae687ef"}
