package expr

import (
	"math/big"
	"math/bits"

	"github.com/flinkplay/flinkplay/engine/stream"
	"github.com/flinkplay/flinkplay/engine/types"
)

// Decimals wider than 18 digits are *big.Int values (VecValues). Two
// kernels keep the common cases off the row evaluator: a product of two
// compact operands into a wide DECIMAL, and a CAST that changes nothing
// but the declared precision.

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
// at least the sum of their digits. The product is 128 bits wide at most.
type vdecMul struct {
	a, b   vnode
	digits int // the most digits a product has: its operands' together
	out    stream.Vector
	all    []int32 // see selectedRows
}

// wideDec is a product's big.Int with the words it needs. They come in
// chunks of wideChunk: one allocation for that many rows rather than two
// per row. A value that an operator keeps (a MAX, a key) keeps its chunk
// alive, so the chunks stay small.
type wideDec struct {
	z big.Int
	w [2]big.Word
}

const wideChunk = 8

func compileDecMul(e *arith) vnode {
	if e.op != Mul || e.kernel != kDecimal || e.swap || e.t.Kind != types.Decimal ||
		e.t.Precision <= maxCompactPrecision || bits.UintSize != 64 {
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
	resize(out, stream.VecValues, rows)
	unionNulls(out, a, b, rows)
	var chunk []wideDec
	for _, i := range selectedRows(in, &n.all) {
		if out.HasNulls && out.IsNull(int(i)) {
			out.V[i] = types.NullValue
			continue
		}
		x, y := a.I[i], b.I[i]
		ax, ay := absU(x), absU(y)
		var hi, lo uint64
		if ax|ay < 1<<32 {
			// One multiply: bits.Mul64 takes several under wasm.
			lo = ax * ay
		} else {
			hi, lo = bits.Mul64(ax, ay)
		}
		if len(chunk) == 0 {
			chunk = make([]wideDec, wideChunk)
		}
		d := &chunk[0]
		chunk = chunk[1:]
		d.w = [2]big.Word{big.Word(lo), big.Word(hi)}
		z := d.z.SetBits(d.w[:]) // SetBits drops the high word when it is 0
		if (x < 0) != (y < 0) {
			z.Neg(z)
		}
		out.V[i] = types.Value{X: z}
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
	x     vnode
	limit *big.Int // 10^(the target's precision)
	out   stream.Vector
	all   []int32 // see selectedRows
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
	return &vdecFit{x: x, limit: BigPow10(to.Precision)}
}

func (n *vdecFit) eval(c *Ctx, in *stream.Batch) (*stream.Vector, error) {
	x, err := n.x.eval(c, in)
	if err != nil {
		return nil, err
	}
	if x.Kind != stream.VecValues {
		return nil, errKind()
	}
	// A value of fewer bits than the limit's, less one, is below it.
	safe := n.limit.BitLen() - 1
	tooWide := func(i int32) bool {
		b, ok := x.V[i].X.(*big.Int)
		return ok && b != nil && b.BitLen() > safe && b.CmpAbs(n.limit) >= 0
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
	resize(out, stream.VecValues, in.Rows())
	for _, i := range sel {
		if x.IsNull(int(i)) || tooWide(i) {
			out.SetNull(int(i))
			continue
		}
		out.V[i] = x.V[i]
	}
	return out, nil
}
