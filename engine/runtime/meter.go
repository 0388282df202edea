package runtime

import (
	"context"
	"sync/atomic"
	"time"

	"github.com/flinkplay/flinkplay/engine/stream"
)

// SourceMeter counts what one scan of a job read, for the progress the
// page and the CLI show before a query's first result row (a batch
// aggregation shows none until its input ends). Its counters are atomic:
// the job's goroutine writes them, a progress reporter reads them.
type SourceMeter struct {
	// Table names the scanned table (its object name).
	Table string
	// PaceKey and PaceRate are the option that paces the source and its
	// value (datagen's 'rows-per-second'), "" and 0 when nothing does.
	PaceKey  string
	PaceRate int64

	rows     atomic.Int64
	lastWait atomic.Int64 // unix nanoseconds of the last time the pace held the source back, 0 when never
}

// SourceProgress is a snapshot of a SourceMeter.
type SourceProgress struct {
	Table    string
	Rows     int64
	PaceKey  string
	PaceRate int64
	// Throttled is set when the source's pace held it back in the last
	// second: it would read faster with a higher PaceRate.
	Throttled bool
}

// Snapshot reads the meter at now.
func (m *SourceMeter) Snapshot(now time.Time) SourceProgress {
	last := m.lastWait.Load()
	return SourceProgress{
		Table: m.Table, Rows: m.rows.Load(), PaceKey: m.PaceKey, PaceRate: m.PaceRate,
		Throttled: m.PaceKey != "" && last != 0 && now.UnixNano()-last < int64(time.Second),
	}
}

// Meter wraps src so that m counts its rows and its waits.
func Meter(src stream.Source, m *SourceMeter) stream.Source {
	return &meteredSource{Source: src, m: m}
}

type meteredSource struct {
	stream.Source
	m *SourceMeter
}

// Next implements stream.Source.
func (s *meteredSource) Next(ctx context.Context, b *stream.Batch) (time.Duration, error) {
	before := b.Len()
	wait, err := s.Source.Next(ctx, b)
	if n := b.Len() - before; n > 0 {
		s.m.rows.Add(int64(n))
	}
	if wait > 0 {
		s.m.lastWait.Store(time.Now().UnixNano())
	}
	return wait, err
}

// EnableColumns implements stream.ColumnarSource for a source that does.
func (s *meteredSource) EnableColumns() bool {
	c, ok := s.Source.(stream.ColumnarSource)
	return ok && c.EnableColumns()
}

// ReadOnly implements stream.FieldPruner for a source that does.
func (s *meteredSource) ReadOnly(r *stream.Reads) {
	if fp, ok := s.Source.(stream.FieldPruner); ok {
		fp.ReadOnly(r)
	}
}
