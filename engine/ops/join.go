package ops

import (
	"context"
	"encoding/binary"
	"math"
	"slices"

	"github.com/flinkplay/flinkplay/engine/expr"
	"github.com/flinkplay/flinkplay/engine/stream"
	"github.com/flinkplay/flinkplay/engine/types"
)

// JoinType is the kind of a Join.
type JoinType uint8

// Join types. Semi and Anti emit left rows only: those with a match (IN,
// EXISTS) or without one (NOT IN, NOT EXISTS).
const (
	InnerJoin JoinType = iota
	LeftJoin
	RightJoin
	FullJoin
	SemiJoin
	AntiJoin
)

// Join is a regular (non-windowed) join of two inputs, Flink's
// StreamingJoinOperator and StreamingSemiAntiJoinOperator. Rows arrive in
// batches tagged by stream.Batch.Input (0 left, 1 right). A pair matches
// when its keys are equal (a NULL key never matches) and Cond, evaluated
// over the left row followed by the right row, is TRUE.
//
// Streaming (Final false) accepts every Kind on both inputs. An inner join
// forwards the kind of the row that arrived (+I/+U on accumulate, -U/-D on
// retract), so an inner join of insert-only inputs is insert-only. A side
// that is outer emits +I of its row padded with NULLs while it has no
// match; when a match arrives on the other side it emits -D of the padded
// row, then +I of the joined row, and the reverse when the last match is
// retracted. Semi and anti joins emit left rows: a left row with the kind
// it arrived with; when a right row changes whether a left row has a match,
// the left row with the right row's kind (semi) or -D/+I (anti).
//
// Batch (Final true) buffers both inputs and emits the join as +I rows when
// both have ended: left rows in arrival order with their matches in
// arrival order, then the right rows that matched nothing (RIGHT, FULL).
//
// State: every row of both inputs (values cloned) under its key, with its
// multiplicity and, for outer sides and semi/anti left rows, how many rows
// of the other side it matches.
type Join struct {
	Type JoinType
	// LeftKeys and RightKeys compute the equi-join key of a left and a
	// right row; pairwise of one type. Empty: every pair is a candidate.
	LeftKeys, RightKeys []expr.Expr
	// Cond is the remaining condition over left ++ right; nil is TRUE.
	Cond expr.Expr
	// NullSafe makes NULL keys equal (IS NOT DISTINCT FROM), as INTERSECT
	// and EXCEPT compare rows.
	NullSafe              bool
	LeftWidth, RightWidth int
	Final                 bool
	Ctx                   expr.Ctx
	// TTL is 'table.exec.state.ttl' (streaming only): a record not written
	// for that long is forgotten.
	TTL *StateTTL

	sides   [2]map[string]*joinBucket
	held    int             // distinct rows held on both sides, for StateRows
	order   [2][]*joinEntry // batch mode: rows in arrival order
	keyBuf  []byte
	rowBuf  []byte // a row's index encoding (joinBucket.find)
	scratch []types.Value
	matches []joinMatch
}

type joinBucket struct {
	entries []*joinEntry
	// index finds an entry by its row once the bucket is large, so that a
	// key with many distinct rows (a hot bidder) costs no scan per row, as
	// Flink's MapState of row to count does not; rows it cannot hold
	// (nested values, NaN) are found by scanning. nil until built, and
	// after entries are dropped.
	index map[string]*joinEntry
}

// indexAt is the bucket size from which a bucket keeps an index.
const indexAt = 8

// rowIndexKey appends the encoding of row under which rowsEqual rows are
// equal, or reports false for a row the index does not hold.
func rowIndexKey(dst []byte, row []types.Value) ([]byte, bool) {
	for _, v := range row {
		if v.Null {
			dst = append(dst, 0)
			continue
		}
		if v.X != nil || v.F != v.F {
			return dst, false
		}
		f := v.F
		if f == 0 {
			f = 0 // -0.0 equals 0.0, as rowsEqual compares
		}
		dst = append(dst, 1)
		dst = binary.LittleEndian.AppendUint64(dst, uint64(v.I))
		dst = binary.LittleEndian.AppendUint64(dst, math.Float64bits(f))
		dst = binary.LittleEndian.AppendUint32(dst, uint32(v.N))
		dst = binary.LittleEndian.AppendUint32(dst, uint32(len(v.B)))
		dst = append(dst, v.B...)
	}
	return dst, true
}

