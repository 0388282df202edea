package ops

import (
	"bytes"
	"fmt"
	"math/big"
	"sort"

	"github.com/flinkplay/flinkplay/engine/diag"
	"github.com/flinkplay/flinkplay/engine/expr"
	"github.com/flinkplay/flinkplay/engine/library"
	"github.com/flinkplay/flinkplay/engine/types"
)

// accumulator is the running state of one aggregate call for one group.
// add and retract receive the call's arguments (Arg, then MoreArgs) from a
// row that lives in a batch: what they keep, they clone. value returns the
// current result, owned by the caller.
type accumulator interface {
	add(args []types.Value) error
	retract(args []types.Value) error
	value() (types.Value, error)
}

// aggKernel is what one AggFunc compiles to when the operator opens: the
// expressions its accumulators share, and their constructor.
type aggKernel struct {
	f     AggFunc
	kind  library.AggKind // what f's spec says runs it
	ctx   *expr.Ctx
	add   expr.Expr // SUM/AVG: acc + x
	sub   expr.Expr // SUM/AVG: acc - x
	merge expr.Expr // SUM/AVG: acc + acc (two-phase), built when first needed
	div   expr.Expr // AVG: sum / count
	less  expr.Expr // MIN/MAX/COLLECT ordering: $0 < $1
	start expr.Expr // SUM/AVG: CAST(x AS accumulator type)
	accT  types.Type
	// args is the row the kernel's expressions read: reused, since a
	// fresh slice per call escapes to the heap (an allocation per input
	// row). A kernel serves one operator, on one goroutine.
	args [2]types.Value
}

// eval evaluates e over the row (x) or (x, y), in k.args.
func (k *aggKernel) eval(e expr.Expr, vals ...types.Value) (types.Value, error) {
	n := copy(k.args[:], vals)
	r, err := e.Eval(k.ctx, k.args[:n])
	k.args = [2]types.Value{}
	return r, err
}

// newKernel compiles f. retracting tells whether the input may retract,
// which decides how much history MIN, MAX, FIRST_VALUE and LAST_VALUE
// keep (Flink picks its *WithRetract functions the same way).
func newKernel(f AggFunc, ctx *expr.Ctx) (*aggKernel, error) {
	k := &aggKernel{f: f, ctx: ctx, kind: library.AggregateKind(f.Name)}
	switch k.kind {
	case library.AggSum, library.AggSum0, library.AggAvg:
		k.accT = f.Type.WithNullable(true)
		if k.kind == library.AggAvg {
			k.accT = sumType(f.ArgType)
		}
		k.accT.Attr = types.Regular
		var err error
		if k.add, err = arithTo(expr.Add, k.accT, f.ArgType); err != nil {
			return nil, err
		}
		if k.sub, err = arithTo(expr.Sub, k.accT, f.ArgType); err != nil {
			return nil, err
		}
		if k.start, err = expr.Cast(expr.Column(0, f.ArgType), k.accT, false, diag.NoPos); err != nil {
			return nil, err
		}
		if k.kind == library.AggAvg {
			div, err := expr.Arith(expr.Div, expr.Column(0, k.accT), expr.Column(1, types.Int64.WithNullable(false)), diag.NoPos)
			if err != nil {
				return nil, err
			}
			if !div.Type().WithNullable(true).Equal(f.Type.WithNullable(true)) {
				if div, err = expr.Cast(div, f.Type, false, diag.NoPos); err != nil {
					return nil, err
				}
			}
			k.div = div
		}
	case library.AggMin, library.AggMax, library.AggCollect:
		t := f.ArgType.WithNullable(true)
		t.Attr = types.Regular
		less, err := expr.Compare(expr.Lt, expr.Column(0, t), expr.Column(1, t), diag.NoPos)
		if err != nil {
			if k.kind != library.AggCollect {
				return nil, err
			}
			less = nil // COLLECT of an incomparable type keeps insertion order
		}
		k.less = less
	}
	return k, nil
}

