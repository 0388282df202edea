package ops

import (
	"context"
	"sort"
	"time"

	"github.com/flinkplay/flinkplay/engine/expr"
	"github.com/flinkplay/flinkplay/engine/stream"
	"github.com/flinkplay/flinkplay/engine/types"
)

// WindowAgg is a window aggregation (GROUP BY window_start, window_end,
// keys over a window TVF). Its input rows carry their window in StartCol and
// EndCol (both among Keys); its output rows are, as GroupAgg's, the key
// columns followed by one column per aggregate.
//
// A window fires, emitting one +I per key, when the watermark reaches its
// end - 1 ms (event time), when the clock passes its end (processing time,
// checked as rows arrive), and at end of input (every window). Windows that
// fire together are emitted by end, then start; keys in first-seen order.
// A row whose window has already fired is late and dropped, as Flink's
// slicing window operator drops it. SESSION windows (Session true) merge:
// the rows of a key within Gap of each other form one window; the
// window_start and window_end of the input are replaced by the session's.
//
// It accepts +I (retractions reach the per-window GroupAgg) and emits +I.
// State: per open window, a GroupAgg in final mode (accumulators per key);
// with Slice, per slice that an unfired window holds, one keyed by the
// keys that are not window columns; per open session, its rows (cloned).
type WindowAgg struct {
	Keys     []int
	Aggs     []AggFunc
	StartCol int
	EndCol   int
	// TimeKeyCol is the input column of window_time when it is grouped
	// (among Keys), else -1: like window_start and window_end, a session
	// replaces it, with its end - 1 ms.
	TimeKeyCol int
	Window     Windowing // alignment (LTZ, Zone) and, for SESSION, Gap and TimeCol
	Session    bool
	Proctime   bool
	Now        func() time.Time // the query's clock, for processing time
	Ctx        expr.Ctx
	// Slice, when set, makes a HOP aggregation share slices among windows,
	// as Flink's slicing window operator does: rows arrive once, with the
	// bounds of their slice (WindowTVF.Slice), each slice keeps the
	// accumulators of its rows, and a window that fires merges those of
	// its slices. The aggregates must be Sliceable.
	Slice int64

	wm       int64
	windows  map[[2]int64]*GroupAgg
	sessions map[string]*sessionKey
	keyOrder []string
	one      *stream.Batch
	sink     *stream.Batch
	partCols []int
	keyBuf   []byte
	columns  bool    // the windows' GroupAggs take columns (ColumnsIn)
	sel      []int32 // a run of rows of one window
	// With Slice: the slices' aggregations, the windows with rows that
	// have not fired, and the rows seen so far (for first-seen order).
	slices   map[[2]int64]*GroupAgg
	pending  map[[2]int64]bool
	arrivals int64
	wins     [][2]int64
	// Dropped counts late rows (Flink's numLateRecordsDropped).
	Dropped int64

	tr *stream.Tracer
}

// SetTracer implements stream.TracedOperator: windows opening and firing,
// and late rows dropped.
func (g *WindowAgg) SetTracer(t *stream.Tracer) { g.tr = t }

// trace records an event about window win (wall bounds, recorded in the
// watermark's time).
func (g *WindowAgg) trace(kind stream.TraceKind, win [2]int64, count int64) {
	g.tr.Add(stream.TraceEvent{Kind: kind, Start: g.Window.epoch(win[0]), End: g.Window.epoch(win[1]), Count: count, Watermark: g.wm})
}

type sessionKey struct {
	wins []*sessionWin
}

type sessionWin struct {
	start, end int64 // wall time; end = last row time + gap
	rows       [][]types.Value
}

var (
	_ stream.Operator          = (*WindowAgg)(nil)
	_ stream.WatermarkOperator = (*WindowAgg)(nil)
)

// Open implements stream.Operator.
func (g *WindowAgg) Open(context.Context) error {
	g.wm = stream.NoWatermark
	g.windows = map[[2]int64]*GroupAgg{}
	g.sessions = map[string]*sessionKey{}
	if g.Slice > 0 {
		// Merging needs the typed state, whatever the input.
		g.slices, g.pending = map[[2]int64]*GroupAgg{}, map[[2]int64]bool{}
		g.columns = true
	}
	g.sink = stream.NewBatch(len(g.Keys) + len(g.Aggs))
	g.partCols = nil
	for _, k := range g.Keys {
		if k != g.StartCol && k != g.EndCol && k != g.TimeKeyCol {
			g.partCols = append(g.partCols, k)
		}
	}
	return nil
}

func (g *WindowAgg) newAgg() (*GroupAgg, error) {
	a := &GroupAgg{Keys: g.Keys, Aggs: g.Aggs, Final: true, Ctx: g.Ctx}
	if err := a.Open(context.Background()); err != nil {
		return nil, err
	}
	if g.columns {
		a.ColumnsIn()
	}
	return a, nil
}

