package datagen

import (
	"encoding/binary"
	"github.com/flinkplay/flinkplay/engine/connector"
	"math"
	"math/big"
	"strconv"

	"github.com/flinkplay/flinkplay/engine/diag"
	"github.com/flinkplay/flinkplay/engine/stream"
	"github.com/flinkplay/flinkplay/engine/types"
)

// genCtx is what generators share while filling one batch.
type genCtx struct {
	b         *stream.Batch
	nowMillis int64 // epoch milliseconds: TIMESTAMP and TIMESTAMP_LTZ
	date      int64 // days since the epoch in the session zone: DATE
	timeOfDay int64 // milliseconds of the day in the session zone: TIME
}

// gen fills one value. Generators never fail while running: the failures
// Flink raises from its generators are found when building them and
// reported when the first row is due.
type gen interface {
	fill(v *types.Value, c *genCtx)
}

// builder turns planned fields into generators seeded per generator path.
type builder struct {
	table   string
	hasSeed bool
	seed    int64
	fail    error // the first failure Flink's generators raise on their first value
	openErr error // a failure Flink raises when the source opens
	seqs    []*seqGen
}

func (bd *builder) rng(path string) *rng {
	return newRNG(connector.ColumnSeed(bd.hasSeed, bd.seed, bd.table, path))
}

func (bd *builder) failf(class, format string, args ...any) {
	if bd.fail == nil {
		bd.fail = diag.Errorf(diag.NoPos, class, format, args...)
	}
}

// Exception classes of Flink's runtime failures.
const (
	numberTooLarge     = "org.apache.commons.math3.exception.NumberIsTooLargeException"
	notFinite          = "org.apache.commons.math3.exception.NotFiniteNumberException"
	notANumber         = "org.apache.commons.math3.exception.NotANumberException"
	notPositive        = "org.apache.commons.math3.exception.NotStrictlyPositiveException"
	negativeArraySize  = "java.lang.NegativeArraySizeException"
	jobException       = "org.apache.flink.runtime.JobException"
	badRange           = "bound must be greater than origin"
	recoverySuppressed = "Recovery is suppressed by NoRestartBackoffTimeStrategy"
)

// failPrecondition reports a Flink precondition that fails without a
// message; the SQL client then shows the job's own failure instead.
func (bd *builder) failPrecondition() {
	bd.failf(jobException, recoverySuppressed)
}

