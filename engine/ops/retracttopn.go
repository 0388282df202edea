package ops

import (
	"context"
	"sort"

	"github.com/flinkplay/flinkplay/engine/expr"
	"github.com/flinkplay/flinkplay/engine/stream"
	"github.com/flinkplay/flinkplay/engine/types"
)

// RetractTopN is a streaming Top-N over an updating input (Flink's
// RetractableTopNFunction): per partition the rows ranked Start..End by
// Order with ROW_NUMBER. Output rows are the input row followed by the rank
// number (0 when OutputRank is false).
//
// It accepts every kind: +I and +U add a row, -U and -D remove an equal
// row. An added row emits what AppendTopN emits. A removed row, with the
// rank number, moves each row after it up one rank (-U the row that held
// the rank, +U the one that holds it now) and ends with -D for the rank
// left free; without the rank number it emits -D for the row and +I for
// the row that moves up into the Top-N.
//
// State: per partition every row it holds, grouped by sort key, in order
// (cloned); rows below the Top-N are kept, a retraction may lift them.
type RetractTopN struct {
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

var _ stream.Operator = (*RetractTopN)(nil)

// Open implements stream.Operator.
func (t *RetractTopN) Open(context.Context) error {
	o, err := newRowOrder(t.Order)
	if err != nil {
		return err
	}
	o.ctx = t.Ctx
	t.ord, t.parts = o, map[string]*topBuf{}
	return nil
}

func (t *RetractTopN) inEnd(rank int64) bool { return rank <= t.End }

// Process implements stream.Operator.
func (t *RetractTopN) Process(in, out *stream.Batch) error {
	if t.TTL.tick() {
		sweepTopN(t.TTL, t.parts)
	}
	for i := 0; i < in.Len(); i++ {
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
		pos := sort.Search(len(buf.entries), func(i int) bool { return t.ord.cmp(buf.entries[i].key, row) >= 0 })
		found := pos < len(buf.entries) && t.ord.cmp(buf.entries[pos].key, row) == 0
		switch in.Kinds[i] {
		case stream.Insert, stream.UpdateAfter:
			row = types.CloneRow(row)
			if !found {
				buf.entries = append(buf.entries, topEntry{})
				copy(buf.entries[pos+1:], buf.entries[pos:])
				buf.entries[pos] = topEntry{key: row}
			}
			if t.OutputRank || t.Start > 1 {
				t.addWithNumber(buf, pos, row, out)
			} else {
				t.addWithoutNumber(buf, pos, row, out)
			}
			buf.entries[pos].rows = append(buf.entries[pos].rows, row)
		default:
			if !found {
				continue // a retraction of a row never seen
			}
			if t.OutputRank || t.Start > 1 {
				t.removeWithNumber(buf, pos, row, out)
			} else {
				t.removeWithoutNumber(buf, pos, row, out)
			}
			if e := &buf.entries[pos]; len(e.rows) == 0 {
				buf.entries = append(buf.entries[:pos], buf.entries[pos+1:]...)
			}
		}
		if t.ord.err != nil {
			return t.ord.err
		}
	}
	return nil
}

// addWithNumber emits the shifts of a new row of entry pos (not yet in its
// list).
func (t *RetractTopN) addWithNumber(buf *topBuf, pos int, row []types.Value, out *stream.Batch) {
	var rank int64
	var cur []types.Value
	for i := 0; i < len(buf.entries) && t.inEnd(rank); i++ {
		e := buf.entries[i]
		switch {
		case i < pos:
			rank += int64(len(e.rows))
		case i == pos:
			rank += int64(len(e.rows)) + 1
			cur = row
		default:
			for _, prev := range e.rows {
				if !t.inEnd(rank) {
					break
				}
				t.collect(out, stream.UpdateBefore, prev, rank)
				t.collect(out, stream.UpdateAfter, cur, rank)
				cur = prev
				rank++
			}
		}
	}
	if t.inEnd(rank) {
		t.collect(out, stream.Insert, cur, rank)
	}
}

// addWithoutNumber emits -D for the row a new row pushes out, then +I.
func (t *RetractTopN) addWithoutNumber(buf *topBuf, pos int, row []types.Value, out *stream.Batch) {
	var rank int64
	var add, del []types.Value
	for i := 0; i < len(buf.entries) && t.inEnd(rank); i++ {
		e := buf.entries[i]
		switch {
		case i < pos:
			rank += int64(len(e.rows))
		case i == pos:
			rank += int64(len(e.rows)) + 1
			if rank >= t.Start && rank <= t.End {
				add = row
			}
		default:
			last := rank + int64(len(e.rows))
			if t.inEnd(last) {
				rank = last
				continue
			}
			del = e.rows[t.End-rank]
			i = len(buf.entries) // stop
		}
	}
	if del != nil {
		t.collect(out, stream.Delete, del, 0)
	}
	if add != nil {
		t.collect(out, stream.Insert, add, 0)
	}
}

// removeWithNumber removes a row equal to row from entry pos and emits the
// shifts; it leaves the row in place when it is below the Top-N (the caller
// removes nothing then: the row stays held, as Flink's state keeps it until
// a retraction finds it in range).
func (t *RetractTopN) removeWithNumber(buf *topBuf, pos int, row []types.Value, out *stream.Batch) {
	var rank int64
	var prev []types.Value
	found := false
	for i := 0; i < len(buf.entries) && t.inEnd(rank); i++ {
		e := &buf.entries[i]
		switch {
		case i < pos:
			rank += int64(len(e.rows))
		case i == pos:
			for j := 0; j < len(e.rows) && t.inEnd(rank); j++ {
				cur := e.rows[j]
				if !found && rowsEqual(cur, row) {
					prev, found = cur, true
					e.rows = append(e.rows[:j:j], e.rows[j+1:]...)
					j--
				} else if found {
					t.collect(out, stream.UpdateBefore, prev, rank)
					t.collect(out, stream.UpdateAfter, cur, rank)
					prev = cur
				}
				rank++
			}
		default:
			if !found {
				rank += int64(len(e.rows))
				continue
			}
			for _, cur := range e.rows {
				if !t.inEnd(rank) {
					break
				}
				t.collect(out, stream.UpdateBefore, prev, rank)
				t.collect(out, stream.UpdateAfter, cur, rank)
				prev = cur
				rank++
			}
		}
	}
	if found && t.inEnd(rank) {
		t.collect(out, stream.Delete, prev, rank)
	}
	if !found {
		removeEqual(&buf.entries[pos], row)
	}
}

// removeWithoutNumber removes a row equal to row from entry pos, emitting
// -D for it when it was in the Top-N and +I for the row that moves up.
func (t *RetractTopN) removeWithoutNumber(buf *topBuf, pos int, row []types.Value, out *stream.Batch) {
	next := int64(1)
	found := false
	for i := 0; i < len(buf.entries) && t.inEnd(next); i++ {
		e := &buf.entries[i]
		switch {
		case i < pos:
			next += int64(len(e.rows))
		case i == pos:
			for j := 0; j < len(e.rows) && t.inEnd(next); j++ {
				cur := e.rows[j]
				if !found && rowsEqual(cur, row) {
					t.collect(out, stream.Delete, cur, 0)
					next--
					found = true
					e.rows = append(e.rows[:j:j], e.rows[j+1:]...)
					j--
				} else if found && next == t.End {
					t.collect(out, stream.Insert, cur, 0)
				}
				next++
			}
		default:
			if !found {
				next += int64(len(e.rows))
				continue
			}
			last := next + int64(len(e.rows)) - 1
			if last < t.End {
				next = last + 1
				continue
			}
			t.collect(out, stream.Insert, e.rows[t.End-next], 0)
			i = len(buf.entries) // stop
		}
	}
	if !found {
		removeEqual(&buf.entries[pos], row)
	}
}

// removeEqual removes the first row equal to row from e.
func removeEqual(e *topEntry, row []types.Value) {
	for j, r := range e.rows {
		if rowsEqual(r, row) {
			e.rows = append(e.rows[:j:j], e.rows[j+1:]...)
			return
		}
	}
}

func (t *RetractTopN) collect(out *stream.Batch, k stream.Kind, row []types.Value, rank int64) {
	emitRanked(out, k, row, rank, t.Start, t.End, t.OutputRank)
}

// Close implements stream.Operator.
func (t *RetractTopN) Close() error { return nil }