// arithTo builds CAST($0 op $1 AS accT).
func arithTo(op expr.ArithOp, accT, argT types.Type) (expr.Expr, error) {
	x, err := expr.Arith(op, expr.Column(0, accT), expr.Column(1, argT), diag.NoPos)
	if err != nil {
		return nil, err
	}
	if !x.Type().WithNullable(true).Equal(accT) {
		return expr.Cast(x, accT, false, diag.NoPos)
	}
	return x, nil
}

// sumType is the accumulator type of AVG: Flink sums in the argument's type
// family (BIGINT for integers, DOUBLE for approximate, DECIMAL(38, s)).
func sumType(t types.Type) types.Type {
	switch {
	case t.IsInteger():
		return types.Int64
	case t.Kind == types.Decimal:
		return types.DecimalOf(types.MaxDecimalPrecision, t.Scale)
	}
	return types.Float64
}

// newAcc returns an empty accumulator for one group.
func (k *aggKernel) newAcc(retracting bool) (accumulator, error) {
	var a accumulator
	switch k.kind {
	case library.AggCount:
		a = &countAcc{star: k.f.Arg < 0}
	case library.AggSum, library.AggSum0, library.AggAvg:
		a = &sumAcc{k: k}
	case library.AggMin, library.AggMax:
		if retracting {
			a = &minMaxRetractAcc{k: k}
		} else {
			a = &minMaxAcc{k: k}
		}
	case library.AggFirstValue, library.AggLastValue, library.AggListAgg, library.AggArrayAgg, library.AggJSONArrayAgg:
		a = &listAcc{k: k}
	case library.AggCollect:
		a = &collectAcc{k: k}
	case library.AggJSONObjectAgg:
		a = &jsonObjectAcc{k: k}
	default:
		return nil, fmt.Errorf("groupagg: unknown aggregate %s", k.f.Name)
	}
	if k.f.Distinct {
		a = &distinctAcc{inner: a, star: k.f.Arg < 0}
	}
	return a, nil
}

// countAcc counts rows (COUNT(*)) or rows whose arguments are all non-NULL.
type countAcc struct {
	star bool
	n    int64
}

func (a *countAcc) counts(args []types.Value) bool {
	if a.star {
		return true
	}
	for _, v := range args {
		if v.Null {
			return false
		}
	}
	return true
}

func (a *countAcc) add(args []types.Value) error {
	if a.counts(args) {
		a.n++
	}
	return nil
}

func (a *countAcc) retract(args []types.Value) error {
	if a.counts(args) {
		a.n--
	}
	return nil
}

func (a *countAcc) value() (types.Value, error) { return types.IntValue(a.n), nil }

// merge folds a partial count (two-phase aggregation).
func (a *countAcc) merge(o accumulator) error {
	a.n += o.(*countAcc).n
	return nil
}

// sumAcc is SUM, SUM0 and AVG: a running sum of the non-NULL values and
// their count (SUM is NULL when the count is zero, as Flink's
// SumWithRetractAggFunction).
type sumAcc struct {
	k   *aggKernel
	sum types.Value
	n   int64
}

func (a *sumAcc) add(args []types.Value) error     { return a.step(args[0], false) }
func (a *sumAcc) retract(args []types.Value) error { return a.step(args[0], true) }

func (a *sumAcc) step(v types.Value, retract bool) error {
	if v.Null {
		return nil
	}
	k := a.k
	if a.n == 0 && !retract {
		x, err := k.eval(k.start, v)
		if err != nil {
			return err
		}
		a.sum, a.n = x.Clone(), 1
		return nil
	}
	f := k.add
	if retract {
		f = k.sub
		a.n--
	} else {
		a.n++
	}
	acc := a.sum
	if acc.Null {
		acc = zeroOf(k.accT)
	}
	r, err := k.eval(f, acc, v)
	if err != nil {
		return err
	}
	a.sum = r.Clone()
	return nil
}

