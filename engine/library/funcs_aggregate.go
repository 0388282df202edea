package library

import (
	"bytes"
	"fmt"
	"math/big"
	"sort"
	"strings"

	"github.com/flinkplay/flinkplay/engine/diag"
	"github.com/flinkplay/flinkplay/engine/expr"
	"github.com/flinkplay/flinkplay/engine/funcs"
	"github.com/flinkplay/flinkplay/engine/types"
)

// The type rules and accumulators of the aggregate functions, and the type
// rules of the window functions. Each spec in aggregate.go points at its
// own (Function.Aggregate): the planner binds a call through the spec's
// type rule, and the operators run the call through the spec's
// accumulator. The ranking and offset functions (ROW_NUMBER, RANK, LAG,
// ...) have no accumulator: their values are positions in a partition's
// order, which the OVER operator computes as it orders the rows.

// Aggregate is an aggregate or window function's type rule and
// evaluation.
type Aggregate struct {
	// Min and Max bound the number of arguments, after the ON NULL and
	// NULLS clauses; Max -1 is unbounded. AnyDistinct: with DISTINCT any
	// number from Min (COUNT(DISTINCT a, b)).
	Min, Max    int
	AnyDistinct bool
	// Type is the type rule: it checks the bound arguments, with
	// Calcite's messages, and returns the call's result type. It may
	// rewrite an argument: the JSON aggregates take JSON text.
	Type func(c *AggTyping) (types.Type, error)
	// Compile prepares what the accumulators of one call share (the
	// arithmetic and comparisons of AggKernel); nil when they share
	// nothing.
	Compile func(k *AggKernel) error
	// New returns an empty accumulator of a compiled call. It is nil for
	// the variance family, which the planner rewrites into SUM and COUNT,
	// and for the ranking and offset functions.
	New func(k *AggKernel) Accumulator
}

// AggTyping is a call as the type rule sees it.
type AggTyping struct {
	Name    string      // upper-case, as called
	Args    []expr.Expr // bound, without the ON NULL and NULLS clauses
	Literal []bool      // whether each argument is written as a literal
	Pos     int
}

// CannotApply is Calcite's error for arguments outside the supported forms.
func (c *AggTyping) CannotApply(forms string) error {
	ts := make([]string, len(c.Args))
	for i, x := range c.Args {
		ts[i] = "<" + CalciteTypeName(x.Type()) + ">"
	}
	return diag.Errorf(c.Pos, diag.SqlValidatorException,
		"Cannot apply '%s' to arguments of type '%s(%s)'. Supported form(s): %s", c.Name, c.Name, strings.Join(ts, ", "), forms)
}

// CalciteTypeName names a type as Calcite's messages on calls do
// (INTEGER, VARCHAR(2147483647), ...): the aggregates' type rules and the
// planner's window and time attribute errors.
func CalciteTypeName(t types.Type) string {
	t = t.WithNullable(true)
	switch t.Kind {
	case types.Int:
		return "INTEGER"
	case types.Varchar:
		return fmt.Sprintf("VARCHAR(%d)", t.Length)
	case types.Varbinary:
		return fmt.Sprintf("VARBINARY(%d)", t.Length)
	}
	return t.String()
}

// AggregateOf returns the spec of the aggregate or window function name
// (any case), with Flink's internal $SUM0 and the synonyms STDDEV (of
// STDDEV_SAMP) and VARIANCE (of VAR_SAMP), which have no spec of their own
// in the function list; nil for any other name.
func AggregateOf(name string) *Function {
	name = strings.ToUpper(name)
	switch name {
	case "SUM0", "$SUM0":
		return fnSum0
	case "STDDEV":
		return fnStddevSamp
	case "VARIANCE":
		return fnVarSamp
	}
	if f, ok := byName[name]; ok && f.Aggregate != nil {
		return f
	}
	return nil
}

// fnSum0 is Flink's internal $SUM0: SUM that is 0, not NULL, over no rows
// (what COUNT's partial results merge with). SQL does not call it, and
// the function list does not show it.
var fnSum0 = &Function{
	Spec:      funcs.Spec{Name: "$SUM0", Category: funcs.Aggregate},
	Agg:       AggSum0,
	Aggregate: &Aggregate{Min: 1, Max: 1, Type: sumTypeRule, Compile: compileSum, New: newSumAcc},
}