// ColumnsIn implements stream.ColumnarOperator: a window aggregation
// (not SESSION) whose aggregates have typed state takes columns, and
// hands each window its run of rows as a selection of the batch.
func (g *WindowAgg) ColumnsIn() bool {
	if g.Session {
		return false
	}
	probe := &GroupAgg{Keys: g.Keys, Aggs: g.Aggs, Final: true}
	if probe.Open(context.Background()) != nil || !probe.ColumnsIn() {
		return false
	}
	g.columns = true
	return true
}

// processColumns is Process for a columnar batch: each run of rows of one
// window goes to that window's aggregation at once, in the rows' order.
func (g *WindowAgg) processColumns(in, out *stream.Batch) error {
	start, end := &in.Cols[g.StartCol], &in.Cols[g.EndCol]
	if start.Kind != stream.VecInt || end.Kind != stream.VecInt {
		return errKindMismatch()
	}
	inSel := in.Sel
	defer func() { in.Sel = inSel }()
	n := in.Len()
	at := func(r int) int {
		if inSel != nil {
			return int(inSel[r])
		}
		return r
	}
	for r := 0; r < n; {
		i := at(r)
		win := [2]int64{start.I[i], end.I[i]}
		sel := g.sel[:0]
		for ; r < n; r++ {
			j := at(r)
			if start.I[j] != win[0] || end.I[j] != win[1] {
				break
			}
			sel = append(sel, int32(j))
		}
		g.sel = sel
		a, err := g.target(win)
		if err != nil {
			return err
		}
		if a == nil {
			g.Dropped += int64(len(sel))
			if g.tr.On() {
				g.trace(stream.TraceDrop, win, int64(len(sel)))
			}
			continue
		}
		in.Sel = sel
		g.sink.Reset()
		if a.vec != nil {
			a.vec.seqBase = g.arrivals
		}
		if err := a.Process(in, g.sink); err != nil {
			return err
		}
	}
	g.arrivals += int64(in.Rows())
	return nil
}

// target returns the aggregation that takes the rows of window win (with
// Slice, of the slice win), or nil when the rows are late: the window has
// fired, or every window of the slice has.
func (g *WindowAgg) target(win [2]int64) (*GroupAgg, error) {
	if g.Slice <= 0 {
		if g.fired(win[1]) {
			return nil, nil
		}
		return g.window(win)
	}
	// A window holds a whole slice or none of it: the windows of a slice
	// are those of its start.
	g.wins = g.Window.assign(g.wins[:0], win[0])
	late := true
	for _, w := range g.wins {
		if !g.fired(w[1]) {
			if !g.pending[w] && g.tr.On() {
				g.trace(stream.TraceWindowOpen, w, 0)
			}
			g.pending[w] = true
			late = false
		}
	}
	if late {
		return nil, nil
	}
	if a, ok := g.slices[win]; ok {
		return a, nil
	}
	// Within a slice the window columns are constant: a slice groups by
	// the other keys alone.
	a := &GroupAgg{Keys: g.partCols, Aggs: g.Aggs, Final: true, Ctx: g.Ctx}
	if err := a.Open(context.Background()); err != nil {
		return nil, err
	}
	a.ColumnsIn()
	g.slices[win] = a
	return a, nil
}

// window returns the aggregation of window win, a new one when it has none.
func (g *WindowAgg) window(win [2]int64) (*GroupAgg, error) {
	if a, ok := g.windows[win]; ok {
		return a, nil
	}
	a, err := g.newAgg()
	if err != nil {
		return nil, err
	}
	g.windows[win] = a
	if g.tr.On() {
		g.trace(stream.TraceWindowOpen, win, 0)
	}
	return a, nil
}

// fired reports whether the window ending at wall time end has fired.
func (g *WindowAgg) fired(end int64) bool {
	return g.Window.epoch(end)-1 <= g.wm
}

// Process implements stream.Operator.
func (g *WindowAgg) Process(in, out *stream.Batch) error {
	if g.Proctime && g.Now != nil {
		if err := g.advance(g.Now().UnixMilli(), out); err != nil {
			return err
		}
	}
	if in.Columnar {
		return g.processColumns(in, out)
	}
	if g.one == nil || g.one.Width != in.Width {
		g.one = stream.NewBatch(in.Width)
	}
	for i := 0; i < in.Len(); i++ {
		row := in.Row(i)
		if g.Session {
			if err := g.addSession(in.Kinds[i], row); err != nil {
				return err
			}
			continue
		}
		win := [2]int64{row[g.StartCol].I, row[g.EndCol].I}
		a, err := g.target(win)
		if err != nil {
			return err
		}
		g.arrivals++
		if a == nil {
			g.Dropped++
			if g.tr.On() {
				g.trace(stream.TraceDrop, win, 1)
			}
			continue
		}
		g.one.Reset()
		g.one.AppendRow(in.Kinds[i], row)
		g.sink.Reset()
		if a.vec != nil {
			a.vec.seqBase = g.arrivals - 1
		}
		if err := a.Process(g.one, g.sink); err != nil {
			return err
		}
	}
	return nil
}

