package ops

import (
	"context"
	"sort"
	"strings"

	"github.com/flinkplay/flinkplay/engine/diag"
	"github.com/flinkplay/flinkplay/engine/expr"
	"github.com/flinkplay/flinkplay/engine/stream"
	"github.com/flinkplay/flinkplay/engine/types"
)

// UpdatableTopN is a streaming Top-N over an input with a unique key whose
// sort key only moves toward the top, such as a COUNT ordered descending
// (Flink's UpdatableTopNFunction, the UpdateFastStrategy). Each record is
// the current row of its unique key (RowKey): a key it has not seen enters
// the Top-N when it ranks within End, a key it holds moves up. Output rows
// are the input row followed by the rank number (0 when OutputRank is
// false).
//
// It accepts +I and +U, both meaning "the row of this key is now this";
// the planner gives it no -U or -D (its input sends none), so it drops
// them. With the rank number (or an offset, Start > 1) a row that moves up
// from rank r to rank q emits, for each rank from q to r-1, -U of the row
// that held it (and -U of the moving row at r, after the first) and +U of
// the row that holds it now; a new row does the same down to the end of
// the Top-N and +I for a rank left free. Without the rank number a moving
// row emits -U old and +U new; a new row emits -D for the row it pushes
// out, then +I. With NoUpdateBefore no -U is emitted. A row that moves
// down breaks the monotonicity the planner relied on: an error, as in
// Flink.
//
// State: per partition, the current row of every key it holds (cloned),
// and the keys grouped by sort key in order; rows pushed past the end may
// stay until a later row pushes them out, as in Flink.
type UpdatableTopN struct {
	Partition      []int
	RowKey         []int // the input's unique key
	Order          []SortKey
	Start, End     int64
	OutputRank     bool
	NoUpdateBefore bool
	Ctx            expr.Ctx
	// Types are the input's column types, for the monotonicity error.
	Types []types.Type

	ord    *rowOrder
	parts  map[string]*updBuf
	keyBuf []byte
	rkBuf  []byte
}

// updBuf is one partition's buffer (Flink's TopNBuffer plus its row map).
type updBuf struct {
	entries []updEntry // sorted by sort key
	count   int
	rows    map[string][]types.Value // row key -> current row
}

type updEntry struct {
	key     []types.Value // a row whose sort columns stand for the key
	rowKeys []string      // in arrival order
}

var (
	_ stream.Operator         = (*UpdatableTopN)(nil)
	_ stream.StatefulOperator = (*UpdatableTopN)(nil)
)

// Open implements stream.Operator.
func (t *UpdatableTopN) Open(context.Context) error {
	o, err := newRowOrder(t.Order)
	if err != nil {
		return err
	}
	o.ctx = t.Ctx
	t.ord, t.parts = o, map[string]*updBuf{}
	return nil
}

// StateRows implements stream.StatefulOperator: the rows held.
func (t *UpdatableTopN) StateRows() int {
	n := 0
	for _, b := range t.parts {
		n += len(b.rows)
	}
	return n
}

// Close implements stream.Operator.
func (t *UpdatableTopN) Close() error { return nil }

// Process implements stream.Operator.
func (t *UpdatableTopN) Process(in, out *stream.Batch) error {
	for i := 0; i < in.Len(); i++ {
		if k := in.Kinds[i]; k != stream.Insert && k != stream.UpdateAfter {
			continue
		}
		row := in.Row(i)
		t.keyBuf = types.AppendKey(t.keyBuf[:0], row, t.Partition)
		buf := t.parts[string(t.keyBuf)]
		if buf == nil {
			buf = &updBuf{rows: map[string][]types.Value{}}
			t.parts[string(t.keyBuf)] = buf
		}
		t.rkBuf = types.AppendKey(t.rkBuf[:0], row, t.RowKey)
		rk := string(t.rkBuf)
		var err error
		if t.OutputRank || t.Start > 1 {
			err = t.withRowNumber(buf, rk, types.CloneRow(row), out)
		} else {
			t.withoutRowNumber(buf, rk, types.CloneRow(row), out)
		}
		if err != nil {
			return err
		}
		if len(buf.rows) == 0 {
			delete(t.parts, string(t.keyBuf))
		}
	}
	return nil
}

