package stream

import (
	"math/big"
	"math/bits"

	"github.com/flinkplay/flinkplay/engine/types"
)

// Columnar batches.
//
// A batch is row-major (Vals) or columnar (Cols): one Vector per column,
// typed and free of pointers for the common types, so that kernels run in
// tight loops over int64 or float64 slices, copies pay no write barriers
// and the collector has nothing to scan. Kinds stays the row-kind vector
// of both forms.
//
// A columnar batch may carry a selection (Sel): the rows it holds are the
// physical rows Sel lists, in order, so a filter narrows a batch without
// copying it. Len counts the selected rows.
//
// Columns travel only where both sides speak them: a source that implements
// ColumnarSource and the operators after it that implement
// ColumnarOperator. The runtime turns a columnar batch into rows
// (Materialize) before the first stage that does not, so every other
// operator, sink and consumer sees rows as before.

// VecKind is how a Vector stores its values.
type VecKind uint8

// The vector kinds. Which one a column uses follows from its type
// (VecKindOf), as the field of types.Value that holds it does.
const (
	// VecValues holds types.Value: nested, big-decimal and variant types.
	VecValues VecKind = iota
	// VecInt holds int64: the integer family, BOOLEAN, DATE, TIME,
	// intervals, DECIMAL up to 18 digits, and TIMESTAMPs' milliseconds.
	VecInt
	// VecFloat holds float64: FLOAT and DOUBLE.
	VecFloat
	// VecBytes holds strings and binary strings as offsets into one byte
	// arena.
	VecBytes
	// VecStruct holds ROW values as one vector per field (Fields), each as
	// long as the column. A field is NULL wherever its row is, so a field
	// access is the field's vector itself. No type maps to it: a source
	// that fills nested rows field by field chooses it (ResetStruct), and
	// every reader of a ROW column takes it as well as VecValues.
	VecStruct
	// VecWide holds DECIMALs of more than 18 digits as 128-bit two's
	// complement unscaled values, the low words in I and the high words
	// in H: no pointers, so making one allocates nothing and the
	// collector does not scan it. Every DECIMAL of up to 38 digits fits.
	// No type maps to it: a kernel that computes wide decimals chooses it
	// (a DECIMAL product), and every reader of a wide DECIMAL column
	// takes it as well as VecValues; Value makes the *big.Int a row
	// holds.
	VecWide
)

// VecKindOf returns the vector kind of a column of type t.
func VecKindOf(t types.Type) VecKind {
	switch {
	case t.Kind == types.Float || t.Kind == types.Double:
		return VecFloat
	case t.IsCharacter() || t.Kind == types.Binary || t.Kind == types.Varbinary:
		return VecBytes
	case t.Kind == types.Decimal:
		if t.Precision <= 18 {
			return VecInt
		}
		return VecValues
	case t.IsInteger(), t.Kind == types.Boolean, t.Kind == types.Date, t.Kind == types.Time,
		t.IsTimestamp(), t.IsInterval():
		return VecInt
	}
	return VecValues
}

// Vector is one column of a columnar batch: n values of one kind and a
// null bitmap. Its slices are reused when the batch is reset.
type Vector struct {
	Kind VecKind
	I    []int64   // VecInt; VecWide's low words
	H    []int64   // VecWide's high words
	F    []float64 // VecFloat
	// N holds TIMESTAMPs' nanoseconds within the millisecond when Nanos is
	// set; otherwise they are all zero.
	N     []int32
	Nanos bool
	Off   []int32 // VecBytes: value i is Data[Off[i]:Off[i+1]]
	Data  []byte
	// Views makes a VecBytes vector a vector of views into Data, storage
	// it shares and never writes (a source's read-only strings): value i
	// is Data[Start[i]:Off[i+1]], so values need be neither adjacent nor
	// in order. Appending to it first copies its values into storage of
	// its own (Densify).
	Views bool
	Start []int32
	V     []types.Value // VecValues
	// Fields are a VecStruct's field vectors and Count its number of
	// values.
	Fields []Vector
	Count  int
	// Nulls has bit i set when value i is NULL; it is valid only when
	// HasNulls is set.
	Nulls    []uint64
	HasNulls bool
}

