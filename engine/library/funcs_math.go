package library

import (
	"encoding/binary"
	"math"
	"math/big"
	"math/rand/v2"
	"strconv"

	"github.com/flinkplay/flinkplay/engine/diag"
	"github.com/flinkplay/flinkplay/engine/expr"
	"github.com/flinkplay/flinkplay/engine/types"
)

// The arithmetic functions. Their types follow the Calcite operators Flink's
// SQL resolves them to: the transcendental functions take any number and
// return DOUBLE; SIGN, ROUND, TRUNCATE, CEIL and FLOOR keep the argument's
// type (DECIMAL's precision and scale adjusted as LogicalTypeMerging does).

// doubleFuncs are the kernels of the functions that compute on doubles,
// with Java's Math semantics (NaN for a domain error, never an exception).
var doubleFuncs = map[string]func(x, y float64) float64{
	"SQRT":  func(x, _ float64) float64 { return math.Sqrt(x) },
	"LN":    func(x, _ float64) float64 { return math.Log(x) },
	"LOG10": func(x, _ float64) float64 { return math.Log10(x) },
	// LOG2 divides natural logarithms, as Flink does.
	"LOG2":    func(x, _ float64) float64 { return math.Log(x) / math.Log(2) },
	"EXP":     func(x, _ float64) float64 { return math.Exp(x) },
	"SIN":     func(x, _ float64) float64 { return math.Sin(x) },
	"COS":     func(x, _ float64) float64 { return math.Cos(x) },
	"TAN":     func(x, _ float64) float64 { return math.Tan(x) },
	"COT":     func(x, _ float64) float64 { return 1 / math.Tan(x) },
	"ASIN":    func(x, _ float64) float64 { return math.Asin(x) },
	"ACOS":    func(x, _ float64) float64 { return math.Acos(x) },
	"ATAN":    func(x, _ float64) float64 { return math.Atan(x) },
	"SINH":    func(x, _ float64) float64 { return math.Sinh(x) },
	"COSH":    func(x, _ float64) float64 { return math.Cosh(x) },
	"TANH":    func(x, _ float64) float64 { return math.Tanh(x) },
	"DEGREES": func(x, _ float64) float64 { return x * (180 / math.Pi) },
	"RADIANS": func(x, _ float64) float64 { return x / 180 * math.Pi },
	"POWER":   func(x, y float64) float64 { return math.Pow(x, y) },
	"ATAN2":   func(x, y float64) float64 { return math.Atan2(x, y) },
	// LOG(b, x) is ln(x) / ln(b); LOG(x) alone is the natural logarithm.
	"LOG": func(b, x float64) float64 { return math.Log(x) / math.Log(b) },
}

func numericForm(name string, n int) string {
	switch n {
	case 0:
		return name + "()"
	case 1:
		return name + "(<NUMERIC>)"
	}
	return name + "(<NUMERIC>, <NUMERIC>)"
}

func needNumeric(name string, args []expr.Expr, pos int, forms ...string) error {
	for _, a := range args {
		if !a.Type().IsNumeric() && a.Type().Kind != types.Null {
			return expr.CannotApplyFunc(pos, name, args, forms...)
		}
	}
	return nil
}

func buildDoubleFunc(name string, args []expr.Expr, pos int) (expr.Expr, error) {
	forms := []string{numericForm(name, len(args))}
	if name == "LOG" {
		forms = []string{"LOG(<NUMERIC>)", "LOG(<NUMERIC>, <NUMERIC>)"}
	}
	if err := needNumeric(name, args, pos, forms...); err != nil {
		return nil, err
	}
	f := doubleFuncs[name]
	ts := argTypes(args)
	if name == "LOG" && len(args) == 1 {
		f = doubleFuncs["LN"]
	}
	return &expr.Scalar{Name: name, Args: args, T: expr.NullableIf(types.Float64, args...), EvalFn: func(_ *expr.Ctx, v []types.Value) (types.Value, error) {
		x := expr.NumFloat(v[0], ts[0])
		y := 0.0
		if len(v) > 1 {
			y = expr.NumFloat(v[1], ts[1])
		}
		return types.FloatValue(f(x, y)), nil
	}}, nil
}

