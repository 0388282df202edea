package nexmark

import (
	"context"
	"testing"
	"time"

	"github.com/flinkplay/flinkplay/engine/connector"
	"github.com/flinkplay/flinkplay/engine/stream"
	"github.com/flinkplay/flinkplay/engine/types"
)

// fakeClock is a stream.Clock that moves only when the test moves it.
type fakeClock struct{ now time.Time }

func (c *fakeClock) Now() time.Time { return c.now }

func (c *fakeClock) Sleep(_ context.Context, d time.Duration) error {
	c.now = c.now.Add(d)
	return nil
}

func ts3() types.Type { return types.Type{Kind: types.Timestamp, Precision: 3} }

func row(fields ...types.Field) types.Type { return types.Type{Kind: types.Row, Fields: fields} }

func f(name string, t types.Type) types.Field { return types.Field{Name: name, Type: t} }

// genSchema is the physical schema of Nexmark's ddl_gen.sql (and of
// ddl_gen_v2.sql, which differs in its options only).
func genSchema() types.Schema {
	return types.Schema{Columns: []types.Column{
		{Name: "event_type", Type: types.Int32},
		{Name: "person", Type: row(
			f("id", types.Int64), f("name", types.String), f("emailAddress", types.String),
			f("creditCard", types.String), f("city", types.String), f("state", types.String),
			f("dateTime", ts3()), f("extra", types.String))},
		{Name: "auction", Type: row(
			f("id", types.Int64), f("itemName", types.String), f("description", types.String),
			f("initialBid", types.Int64), f("reserve", types.Int64), f("dateTime", ts3()),
			f("expires", ts3()), f("seller", types.Int64), f("category", types.Int64),
			f("extra", types.String))},
		{Name: "bid", Type: row(
			f("auction", types.Int64), f("bidder", types.Int64), f("price", types.Int64),
			f("channel", types.String), f("url", types.String), f("dateTime", ts3()),
			f("extra", types.String))},
	}}
}

// plan plans a nexmark table of the given schema and options (the
// 'connector' option is added).
func plan(t testing.TB, schema types.Schema, opts map[string]string) *TableSource {
	t.Helper()
	src, err := tryPlan(schema, opts)
	if err != nil {
		t.Fatalf("plan %v: %v", opts, err)
	}
	return src
}

func tryPlan(schema types.Schema, opts map[string]string) (*TableSource, error) {
	all := map[string]string{"connector": "nexmark"}
	for k, v := range opts {
		all[k] = v
	}
	s, err := Factory.PlanSource(connector.Table{Name: "default_catalog.default_database.datagen", Physical: schema, Options: all})
	if err != nil {
		return nil, err
	}
	return s.(*TableSource), nil
}

// open creates the runtime source at a fixed clock, seeded when seed is
// not nil.
func open(t testing.TB, src *TableSource, clock stream.Clock, seed *int64) *source {
	t.Helper()
	env := connector.Env{Clock: clock}
	if seed != nil {
		env.Seed, env.HasSeed = *seed, true
	}
	s, err := src.Create(env)
	if err != nil {
		t.Fatal(err)
	}
	return s.(*source)
}

// drain skips skip rows, then reads up to max rows (all when max < 0);
// it returns deep copies of them and the error that ended the reading
// (nil when max was reached or the source had nothing due).
func drain(t testing.TB, s *source, width int, skip int64, max int) ([][]types.Value, error) {
	t.Helper()
	var out [][]types.Value
	next := stream.NewBatch(width)
	rows := stream.NewBatch(width)
	for max < 0 || len(out) < max {
		next.Reset()
		wait, err := s.Next(context.Background(), next)
		b := next
		if b.Columnar {
			// Columns are read as the runtime reads them, as rows.
			rows.Reset()
			b.Materialize(rows)
			b = rows
		}
		i := 0
		for ; i < b.Len() && skip > 0; i++ {
			skip--
		}
		for ; i < b.Len() && (max < 0 || len(out) < max); i++ {
			out = append(out, types.CloneRow(b.Row(i)))
		}
		if err != nil {
			return out, err
		}
		if wait > 0 && b.Len() == 0 {
			return out, nil
		}
	}
	return out, nil
}