func (bd *builder) build(f *field) gen {
	if f.sequence {
		return bd.buildSequence(f)
	}
	r := bd.rng(f.path)
	switch f.typ.Kind {
	case types.Boolean:
		return &boolGen{r: r, nullRate: f.nullRate}
	case types.TinyInt, types.SmallInt, types.Int, types.IntervalYearMonth:
		if f.minI > f.maxI {
			bd.failf(numberTooLarge, "lower bound (%s) must be strictly less than upper bound (%s)",
				messageInt(f.minI), messageInt(f.maxI))
		}
		return &intGen{r: r, lo: f.minI, hi: f.maxI, nullRate: f.nullRate}
	case types.BigInt, types.IntervalDayTime:
		if f.minI >= f.maxI {
			bd.failf(numberTooLarge, "lower bound (%s) must be strictly less than upper bound (%s)",
				messageInt(f.minI), messageInt(f.maxI))
		}
		return &intGen{r: r, lo: f.minI, hi: f.maxI, nullRate: f.nullRate}
	case types.Float, types.Double:
		switch {
		case f.minF >= f.maxF:
			bd.failf(numberTooLarge, "lower bound (%s) must be strictly less than upper bound (%s)",
				messageDouble(f.minF), messageDouble(f.maxF))
		case math.IsInf(f.minF, 0) || math.IsInf(f.maxF, 0):
			bd.failf(notFinite, "interval bounds must be finite")
		case math.IsNaN(f.minF) || math.IsNaN(f.maxF):
			bd.failf(notANumber, "NaN is not allowed")
		}
		return &floatGen{r: r, lo: f.minF, hi: f.maxF, single: f.typ.Kind == types.Float, nullRate: f.nullRate}
	case types.Decimal:
		g := newDecimalGen(r, f)
		if !(g.lo < g.hi) {
			bd.failf(diag.IllegalArgument, badRange)
		}
		return g
	case types.Char, types.Varchar:
		bd.checkLength(f, true)
		return &stringGen{r: r, length: f.length, varLen: f.varLen, nullRate: f.nullRate}
	case types.Binary, types.Varbinary:
		bd.checkLength(f, false)
		return &bytesGen{r: r, length: f.length, varLen: f.varLen}
	case types.Date:
		return dateGen{}
	case types.Time:
		return timeGen{}
	case types.Timestamp, types.TimestampLTZ:
		past, err := f.maxPast.Millis()
		if err != nil {
			if bd.fail == nil {
				bd.fail = err
			}
		}
		return &timestampGen{r: r, maxPast: past, nullRate: f.nullRate}
	case types.Array:
		if f.length < 0 {
			bd.failf(negativeArraySize, "%d", f.length)
		}
		return &arrayGen{r: r, elem: bd.build(f.elem), length: f.length, nullRate: f.nullRate}
	case types.Multiset:
		if f.length < 0 {
			bd.failPrecondition()
		}
		elem := bd.build(f.elem)
		count := &intGen{r: bd.rng(f.path + ".count"), lo: 0, hi: 10}
		return &mapGen{r: r, keyType: *f.typ.Elem, key: elem, val: count, length: f.length, nullRate: f.nullRate}
	case types.Map:
		if f.length < 0 {
			bd.failPrecondition()
		}
		k := bd.build(f.key)
		v := bd.build(f.val)
		return &mapGen{r: r, keyType: *f.typ.Key, key: k, val: v, length: f.length, nullRate: f.nullRate}
	case types.Row:
		g := &rowGen{r: r, nullRate: f.nullRate}
		for _, sub := range f.fields {
			g.fields = append(g.fields, bd.build(sub))
		}
		return g
	}
	// Planning rejects every other type.
	bd.failf(diag.UnsupportedOperation, "Unsupported type: %s", f.typ.String())
	return nullGen{}
}

// checkLength finds the failures of commons-math's nextHexString and of
// Java array allocation for the configured length.
func (bd *builder) checkLength(f *field, hex bool) {
	switch {
	case f.varLen && f.length <= 1:
		bd.failf(diag.IllegalArgument, badRange)
	case hex && f.length <= 0:
		bd.failf(notPositive, "length (%s)", messageInt(int64(f.length)))
	case !hex && f.length < 0:
		bd.failf(negativeArraySize, "%d", f.length)
	}
}

type nullGen struct{}

func (nullGen) fill(v *types.Value, _ *genCtx) { *v = types.NullValue }

type boolGen struct {
	r        *rng
	nullRate float32
}

func (g *boolGen) fill(v *types.Value, _ *genCtx) {
	if g.r.nullRateHit(g.nullRate) {
		v.Null = true
		return
	}
	v.I = 0
	if g.r.intRange(0, 1) == 0 {
		v.I = 1
	}
}

// intGen draws uniformly from [lo, hi] for every integer type and both
// interval types.
type intGen struct {
	r        *rng
	lo, hi   int64
	nullRate float32
}

func (g *intGen) fill(v *types.Value, _ *genCtx) {
	if g.r.nullRateHit(g.nullRate) {
		v.Null = true
		return
	}
	v.I = g.r.intRange(g.lo, g.hi)
}

type floatGen struct {
	r        *rng
	lo, hi   float64
	single   bool
	nullRate float32
}

func (g *floatGen) fill(v *types.Value, _ *genCtx) {
	if g.r.nullRateHit(g.nullRate) {
		v.Null = true
		return
	}
	f := g.r.uniform(g.lo, g.hi)
	if g.single {
		f = float64(float32(f))
	}
	v.F = f
}

// stringGen makes lowercase hex strings of the configured length, or of a
// length uniform in [1, length-1] with var-len, as Flink does.
type stringGen struct {
	r        *rng
	length   int
	varLen   bool
	nullRate float32
}