// Reset empties v and gives it kind k, keeping its storage.
func (v *Vector) Reset(k VecKind) {
	v.Kind = k
	v.I, v.F, v.N, v.H = v.I[:0], v.F[:0], v.N[:0], v.H[:0]
	if v.Views {
		// Data is shared: appending must not write into it.
		v.Data, v.Views = nil, false
	}
	v.Off, v.Data, v.Start = v.Off[:0], v.Data[:0], v.Start[:0]
	clear(v.V)
	v.V = v.V[:0]
	v.Fields, v.Count = v.Fields[:0], 0
	v.Nanos, v.HasNulls = false, false
}

// SetViews makes v, a VecBytes vector, the views of value i =
// data[start[i]:off[i+1]]; v keeps the slices, and data must not change
// while v or any value read from it lives.
func (v *Vector) SetViews(data []byte, start, off []int32) {
	v.Data, v.Start, v.Off, v.Views = data, start, off, true
}

// ViewsOf makes v, an empty VecBytes vector, a vector of views into
// data, to which AppendView appends values; data must not change while v
// or any value read from it lives.
func (v *Vector) ViewsOf(data []byte) {
	v.Data, v.Views = data, true
	v.Off = append(v.Off[:0], 0)
	v.Start = reserve(v.Start[:0], cap(v.Off)-1)
}

// AppendView appends the value Data[start:end] to a vector of views.
func (v *Vector) AppendView(start, end int32) {
	v.Start = append(v.Start, start)
	v.Off = append(v.Off, end)
	v.fitNulls()
}

// Densify turns a vector of views into the plain form, its values copied
// into storage of its own in order; other vectors may share the views'
// slices, so they are left as they are.
func (v *Vector) Densify() {
	if !v.Views {
		return
	}
	n := v.Len()
	size := 0
	for i := range n {
		size += int(v.Off[i+1] - v.Start[i])
	}
	data := make([]byte, 0, size)
	off := make([]int32, n+1, max(n+1, DefaultBatchRows+1))
	for i := range n {
		data = append(data, v.Data[v.Start[i]:v.Off[i+1]]...)
		off[i+1] = int32(len(data))
	}
	v.Data, v.Off, v.Start, v.Views = data, off, nil, false
}

// ResetStruct empties v and makes it a VecStruct whose fields have the
// given kinds, keeping the storage of v and of its fields.
func (v *Vector) ResetStruct(kinds []VecKind) {
	v.Reset(VecStruct)
	if cap(v.Fields) < len(kinds) {
		v.Fields = append(v.Fields[:cap(v.Fields)], make([]Vector, len(kinds)-cap(v.Fields))...)
	}
	v.Fields = v.Fields[:len(kinds)]
	for i, k := range kinds {
		v.Fields[i].Reset(k)
	}
}

// AppendStruct counts one non-NULL value of a VecStruct whose fields
// the caller has appended.
func (v *Vector) AppendStruct() {
	v.Count++
	v.fitNulls()
}

// AppendNulls appends k NULL values (of every field, for a VecStruct).
func (v *Vector) AppendNulls(k int) {
	if k <= 0 {
		return
	}
	i := v.Len()
	switch v.Kind {
	case VecInt:
		v.I = grown(v.I, k)
		if v.Nanos {
			v.N = grown(v.N, k)
		}
	case VecFloat:
		v.F = grown(v.F, k)
	case VecWide:
		v.I, v.H = grown(v.I, k), grown(v.H, k)
	case VecBytes:
		if v.Views {
			// NULLs are empty views.
			v.Start = grown(v.Start, k)
			v.Off = grown(v.Off, k)
			break
		}
		if len(v.Off) == 0 {
			v.Off = append(v.Off, 0)
		}
		end := int32(len(v.Data))
		v.Off = grown(v.Off, k) // zeros: already the end of an empty vector's data
		if end != 0 {
			for j := len(v.Off) - k; j < len(v.Off); j++ {
				v.Off[j] = end
			}
		}
	case VecStruct:
		for j := range v.Fields {
			v.Fields[j].AppendNulls(k)
		}
		v.Count += k
	default:
		v.V = grown(v.V, k)
		for j := len(v.V) - k; j < len(v.V); j++ {
			v.V[j] = types.NullValue
		}
	}
	v.setNulls(i, i+k)
}