// merge folds a partial sum: CAST(sum + other AS accT), as Flink's merge
// of SumAggFunction (a side without values adds nothing).
func (a *sumAcc) merge(o accumulator) error {
	b := o.(*sumAcc)
	switch {
	case b.n == 0 && !b.touched():
		return nil
	case a.n == 0 && !a.touched():
		a.sum, a.n = b.sum, b.n
		return nil
	}
	k := a.k
	if k.merge == nil {
		m, err := arithTo(expr.Add, k.accT, k.accT)
		if err != nil {
			return err
		}
		k.merge = m
	}
	x, y := a.sum, b.sum
	if x.Null {
		x = zeroOf(k.accT)
	}
	if y.Null {
		y = zeroOf(k.accT)
	}
	r, err := k.eval(k.merge, x, y)
	if err != nil {
		return err
	}
	a.sum, a.n = r.Clone(), a.n+b.n
	return nil
}

// touched reports whether the sum holds anything but an empty start: a
// sum whose values were all retracted may keep a remainder.
func (a *sumAcc) touched() bool {
	return a.sum.Null || a.sum.I != 0 || a.sum.F != 0 || a.sum.X != nil
}

// zeroOf is 0 of a numeric type (a sum retracted below its first value).
func zeroOf(t types.Type) types.Value {
	if t.Kind == types.Decimal && t.Precision > 18 {
		return types.BigDecimalValue(new(big.Int))
	}
	return types.Value{}
}

func (a *sumAcc) value() (types.Value, error) {
	k := a.k
	switch {
	case a.n <= 0 && k.kind == library.AggSum0:
		return zeroOf(k.accT), nil
	case a.n <= 0:
		return types.NullValue, nil
	case k.kind == library.AggAvg:
		v, err := k.eval(k.div, a.sum, types.IntValue(a.n))
		if err != nil {
			return types.NullValue, err
		}
		return v.Clone(), nil
	}
	return a.sum, nil
}

// minMaxAcc is MIN or MAX over an insert-only input: the best value so far.
type minMaxAcc struct {
	k    *aggKernel
	best types.Value
	seen bool
}

func (a *minMaxAcc) add(args []types.Value) error {
	v := args[0]
	if v.Null {
		return nil
	}
	if !a.seen {
		a.best, a.seen = v.Clone(), true
		return nil
	}
	better, err := a.k.better(v, a.best)
	if err != nil {
		return err
	}
	if better {
		a.best = v.Clone()
	}
	return nil
}

// merge folds a partial extreme.
func (a *minMaxAcc) merge(o accumulator) error {
	b := o.(*minMaxAcc)
	if !b.seen {
		return nil
	}
	return a.add([]types.Value{b.best})
}

func (a *minMaxAcc) retract([]types.Value) error {
	return diag.Errorf(diag.NoPos, diag.TableException, "%s over an updating input needs its retracting variant.", a.k.f.Name)
}

func (a *minMaxAcc) value() (types.Value, error) {
	if !a.seen {
		return types.NullValue, nil
	}
	return a.best, nil
}

// better reports whether v beats cur for MIN (smaller) or MAX (larger).
func (k *aggKernel) better(v, cur types.Value) (bool, error) {
	x, y := v, cur
	if k.kind == library.AggMax {
		x, y = cur, v
	}
	return k.lessThan(x, y)
}

func (k *aggKernel) lessThan(x, y types.Value) (bool, error) {
	r, err := k.eval(k.less, x, y)
	if err != nil {
		return false, err
	}
	return !r.Null && r.I != 0, nil
}

// minMaxRetractAcc is MIN or MAX over an updating input, as Flink's
// MinWithRetractAggFunction: every distinct value with its count, sorted,
// so that retracting the current extreme falls back to the next one.
type minMaxRetractAcc struct {
	k    *aggKernel
	vals []types.Value // ascending
	cnts []int64
}

