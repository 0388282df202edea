package ops

import (
	"context"

	"github.com/flinkplay/flinkplay/engine/stream"
)

// Limit skips the first Offset rows and forwards the next Count (all when
// Count < 0); once Count rows have passed it returns stream.ErrEndOfInput,
// which ends the job. It accepts insert-only input. State: two counters.
type Limit struct {
	Offset, Count int64
	seen          int64
}

var _ stream.Operator = (*Limit)(nil)

// Open implements stream.Operator.
func (l *Limit) Open(context.Context) error { return nil }

// Process implements stream.Operator.
func (l *Limit) Process(in, out *stream.Batch) error {
	for i := 0; i < in.Len(); i++ {
		if l.Count >= 0 && l.seen >= l.Offset+l.Count {
			return stream.ErrEndOfInput
		}
		l.seen++
		if l.seen > l.Offset {
			out.AppendRow(in.Kinds[i], in.Row(i))
		}
	}
	if l.Count >= 0 && l.seen >= l.Offset+l.Count {
		return stream.ErrEndOfInput
	}
	return nil
}

// Close implements stream.Operator.
func (l *Limit) Close() error { return nil }