// grown returns s extended by k zero elements.
func grown[T any](s []T, k int) []T {
	n := len(s) + k
	if cap(s) < n {
		s = append(s[:cap(s)], make([]T, n-cap(s))...)
	}
	s = s[:n]
	clear(s[n-k:])
	return s
}

// setNulls marks values [lo, hi) NULL; they must already be appended. It
// sets a word of the bitmap at a time: a batch's unread fields are all
// NULL (a columnar source's FieldPruner), one run each.
func (v *Vector) setNulls(lo, hi int) {
	if lo >= hi {
		return
	}
	v.SetNull(lo)
	v.fitNulls()
	nulls := v.Nulls
	first, last := lo>>6, (hi-1)>>6
	from := ^uint64(0) << (uint(lo) & 63)    // the bits from lo on in its word
	to := ^uint64(0) >> (63 - uint(hi-1)&63) // the bits up to hi-1 in its word
	if first == last {
		nulls[first] |= from & to
		return
	}
	nulls[first] |= from
	for w := first + 1; w < last; w++ {
		nulls[w] = ^uint64(0)
	}
	nulls[last] |= to
}

// AppendNull appends a NULL value (of every field, for a VecStruct).
func (v *Vector) AppendNull() { v.AppendNulls(1) }

// Len returns the number of values.
func (v *Vector) Len() int {
	switch v.Kind {
	case VecInt, VecWide:
		return len(v.I)
	case VecFloat:
		return len(v.F)
	case VecBytes:
		if len(v.Off) == 0 {
			return 0
		}
		return len(v.Off) - 1
	case VecStruct:
		return v.Count
	}
	return len(v.V)
}

// IsNull reports whether value i is NULL.
func (v *Vector) IsNull(i int) bool {
	return v.HasNulls && v.Nulls[i>>6]&(1<<(uint(i)&63)) != 0
}

// SetNull marks value i NULL; the value itself must already be appended.
func (v *Vector) SetNull(i int) {
	w := i >> 6
	if !v.HasNulls {
		v.HasNulls = true
		n := (v.Len() + 63) >> 6
		if cap(v.Nulls) < n {
			v.Nulls = make([]uint64, n, max(n, 16))
		}
		v.Nulls = v.Nulls[:n]
		clear(v.Nulls)
	}
	for len(v.Nulls) <= w {
		v.Nulls = append(v.Nulls, 0)
	}
	v.Nulls[w] |= 1 << (uint(i) & 63)
}

// fitNulls grows the bitmap to cover the values appended since SetNull.
func (v *Vector) fitNulls() {
	if !v.HasNulls {
		return
	}
	n := (v.Len() + 63) >> 6
	for len(v.Nulls) < n {
		v.Nulls = append(v.Nulls, 0)
	}
}

// Bytes returns value i of a VecBytes vector; it aliases the vector.
func (v *Vector) Bytes(i int) []byte {
	if v.Views {
		return v.Data[v.Start[i]:v.Off[i+1]:v.Off[i+1]]
	}
	return v.Data[v.Off[i]:v.Off[i+1]:v.Off[i+1]]
}

// AppendBytes appends a non-NULL string value.
func (v *Vector) AppendBytes(b []byte) {
	v.Densify()
	if len(v.Off) == 0 {
		v.Off = append(v.Off, 0)
	}
	v.Data = append(v.Data, b...)
	v.Off = append(v.Off, int32(len(v.Data)))
	v.fitNulls()
}

// AppendString is AppendBytes of a string's bytes.
func (v *Vector) AppendString(s string) {
	v.Densify()
	if len(v.Off) == 0 {
		v.Off = append(v.Off, 0)
	}
	v.Data = append(v.Data, s...)
	v.Off = append(v.Off, int32(len(v.Data)))
	v.fitNulls()
}

