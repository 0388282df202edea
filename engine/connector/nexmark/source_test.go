package nexmark

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"testing"
	"time"

	"github.com/flinkplay/flinkplay/engine/diag"
	"github.com/flinkplay/flinkplay/engine/stream"
	"github.com/flinkplay/flinkplay/engine/types"
)

var base = time.UnixMilli(1700000000000)

func TestEventsNumEnds(t *testing.T) {
	for _, tc := range []struct {
		opts map[string]string
		want int
	}{
		{map[string]string{"events.num": "2500"}, 2500},
		{map[string]string{"events.num": "2500", "stop-at": "1234"}, 1234},
		{map[string]string{"events.num": "10", "stop-at": "1234"}, 10},
		{map[string]string{"events.num": "10", "stop-at": "0"}, 0},
		{map[string]string{"events.num": "-3"}, 0},
		{map[string]string{"stop-at": "3000"}, 3000},
	} {
		s := open(t, plan(t, genSchema(), tc.opts), &fakeClock{now: base}, nil)
		rows, err := drain(t, s, 4, 0, -1)
		if len(rows) != tc.want || !errors.Is(err, stream.ErrEndOfInput) {
			t.Errorf("%v: %d rows, %v; want %d and the end of input", tc.opts, len(rows), err, tc.want)
		}
		// The end stays.
		if _, err := s.Next(context.Background(), stream.NewBatch(4)); !errors.Is(err, stream.ErrEndOfInput) {
			t.Errorf("%v: after the end: %v", tc.opts, err)
		}
	}
}

func TestKeepAliveIdles(t *testing.T) {
	s := open(t, plan(t, genSchema(), map[string]string{"events.num": "100", "keep-alive": "true"}), &fakeClock{now: base}, nil)
	rows, err := drain(t, s, 4, 0, -1)
	if len(rows) != 100 || err != nil {
		t.Fatalf("%d rows, %v", len(rows), err)
	}
	for i := 0; i < 3; i++ {
		b := stream.NewBatch(4)
		wait, err := s.Next(context.Background(), b)
		if err != nil || b.Len() != 0 || wait <= 0 {
			t.Fatalf("kept alive: %d rows, wait %v, %v", b.Len(), wait, err)
		}
	}
}

// TestEventTimes checks GeneratorConfig.timestampForEvent from the clock
// at Create: event n (counting from 1) is at base + (long)(n * 10^6 /
// rate) / 1000 ms.
func TestEventTimes(t *testing.T) {
	for _, tc := range []struct {
		rate string
		want []int64 // offsets of the first events from the base time
	}{
		{"10000", []int64{0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1}},
		{"1000", []int64{1, 2, 3, 4, 5}},
		{"3", []int64{333, 666, 1000, 1333, 1666, 2000}},
		{"-1000", []int64{-1, -2, -3}},
	} {
		clock := &fakeClock{now: base}
		s := open(t, plan(t, genSchema(), map[string]string{"first-event.rate": tc.rate}), clock, nil)
		clock.now = base.Add(time.Hour) // later readings of the clock do not matter
		rows, _ := drain(t, s, 4, 0, len(tc.want))
		for i, r := range rows {
			got := eventTime(r) - base.UnixMilli()
			if got != tc.want[i] {
				t.Errorf("rate %s, event %d: at %+d ms, want %+d", tc.rate, i+1, got, tc.want[i])
			}
		}
	}
	// A rate of 0 puts every event at Long.MAX_VALUE / 1000 ms after the
	// base, as Java's (long) of an infinite double.
	s := open(t, plan(t, genSchema(), map[string]string{"first-event.rate": "0"}), &fakeClock{now: base}, nil)
	rows, _ := drain(t, s, 4, 0, 2)
	if got := eventTime(rows[1]) - base.UnixMilli(); got != 9223372036854775 {
		t.Errorf("rate 0: %d", got)
	}
}

func eventTime(r []types.Value) int64 {
	return r[1+r[0].I].X.(*types.RowValue).Fields[map[int64]int{0: 6, 1: 5, 2: 5}[r[0].I]].I
}

