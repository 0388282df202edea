package faker

import (
	"context"
	"fmt"
	"time"

	"github.com/flinkplay/flinkplay/engine/connector"
	"github.com/flinkplay/flinkplay/engine/diag"
	"github.com/flinkplay/flinkplay/engine/stream"
	"github.com/flinkplay/flinkplay/engine/types"
)

// source emits generated rows: flink-faker's FlinkFakerGenerator over a
// number sequence, 'rows-per-second' at a time (at least one a second).
type source struct {
	t      *TableSource
	gens   []*resolver
	clock  stream.Clock
	pacer  *connector.Pacer
	made   int64
	now    time.Time
	vals   []string
	failed error
}

func newSource(t *TableSource, env connector.Env) *source {
	s := &source{t: t, clock: env.Clock, pacer: connector.NewPacer(max(t.rowsPerSecond, 1))}
	if s.clock == nil {
		s.clock = wallClock{}
	}
	d := currentData()
	for _, c := range t.cols {
		seed := connector.ColumnSeed(env.HasSeed, env.Seed, t.table, c.name)
		s.gens = append(s.gens, newResolver(seed, s.nowFn, d))
	}
	return s
}

func (s *source) nowFn() time.Time { return s.now }

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

func (s *source) Open(context.Context) error { return nil }
func (s *source) Close() error               { return nil }

// Next appends the rows of the current burst, up to a batch.
func (s *source) Next(ctx context.Context, b *stream.Batch) (time.Duration, error) {
	if err := ctx.Err(); err != nil {
		return 0, err
	}
	if s.failed != nil {
		return 0, s.failed
	}
	if b.Width != len(s.gens) {
		return 0, fmt.Errorf("faker: batch of width %d for %d columns", b.Width, len(s.gens))
	}
	want := int64(stream.DefaultBatchRows)
	if s.t.Bounded() {
		want = min(want, s.t.numberOfRows-s.made)
		if want <= 0 {
			return 0, stream.ErrEndOfInput
		}
	}
	s.now = s.clock.Now()
	n, wait := s.pacer.Take(s.now, want)
	if n == 0 {
		return wait, nil
	}
	for i := int64(0); i < n; i++ {
		row := b.Append(stream.Insert)
		if err := s.fill(row); err != nil {
			// The rows before the failing one are emitted; the failure
			// comes with the next call, as the job fails on that row.
			b.Kinds = b.Kinds[:len(b.Kinds)-1]
			b.Vals = b.Vals[:len(b.Vals)-b.Width]
			s.failed = err
			if b.Len() == 0 {
				return 0, err
			}
			return 0, nil
		}
		s.made++
	}
	return 0, nil
}

// fill generates one row, column by column.
func (s *source) fill(row []types.Value) error {
	for i, c := range s.t.cols {
		v, err := generate(s.gens[i], &c, &s.vals, false)
		if err != nil {
			return err
		}
		row[i] = v
	}
	return nil
}

// generate makes one value of c: NULL at c's null rate, else c.length
// times each expression, converted to c's type. lookup selects the lookup
// function's test, which keeps a value when the draw is above the rate
// (the scan's keeps it at or above).
func generate(r *resolver, c *column, buf *[]string, lookup bool) (types.Value, error) {
	draw := r.rnd.Float32()
	if lookup && draw <= c.nullRate || !lookup && draw < c.nullRate {
		return types.NullValue, nil
	}
	vals := (*buf)[:0]
	for j := 0; j < c.length; j++ {
		for _, e := range c.exprs {
			v, err := r.eval(e, "", 0)
			if err != nil {
				return types.Value{}, diag.Errorf(diag.NoPos, diag.RuntimeException, "%s", err.Error())
			}
			vals = append(vals, v)
		}
	}
	*buf = vals
	return convert(vals, c.typ)
}