// find returns the entry whose row equals row, or nil; buf is scratch.
func (bk *joinBucket) find(row []types.Value, buf *[]byte) *joinEntry {
	if len(bk.entries) >= indexAt {
		if bk.index == nil {
			bk.index = map[string]*joinEntry{}
			for _, e := range bk.entries {
				if k, ok := rowIndexKey((*buf)[:0], e.row); ok {
					*buf = k
					bk.index[string(k)] = e
				}
			}
		}
		k, ok := rowIndexKey((*buf)[:0], row)
		*buf = k
		if ok {
			return bk.index[string(k)]
		}
	}
	for _, e := range bk.entries {
		if rowsEqual(e.row, row) {
			return e
		}
	}
	return nil
}

// added records a new entry in the bucket's index, if it keeps one.
func (bk *joinBucket) added(e *joinEntry, buf *[]byte) {
	if bk.index == nil {
		return
	}
	if k, ok := rowIndexKey((*buf)[:0], e.row); ok {
		*buf = k
		bk.index[string(k)] = e
	}
}

type joinEntry struct {
	touched int64 // when the record was last written (state TTL)
	row     []types.Value
	count   int // multiplicity of row
	assoc   int // rows of the other side it matches (outer sides, semi/anti left)
	hit     bool
}

// joinMatch is a matching row of the other side with its association count
// as it was before the current row changed it.
type joinMatch struct {
	e     *joinEntry
	assoc int
}

var _ stream.Operator = (*Join)(nil)

// Open implements stream.Operator.
func (j *Join) Open(context.Context) error {
	j.sides = [2]map[string]*joinBucket{{}, {}}
	j.scratch = make([]types.Value, j.LeftWidth+j.RightWidth)
	return nil
}

func (j *Join) outer(side int) bool {
	switch j.Type {
	case LeftJoin:
		return side == 0
	case RightJoin:
		return side == 1
	case FullJoin:
		return true
	}
	return false
}

func (j *Join) semi() bool { return j.Type == SemiJoin || j.Type == AntiJoin }

// key encodes the join key of row from side; ok is false when a key is NULL.
func (j *Join) key(side int, row []types.Value) (string, bool, error) {
	keys := j.LeftKeys
	if side == 1 {
		keys = j.RightKeys
	}
	j.keyBuf = j.keyBuf[:0]
	for _, k := range keys {
		v, err := k.Eval(&j.Ctx, row)
		if err != nil {
			return "", false, err
		}
		if v.Null && !j.NullSafe {
			return "", false, nil
		}
		j.keyBuf = types.AppendKey(j.keyBuf, []types.Value{v}, []int{0})
	}
	return string(j.keyBuf), true, nil
}

// find collects the rows of side other that match row (of the other side),
// each as many times as it occurs.
func (j *Join) find(side int, row []types.Value, key string, keyOK bool) ([]joinMatch, error) {
	j.matches = j.matches[:0]
	if !keyOK {
		return j.matches, nil
	}
	other := 1 - side
	bk := j.sides[other][key]
	if bk == nil {
		return j.matches, nil
	}
	if j.TTL.on() {
		j.dropExpired(other, key, bk)
	}
	for _, e := range bk.entries {
		ok, err := j.condHolds(side, row, e.row)
		if err != nil {
			return nil, err
		}
		if !ok {
			continue
		}
		for n := 0; n < e.count; n++ {
			j.matches = append(j.matches, joinMatch{e: e, assoc: e.assoc})
		}
	}
	return j.matches, nil
}

func (j *Join) condHolds(side int, row, other []types.Value) (bool, error) {
	if j.Cond == nil {
		return true, nil
	}
	l, r := row, other
	if side == 1 {
		l, r = other, row
	}
	copy(j.scratch, l)
	copy(j.scratch[j.LeftWidth:], r)
	v, err := j.Cond.Eval(&j.Ctx, j.scratch)
	if err != nil {
		return false, err
	}
	return !v.Null && v.I != 0, nil
}

