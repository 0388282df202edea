package expr

import (
	"github.com/flinkplay/flinkplay/engine/stream"
	"github.com/flinkplay/flinkplay/engine/types"
)

// Vectorized evaluation.
//
// CompileVec turns a bound tree into a tree of vector kernels that compute
// the expression for every selected row of a columnar batch
// (stream.Vector) at once: column references read the batch's vectors
// without copying, integer and floating-point arithmetic and comparisons
// run as loops over typed slices, and function calls evaluate their
// arguments as vectors and call the function once per row on unboxed
// values. A subtree with no kernel is evaluated row by row from the batch's
// columns, with exactly the row evaluator's semantics, so every expression
// compiles; the kernels only make the common ones fast.
//
// Results are indexed by physical row: value i belongs to row i of the
// input batch, and only the selected rows are computed. A row that is not
// selected is never evaluated, so it raises no error (a division by zero
// in a row a filter dropped, as in Flink).

// VecExpr is an expression compiled for columnar batches.
type VecExpr struct {
	root vnode
	// Column is the input column when the expression is a plain
	// reference to it, else -1.
	Column int
}

// vnode computes an expression's values for the selected rows of in. The
// returned vector is owned by the node (or is one of in's columns) and is
// valid until the node evaluates again.
type vnode interface {
	eval(c *Ctx, in *stream.Batch) (*stream.Vector, error)
}

// CompileVec compiles e for columnar batches.
func CompileVec(e Expr) *VecExpr {
	v := &VecExpr{root: compileVec(e), Column: -1}
	if col, ok := e.(*column); ok {
		v.Column = col.idx
	}
	return v
}

// Reads adds to r what Eval reads of its input's columns.
func (v *VecExpr) Reads(r *stream.Reads) { readsOf(r, v.root) }

// FieldOf reports whether the expression is a plain field of an input
// column, col.field: its value is that field's, evaluated without a
// computation that could fail.
func (v *VecExpr) FieldOf() (col, field int, ok bool) {
	if f, isField := v.root.(*vfield); isField {
		if c, isCol := f.x.(*vcolumn); isCol {
			return c.idx, f.i, true
		}
	}
	return 0, 0, false
}

// Eval computes the expression for the selected rows of the columnar batch
// in.
func (v *VecExpr) Eval(c *Ctx, in *stream.Batch) (*stream.Vector, error) {
	return v.root.eval(c, in)
}

func compileVec(e Expr) vnode {
	switch e := e.(type) {
	case *column:
		return &vcolumn{idx: e.idx}
	case *literal:
		if k := stream.VecKindOf(e.t); k == stream.VecInt || k == stream.VecFloat {
			return &vconst{v: e.v, kind: k}
		}
	case *arith:
		if n := compileArith(e); n != nil {
			return n
		}
		if n := compileDecMul(e); n != nil {
			return n
		}
		return &varith{e: e, a: compileVec(e.a), b: compileVec(e.b), kind: stream.VecKindOf(e.t)}
	case *cast:
		if sameDecimal(e.from, e.to) {
			return compileVec(e.x)
		}
		if n := compileDecFit(e); n != nil {
			return n
		}
		return &vcast{e: e, x: compileVec(e.x), kind: stream.VecKindOf(e.to)}
	case *compare:
		if n := compileCompare(e); n != nil {
			return n
		}
	case *field:
		return &vfield{x: compileVec(e.x), i: e.i, kind: stream.VecKindOf(e.t)}
	case *caseExpr:
		if n := compileCase(e); n != nil {
			return n
		}
	case *Scalar:
		if len(e.Args) <= 4 {
			n := &vscalar{e: e, kind: stream.VecKindOf(e.T)}
			for _, a := range e.Args {
				n.args = append(n.args, compileVec(a))
			}
			return n
		}
	}
	return &vrows{e: e, kind: stream.VecKindOf(e.Type())}
}

// selection calls f for each selected row of in.
func forSelected(in *stream.Batch, f func(i int)) {
	if in.Sel != nil {
		for _, i := range in.Sel {
			f(int(i))
		}
		return
	}
	for i := range in.Rows() {
		f(i)
	}
}

