package ops

import (
	"context"
	"time"

	"github.com/flinkplay/flinkplay/engine/library"
	"github.com/flinkplay/flinkplay/engine/stream"
	"github.com/flinkplay/flinkplay/engine/types"
)

// Mini-batch aggregation, as Flink runs it with 'table.exec.mini-batch.enabled'.
//
// A MiniBatchAssigner after each source ends a mini-batch every
// 'allow-latency' of processing time (ProcTime mode: it marks a batch
// stream.Batch.MiniBatch when its timer passes the next multiple of the
// interval) or when the event-time watermark crosses one (RowTime mode).
// The aggregations buffer their input until then, or until
// 'table.exec.mini-batch.size' rows have arrived, and then emit once per
// key: one -U/+U pair (or +I, -D) per key and mini-batch instead of one
// per row. Keys are emitted in the iteration order of the HashMap Flink
// buffers them in (javahash.go).
//
// One phase (MiniBatchGroupAgg) is Flink's MiniBatchGroupAggFunction: the
// rows of a key are buffered and folded into its state at the flush. Two
// phases (LocalGroupAgg, then GlobalGroupAgg) are Flink's
// MiniBatchLocalGroupAggFunction and MiniBatchGlobalGroupAggFunction: the
// local one folds a mini-batch's rows into partial accumulators per key,
// which the global one, with a bundle and a size trigger of its own, merges
// into its state.

// MiniBatchAssigner is Flink's ProcTimeMiniBatchAssignerOperator or, with
// RowTime, RowTimeMiniBatchAssignerOperator. Rows pass unchanged.
type MiniBatchAssigner struct {
	Interval int64 // milliseconds
	RowTime  bool
	Now      func() time.Time

	current   int64 // the current mini-batch (ProcTime) or watermark (RowTime)
	next      int64 // the next timer (ProcTime) or watermark to forward (RowTime)
	forwarded bool  // the end-of-input watermark was forwarded
}

var (
	_ stream.Operator          = (*MiniBatchAssigner)(nil)
	_ stream.WatermarkOperator = (*MiniBatchAssigner)(nil)
	_ stream.TimerOperator     = (*MiniBatchAssigner)(nil)
	_ stream.ColumnarOperator  = (*MiniBatchAssigner)(nil)
)

// Open implements stream.Operator.
func (m *MiniBatchAssigner) Open(context.Context) error {
	m.current, m.forwarded = 0, false
	if m.RowTime {
		m.next = miniBatchStart(0, m.Interval) + m.Interval - 1
		return nil
	}
	m.next = stream.NoTimer
	if m.Now != nil {
		m.next = m.Now().UnixMilli() + m.Interval
	}
	return nil
}

func miniBatchStart(wm, interval int64) int64 { return wm - (wm+interval)%interval }

// ColumnsIn implements stream.ColumnarOperator.
func (m *MiniBatchAssigner) ColumnsIn() bool { return true }

// Process implements stream.Operator: rows pass.
func (m *MiniBatchAssigner) Process(in, out *stream.Batch) error {
	if in.Columnar {
		out.ShareColumns(in)
		return nil
	}
	for i := range in.Len() {
		out.AppendRow(in.Kinds[i], in.Row(i))
	}
	return nil
}

// OnWatermark implements stream.WatermarkOperator. In ProcTime mode only
// the end of input passes; in RowTime mode a watermark passes when it
// reaches the end of the current mini-batch.
func (m *MiniBatchAssigner) OnWatermark(wm int64, _ *stream.Batch) (int64, error) {
	if wm == stream.MaxWatermark {
		if m.forwarded {
			return stream.NoWatermark, nil
		}
		m.forwarded, m.current = true, wm
		return wm, nil
	}
	if !m.RowTime {
		return stream.NoWatermark, nil
	}
	m.current = max(m.current, wm)
	if m.current < m.next {
		return stream.NoWatermark, nil
	}
	start := miniBatchStart(m.current, m.Interval)
	end := start + m.Interval - 1
	if end > m.current {
		m.next = end
	} else {
		m.next = end + m.Interval
	}
	return m.current, nil
}

// NextTimer implements stream.TimerOperator (ProcTime mode).
func (m *MiniBatchAssigner) NextTimer() int64 {
	if m.RowTime {
		return stream.NoTimer
	}
	return m.next
}

// OnTimer implements stream.TimerOperator: a new mini-batch begins when
// the clock passes the next multiple of the interval.
func (m *MiniBatchAssigner) OnTimer(now int64, out *stream.Batch) error {
	batch := now - now%m.Interval
	if batch > m.current {
		m.current = batch
		out.MiniBatch = true
	}
	m.next = batch + m.Interval
	return nil
}

