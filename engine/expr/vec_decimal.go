package expr

import (
	"math/big"
	"math/bits"

	"github.com/flinkplay/flinkplay/engine/stream"
	"github.com/flinkplay/flinkplay/engine/types"
)

// Decimals wider than 18 digits are *big.Int values in rows and in
// VecValues vectors, or the 128-bit words of a VecWide vector, which the
// kernels here make. Two kernels keep the common cases off the row
// evaluator: a product of two compact operands into a wide DECIMAL, and
// a CAST that changes nothing but the declared precision.

// compactDigits returns the most digits a value of t, an integer or a
// DECIMAL of up to 18 digits, can have, and its scale; ok is false for
// any other type.
func compactDigits(t types.Type) (digits, scale int, ok bool) {
	switch t.Kind {
	case types.TinyInt:
		return 3, 0, true
	case types.SmallInt:
		return 5, 0, true
	case types.Int:
		return 10, 0, true
	case types.BigInt:
		return 19, 0, true
	case types.Decimal:
		if t.Precision <= maxCompactPrecision {
			return t.Precision, t.Scale, true
		}
	}
	return 0, 0, false
}

// vdecMul is a * b into a DECIMAL wider than 18 digits, for compact
// operands (int64 vectors) whose exact product the result holds without
// rounding or overflow: its scale is the sum of theirs and its precision
// at least the sum of their digits. The product is 127 bits wide at most,
// a VecWide's value: it costs no allocation.
type vdecMul struct {
	a, b   vnode
	digits int // the most digits a product has: its operands' together
	out    stream.Vector
	all    []int32 // see selectedRows
}

func compileDecMul(e *arith) vnode {
	if e.op != Mul || e.kernel != kDecimal || e.swap || e.t.Kind != types.Decimal ||
		e.t.Precision <= maxCompactPrecision {
		return nil
	}
	da, sa, okA := compactDigits(e.ta)
	db, sb, okB := compactDigits(e.tb)
	if !okA || !okB || e.t.Scale != sa+sb || e.t.Precision < da+db {
		return nil
	}
	return &vdecMul{a: compileVec(e.a), b: compileVec(e.b), digits: da + db}
}

func (n *vdecMul) eval(c *Ctx, in *stream.Batch) (*stream.Vector, error) {
	a, b, err := operands(c, in, n.a, n.b, stream.VecInt, stream.VecInt)
	if err != nil {
		return nil, err
	}
	rows := in.Rows()
	out := &n.out
	resize(out, stream.VecWide, rows)
	unionNulls(out, a, b, rows)
	// A NULL row's words are computed too, and never read.
	for _, i := range selectedRows(in, &n.all) {
		x, y := a.I[i], b.I[i]
		ax, ay := absU(x), absU(y)
		var hi, lo uint64
		if ax|ay < 1<<32 {
			// One multiply: bits.Mul64 takes several under wasm.
			lo = ax * ay
		} else {
			hi, lo = bits.Mul64(ax, ay)
		}
		// Negated when the signs differ.
		lo, hi = stream.Neg128If(lo, hi, uint64((x^y)>>63))
		out.I[i], out.H[i] = int64(lo), int64(hi)
	}
	return out, nil
}

// absU is |x| as an unsigned number, exact for math.MinInt64 too.
func absU(x int64) uint64 {
	if x < 0 {
		return uint64(-x)
	}
	return uint64(x)
}

// sameDecimal reports whether CAST(x AS to) of a value of type from is
// the value itself: both DECIMALs of one scale and one representation,
// the target at least as precise, so nothing rounds or overflows.
func sameDecimal(from, to types.Type) bool {
	return from.Kind == types.Decimal && to.Kind == types.Decimal && from.Scale == to.Scale &&
		to.Precision >= from.Precision &&
		(from.Precision > maxCompactPrecision) == (to.Precision > maxCompactPrecision)
}

// vdecFit is CAST of a wide DECIMAL to a narrower wide DECIMAL of the
// same scale: a value stays itself, or is NULL when it has more digits
// than the target holds, as DecValue makes it. When no selected value is
// too wide, the operand's vector is the result.
type vdecFit struct {
	x      vnode
	limit  *big.Int // 10^(the target's precision)
	lo, hi uint64   // the limit's words (it is below 2^127)
	out    stream.Vector
	all    []int32 // see selectedRows
}

func compileDecFit(e *cast) vnode {
	from, to := e.from, e.to
	if from.Kind != types.Decimal || to.Kind != types.Decimal || from.Scale != to.Scale ||
		to.Precision <= maxCompactPrecision || to.Precision >= from.Precision {
		return nil
	}
	x := compileVec(e.x)
	if m, ok := x.(*vdecMul); ok && m.digits <= to.Precision {
		// No product has more digits than the target holds (Nexmark
		// q1's DECIMAL(24, 3) product of a DECIMAL(4, 3) and a BIGINT,
		// into DECIMAL(23, 3)): the products are the result.
		return x
	}
	n := &vdecFit{x: x, limit: BigPow10(to.Precision)}
	lo, hi, _ := stream.WideOf(types.Value{X: n.limit})
	n.lo, n.hi = uint64(lo), uint64(hi)
	return n
}

func (n *vdecFit) eval(c *Ctx, in *stream.Batch) (*stream.Vector, error) {
	x, err := n.x.eval(c, in)
	if err != nil {
		return nil, err
	}
	var tooWide func(i int32) bool
	switch x.Kind {
	case stream.VecWide:
		tooWide = func(i int32) bool {
			// |value| >= limit, on the words of the value's magnitude
			lo, hi := stream.Neg128If(uint64(x.I[i]), uint64(x.H[i]), uint64(x.H[i]>>63))
			return hi > n.hi || hi == n.hi && lo >= n.lo
		}
	case stream.VecValues:
		// A value of fewer bits than the limit's, less one, is below it.
		safe := n.limit.BitLen() - 1
		tooWide = func(i int32) bool {
			b, ok := x.V[i].X.(*big.Int)
			return ok && b != nil && b.BitLen() > safe && b.CmpAbs(n.limit) >= 0
		}
	default:
		return nil, errKind()
	}
	sel := selectedRows(in, &n.all)
	wide := false
	for _, i := range sel {
		if !x.IsNull(int(i)) && tooWide(i) {
			wide = true
			break
		}
	}
	if !wide {
		return x, nil
	}
	out := &n.out
	resize(out, x.Kind, in.Rows())
	for _, i := range sel {
		if x.IsNull(int(i)) || tooWide(i) {
			out.SetNull(int(i))
			continue
		}
		if x.Kind == stream.VecWide {
			out.I[i], out.H[i] = x.I[i], x.H[i]
		} else {
			out.V[i] = x.V[i]
		}
	}
	return out, nil
}