// selectedRows returns the physical indexes of in's selected rows: its
// selection, or 0, 1, … from *all, which it grows as needed. A kernel's
// loop over them costs no call per row, where forSelected calls a closure
// for each, which under WebAssembly is dear.
func selectedRows(in *stream.Batch, all *[]int32) []int32 {
	if in.Sel != nil {
		return in.Sel
	}
	rows := in.Rows()
	for i := int32(len(*all)); i < int32(rows); i++ {
		*all = append(*all, i)
	}
	return (*all)[:rows]
}

// fillRows sets value i of out, a vector resized to in, to f(i) for each
// selected row i of in, in order: the kernels that evaluate row by row.
// The first error stops it.
func fillRows(in *stream.Batch, out *stream.Vector, f func(i int) (types.Value, error)) error {
	var ferr error
	forSelected(in, func(i int) {
		if ferr != nil {
			return
		}
		v, err := f(i)
		if err != nil {
			ferr = err
			return
		}
		set(out, i, v)
	})
	return ferr
}

// resize makes v a vector of kind k and n values, none NULL, keeping its
// storage. The values are not cleared: only selected rows are written.
// Strings are kept as values (VecValues), their bytes in the output
// batch's arena: rows are written by physical index, and a string vector's
// offsets are built in order only.
func resize(v *stream.Vector, k stream.VecKind, n int) {
	if k == stream.VecBytes {
		k = stream.VecValues
	}
	v.Kind, v.HasNulls, v.Nanos = k, false, false
	switch k {
	case stream.VecInt:
		v.I = stream.Sized(v.I, n)
	case stream.VecFloat:
		v.F = stream.Sized(v.F, n)
	case stream.VecWide:
		v.I, v.H = stream.Sized(v.I, n), stream.Sized(v.H, n)
	default:
		if cap(v.V) < n {
			v.V = make([]types.Value, n)
		}
		v.V = v.V[:n]
	}
}

// unionNulls sets dst's nulls to those of a or b.
func unionNulls(dst, a, b *stream.Vector, n int) {
	if !a.HasNulls && (b == nil || !b.HasNulls) {
		return
	}
	words := (n + 63) >> 6
	dst.Nulls = stream.Sized(dst.Nulls, words)
	clear(dst.Nulls)
	dst.HasNulls = true
	for _, x := range []*stream.Vector{a, b} {
		if x != nil && x.HasNulls {
			for w := range min(words, len(x.Nulls)) {
				dst.Nulls[w] |= x.Nulls[w]
			}
		}
	}
}

// set stores x as value i of v, a vector resized to the batch.
func set(v *stream.Vector, i int, x types.Value) {
	if x.Null {
		v.SetNull(i)
		return
	}
	switch v.Kind {
	case stream.VecInt:
		v.I[i] = x.I
		if x.N != 0 {
			if !v.Nanos {
				v.Nanos = true
				v.N = stream.Sized(v.N, len(v.I))
				clear(v.N)
			}
		}
		if v.Nanos {
			v.N[i] = x.N
		}
	case stream.VecFloat:
		v.F[i] = x.F
	case stream.VecWide:
		lo, hi, ok := stream.WideOf(x)
		if !ok {
			v.SetNull(i) // more than 127 bits: no DECIMAL's value
			return
		}
		v.I[i], v.H[i] = lo, hi
	default:
		v.V[i] = x
	}
}

type vcolumn struct{ idx int }

func (n *vcolumn) eval(_ *Ctx, in *stream.Batch) (*stream.Vector, error) {
	return &in.Cols[n.idx], nil
}

// vconst is a numeric literal, repeated for the batch's rows.
type vconst struct {
	v      types.Value
	kind   stream.VecKind
	out    stream.Vector
	filled int // values of out already set to v
}