// The type rules.

func regular(t types.Type) types.Type {
	t.Attr = types.Regular
	return t
}

func countTypeRule(*AggTyping) (types.Type, error) { return types.Int64.WithNullable(false), nil }

// sumTypeRule is SUM's: the argument's type, DECIMAL(38, s) for decimals.
func sumTypeRule(c *AggTyping) (types.Type, error) {
	t := c.Args[0].Type()
	if !t.IsNumeric() {
		return types.Type{}, c.CannotApply("'" + c.Name + "(<NUMERIC>)'")
	}
	if t.Kind == types.Decimal {
		return types.DecimalOf(types.MaxDecimalPrecision, t.Scale), nil
	}
	return t.WithNullable(true), nil
}

// avgTypeRule is AVG's, and the variance family's.
func avgTypeRule(c *AggTyping) (types.Type, error) {
	t := c.Args[0].Type()
	if !t.IsNumeric() {
		return types.Type{}, c.CannotApply("'" + c.Name + "(<NUMERIC>)'")
	}
	return AvgType(t), nil
}

// AvgType is AVG's result type (and the variance family's): the
// argument's type, DECIMAL(38, max(6, s)) for decimals.
func AvgType(t types.Type) types.Type {
	if t.Kind == types.Decimal {
		return types.DecimalOf(types.MaxDecimalPrecision, max(t.Scale, 6))
	}
	return regular(t.WithNullable(true))
}

// sameTypeRule is MIN's, MAX's, FIRST_VALUE's, LAST_VALUE's, LAG's and
// LEAD's: the argument's type, nullable.
func sameTypeRule(c *AggTyping) (types.Type, error) {
	return regular(c.Args[0].Type().WithNullable(true)), nil
}

const listAggForms = "'LISTAGG(<CHARACTER>)'\n'LISTAGG(<CHARACTER>, <CHARACTER_LITERAL>)'"

func listAggTypeRule(c *AggTyping) (types.Type, error) {
	t := c.Args[0].Type()
	if !t.IsCharacter() && t.Kind != types.Null {
		return types.Type{}, c.CannotApply(listAggForms)
	}
	if len(c.Args) == 2 && (!c.Literal[1] || !c.Args[1].Type().IsCharacter()) {
		return types.Type{}, c.CannotApply(listAggForms)
	}
	if t.Kind == types.Varchar {
		return t.WithNullable(true), nil
	}
	return types.String, nil
}

func collectTypeRule(c *AggTyping) (types.Type, error) {
	return types.MultisetOf(regular(c.Args[0].Type())).WithNullable(false), nil
}

func arrayAggTypeRule(c *AggTyping) (types.Type, error) {
	return types.ArrayOf(regular(c.Args[0].Type())).WithNullable(true), nil
}

// jsonAggTypeRule is JSON_ARRAYAGG's and JSON_OBJECTAGG's: the value goes
// in as JSON text, as Flink's WrapJsonAggFunctionArgumentsRule wraps it in
// JSON_STRING.
func jsonAggTypeRule(c *AggTyping) (types.Type, error) {
	if c.Name == "JSON_OBJECTAGG" && !c.Args[0].Type().IsCharacter() {
		return types.Type{}, c.CannotApply("'JSON_OBJECTAGG(<CHARACTER>, <ANY>)'")
	}
	v := len(c.Args) - 1
	js, err := buildJSONString("JSON_STRING", []expr.Expr{c.Args[v]}, c.Pos)
	if err != nil {
		return types.Type{}, err
	}
	c.Args[v] = js
	return types.VarcharN(2000).WithNullable(false), nil
}

func rankTypeRule(*AggTyping) (types.Type, error) { return types.Int64.WithNullable(false), nil }

func distributionTypeRule(*AggTyping) (types.Type, error) {
	return types.Float64.WithNullable(false), nil
}

// The accumulators.

// AggCall is one aggregate call as an operator runs it.
type AggCall struct {
	Name    string // as called: its spec (AggregateOf) runs it
	Star    bool   // COUNT(*)
	ArgType types.Type
	Type    types.Type // the result type
	// Distinct: the accumulator sees each argument tuple once.
	Distinct bool
	// IgnoreNulls: ARRAY_AGG(x IGNORE NULLS), the JSON aggregates with
	// ABSENT ON NULL.
	IgnoreNulls bool
	// Retracting tells that the input may retract rows: MIN, MAX,
	// FIRST_VALUE and LAST_VALUE then keep every value (Flink's
	// *WithRetractAggFunction), otherwise only the current result.
	Retracting bool
	// Separator: LISTAGG's separator comes as the second argument.
	Separator bool
}