// TestPacedByEventTime: with max-emit-speed false, an event is emitted
// once the wall clock is as far past the first Next as its event time is
// past the base time.
func TestPacedByEventTime(t *testing.T) {
	clock := &fakeClock{now: base}
	s := open(t, plan(t, genSchema(), map[string]string{"max-emit-speed": "false", "first-event.rate": "1000"}), clock, nil)
	b := stream.NewBatch(4)
	wait, err := s.Next(context.Background(), b)
	if err != nil || b.Len() != 0 || wait != time.Millisecond {
		t.Fatalf("first Next: %d rows, wait %v, %v; want a 1ms wait for event 1", b.Len(), wait, err)
	}
	clock.now = clock.now.Add(10 * time.Millisecond)
	b.Reset()
	if _, err := s.Next(context.Background(), b); err != nil || b.Len() != 10 {
		t.Fatalf("after 10ms: %d rows, %v; want 10", b.Len(), err)
	}
	b.Reset()
	if wait, _ := s.Next(context.Background(), b); b.Len() != 0 || wait != time.Millisecond {
		t.Errorf("then: %d rows, wait %v", b.Len(), wait)
	}
	// At a rate of 0 nothing is ever due.
	s = open(t, plan(t, genSchema(), map[string]string{"max-emit-speed": "false", "first-event.rate": "0"}), clock, nil)
	b.Reset()
	if wait, err := s.Next(context.Background(), b); err != nil || b.Len() != 0 || wait != time.Hour {
		t.Errorf("rate 0: %d rows, wait %v, %v", b.Len(), wait, err)
	}
	// Unpaced, a Next fills a batch.
	s = open(t, plan(t, genSchema(), nil), clock, nil)
	b.Reset()
	if _, err := s.Next(context.Background(), b); err != nil || b.Len() != stream.DefaultBatchRows {
		t.Errorf("unpaced: %d rows, %v", b.Len(), err)
	}
}

func TestSeeds(t *testing.T) {
	first := func(seed *int64) string {
		s := open(t, plan(t, genSchema(), nil), &fakeClock{now: base}, seed)
		rows, _ := drain(t, s, 4, 0, 1)
		return formatEvent(rows[0])
	}
	zero, seven := int64(0), int64(7)
	if first(nil) != first(&zero) {
		t.Error("no session seed should be seed generator 0")
	}
	if first(nil) == first(&seven) {
		t.Error("the session seed is ignored")
	}
}

// TestLayouts maps declared schemas onto Nexmark's row as Flink reads it:
// by position, failing where a type wants another Java class or a field
// is past the row.
func TestLayouts(t *testing.T) {
	col := func(name string, typ types.Type) types.Column { return types.Column{Name: name, Type: typ} }
	full := genSchema().Columns
	t.Run("prefix", func(t *testing.T) {
		// Other names, two columns, a person of three fields, a DATE
		// event type.
		schema := types.Schema{Columns: []types.Column{
			col("kind", types.Type{Kind: types.Date}),
			col("p", row(f("a", types.Int64), f("b", types.Type{Kind: types.Char, Length: 3}), f("c", types.String))),
		}}
		s := open(t, plan(t, schema, map[string]string{"events.num": "60"}), &fakeClock{now: base}, nil)
		rows, err := drain(t, s, 2, 0, -1)
		if len(rows) != 60 || !errors.Is(err, stream.ErrEndOfInput) {
			t.Fatalf("%d rows, %v", len(rows), err)
		}
		// Event 49 (id 50) is the first person (testdata/default.tsv).
		p := rows[48]
		if p[0].I != personEvent || p[1].Null {
			t.Fatalf("row 49: %v", p)
		}
		f := p[1].X.(*types.RowValue).Fields
		if len(f) != 3 || f[0].I != 1001 || string(f[1].B) != "Saul Smith" || string(f[2].B) != "dar@cm v.com" {
			t.Errorf("person: %v", f)
		}
		if !rows[0][1].Null {
			t.Errorf("an auction's person is not NULL")
		}
	})
	for _, tc := range []struct {
		name   string
		schema []types.Column
		rows   int // emitted before the failure
		class  string
		msg    string
	}{
		{"event_type BIGINT", append([]types.Column{col("event_type", types.Int64)}, full[1:]...), 0,
			classCastException, "class java.lang.Integer cannot be cast to class java.lang.Long (java.lang.Integer and java.lang.Long are in module java.base of loader 'bootstrap')"},
		{"fifth column", append(append([]types.Column(nil), full...), col("x", types.String)), 0,
			indexOutOfBounds, "Index 4 out of bounds for length 4"},
		{"bid.price STRING", append(append([]types.Column(nil), full[:3]...), col("bid", row(f("auction", types.Int64), f("bidder", types.Int64), f("price", types.String)))), 2,
			classCastException, "class java.lang.Long cannot be cast to class org.apache.flink.table.data.StringData (java.lang.Long is in module java.base of loader 'bootstrap'; org.apache.flink.table.data.StringData is in unnamed module of loader 'app')"},
		{"auction STRING", []types.Column{full[0], full[1], col("auction", types.String)}, 0,
			classCastException, "class org.apache.flink.table.data.GenericRowData cannot be cast to class org.apache.flink.table.data.StringData (org.apache.flink.table.data.GenericRowData and org.apache.flink.table.data.StringData are in unnamed module of loader 'app')"},
		{"person of nine fields", []types.Column{full[0], col("person", row(append(append([]types.Field(nil), full[1].Type.Fields...), f("more", types.String))...))}, 48,
			indexOutOfBounds, "Index 8 out of bounds for length 8"},
	} {
		// As rows and as columns, the rows before the failing event
		// are emitted, then the failure.
		for _, columns := range []bool{false, true} {
			t.Run(fmt.Sprintf("%s/columns=%v", tc.name, columns), func(t *testing.T) {
				schema := types.Schema{Columns: tc.schema}
				s := open(t, plan(t, schema, nil), &fakeClock{now: base}, nil)
				if columns && !s.EnableColumns() {
					t.Fatal("no columns")
				}
				rows, err := drain(t, s, len(tc.schema), 0, 5000)
				e, ok := diag.As(err)
				if len(rows) != tc.rows || !ok || e.Class != tc.class || e.Msg != tc.msg {
					t.Fatalf("%d rows, %v; want %d rows, then %s: %s", len(rows), err, tc.rows, tc.class, tc.msg)
				}
				if _, err2 := s.Next(context.Background(), stream.NewBatch(len(tc.schema))); err2 != err {
					t.Errorf("after the failure: %v", err2)
				}
			})
		}
	}
}