func (n *vconst) eval(_ *Ctx, in *stream.Batch) (*stream.Vector, error) {
	rows := in.Rows()
	if rows > n.filled {
		resize(&n.out, n.kind, rows)
		for i := range rows {
			set(&n.out, i, n.v)
		}
		n.filled = rows
	}
	if n.kind == stream.VecInt {
		n.out.I = n.out.I[:rows]
	} else {
		n.out.F = n.out.F[:rows]
	}
	return &n.out, nil
}

// constOf reports the value of a numeric literal operand.
func constOf(e Expr) (types.Value, bool) {
	l, ok := e.(*literal)
	if !ok || l.v.Null {
		return types.Value{}, false
	}
	return l.v, true
}

// varithInt is +, -, *, /, % on integers, wrapping to the result's width
// as Java does.
type varithInt struct {
	op     ArithOp
	a, b   vnode
	bConst bool
	bv     int64
	kind   types.Kind
	out    stream.Vector
}

// varithFloat is +, -, *, / on DOUBLE operands (or an integer and a DOUBLE).
type varithFloat struct {
	op       ArithOp
	a, b     vnode
	aInt     bool // the operand is an integer vector, read as float64
	bInt     bool
	bConst   bool
	bv       float64
	out      stream.Vector
	scratchA []float64
	scratchB []float64
}

func compileArith(e *arith) vnode {
	intLike := func(t types.Type) bool { return t.IsInteger() }
	switch {
	case e.kernel == kInt && !e.decimalIn && !e.swap && intLike(e.ta) && intLike(e.tb) && e.t.IsInteger():
		n := &varithInt{op: e.op, a: compileVec(e.a), kind: e.t.Kind}
		if v, ok := constOf(e.b); ok {
			n.bConst, n.bv = true, v.I
		} else {
			n.b = compileVec(e.b)
		}
		return n
	case e.kernel == kTsMillis && !e.swap && (e.op == Add || e.op == Sub):
		n := &vtsMillis{sub: e.op == Sub, a: compileVec(e.a)}
		if v, ok := constOf(e.b); ok {
			n.bConst, n.bv = true, v.I
		} else {
			n.b = compileVec(e.b)
		}
		return n
	case e.kernel == kFloat64 && !e.swap && e.t.Kind == types.Double &&
		(e.ta.Kind == types.Double || intLike(e.ta)) && (e.tb.Kind == types.Double || intLike(e.tb)):
		n := &varithFloat{op: e.op, a: compileVec(e.a), aInt: intLike(e.ta), bInt: intLike(e.tb)}
		if v, ok := constOf(e.b); ok {
			n.bConst, n.bv = true, NumFloat(v, e.tb)
		} else {
			n.b = compileVec(e.b)
		}
		return n
	}
	return nil
}

func (n *varithInt) eval(c *Ctx, in *stream.Batch) (*stream.Vector, error) {
	a, b, err := operands(c, in, n.a, n.b, stream.VecInt, stream.VecInt)
	if err != nil {
		return nil, err
	}
	rows := in.Rows()
	out := &n.out
	resize(out, stream.VecInt, rows)
	unionNulls(out, a, b, rows)
	ai, oi := a.I[:rows], out.I[:rows]
	// By a constant, every physical row is computed in one loop, NULL and
	// unselected ones too (their results are never read; dividing by a
	// constant other than 0 cannot fail). By a constant 0 only the rows
	// that are selected and not NULL may raise the error.
	zeroDiv := n.bv == 0 && n.op != Add && n.op != Sub && n.op != Mul
	if n.bConst && (!zeroDiv || !out.HasNulls && in.Sel == nil) {
		y := n.bv
		switch n.op {
		case Add:
			for i, x := range ai {
				oi[i] = x + y
			}
		case Sub:
			for i, x := range ai {
				oi[i] = x - y
			}
		case Mul:
			for i, x := range ai {
				oi[i] = x * y
			}
		case Div:
			if y == 0 {
				if rows > 0 {
					return nil, divByZero()
				}
				break
			}
			for i, x := range ai {
				oi[i] = x / y
			}
		default:
			if y == 0 {
				if rows > 0 {
					return nil, divByZero()
				}
				break
			}
			for i, x := range ai {
				oi[i] = x % y
			}
		}
		if n.kind != types.BigInt {
			for i, x := range oi {
				oi[i] = WrapInt(x, n.kind)
			}
		}
		return out, nil
	}
	var ferr error
	forSelected(in, func(i int) {
		if ferr != nil || out.HasNulls && out.IsNull(i) {
			return
		}
		y := n.bv
		if b != nil {
			y = b.I[i]
		}
		v, err := intArith(n.op, ai[i], y, n.kind)
		if err != nil {
			ferr = err
			return
		}
		oi[i] = v.I
	})
	if ferr != nil {
		return nil, ferr
	}
	return out, nil
}

