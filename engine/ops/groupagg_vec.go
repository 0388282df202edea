package ops

import (
	"encoding/binary"
	"math"
	"sort"

	"github.com/flinkplay/flinkplay/engine/diag"
	"github.com/flinkplay/flinkplay/engine/expr"
	"github.com/flinkplay/flinkplay/engine/library"
	"github.com/flinkplay/flinkplay/engine/stream"
	"github.com/flinkplay/flinkplay/engine/types"
)

// Typed group aggregation over columnar batches.
//
// When every aggregate of a GroupAgg is COUNT, SUM, SUM0, AVG, MIN or MAX
// of an integer or DOUBLE column (MIN and MAX over an insert-only input),
// with no DISTINCT or FILTER and no state TTL, the GroupAgg keeps its state
// as struct-of-arrays indexed by a dense group id: one int64 or float64
// slice per accumulator field, no expression trees and no allocation per
// row. Group ids come from an open-addressing hash table over each key's
// encoding in one byte arena (fixed-width columns encode in 9 or 13 bytes,
// strings by length and bytes). The results, the changelog and its order
// are the row path's, value for value: each accumulator below states the
// row accumulator (library/funcs_aggregate.go) it follows.

type vecAggKind uint8

const (
	vaCount vecAggKind = iota
	vaSumInt
	vaSumFloat
	vaMinInt
	vaMaxInt
	vaMinFloat
	vaMaxFloat
)

// vecAgg is one aggregate's state for every group.
type vecAgg struct {
	kind  vecAggKind
	f     AggFunc
	avg   bool
	sum0  bool
	accK  types.Kind // the integer sum's accumulator type (wraps to it)
	outK  types.Kind // the result's kind (AVG narrows to it)
	float bool       // the result is DOUBLE
	// Per group, only the fields the aggregate uses are kept: COUNT i;
	// integer SUM and AVG i and n; floating ones x and n; MIN and MAX i or
	// x, and seen.
	i    []int64   // count, integer sum or extreme
	x    []float64 // floating sum or extreme
	n    []int64   // values summed (SUM, AVG)
	seen []bool    // a value was seen (MIN, MAX)
}

// grow adds a group's fields.
func (a *vecAgg) grow() {
	switch a.kind {
	case vaCount:
		a.i = append(a.i, 0)
	case vaSumInt:
		a.i, a.n = append(a.i, 0), append(a.n, 0)
	case vaSumFloat:
		a.x, a.n = append(a.x, 0), append(a.n, 0)
	case vaMinInt, vaMaxInt:
		a.i, a.seen = append(a.i, 0), append(a.seen, false)
	default:
		a.x, a.seen = append(a.x, 0), append(a.seen, false)
	}
}

// clearGroup empties group id's fields.
func (a *vecAgg) clearGroup(id int32) {
	switch a.kind {
	case vaCount:
		a.i[id] = 0
	case vaSumInt:
		a.i[id], a.n[id] = 0, 0
	case vaSumFloat:
		a.x[id], a.n[id] = 0, 0
	case vaMinInt, vaMaxInt:
		a.i[id], a.seen[id] = 0, false
	default:
		a.x[id], a.seen[id] = 0, false
	}
}

// vecGroups is the typed state.
type vecGroups struct {
	aggs    []vecAgg
	count   []int64 // rows per group
	alive   []bool  // the group holds state (a deleted group is dead)
	emitted []bool  // a result was emitted (streaming)
	live    int

	// A group's key is its encoding (below), decoded when a row is
	// emitted; a key found through the integer table has an empty
	// encoding and its value in keyI. keyVals holds every key's values
	// only when a key column has no decodable encoding (VecValues).
	keyI    []int64
	keyVals []types.Value
	encN    int // groups in the encoded table

	// The key table: slots hold group id + 1 (0: empty); a group's key
	// encoding is keyData[keyOff[g]:keyOff[g+1]].
	slots   []int32
	hashes  []uint32 // the keys' hashes' low bits, to compare first
	keyOff  []uint32
	keyData []byte
	enc     []byte
	cols    []*stream.Vector
	ids     []int32       // the group of each row of a batch
	ints    *intTable     // single integer keys: their groups by value
	conv    *stream.Batch // a row batch's columns, when rows arrive
	kinds   []stream.VecKind
	// keyKinds are the key columns' vector kinds in the first batch;
	// keyConv holds a later batch's key column read in that kind.
	keyKinds  []stream.VecKind
	keyConv   []stream.Vector
	valueKeys bool // a key column is VecValues: keyVals holds the keys
	scratch   vecScratch
	// before and after are each row's results around it, aggregate j's
	// at j*rows+r (processInsertsVec).
	before, after []aggResult
	// seq is, per group, the arrival number of its first row: seqBase
	// plus the row's index in its batch (WindowAgg sets seqBase).
	seq     []int64
	seqBase int64
}