func (g *stringGen) fill(v *types.Value, c *genCtx) {
	if g.r.nullRateHit(g.nullRate) {
		v.Null = true
		return
	}
	n := g.length
	if g.varLen {
		n = 1 + int(g.r.below(uint64(g.length-1)))
	}
	buf := c.b.Alloc(n)
	g.r.hex(buf)
	v.B = buf
}

// bytesGen makes random bytes; Flink offers no null-rate for them.
type bytesGen struct {
	r      *rng
	length int
	varLen bool
}

func (g *bytesGen) fill(v *types.Value, c *genCtx) {
	n := g.length
	if g.varLen {
		n = 1 + int(g.r.below(uint64(g.length-1)))
	}
	buf := c.b.Alloc(n)
	g.r.bytes(buf)
	v.B = buf
}

type dateGen struct{}

func (dateGen) fill(v *types.Value, c *genCtx) { v.I = c.date }

type timeGen struct{}

func (timeGen) fill(v *types.Value, c *genCtx) { v.I = c.timeOfDay }

// timestampGen is "now" minus a uniform past in [0, max-past] milliseconds.
type timestampGen struct {
	r        *rng
	maxPast  int64
	nullRate float32
}

func (g *timestampGen) fill(v *types.Value, c *genCtx) {
	if g.r.nullRateHit(g.nullRate) {
		v.Null = true
		return
	}
	var past int64
	if g.maxPast > 0 {
		past = g.r.intRange(0, g.maxPast)
	}
	v.I = c.nowMillis - past
	v.N = 0
}

type arrayGen struct {
	r        *rng
	elem     gen
	length   int
	nullRate float32
}

func (g *arrayGen) fill(v *types.Value, c *genCtx) {
	if g.r.nullRateHit(g.nullRate) {
		v.Null = true
		return
	}
	elems := make([]types.Value, g.length)
	for i := range elems {
		g.elem.fill(&elems[i], c)
	}
	v.X = &types.ArrayValue{Elems: elems}
}

// mapGen draws length key/value pairs into a map, so equal keys collapse
// (the first position wins, the last value wins, as in a Java HashMap).
// MULTISET is a map from element to a count in [0, 10].
type mapGen struct {
	r        *rng
	keyType  types.Type
	key, val gen
	length   int
	nullRate float32
}

func (g *mapGen) fill(v *types.Value, c *genCtx) {
	if g.r.nullRateHit(g.nullRate) {
		v.Null = true
		return
	}
	n := max(g.length, 0)
	m := &types.MapValue{Keys: make([]types.Value, 0, n), Vals: make([]types.Value, 0, n)}
	for i := 0; i < n; i++ {
		var k, val types.Value
		g.key.fill(&k, c)
		g.val.fill(&val, c)
		if j := indexOf(g.keyType, m.Keys, k); j >= 0 {
			m.Vals[j] = val
			continue
		}
		m.Keys = append(m.Keys, k)
		m.Vals = append(m.Vals, val)
	}
	v.X = m
}

type rowGen struct {
	r        *rng
	fields   []gen
	nullRate float32
}

func (g *rowGen) fill(v *types.Value, c *genCtx) {
	if g.r.nullRateHit(g.nullRate) {
		v.Null = true
		return
	}
	vals := make([]types.Value, len(g.fields))
	for i, f := range g.fields {
		f.fill(&vals[i], c)
	}
	v.X = &types.RowValue{Fields: vals}
}

func indexOf(t types.Type, keys []types.Value, k types.Value) int {
	for i := range keys {
		if equalValues(t, keys[i], k) {
			return i
		}
	}
	return -1
}