// addSession merges a row into the sessions of its key.
func (g *WindowAgg) addSession(k stream.Kind, row []types.Value) error {
	t := row[g.Window.TimeCol]
	if t.Null {
		return nil
	}
	ts := g.Window.wall(t.I)
	nw := &sessionWin{start: ts, end: ts + g.Window.Gap}
	g.keyBuf = types.AppendKey(g.keyBuf[:0], row, g.partCols)
	sk, ok := g.sessions[string(g.keyBuf)]
	if !ok {
		sk = &sessionKey{}
		g.sessions[string(g.keyBuf)] = sk
		g.keyOrder = append(g.keyOrder, string(g.keyBuf))
	}
	var keep []*sessionWin
	for _, s := range sk.wins {
		if s.start <= nw.end && nw.start <= s.end {
			nw.start, nw.end = min(nw.start, s.start), max(nw.end, s.end)
			nw.rows = append(nw.rows, s.rows...)
		} else {
			keep = append(keep, s)
		}
	}
	if g.fired(nw.end) {
		g.Dropped++
		return nil
	}
	c := make([]types.Value, len(row))
	for i, v := range row {
		c[i] = v.Clone()
	}
	_ = k // sessions take append-only input
	nw.rows = append(nw.rows, c)
	sk.wins = append(keep, nw)
	return nil
}

// OnWatermark implements stream.WatermarkOperator.
func (g *WindowAgg) OnWatermark(wm int64, out *stream.Batch) (int64, error) {
	if g.Proctime && wm != stream.MaxWatermark {
		return wm, nil
	}
	return wm, g.advance(wm, out)
}

// advance moves the operator's time to wm and fires what it completes.
func (g *WindowAgg) advance(wm int64, out *stream.Batch) error {
	if wm <= g.wm {
		return nil
	}
	g.wm = wm
	if g.Session {
		return g.fireSessions(out)
	}
	if g.Slice > 0 {
		return g.fireSlices(out)
	}
	var due [][2]int64
	for win := range g.windows {
		if g.fired(win[1]) {
			due = append(due, win)
		}
	}
	sortWindows(due)
	for _, win := range due {
		before := out.Len()
		if err := g.windows[win].Finish(out); err != nil {
			return err
		}
		delete(g.windows, win)
		if g.tr.On() {
			g.trace(stream.TraceWindowFire, win, int64(out.Len()-before))
		}
	}
	return nil
}

// fireSlices fires the windows the watermark has passed, each from the
// accumulators of its slices, and forgets the slices no window needs.
func (g *WindowAgg) fireSlices(out *stream.Batch) error {
	var due [][2]int64
	for win := range g.pending {
		if g.fired(win[1]) {
			due = append(due, win)
		}
	}
	sortWindows(due)
	type firing struct {
		win [2]int64
		agg *GroupAgg // keyed by the keys that are not window columns
	}
	var fires []firing
	rows := 0
	for _, win := range due {
		delete(g.pending, win)
		var parts []*GroupAgg
		for s := win[0]; s < win[1]; s += g.Slice {
			if a, ok := g.slices[[2]int64{s, s + g.Slice}]; ok {
				parts = append(parts, a)
			}
		}
		if len(parts) == 0 {
			continue
		}
		a := parts[0] // one slice is its window: its groups are in first-seen order
		if len(parts) > 1 {
			a = &GroupAgg{Keys: g.partCols, Aggs: g.Aggs, Final: true, Ctx: g.Ctx}
			if err := a.Open(context.Background()); err != nil {
				return err
			}
			a.ColumnsIn()
			a.MergeFrom(parts, parts[0].vec.keyKinds)
		}
		fires = append(fires, firing{win, a})
		rows += a.vec.live
		if g.tr.On() {
			g.trace(stream.TraceWindowFire, win, int64(a.vec.live))
		}
	}
	if len(fires) == 0 {
		return g.dropSlices()
	}
	// The windows' rows go out together: as columns when out is still
	// empty, else as rows, grown once for them all.
	columnar := out.Len() == 0 && !out.Columnar
	if columnar {
		kinds := make([]stream.VecKind, 0, len(g.Keys)+len(g.Aggs))
		j := 0
		for _, c := range g.Keys {
			if g.isWindowCol(c) {
				kinds = append(kinds, stream.VecInt)
				continue
			}
			kinds = append(kinds, fires[0].agg.vec.keyKinds[j])
			j++
		}
		for _, a := range fires[0].agg.vec.aggs {
			if a.float {
				kinds = append(kinds, stream.VecFloat)
			} else {
				kinds = append(kinds, stream.VecInt)
			}
		}
		out.Columns(kinds)
		for k := range out.Cols {
			out.Cols[k].Reserve(rows, 0)
		}
	} else {
		out.Grow(rows)
	}
	nk := len(g.Keys)
	part := make([]types.Value, len(g.partCols))
	key := make([]types.Value, nk)
	for _, f := range fires {
		vg := f.agg.vec
		for id := range int32(len(vg.count)) {
			if vg.count[id] <= 0 {
				continue
			}
			vg.key(id, part)
			j := 0
			for k, c := range g.Keys {
				switch c {
				case g.StartCol:
					key[k] = types.TimestampValue(f.win[0], 0)
				case g.EndCol:
					key[k] = types.TimestampValue(f.win[1], 0)
				case g.TimeKeyCol:
					key[k] = types.TimestampValue(g.Window.epoch(f.win[1])-1, 0)
				default:
					key[k] = part[j]
					j++
				}
			}
			if !columnar {
				row := out.Append(stream.Insert)
				copy(row, key)
				for j := range vg.aggs {
					a := &vg.aggs[j]
					i, f, null := a.value(id)
					a.put(&row[nk+j], i, f, null)
				}
				continue
			}
			out.Kinds = append(out.Kinds, stream.Insert)
			for k := range key {
				out.Cols[k].Append(key[k])
			}
			for j := range vg.aggs {
				out.Cols[nk+j].Append(vg.aggs[j].result(id))
			}
		}
	}
	return g.dropSlices()
}

