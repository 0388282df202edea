package ops

import (
	"context"
	"sort"

	"github.com/flinkplay/flinkplay/engine/expr"
	"github.com/flinkplay/flinkplay/engine/library"
	"github.com/flinkplay/flinkplay/engine/stream"
	"github.com/flinkplay/flinkplay/engine/types"
)

// OverFrame is the frame of an OverAgg: from Preceding rows (ROWS) or
// order-key units (RANGE; milliseconds for time) before the current row, or
// from the partition's start (Unbounded), up to the current row; Whole is
// the whole partition (no ORDER BY, batch only).
type OverFrame struct {
	Rows      bool
	Unbounded bool
	Preceding int64
	Whole     bool
}

// OverAgg computes window functions over partitions (Flink's
// OverAggregate). Each output row is an input row followed by one value
// per function.
//
// Streaming (Final false) accepts +I only and emits +I only. With a rowtime
// order (Rowtime true) it buffers rows until the watermark passes their
// time, then emits them in time order (rows of one time in arrival order); a
// row at or before the last time it fired (unbounded frames: at or before
// the watermark) is late and dropped, as Flink drops it. With a proctime
// order it emits each row at once. ROWS frames count rows, the row itself
// last; RANGE frames see every row of the same time.
//
// Batch (Final true) buffers its input and, when it ends, emits the rows
// sorted by partition and order keys, for any ORDER BY and every function.
//
// State: streaming, per partition the running accumulators (unbounded) or
// the rows of the frame (bounded), and the rows waiting for the watermark;
// batch, every row. Values are cloned. With a TTL, a partition no row has
// arrived in for that long is forgotten, as Flink's over functions clean up
// a key's state when its retention timer fires: its next row starts afresh.
// A partition with rows waiting for the watermark is kept, as Flink keeps
// it (its cleanup timer is registered again).
type OverAgg struct {
	Partition []int
	PartTypes []types.Type // types of the partition columns
	Order     []SortKey
	Frame     OverFrame
	Funcs     []WindowFunc
	Rowtime   bool
	Final     bool
	Ctx       expr.Ctx
	// TTL is 'table.exec.state.ttl' (streaming).
	TTL *StateTTL

	eval     *winEval
	parts    map[string]*overPart
	touched  map[string]int64       // TTL: when a row last arrived in a partition
	waiting  map[string]int         // TTL: rows of a partition waiting for the watermark
	pending  map[int64][]pendingRow // rowtime: rows by time, waiting for the watermark
	wm       int64
	lastFire int64
	rows     [][]types.Value // batch
	keyBuf   []byte
}

type overPart struct {
	accs  []winAcc        // unbounded frames
	frame [][]types.Value // bounded frames: rows in the frame, oldest first
}

type pendingRow struct {
	part string
	row  []types.Value
}

var (
	_ stream.Operator          = (*OverAgg)(nil)
	_ stream.WatermarkOperator = (*OverAgg)(nil)
)

// Open implements stream.Operator.
func (o *OverAgg) Open(context.Context) error {
	cols := make([]int, len(o.Order))
	for i, k := range o.Order {
		cols[i] = k.Col
	}
	e, err := newWinEval(o.Funcs, cols, o.Ctx)
	if err != nil {
		return err
	}
	o.eval = e
	o.parts = map[string]*overPart{}
	o.touched = map[string]int64{}
	o.waiting = map[string]int{}
	o.pending = map[int64][]pendingRow{}
	o.wm = stream.NoWatermark
	// Flink's bounded rowtime functions start with a last firing time of 0.
	o.lastFire = stream.NoWatermark
	if !o.Frame.Unbounded {
		o.lastFire = 0
	}
	return nil
}

// Process implements stream.Operator.
func (o *OverAgg) Process(in, out *stream.Batch) error {
	if !o.Final && o.TTL.tick() {
		o.sweep()
	}
	for i := 0; i < in.Len(); i++ {
		row := in.Row(i)
		if o.Final {
			o.rows = append(o.rows, types.CloneRow(row))
			continue
		}
		o.keyBuf = types.AppendKey(o.keyBuf[:0], row, o.Partition)
		if o.Rowtime {
			t := row[o.Order[0].Col]
			if t.Null {
				continue
			}
			late := t.I <= o.lastFire
			if o.Frame.Unbounded {
				late = t.I <= o.wm
			}
			if late {
				continue
			}
			key := string(o.keyBuf)
			o.arrived(key)
			if o.TTL.on() {
				o.waiting[key]++
			}
			o.pending[t.I] = append(o.pending[t.I], pendingRow{part: key, row: types.CloneRow(row)})
			continue
		}
		key := string(o.keyBuf)
		o.arrived(key)
		if err := o.emitRows(o.part(key), [][]types.Value{types.CloneRow(row)}, out); err != nil {
			return err
		}
	}
	return nil
}

// arrived records a row's arrival in a partition for the TTL, forgetting
// the partition first when it had expired.
func (o *OverAgg) arrived(key string) {
	if !o.TTL.on() {
		return
	}
	if t, ok := o.touched[key]; ok && o.TTL.expired(t) && o.waiting[key] == 0 {
		delete(o.parts, key)
	}
	o.touched[key] = o.TTL.stamp()
}