// add stores row under key with the given association count.
func (j *Join) add(side int, key string, row []types.Value, assoc int) {
	bk := j.sides[side][key]
	if bk == nil {
		bk = &joinBucket{}
		j.sides[side][key] = bk
	}
	if j.TTL.on() {
		j.dropExpired(side, key, bk)
		if j.sides[side][key] == nil {
			j.sides[side][key] = bk
		}
	}
	if e := bk.find(row, &j.rowBuf); e != nil {
		e.count++
		e.assoc = assoc
		e.touched = j.TTL.stamp()
		return
	}
	e := &joinEntry{row: types.CloneRow(row), count: 1, assoc: assoc, touched: j.TTL.stamp()}
	bk.entries = append(bk.entries, e)
	bk.added(e, &j.rowBuf)
	j.held++
	if j.Final {
		j.order[side] = append(j.order[side], e)
	}
}

// retract removes one occurrence of row; a row that is not there is ignored,
// as Flink ignores a retraction of state it does not hold.
func (j *Join) retract(side int, key string, row []types.Value) {
	bk := j.sides[side][key]
	if bk == nil {
		return
	}
	if j.TTL.on() {
		j.dropExpired(side, key, bk)
	}
	e := bk.find(row, &j.rowBuf)
	if e == nil {
		return
	}
	e.count--
	if e.count > 0 {
		return
	}
	i := slices.Index(bk.entries, e)
	bk.entries = append(bk.entries[:i], bk.entries[i+1:]...)
	bk.index = nil // rebuilt at the next lookup
	j.held--
	if len(bk.entries) == 0 {
		delete(j.sides[side], key)
	}
}

func accumulate(k stream.Kind) bool { return k == stream.Insert || k == stream.UpdateAfter }

// Process implements stream.Operator.
func (j *Join) Process(in, out *stream.Batch) error {
	side := in.Input
	if j.TTL.tick() {
		for s := range j.sides {
			for key, bk := range j.sides[s] {
				j.dropExpired(s, key, bk)
			}
		}
	}
	for i := 0; i < in.Len(); i++ {
		row := in.Row(i)
		key, keyOK, err := j.key(side, row)
		if err != nil {
			return err
		}
		if j.Final {
			j.add(side, key, row, 0)
			continue
		}
		if j.semi() {
			err = j.processSemi(side, in.Kinds[i], row, key, keyOK, out)
		} else {
			err = j.process(side, in.Kinds[i], row, key, keyOK, out)
		}
		if err != nil {
			return err
		}
	}
	return nil
}

func (j *Join) process(side int, kind stream.Kind, row []types.Value, key string, keyOK bool, out *stream.Batch) error {
	inOuter, otherOuter := j.outer(side), j.outer(1-side)
	ms, err := j.find(side, row, key, keyOK)
	if err != nil {
		return err
	}
	if accumulate(kind) {
		if !inOuter {
			j.add(side, key, row, 0)
		}
		if inOuter && len(ms) == 0 {
			j.emitPadded(out, stream.Insert, side, row)
			j.add(side, key, row, 0)
			return nil
		}
		for _, m := range ms {
			if otherOuter {
				if m.assoc == 0 {
					j.emitPadded(out, stream.Delete, 1-side, m.e.row)
				}
				m.e.assoc++
				m.e.touched = j.TTL.stamp()
			}
			k := stream.Insert
			if !inOuter && !otherOuter {
				k = kind
			}
			j.emitJoined(out, k, side, row, m.e.row)
		}
		if inOuter {
			j.add(side, key, row, len(ms))
		}
		return nil
	}
	j.retract(side, key, row)
	if len(ms) == 0 {
		if inOuter {
			j.emitPadded(out, stream.Delete, side, row)
		}
		return nil
	}
	for _, m := range ms {
		k := kind
		if inOuter {
			k = stream.Delete
		}
		j.emitJoined(out, k, side, row, m.e.row)
		if otherOuter {
			if m.assoc == 1 {
				j.emitPadded(out, stream.Insert, 1-side, m.e.row)
			}
			m.e.assoc--
			m.e.touched = j.TTL.stamp()
		}
	}
	return nil
}