// vtsMillis is a TIMESTAMP (or TIMESTAMP_LTZ) plus or minus a day-time
// interval, in milliseconds; the nanoseconds stay.
type vtsMillis struct {
	sub    bool
	a, b   vnode
	bConst bool
	bv     int64
	out    stream.Vector
}

func (n *vtsMillis) eval(c *Ctx, in *stream.Batch) (*stream.Vector, error) {
	a, b, err := operands(c, in, n.a, n.b, stream.VecInt, stream.VecInt)
	if err != nil {
		return nil, err
	}
	rows := in.Rows()
	out := &n.out
	resize(out, stream.VecInt, rows)
	unionNulls(out, a, b, rows)
	ai, oi := a.I[:rows], out.I[:rows]
	for i, x := range ai {
		y := n.bv
		if b != nil {
			y = b.I[i]
		}
		if n.sub {
			y = -y
		}
		oi[i] = x + y
	}
	if a.Nanos {
		out.Nanos = true
		out.N = append(out.N[:0], a.N[:rows]...)
	}
	return out, nil
}

// varith is any arithmetic without a typed loop (decimals, intervals,
// dates): the operands are vectors, and the row evaluator's arithmetic
// runs once per selected row on their values.
type varith struct {
	e    *arith
	a, b vnode
	kind stream.VecKind
	out  stream.Vector
}

func (n *varith) eval(c *Ctx, in *stream.Batch) (*stream.Vector, error) {
	a, err := n.a.eval(c, in)
	if err != nil {
		return nil, err
	}
	b, err := n.b.eval(c, in)
	if err != nil {
		return nil, err
	}
	out := &n.out
	resize(out, n.kind, in.Rows())
	return out, fillRows(in, out, func(i int) (types.Value, error) {
		x, y := a.Value(i), b.Value(i)
		if x.Null || y.Null {
			return types.NullValue, nil
		}
		return n.e.apply(x, y)
	})
}

// vcast is CAST (and TRY_CAST): the operand is a vector, and the row
// evaluator's conversion runs once per selected row.
type vcast struct {
	e    *cast
	x    vnode
	kind stream.VecKind
	out  stream.Vector
}

func (n *vcast) eval(c *Ctx, in *stream.Batch) (*stream.Vector, error) {
	x, err := n.x.eval(c, in)
	if err != nil {
		return nil, err
	}
	out := &n.out
	resize(out, n.kind, in.Rows())
	return out, fillRows(in, out, func(i int) (types.Value, error) {
		v := x.Value(i)
		if v.Null || n.e.from.Kind == types.Null {
			return types.NullValue, nil
		}
		r, cerr := castValue(c, v, n.e.from, n.e.to)
		switch {
		case cerr == nil:
			return r, nil
		case n.e.try:
			return types.NullValue, nil
		}
		return types.NullValue, cerr
	})
}

// operands evaluates a binary kernel's operands, whose vectors must be of
// kinds ka and kb; b is nil for a constant right operand, and so is its
// vector then.
func operands(c *Ctx, in *stream.Batch, a, b vnode, ka, kb stream.VecKind) (x, y *stream.Vector, err error) {
	if x, err = a.eval(c, in); err != nil {
		return nil, nil, err
	}
	if x.Kind != ka {
		return nil, nil, errKind()
	}
	if b == nil {
		return x, nil, nil
	}
	if y, err = b.eval(c, in); err != nil {
		return nil, nil, err
	}
	if y.Kind != kb {
		return nil, nil, errKind()
	}
	return x, y, nil
}