// find returns the index of v in vals, or where it would be inserted.
func (a *minMaxRetractAcc) find(v types.Value) (int, bool, error) {
	var err error
	i := sort.Search(len(a.vals), func(i int) bool {
		lt, e := a.k.lessThan(a.vals[i], v)
		if e != nil {
			err = e
		}
		return !lt
	})
	if err != nil || i == len(a.vals) {
		return i, false, err
	}
	gt, err := a.k.lessThan(v, a.vals[i])
	return i, !gt, err
}

func (a *minMaxRetractAcc) add(args []types.Value) error {
	v := args[0]
	if v.Null {
		return nil
	}
	i, ok, err := a.find(v)
	if err != nil {
		return err
	}
	if ok {
		a.cnts[i]++
		return nil
	}
	a.vals = append(a.vals, types.Value{})
	a.cnts = append(a.cnts, 0)
	copy(a.vals[i+1:], a.vals[i:])
	copy(a.cnts[i+1:], a.cnts[i:])
	a.vals[i], a.cnts[i] = v.Clone(), 1
	return nil
}

func (a *minMaxRetractAcc) retract(args []types.Value) error {
	v := args[0]
	if v.Null {
		return nil
	}
	i, ok, err := a.find(v)
	if err != nil || !ok {
		return err // retracting a value never added: Flink ignores it too
	}
	a.cnts[i]--
	if a.cnts[i] <= 0 {
		a.vals = append(a.vals[:i], a.vals[i+1:]...)
		a.cnts = append(a.cnts[:i], a.cnts[i+1:]...)
	}
	return nil
}

func (a *minMaxRetractAcc) value() (types.Value, error) {
	if len(a.vals) == 0 {
		return types.NullValue, nil
	}
	if a.k.kind == library.AggMax {
		return a.vals[len(a.vals)-1], nil
	}
	return a.vals[0], nil
}

// listAcc keeps the accepted values in arrival order: FIRST_VALUE and
// LAST_VALUE (non-NULL values; the first or the last one), LISTAGG
// (non-NULL strings joined by the separator, which comes with each row),
// ARRAY_AGG (NULLs too unless IGNORE NULLS) and JSON_ARRAYAGG (JSON texts;
// NULL as null unless ABSENT ON NULL). A retraction removes the first
// equal value, as Flink's ListView.remove does; retracting a value that is
// not there is ignored.
type listAcc struct {
	k    *aggKernel
	vals []types.Value
	sep  types.Value // LISTAGG: the latest separator
}

func (a *listAcc) accepts(v types.Value) bool {
	switch a.k.kind {
	case library.AggArrayAgg:
		return !v.Null || !a.k.f.IgnoreNulls
	case library.AggJSONArrayAgg:
		return !v.Null || !a.k.f.IgnoreNulls
	}
	return !v.Null
}

func (a *listAcc) add(args []types.Value) error {
	v := args[0]
	if a.k.kind == library.AggListAgg && len(args) > 1 {
		a.sep = args[1].Clone()
	}
	if !a.accepts(v) {
		return nil
	}
	switch a.k.kind {
	case library.AggFirstValue:
		if !a.k.f.Retracting && len(a.vals) > 0 {
			return nil
		}
	case library.AggLastValue:
		if !a.k.f.Retracting {
			a.vals = a.vals[:0]
		}
	}
	a.vals = append(a.vals, v.Clone())
	return nil
}

func (a *listAcc) retract(args []types.Value) error {
	v := args[0]
	if !a.accepts(v) {
		return nil
	}
	for i, x := range a.vals {
		if sameValue(x, v) {
			a.vals = append(a.vals[:i], a.vals[i+1:]...)
			return nil
		}
	}
	return nil
}