// vecAggOf returns the typed form of a, or false when it has none.
func vecAggOf(a AggFunc) (vecAgg, bool) {
	if a.Distinct || a.Filtered || len(a.MoreArgs) > 0 || a.IgnoreNulls {
		return vecAgg{}, false
	}
	isInt := a.Arg >= 0 && a.ArgType.IsInteger()
	isDouble := a.Arg >= 0 && a.ArgType.Kind == types.Double
	v := vecAgg{f: a, outK: a.Type.Kind, float: a.Type.Kind == types.Double}
	kind := library.AggregateKind(a.Name)
	switch kind {
	case library.AggCount:
		v.kind = vaCount
		return v, true
	case library.AggSum, library.AggSum0, library.AggAvg:
		v.avg, v.sum0 = kind == library.AggAvg, kind == library.AggSum0
		switch {
		case isInt && a.Type.IsInteger():
			v.kind, v.accK = vaSumInt, a.Type.Kind
			if v.avg {
				v.accK = types.BigInt
			}
			return v, true
		case isDouble && a.Type.Kind == types.Double:
			v.kind = vaSumFloat
			return v, true
		}
	case library.AggMin, library.AggMax:
		if a.Retracting {
			return vecAgg{}, false
		}
		switch {
		case isInt:
			v.kind = vaMinInt
			if kind == library.AggMax {
				v.kind = vaMaxInt
			}
			return v, true
		case isDouble:
			v.kind = vaMinFloat
			if kind == library.AggMax {
				v.kind = vaMaxFloat
			}
			return v, true
		}
	}
	return vecAgg{}, false
}

// ColumnsIn implements stream.ColumnarOperator: a GroupAgg whose
// aggregates all have a typed form takes columns, and keeps its state
// typed.
func (g *GroupAgg) ColumnsIn() bool {
	if g.TTL.on() || len(g.Keys) > 8 {
		return false
	}
	vg := &vecGroups{}
	for _, a := range g.Aggs {
		v, ok := vecAggOf(a)
		if !ok {
			return false
		}
		vg.aggs = append(vg.aggs, v)
	}
	vg.slots = make([]int32, 16)
	vg.hashes = make([]uint32, 16)
	vg.keyOff = []uint32{0}
	if len(g.Keys) == 1 {
		vg.ints = &intTable{ids: make([]int32, 16)}
	}
	g.vec = vg
	return true
}

// hashKey mixes a key's encoding with 64-bit multiplies and shifts only:
// WebAssembly has no 64x64->128-bit multiply, so wyhash's bits.Mul64 is
// four multiplies there. Eight-byte words are folded in one at a time;
// the last 1..8 bytes are read as at most two overlapping words (all of
// them, given the length), and Stafford's mix64 finishes.
func hashKey(b []byte) uint64 {
	const k0, k1, k2 = 0x9e3779b97f4a7c15, 0xbf58476d1ce4e5b9, 0x94d049bb133111eb
	h := uint64(len(b)) * k0
	for len(b) > 8 {
		h = (h ^ binary.LittleEndian.Uint64(b)) * k1
		h ^= h >> 31
		b = b[8:]
	}
	var w uint64
	switch n := len(b); {
	case n == 8:
		w = binary.LittleEndian.Uint64(b)
	case n >= 4:
		w = uint64(binary.LittleEndian.Uint32(b)) | uint64(binary.LittleEndian.Uint32(b[n-4:]))<<32
	case n > 0:
		w = uint64(b[0]) | uint64(b[n/2])<<8 | uint64(b[n-1])<<16
	}
	h ^= w
	h = (h ^ h>>30) * k1
	h = (h ^ h>>27) * k2
	return h ^ h>>31
}

// appendKeyOf appends the encoding of row i's value of v.
func appendKeyOf(dst []byte, v *stream.Vector, i int) []byte {
	if v.IsNull(i) {
		return append(dst, 0)
	}
	switch v.Kind {
	case stream.VecInt:
		dst = append(dst, 1)
		dst = binary.LittleEndian.AppendUint64(dst, uint64(v.I[i]))
		var n int32
		if v.Nanos {
			n = v.N[i]
		}
		return binary.LittleEndian.AppendUint32(dst, uint32(n))
	case stream.VecFloat:
		dst = append(dst, 1)
		return binary.LittleEndian.AppendUint64(dst, math.Float64bits(v.F[i]))
	case stream.VecBytes:
		b := v.Bytes(i)
		dst = append(dst, 1)
		dst = binary.LittleEndian.AppendUint32(dst, uint32(len(b)))
		return append(dst, b...)
	}
	x := v.Value(i)
	return types.AppendKey(append(dst, 2), []types.Value{x}, []int{0})
}

// find returns the group id of the key encoded in enc, and whether it
// exists; when it does not, insert adds it.
func (vg *vecGroups) find(enc []byte, h uint64) (int32, int) {
	mask := uint64(len(vg.slots) - 1)
	for s := h & mask; ; s = (s + 1) & mask {
		id := vg.slots[s]
		if id == 0 {
			return -1, int(s)
		}
		if vg.hashes[s] == uint32(h) {
			g := id - 1
			if string(vg.keyData[vg.keyOff[g]:vg.keyOff[g+1]]) == string(enc) {
				return g, int(s)
			}
		}
	}
}