// numKind is the vector kind of an integer (VecInt) or floating operand.
func numKind(isInt bool) stream.VecKind {
	if isInt {
		return stream.VecInt
	}
	return stream.VecFloat
}

func floats(v *stream.Vector, isInt bool, scratch *[]float64, rows int) []float64 {
	if !isInt {
		return v.F[:rows]
	}
	s := stream.Sized(*scratch, rows)
	for i, x := range v.I[:rows] {
		s[i] = float64(x)
	}
	*scratch = s
	return s
}

func (n *varithFloat) eval(c *Ctx, in *stream.Batch) (*stream.Vector, error) {
	a, b, err := operands(c, in, n.a, n.b, numKind(n.aInt), numKind(n.bInt))
	if err != nil {
		return nil, err
	}
	rows := in.Rows()
	out := &n.out
	resize(out, stream.VecFloat, rows)
	unionNulls(out, a, b, rows)
	af := floats(a, n.aInt, &n.scratchA, rows)
	of := out.F[:rows]
	var bf []float64
	if b != nil {
		bf = floats(b, n.bInt, &n.scratchB, rows)
	}
	for i := range rows {
		y := n.bv
		if bf != nil {
			y = bf[i]
		}
		of[i] = floatArith(n.op, af[i], y)
	}
	return out, nil
}

// vcompare is a comparison of integers (and what is stored as one:
// BOOLEAN, DATE, TIME, intervals) or of DOUBLEs.
type vcompare struct {
	e      *compare
	a, b   vnode
	float  bool
	aInt   bool
	bInt   bool
	out    stream.Vector
	scratA []float64
	scratB []float64
}

func compileCompare(e *compare) vnode {
	switch e.kernel {
	case cInt:
		if stream.VecKindOf(e.ta) == stream.VecInt && stream.VecKindOf(e.tb) == stream.VecInt && !e.ta.IsTimestamp() {
			return &vcompare{e: e, a: compileVec(e.a), b: compileVec(e.b)}
		}
	case cFloat64:
		ok := func(t types.Type) bool { return t.Kind == types.Double || t.IsInteger() }
		if ok(e.ta) && ok(e.tb) {
			return &vcompare{e: e, a: compileVec(e.a), b: compileVec(e.b), float: true,
				aInt: e.ta.IsInteger(), bInt: e.tb.IsInteger()}
		}
	}
	return nil
}

func (n *vcompare) eval(c *Ctx, in *stream.Batch) (*stream.Vector, error) {
	a, b, err := operands(c, in, n.a, n.b, numKind(!n.float || n.aInt), numKind(!n.float || n.bInt))
	if err != nil {
		return nil, err
	}
	rows := in.Rows()
	out := &n.out
	resize(out, stream.VecInt, rows)
	unionNulls(out, a, b, rows)
	oi := out.I[:rows]
	if n.float {
		af := floats(a, n.aInt, &n.scratA, rows)
		bf := floats(b, n.bInt, &n.scratB, rows)
		for i := range rows {
			oi[i] = n.e.floatResult(af[i], bf[i]).I
		}
		return out, nil
	}
	ai, bi := a.I[:rows], b.I[:rows]
	if _, ok := n.b.(*vconst); ok && rows > 0 {
		// A column against a literal: one loop per operator.
		c := bi[0]
		switch n.e.op {
		case Eq:
			for i, x := range ai {
				oi[i] = b2i(x == c)
			}
			return out, nil
		case Ne:
			for i, x := range ai {
				oi[i] = b2i(x != c)
			}
			return out, nil
		}
	}
	for i := range rows {
		oi[i] = n.e.result(CmpInt(ai[i], bi[i])).I
	}
	return out, nil
}

// b2i is a BOOLEAN's int64.
func b2i(b bool) int64 {
	if b {
		return 1
	}
	return 0
}