// Append appends x, a value of the vector's column type.
func (v *Vector) Append(x types.Value) {
	i := v.Len()
	switch v.Kind {
	case VecInt:
		v.I = append(v.I, x.I)
		if x.N != 0 && !v.Nanos {
			v.Nanos = true
			v.N = append(v.N[:0], make([]int32, i)...)
		}
		if v.Nanos {
			v.N = append(v.N, x.N)
		}
	case VecFloat:
		v.F = append(v.F, x.F)
	case VecWide:
		lo, hi, ok := WideOf(x)
		v.I, v.H = append(v.I, lo), append(v.H, hi)
		if !ok && !x.Null {
			v.SetNull(i) // more than 127 bits: no DECIMAL's value
			return
		}
	case VecBytes:
		v.AppendBytes(x.B)
	case VecStruct:
		if x.Null {
			v.AppendNull()
			return
		}
		var fields []types.Value
		if r, ok := x.X.(*types.RowValue); ok && r != nil {
			fields = r.Fields
		}
		for j := range v.Fields {
			if j < len(fields) {
				v.Fields[j].Append(fields[j])
			} else {
				v.Fields[j].AppendNull()
			}
		}
		v.Count++
	default:
		v.V = append(v.V, x)
	}
	if x.Null {
		v.SetNull(i)
	} else {
		v.fitNulls()
	}
}

// Value returns value i; a string aliases the vector.
func (v *Vector) Value(i int) types.Value {
	if v.IsNull(i) {
		return types.NullValue
	}
	switch v.Kind {
	case VecInt:
		if v.Nanos {
			return types.Value{I: v.I[i], N: v.N[i]}
		}
		return types.Value{I: v.I[i]}
	case VecFloat:
		return types.Value{F: v.F[i]}
	case VecWide:
		return WideValue(v.I[i], v.H[i])
	case VecBytes:
		return types.Value{B: v.Bytes(i)}
	case VecStruct:
		r := &types.RowValue{Fields: make([]types.Value, len(v.Fields))}
		for j := range v.Fields {
			r.Fields[j] = v.Fields[j].Value(i)
		}
		return types.Value{X: r}
	}
	return v.V[i]
}

// Columns turns b, reset, into a columnar batch of Width columns, the
// vectors reset and given their kinds.
func (b *Batch) Columns(kinds []VecKind) {
	b.Columnar = true
	if cap(b.Cols) < len(kinds) {
		b.Cols = make([]Vector, len(kinds))
	}
	b.Cols = b.Cols[:len(kinds)]
	for i, k := range kinds {
		b.Cols[i].Reset(k)
	}
}

// Rows returns the number of physical rows of a columnar batch, selected
// or not.
func (b *Batch) Rows() int { return len(b.Kinds) }

// Selected returns the physical index of the i-th row of a columnar batch.
func (b *Batch) Selected(i int) int {
	if b.Sel != nil {
		return int(b.Sel[i])
	}
	return i
}

// Materialize appends the rows of the columnar batch b to dst, a row
// batch of the same width. Strings alias b's vectors, so dst is valid as
// long as b is.
func (b *Batch) Materialize(dst *Batch) {
	n := b.Len()
	var slab structSlab
	for r := 0; r < n; r++ {
		i := b.Selected(r)
		row := dst.Append(b.Kinds[i])
		for j := range b.Cols {
			c := &b.Cols[j]
			if c.Kind == VecStruct && !c.IsNull(i) {
				row[j] = slab.row(c, i, n)
				continue
			}
			row[j] = c.Value(i)
		}
	}
}

// structSlab holds the nested rows that one Materialize makes, so that a
// ROW value costs no allocation of its own.
type structSlab struct {
	rows []types.RowValue
	vals []types.Value
}

// row returns value i of the VecStruct c, taking its storage from the
// slab, which is sized for n more rows of c's width when it runs out.
func (s *structSlab) row(c *Vector, i, n int) types.Value {
	w := len(c.Fields)
	if len(s.rows) == 0 {
		s.rows = make([]types.RowValue, n)
	}
	if len(s.vals) < w {
		s.vals = make([]types.Value, n*w)
	}
	r := &s.rows[0]
	s.rows = s.rows[1:]
	r.Fields = s.vals[:w:w]
	s.vals = s.vals[w:]
	for j := range c.Fields {
		r.Fields[j] = c.Fields[j].Value(i)
	}
	return types.Value{X: r}
}

// ColumnarSource is a Source that can fill columnar batches.
type ColumnarSource interface {
	Source
	// EnableColumns asks the source to fill columnar batches from now on;
	// it reports whether it will. It is called once, after Open and
	// before the first Next.
	EnableColumns() bool
}