// Close implements stream.Operator.
func (m *MiniBatchAssigner) Close() error { return nil }

// bundle is the keys of one mini-batch in the order Flink's HashMap
// iterates them.
type bundle struct {
	index  map[string]int
	encs   []string // each key's encoding (types.AppendKey), the groups' key
	keys   [][]types.Value
	hashes []int32
	hashed []bool
	count  int64 // elements since the last flush (CountBundleTrigger)
	table  javaMap
	buf    []byte
	order  []int
}

// entry returns the index of the key encoded as enc, adding it (its
// values cloned from row at cols) when new.
func (b *bundle) entry(enc string, row []types.Value, cols []int, ts []types.Type) (int, bool) {
	if b.index == nil {
		b.index = map[string]int{}
	}
	if i, ok := b.index[enc]; ok {
		return i, false
	}
	key := make([]types.Value, len(cols))
	for j, c := range cols {
		key[j] = row[c].Clone()
	}
	i := len(b.keys)
	b.index[enc] = i
	b.encs = append(b.encs, enc)
	b.keys = append(b.keys, key)
	h, buf, ok := binaryRowHash(key, ts, b.buf)
	b.buf = buf
	b.hashes, b.hashed = append(b.hashes, h), append(b.hashed, ok)
	b.table.grow(len(b.keys))
	return i, true
}

// sorted returns the entries in iteration order.
func (b *bundle) sorted() []int {
	b.order = b.table.order(b.hashes, b.hashed, b.order)
	return b.order
}

func (b *bundle) clear() {
	clear(b.index)
	b.encs, b.keys, b.hashes, b.hashed = b.encs[:0], b.keys[:0], b.hashes[:0], b.hashed[:0]
	b.count = 0
}

// MiniBatchGroupAgg is a GroupAgg (streaming, Agg) over mini-batches:
// Flink's MiniBatchGroupAggFunction in a KeyedMapBundleOperator.
type MiniBatchGroupAgg struct {
	Agg      *GroupAgg
	KeyTypes []types.Type
	Size     int64

	b    bundle
	rows [][]rowOf // per entry: its buffered rows
	enc  []byte
}

type rowOf struct {
	kind stream.Kind
	row  []types.Value
}

var (
	_ stream.Operator          = (*MiniBatchGroupAgg)(nil)
	_ stream.WatermarkOperator = (*MiniBatchGroupAgg)(nil)
	_ stream.MiniBatchOperator = (*MiniBatchGroupAgg)(nil)
	_ stream.StatefulOperator  = (*MiniBatchGroupAgg)(nil)
)

// Open implements stream.Operator.
func (m *MiniBatchGroupAgg) Open(ctx context.Context) error { return m.Agg.Open(ctx) }

// Process implements stream.Operator: rows are buffered per key.
func (m *MiniBatchGroupAgg) Process(in, out *stream.Batch) error {
	m.Agg.Ctx.Out = nil
	for i := range in.Len() {
		row := in.Row(i)
		m.enc = types.AppendKey(m.enc[:0], row, m.Agg.Keys)
		e, added := m.b.entry(string(m.enc), row, m.Agg.Keys, m.KeyTypes)
		if added {
			if e < len(m.rows) {
				m.rows[e] = m.rows[e][:0]
			} else {
				m.rows = append(m.rows, nil)
			}
		}
		m.rows[e] = append(m.rows[e], rowOf{in.Kinds[i], types.CloneRow(row)})
		m.b.count++
		if m.b.count >= m.Size {
			if err := m.flush(out); err != nil {
				return err
			}
		}
	}
	return nil
}

// flush is MiniBatchGroupAggFunction.finishBundle.
func (m *MiniBatchGroupAgg) flush(out *stream.Batch) error {
	g := m.Agg
	for _, e := range m.b.sorted() {
		rows := m.rows[e]
		if g.groups[m.b.encs[e]] == nil {
			for len(rows) > 0 && rows[0].kind.Retracts() {
				rows = rows[1:] // a new key's first rows that retract are dropped
			}
			if len(rows) == 0 {
				continue
			}
		}
		gr, prev, err := g.before(m.b.encs[e], m.b.keys[e])
		if err != nil {
			return err
		}
		for _, r := range rows {
			if err := g.update(gr, r.row, r.kind.Retracts()); err != nil {
				return err
			}
		}
		if err := g.settle(out, m.b.encs[e], gr, prev, true); err != nil {
			return err
		}
	}
	m.b.clear()
	return nil
}

