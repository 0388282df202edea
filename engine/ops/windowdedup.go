package ops

import (
	"context"

	"github.com/flinkplay/flinkplay/engine/stream"
	"github.com/flinkplay/flinkplay/engine/types"
)

// WindowDedup is a window deduplication (Flink's WindowDeduplicate, event
// time): per window (the input's StartCol and EndCol) and key, the row with
// the earliest time in TimeCol (KeepLast false; on a tie the first to
// arrive) or the latest (KeepLast true; on a tie the last to arrive). When
// the window fires, at the watermark reaching its end - 1 ms or at end of
// input, it emits that row as +I followed by its row number, 1. Windows that
// fire together are emitted by end, then start; keys in first-seen order.
// A row whose window has already fired is late and dropped; a row with a
// NULL time is dropped.
//
// It accepts +I and emits +I. State: per open window and key, one row
// (cloned).
type WindowDedup struct {
	Keys             []int // key columns besides the window's
	TimeCol          int
	KeepLast         bool
	StartCol, EndCol int
	Window           Windowing // LTZ and Zone: when a window's end has passed

	wm     int64
	wins   map[[2]int64]*dedupWindow
	held   int
	keyBuf []byte
	// Dropped counts late rows.
	Dropped int64
}

type dedupWindow struct {
	keys []string // first-seen order
	kept map[string][]types.Value
}

var (
	_ stream.Operator          = (*WindowDedup)(nil)
	_ stream.WatermarkOperator = (*WindowDedup)(nil)
	_ stream.StatefulOperator  = (*WindowDedup)(nil)
)

// Open implements stream.Operator.
func (d *WindowDedup) Open(context.Context) error {
	d.wins, d.wm, d.held = map[[2]int64]*dedupWindow{}, stream.NoWatermark, 0
	return nil
}

// Process implements stream.Operator.
func (d *WindowDedup) Process(in, out *stream.Batch) error {
	for i := 0; i < in.Len(); i++ {
		row := in.Row(i)
		if row[d.TimeCol].Null {
			continue
		}
		win := [2]int64{row[d.StartCol].I, row[d.EndCol].I}
		if windowFired(&d.Window, win[1], d.wm) {
			d.Dropped++
			continue
		}
		w := d.wins[win]
		if w == nil {
			w = &dedupWindow{kept: map[string][]types.Value{}}
			d.wins[win] = w
		}
		d.keyBuf = types.AppendKey(d.keyBuf[:0], row, d.Keys)
		prev, ok := w.kept[string(d.keyBuf)]
		if !ok {
			w.keys = append(w.keys, string(d.keyBuf))
			d.held++
		}
		if !ok || d.replaces(prev, row) {
			w.kept[string(d.keyBuf)] = cloneRow(row)
		}
	}
	return nil
}

// replaces reports whether row takes the place of the kept row prev.
func (d *WindowDedup) replaces(prev, row []types.Value) bool {
	c := compareTime(row[d.TimeCol], prev[d.TimeCol])
	if d.KeepLast {
		return c >= 0
	}
	return c < 0
}

// compareTime compares two non-NULL timestamps.
func compareTime(a, b types.Value) int {
	switch {
	case a.I < b.I:
		return -1
	case a.I > b.I:
		return 1
	case a.N < b.N:
		return -1
	case a.N > b.N:
		return 1
	}
	return 0
}

// OnWatermark implements stream.WatermarkOperator.
func (d *WindowDedup) OnWatermark(wm int64, out *stream.Batch) (int64, error) {
	if wm <= d.wm {
		return wm, nil
	}
	d.wm = wm
	for _, win := range dueWindows(d.wins, &d.Window, wm) {
		w := d.wins[win]
		for _, k := range w.keys {
			row := w.kept[k]
			dst := out.Append(stream.Insert)
			copy(dst, row)
			dst[len(row)] = types.IntValue(1)
		}
		d.held -= len(w.keys)
		delete(d.wins, win)
	}
	return wm, nil
}

// StateRows implements stream.StatefulOperator.
func (d *WindowDedup) StateRows() int { return d.held }

// Close implements stream.Operator.
func (d *WindowDedup) Close() error { return nil }