func argTypes(args []expr.Expr) []types.Type {
	ts := make([]types.Type, len(args))
	for i, a := range args {
		ts[i] = a.Type()
	}
	return ts
}

func buildConstant(name string, args []expr.Expr, _ int) (expr.Expr, error) {
	v := math.Pi
	if name == "E" {
		v = math.E
	}
	return expr.Literal(types.FloatValue(v), types.Float64.WithNullable(false)), nil
}

func buildSign(name string, args []expr.Expr, pos int) (expr.Expr, error) {
	if err := needNumeric(name, args, pos, "SIGN(<NUMERIC>)"); err != nil {
		return nil, err
	}
	t := args[0].Type()
	if t.Kind == types.Null {
		return nil, expr.IllegalNull(pos)
	}
	t.Attr = types.Regular
	return &expr.Scalar{Name: name, Args: args, T: t, EvalFn: func(_ *expr.Ctx, v []types.Value) (types.Value, error) {
		x := v[0]
		switch t.Kind {
		case types.Float, types.Double:
			if x.F > 0 {
				return types.FloatValue(1), nil
			} else if x.F < 0 {
				return types.FloatValue(-1), nil
			}
			return x, nil // 0.0, -0.0 and NaN are their own sign
		case types.Decimal:
			return expr.DecValue(expr.DecFromInt(int64(expr.DecOf(x, t).Sign())), t), nil
		}
		switch {
		case x.I > 0:
			return types.IntValue(1), nil
		case x.I < 0:
			return types.IntValue(-1), nil
		}
		return x, nil
	}}, nil
}

// decRoundTo rounds d to r digits after the point (r may be negative),
// HALF_UP or toward zero, and returns it with scale max(r, 0).
func decRoundTo(d expr.Dec, r int, down bool) expr.Dec {
	if r >= d.Scale {
		// more digits than the value has: it stays (a scale beyond any
		// DECIMAL's is not built, for an r such as 2^30)
		if r > d.Scale+types.MaxDecimalPrecision {
			return d
		}
		return d.Rescale(max(r, 0))
	}
	if d.Scale-r > d.Digits()+1 {
		// rounding left of every digit: 0 (HALF_UP needs a digit there)
		return expr.DecFromInt(0)
	}
	x := d.ToBig()
	k := expr.BigPow10(d.Scale - r)
	var q *big.Int
	if down {
		q = new(big.Int).Quo(x, k)
	} else {
		q = expr.DivHalfUp(new(big.Int).Set(x), k)
	}
	if r < 0 {
		q.Mul(q, expr.BigPow10(-r))
		return expr.Dec{B: q, Scale: 0}.Norm()
	}
	return expr.Dec{B: q, Scale: r}.Norm()
}