// before returns the group of the key encoded as ks (a new one for key
// when it has none) and its result before a mini-batch, nil for a new one.
func (g *GroupAgg) before(ks string, key []types.Value) (*group, []types.Value, error) {
	if gr := g.groups[ks]; gr != nil {
		prev, err := g.result(gr)
		return gr, prev, err
	}
	gr, err := g.newGroup(key)
	return gr, nil, err
}

// settle emits what a mini-batch changed in group gr, as Flink's mini-batch
// aggregate functions do: +I for a new group, -U/+U when its result
// changed (or always, with a state TTL), -D and forgetting it when counted
// and its row count dropped to zero.
func (g *GroupAgg) settle(out *stream.Batch, ks string, gr *group, prev []types.Value, counted bool) error {
	if counted && gr.count == 0 {
		if prev != nil {
			out.AppendRow(stream.Delete, prev)
		}
		delete(g.groups, ks)
		return nil
	}
	g.groups[ks] = gr
	cur, err := g.result(gr)
	if err != nil {
		return err
	}
	switch {
	case prev == nil:
		out.AppendRow(stream.Insert, cur)
	case g.TTL.on() || !rowsEqual(prev, cur):
		if !g.NoUpdateBefore {
			out.AppendRow(stream.UpdateBefore, prev)
		}
		out.AppendRow(stream.UpdateAfter, cur)
	}
	return nil
}

// FlushMiniBatch implements stream.MiniBatchOperator.
func (m *MiniBatchGroupAgg) FlushMiniBatch(out *stream.Batch) error { return m.flush(out) }

// OnWatermark implements stream.WatermarkOperator: a watermark ends the
// mini-batch (RowTime mode, and the end of input).
func (m *MiniBatchGroupAgg) OnWatermark(wm int64, out *stream.Batch) (int64, error) {
	return wm, m.flush(out)
}

// StateRows implements stream.StatefulOperator: the groups and the rows
// buffered.
func (m *MiniBatchGroupAgg) StateRows() int { return len(m.Agg.groups) + int(m.b.count) }

// Close implements stream.Operator.
func (m *MiniBatchGroupAgg) Close() error { return nil }

// LocalGroupAgg is the first phase of a two-phase aggregation: per key of a
// mini-batch, partial accumulators. Its output rows are the keys followed
// by one accumulator per aggregate, in Value.X (rows that stay within the
// job, as Flink's partial rows stay within its network).
type LocalGroupAgg struct {
	Agg      *GroupAgg // Keys, Aggs, Ctx: the kernels
	KeyTypes []types.Type
	Size     int64

	b    bundle
	accs []*group // per entry
	enc  []byte
}

var (
	_ stream.Operator          = (*LocalGroupAgg)(nil)
	_ stream.WatermarkOperator = (*LocalGroupAgg)(nil)
	_ stream.MiniBatchOperator = (*LocalGroupAgg)(nil)
)

// Open implements stream.Operator.
func (l *LocalGroupAgg) Open(ctx context.Context) error { return l.Agg.Open(ctx) }

// Process implements stream.Operator.
func (l *LocalGroupAgg) Process(in, out *stream.Batch) error {
	l.Agg.Ctx.Out = nil
	for i := range in.Len() {
		row := in.Row(i)
		l.enc = types.AppendKey(l.enc[:0], row, l.Agg.Keys)
		e, added := l.b.entry(string(l.enc), row, l.Agg.Keys, l.KeyTypes)
		if added {
			gr, err := l.Agg.newGroup(l.b.keys[e])
			if err != nil {
				return err
			}
			if e < len(l.accs) {
				l.accs[e] = gr
			} else {
				l.accs = append(l.accs, gr)
			}
		}
		if err := l.Agg.update(l.accs[e], row, in.Kinds[i].Retracts()); err != nil {
			return err
		}
		l.b.count++
		if l.b.count >= l.Size {
			l.flush(out)
		}
	}
	return nil
}

// flush emits each key's partial accumulators, as
// MiniBatchLocalGroupAggFunction.finishBundle.
func (l *LocalGroupAgg) flush(out *stream.Batch) {
	nk := len(l.Agg.Keys)
	for _, e := range l.b.sorted() {
		gr := l.accs[e]
		row := out.Append(stream.Insert)
		copy(row, gr.key)
		for j, a := range gr.accs {
			row[nk+j] = types.Value{X: a}
		}
		// The last column: the net number of rows the partial folds
		// (Flink's COUNT(*) AS count1 of a retracting input).
		row[len(row)-1] = types.Value{I: gr.count}
	}
	clear(l.accs)
	l.b.clear()
}

// FlushMiniBatch implements stream.MiniBatchOperator.
func (l *LocalGroupAgg) FlushMiniBatch(out *stream.Batch) error {
	l.flush(out)
	return nil
}

