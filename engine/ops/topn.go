package ops

import (
	"context"
	"sort"

	"github.com/flinkplay/flinkplay/engine/diag"
	"github.com/flinkplay/flinkplay/engine/expr"
	"github.com/flinkplay/flinkplay/engine/stream"
	"github.com/flinkplay/flinkplay/engine/types"
)

// AppendTopN is a streaming Top-N over an insert-only input (Flink's
// AppendOnlyTopNFunction): per partition it keeps the rows ranked Start..End
// by Order with ROW_NUMBER. Output rows are the input row followed by the
// rank number (0 when OutputRank is false).
//
// With the rank number (or an offset, Start > 1) a new row that enters the
// Top-N shifts the rows after it: for each, -U old row at its rank and +U
// the row that now holds the rank, then +I for the rank that was free, if
// any. Without it, a row that enters emits -D for the row it pushes out,
// then +I itself. Rows that tie keep their arrival order. It accepts +I only.
//
// State: per partition, the rows of the Top-N grouped by sort key, in
// order (cloned).
type AppendTopN struct {
	Partition  []int
	Order      []SortKey
	Start, End int64
	OutputRank bool
	Ctx        expr.Ctx
	// TTL is 'table.exec.state.ttl': a partition not written for that long
	// is forgotten.
	TTL *StateTTL

	ord    *rowOrder
	parts  map[string]*topBuf
	keyBuf []byte
}

// topBuf is one partition's Top-N: entries sorted by sort key, each with
// its rows in arrival order.
type topBuf struct {
	entries []topEntry
	count   int
	touched int64 // when the partition was last written (state TTL)
}

// emitRanked appends row with its rank column (0 when the rank is not
// output) unless rank is known and outside [start, end].
func emitRanked(out *stream.Batch, k stream.Kind, row []types.Value, rank, start, end int64, outputRank bool) {
	if rank != 0 && (rank < start || rank > end) {
		return
	}
	dst := out.Append(k)
	copy(dst, row)
	if !outputRank {
		rank = 0
	}
	dst[len(row)] = types.IntValue(rank)
}

// sweepTopN drops the partitions whose state expired.
func sweepTopN(ttl *StateTTL, parts map[string]*topBuf) {
	for k, b := range parts {
		if ttl.expired(b.touched) {
			delete(parts, k)
		}
	}
}

type topEntry struct {
	key  []types.Value // the row whose sort columns stand for the key
	rows [][]types.Value
}

var _ stream.Operator = (*AppendTopN)(nil)

// Open implements stream.Operator.
func (t *AppendTopN) Open(context.Context) error {
	o, err := newRowOrder(t.Order)
	if err != nil {
		return err
	}
	o.ctx = t.Ctx
	t.ord, t.parts = o, map[string]*topBuf{}
	return nil
}

// Process implements stream.Operator.
func (t *AppendTopN) Process(in, out *stream.Batch) error {
	if t.TTL.tick() {
		sweepTopN(t.TTL, t.parts)
	}
	for i := 0; i < in.Len(); i++ {
		if k := in.Kinds[i]; k != stream.Insert {
			return diag.Errorf(diag.NoPos, diag.TableException, "Top-N over an updating input is not supported yet.")
		}
		row := in.Row(i)
		t.keyBuf = types.AppendKey(t.keyBuf[:0], row, t.Partition)
		buf := t.parts[string(t.keyBuf)]
		if buf != nil && t.TTL.on() && t.TTL.expired(buf.touched) {
			buf = nil // the partition's state expired: it starts afresh
		}
		if buf == nil {
			buf = &topBuf{}
			t.parts[string(t.keyBuf)] = buf
		}
		buf.touched = t.TTL.stamp()
		if err := t.process(buf, types.CloneRow(row), out); err != nil {
			return err
		}
		if t.ord.err != nil {
			return t.ord.err
		}
	}
	return nil
}

func (t *AppendTopN) process(buf *topBuf, row []types.Value, out *stream.Batch) error {
	// Is the row's key within the Top-N? Better than the worst key, or
	// room left.
	if n := len(buf.entries); n > 0 && t.ord.cmp(row, buf.entries[n-1].key) >= 0 && int64(buf.count) >= t.End {
		return nil
	}
	pos := sort.Search(len(buf.entries), func(i int) bool { return t.ord.cmp(buf.entries[i].key, row) >= 0 })
	if pos < len(buf.entries) && t.ord.cmp(buf.entries[pos].key, row) == 0 {
		buf.entries[pos].rows = append(buf.entries[pos].rows, row)
	} else {
		buf.entries = append(buf.entries, topEntry{})
		copy(buf.entries[pos+1:], buf.entries[pos:])
		buf.entries[pos] = topEntry{key: row, rows: [][]types.Value{row}}
	}
	buf.count++
	if t.OutputRank || t.Start > 1 {
		t.withRowNumber(buf, pos, row, out)
		return nil
	}
	t.withoutRowNumber(buf, row, out)
	return nil
}

// withRowNumber emits the shifts a new row at entry pos causes.
func (t *AppendTopN) withRowNumber(buf *topBuf, pos int, row []types.Value, out *stream.Batch) {
	var rank int64
	cur := row
	i := 0
	for ; i < len(buf.entries) && rank <= t.End; i++ {
		e := buf.entries[i]
		switch {
		case i < pos:
			rank += int64(len(e.rows))
		case i == pos:
			rank += int64(len(e.rows))
		default:
			for _, prev := range e.rows {
				if rank > t.End {
					break
				}
				t.collect(out, stream.UpdateBefore, prev, rank)
				t.collect(out, stream.UpdateAfter, cur, rank)
				cur = prev
				rank++
			}
		}
	}
	if rank <= t.End {
		t.collect(out, stream.Insert, cur, rank)
	}
	// Entries beyond the Top-N are forgotten.
	for _, e := range buf.entries[i:] {
		buf.count -= len(e.rows)
	}
	buf.entries = buf.entries[:i]
}

// withoutRowNumber emits -D for the row pushed out, then +I.
func (t *AppendTopN) withoutRowNumber(buf *topBuf, row []types.Value, out *stream.Batch) {
	if int64(buf.count) > t.End {
		last := &buf.entries[len(buf.entries)-1]
		evicted := last.rows[len(last.rows)-1]
		if len(last.rows) <= 1 {
			buf.entries = buf.entries[:len(buf.entries)-1]
		} else {
			last.rows = last.rows[:len(last.rows)-1]
		}
		buf.count--
		if rowsEqual(evicted, row) { // Flink compares the rows' contents
			return
		}
		t.collect(out, stream.Delete, evicted, 0)
	}
	t.collect(out, stream.Insert, row, 0)
}

func (t *AppendTopN) collect(out *stream.Batch, k stream.Kind, row []types.Value, rank int64) {
	emitRanked(out, k, row, rank, t.Start, t.End, t.OutputRank)
}

// Close implements stream.Operator.
func (t *AppendTopN) Close() error { return nil }