// buildRound is ROUND(x[, r]) and TRUNCATE(x[, r]): r digits after the
// point (negative r rounds left of it), HALF_UP for ROUND, toward zero for
// TRUNCATE. Integers and approximate numbers keep their type; DECIMAL(p, s)
// becomes DECIMAL(1 + p - s + r, r) when r is a literal below s.
func buildRound(name string, args []expr.Expr, pos int) (expr.Expr, error) {
	ok := args[0].Type().IsNumeric()
	if len(args) == 2 {
		ok = ok && args[1].Type().IsInteger()
	}
	if !ok {
		return nil, expr.CannotApplyFunc(pos, name, args, name+"(<NUMERIC>, <INTEGER>)", name+"(<NUMERIC>)")
	}
	down := name == "TRUNCATE"
	in := args[0].Type()
	t := in
	t.Attr = types.Regular
	if t.Kind == types.Decimal {
		r := int64(0)
		known := true
		if len(args) == 2 {
			r, known = constInt(args[1])
		}
		if known && int(r) < in.Scale {
			if r < 0 {
				t = types.DecimalOf(min(types.MaxDecimalPrecision, 1+in.Precision-in.Scale), 0)
			} else {
				t = types.DecimalOf(1+in.Precision-in.Scale+int(r), int(r))
			}
		}
	}
	t = expr.NullableIf(t, args...)
	return &expr.Scalar{Name: name, Args: args, T: t, EvalFn: func(_ *expr.Ctx, v []types.Value) (types.Value, error) {
		r := 0
		if len(v) == 2 {
			r = int(int32(v[1].I))
		}
		x := v[0]
		switch in.Kind {
		case types.Float, types.Double:
			d, ok := expr.DecFromFloat(x.F)
			if !ok {
				if down {
					return x, nil
				}
				return types.NullValue, expr.RuntimeErr(diag.NumberFormatException, "Infinite or NaN")
			}
			if down {
				// Flink truncates doubles through DECIMAL(38, 18); a value
				// that does not fit is a NULL there, which its truncation
				// then dereferences (SqlFunctionUtils.struncate).
				d = d.Rescale(18)
				if d.Digits() > types.MaxDecimalPrecision {
					return types.NullValue, expr.RuntimeErr("java.lang.NullPointerException",
						`Cannot invoke "org.apache.flink.table.data.DecimalData.scale()" because "b0" is null`)
				}
			}
			f := decRoundTo(d, r, down).ToFloat()
			if in.Kind == types.Float {
				f = float64(float32(f))
			}
			return types.FloatValue(f), nil
		case types.Decimal:
			return expr.DecValue(decRoundTo(expr.DecOf(x, in), r, down), t), nil
		}
		if r >= 0 {
			return x, nil
		}
		return types.IntValue(expr.WrapInt(decRoundTo(expr.DecFromInt(x.I), r, down).ToIntegral(), in.Kind)), nil
	}}, nil
}

// buildCeilFloor is CEIL/CEILING/FLOOR of a number, or of a date-time to a
// unit (FLOOR(x TO unit), which the parser passes as a symbol argument).
func buildCeilFloor(name string, args []expr.Expr, pos int) (expr.Expr, error) {
	if len(args) == 2 {
		return buildTimeCeilFloor(name, args, pos)
	}
	t := args[0].Type()
	if !t.IsNumeric() {
		return nil, expr.CannotApplyFunc(pos, name, args, name+"(<NUMERIC>)", name+"(<DATETIME_INTERVAL>)", name+"(<DATETIME> TO <TIME_UNIT>)")
	}
	up := name != "FLOOR"
	in := t
	t.Attr = types.Regular
	if t.Kind == types.Decimal {
		t = types.DecimalOf(t.Precision, 0).WithNullable(t.Nullable())
	}
	return &expr.Scalar{Name: name, Args: args, T: t, EvalFn: func(_ *expr.Ctx, v []types.Value) (types.Value, error) {
		x := v[0]
		switch in.Kind {
		case types.Float, types.Double:
			if up {
				return types.FloatValue(math.Ceil(x.F)), nil
			}
			return types.FloatValue(math.Floor(x.F)), nil
		case types.Decimal:
			d := expr.DecOf(x, in)
			q := decRoundTo(d, 0, true) // toward zero
			if expr.DecCmp(q, d) != 0 {
				if up && d.Sign() > 0 {
					q = expr.DecAdd(q, expr.DecFromInt(1))
				} else if !up && d.Sign() < 0 {
					q = expr.DecAdd(q, expr.DecFromInt(-1))
				}
			}
			return expr.DecValue(q, t), nil
		}
		return x, nil
	}}, nil
}

// javaRandom is java.util.Random's generator, so that RAND(seed) and
// RAND_INTEGER(seed, n) give the numbers Flink gives for the same seed.
type javaRandom struct{ seed int64 }

const (
	jrMult = 0x5DEECE66D
	jrMask = (1 << 48) - 1
)

func newJavaRandom(seed int64) *javaRandom { return &javaRandom{seed: (seed ^ jrMult) & jrMask} }

func (r *javaRandom) next(bits uint) int32 {
	r.seed = (r.seed*jrMult + 0xB) & jrMask
	return int32(r.seed >> (48 - bits))
}

