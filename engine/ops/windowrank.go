package ops

import (
	"context"
	"sort"

	"github.com/flinkplay/flinkplay/engine/expr"
	"github.com/flinkplay/flinkplay/engine/stream"
	"github.com/flinkplay/flinkplay/engine/types"
)

// WindowRank is a window Top-N (Flink's WindowRank, ROW_NUMBER only): per
// window (the input's StartCol and EndCol) and partition key, the rows
// ranked Start..End by Order. Nothing is emitted until the window fires,
// when the watermark reaches its end - 1 ms (or the input ends); then each
// partition's rows come out as +I in rank order, followed by their row
// number. Windows that fire together are emitted by end, then start;
// partitions in first-seen order; rows that tie keep their arrival order.
// A row whose window has already fired is late and dropped.
//
// It accepts +I (window TVFs and window aggregations are append-only) and
// emits +I. State: per open window and partition, the End best rows so far
// (cloned).
type WindowRank struct {
	Partition        []int // partition columns besides the window's
	Order            []SortKey
	Start, End       int64
	StartCol, EndCol int
	Window           Windowing // LTZ and Zone: when a window's end has passed
	Ctx              expr.Ctx

	wm     int64
	ord    *rowOrder
	wins   map[[2]int64]*rankWindow
	held   int
	keyBuf []byte
	// Dropped counts late rows.
	Dropped int64
}

// rankWindow is the state of one open window: each partition's best rows,
// sorted, at most End of them.
type rankWindow struct {
	keys  []string // first-seen order
	parts map[string][][]types.Value
}

var (
	_ stream.Operator          = (*WindowRank)(nil)
	_ stream.WatermarkOperator = (*WindowRank)(nil)
	_ stream.StatefulOperator  = (*WindowRank)(nil)
)

// Open implements stream.Operator.
func (r *WindowRank) Open(context.Context) error {
	o, err := newRowOrder(r.Order)
	if err != nil {
		return err
	}
	o.ctx = r.Ctx
	r.ord, r.wins, r.wm, r.held = o, map[[2]int64]*rankWindow{}, stream.NoWatermark, 0
	return nil
}

// Process implements stream.Operator.
func (r *WindowRank) Process(in, out *stream.Batch) error {
	for i := 0; i < in.Len(); i++ {
		row := in.Row(i)
		win := [2]int64{row[r.StartCol].I, row[r.EndCol].I}
		if windowFired(&r.Window, win[1], r.wm) {
			r.Dropped++
			continue
		}
		w := r.wins[win]
		if w == nil {
			w = &rankWindow{parts: map[string][][]types.Value{}}
			r.wins[win] = w
		}
		r.keyBuf = types.AppendKey(r.keyBuf[:0], row, r.Partition)
		rows, ok := w.parts[string(r.keyBuf)]
		if !ok {
			w.keys = append(w.keys, string(r.keyBuf))
		}
		// After the rows that sort before or tie with it.
		pos := sort.Search(len(rows), func(j int) bool { return r.ord.cmp(rows[j], row) > 0 })
		if r.ord.err != nil {
			return r.ord.err
		}
		if int64(pos) >= r.End {
			w.parts[string(r.keyBuf)] = rows
			continue
		}
		rows = append(rows, nil)
		copy(rows[pos+1:], rows[pos:])
		rows[pos] = cloneRow(row)
		r.held++
		if int64(len(rows)) > r.End {
			rows = rows[:r.End]
			r.held--
		}
		w.parts[string(r.keyBuf)] = rows
	}
	return nil
}

// OnWatermark implements stream.WatermarkOperator: it fires the windows
// the watermark has passed.
func (r *WindowRank) OnWatermark(wm int64, out *stream.Batch) (int64, error) {
	if wm <= r.wm {
		return wm, nil
	}
	r.wm = wm
	for _, win := range dueWindows(r.wins, &r.Window, wm) {
		w := r.wins[win]
		for _, k := range w.keys {
			for i, row := range w.parts[k] {
				if rank := int64(i) + 1; rank >= r.Start {
					dst := out.Append(stream.Insert)
					copy(dst, row)
					dst[len(row)] = types.IntValue(rank)
				}
			}
			r.held -= len(w.parts[k])
		}
		delete(r.wins, win)
	}
	return wm, nil
}

// StateRows implements stream.StatefulOperator.
func (r *WindowRank) StateRows() int { return r.held }

// Close implements stream.Operator.
func (r *WindowRank) Close() error { return nil }

// windowFired reports whether the window ending at wall time end has fired
// at watermark wm.
func windowFired(w *Windowing, end, wm int64) bool {
	return wm != stream.NoWatermark && w.epoch(end)-1 <= wm
}

// dueWindows returns the windows of m that watermark wm fires, by end and
// then start.
func dueWindows[V any](m map[[2]int64]V, w *Windowing, wm int64) [][2]int64 {
	var due [][2]int64
	for win := range m {
		if windowFired(w, win[1], wm) {
			due = append(due, win)
		}
	}
	sort.Slice(due, func(i, j int) bool {
		if due[i][1] != due[j][1] {
			return due[i][1] < due[j][1]
		}
		return due[i][0] < due[j][0]
	})
	return due
}

// cloneRow copies a row so that it outlives its batch.
func cloneRow(row []types.Value) []types.Value {
	c := make([]types.Value, len(row))
	for i, v := range row {
		c[i] = v.Clone()
	}
	return c
}