// equalValues is Java's equals on the values datagen makes: bytes compare
// by content, floats by bit pattern (Float.equals), collections deeply.
func equalValues(t types.Type, a, b types.Value) bool {
	if a.Null || b.Null {
		return a.Null == b.Null
	}
	switch t.Kind {
	case types.Char, types.Varchar, types.Binary, types.Varbinary:
		return string(a.B) == string(b.B)
	case types.Float:
		return math.Float32bits(float32(a.F)) == math.Float32bits(float32(b.F)) ||
			(math.IsNaN(a.F) && math.IsNaN(b.F))
	case types.Double:
		return math.Float64bits(a.F) == math.Float64bits(b.F) || (math.IsNaN(a.F) && math.IsNaN(b.F))
	case types.Decimal:
		if t.Precision > 18 {
			x, _ := a.X.(*big.Int)
			y, _ := b.X.(*big.Int)
			return x != nil && y != nil && x.Cmp(y) == 0
		}
		return a.I == b.I
	case types.Timestamp, types.TimestampLTZ:
		return a.I == b.I && a.N == b.N
	case types.Array:
		x, _ := a.X.(*types.ArrayValue)
		y, _ := b.X.(*types.ArrayValue)
		if x == nil || y == nil || len(x.Elems) != len(y.Elems) {
			return false
		}
		for i := range x.Elems {
			if !equalValues(*t.Elem, x.Elems[i], y.Elems[i]) {
				return false
			}
		}
		return true
	case types.Map, types.Multiset:
		x, _ := a.X.(*types.MapValue)
		y, _ := b.X.(*types.MapValue)
		if x == nil || y == nil || len(x.Keys) != len(y.Keys) {
			return false
		}
		kt, vt := t.Key, t.Val
		if t.Kind == types.Multiset {
			kt, vt = t.Elem, &types.Int32
		}
		for i := range x.Keys {
			j := indexOf(*kt, y.Keys, x.Keys[i])
			if j < 0 || !equalValues(*vt, x.Vals[i], y.Vals[j]) {
				return false
			}
		}
		return true
	case types.Row:
		x, _ := a.X.(*types.RowValue)
		y, _ := b.X.(*types.RowValue)
		if x == nil || y == nil || len(x.Fields) != len(y.Fields) {
			return false
		}
		for i := range x.Fields {
			if !equalValues(t.Fields[i].Type, x.Fields[i], y.Fields[i]) {
				return false
			}
		}
		return true
	}
	return a.I == b.I
}

// seqGen emits start, start+1, ... as many values as Flink's
// SequenceGenerator: |end - start + 1| of them (so an end below the start
// still counts upwards), converted to the column type.
type seqGen struct {
	kind      types.Kind
	precision int
	scale     int
	next      int64 // the next value
	left      int64 // values still to emit
}

func (bd *builder) buildSequence(f *field) gen {
	total := f.end - f.start + 1 // wraps like Java's long arithmetic
	if total < 0 {
		total = -total
	}
	if (total < 0 || total > math.MaxInt32) && bd.openErr == nil {
		// Flink's safeDivide precondition, checked when the source opens:
		// at most Integer.MAX_VALUE values.
		bd.openErr = diag.Errorf(diag.NoPos, jobException, recoverySuppressed)
		total = 0
	}
	g := &seqGen{kind: f.typ.Kind, precision: f.typ.Precision, scale: f.typ.Scale, next: f.start, left: total}
	bd.seqs = append(bd.seqs, g)
	return g
}

func (g *seqGen) hasNext() bool { return g.left > 0 }

func (g *seqGen) fill(v *types.Value, c *genCtx) {
	x := g.next
	g.next++
	g.left--
	switch g.kind {
	case types.TinyInt:
		v.I = int64(int8(x))
	case types.SmallInt:
		v.I = int64(int16(x))
	case types.Int:
		v.I = int64(int32(x))
	case types.BigInt:
		v.I = x
	case types.Float:
		v.F = float64(float32(x))
	case types.Double:
		v.F = float64(x)
	case types.Decimal:
		sequenceDecimal(v, x, g.precision, g.scale)
	case types.Char, types.Varchar:
		var tmp [20]byte
		s := strconv.AppendInt(tmp[:0], x, 10)
		v.B = c.b.CopyBytes(s)
	case types.Binary, types.Varbinary:
		buf := c.b.Alloc(8)
		binary.BigEndian.PutUint64(buf, uint64(x))
		v.B = buf
	}
}
