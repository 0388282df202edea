package nexmark

import (
	"context"
	"testing"
	"time"

	"github.com/flinkplay/flinkplay/engine/stream"
)

// BenchmarkNext measures events made per second into ddl_gen.sql's
// layout with the default options, as rows, as columns, and as the
// columns q0 reads.
func BenchmarkNext(b *testing.B) {
	b.Run("rows", func(b *testing.B) { benchNext(b, false, nil) })
	b.Run("columns", func(b *testing.B) { benchNext(b, true, nil) })
	// What q0 reads: the bids' auction, bidder, price, dateTime and
	// extra, and the dateTime of the other rows (ddl_gen.sql's computed
	// column).
	q0 := &stream.Reads{}
	q0.Column(0)
	q0.Field(1, personDateTime)
	q0.Field(2, auctionDateTime)
	for _, j := range []int{bidAuction, bidBidder, bidPrice, bidDateTime, bidExtra} {
		q0.Field(3, j)
	}
	b.Run("q0-fields", func(b *testing.B) { benchNext(b, true, q0) })
}

func benchNext(b *testing.B, columns bool, reads *stream.Reads) {
	src := plan(b, genSchema(), nil)
	s := open(b, src, &fakeClock{now: time.UnixMilli(1700000000000)}, nil)
	if columns {
		s.EnableColumns()
	}
	if reads != nil {
		s.ReadOnly(reads)
	}
	batch := stream.NewBatch(4)
	ctx := context.Background()
	b.ReportAllocs()
	b.ResetTimer()
	events := 0
	for i := 0; i < b.N; i++ {
		batch.Reset()
		if _, err := s.Next(ctx, batch); err != nil {
			b.Fatal(err)
		}
		events += batch.Len()
	}
	b.ReportMetric(float64(events)/b.Elapsed().Seconds(), "events/s")
}