func (a *listAcc) value() (types.Value, error) {
	switch a.k.kind {
	case library.AggFirstValue:
		if len(a.vals) == 0 {
			return types.NullValue, nil
		}
		return a.vals[0], nil
	case library.AggLastValue:
		if len(a.vals) == 0 {
			return types.NullValue, nil
		}
		return a.vals[len(a.vals)-1], nil
	case library.AggListAgg:
		if len(a.vals) == 0 {
			return types.NullValue, nil
		}
		sep := []byte(",")
		if len(a.k.f.MoreArgs) > 0 {
			sep = a.sep.B
			if a.sep.Null {
				sep = nil
			}
		}
		var out []byte
		for i, v := range a.vals {
			if i > 0 {
				out = append(out, sep...)
			}
			out = append(out, v.B...)
		}
		return types.BytesValue(out), nil
	case library.AggArrayAgg:
		if len(a.vals) == 0 {
			return types.NullValue, nil
		}
		return types.Value{X: &types.ArrayValue{Elems: append([]types.Value(nil), a.vals...)}}, nil
	case library.AggJSONArrayAgg:
		out := []byte{'['}
		for i, v := range a.vals {
			if i > 0 {
				out = append(out, ',')
			}
			if v.Null {
				out = append(out, "null"...)
			} else {
				out = append(out, v.B...)
			}
		}
		return types.BytesValue(append(out, ']')), nil
	}
	return types.NullValue, fmt.Errorf("groupagg: unknown list aggregate %s", a.k.f.Name)
}

// collectAcc is COLLECT: a multiset of the non-NULL values, each with its
// count. Flink keeps it in a Java HashMap, so the printed order is the
// HashMap's: collectAcc reproduces it for integer elements and keeps
// first-seen order for others.
type collectAcc struct {
	k    *aggKernel
	vals []types.Value
	cnts []int64
	ever int // distinct values ever inserted: the HashMap's capacity only grows
}

func (a *collectAcc) index(v types.Value) int {
	for i, x := range a.vals {
		if sameValue(x, v) {
			return i
		}
	}
	return -1
}

func (a *collectAcc) add(args []types.Value) error {
	v := args[0]
	if v.Null {
		return nil
	}
	if i := a.index(v); i >= 0 {
		a.cnts[i]++
		return nil
	}
	a.vals = append(a.vals, v.Clone())
	a.cnts = append(a.cnts, 1)
	a.ever++
	return nil
}

func (a *collectAcc) retract(args []types.Value) error {
	v := args[0]
	if v.Null {
		return nil
	}
	if i := a.index(v); i >= 0 {
		a.cnts[i]--
		if a.cnts[i] <= 0 {
			a.vals = append(a.vals[:i], a.vals[i+1:]...)
			a.cnts = append(a.cnts[:i], a.cnts[i+1:]...)
		}
	}
	return nil
}

func (a *collectAcc) value() (types.Value, error) {
	m := &types.MapValue{}
	order := make([]int, len(a.vals))
	for i := range order {
		order[i] = i
	}
	if t := a.k.f.ArgType; t.IsInteger() {
		buckets := javaHashMapCapacity(a.ever) - 1
		bucket := func(i int) int32 {
			h := javaHash(a.vals[i].I, t)
			return (h ^ int32(uint32(h)>>16)) & int32(buckets)
		}
		sort.SliceStable(order, func(x, y int) bool { return bucket(order[x]) < bucket(order[y]) })
	}
	for _, i := range order {
		m.Keys = append(m.Keys, a.vals[i])
		m.Vals = append(m.Vals, types.IntValue(a.cnts[i]))
	}
	return types.Value{X: m}, nil
}

// javaHash is Java's hashCode of a boxed integer of type t.
func javaHash(v int64, t types.Type) int32 {
	if t.Kind == types.BigInt {
		return int32(v ^ int64(uint64(v)>>32))
	}
	return int32(v)
}

