package nexmark

import (
	"context"
	"testing"
	"time"

	"github.com/flinkplay/flinkplay/engine/stream"
)

// BenchmarkNext measures events made per second into ddl_gen.sql's
// layout with the default options, as rows and as columns.
func BenchmarkNext(b *testing.B) {
	b.Run("rows", func(b *testing.B) { benchNext(b, false) })
	b.Run("columns", func(b *testing.B) { benchNext(b, true) })
}

func benchNext(b *testing.B, columns bool) {
	src := plan(b, genSchema(), nil)
	s := open(b, src, &fakeClock{now: time.UnixMilli(1700000000000)}, nil)
	if columns {
		s.EnableColumns()
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