// insert adds a group for the key enc at slot s of the encoded table;
// in holds it in row i.
func (vg *vecGroups) insert(enc []byte, h uint64, s int, in *stream.Batch, i int) int32 {
	id := vg.newGroup(enc, 0, in, i)
	vg.slots[s], vg.hashes[s] = id+1, uint32(h)
	vg.encN++
	if 4*vg.encN >= 3*len(vg.slots) {
		vg.rehash()
	}
	return id
}

// newGroup adds a group's fields: its key's encoding (empty for the
// integer table's x) and, when kept, its key values from row i of in.
func (vg *vecGroups) newGroup(enc []byte, x int64, in *stream.Batch, i int) int32 {
	id := int32(len(vg.count))
	vg.keyData = append(vg.keyData, enc...)
	vg.keyOff = append(vg.keyOff, uint32(len(vg.keyData)))
	vg.keyI = append(vg.keyI, x)
	if vg.valueKeys {
		for _, c := range vg.cols {
			vg.keyVals = append(vg.keyVals, c.Value(i).Clone())
		}
	}
	vg.count = append(vg.count, 0)
	vg.alive = append(vg.alive, false)
	vg.emitted = append(vg.emitted, false)
	vg.seq = append(vg.seq, vg.seqBase+int64(i))
	for j := range vg.aggs {
		vg.aggs[j].grow()
	}
	return id
}

// key writes group id's key values into dst.
func (vg *vecGroups) key(id int32, dst []types.Value) {
	nk := len(dst)
	if nk == 0 {
		return
	}
	if vg.valueKeys {
		copy(dst, vg.keyVals[int(id)*nk:int(id+1)*nk])
		return
	}
	enc := vg.keyData[vg.keyOff[id]:vg.keyOff[id+1]]
	if len(enc) == 0 {
		dst[0] = types.Value{I: vg.keyI[id]}
		return
	}
	for j := range dst {
		if enc[0] == 0 {
			dst[j], enc = types.NullValue, enc[1:]
			continue
		}
		switch vg.keyKinds[j] {
		case stream.VecInt:
			dst[j] = types.Value{I: int64(binary.LittleEndian.Uint64(enc[1:])), N: int32(binary.LittleEndian.Uint32(enc[9:]))}
			enc = enc[13:]
		case stream.VecFloat:
			dst[j] = types.Value{F: math.Float64frombits(binary.LittleEndian.Uint64(enc[1:]))}
			enc = enc[9:]
		default: // VecBytes
			n := int(binary.LittleEndian.Uint32(enc[1:]))
			dst[j] = types.Value{B: enc[5 : 5+n : 5+n]}
			enc = enc[5+n:]
		}
	}
}

func (vg *vecGroups) rehash() {
	n := 2 * len(vg.slots)
	slots, hashes := make([]int32, n), make([]uint32, n)
	mask := uint64(n - 1)
	for s, id := range vg.slots {
		if id == 0 {
			continue
		}
		// The table's index bits are the hash's low bits, kept in hashes
		// while the table has at most 2^32 slots.
		h := vg.hashes[s]
		t := uint64(h) & mask
		for slots[t] != 0 {
			t = (t + 1) & mask
		}
		slots[t], hashes[t] = id, h
	}
	vg.slots, vg.hashes = slots, hashes
}

// reset forgets group id's state: it was deleted, and a later row starts
// it afresh, as a new group of the row path.
func (vg *vecGroups) reset(id int32) {
	vg.count[id] = 0
	vg.alive[id], vg.emitted[id] = false, false
	for j := range vg.aggs {
		vg.aggs[j].clearGroup(id)
	}
	vg.live--
}

// bindKeys points vg.cols at the key columns of in, each read in the
// vector kind of the first batch's.
func (g *GroupAgg) bindKeys(in *stream.Batch) {
	vg := g.vec
	vg.cols = vg.cols[:0]
	for j, k := range g.Keys {
		c := &in.Cols[k]
		// A key's encoding depends on its vector's kind: every batch's key
		// column is read in the kind of the first one.
		// A nested row's key and a wide DECIMAL's are read as values.
		if len(vg.keyKinds) < len(g.Keys) {
			k := c.Kind
			if k == stream.VecStruct || k == stream.VecWide {
				k = stream.VecValues
			}
			vg.keyKinds = append(vg.keyKinds, k)
			vg.keyConv = append(vg.keyConv, stream.Vector{})
			vg.valueKeys = vg.valueKeys || k == stream.VecValues
		}
		if c.Kind != vg.keyKinds[j] {
			conv := &vg.keyConv[j]
			conv.Reset(vg.keyKinds[j])
			for i := range in.Rows() {
				conv.Append(c.Value(i))
			}
			c = conv
		}
		vg.cols = append(vg.cols, c)
	}
}

