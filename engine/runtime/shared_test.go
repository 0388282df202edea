package runtime

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/flinkplay/flinkplay/engine/stream"
	"github.com/flinkplay/flinkplay/engine/types"
)

// countingSource emits n rows 0..n-1 in batches of two, counting Opens and
// Closes.
type countingSource struct {
	n, next       int
	opens, closes int
}

func (c *countingSource) Open(context.Context) error { c.opens++; return nil }
func (c *countingSource) Close() error               { c.closes++; return nil }
func (c *countingSource) Next(_ context.Context, b *stream.Batch) (_ time.Duration, _ error) {
	if c.next >= c.n {
		return 0, stream.ErrEndOfInput
	}
	for i := 0; i < 2 && c.next < c.n; i++ {
		b.AppendRow(stream.Insert, []types.Value{types.IntValue(int64(c.next))})
		c.next++
	}
	return 0, nil
}

func drainTap(t *testing.T, src stream.Source) []int64 {
	t.Helper()
	var got []int64
	b := stream.NewBatch(1)
	for {
		b.Reset()
		_, err := src.Next(context.Background(), b)
		if errors.Is(err, stream.ErrEndOfInput) {
			return got
		}
		if err != nil {
			t.Fatal(err)
		}
		for r := 0; r < b.Len(); r++ {
			got = append(got, b.Row(r)[0].I)
		}
	}
}

// Every tap sees every row once, in order, however the taps interleave;
// the source opens once and closes with the last tap.
func TestSharedTaps(t *testing.T) {
	src := &countingSource{n: 7}
	sh := NewShared(src, 1)
	a, b := sh.Tap(), sh.Tap()
	ctx := context.Background()
	if err := a.Open(ctx); err != nil {
		t.Fatal(err)
	}
	if err := b.Open(ctx); err != nil {
		t.Fatal(err)
	}
	// a reads ahead; b then gets the queued rows and the rest.
	first := stream.NewBatch(1)
	if _, err := a.Next(ctx, first); err != nil || first.Len() != 2 {
		t.Fatalf("first batch: %d rows, %v", first.Len(), err)
	}
	gotB := drainTap(t, b)
	gotA := append([]int64{first.Row(0)[0].I, first.Row(1)[0].I}, drainTap(t, a)...)
	want := []int64{0, 1, 2, 3, 4, 5, 6}
	for _, got := range [][]int64{gotA, gotB} {
		if len(got) != len(want) {
			t.Fatalf("got %v, want %v", got, want)
		}
		for i := range want {
			if got[i] != want[i] {
				t.Fatalf("got %v, want %v", got, want)
			}
		}
	}
	if src.opens != 1 {
		t.Errorf("opened %d times", src.opens)
	}
	a.Close()
	if src.closes != 0 {
		t.Errorf("closed before the last tap")
	}
	b.Close()
	if src.closes != 1 {
		t.Errorf("closed %d times", src.closes)
	}
}

// nestedSource emits n rows (i, ROW(i, 'r<i>')) in batches of three,
// reusing one batch's worth of nested storage and one string buffer as
// sources that fill a slab do, in rows or, once enabled, in columns.
type nestedSource struct {
	n, next int
	columns bool
	slab    [3]types.RowValue
	vals    [3][2]types.Value
	buf     [3][8]byte
}

func (s *nestedSource) Open(context.Context) error { return nil }
func (s *nestedSource) Close() error               { return nil }
func (s *nestedSource) EnableColumns() bool        { s.columns = true; return true }
func (s *nestedSource) Next(_ context.Context, b *stream.Batch) (time.Duration, error) {
	if s.next >= s.n {
		return 0, stream.ErrEndOfInput
	}
	if s.columns {
		b.Columns([]stream.VecKind{stream.VecInt, stream.VecStruct})
		b.Cols[1].ResetStruct([]stream.VecKind{stream.VecInt, stream.VecBytes})
	}
	for k := 0; k < 3 && s.next < s.n; k++ {
		i := int64(s.next)
		name := append(s.buf[k][:0], 'r', byte('0'+i%10))
		if s.columns {
			b.Kinds = append(b.Kinds, stream.Insert)
			b.Cols[0].AppendInt(i)
			if i%4 == 3 {
				b.Cols[1].AppendNulls(1)
			} else {
				b.Cols[1].Fields[0].AppendInt(i)
				b.Cols[1].Fields[1].AppendBytes(name)
				b.Cols[1].AppendStruct()
			}
		} else {
			s.vals[k] = [2]types.Value{types.IntValue(i), types.BytesValue(name)}
			s.slab[k].Fields = s.vals[k][:]
			row := []types.Value{types.IntValue(i), {X: &s.slab[k]}}
			if i%4 == 3 {
				row[1] = types.NullValue
			}
			b.AppendRow(stream.Insert, row)
		}
		s.next++
	}
	return 0, nil
}

// TestSharedTapsNested: taps that read ahead of each other see every
// nested row as the source made it, whether the source fills rows (each
// queued batch owns copies of the nested rows) or columns (which taps
// that take rows get as rows), and taps that take columns get columns.
func TestSharedTapsNested(t *testing.T) {
	want := func(i int64) string {
		if i%4 == 3 {
			return fmt.Sprintf("%d NULL", i)
		}
		return fmt.Sprintf("%d {%d r%d}", i, i, i%10)
	}
	for _, tc := range []struct {
		name          string
		colsA, colsB  bool
		wantColumnarA bool
	}{
		{"rows", false, false, false},
		{"columns", true, true, true},
		{"one tap takes rows", true, false, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src := &nestedSource{n: 20}
			sh := NewShared(src, 2)
			a, b := sh.Tap(), sh.Tap()
			ctx := context.Background()
			for _, tp := range []*Tap{a, b} {
				if err := tp.Open(ctx); err != nil {
					t.Fatal(err)
				}
			}
			if tc.colsA {
				a.EnableColumns()
			}
			if tc.colsB {
				b.EnableColumns()
			}
			read := func(tp *Tap, max int) (out []string, columnar bool) {
				batch, rows := stream.NewBatch(2), stream.NewBatch(2)
				for len(out) < max {
					batch.Reset()
					_, err := tp.Next(ctx, batch)
					if errors.Is(err, stream.ErrEndOfInput) {
						break
					}
					if err != nil {
						t.Fatal(err)
					}
					view := batch
					if batch.Columnar {
						columnar = true
						rows.Reset()
						batch.Materialize(rows)
						view = rows
					}
					for r := 0; r < view.Len(); r++ {
						row := view.Row(r)
						if row[1].Null {
							out = append(out, fmt.Sprintf("%d NULL", row[0].I))
							continue
						}
						f := row[1].X.(*types.RowValue).Fields
						out = append(out, fmt.Sprintf("%d {%d %s}", row[0].I, f[0].I, f[1].B))
					}
				}
				return out, columnar
			}
			// a reads all the rows first, so b's come from its queue,
			// made while the source refilled its storage.
			gotA, colA := read(a, 100)
			gotB, _ := read(b, 100)
			if colA != tc.wantColumnarA {
				t.Errorf("tap a got columns: %v, want %v", colA, tc.wantColumnarA)
			}
			for _, got := range [][]string{gotA, gotB} {
				if len(got) != 20 {
					t.Fatalf("%d rows: %v", len(got), got)
				}
				for i, g := range got {
					if g != want(int64(i)) {
						t.Fatalf("row %d: %s, want %s (all: %v)", i, g, want(int64(i)), got)
					}
				}
			}
		})
	}
}
