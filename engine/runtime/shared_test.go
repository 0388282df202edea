package runtime

import (
	"context"
	"errors"
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