func (t *UpdatableTopN) withRowNumber(buf *updBuf, rk string, row []types.Value, out *stream.Batch) error {
	old, ok := buf.rows[rk]
	if !ok {
		if t.inBufferRange(buf, row) {
			buf.put(t.ord, row, rk)
			buf.rows[rk] = row
			t.emitWithRowNumber(buf, row, nil, 0, out)
		}
		return nil
	}
	c := t.ord.cmp(row, old)
	if c == 0 {
		rank := buf.rowNumber(t.ord, old, rk)
		buf.rows[rk] = row
		t.collect(out, stream.UpdateBefore, old, rank)
		t.collect(out, stream.UpdateAfter, row, rank)
		return nil
	}
	oldRank := buf.rowNumber(t.ord, old, rk)
	buf.remove(t.ord, old, rk)
	buf.put(t.ord, row, rk)
	buf.rows[rk] = row
	if c > 0 {
		return diag.Errorf(diag.NoPos, diag.RuntimeException,
			"The input retract record:{%s}'s sort key: %s is lower than old sort key: %s, this break the monotonicity on sort key field which is guaranteed by the sql semantic. It's highly possible upstream stateful operator has shorter state ttl than the stream records is that cause the staled record cleared by state ttl.",
			t.rowText(row, nil), t.sortKeyText(row), t.sortKeyText(old))
	}
	t.emitWithRowNumber(buf, row, old, oldRank, out)
	return nil
}

// emitWithRowNumber emits the changes of ranks after row entered at its
// sort key, or moved up from oldRank (old not nil).
func (t *UpdatableTopN) emitWithRowNumber(buf *updBuf, row, old []types.Value, oldRank int64, out *stream.Batch) {
	rank := int64(0)
	cur := row
	found, oldRetracted := false, false
	next := 0
loop:
	for next < len(buf.entries) && rank <= t.End {
		e := &buf.entries[next]
		next++
		switch {
		case !found && t.ord.cmp(e.key, row) == 0:
			rank += int64(len(e.rowKeys))
			cur = row
			found = true
		case found && old == nil:
			for j := 0; j < len(e.rowKeys) && rank <= t.End; j++ {
				prev := buf.rows[e.rowKeys[j]]
				t.collect(out, stream.UpdateBefore, prev, rank)
				t.collect(out, stream.UpdateAfter, cur, rank)
				cur = prev
				rank++
			}
		case found:
			if t.ord.cmp(e.key, old) > 0 {
				break loop // nothing after the old place moves
			}
			for j := 0; j < len(e.rowKeys) && rank < oldRank; j++ {
				prev := buf.rows[e.rowKeys[j]]
				t.collect(out, stream.UpdateBefore, prev, rank)
				if sameRow(cur, row) && !oldRetracted {
					t.collect(out, stream.UpdateBefore, old, oldRank)
					oldRetracted = true
				}
				t.collect(out, stream.UpdateAfter, cur, rank)
				cur = prev
				rank++
			}
		default:
			rank += int64(len(e.rowKeys))
		}
	}
	if rank <= t.End {
		if old == nil {
			t.collect(out, stream.Insert, cur, rank)
		} else {
			if !oldRetracted {
				t.collect(out, stream.UpdateBefore, old, oldRank)
			}
			t.collect(out, stream.UpdateAfter, cur, rank)
		}
		return
	}
	// Past the end: forget the sort keys not reached.
	if next < len(buf.entries) {
		for _, e := range buf.entries[next:] {
			for _, k := range e.rowKeys {
				delete(buf.rows, k)
			}
			buf.count -= len(e.rowKeys)
		}
		buf.entries = buf.entries[:next]
	}
}

// sameRow reports whether a and b are the same slice: the row being placed.
func sameRow(a, b []types.Value) bool {
	return len(a) > 0 && len(b) > 0 && &a[0] == &b[0]
}

func (t *UpdatableTopN) withoutRowNumber(buf *updBuf, rk string, row []types.Value, out *stream.Batch) {
	if old, ok := buf.rows[rk]; ok {
		if t.ord.cmp(old, row) != 0 {
			buf.remove(t.ord, old, rk)
			buf.put(t.ord, row, rk)
		}
		buf.rows[rk] = row
		t.collect(out, stream.UpdateBefore, old, 0)
		t.collect(out, stream.UpdateAfter, row, 0)
		return
	}
	if !t.inBufferRange(buf, row) {
		return
	}
	buf.put(t.ord, row, rk)
	buf.rows[rk] = row
	if int64(buf.count) > t.End {
		if last, ok := buf.removeLast(); ok {
			lastRow := buf.rows[last]
			delete(buf.rows, last)
			t.collect(out, stream.Delete, lastRow, 0)
		}
	}
	t.collect(out, stream.Insert, row, 0)
}