// processVec runs a batch through the typed state.
func (g *GroupAgg) processVec(in, out *stream.Batch) error {
	vg := g.vec
	if !in.Columnar {
		if vg.conv == nil {
			vg.conv = stream.NewBatch(in.Width)
		}
		c := vg.conv
		c.Reset()
		if len(vg.kinds) == 0 {
			for j := 0; j < in.Width; j++ {
				vg.kinds = append(vg.kinds, stream.VecValues)
			}
		}
		c.Columns(vg.kinds)
		for r := 0; r < in.Len(); r++ {
			c.Kinds = append(c.Kinds, in.Kinds[r])
			row := in.Row(r)
			for j := range c.Cols {
				c.Cols[j].Append(row[j])
			}
		}
		in = c
	}
	g.bindKeys(in)
	for j := range vg.aggs {
		a := &vg.aggs[j]
		if a.f.Arg < 0 || a.kind == vaCount {
			continue // COUNT reads only the column's nulls
		}
		switch c := &in.Cols[a.f.Arg]; {
		case c.Kind == stream.VecValues:
		case (a.kind == vaSumFloat || a.kind == vaMinFloat || a.kind == vaMaxFloat) != (c.Kind == stream.VecFloat):
			return errKindMismatch()
		}
	}
	nk := len(g.Keys)
	ids := vg.lookup(in)
	n := in.Len()
	if g.Final && allInserts(in) {
		// Batch mode over inserts: every row counts, and each aggregate
		// folds the batch in one typed loop.
		for _, id := range ids[:n] {
			if !vg.alive[id] {
				vg.alive[id] = true
				vg.live++
			}
			vg.count[id]++
		}
		for j := range vg.aggs {
			vg.aggs[j].fold(in, ids[:n], &vg.scratch)
		}
		return nil
	}
	if !g.Final && allInserts(in) {
		g.processInsertsVec(in, out, ids[:n], nk)
		return nil
	}
	for r := range n {
		i := in.Selected(r)
		id := ids[r]
		if id < 0 {
			continue // a retraction of a key never seen
		}
		kind := in.Kinds[i]
		retract := kind.Retracts()
		if !vg.alive[id] {
			if retract {
				continue
			}
			vg.alive[id] = true
			vg.live++
		}
		// The group's result before the row goes out at once, as the -U
		// (or -D) it becomes if the row changes it; emitVec takes it back
		// when the row does not. Writing it now spares a copy of the old
		// result kept aside per row.
		old := -1
		if !g.Final && vg.emitted[id] {
			old = out.Len()
			g.appendVec(out, stream.UpdateBefore, id, nk)
		}
		if retract {
			vg.count[id]--
		} else {
			vg.count[id]++
		}
		for j := range vg.aggs {
			vg.aggs[j].step(in, i, id, retract)
		}
		if g.Final {
			continue
		}
		g.emitVec(id, out, nk, old)
	}
	return nil
}

// aggResult is an aggregate's result, as vecAgg.value returns it.
type aggResult struct {
	i    int64
	f    float64
	null bool
}

// processInsertsVec is processVec in streaming mode over a batch of
// inserts: each aggregate takes the batch in one typed loop, which notes
// every row's result before and after it, and then the rows' changes go
// out in order, as emitVec writes them. Without retractions no group
// empties, so an aggregate's results depend on its rows alone.
func (g *GroupAgg) processInsertsVec(in, out *stream.Batch, ids []int32, nk int) {
	vg := g.vec
	n := len(ids)
	na := len(vg.aggs)
	vg.before = stream.Sized(vg.before, na*n)
	vg.after = stream.Sized(vg.after, na*n)
	for j := range vg.aggs {
		vg.aggs[j].stepInserts(in, ids, vg.before[j*n:(j+1)*n], vg.after[j*n:(j+1)*n])
	}
	for r, id := range ids {
		if !vg.alive[id] {
			vg.alive[id] = true
			vg.live++
		}
		vg.count[id]++
		if !vg.emitted[id] {
			g.appendResult(out, stream.Insert, id, nk, vg.after, r, n)
			vg.emitted[id] = true
			continue
		}
		changed := false
		for j := r; j < na*n; j += n {
			b, a := &vg.before[j], &vg.after[j]
			if b.null != a.null || !a.null && (b.i != a.i || b.f != a.f) {
				changed = true
				break
			}
		}
		if !changed {
			continue
		}
		if !g.NoUpdateBefore {
			g.appendResult(out, stream.UpdateBefore, id, nk, vg.before, r, n)
		}
		g.appendResult(out, stream.UpdateAfter, id, nk, vg.after, r, n)
	}
}

// appendResult appends group id's row with the results res[r], res[n+r],
// res[2n+r], ... of its aggregates.
func (g *GroupAgg) appendResult(out *stream.Batch, k stream.Kind, id int32, nk int, res []aggResult, r, n int) {
	vg := g.vec
	row := out.AppendDirty(k)
	if nk == 1 && !vg.valueKeys && vg.keyOff[id] == vg.keyOff[id+1] {
		row[0] = types.Value{I: vg.keyI[id]} // an integer key (vecGroups.key)
	} else {
		vg.key(id, row[:nk])
	}
	for j := range vg.aggs {
		x := &res[j*n+r]
		vg.aggs[j].put(&row[nk+j], x.i, x.f, x.null)
	}
}