// sweep forgets the expired partitions that have no rows waiting.
func (o *OverAgg) sweep() {
	for key, t := range o.touched {
		if o.TTL.expired(t) && o.waiting[key] == 0 {
			delete(o.parts, key)
			delete(o.touched, key)
			delete(o.waiting, key)
		}
	}
}

func (o *OverAgg) part(key string) *overPart {
	p := o.parts[key]
	if p == nil {
		p = &overPart{accs: o.eval.newAccs()}
		o.parts[key] = p
	}
	return p
}

// OnWatermark implements stream.WatermarkOperator: it fires the rows whose
// time the watermark has passed.
func (o *OverAgg) OnWatermark(wm int64, out *stream.Batch) (int64, error) {
	o.wm = wm
	if o.Final || !o.Rowtime {
		return wm, nil
	}
	var due []int64
	for t := range o.pending {
		if t <= wm {
			due = append(due, t)
		}
	}
	sort.Slice(due, func(i, j int) bool { return due[i] < due[j] })
	for _, t := range due {
		rows := o.pending[t]
		delete(o.pending, t)
		// Per partition, in first-arrival order of the partitions.
		var order []string
		byPart := map[string][][]types.Value{}
		for _, r := range rows {
			if _, ok := byPart[r.part]; !ok {
				order = append(order, r.part)
			}
			byPart[r.part] = append(byPart[r.part], r.row)
			if o.TTL.on() {
				if o.waiting[r.part]--; o.waiting[r.part] <= 0 {
					delete(o.waiting, r.part)
				}
			}
		}
		for _, k := range order {
			if err := o.emitRows(o.part(k), byPart[k], out); err != nil {
				return wm, err
			}
		}
		o.lastFire = t
	}
	return wm, nil
}

// emitRows adds rows of one partition (of one time, for rowtime) to the
// frame and emits each with its window values.
func (o *OverAgg) emitRows(p *overPart, rows [][]types.Value, out *stream.Batch) error {
	if o.Frame.Unbounded {
		if o.Frame.Rows {
			for _, r := range rows {
				if err := o.eval.addRow(p.accs, r); err != nil {
					return err
				}
				if err := o.emit(p.accs, r, out); err != nil {
					return err
				}
			}
			return nil
		}
		for _, r := range rows {
			if err := o.eval.addRow(p.accs, r); err != nil {
				return err
			}
		}
		for _, r := range rows {
			if err := o.emit(p.accs, r, out); err != nil {
				return err
			}
		}
		return nil
	}
	if o.Frame.Rows {
		for _, r := range rows {
			p.frame = append(p.frame, r)
			if n := int64(len(p.frame)); n > o.Frame.Preceding+1 {
				p.frame = p.frame[n-o.Frame.Preceding-1:]
			}
			if err := o.emitFrame(p.frame, r, out); err != nil {
				return err
			}
		}
		return nil
	}
	// RANGE n PRECEDING: rows of the same time share the frame.
	tc := o.Order[0].Col
	if o.Rowtime {
		p.frame = append(p.frame, rows...)
		o.trim(p, rows[0][tc].I)
		for _, r := range rows {
			if err := o.emitFrame(p.frame, r, out); err != nil {
				return err
			}
		}
		return nil
	}
	for _, r := range rows {
		p.frame = append(p.frame, r)
		o.trim(p, r[tc].I)
		if err := o.emitFrame(p.frame, r, out); err != nil {
			return err
		}
	}
	return nil
}

// trim drops the rows of a RANGE frame older than now - Preceding.
func (o *OverAgg) trim(p *overPart, now int64) {
	tc := o.Order[0].Col
	k := 0
	for k < len(p.frame) && p.frame[k][tc].I < now-o.Frame.Preceding {
		k++
	}
	p.frame = p.frame[k:]
}

func (o *OverAgg) emitFrame(frame [][]types.Value, cur []types.Value, out *stream.Batch) error {
	accs := o.eval.newAccs()
	for _, r := range frame {
		if err := o.eval.addRow(accs, r); err != nil {
			return err
		}
	}
	return o.emit(accs, cur, out)
}

func (o *OverAgg) emit(accs []winAcc, row []types.Value, out *stream.Batch) error {
	dst := out.Append(stream.Insert)
	copy(dst, row)
	for i := range o.Funcs {
		v, err := o.eval.result(accs, i, row)
		if err != nil {
			return err
		}
		dst[len(row)+i] = v
	}
	return nil
}

