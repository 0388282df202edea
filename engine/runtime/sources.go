package runtime

import (
	"context"
	"errors"
	"time"

	"github.com/flinkplay/flinkplay/engine/stream"
	"github.com/flinkplay/flinkplay/engine/types"
)

// ValuesSource emits constant rows as inserts, then ends.
type ValuesSource struct {
	Rows [][]types.Value
	next int
}

// Open implements stream.Source.
func (s *ValuesSource) Open(context.Context) error { return nil }

// Next implements stream.Source.
func (s *ValuesSource) Next(_ context.Context, b *stream.Batch) (time.Duration, error) {
	if s.next >= len(s.Rows) {
		return 0, stream.ErrEndOfInput
	}
	for s.next < len(s.Rows) && b.Len() < stream.DefaultBatchRows {
		b.AppendRow(stream.Insert, s.Rows[s.next])
		s.next++
	}
	return 0, nil
}

// Close implements stream.Source.
func (s *ValuesSource) Close() error { return nil }

// UnionSource interleaves the outputs of several pipelines of the same row
// type, one batch from each in turn, until all have ended (UNION ALL).
type UnionSource struct {
	Inputs []*Pipeline
	done   []bool
	turn   int
}

// Open implements stream.Source.
func (u *UnionSource) Open(ctx context.Context) error {
	u.done = make([]bool, len(u.Inputs))
	for _, in := range u.Inputs {
		if err := in.Open(ctx); err != nil {
			return err
		}
	}
	return nil
}

// Next implements stream.Source. It pulls from the inputs in turn; an input
// that is waiting for its rate limit blocks the others for at most one wait.
func (u *UnionSource) Next(ctx context.Context, b *stream.Batch) (time.Duration, error) {
	for tries := 0; tries < len(u.Inputs); tries++ {
		i := u.turn
		u.turn = (u.turn + 1) % len(u.Inputs)
		if u.done[i] {
			continue
		}
		out, err := u.Inputs[i].Next(ctx)
		if errors.Is(err, stream.ErrEndOfInput) {
			u.done[i] = true
			continue
		}
		if err != nil {
			return 0, err
		}
		for r := 0; r < out.Len(); r++ {
			row := out.Row(r)
			dst := b.Append(out.Kinds[r])
			for c, v := range row {
				if v.B != nil {
					v.B = b.CopyBytes(v.B)
				}
				dst[c] = v
			}
		}
		return 0, nil
	}
	return 0, stream.ErrEndOfInput
}

// Close implements stream.Source.
func (u *UnionSource) Close() error {
	var first error
	for _, in := range u.Inputs {
		if err := in.Close(); err != nil && first == nil {
			first = err
		}
	}
	return first
}
