package ops

import (
	"context"
	"math"
	"time"

	"github.com/flinkplay/flinkplay/engine/diag"
	"github.com/flinkplay/flinkplay/engine/stream"
	"github.com/flinkplay/flinkplay/engine/types"
)

// WindowKind is the kind of window a WindowTVF assigns.
type WindowKind uint8

// Window kinds, as the window table-valued functions name them.
const (
	TumbleWindow WindowKind = iota
	HopWindow
	CumulateWindow
	SessionWindow
)

// Windowing says how rows fall into windows. Durations are milliseconds.
// Windows are aligned on the wall clock of the time column: a TIMESTAMP as
// written, a TIMESTAMP_LTZ (LTZ) in Zone, as Flink aligns them.
type Windowing struct {
	Kind    WindowKind
	TimeCol int
	Size    int64 // TUMBLE size, HOP size, CUMULATE max size
	Slide   int64 // HOP slide, CUMULATE step
	Offset  int64
	Gap     int64 // SESSION
	LTZ     bool
	Zone    *time.Location

	// span caches the zone's offset over one stretch of time without a
	// transition: wall and epoch run for every row, and looking the zone
	// up each time made window TVFs several times slower under wasm.
	span zoneSpan
}

// zoneSpan is an offset that holds for the instants [from, to) (ms).
type zoneSpan struct {
	from, to, off int64
	ok            bool
}

// spanOf returns the zone's span around the instant ms.
func (w *Windowing) spanOf(ms int64) zoneSpan {
	if s := w.span; s.ok && ms >= s.from && ms < s.to {
		return s
	}
	t := time.UnixMilli(ms).In(w.zone())
	_, off := t.Zone()
	start, end := t.ZoneBounds()
	s := zoneSpan{from: math.MinInt64, to: math.MaxInt64, off: int64(off) * 1000, ok: true}
	if !start.IsZero() {
		s.from = start.UnixMilli()
	}
	if !end.IsZero() {
		s.to = end.UnixMilli()
	}
	w.span = s
	return s
}

// wall converts a time-column value to wall-clock milliseconds.
func (w *Windowing) wall(ms int64) int64 {
	if !w.LTZ {
		return ms
	}
	return ms + w.spanOf(ms).off
}

// zoneMargin keeps epoch's shortcut a day away from a zone's transitions,
// where a wall time can mean two instants or none, and time.Date decides.
const zoneMargin = 24 * 60 * 60 * 1000

// epoch converts wall-clock milliseconds (a window bound) to the instant
// the watermark is compared with.
func (w *Windowing) epoch(wall int64) int64 {
	if !w.LTZ {
		return wall
	}
	if s := w.span; s.ok {
		at := wall - s.off
		if (s.from == math.MinInt64 || at-zoneMargin >= s.from) && (s.to == math.MaxInt64 || at+zoneMargin < s.to) {
			return at
		}
	}
	t := time.UnixMilli(wall).UTC()
	at := time.Date(t.Year(), t.Month(), t.Day(), t.Hour(), t.Minute(), t.Second(), t.Nanosecond(), w.zone()).UnixMilli()
	w.spanOf(at)
	return at
}

func (w *Windowing) zone() *time.Location {
	if w.Zone == nil {
		return time.UTC
	}
	return w.Zone
}

// windowStart is the start of the window of the given size that holds ts.
func windowStart(ts, offset, size int64) int64 {
	r := (ts - offset) % size
	if r < 0 {
		r += size
	}
	return ts - r
}

// assign appends the [start, end) windows of a row at wall time ts, in
// Flink's order: HOP from the latest start back, CUMULATE by growing end.
func (w *Windowing) assign(dst [][2]int64, ts int64) [][2]int64 {
	switch w.Kind {
	case TumbleWindow:
		s := windowStart(ts, w.Offset, w.Size)
		return append(dst, [2]int64{s, s + w.Size})
	case HopWindow:
		for s := windowStart(ts, w.Offset, w.Slide); s > ts-w.Size; s -= w.Slide {
			dst = append(dst, [2]int64{s, s + w.Size})
		}
		return dst
	case CumulateWindow:
		s := windowStart(ts, w.Offset, w.Size)
		for e := windowStart(ts, w.Offset, w.Slide) + w.Slide; e <= s+w.Size; e += w.Slide {
			dst = append(dst, [2]int64{s, e})
		}
		return dst
	}
	return append(dst, [2]int64{ts, ts + w.Gap})
}