func (r *javaRandom) nextDouble() float64 {
	return float64(int64(r.next(26))<<27+int64(r.next(27))) * (1.0 / (1 << 53))
}

// nextInt is Random.nextInt(bound) for bound > 0.
func (r *javaRandom) nextInt(bound int32) int32 {
	x := r.next(31)
	m := bound - 1
	if bound&m == 0 {
		return int32((int64(bound) * int64(x)) >> 31)
	}
	for u := x; ; u = r.next(31) {
		x = u % bound
		if u-x+m >= 0 {
			return x
		}
	}
}

// randomSeed seeds an unseeded RAND: Flink's is nondeterministic too.
func randomSeed() int64 {
	return int64(rand.Uint64())
}

// buildRand is RAND([seed]) and RAND_INTEGER([seed, ]bound). A literal seed
// seeds one generator for the query, so the rows get the sequence Java's
// Random gives for it; a seed from a column seeds a fresh generator per row
// (Flink's code generation does the same). Without a seed the numbers are
// not reproducible, as in Flink; playground.datagen.seed does not apply.
func buildRand(name string, args []expr.Expr, pos int) (expr.Expr, error) {
	integer := name == "RAND_INTEGER"
	for _, a := range args {
		if !a.Type().IsNumeric() {
			if integer {
				return nil, expr.CannotApplyFunc(pos, name, args, "RAND_INTEGER(<NUMERIC>)", "RAND_INTEGER(<NUMERIC>, <NUMERIC>)")
			}
			return nil, expr.CannotApplyFunc(pos, name, args, "RAND()", "RAND(<NUMERIC>)")
		}
	}
	hasSeed := len(args) == 2 || (!integer && len(args) == 1)
	e := &randExpr{name: name, args: args, integer: integer, hasSeed: hasSeed}
	if hasSeed {
		if v, ok := expr.LiteralValue(args[0]); ok && !v.Null {
			e.shared = newJavaRandom(int64(int32(numInt(v, args[0].Type()))))
		}
	} else {
		e.shared = newJavaRandom(randomSeed())
	}
	return e, nil
}

// numInt reads an exact or approximate number as Java's (int) would.
func numInt(v types.Value, t types.Type) int64 {
	switch t.Kind {
	case types.Float, types.Double:
		return expr.JavaF2I(v.F)
	case types.Decimal:
		return int64(int32(expr.DecOf(v, t).ToIntegral()))
	}
	return v.I
}

type randExpr struct {
	name    string
	args    []expr.Expr
	integer bool
	hasSeed bool
	shared  *javaRandom // literal seed or no seed: one generator for all rows
}

func (e *randExpr) Type() types.Type {
	if e.integer {
		return types.Int32
	}
	return types.Float64
}
func (e *randExpr) String() string { return e.name + "(" + expr.JoinExprs(e.args) + ")" }
func (e *randExpr) Eval(c *expr.Ctx, row []types.Value) (types.Value, error) {
	var vals [2]types.Value
	for i, a := range e.args {
		v, err := a.Eval(c, row)
		if err != nil || v.Null {
			return types.NullValue, err
		}
		vals[i] = v
	}
	r := e.shared
	if r == nil {
		r = newJavaRandom(numInt(vals[0], e.args[0].Type()))
	}
	if !e.integer {
		return types.FloatValue(r.nextDouble()), nil
	}
	last := len(e.args) - 1
	bound := int32(numInt(vals[last], e.args[last].Type()))
	if bound <= 0 {
		return types.NullValue, expr.RuntimeErr(diag.IllegalArgument, "bound must be positive")
	}
	return types.IntValue(int64(r.nextInt(bound))), nil
}