func TestGeneratorFailures(t *testing.T) {
	for _, tc := range []struct {
		opts  map[string]string
		rows  int
		class string
		msg   string
	}{
		// The first event is an auction, which draws nextInt(hot sellers).
		{map[string]string{"auction.hot-ratio.sellers": "0"}, 0, diag.IllegalArgument, "bound must be positive"},
		// Two auctions, then the first bid draws nextInt(hot auctions).
		{map[string]string{"bid.hot-ratio.auctions": "-1"}, 2, diag.IllegalArgument, "bound must be positive"},
		// With events.num set, GeneratorConfig does not divide by the
		// proportions; the event type does.
		{map[string]string{"events.num": "5", "person.proportion": "0", "auction.proportion": "0", "bid.proportion": "0"}, 0,
			diag.ArithmeticException, "/ by zero"},
		{map[string]string{"auction.avg-size": "200mb"}, 0, diag.PlaygroundLimitExceeded,
			"A Nexmark event would carry an extra string of 247119044 bytes; the playground allows 16777216. Lower the average event size options."},
	} {
		for _, columns := range []bool{false, true} {
			s := open(t, plan(t, genSchema(), tc.opts), &fakeClock{now: base}, nil)
			if columns && !s.EnableColumns() {
				t.Fatal("no columns")
			}
			rows, err := drain(t, s, 4, 0, 100)
			e, ok := diag.As(err)
			if len(rows) != tc.rows || !ok || e.Class != tc.class || e.Msg != tc.msg {
				t.Errorf("%v, columns %v: %d rows, %v; want %d rows, then %s: %s", tc.opts, columns, len(rows), err, tc.rows, tc.class, tc.msg)
			}
		}
	}
}

// TestNoAllocations: once the batch's arena and slab have grown, a batch
// of events costs no allocation.
func TestNoAllocations(t *testing.T) {
	s := open(t, plan(t, genSchema(), nil), &fakeClock{now: base}, nil)
	b := stream.NewBatch(4)
	ctx := context.Background()
	next := func() {
		b.Reset()
		if _, err := s.Next(ctx, b); err != nil {
			t.Fatal(err)
		}
	}
	for i := 0; i < 20; i++ {
		next()
	}
	if n := testing.AllocsPerRun(50, next); n > 0 {
		t.Errorf("%v allocations per batch", n)
	}
}