// stepInserts steps the aggregate with the inserted rows of in, ids[r]
// the group of row r, noting each row's result before and after it. COUNT,
// integer SUM and integer MIN and MAX over integer columns are typed
// loops; the others step row by row.
func (a *vecAgg) stepInserts(in *stream.Batch, ids []int32, before, after []aggResult) {
	var c *stream.Vector
	if a.f.Arg >= 0 {
		c = &in.Cols[a.f.Arg]
	}
	typed := c == nil || c.Kind == stream.VecInt && !c.HasNulls
	switch {
	case typed && a.kind == vaCount:
		for r, id := range ids {
			v := a.i[id]
			before[r], after[r] = aggResult{i: v}, aggResult{i: v + 1}
			a.i[id] = v + 1
		}
		return
	case typed && c != nil && a.kind == vaSumInt && !a.avg:
		for r, id := range ids {
			x := c.I[in.Selected(r)]
			v, cnt := a.i[id], a.n[id]
			if cnt > 0 {
				before[r] = aggResult{i: v}
			} else {
				before[r] = aggResult{null: !a.sum0} // as value has it
			}
			if cnt == 0 {
				v = expr.WrapInt(x, a.accK)
			} else {
				v = expr.WrapInt(v+x, a.accK)
			}
			a.i[id], a.n[id] = v, cnt+1
			after[r] = aggResult{i: v}
		}
		return
	case typed && c != nil && (a.kind == vaMinInt || a.kind == vaMaxInt):
		max := a.kind == vaMaxInt
		for r, id := range ids {
			x := c.I[in.Selected(r)]
			v, seen := a.i[id], a.seen[id]
			before[r] = aggResult{i: v, null: !seen}
			if !seen || max && v < x || !max && x < v {
				v = x
			}
			a.i[id], a.seen[id] = v, true
			after[r] = aggResult{i: v}
		}
		return
	}
	for r, id := range ids {
		i, f, null := a.value(id)
		before[r] = aggResult{i, f, null}
		a.step(in, in.Selected(r), id, false)
		i, f, null = a.value(id)
		after[r] = aggResult{i, f, null}
	}
}

func allInserts(in *stream.Batch) bool {
	for _, k := range in.Kinds {
		if k != stream.Insert {
			return false
		}
	}
	return true
}

// lookup returns the group id of each selected row of in, adding the
// groups of inserted keys not seen before; a retraction of an unknown key
// gets -1.
func (vg *vecGroups) lookup(in *stream.Batch) []int32 {
	n := in.Len()
	if cap(vg.ids) < n {
		vg.ids = make([]int32, n, max(n, stream.DefaultBatchRows))
	}
	ids := vg.ids[:n]
	if vg.ints != nil && vg.cols[0].Kind == stream.VecInt {
		// A NULL key, or one with nanoseconds, is found through its
		// encoding: the integer table holds the others.
		c := vg.cols[0]
		for r := range n {
			i := in.Selected(r)
			if c.IsNull(i) || c.Nanos && c.N[i] != 0 {
				ids[r] = vg.lookupEncoded(in, i)
				continue
			}
			ids[r] = vg.lookupInt(in, i, c.I[i])
		}
		return ids
	}
	if len(vg.cols) == 1 && vg.cols[0].Kind == stream.VecBytes {
		// A string key is hashed and compared as it is, without building
		// its encoding; a NULL key goes through the encoding.
		c := vg.cols[0]
		for r := range n {
			i := in.Selected(r)
			if c.IsNull(i) {
				ids[r] = vg.lookupEncoded(in, i)
				continue
			}
			ids[r] = vg.lookupBytes(in, i, c.Bytes(i))
		}
		return ids
	}
	// Integer keys without NULLs (a window's start and end, over rows in
	// time order) come in runs: a row whose key equals the previous
	// selected row's takes its group without encoding and hashing it.
	ints := true
	for _, c := range vg.cols {
		if c.Kind != stream.VecInt || c.HasNulls {
			ints = false
			break
		}
	}
	if ints && len(vg.cols) == 2 && !vg.cols[0].Nanos && !vg.cols[1].Nanos {
		// A window's start and end: sameIntKey, written out.
		a, b := vg.cols[0].I, vg.cols[1].I
		prev := -1
		for r := range n {
			i := in.Selected(r)
			if prev >= 0 && ids[r-1] >= 0 && a[i] == a[prev] && b[i] == b[prev] {
				ids[r] = ids[r-1]
			} else {
				ids[r] = vg.lookupEncoded(in, i)
			}
			prev = i
		}
		return ids
	}
	prev := -1
	for r := range n {
		i := in.Selected(r)
		if ints && prev >= 0 && ids[r-1] >= 0 && sameIntKey(vg.cols, prev, i) {
			ids[r] = ids[r-1]
		} else {
			ids[r] = vg.lookupEncoded(in, i)
		}
		prev = i
	}
	return ids
}

// sameIntKey reports whether rows i and j have one key in the VecInt key
// columns cols, none NULL.
func sameIntKey(cols []*stream.Vector, i, j int) bool {
	for _, c := range cols {
		if c.I[i] != c.I[j] || c.Nanos && c.N[i] != c.N[j] {
			return false
		}
	}
	return true
}