// Accumulator is the running state of one aggregate call for one group.
// Add and Retract receive the call's arguments from a row that lives in a
// batch: what they keep, they clone. Value returns the current result,
// owned by the caller.
type Accumulator interface {
	Add(args []types.Value) error
	Retract(args []types.Value) error
	Value() (types.Value, error)
}

// Merger is an accumulator that folds a partial accumulator of the same
// call into itself (Flink's merge, for two-phase aggregation).
type Merger interface {
	Merge(other Accumulator) error
}

// AggKernel is one call compiled for an operator: the expressions its
// accumulators share, and their constructor.
type AggKernel struct {
	c     AggCall
	spec  *Aggregate
	kind  AggKind
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

// CompileAggregate compiles call c, whose expressions evaluate in ctx.
func CompileAggregate(c AggCall, ctx *expr.Ctx) (*AggKernel, error) {
	f := AggregateOf(c.Name)
	if f == nil || f.Aggregate.New == nil {
		return nil, fmt.Errorf("aggregate: %s has no accumulator", c.Name)
	}
	k := &AggKernel{c: c, spec: f.Aggregate, kind: f.Agg, ctx: ctx}
	if k.spec.Compile != nil {
		if err := k.spec.Compile(k); err != nil {
			return nil, err
		}
	}
	return k, nil
}

// Call returns the call the kernel runs.
func (k *AggKernel) Call() AggCall { return k.c }

// New returns an empty accumulator for one group.
func (k *AggKernel) New() Accumulator {
	a := k.spec.New(k)
	if k.c.Distinct {
		a = &distinctAcc{inner: a}
	}
	return a
}

// eval evaluates e over the row (x) or (x, y), in k.args.
func (k *AggKernel) eval(e expr.Expr, vals ...types.Value) (types.Value, error) {
	n := copy(k.args[:], vals)
	r, err := e.Eval(k.ctx, k.args[:n])
	k.args = [2]types.Value{}
	return r, err
}

// compileSum prepares SUM, $SUM0 and AVG: the start, the steps and AVG's
// division.
func compileSum(k *AggKernel) error {
	c := k.c
	k.accT = c.Type.WithNullable(true)
	if k.kind == AggAvg {
		k.accT = SumType(c.ArgType)
	}
	k.accT.Attr = types.Regular
	var err error
	if k.add, err = arithTo(expr.Add, k.accT, c.ArgType); err != nil {
		return err
	}
	if k.sub, err = arithTo(expr.Sub, k.accT, c.ArgType); err != nil {
		return err
	}
	if k.start, err = expr.Cast(expr.Column(0, c.ArgType), k.accT, false, diag.NoPos); err != nil {
		return err
	}
	if k.kind == AggAvg {
		div, err := expr.Arith(expr.Div, expr.Column(0, k.accT), expr.Column(1, types.Int64.WithNullable(false)), diag.NoPos)
		if err != nil {
			return err
		}
		if !div.Type().WithNullable(true).Equal(c.Type.WithNullable(true)) {
			if div, err = expr.Cast(div, c.Type, false, diag.NoPos); err != nil {
				return err
			}
		}
		k.div = div
	}
	return nil
}

// compileOrder prepares MIN, MAX and COLLECT: the ordering of the values.
// COLLECT of an incomparable type keeps insertion order.
func compileOrder(k *AggKernel) error {
	t := regular(k.c.ArgType.WithNullable(true))
	less, err := expr.Compare(expr.Lt, expr.Column(0, t), expr.Column(1, t), diag.NoPos)
	if err != nil {
		if k.kind != AggCollect {
			return err
		}
		less = nil
	}
	k.less = less
	return nil
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

// SumType is the accumulator type of AVG: Flink sums in the argument's
// type family (BIGINT for integers, DOUBLE for approximate, DECIMAL(38, s)).
func SumType(t types.Type) types.Type {
	switch {
	case t.IsInteger():
		return types.Int64
	case t.Kind == types.Decimal:
		return types.DecimalOf(types.MaxDecimalPrecision, t.Scale)
	}
	return types.Float64
}

func newCountAcc(k *AggKernel) Accumulator { return &countAcc{star: k.c.Star} }
func newSumAcc(k *AggKernel) Accumulator   { return &sumAcc{k: k} }
func newListAcc(k *AggKernel) Accumulator  { return &listAcc{k: k} }
func newCollectAcc(k *AggKernel) Accumulator {
	return &collectAcc{k: k}
}
func newJSONObjectAcc(k *AggKernel) Accumulator { return &jsonObjectAcc{k: k} }

// newMinMaxAcc keeps the extreme alone over an insert-only input, every
// value with its count over an updating one.
func newMinMaxAcc(k *AggKernel) Accumulator {
	if k.c.Retracting {
		return &minMaxRetractAcc{k: k}
	}
	return &minMaxAcc{k: k}
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

func (a *countAcc) Add(args []types.Value) error {
	if a.counts(args) {
		a.n++
	}
	return nil
}

func (a *countAcc) Retract(args []types.Value) error {
	if a.counts(args) {
		a.n--
	}
	return nil
}

func (a *countAcc) Value() (types.Value, error) { return types.IntValue(a.n), nil }

// merge folds a partial count (two-phase aggregation).
func (a *countAcc) Merge(o Accumulator) error {
	a.n += o.(*countAcc).n
	return nil
}

// sumAcc is SUM, SUM0 and AVG: a running sum of the non-NULL values and
// their count (SUM is NULL when the count is zero, as Flink's
// SumWithRetractAggFunction).
type sumAcc struct {
	k   *AggKernel
	sum types.Value
	n   int64
}

func (a *sumAcc) Add(args []types.Value) error     { return a.step(args[0], false) }
func (a *sumAcc) Retract(args []types.Value) error { return a.step(args[0], true) }

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
func (a *sumAcc) Merge(o Accumulator) error {
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

func (a *sumAcc) Value() (types.Value, error) {
	k := a.k
	switch {
	case a.n <= 0 && k.kind == AggSum0:
		return zeroOf(k.accT), nil
	case a.n <= 0:
		return types.NullValue, nil
	case k.kind == AggAvg:
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
	k    *AggKernel
	best types.Value
	seen bool
}

func (a *minMaxAcc) Add(args []types.Value) error {
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
func (a *minMaxAcc) Merge(o Accumulator) error {
	b := o.(*minMaxAcc)
	if !b.seen {
		return nil
	}
	return a.Add([]types.Value{b.best})
}

func (a *minMaxAcc) Retract([]types.Value) error {
	return diag.Errorf(diag.NoPos, diag.TableException, "%s over an updating input needs its retracting variant.", a.k.c.Name)
}

func (a *minMaxAcc) Value() (types.Value, error) {
	if !a.seen {
		return types.NullValue, nil
	}
	return a.best, nil
}

// better reports whether v beats cur for MIN (smaller) or MAX (larger).
func (k *AggKernel) better(v, cur types.Value) (bool, error) {
	x, y := v, cur
	if k.kind == AggMax {
		x, y = cur, v
	}
	return k.lessThan(x, y)
}

func (k *AggKernel) lessThan(x, y types.Value) (bool, error) {
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
	k    *AggKernel
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

func (a *minMaxRetractAcc) Add(args []types.Value) error {
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

func (a *minMaxRetractAcc) Retract(args []types.Value) error {
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

func (a *minMaxRetractAcc) Value() (types.Value, error) {
	if len(a.vals) == 0 {
		return types.NullValue, nil
	}
	if a.k.kind == AggMax {
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
	k    *AggKernel
	vals []types.Value
	sep  types.Value // LISTAGG: the latest separator
}

func (a *listAcc) accepts(v types.Value) bool {
	switch a.k.kind {
	case AggArrayAgg:
		return !v.Null || !a.k.c.IgnoreNulls
	case AggJSONArrayAgg:
		return !v.Null || !a.k.c.IgnoreNulls
	}
	return !v.Null
}

func (a *listAcc) Add(args []types.Value) error {
	v := args[0]
	if a.k.kind == AggListAgg && len(args) > 1 {
		a.sep = args[1].Clone()
	}
	if !a.accepts(v) {
		return nil
	}
	switch a.k.kind {
	case AggFirstValue:
		if !a.k.c.Retracting && len(a.vals) > 0 {
			return nil
		}
	case AggLastValue:
		if !a.k.c.Retracting {
			a.vals = a.vals[:0]
		}
	}
	a.vals = append(a.vals, v.Clone())
	return nil
}

func (a *listAcc) Retract(args []types.Value) error {
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

func (a *listAcc) Value() (types.Value, error) {
	switch a.k.kind {
	case AggFirstValue:
		if len(a.vals) == 0 {
			return types.NullValue, nil
		}
		return a.vals[0], nil
	case AggLastValue:
		if len(a.vals) == 0 {
			return types.NullValue, nil
		}
		return a.vals[len(a.vals)-1], nil
	case AggListAgg:
		if len(a.vals) == 0 {
			return types.NullValue, nil
		}
		sep := []byte(",")
		if a.k.c.Separator {
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
	case AggArrayAgg:
		if len(a.vals) == 0 {
			return types.NullValue, nil
		}
		return types.Value{X: &types.ArrayValue{Elems: append([]types.Value(nil), a.vals...)}}, nil
	case AggJSONArrayAgg:
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
	return types.NullValue, fmt.Errorf("groupagg: unknown list aggregate %s", a.k.c.Name)
}

// collectAcc is COLLECT: a multiset of the non-NULL values, each with its
// count. Flink keeps it in a Java HashMap, so the printed order is the
// HashMap's: collectAcc reproduces it for integer elements and keeps
// first-seen order for others.
type collectAcc struct {
	k    *AggKernel
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

func (a *collectAcc) Add(args []types.Value) error {
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

func (a *collectAcc) Retract(args []types.Value) error {
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

func (a *collectAcc) Value() (types.Value, error) {
	m := &types.MapValue{}
	order := make([]int, len(a.vals))
	for i := range order {
		order[i] = i
	}
	if t := a.k.c.ArgType; t.IsInteger() {
		buckets := javaHashMapCapacity(a.ever) - 1
		bucket := func(i int) int32 {
			h := javaIntegerHash(a.vals[i].I, t)
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

// javaIntegerHash is Java's hashCode of a boxed integer of type t.
func javaIntegerHash(v int64, t types.Type) int32 {
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
	k    *AggKernel
	keys []string
	vals []types.Value
}

func (a *jsonObjectAcc) Add(args []types.Value) error {
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
	if v.Null && a.k.c.IgnoreNulls {
		return nil
	}
	a.keys = append(a.keys, string(key.B))
	a.vals = append(a.vals, v.Clone())
	return nil
}

func (a *jsonObjectAcc) Retract(args []types.Value) error {
	for i, k := range a.keys {
		if k == string(args[0].B) {
			a.keys = append(a.keys[:i], a.keys[i+1:]...)
			a.vals = append(a.vals[:i], a.vals[i+1:]...)
			return nil
		}
	}
	return nil
}

func (a *jsonObjectAcc) Value() (types.Value, error) {
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

// distinctAcc feeds its inner Accumulator only the first occurrence of each
// argument tuple and retracts it with the last one (Flink's distinct map
// of value -> count).
type distinctAcc struct {
	inner Accumulator
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

func (a *distinctAcc) Add(args []types.Value) error {
	if a.seen == nil {
		a.seen = map[string]int64{}
	}
	k := a.key(args)
	a.seen[k]++
	if a.seen[k] == 1 {
		return a.inner.Add(args)
	}
	return nil
}

func (a *distinctAcc) Retract(args []types.Value) error {
	k := a.key(args)
	c, ok := a.seen[k]
	if !ok {
		return nil
	}
	if c <= 1 {
		delete(a.seen, k)
		return a.inner.Retract(args)
	}
	a.seen[k] = c - 1
	return nil
}

func (a *distinctAcc) Value() (types.Value, error) { return a.inner.Value() }

// sameValue reports whether two values of one type are equal as stored.
func sameValue(x, y types.Value) bool {
	if x.Null || y.Null {
		return x.Null == y.Null
	}
	return x.I == y.I && x.F == y.F && x.N == y.N && bytes.Equal(x.B, y.B) && fmt.Sprint(x.X) == fmt.Sprint(y.X)
}