// TestSlabPerBatch: rows of a batch that is not reset keep their values
// while another batch is filled.
func TestSlabPerBatch(t *testing.T) {
	s := open(t, plan(t, genSchema(), nil), &fakeClock{now: base}, nil)
	b1, b2 := stream.NewBatch(4), stream.NewBatch(4)
	ctx := context.Background()
	if _, err := s.Next(ctx, b1); err != nil {
		t.Fatal(err)
	}
	// The last row: the first rows of a batch lie in storage the slab
	// outgrew while filling it.
	last := b1.Len() - 1
	before := formatEvent(b1.Row(last))
	for i := 0; i < 3; i++ {
		b2.Reset()
		if _, err := s.Next(ctx, b2); err != nil {
			t.Fatal(err)
		}
	}
	if after := formatEvent(b1.Row(last)); after != before {
		t.Errorf("row of the first batch changed:\n%s\n%s", before, after)
	}
}

// TestColumnsMatchRows: a source that fills columnar batches makes the
// rows, and fails with the errors, of one that fills rows, for the
// layouts and options of the tests above.
func TestColumnsMatchRows(t *testing.T) {
	col := func(name string, typ types.Type) types.Column { return types.Column{Name: name, Type: typ} }
	full := genSchema().Columns
	for _, tc := range []struct {
		name   string
		schema []types.Column
		opts   map[string]string
	}{
		{"ddl_gen", full, map[string]string{"events.num": "20000"}},
		{"proportions", full, map[string]string{"events.num": "3000", "person.proportion": "5", "auction.proportion": "4", "bid.proportion": "1"}},
		{"large events", full, map[string]string{"events.num": "500", "bid.avg-size": "10kb", "person.avg-size": "3kb"}},
		// Extra strings longer than half the reusable one are made, not
		// cut from it: the bids' extra column holds copies, not views.
		{"extra past the reusable string", full, map[string]string{"events.num": "60", "bid.avg-size": "1100kb"}},
		// Around half of it, a batch's bids' extras are views until the
		// first made one, and copies from there on.
		{"extra around half the reusable string", full, map[string]string{"events.num": "200", "bid.avg-size": "520kb"}},
		{"prefix", []types.Column{col("kind", types.Type{Kind: types.Date}),
			col("p", row(f("a", types.Int64), f("b", types.Type{Kind: types.Char, Length: 3}), f("c", types.String)))},
			map[string]string{"events.num": "600"}},
		{"event_type only", full[:1], map[string]string{"events.num": "100"}},
		{"bid.price STRING", append(append([]types.Column(nil), full[:3]...), col("bid", row(f("auction", types.Int64), f("bidder", types.Int64), f("price", types.String)))), nil},
		{"fifth column", append(append([]types.Column(nil), full...), col("x", types.String)), nil},
		{"person of nine fields", []types.Column{full[0], col("person", row(append(append([]types.Field(nil), full[1].Type.Fields...), f("more", types.String))...))}, nil},
		{"hot sellers 0", full, map[string]string{"auction.hot-ratio.sellers": "0"}},
		{"hot auctions -1", full, map[string]string{"bid.hot-ratio.auctions": "-1"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			schema := types.Schema{Columns: tc.schema}
			seed := int64(7)
			byRows := open(t, plan(t, schema, tc.opts), &fakeClock{now: base}, &seed)
			want, wantErr := drain(t, byRows, len(tc.schema), 0, 30000)
			byCols := open(t, plan(t, schema, tc.opts), &fakeClock{now: base}, &seed)
			if !byCols.EnableColumns() {
				t.Fatal("columns refused")
			}
			got, gotErr := drain(t, byCols, len(tc.schema), 0, 30000)
			if fmt.Sprint(gotErr) != fmt.Sprint(wantErr) {
				t.Fatalf("columns end with %v, rows with %v", gotErr, wantErr)
			}
			if len(got) != len(want) {
				t.Fatalf("%d rows by columns, %d by rows", len(got), len(want))
			}
			for i := range want {
				if !reflect.DeepEqual(norm(got[i]), norm(want[i])) {
					t.Fatalf("row %d: columns %v, rows %v", i, got[i], want[i])
				}
			}
		})
	}
}

// norm makes empty strings nil, which a vector and a row spell
// differently for the same value.
func norm(row []types.Value) []types.Value {
	out := types.CloneRow(row)
	for i := range out {
		if out[i].B != nil && len(out[i].B) == 0 {
			out[i].B = nil
		}
		if r, ok := out[i].X.(*types.RowValue); ok {
			out[i].X = &types.RowValue{Fields: norm(r.Fields)}
		}
	}
	return out
}