// buildUUID is UUID(): a random (version 4) UUID, CHAR(36) NOT NULL.
func buildUUID(name string, args []expr.Expr, _ int) (expr.Expr, error) {
	return &expr.Scalar{Name: name, Args: args, T: types.CharN(36).WithNullable(false), EvalFn: func(c *expr.Ctx, _ []types.Value) (types.Value, error) {
		var b [16]byte
		binary.LittleEndian.PutUint64(b[:8], rand.Uint64())
		binary.LittleEndian.PutUint64(b[8:], rand.Uint64())
		b[6] = b[6]&0x0f | 0x40
		b[8] = b[8]&0x3f | 0x80
		out := c.Alloc(36)
		const hexd = "0123456789abcdef"
		k := 0
		for i, x := range b {
			if i == 4 || i == 6 || i == 8 || i == 10 {
				out[k] = '-'
				k++
			}
			out[k], out[k+1] = hexd[x>>4], hexd[x&15]
			k += 2
		}
		return types.BytesValue(out), nil
	}}, nil
}

// buildBinHex is BIN(integer) and HEX(integer | string): the 64-bit two's
// complement digits of an integer (Long.toBinaryString, upper-case
// Long.toHexString), or the upper-case hex of a string's UTF-8 bytes.
func buildBinHex(name string, args []expr.Expr, pos int) (expr.Expr, error) {
	t := args[0].Type()
	ok := t.IsInteger() || (name == "HEX" && t.IsCharacter())
	if !ok {
		if name == "BIN" {
			return nil, expr.CannotApplyFunc(pos, name, args, "BIN(<INTEGER>)")
		}
		return nil, expr.CannotApplyFunc(pos, name, args, "HEX(<INTEGER>)", "HEX(<CHARACTER>)")
	}
	base := 16
	if name == "BIN" {
		base = 2
	}
	str := t.IsCharacter()
	return &expr.Scalar{Name: name, Args: args, T: expr.NullableIf(types.String, args...), EvalFn: func(c *expr.Ctx, v []types.Value) (types.Value, error) {
		if str {
			const hexu = "0123456789ABCDEF"
			out := c.Alloc(2 * len(v[0].B))
			for i, x := range v[0].B {
				out[2*i], out[2*i+1] = hexu[x>>4], hexu[x&15]
			}
			return types.BytesValue(out), nil
		}
		var buf [64]byte
		s := strconv.AppendUint(buf[:0], uint64(v[0].I), base)
		for i, ch := range s {
			if ch >= 'a' && ch <= 'f' {
				s[i] = ch - 'a' + 'A'
			}
		}
		return types.BytesValue(c.Keep(s)), nil
	}}, nil
}

// constInt reads an integer constant: a literal, or a negated one (the
// parser's -1), as Calcite folds it.
func constInt(e expr.Expr) (int64, bool) {
	if n, ok := e.(*expr.NegExpr); ok {
		v, ok := constInt(n.X)
		return -v, ok
	}
	v, ok := expr.LiteralValue(e)
	if !ok || v.Null || !e.Type().IsInteger() {
		return 0, false
	}
	return v.I, true
}

// buildUnhex is UNHEX(string) (Flink 2.x): the bytes the hex digits spell,
// NULL when a character is not a hex digit. With an odd number of digits
// Flink checks the first digit but keeps a zero byte in its place, and so
// do we.
func buildUnhex(name string, args []expr.Expr, pos int) (expr.Expr, error) {
	if t := args[0].Type(); !t.IsCharacter() && t.Kind != types.Null {
		return nil, invalidCall(pos, name, args)
	}
	return &expr.Scalar{Name: name, Args: args, T: types.Bytes, EvalFn: func(c *expr.Ctx, v []types.Value) (types.Value, error) {
		in := v[0].B
		out := c.Alloc((len(in) + 1) / 2)
		j := len(out) - 1
		i := len(in) - 2
		for ; i >= 0; i -= 2 {
			hi, ok1 := expr.Unhex(in[i])
			lo, ok2 := expr.Unhex(in[i+1])
			if !ok1 || !ok2 {
				return types.NullValue, nil
			}
			out[j] = hi<<4 | lo
			j--
		}
		if i == -1 {
			if _, ok := expr.Unhex(in[0]); !ok {
				return types.NullValue, nil
			}
			out[0] = 0
		}
		return types.BytesValue(out), nil
	}}, nil
}