// ColumnarOperator is an Operator that accepts columnar batches.
type ColumnarOperator interface {
	Operator
	// ColumnsIn reports whether Process accepts columnar input. It is
	// called once, after Open. Process may then write rows or columns to
	// its output, but never both into one batch.
	ColumnsIn() bool
}

// CopyFrom makes v a deep copy of src in v's own storage.
func (v *Vector) CopyFrom(src *Vector) {
	v.Kind, v.Nanos, v.HasNulls, v.Count = src.Kind, src.Nanos, src.HasNulls, src.Count
	v.I = append(v.I[:0], src.I...)
	v.H = append(v.H[:0], src.H...)
	v.F = append(v.F[:0], src.F...)
	v.N = append(v.N[:0], src.N...)
	v.Off = append(v.Off[:0], src.Off...)
	if src.Views {
		// The views' storage never changes: the copy shares it.
		v.Data, v.Views = src.Data, true
		v.Start = append(v.Start[:0], src.Start...)
	} else {
		if v.Views {
			v.Data, v.Views = nil, false
		}
		v.Data = append(v.Data[:0], src.Data...)
		v.Start = v.Start[:0]
	}
	clear(v.V)
	v.V = v.V[:0]
	for _, x := range src.V {
		v.V = append(v.V, x.Clone())
	}
	v.Nulls = append(v.Nulls[:0], src.Nulls...)
	if cap(v.Fields) < len(src.Fields) {
		v.Fields = make([]Vector, len(src.Fields))
	}
	v.Fields = v.Fields[:len(src.Fields)]
	for j := range src.Fields {
		v.Fields[j].CopyFrom(&src.Fields[j])
	}
}

// CopyColumns makes b, reset, a deep copy of the columnar batch src: its
// columns, row kinds and selection.
func (b *Batch) CopyColumns(src *Batch) {
	b.Columnar = true
	b.Kinds = append(b.Kinds[:0], src.Kinds...)
	b.Sel = nil
	if src.Sel != nil {
		b.Sel = append([]int32(nil), src.Sel...)
	}
	if cap(b.Cols) < len(src.Cols) {
		b.Cols = append(b.Cols[:cap(b.Cols)], make([]Vector, len(src.Cols)-cap(b.Cols))...)
	}
	b.Cols = b.Cols[:len(src.Cols)]
	for j := range src.Cols {
		b.Cols[j].CopyFrom(&src.Cols[j])
	}
}

// ColumnarSink is a Sink that accepts columnar batches.
type ColumnarSink interface {
	Sink
	// ColumnsIn reports whether Write accepts columnar batches.
	ColumnsIn() bool
}

// SliceOf makes v show the values [lo, hi) of src without copying them:
// v shares src's storage, which must outlive it and not change meanwhile.
func (v *Vector) SliceOf(src *Vector, lo, hi int) {
	v.Kind, v.Nanos, v.HasNulls = src.Kind, src.Nanos, false
	switch src.Kind {
	case VecInt:
		v.I = src.I[lo:hi:hi]
		if src.Nanos {
			v.N = src.N[lo:hi:hi]
		}
	case VecFloat:
		v.F = src.F[lo:hi:hi]
	case VecWide:
		v.I, v.H = src.I[lo:hi:hi], src.H[lo:hi:hi]
	case VecBytes:
		// Offsets index the whole arena, so a window of them needs no
		// rebasing.
		v.Off = src.Off[lo : hi+1 : hi+1]
		v.Data, v.Views = src.Data, src.Views
		if src.Views {
			v.Start = src.Start[lo:hi:hi]
		}
	case VecStruct:
		// v's own Fields may share another vector's storage (a copied
		// Vector), so the windows get storage of their own.
		v.Fields = make([]Vector, len(src.Fields))
		for j := range src.Fields {
			v.Fields[j].SliceOf(&src.Fields[j], lo, hi)
		}
		v.Count = hi - lo
	default:
		v.V = src.V[lo:hi:hi]
	}
	if !src.HasNulls {
		return
	}
	if lo%64 == 0 {
		v.Nulls = src.Nulls[lo/64 : (hi+63)/64 : (hi+63)/64]
		v.HasNulls = true
		return
	}
	v.Nulls = nil
	for i := lo; i < hi; i++ {
		if src.IsNull(i) {
			v.SetNull(i - lo)
		}
	}
}