// TestPooledStringsAreViews checks that the bids' channel, url and extra
// columns refer to the generator's shared strings instead of copying
// them, and the person's email, made per event, is copied.
func TestPooledStringsAreViews(t *testing.T) {
	seed := int64(7)
	src := open(t, plan(t, genSchema(), map[string]string{"events.num": "5000"}), &fakeClock{now: base}, &seed)
	if !src.EnableColumns() {
		t.Fatal("columns refused")
	}
	b := stream.NewBatch(4)
	if _, err := src.Next(context.Background(), b); err != nil {
		t.Fatal(err)
	}
	bid, person := &b.Cols[3], &b.Cols[1]
	for _, j := range []int{bidChannel, bidURL, bidExtra} {
		if !bid.Fields[j].Views {
			t.Errorf("bid field %d holds copies", j)
		}
	}
	if person.Fields[personEmail].Views {
		t.Error("the person's email is a view")
	}
}

// TestReadOnlyLeavesOutUnread: told what its batches' reader reads, a
// columnar source fills the fields it reads as before and leaves the
// others NULL, in rows of every type; the events stay the same (the
// generator still draws every field, and counts the lengths of the
// strings it does not make towards its events' sizes, which the extra
// strings' lengths show).
func TestReadOnlyLeavesOutUnread(t *testing.T) {
	opts := map[string]string{"events.num": "5000"}
	seed := int64(7)
	full := open(t, plan(t, genSchema(), opts), &fakeClock{now: base}, &seed)
	if !full.EnableColumns() {
		t.Fatal("columns refused")
	}
	want, wantErr := drain(t, full, 4, 0, -1)
	for _, tc := range []struct {
		name string
		read [][2]int // column, field; field -1: the column whole
	}{
		// As ddl_gen.sql's computed dateTime and a query of bids read
		// them: the bid whole, each other row's dateTime and one string.
		{"bids", [][2]int{{0, -1}, {1, personDateTime}, {1, personEmail}, {2, auctionDateTime}, {3, -1}}},
		// The strings made per event unread, the extras after them read.
		{"extras", [][2]int{{1, personID}, {1, personExtra}, {2, auctionExtra}, {2, auctionReserve}, {3, bidPrice}}},
		// No price, no channel: the bids' draws go on as before.
		{"no price", [][2]int{{0, -1}, {3, bidAuction}, {3, bidExtra}}},
		// A bid's channel or URL alone.
		{"channel", [][2]int{{3, bidChannel}}},
		{"url", [][2]int{{3, bidURL}, {3, bidDateTime}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			pruned := open(t, plan(t, genSchema(), opts), &fakeClock{now: base}, &seed)
			if !pruned.EnableColumns() {
				t.Fatal("columns refused")
			}
			r := &stream.Reads{}
			read := map[[2]int]bool{}
			for _, cf := range tc.read {
				if cf[1] < 0 {
					r.Column(cf[0])
					for j := range 10 {
						read[[2]int{cf[0], j}] = true
					}
				} else {
					r.Field(cf[0], cf[1])
					read[cf] = true
				}
			}
			pruned.ReadOnly(r)
			got, gotErr := drain(t, pruned, 4, 0, -1)
			if fmt.Sprint(gotErr) != fmt.Sprint(wantErr) || len(got) != len(want) || len(got) != 5000 {
				t.Fatalf("%d rows, %v; want %d, %v", len(got), gotErr, len(want), wantErr)
			}
			for i := range want {
				if got[i][0].I != want[i][0].I {
					t.Fatalf("row %d: event_type %v, want %v", i, got[i][0], want[i][0])
				}
				for c := 1; c < 4; c++ {
					if got[i][c].Null != want[i][c].Null {
						t.Fatalf("row %d column %d: NULL %v, want %v", i, c, got[i][c].Null, want[i][c].Null)
					}
					if want[i][c].Null {
						continue
					}
					g, w := got[i][c].X.(*types.RowValue).Fields, want[i][c].X.(*types.RowValue).Fields
					for j := range w {
						switch {
						case read[[2]int{c, j}] && !reflect.DeepEqual(norm(g[j:j+1]), norm(w[j:j+1])):
							t.Fatalf("row %d column %d field %d: %v, want %v", i, c, j, g[j], w[j])
						case !read[[2]int{c, j}] && !g[j].Null:
							t.Fatalf("row %d column %d field %d, unread: %v, want NULL", i, c, j, g[j])
						}
					}
				}
			}
		})
	}
}