// vscalar is a function call: its arguments are vectors, and the function
// runs once per selected row on their values.
type vscalar struct {
	e    *Scalar
	args []vnode
	kind stream.VecKind
	vecs [4]*stream.Vector
	out  stream.Vector
}

func (n *vscalar) eval(c *Ctx, in *stream.Batch) (*stream.Vector, error) {
	for j, a := range n.args {
		v, err := a.eval(c, in)
		if err != nil {
			return nil, err
		}
		n.vecs[j] = v
	}
	rows := in.Rows()
	out := &n.out
	resize(out, n.kind, rows)
	if a := n.vecs[0]; n.e.Ints != nil && a.Kind == stream.VecInt && n.kind == stream.VecInt {
		unionNulls(out, a, nil, rows)
		n.e.Ints(out.I[:rows], a.I[:rows])
		return out, nil
	}
	var vals [4]types.Value
	args := vals[:len(n.args)]
	return out, fillRows(in, out, func(i int) (types.Value, error) {
		for j := range args {
			v := n.vecs[j].Value(i)
			if v.Null {
				return types.NullValue, nil
			}
			args[j] = v
		}
		return n.e.EvalFn(c, args)
	})
}

// vrows evaluates a subtree row by row, each selected row materialized
// from the batch's columns.
type vrows struct {
	e      Expr
	kind   stream.VecKind
	row    []types.Value
	nested []types.RowValue
	out    stream.Vector
}

func (n *vrows) eval(c *Ctx, in *stream.Batch) (*stream.Vector, error) {
	rows := in.Rows()
	out := &n.out
	resize(out, n.kind, rows)
	if cap(n.row) < len(in.Cols) {
		n.row = make([]types.Value, len(in.Cols))
	}
	row := n.row[:len(in.Cols)]
	// A nested row held field by field is read into storage of the node's
	// own, reused row after row, unless the result may hold it.
	reuse := scalarType(n.e.Type())
	if reuse && len(n.nested) < len(in.Cols) {
		n.nested = make([]types.RowValue, len(in.Cols))
	}
	return out, fillRows(in, out, func(i int) (types.Value, error) {
		for j := range in.Cols {
			c := &in.Cols[j]
			if reuse && c.Kind == stream.VecStruct && !c.IsNull(i) {
				r := &n.nested[j]
				r.Fields = stream.Sized(r.Fields, len(c.Fields))
				for k := range c.Fields {
					r.Fields[k] = c.Fields[k].Value(i)
				}
				row[j] = types.Value{X: r}
				continue
			}
			row[j] = c.Value(i)
		}
		return n.e.Eval(c, row)
	})
}

// errKind reports a vector whose kind the compiled kernel did not expect:
// a bug in the producer of the batch, never a user's error.
func errKind() error {
	return RuntimeErr("java.lang.IllegalStateException", "columnar batch: a column's vector kind does not match its type")
}

// vfield is a nested row's field. Over a VecStruct it is the field's
// vector itself (a field is NULL wherever its row is); over rows held as
// values it reads each selected row's field.
type vfield struct {
	x    vnode
	i    int
	kind stream.VecKind
	out  stream.Vector
}

func (n *vfield) eval(c *Ctx, in *stream.Batch) (*stream.Vector, error) {
	x, err := n.x.eval(c, in)
	if err != nil {
		return nil, err
	}
	if x.Kind == stream.VecStruct && n.i < len(x.Fields) {
		return &x.Fields[n.i], nil
	}
	out := &n.out
	resize(out, n.kind, in.Rows())
	return out, fillRows(in, out, func(i int) (types.Value, error) {
		v := x.Value(i)
		r, ok := v.X.(*types.RowValue)
		if v.Null || !ok || r == nil || n.i >= len(r.Fields) {
			return types.NullValue, nil
		}
		return r.Fields[n.i], nil
	})
}