// javaHashMapCapacity is the table size of a java.util.HashMap after n
// distinct insertions: 16, doubled whenever the size exceeds 3/4 of it.
func javaHashMapCapacity(n int) int {
	c := 16
	for n > c*3/4 {
		c *= 2
	}
	return c
}

// jsonObjectAcc is JSON_OBJECTAGG: key -> JSON text of the value (NULL
// kept as null, or left out with ABSENT ON NULL). A key added twice is
// Flink's runtime error; a retraction removes the key.
type jsonObjectAcc struct {
	k    *aggKernel
	keys []string
	vals []types.Value
}

func (a *jsonObjectAcc) add(args []types.Value) error {
	key, v := args[0], args[1]
	if key.Null {
		return diag.Errorf(diag.NoPos, diag.TableException, "JSON_OBJECTAGG requires a key that is not NULL")
	}
	for _, k := range a.keys {
		if k == string(key.B) {
			return diag.Errorf(diag.NoPos, diag.TableException,
				"Key '%s' is already present. Duplicate keys are not allowed in JSON_OBJECTAGG. Please ensure that keys are unique.", k)
		}
	}
	if v.Null && a.k.f.IgnoreNulls {
		return nil
	}
	a.keys = append(a.keys, string(key.B))
	a.vals = append(a.vals, v.Clone())
	return nil
}

func (a *jsonObjectAcc) retract(args []types.Value) error {
	for i, k := range a.keys {
		if k == string(args[0].B) {
			a.keys = append(a.keys[:i], a.keys[i+1:]...)
			a.vals = append(a.vals[:i], a.vals[i+1:]...)
			return nil
		}
	}
	return nil
}

func (a *jsonObjectAcc) value() (types.Value, error) {
	order := make([]int, len(a.keys))
	for i := range order {
		order[i] = i
	}
	// Flink serializes the object with its keys sorted.
	sort.SliceStable(order, func(x, y int) bool { return a.keys[order[x]] < a.keys[order[y]] })
	out := []byte{'{'}
	for n, i := range order {
		if n > 0 {
			out = append(out, ',')
		}
		out = types.AppendJSONString(out, a.keys[i])
		out = append(out, ':')
		if a.vals[i].Null {
			out = append(out, "null"...)
		} else {
			out = append(out, a.vals[i].B...)
		}
	}
	return types.BytesValue(append(out, '}')), nil
}

// distinctAcc feeds its inner accumulator only the first occurrence of each
// argument tuple and retracts it with the last one (Flink's distinct map
// of value -> count).
type distinctAcc struct {
	inner accumulator
	star  bool
	seen  map[string]int64
	buf   []byte
}

func (a *distinctAcc) key(args []types.Value) string {
	cols := make([]int, len(args))
	for i := range cols {
		cols[i] = i
	}
	a.buf = types.AppendKey(a.buf[:0], args, cols)
	return string(a.buf)
}

func (a *distinctAcc) add(args []types.Value) error {
	if a.seen == nil {
		a.seen = map[string]int64{}
	}
	k := a.key(args)
	a.seen[k]++
	if a.seen[k] == 1 {
		return a.inner.add(args)
	}
	return nil
}

func (a *distinctAcc) retract(args []types.Value) error {
	k := a.key(args)
	c, ok := a.seen[k]
	if !ok {
		return nil
	}
	if c <= 1 {
		delete(a.seen, k)
		return a.inner.retract(args)
	}
	a.seen[k] = c - 1
	return nil
}

func (a *distinctAcc) value() (types.Value, error) { return a.inner.value() }

// sameValue reports whether two values of one type are equal as stored.
func sameValue(x, y types.Value) bool {
	if x.Null || y.Null {
		return x.Null == y.Null
	}
	return x.I == y.I && x.F == y.F && x.N == y.N && bytes.Equal(x.B, y.B) && fmt.Sprint(x.X) == fmt.Sprint(y.X)
}
