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
// type until all have ended (UNION ALL). Its watermark is the minimum of its
// inputs' watermarks, an ended input counting as stream.MaxWatermark.
type UnionSource struct {
	Inputs []*Pipeline
	m      merger
}

// Open implements stream.Source.
func (u *UnionSource) Open(ctx context.Context) error { return u.m.open(ctx, u.Inputs) }

// Next implements stream.Source. It polls the inputs in turn and returns
// the first output; when every live input is waiting, it returns the
// shortest wait.
func (u *UnionSource) Next(ctx context.Context, b *stream.Batch) (time.Duration, error) {
	_, out, wait, err := u.m.poll(ctx)
	if err != nil || out == nil {
		return wait, err
	}
	copyRows(b, out)
	b.Watermark = u.m.watermark()
	return 0, nil
}

// Close implements stream.Source.
func (u *UnionSource) Close() error { return u.m.close() }

// TwoInputSource feeds a two-input operator (a join): every batch holds the
// rows of one input, b.Input telling which (0 Left, 1 Right) and b.Width set
// to that input's row width. Its watermark is the minimum of both inputs'
// watermarks, as a two-input operator's is in Flink.
type TwoInputSource struct {
	Left, Right *Pipeline
	// LeftWidth and RightWidth are the inputs' row widths.
	LeftWidth, RightWidth int
	m                     merger
}

// Open implements stream.Source.
func (t *TwoInputSource) Open(ctx context.Context) error {
	return t.m.open(ctx, []*Pipeline{t.Left, t.Right})
}

// Next implements stream.Source.
func (t *TwoInputSource) Next(ctx context.Context, b *stream.Batch) (time.Duration, error) {
	i, out, wait, err := t.m.poll(ctx)
	if err != nil || out == nil {
		b.Width = t.LeftWidth
		return wait, err
	}
	b.Input = i
	b.Width = t.LeftWidth
	if i == 1 {
		b.Width = t.RightWidth
	}
	if out.Len() > 0 {
		copyRows(b, out)
	}
	b.Watermark = t.m.watermark()
	return 0, nil
}

// Close implements stream.Source.
func (t *TwoInputSource) Close() error { return t.m.close() }

// merger polls several pipelines in turn and tracks their watermarks.
type merger struct {
	ins     []*Pipeline
	done    []bool
	wms     []int64
	turn    int
	emitted int64 // the last combined watermark handed out
}

func (m *merger) open(ctx context.Context, ins []*Pipeline) error {
	m.ins = ins
	m.done = make([]bool, len(ins))
	m.wms = make([]int64, len(ins))
	for i := range m.wms {
		m.wms[i] = stream.NoWatermark
	}
	m.emitted = stream.NoWatermark
	for _, in := range ins {
		if err := in.Open(ctx); err != nil {
			return err
		}
	}
	return nil
}

// poll returns the next output of some input and that input's index; or
// nil and the shortest wait of the live inputs; or stream.ErrEndOfInput
// when all have ended. When an input ends, poll returns an empty batch for
// it: the combined watermark may have advanced.
func (m *merger) poll(ctx context.Context) (int, *stream.Batch, time.Duration, error) {
	var minWait time.Duration
	live := false
	for tries := 0; tries < len(m.ins); tries++ {
		i := m.turn
		m.turn = (m.turn + 1) % len(m.ins)
		if m.done[i] {
			continue
		}
		live = true
		out, wait, err := m.ins[i].Poll(ctx)
		if errors.Is(err, stream.ErrEndOfInput) {
			m.done[i] = true
			m.wms[i] = stream.MaxWatermark
			if !m.allDone() {
				// The others' watermark alone may now advance the combined one.
				return i, stream.NewBatch(0), 0, nil
			}
			continue
		}
		if err != nil {
			return 0, nil, 0, err
		}
		if out == nil {
			if wait > 0 && (minWait == 0 || wait < minWait) {
				minWait = wait
			}
			if wait == 0 {
				return 0, nil, 0, nil // made progress without output: poll again
			}
			continue
		}
		if out.Watermark > m.wms[i] {
			m.wms[i] = out.Watermark
		}
		return i, out, 0, nil
	}
	if !live || m.allDone() {
		return 0, nil, 0, stream.ErrEndOfInput
	}
	return 0, nil, minWait, nil
}

func (m *merger) allDone() bool {
	for _, d := range m.done {
		if !d {
			return false
		}
	}
	return true
}

// watermark returns the combined watermark if it advanced since the last
// call that returned one, else stream.NoWatermark.
func (m *merger) watermark() int64 {
	w := stream.MaxWatermark
	for _, x := range m.wms {
		if x < w {
			w = x
		}
	}
	if w > m.emitted {
		m.emitted = w
		return w
	}
	return stream.NoWatermark
}

func (m *merger) close() error {
	var first error
	for _, in := range m.ins {
		if err := in.Close(); err != nil && first == nil {
			first = err
		}
	}
	return first
}

// copyRows appends the rows of src to b, copying variable-length values
// into b's arena.
func copyRows(b, src *stream.Batch) {
	b.Grow(src.Len())
	for r := 0; r < src.Len(); r++ {
		row := src.Row(r)
		dst := b.Append(src.Kinds[r])
		for c, v := range row {
			switch {
			case v.B != nil:
				v.B = b.CopyBytes(v.B)
			case v.X != nil:
				// A nested value's storage is the source's (a slab it
				// refills): the copy gets its own.
				v = v.Clone()
			}
			dst[c] = v
		}
	}
}