// lookupBytes finds the group of a non-NULL string key b (row i of in) in
// the encoded table, whose entry for it is hashed over b alone.
func (vg *vecGroups) lookupBytes(in *stream.Batch, i int, b []byte) int32 {
	h := hashKey(b)
	mask := uint64(len(vg.slots) - 1)
	for s := h & mask; ; s = (s + 1) & mask {
		id := vg.slots[s]
		if id == 0 {
			if in.Kinds[i].Retracts() {
				return -1
			}
			vg.enc = appendKeyOf(vg.enc[:0], vg.cols[0], i)
			return vg.insert(vg.enc, h, int(s), in, i)
		}
		if vg.hashes[s] == uint32(h) {
			g := id - 1
			enc := vg.keyData[vg.keyOff[g]:vg.keyOff[g+1]]
			if len(enc) == 5+len(b) && enc[0] == 1 && string(enc[5:]) == string(b) {
				return g
			}
		}
	}
}

// lookupInt finds the group of a non-NULL integer key x, which row i of
// in holds, in the integer table (ints).
func (vg *vecGroups) lookupInt(in *stream.Batch, i int, x int64) int32 {
	t := vg.ints
	mask := uint64(len(t.ids) - 1)
	for s := intSlot(x, mask); ; s = (s + 1) & mask {
		id := t.ids[s]
		if id == 0 {
			if in.Kinds[i].Retracts() {
				return -1
			}
			g := vg.newGroup(nil, x, in, i)
			t.ids[s] = g + 1
			t.n++
			if 4*t.n >= 3*len(t.ids) {
				t.grow(vg.keyI)
			}
			return g
		}
		if vg.keyI[id-1] == x {
			return id - 1
		}
	}
}

func intSlot(x int64, mask uint64) uint64 {
	h := uint64(x) * 0x9e3779b97f4a7c15
	return (h ^ h>>29) & mask
}

// intTable maps integer keys to group ids by open addressing; a slot
// holds the id only, the key is the group's keyI.
type intTable struct {
	ids []int32 // group id + 1; 0: empty
	n   int
}

func (t *intTable) grow(keys []int64) {
	ids := t.ids
	t.ids = make([]int32, 2*len(ids))
	mask := uint64(len(t.ids) - 1)
	for _, id := range ids {
		if id == 0 {
			continue
		}
		u := intSlot(keys[id-1], mask)
		for t.ids[u] != 0 {
			u = (u + 1) & mask
		}
		t.ids[u] = id
	}
}

// lookupEncoded finds row i's group through its key's encoding.
func (vg *vecGroups) lookupEncoded(in *stream.Batch, i int) int32 {
	enc := vg.enc[:0]
	for _, c := range vg.cols {
		enc = appendKeyOf(enc, c, i)
	}
	vg.enc = enc
	h := hashKey(enc)
	id, slot := vg.find(enc, h)
	if id >= 0 {
		return id
	}
	if in.Kinds[i].Retracts() {
		return -1
	}
	return vg.insert(enc, h, slot, in, i)
}

// fold is step for every row of a batch of inserts, ids[r] the group of
// the r-th selected row.
func (a *vecAgg) fold(in *stream.Batch, ids []int32, scratch *vecScratch) {
	var c *stream.Vector
	if a.f.Arg >= 0 {
		c = &in.Cols[a.f.Arg]
	}
	typed := c == nil || c.Kind == stream.VecInt || c.Kind == stream.VecFloat
	if !typed || (c != nil && c.HasNulls) {
		for r, id := range ids {
			a.step(in, in.Selected(r), id, false)
		}
		return
	}
	var xi []int64
	var xf []float64
	if c != nil {
		// The selected rows' values, dense.
		xi, xf = c.I, c.F
		if in.Sel != nil {
			if c.Kind == stream.VecInt {
				scratch.i = scratch.i[:0]
				for _, i := range in.Sel {
					scratch.i = append(scratch.i, c.I[i])
				}
				xi = scratch.i
			} else {
				scratch.f = scratch.f[:0]
				for _, i := range in.Sel {
					scratch.f = append(scratch.f, c.F[i])
				}
				xf = scratch.f
			}
		}
	}
	switch a.kind {
	case vaCount:
		for _, id := range ids {
			a.i[id]++
		}
	case vaSumInt:
		for r, id := range ids {
			x := xi[r]
			if a.n[id] == 0 {
				a.i[id], a.n[id] = expr.WrapInt(x, a.accK), 1
				continue
			}
			a.i[id] = expr.WrapInt(a.i[id]+x, a.accK)
			a.n[id]++
		}
	case vaSumFloat:
		for r, id := range ids {
			if a.n[id] == 0 {
				a.x[id], a.n[id] = xf[r], 1
				continue
			}
			a.x[id] += xf[r]
			a.n[id]++
		}
	case vaMaxInt:
		for r, id := range ids {
			if x := xi[r]; !a.seen[id] || a.i[id] < x {
				a.i[id], a.seen[id] = x, true
			}
		}
	case vaMinInt:
		for r, id := range ids {
			if x := xi[r]; !a.seen[id] || x < a.i[id] {
				a.i[id], a.seen[id] = x, true
			}
		}
	default:
		for r, id := range ids {
			a.step(in, in.Selected(r), id, false)
		}
	}
}

