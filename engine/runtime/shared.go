package runtime

import (
	"context"
	"errors"
	"time"

	"github.com/flinkplay/flinkplay/engine/stream"
)

// Shared is one source read by several scans of the same table, as
// Flink's planner reuses a source ('table.optimizer.reuse-source-enabled',
// on by default): the table is read once and every reader sees the same
// rows. Each reader takes a Tap; a tap that asks for rows when it has none
// queued pulls a batch from the source and queues a copy for the others.
type Shared struct {
	src     stream.Source
	width   int
	taps    []*Tap
	scratch *stream.Batch
	spare   []*stream.Batch
	opened  bool
	openErr error
	closed  int
	err     error // the source's end or failure, once seen
	// decided is set at the first read, when the source is asked for
	// columns if every tap takes them by then (columns).
	decided, columns bool
	rows             *stream.Batch // a columnar batch as rows, for a tap that takes rows
}

// maxQueued bounds how far one tap may run ahead of the slowest: a tap
// that would queue more for another waits for it to catch up.
const maxQueued = 256

// NewShared shares src, whose batches are width values wide.
func NewShared(src stream.Source, width int) *Shared {
	return &Shared{src: src, width: width, scratch: stream.NewBatch(width)}
}

// Tap returns a new reader of the source.
func (s *Shared) Tap() *Tap {
	t := &Tap{s: s}
	s.taps = append(s.taps, t)
	return t
}

// Tap is one reader of a Shared source; it is a stream.Source.
type Tap struct {
	s      *Shared
	queue  []*stream.Batch
	closed bool
	// columns: the tap's pipeline takes columnar batches (EnableColumns).
	columns bool
	// held is the queued batch whose columns the tap's last batch shows:
	// it goes back to the spares at the tap's next read.
	held *stream.Batch
}

// EnableColumns implements stream.ColumnarSource. The shared source fills
// columns only when every tap takes them at its first read; until then,
// or otherwise, this tap gets rows, which its pipeline takes as well.
func (t *Tap) EnableColumns() bool {
	t.columns = true
	return true
}

// show makes b show the columns of q, a copy that is the tap's own, until
// the tap's next read: they are not copied again, and b's columns never
// share storage that is written while b is in use.
func (t *Tap) show(b, q *stream.Batch) {
	b.ShareColumns(q)
	b.Watermark = q.Watermark
	t.held = q
}

// deliver fills b, the batch of tap t, with a copy of src.
func (s *Shared) deliver(t *Tap, b, src *stream.Batch) {
	switch {
	case !src.Columnar:
		copyRows(b, src)
	case t.columns:
		b.CopyColumns(src)
	default:
		if s.rows == nil {
			s.rows = stream.NewBatch(s.width)
		}
		s.rows.Reset()
		src.Materialize(s.rows)
		copyRows(b, s.rows)
	}
	b.Watermark = src.Watermark
}

// Open opens the shared source the first time a tap opens.
func (t *Tap) Open(ctx context.Context) error {
	s := t.s
	if !s.opened {
		s.opened = true
		s.openErr = s.src.Open(ctx)
	}
	return s.openErr
}

// Next returns the tap's next queued batch, else pulls one from the source.
func (t *Tap) Next(ctx context.Context, b *stream.Batch) (time.Duration, error) {
	s := t.s
	if h := t.held; h != nil {
		t.held = nil
		h.Reset()
		s.spare = append(s.spare, h)
	}
	if len(t.queue) > 0 {
		q := t.queue[0]
		t.queue = t.queue[1:]
		if q.Columnar {
			t.show(b, q)
			return 0, nil
		}
		copyRows(b, q)
		b.Watermark = q.Watermark
		q.Reset()
		s.spare = append(s.spare, q)
		return 0, nil
	}
	if s.err != nil {
		return 0, s.err
	}
	for _, o := range s.taps {
		if o != t && !o.closed && len(o.queue) >= maxQueued {
			return time.Millisecond, nil
		}
	}
	if !s.decided {
		s.decided = true
		all := true
		for _, o := range s.taps {
			all = all && o.columns
		}
		if cs, ok := s.src.(stream.ColumnarSource); ok && all {
			s.columns = cs.EnableColumns()
		}
	}
	tmp := s.scratch
	tmp.Reset()
	wait, err := s.src.Next(ctx, tmp)
	if err != nil {
		if errors.Is(err, stream.ErrEndOfInput) || !errors.Is(err, ctx.Err()) {
			s.err = err
		}
		return 0, err
	}
	if tmp.Len() == 0 && tmp.Watermark == stream.NoWatermark {
		return wait, nil
	}
	for _, o := range s.taps {
		if o == t || o.closed {
			continue
		}
		q := s.batch()
		s.deliver(o, q, tmp)
		o.queue = append(o.queue, q)
	}
	if tmp.Columnar && t.columns {
		q := s.batch()
		s.deliver(t, q, tmp)
		t.show(b, q)
		return 0, nil
	}
	s.deliver(t, b, tmp)
	return 0, nil
}

func (s *Shared) batch() *stream.Batch {
	if n := len(s.spare); n > 0 {
		q := s.spare[n-1]
		s.spare = s.spare[:n-1]
		return q
	}
	return stream.NewBatch(s.width)
}

// Close closes the tap, and the source with the last one.
func (t *Tap) Close() error {
	if t.closed {
		return nil
	}
	t.closed = true
	t.queue = nil
	s := t.s
	s.closed++
	if s.closed == len(s.taps) && s.opened {
		return s.src.Close()
	}
	return nil
}