// OnWatermark implements stream.WatermarkOperator.
func (l *LocalGroupAgg) OnWatermark(wm int64, out *stream.Batch) (int64, error) {
	l.flush(out)
	return wm, nil
}

// Close implements stream.Operator.
func (l *LocalGroupAgg) Close() error { return nil }

// PartialWidth is the width of a LocalGroupAgg's rows for keys and aggs.
func PartialWidth(keys, aggs int) int { return keys + aggs + 1 }

// GlobalGroupAgg is the second phase: it merges the partial rows of a
// LocalGroupAgg into its state per key and emits once per key and
// mini-batch. Its output is GroupAgg's.
type GlobalGroupAgg struct {
	Agg      *GroupAgg // Keys are 0..k-1 of the partial rows; Aggs, Ctx, NoUpdateBefore
	KeyTypes []types.Type
	Size     int64
	// Retracting: the input of the local phase may retract, so a key whose
	// row count drops to zero is deleted.
	Retracting bool

	b       bundle
	partial []*group // per entry: the partials merged so far
	enc     []byte
}

var (
	_ stream.Operator          = (*GlobalGroupAgg)(nil)
	_ stream.WatermarkOperator = (*GlobalGroupAgg)(nil)
	_ stream.MiniBatchOperator = (*GlobalGroupAgg)(nil)
	_ stream.StatefulOperator  = (*GlobalGroupAgg)(nil)
)

// Open implements stream.Operator.
func (g *GlobalGroupAgg) Open(ctx context.Context) error { return g.Agg.Open(ctx) }

// Process implements stream.Operator: partial rows merge into the bundle.
func (g *GlobalGroupAgg) Process(in, out *stream.Batch) error {
	nk := len(g.Agg.Keys)
	for i := range in.Len() {
		row := in.Row(i)
		g.enc = types.AppendKey(g.enc[:0], row, g.Agg.Keys)
		e, added := g.b.entry(string(g.enc), row, g.Agg.Keys, g.KeyTypes)
		p := partialOf(row, nk)
		if added {
			if e < len(g.partial) {
				g.partial[e] = p
			} else {
				g.partial = append(g.partial, p)
			}
		} else if err := mergeGroup(g.partial[e], p); err != nil {
			return err
		}
		g.b.count++
		if g.b.count >= g.Size {
			if err := g.flush(out); err != nil {
				return err
			}
		}
	}
	return nil
}

// partialOf reads a partial row back into a group.
func partialOf(row []types.Value, nk int) *group {
	gr := &group{key: row[:nk:nk], count: row[len(row)-1].I}
	for _, v := range row[nk : len(row)-1] {
		gr.accs = append(gr.accs, v.X.(library.Accumulator))
	}
	return gr
}

func mergeGroup(dst, src *group) error {
	dst.count += src.count
	for j, a := range dst.accs {
		if err := a.(library.Merger).Merge(src.accs[j]); err != nil {
			return err
		}
	}
	return nil
}

// flush is MiniBatchGlobalGroupAggFunction.finishBundle. Over an
// insert-only input its record counter never reaches zero: no -D.
func (g *GlobalGroupAgg) flush(out *stream.Batch) error {
	for _, e := range g.b.sorted() {
		gr, prev, err := g.Agg.before(g.b.encs[e], g.b.keys[e])
		if err != nil {
			return err
		}
		if err := mergeGroup(gr, g.partial[e]); err != nil {
			return err
		}
		if err := g.Agg.settle(out, g.b.encs[e], gr, prev, g.Retracting); err != nil {
			return err
		}
	}
	clear(g.partial)
	g.b.clear()
	return nil
}

// FlushMiniBatch implements stream.MiniBatchOperator.
func (g *GlobalGroupAgg) FlushMiniBatch(out *stream.Batch) error { return g.flush(out) }

// OnWatermark implements stream.WatermarkOperator.
func (g *GlobalGroupAgg) OnWatermark(wm int64, out *stream.Batch) (int64, error) {
	return wm, g.flush(out)
}

// StateRows implements stream.StatefulOperator.
func (g *GlobalGroupAgg) StateRows() int { return len(g.Agg.groups) + int(g.b.count) }

// Close implements stream.Operator.
func (g *GlobalGroupAgg) Close() error { return nil }

// Mergeable reports whether a two-phase aggregation can run aggregate a:
// its accumulator merges, and MIN and MAX only over an insert-only input.
func Mergeable(a AggFunc) bool {
	if a.Distinct || a.Filtered || len(a.MoreArgs) > 0 {
		return false
	}
	switch k := library.AggregateKind(a.Name); k {
	case library.AggMin, library.AggMax:
		return !a.Retracting
	default:
		return k.Mergeable()
	}
}