// vecScratch holds a batch's selected values, dense.
type vecScratch struct {
	i []int64
	f []float64
}

// step folds row i of in into group id, as the row accumulators do.
func (a *vecAgg) step(in *stream.Batch, i int, id int32, retract bool) {
	var c *stream.Vector
	if a.f.Arg >= 0 {
		c = &in.Cols[a.f.Arg]
		if c.IsNull(i) {
			return // every accumulator skips NULL (COUNT(x) counts non-NULL)
		}
	}
	var xi int64
	var xf float64
	if c != nil {
		switch c.Kind {
		case stream.VecInt:
			xi = c.I[i]
		case stream.VecFloat:
			xf = c.F[i]
		case stream.VecValues:
			v := c.V[i]
			xi, xf = v.I, v.F
		}
	}
	switch a.kind {
	case vaCount: // countAcc
		if retract {
			a.i[id]--
		} else {
			a.i[id]++
		}
	case vaSumInt: // sumAcc: CAST(acc ± v AS accT), restarting at the first value
		switch {
		case a.n[id] == 0 && !retract:
			a.i[id], a.n[id] = expr.WrapInt(xi, a.accK), 1
		case retract:
			a.i[id] = expr.WrapInt(a.i[id]-xi, a.accK)
			a.n[id]--
		default:
			a.i[id] = expr.WrapInt(a.i[id]+xi, a.accK)
			a.n[id]++
		}
	case vaSumFloat:
		switch {
		case a.n[id] == 0 && !retract:
			a.x[id], a.n[id] = xf, 1
		case retract:
			a.x[id] -= xf
			a.n[id]--
		default:
			a.x[id] += xf
			a.n[id]++
		}
	case vaMinInt, vaMaxInt: // minMaxAcc over an insert-only input
		switch {
		case !a.seen[id]:
			a.i[id], a.seen[id] = xi, true
		case a.kind == vaMinInt && xi < a.i[id], a.kind == vaMaxInt && a.i[id] < xi:
			a.i[id] = xi
		}
	case vaMinFloat, vaMaxFloat:
		switch {
		case !a.seen[id]:
			a.x[id], a.seen[id] = xf, true
		case a.kind == vaMinFloat && xf < a.x[id], a.kind == vaMaxFloat && a.x[id] < xf:
			a.x[id] = xf
		}
	}
}

// value returns group id's result: its int64 or float64 and whether it is
// NULL, as the row accumulators' value().
func (a *vecAgg) value(id int32) (int64, float64, bool) {
	switch a.kind {
	case vaCount:
		return a.i[id], 0, false
	case vaSumInt:
		switch {
		case a.n[id] <= 0:
			return 0, 0, !a.sum0
		case a.avg:
			return expr.WrapInt(a.i[id]/a.n[id], a.outK), 0, false
		}
		return a.i[id], 0, false
	case vaSumFloat:
		switch {
		case a.n[id] <= 0:
			return 0, 0, !a.sum0
		case a.avg:
			return 0, a.x[id] / float64(a.n[id]), false
		}
		return 0, a.x[id], false
	case vaMinInt, vaMaxInt:
		return a.i[id], 0, !a.seen[id]
	}
	return 0, a.x[id], !a.seen[id]
}

// emitVec writes the changelog of group id after a row, as emit does.
// old is the index in out of the row of the group's result before it
// (processVec's), -1 when the group had emitted none.
func (g *GroupAgg) emitVec(id int32, out *stream.Batch, nk, old int) {
	vg := g.vec
	if vg.count[id] <= 0 {
		if old >= 0 {
			out.Kinds[old] = stream.Delete
		}
		vg.reset(id)
		return
	}
	if old < 0 {
		g.appendVec(out, stream.Insert, id, nk)
		vg.emitted[id] = true
		return
	}
	prev := out.Row(old)[nk:]
	changed := false
	for j := range vg.aggs {
		i, f, null := vg.aggs[j].value(id)
		if p := &prev[j]; null != p.Null || !null && (i != p.I || f != p.F) {
			changed = true
			break
		}
	}
	switch {
	case !changed:
		out.Truncate(old)
		return
	case g.NoUpdateBefore:
		out.Truncate(old)
	}
	g.appendVec(out, stream.UpdateAfter, id, nk)
}

// appendVec appends group id's row with its current result. It writes
// every slot of the row, the key's and the results', so the row is not
// cleared first.
func (g *GroupAgg) appendVec(out *stream.Batch, k stream.Kind, id int32, nk int) {
	vg := g.vec
	row := out.AppendDirty(k)
	vg.key(id, row[:nk])
	for j := range vg.aggs {
		a := &vg.aggs[j]
		i, f, null := a.value(id)
		a.put(&row[nk+j], i, f, null)
	}
}