// isWindowCol reports whether input column c is window_start, window_end
// or a grouped window_time.
func (g *WindowAgg) isWindowCol(c int) bool {
	return c == g.StartCol || c == g.EndCol || c == g.TimeKeyCol
}

// dropSlices forgets the slices whose windows have all fired.
func (g *WindowAgg) dropSlices() error {
	for sl := range g.slices {
		// The last window of a slice is the one of its start that ends
		// last: the first assign returns.
		g.wins = g.Window.assign(g.wins[:0], sl[0])
		if len(g.wins) == 0 || g.fired(g.wins[0][1]) {
			delete(g.slices, sl)
		}
	}
	return nil
}

// sortWindows orders windows that fire together: by end, then start.
func sortWindows(due [][2]int64) {
	sort.Slice(due, func(i, j int) bool {
		if due[i][1] != due[j][1] {
			return due[i][1] < due[j][1]
		}
		return due[i][0] < due[j][0]
	})
}

func (g *WindowAgg) fireSessions(out *stream.Batch) error {
	type firing struct {
		order int
		s     *sessionWin
	}
	var due []firing
	for i, key := range g.keyOrder {
		sk := g.sessions[key]
		var keep []*sessionWin
		for _, s := range sk.wins {
			if g.fired(s.end) {
				due = append(due, firing{i, s})
			} else {
				keep = append(keep, s)
			}
		}
		sk.wins = keep
	}
	sort.SliceStable(due, func(i, j int) bool {
		a, b := due[i].s, due[j].s
		if a.end != b.end {
			return a.end < b.end
		}
		if a.start != b.start {
			return a.start < b.start
		}
		return due[i].order < due[j].order
	})
	for _, f := range due {
		a, err := g.newAgg()
		if err != nil {
			return err
		}
		g.one.Reset()
		for _, r := range f.s.rows {
			dst := g.one.Append(stream.Insert)
			copy(dst, r)
			dst[g.StartCol] = types.TimestampValue(f.s.start, 0)
			dst[g.EndCol] = types.TimestampValue(f.s.end, 0)
			if g.TimeKeyCol >= 0 {
				dst[g.TimeKeyCol] = types.TimestampValue(g.Window.epoch(f.s.end)-1, 0)
			}
		}
		g.sink.Reset()
		if err := a.Process(g.one, g.sink); err != nil {
			return err
		}
		before := out.Len()
		if err := a.Finish(out); err != nil {
			return err
		}
		if g.tr.On() {
			g.trace(stream.TraceWindowFire, [2]int64{f.s.start, f.s.end}, int64(out.Len()-before))
		}
	}
	// Forget keys without open sessions.
	keep := g.keyOrder[:0]
	for _, key := range g.keyOrder {
		if len(g.sessions[key].wins) > 0 {
			keep = append(keep, key)
		} else {
			delete(g.sessions, key)
		}
	}
	g.keyOrder = keep
	return nil
}

// Close implements stream.Operator.
func (g *WindowAgg) Close() error { return nil }