// inBufferRange is Flink's checkSortKeyInBufferRange: a row enters when the
// buffer is not full or it ranks before the worst sort key.
func (t *UpdatableTopN) inBufferRange(buf *updBuf, row []types.Value) bool {
	if len(buf.entries) == 0 {
		return true
	}
	if t.ord.cmp(row, buf.entries[len(buf.entries)-1].key) < 0 {
		return true
	}
	return int64(buf.count) < t.End
}

// collect emits row with its rank number; rank 0 means the changelog
// without rank numbers, which is not limited to Start..End.
func (t *UpdatableTopN) collect(out *stream.Batch, k stream.Kind, row []types.Value, rank int64) {
	if k == stream.UpdateBefore && t.NoUpdateBefore {
		return
	}
	emitRanked(out, k, row, rank, t.Start, t.End, t.OutputRank)
}

func (t *UpdatableTopN) sortKeyText(row []types.Value) string {
	cols := make([]int, len(t.Order))
	for i, k := range t.Order {
		cols[i] = k.Col
	}
	return t.rowText(row, cols)
}

// rowText prints the given columns of row (all when cols is nil) as
// Flink's Row.toString does: +I[a, b].
func (t *UpdatableTopN) rowText(row []types.Value, cols []int) string {
	if cols == nil {
		for i := range row {
			cols = append(cols, i)
		}
	}
	parts := make([]string, len(cols))
	for i, c := range cols {
		typ := types.String
		if c < len(t.Types) {
			typ = t.Types[c]
		}
		parts[i] = types.FormatValue(row[c], typ, t.Ctx.Zone)
	}
	return "+I[" + strings.Join(parts, ", ") + "]"
}

func (b *updBuf) find(o *rowOrder, row []types.Value) (int, bool) {
	pos := sort.Search(len(b.entries), func(i int) bool { return o.cmp(b.entries[i].key, row) >= 0 })
	return pos, pos < len(b.entries) && o.cmp(b.entries[pos].key, row) == 0
}

// put adds a row key under row's sort key and returns how many keys share it.
func (b *updBuf) put(o *rowOrder, row []types.Value, rk string) int {
	pos, ok := b.find(o, row)
	if !ok {
		b.entries = append(b.entries, updEntry{})
		copy(b.entries[pos+1:], b.entries[pos:])
		b.entries[pos] = updEntry{key: row}
	}
	b.entries[pos].rowKeys = append(b.entries[pos].rowKeys, rk)
	b.count++
	return len(b.entries[pos].rowKeys)
}

func (b *updBuf) remove(o *rowOrder, row []types.Value, rk string) {
	pos, ok := b.find(o, row)
	if !ok {
		return
	}
	e := &b.entries[pos]
	for j, k := range e.rowKeys {
		if k == rk {
			e.rowKeys = append(e.rowKeys[:j], e.rowKeys[j+1:]...)
			b.count--
			break
		}
	}
	if len(e.rowKeys) == 0 {
		b.entries = append(b.entries[:pos], b.entries[pos+1:]...)
	}
}

func (b *updBuf) removeLast() (string, bool) {
	if len(b.entries) == 0 {
		return "", false
	}
	e := &b.entries[len(b.entries)-1]
	rk := e.rowKeys[len(e.rowKeys)-1]
	e.rowKeys = e.rowKeys[:len(e.rowKeys)-1]
	b.count--
	if len(e.rowKeys) == 0 {
		b.entries = b.entries[:len(b.entries)-1]
	}
	return rk, true
}

// rowNumber is the rank of row key rk, whose row has row's sort key.
func (b *updBuf) rowNumber(o *rowOrder, row []types.Value, rk string) int64 {
	rank := int64(1)
	for _, e := range b.entries {
		if o.cmp(e.key, row) == 0 {
			for _, k := range e.rowKeys {
				if k == rk {
					return rank
				}
				rank++
			}
			continue
		}
		rank += int64(len(e.rowKeys))
	}
	return rank
}