// finishVec emits the final results in batch mode, in first-seen order.
func (g *GroupAgg) finishVec(out *stream.Batch) {
	vg := g.vec
	nk := len(g.Keys)
	if nk == 0 && len(vg.count) == 0 {
		row := out.Append(stream.Insert)
		for j := range vg.aggs {
			if vg.aggs[j].kind == vaCount || vg.aggs[j].sum0 {
				row[j] = types.Value{}
			} else {
				row[j] = types.NullValue
			}
		}
		return
	}
	out.Grow(vg.live)
	for id := range int32(len(vg.count)) {
		if vg.count[id] <= 0 {
			continue
		}
		g.appendVec(out, stream.Insert, id, nk)
	}
}

func errKindMismatch() error {
	return diag.Errorf(diag.NoPos, diag.IllegalState, "columnar batch: an aggregate's column has a vector kind its type does not have")
}

// Sliceable reports whether aggregates over rows split into parts can be
// computed from the parts' typed states (GroupAgg.MergeFrom) with the
// results of one pass over all the rows, in any order: COUNT, and SUM,
// SUM0, AVG, MIN and MAX of integers, whose integer arithmetic wraps alike
// in any order. Floating-point sums and extremes (signed zeros) depend on
// the order of the rows, and are not.
func Sliceable(aggs []AggFunc) bool {
	for _, a := range aggs {
		v, ok := vecAggOf(a)
		if !ok {
			return false
		}
		switch v.kind {
		case vaCount, vaSumInt, vaMinInt, vaMaxInt:
		default:
			return false
		}
	}
	return true
}

// merge folds group sid of src, an aggregate of the same function, into
// group id.
func (a *vecAgg) merge(id int32, src *vecAgg, sid int32) {
	switch a.kind {
	case vaCount:
		a.i[id] += src.i[sid]
	case vaSumInt:
		switch {
		case src.n[sid] == 0:
		case a.n[id] == 0:
			a.i[id], a.n[id] = src.i[sid], src.n[sid]
		default:
			a.i[id] = expr.WrapInt(a.i[id]+src.i[sid], a.accK)
			a.n[id] += src.n[sid]
		}
	case vaMinInt, vaMaxInt:
		x := src.i[sid]
		switch {
		case !src.seen[sid]:
		case !a.seen[id]:
			a.i[id], a.seen[id] = x, true
		case a.kind == vaMinInt && x < a.i[id], a.kind == vaMaxInt && a.i[id] < x:
			a.i[id] = x
		}
	}
}

// MergeFrom folds the groups of parts into g, a GroupAgg over the same
// keys and Sliceable aggregates, every one typed (ColumnsIn) and in final
// mode. Groups come in the order of their first rows (their seq), so g's
// groups are in first-seen order over all the parts' rows; kinds are the
// vector kinds of the keys.
func (g *GroupAgg) MergeFrom(parts []*GroupAgg, kinds []stream.VecKind) {
	type ref struct {
		p   *vecGroups
		id  int32
		seq int64
	}
	var refs []ref
	for _, p := range parts {
		vg := p.vec
		for id := range int32(len(vg.count)) {
			if vg.count[id] > 0 {
				refs = append(refs, ref{vg, id, vg.seq[id]})
			}
		}
	}
	if len(refs) == 0 {
		return
	}
	sort.SliceStable(refs, func(i, j int) bool { return refs[i].seq < refs[j].seq })
	width := 0
	for _, k := range g.Keys {
		width = max(width, k+1)
	}
	cols := make([]stream.VecKind, width)
	for k, col := range g.Keys {
		if k < len(kinds) {
			cols[col] = kinds[k]
		}
	}
	b := stream.NewBatch(width)
	b.Columns(cols)
	for _, col := range g.Keys {
		b.Cols[col].Reserve(len(refs), 0)
	}
	b.Kinds = make([]stream.Kind, 0, len(refs))
	key := make([]types.Value, len(g.Keys))
	for _, r := range refs {
		r.p.key(r.id, key)
		for k, col := range g.Keys {
			b.Cols[col].Append(key[k])
		}
		b.Kinds = append(b.Kinds, stream.Insert)
	}
	vg := g.vec
	g.bindKeys(b)
	ids := vg.lookup(b)
	for k, r := range refs {
		id := ids[k]
		if !vg.alive[id] {
			vg.alive[id] = true
			vg.live++
		}
		vg.count[id] += r.p.count[r.id]
		for j := range vg.aggs {
			vg.aggs[j].merge(id, &r.p.aggs[j], r.id)
		}
	}
}

// result returns group id's result as a value.
func (a *vecAgg) result(id int32) types.Value {
	var v types.Value
	i, f, null := a.value(id)
	a.put(&v, i, f, null)
	return v
}

// put sets *dst to a result of value() as a value of the aggregate's
// type. It writes the value in place, field by field: a 64-byte Value
// returned and then copied into a batch's row took a third of streaming
// GROUP BY's time in the copy's write barriers (BenchmarkAnchorGroupByStreaming).
func (a *vecAgg) put(dst *types.Value, i int64, f float64, null bool) {
	switch {
	case null:
		*dst = types.Value{Null: true}
	case a.float:
		*dst = types.Value{F: f}
	default:
		*dst = types.Value{I: i}
	}
}