func (j *Join) processSemi(side int, kind stream.Kind, row []types.Value, key string, keyOK bool, out *stream.Batch) error {
	anti := j.Type == AntiJoin
	ms, err := j.find(side, row, key, keyOK)
	if err != nil {
		return err
	}
	if side == 0 {
		if (len(ms) == 0) == anti {
			out.AppendRow(kind, row)
		}
		if accumulate(kind) {
			j.add(0, key, row, len(ms))
		} else {
			j.retract(0, key, row)
		}
		return nil
	}
	if accumulate(kind) {
		j.add(1, key, row, 0)
		for _, m := range ms {
			if m.assoc == 0 {
				k := kind
				if anti {
					k = stream.Delete
				}
				out.AppendRow(k, m.e.row)
			}
			m.e.assoc++
			m.e.touched = j.TTL.stamp()
		}
		return nil
	}
	j.retract(1, key, row)
	for _, m := range ms {
		if m.assoc == 1 {
			k := kind
			if anti {
				k = stream.Insert
			}
			out.AppendRow(k, m.e.row)
		}
		m.e.assoc--
		m.e.touched = j.TTL.stamp()
	}
	return nil
}

// emitJoined appends row (of side) joined with other.
func (j *Join) emitJoined(out *stream.Batch, k stream.Kind, side int, row, other []types.Value) {
	l, r := row, other
	if side == 1 {
		l, r = other, row
	}
	dst := out.Append(k)
	copy(dst, l)
	copy(dst[j.LeftWidth:], r)
}

// emitPadded appends row (of side) with NULLs for the other side.
func (j *Join) emitPadded(out *stream.Batch, k stream.Kind, side int, row []types.Value) {
	dst := out.Append(k)
	if side == 0 {
		copy(dst, row)
		for c := j.LeftWidth; c < len(dst); c++ {
			dst[c] = types.NullValue
		}
		return
	}
	for c := 0; c < j.LeftWidth; c++ {
		dst[c] = types.NullValue
	}
	copy(dst[j.LeftWidth:], row)
}

// Finish implements runtime.Finisher: in batch mode it emits the join.
func (j *Join) Finish(out *stream.Batch) error {
	if !j.Final {
		return nil
	}
	for _, e := range j.order[0] {
		key, keyOK, err := j.key(0, e.row)
		if err != nil {
			return err
		}
		ms, err := j.find(0, e.row, key, keyOK)
		if err != nil {
			return err
		}
		for n := 0; n < e.count; n++ {
			switch {
			case j.Type == SemiJoin || j.Type == AntiJoin:
				if (len(ms) == 0) == (j.Type == AntiJoin) {
					out.AppendRow(stream.Insert, e.row)
				}
				continue
			case len(ms) == 0 && j.outer(0):
				j.emitPadded(out, stream.Insert, 0, e.row)
			}
			for _, m := range ms {
				m.e.hit = true
				j.emitJoined(out, stream.Insert, 0, e.row, m.e.row)
			}
		}
	}
	if j.outer(1) {
		for _, e := range j.order[1] {
			if e.hit {
				continue
			}
			for n := 0; n < e.count; n++ {
				j.emitPadded(out, stream.Insert, 1, e.row)
			}
		}
	}
	return nil
}

// Close implements stream.Operator.
func (j *Join) Close() error { return nil }

// dropExpired removes the records of a bucket whose TTL has passed.
func (j *Join) dropExpired(side int, key string, bk *joinBucket) {
	kept := bk.entries[:0]
	for _, e := range bk.entries {
		if j.TTL.expired(e.touched) {
			j.held--
			continue
		}
		kept = append(kept, e)
	}
	clear(bk.entries[len(kept):])
	if len(kept) != len(bk.entries) {
		bk.index = nil
	}
	bk.entries = kept
	if len(kept) == 0 {
		delete(j.sides[side], key)
	}
}