// vcase is CASE over numeric results (what a VecInt or VecFloat holds).
// It evaluates every condition and every branch for all selected rows,
// then takes each row's value from its branch, so it is compiled only
// when those subtrees cannot fail or draw random numbers (caseSafe): an
// untaken branch must be as if never evaluated.
type vcase struct {
	conds []vnode
	vals  []vnode // one per WHEN, then ELSE
	kind  stream.VecKind
	all   []int32 // see selectedRows
	pick  []int32
	srcs  []*stream.Vector
	nulls [][]uint64 // per source its NULL bitmap, or zeros
	zeros []uint64
	out   stream.Vector
	// keys are set when the WHENs, one or two, compare one integer
	// column (on) with constants, as ddl_gen.sql's dateTime does (CASE
	// WHEN event_type = 0 THEN … WHEN event_type = 1 THEN … ELSE …):
	// the branches are picked in one pass over the column.
	on   int
	keys []int64
}

func compileCase(e *caseExpr) vnode {
	k := stream.VecKindOf(e.t)
	if k != stream.VecInt && k != stream.VecFloat {
		return nil
	}
	parts := []Expr{e.els}
	for _, w := range e.whens {
		parts = append(parts, w.Cond, w.Then)
	}
	for _, p := range parts {
		if !caseSafe(p) {
			return nil
		}
	}
	n := &vcase{kind: k}
	for _, w := range e.whens {
		if stream.VecKindOf(w.Then.Type()) != k || w.Cond.Type().Kind != types.Boolean {
			return nil
		}
		n.conds = append(n.conds, compileVec(w.Cond))
		n.vals = append(n.vals, compileVec(w.Then))
	}
	if stream.VecKindOf(e.els.Type()) != k {
		return nil
	}
	n.vals = append(n.vals, compileVec(e.els))
	if len(n.conds) <= 2 {
		for _, c := range n.conds {
			cmp, ok := c.(*vcompare)
			if !ok || cmp.float || cmp.e.op != Eq {
				break
			}
			col, okCol := cmp.a.(*vcolumn)
			k, okK := cmp.b.(*vconst)
			if !okCol || !okK || k.v.Null || len(n.keys) > 0 && col.idx != n.on {
				break
			}
			n.on, n.keys = col.idx, append(n.keys, k.v.I)
		}
		if len(n.keys) != len(n.conds) {
			n.keys = nil
		}
	}
	return n
}

// pickByKeys sets the branch of each selected row from the column the
// WHENs compare with constants (keys), when it is a NULL-free integer
// column; it reports false, having done nothing, otherwise.
func (n *vcase) pickByKeys(in *stream.Batch, sel, pick []int32) bool {
	if n.keys == nil || n.on >= len(in.Cols) {
		return false
	}
	c := &in.Cols[n.on]
	if c.Kind != stream.VecInt || c.HasNulls {
		return false
	}
	els := int32(len(n.conds))
	k0, k1 := n.keys[0], n.keys[len(n.keys)-1] // one key: k1 is k0, and 1 is ELSE
	for _, i := range sel {
		x := c.I[i]
		p := els
		if x == k1 {
			p = 1
		}
		if x == k0 { // the first WHEN that holds
			p = 0
		}
		pick[i] = p
	}
	return true
}

// caseSafe reports whether evaluating e for a row whose branch is not
// taken is unobservable: column and field references, literals,
// comparisons that have kernels, and such CASEs.
func caseSafe(e Expr) bool {
	switch e := e.(type) {
	case *column, *literal:
		return true
	case *field:
		return caseSafe(e.x)
	case *compare:
		return compileCompare(e) != nil && caseSafe(e.a) && caseSafe(e.b)
	case *caseExpr:
		if !caseSafe(e.els) {
			return false
		}
		for _, w := range e.whens {
			if !caseSafe(w.Cond) || !caseSafe(w.Then) {
				return false
			}
		}
		return true
	}
	return false
}