// Reserve makes room for n more values (and, for strings, bytes more
// bytes), so that appending them copies nothing.
func (v *Vector) Reserve(n, bytes int) {
	switch v.Kind {
	case VecInt:
		v.I = reserve(v.I, n)
		if v.Nanos {
			v.N = reserve(v.N, n)
		}
	case VecFloat:
		v.F = reserve(v.F, n)
	case VecWide:
		v.I, v.H = reserve(v.I, n), reserve(v.H, n)
	case VecBytes:
		v.Densify()
		v.Off = reserve(v.Off, n+1)
		v.Data = reserve(v.Data, bytes)
	case VecStruct:
		for j := range v.Fields {
			v.Fields[j].Reserve(n, bytes)
		}
	default:
		v.V = reserve(v.V, n)
	}
}

func reserve[T any](s []T, n int) []T {
	if cap(s)-len(s) >= n {
		return s
	}
	return append(make([]T, 0, len(s)+n), s...)
}

// AppendInt appends a non-NULL integer to a VecInt vector.
func (v *Vector) AppendInt(x int64) {
	v.I = append(v.I, x)
	if v.Nanos {
		v.N = append(v.N, 0)
	}
	v.fitNulls()
}

// AppendFloat appends a non-NULL float to a VecFloat vector.
func (v *Vector) AppendFloat(x float64) {
	v.F = append(v.F, x)
	v.fitNulls()
}

// ShareColumns makes b show the rows of the columnar batch in: its
// columns (shared, not copied), row kinds and selection.
func (b *Batch) ShareColumns(in *Batch) {
	b.Columnar = true
	b.Cols = append(b.Cols[:0], in.Cols...)
	b.Kinds = append(b.Kinds[:0], in.Kinds...)
	b.Sel = in.Sel
}

// Sized returns s with n elements, reallocated when its capacity is short;
// the elements' values are whatever s held.
func Sized[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, n, max(n, DefaultBatchRows))
	}
	return s[:n]
}

// WideOf splits a wide DECIMAL's unscaled value into the low and high
// words of its 128-bit two's complement; ok is false for a value of more
// than 127 bits (no DECIMAL's: 10^38 has 127) and for NULL.
func WideOf(x types.Value) (lo, hi int64, ok bool) {
	b, isBig := x.X.(*big.Int)
	switch {
	case x.Null:
		return 0, 0, false
	case !isBig || b == nil:
		// A compact value, as a DECIMAL of up to 18 digits holds it.
		return x.I, x.I >> 63, true
	case b.BitLen() > 127:
		return 0, 0, false
	}
	var u [2]uint64
	for k, w := range b.Bits() {
		u[k*bits.UintSize/64] |= uint64(w) << (k * bits.UintSize % 64)
	}
	if b.Sign() < 0 {
		u[0], u[1] = Neg128If(u[0], u[1], ^uint64(0))
	}
	return int64(u[0]), int64(u[1]), true
}

// Neg128If is hi:lo negated in 128-bit two's complement when s is all
// ones, and hi:lo itself when s is 0, without a branch: complemented
// (xor with s) and incremented (by s's low bit). With s the sign of a
// value's high word (hi >> 63), it is the value's magnitude.
func Neg128If(lo, hi, s uint64) (uint64, uint64) {
	lo, carry := bits.Add64(lo^s, s&1, 0)
	return lo, (hi ^ s) + carry
}

// wideInt is a *big.Int with the words it needs, in one allocation.
type wideInt struct {
	z big.Int
	w [128 / bits.UintSize]big.Word
}

// WideValue is the value of a VecWide's words hi:lo as a row holds it: a
// *big.Int, whatever its size, as every wide DECIMAL value is.
func WideValue(lo, hi int64) types.Value {
	neg := hi < 0
	u0, u1 := Neg128If(uint64(lo), uint64(hi), uint64(hi>>63))
	d := new(wideInt)
	u := [2]uint64{u0, u1}
	for k := range d.w {
		d.w[k] = big.Word(u[k*bits.UintSize/64] >> (k * bits.UintSize % 64))
	}
	z := d.z.SetBits(d.w[:]) // SetBits drops high words that are 0
	if neg {
		z.Neg(z)
	}
	return types.Value{X: z}
}