// Finish emits the batch result.
func (o *OverAgg) Finish(out *stream.Batch) error {
	if !o.Final {
		return nil
	}
	keys := make([]SortKey, 0, len(o.Partition)+len(o.Order))
	for i, c := range o.Partition {
		keys = append(keys, SortKey{Col: c, Type: o.PartTypes[i], NullsFirst: true})
	}
	keys = append(keys, o.Order...)
	ord, err := newRowOrder(keys)
	if err != nil {
		return err
	}
	ord.ctx = o.Ctx
	sort.SliceStable(o.rows, func(i, j int) bool { return ord.cmp(o.rows[i], o.rows[j]) < 0 })
	if ord.err != nil {
		return ord.err
	}
	pord := &rowOrder{keys: keys[:len(o.Partition)], less: ord.less[:len(o.Partition)], ctx: o.Ctx}
	oord := &rowOrder{keys: o.Order, less: ord.less[len(o.Partition):], ctx: o.Ctx}
	for start := 0; start < len(o.rows); {
		end := start + 1
		for end < len(o.rows) && pord.cmp(o.rows[start], o.rows[end]) == 0 {
			end++
		}
		if err := o.batchPartition(o.rows[start:end], oord, out); err != nil {
			return err
		}
		start = end
	}
	o.rows = nil
	return nil
}

// batchPartition emits one sorted partition.
func (o *OverAgg) batchPartition(rows [][]types.Value, ord *rowOrder, out *stream.Batch) error {
	n := len(rows)
	peersEnd := make([]int, n) // index after the last peer of row i
	peersStart := make([]int, n)
	for i := 0; i < n; {
		j := i + 1
		for j < n && (o.Frame.Whole || ord.cmp(rows[i], rows[j]) == 0) {
			j++
		}
		for k := i; k < j; k++ {
			peersStart[k], peersEnd[k] = i, j
		}
		i = j
	}
	dense := make([]int64, n)
	for i := range rows {
		if i == 0 {
			dense[i] = 1
		} else if peersStart[i] == i {
			dense[i] = dense[i-1] + 1
		} else {
			dense[i] = dense[i-1]
		}
	}
	running := o.eval.newAccs()
	added := 0
	for i, r := range rows {
		lo, hi := 0, i+1
		switch {
		case o.Frame.Whole:
			hi = n
		case o.Frame.Unbounded && !o.Frame.Rows:
			hi = peersEnd[i]
		case o.Frame.Rows:
			lo = max(0, i-int(o.Frame.Preceding))
		default:
			hi = peersEnd[i]
			lo = o.rangeStart(rows, i)
		}
		var accs []winAcc
		if lo == 0 {
			for added < hi {
				if err := o.eval.addRow(running, rows[added]); err != nil {
					return err
				}
				added++
			}
			accs = running
		} else {
			accs = o.eval.newAccs()
			for _, fr := range rows[lo:hi] {
				if err := o.eval.addRow(accs, fr); err != nil {
					return err
				}
			}
		}
		dst := out.Append(stream.Insert)
		copy(dst, r)
		for fi, f := range o.Funcs {
			var v types.Value
			switch o.eval.kinds[fi] {
			case library.WinRowNumber:
				v = types.IntValue(int64(i + 1))
			case library.WinRank:
				v = types.IntValue(int64(peersStart[i] + 1))
			case library.WinDenseRank:
				v = types.IntValue(dense[i])
			case library.WinPercentRank:
				v = types.FloatValue(0)
				if n > 1 {
					v = types.FloatValue(float64(peersStart[i]) / float64(n-1))
				}
			case library.WinCumeDist:
				v = types.FloatValue(float64(peersEnd[i]) / float64(n))
			case library.WinNtile:
				v = types.IntValue(ntile(i, n, f.Offset))
			case library.WinLag, library.WinLead:
				j := i - int(f.Offset)
				if o.eval.kinds[fi] == library.WinLead {
					j = i + int(f.Offset)
				}
				switch {
				case j >= 0 && j < n:
					v = rows[j][f.Arg]
				case f.Default >= 0:
					v = r[f.Default]
				default:
					v = types.NullValue
				}
			case library.AggFirstValue:
				v = rows[lo][f.Arg]
			case library.AggLastValue:
				v = rows[hi-1][f.Arg]
			default:
				var err error
				if v, err = o.eval.result(accs, fi, r); err != nil {
					return err
				}
			}
			dst[len(r)+fi] = v
		}
	}
	return nil
}

// rangeStart is the first row of row i's RANGE n PRECEDING frame.
func (o *OverAgg) rangeStart(rows [][]types.Value, i int) int {
	k := o.Order[0]
	cur := rows[i][k.Col]
	lo := i
	for lo > 0 {
		prev := rows[lo-1][k.Col]
		if prev.Null != cur.Null {
			break
		}
		if !prev.Null {
			d := cur.I - prev.I
			if k.Type.Kind == types.Float || k.Type.Kind == types.Double {
				d = int64(cur.F - prev.F)
			}
			if k.Desc {
				d = -d
			}
			if d > o.Frame.Preceding {
				break
			}
		}
		lo--
	}
	return lo
}

// ntile is bucket of row i of n in k buckets: the first n%k buckets hold
// one row more.
func ntile(i, n int, k int64) int64 {
	size := int64(n) / k
	extra := int64(n) % k
	idx := int64(i)
	if idx < extra*(size+1) {
		return idx/(size+1) + 1
	}
	return extra + (idx-extra*(size+1))/size + 1
}

// Close implements stream.Operator.
func (o *OverAgg) Close() error { return nil }