func (n *vcase) eval(c *Ctx, in *stream.Batch) (*stream.Vector, error) {
	rows := in.Rows()
	sel := selectedRows(in, &n.all)
	els := int32(len(n.conds))
	pick := stream.Sized(n.pick, rows)
	n.pick = pick
	for i := range pick {
		pick[i] = els
	}
	for w, cond := range n.conds {
		if w == 0 && n.pickByKeys(in, sel, pick) {
			break
		}
		v, err := cond.eval(c, in)
		if err != nil {
			return nil, err
		}
		if v.Kind != stream.VecInt {
			return nil, errKind()
		}
		for _, i := range sel {
			if pick[i] == els && v.I[i] != 0 && !v.IsNull(int(i)) {
				pick[i] = int32(w)
			}
		}
	}
	n.srcs = n.srcs[:0]
	nanos := false
	for _, val := range n.vals {
		v, err := val.eval(c, in)
		if err != nil {
			return nil, err
		}
		if v.Kind != n.kind {
			return nil, errKind()
		}
		nanos = nanos || v.Nanos
		n.srcs = append(n.srcs, v)
	}
	out := &n.out
	resize(out, n.kind, rows)
	switch {
	case nanos:
		for _, i := range sel {
			set(out, int(i), n.srcs[pick[i]].Value(int(i)))
		}
	case n.kind == stream.VecInt:
		// Without a branch per row: a row's value is copied whether
		// NULL or not, and its source's NULL bit or'ed into the
		// result's bitmap. (ddl_gen.sql's dateTime picks the field of
		// the event's type, NULL in the other two rows.)
		words := (rows + 63) >> 6
		if len(n.zeros) < words {
			n.zeros = make([]uint64, words)
		}
		n.nulls = n.nulls[:0]
		for _, s := range n.srcs {
			if s.HasNulls {
				n.nulls = append(n.nulls, s.Nulls[:words])
			} else {
				n.nulls = append(n.nulls, n.zeros[:words])
			}
		}
		nulls := stream.Sized(out.Nulls, words)
		clear(nulls)
		var any uint64
		for _, i := range sel {
			p := pick[i]
			out.I[i] = n.srcs[p].I[i]
			bit := n.nulls[p][i>>6] >> (uint(i) & 63) & 1
			nulls[i>>6] |= bit << (uint(i) & 63)
			any |= bit
		}
		out.Nulls, out.HasNulls = nulls, any != 0
	default:
		for _, i := range sel {
			s := n.srcs[pick[i]]
			if s.IsNull(int(i)) {
				out.SetNull(int(i))
				continue
			}
			out.F[i] = s.F[i]
		}
	}
	return out, nil
}

// scalarType reports whether a value of type t holds no nested row, so
// that computing it from a row's fields leaves no reference to them.
func scalarType(t types.Type) bool {
	switch t.Kind {
	case types.Array, types.Multiset, types.Map, types.Row, types.Null:
		return false
	}
	return t.Kind < types.Array
}

// readsOf adds to r what the nodes read of their input's columns: a
// field of a column alone, a row at a time (vrows) any column. One
// function rather than a method per node keeps engine.wasm small; a node
// it does not know reads any column.
func readsOf(r *stream.Reads, nodes ...vnode) {
	for _, n := range nodes {
		switch n := n.(type) {
		case nil, *vconst:
		case *vcolumn:
			r.Column(n.idx)
		case *vfield:
			if c, ok := n.x.(*vcolumn); ok {
				r.Field(c.idx, n.i)
			} else {
				readsOf(r, n.x)
			}
		case *varithInt:
			readsOf(r, n.a, n.b)
		case *varithFloat:
			readsOf(r, n.a, n.b)
		case *vtsMillis:
			readsOf(r, n.a, n.b)
		case *varith:
			readsOf(r, n.a, n.b)
		case *vcompare:
			readsOf(r, n.a, n.b)
		case *vdecMul:
			readsOf(r, n.a, n.b)
		case *vcast:
			readsOf(r, n.x)
		case *vdecFit:
			readsOf(r, n.x)
		case *vscalar:
			readsOf(r, n.args...)
		case *vcase:
			readsOf(r, n.conds...)
			readsOf(r, n.vals...)
		default:
			r.All = true
		}
	}
}