// WindowTVF is a window table-valued function (TUMBLE, HOP, CUMULATE):
// each input row is emitted once per window it falls into, followed by
// window_start, window_end (TIMESTAMP(3)) and window_time (window_end - 1
// ms, typed like the time column). For SESSION, which only a window
// aggregation can resolve, the three columns hold the row's own time.
//
// It accepts and emits +I (an append-only stream). No state; late rows are
// not dropped here, as in Flink's WindowTableFunctionOperator.
type WindowTVF struct {
	Window Windowing
	// Slice, when set, makes a HOP emit each row once, with the bounds of
	// its slice (Slice ms long) as window_start and window_end, for a
	// WindowAgg that shares slices among windows (WindowAgg.Hop).
	Slice int64

	wins [][2]int64
	vecs [3]stream.Vector // window_start, window_end, window_time of a columnar batch
}

var _ stream.Operator = (*WindowTVF)(nil)

// Open implements stream.Operator.
func (o *WindowTVF) Open(context.Context) error { return nil }

// Process implements stream.Operator.
func (o *WindowTVF) Process(in, out *stream.Batch) error {
	if in.Columnar {
		return o.processColumns(in, out)
	}
	w := &o.Window
	for i := 0; i < in.Len(); i++ {
		row := in.Row(i)
		t := row[w.TimeCol]
		if t.Null {
			return diag.Errorf(diag.NoPos, diag.RuntimeException, "RowTime field should not be null, please convert it to a non-null long value.")
		}
		ts := w.wall(t.I)
		if o.Slice > 0 {
			s := windowStart(ts, w.Offset, o.Slice)
			o.wins = append(o.wins[:0], [2]int64{s, s + o.Slice})
		} else {
			o.wins = w.assign(o.wins[:0], ts)
		}
		for _, win := range o.wins {
			dst := out.Append(in.Kinds[i])
			copy(dst, row)
			n := len(row)
			dst[n] = types.TimestampValue(win[0], 0)
			dst[n+1] = types.TimestampValue(win[1], 0)
			dst[n+2] = types.TimestampValue(w.epoch(win[1])-1, 0)
			if w.Kind == SessionWindow {
				dst[n+1] = dst[n]
				dst[n+2] = t
			}
		}
	}
	return nil
}

// Close implements stream.Operator.
func (o *WindowTVF) Close() error { return nil }

// ColumnsIn implements stream.ColumnarOperator for TUMBLE and HOP's
// slices, one window per row: the input's columns pass as they are, and
// the window's three columns are vectors computed beside them.
func (o *WindowTVF) ColumnsIn() bool { return o.Window.Kind == TumbleWindow || o.Slice > 0 }

func (o *WindowTVF) processColumns(in, out *stream.Batch) error {
	w := &o.Window
	t := &in.Cols[w.TimeCol]
	if t.Kind != stream.VecInt {
		return errKindMismatch()
	}
	rows := in.Rows()
	for j := range o.vecs {
		v := &o.vecs[j]
		v.Kind, v.I, v.HasNulls, v.Nanos = stream.VecInt, stream.Sized(v.I, rows), false, false
	}
	start, end, wt := o.vecs[0].I, o.vecs[1].I, o.vecs[2].I
	size := w.Size
	if o.Slice > 0 {
		size = o.Slice
	}
	// Rows in time order come in runs of one window: a row whose instant
	// lies in the zone span of the last row computed (so its wall time has
	// that row's offset) and whose wall time lies in that row's window has
	// that row's window columns.
	var last struct{ from, to, off, start, wt int64 }
	last.from, last.to = 1, 0 // empty
	for r := range in.Len() {
		i := in.Selected(r)
		if t.HasNulls && t.IsNull(i) {
			return diag.Errorf(diag.NoPos, diag.RuntimeException, "RowTime field should not be null, please convert it to a non-null long value.")
		}
		x := t.I[i]
		if x >= last.from && x < last.to && x+last.off >= last.start && x+last.off-last.start < size {
			start[i], end[i], wt[i] = last.start, last.start+size, last.wt
			continue
		}
		wall := w.wall(x)
		s := windowStart(wall, w.Offset, size)
		last.from, last.to, last.off = math.MinInt64, math.MaxInt64, 0
		if w.LTZ {
			last.from, last.to, last.off = w.span.from, w.span.to, w.span.off // wall's span of x
		}
		start[i], end[i] = s, s+size
		wt[i] = w.epoch(s+size) - 1
		last.start, last.wt = s, wt[i]
	}
	out.ShareColumns(in)
	out.Cols = append(out.Cols, o.vecs[:]...)
	return nil
}
