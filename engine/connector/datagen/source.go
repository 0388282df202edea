package datagen

import (
	"context"
	"fmt"
	"math"
	"time"

	"github.com/flinkplay/flinkplay/engine/connector"
	"github.com/flinkplay/flinkplay/engine/stream"
	"github.com/flinkplay/flinkplay/engine/types"
)

// source emits generated rows in bursts, as Flink's DataGeneratorSource:
// every second, ceil(rows-per-second) rows as fast as they can be made.
// It never sleeps: when the next burst is not due, Next reports the wait.
type source struct {
	gens    []gen
	kinds   []stream.VecKind // the columns' vector kinds
	columns bool             // fill columnar batches (EnableColumns)
	seqs    []*seqGen
	fail    error // Flink's generator failure, raised when the first row is due
	openErr error // Flink's failure when opening the generators

	clock stream.Clock
	zone  *time.Location

	bounded   bool
	remaining int64 // rows still allowed when bounded
	burst     int64 // rows per burst; <0 means unthrottled
	burstLeft int64
	nextBurst time.Time
	started   bool
	done      bool
	c         genCtx
}

func newSource(t *TableSource, env connector.Env) *source {
	bd := &builder{table: t.table, hasSeed: env.HasSeed, seed: env.Seed}
	s := &source{clock: env.Clock, zone: env.Zone, bounded: t.bounded, remaining: t.numberOfRows}
	for _, f := range t.fields {
		s.gens = append(s.gens, bd.build(f))
		s.kinds = append(s.kinds, stream.VecKindOf(f.typ))
	}
	s.seqs, s.fail, s.openErr = bd.seqs, bd.fail, bd.openErr
	if s.clock == nil {
		s.clock = wallClock{}
	}
	if s.zone == nil {
		s.zone = time.Local
	}
	switch rate := t.rowsPerSecond; {
	case rate > math.MaxInt32:
		// Flink counts a burst with an int that overflows before reaching
		// such a rate, so the burst never ends: no throttling at all.
		s.burst = -1
	case rate <= 0:
		s.burst = 0 // Flink then loops forever, emitting nothing
	default:
		s.burst = rate
	}
	return s
}

type wallClock struct{}

func (wallClock) Now() time.Time { return time.Now() }

func (wallClock) Sleep(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}

// EnableColumns implements stream.ColumnarSource: every generator fills
// columns as it fills rows.
func (s *source) EnableColumns() bool {
	s.columns = true
	return true
}

// Open prepares nothing; the first burst starts at the first Next.
func (s *source) Open(context.Context) error { return nil }

// Close releases nothing.
func (s *source) Close() error { return nil }

// Next appends up to stream.DefaultBatchRows rows of the current burst.
func (s *source) Next(ctx context.Context, b *stream.Batch) (time.Duration, error) {
	if err := ctx.Err(); err != nil {
		return 0, err
	}
	if s.openErr != nil {
		return 0, s.openErr
	}
	if s.done {
		return 0, stream.ErrEndOfInput
	}
	if b.Width != len(s.gens) {
		return 0, fmt.Errorf("datagen: batch of width %d for %d columns", b.Width, len(s.gens))
	}
	now := s.clock.Now()
	if !s.started {
		s.started = true
		s.nextBurst = now
	}
	if s.burst >= 0 && s.burstLeft == 0 {
		if now.Before(s.nextBurst) {
			return s.nextBurst.Sub(now), nil
		}
		s.burstLeft = s.burst
		s.nextBurst = s.nextBurst.Add(time.Second)
		if s.burstLeft == 0 {
			return s.nextBurst.Sub(now), nil
		}
	}
	n := int64(stream.DefaultBatchRows)
	if s.burst >= 0 {
		n = min(n, s.burstLeft)
	}
	s.setNow(now)
	s.c.b = b
	if s.columns {
		return s.nextColumns(b, n)
	}
	for i := int64(0); i < n; i++ {
		// Like Flink, the end is noticed only when the next row is due.
		if !s.hasNext() {
			s.done = true
			if i == 0 {
				return 0, stream.ErrEndOfInput
			}
			break
		}
		if s.fail != nil {
			if i == 0 {
				return 0, s.fail
			}
			break
		}
		row := b.Append(stream.Insert)
		for j, g := range s.gens {
			g.fill(&row[j], &s.c)
		}
		s.remaining--
		if s.burst >= 0 {
			s.burstLeft--
		}
	}
	s.c.b = nil
	return 0, nil
}

// nextColumns is Next's loop for columnar batches: the rows due are
// counted first, then each generator fills its column. Every generator
// draws from its own random stream, so column by column gives the values
// row by row does.
func (s *source) nextColumns(b *stream.Batch, n int64) (time.Duration, error) {
	defer func() { s.c.b = nil }()
	k := n
	if s.bounded {
		k = min(k, max(s.remaining, 0))
	}
	for _, q := range s.seqs {
		k = min(k, max(q.left, 0))
	}
	if k == 0 {
		// Like Flink, the end is noticed only when the next row is due.
		s.done = true
		return 0, stream.ErrEndOfInput
	}
	if s.fail != nil {
		return 0, s.fail
	}
	if k < n {
		s.done = true
	}
	b.Columns(s.kinds)
	rows := int(k)
	for range rows {
		b.Kinds = append(b.Kinds, stream.Insert)
	}
	for j, g := range s.gens {
		col := &b.Cols[j]
		if q, ok := g.(*seqGen); ok && q.kind == types.BigInt {
			for x := range int64(rows) {
				col.I = append(col.I, q.next+x)
			}
			q.next += int64(rows)
			q.left -= int64(rows)
			continue
		}
		for range rows {
			var v types.Value
			g.fill(&v, &s.c)
			col.Append(v)
		}
	}
	s.remaining -= k
	if s.burst >= 0 {
		s.burstLeft -= k
	}
	return 0, nil
}

func (s *source) hasNext() bool {
	if s.bounded && s.remaining <= 0 {
		return false
	}
	for _, q := range s.seqs {
		if !q.hasNext() {
			return false
		}
	}
	return true
}

// setNow fixes "now" for the rows of one batch: Flink reads the clock per
// value, but a batch is made within microseconds.
func (s *source) setNow(now time.Time) {
	s.c.nowMillis = now.UnixMilli()
	local := now.In(s.zone)
	y, m, d := local.Date()
	s.c.date = types.DaysFromCivil(int64(y), int64(m), int64(d))
	h, mi, sec := local.Clock()
	s.c.timeOfDay = int64(h)*3_600_000 + int64(mi)*60_000 + int64(sec)*1000 + int64(local.Nanosecond()/1e6)
}
