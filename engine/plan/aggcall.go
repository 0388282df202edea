package plan

import (
	"strconv"
	"strings"

	"github.com/flinkplay/flinkplay/engine/diag"
	"github.com/flinkplay/flinkplay/engine/expr"
	"github.com/flinkplay/flinkplay/engine/library"
	"github.com/flinkplay/flinkplay/engine/sql"
	"github.com/flinkplay/flinkplay/engine/types"
)

// aggCall binds one aggregate call. Its arguments (and its FILTER
// condition) become columns of the pre-aggregation projection. Most calls
// bind to one AggCall and post is nil; the variance family binds, as
// Flink's AggregateReduceFunctionsRule rewrites it, to SUM(x * x), SUM(x)
// and COUNT(x), and post computes the result from those three columns.
func (b *binder) aggCall(c *sql.Call, in *scope, pre *[]expr.Expr, preOut *types.Schema) ([]AggCall, func([]expr.Expr) (expr.Expr, error), error) {
	name := strings.ToUpper(c.Name)
	kind := library.AggregateKind(name) // the spec's accumulator decides what follows
	call := AggCall{Name: name, Arg: -1, Distinct: c.Distinct}
	// addCol adds an argument to the projection under the aggregation, as
	// Calcite does: a column already projected is reused, a column keeps
	// its name and an expression is named $f<index>.
	addCol := func(x expr.Expr) int {
		j, isCol := expr.ColumnIndex(x)
		if isCol {
			for k, p := range *pre {
				if pj, ok := expr.ColumnIndex(p); ok && pj == j {
					return k
				}
			}
		}
		i := len(*pre)
		name := "$f" + strconv.Itoa(i)
		if isCol && j < len(in.cols) {
			name = in.cols[j].name
		}
		for k, base := 0, name; preOut.Index(name) >= 0; k++ {
			name = base + strconv.Itoa(k)
		}
		*pre = append(*pre, x)
		preOut.Columns = append(preOut.Columns, types.Column{Name: name, Type: x.Type()})
		return i
	}
	// The FILTER condition is projected after the call's arguments, as
	// Calcite orders them.
	var filter expr.Expr
	withFilter := func(calls []AggCall) []AggCall {
		if filter != nil {
			i := addCol(filter)
			for k := range calls {
				calls[k].Filtered, calls[k].Filter = true, i
			}
		}
		return calls
	}
	if c.Filter != nil {
		if inner := findAgg(c.Filter); inner != nil {
			return nil, nil, diag.Errorf(inner.Pos, diag.SqlValidatorException, "Aggregate expressions cannot be nested")
		}
		f, err := b.expr(c.Filter, in)
		if err != nil {
			return nil, nil, err
		}
		if k := f.Type().Kind; k != types.Boolean && k != types.Null {
			return nil, nil, diag.Errorf(c.Filter.ExprPos(), diag.SqlValidatorException, "FILTER expression must be of type BOOLEAN")
		}
		filter = f
	}
	if c.Star || (kind == library.AggCount && len(c.Args) == 0) {
		if kind != library.AggCount {
			return nil, nil, diag.Errorf(c.Pos, diag.SqlValidatorException, "Unknown identifier '*'")
		}
		call.Type = types.Int64.WithNullable(false)
		return withFilter([]AggCall{call}), nil, nil
	}
	// Clauses written as keywords: ON NULL of the JSON aggregates (first)
	// and IGNORE/RESPECT NULLS of ARRAY_AGG (last).
	args := c.Args
	if len(args) > 0 {
		if sym, ok := args[0].(*sql.Symbol); ok && strings.HasSuffix(sym.Name, "ON NULL") {
			call.IgnoreNulls = sym.Name == "ABSENT ON NULL"
			args = args[1:]
		}
	}
	if n := len(args); n > 0 {
		if sym, ok := args[n-1].(*sql.Symbol); ok && strings.HasSuffix(sym.Name, "NULLS") {
			call.IgnoreNulls = sym.Name == "IGNORE NULLS"
			args = args[:n-1]
		}
	}
	f := library.AggregateOf(name)
	if f == nil || f.Aggregate.New == nil && kind != library.AggVariance {
		return nil, nil, diag.Errorf(c.Pos, diag.SqlValidatorException, "No match found for function signature %s", name)
	}
	spec := f.Aggregate
	if n := len(args); n < spec.Min || (spec.Max >= 0 && n > spec.Max && !(c.Distinct && spec.AnyDistinct)) {
		return nil, nil, diag.Errorf(c.Pos, diag.SqlValidatorException, "Invalid number of arguments to function '%s'. Was expecting %d arguments", name, spec.Min)
	}
	xs := make([]expr.Expr, len(args))
	lits := make([]bool, len(args))
	for i, a := range args {
		// Calcite points at the inner call.
		if inner := findAgg(a); inner != nil {
			return nil, nil, diag.Errorf(inner.Pos, diag.SqlValidatorException, "Aggregate expressions cannot be nested")
		}
		x, err := b.expr(a, in)
		if err != nil {
			return nil, nil, err
		}
		xs[i] = x
		_, lits[i] = a.(*sql.Literal)
	}
	// The spec's type rule checks the arguments and gives the type.
	typing := &library.AggTyping{Name: name, Args: xs, Literal: lits, Pos: c.Pos}
	t, err := spec.Type(typing)
	if err != nil {
		return nil, nil, err
	}
	call.Type = t
	if kind == library.AggVariance {
		// Flink's AggregateReduceFunctionsRule rewrites the family.
		calls, post, err := b.varianceCall(name, call, xs[0], addCol)
		return withFilter(calls), post, err
	}
	call.Arg = addCol(xs[0])
	for _, x := range xs[1:] {
		call.MoreArgs = append(call.MoreArgs, addCol(x))
	}
	return withFilter([]AggCall{call}), nil, nil
}

// varianceCall rewrites STDDEV_POP, STDDEV_SAMP, VAR_POP and VAR_SAMP (and
// their synonyms STDDEV and VARIANCE) as Flink 1.20's planner does:
//
//	VAR_POP(x)  = (SUM(x * x) - SUM(x) * SUM(x) / COUNT(x)) / COUNT(x)
//	VAR_SAMP(x) = (...) / CASE WHEN COUNT(x) = 1 THEN NULL ELSE COUNT(x) - 1 END
//	STDDEV_*(x) = POWER(VAR_*(x), 0.5)
//
// each cast to the call's type (the argument's type, so the variance of
// INT values is an INT), with the arithmetic in the argument's types.
func (b *binder) varianceCall(name string, base AggCall, x expr.Expr, addCol func(expr.Expr) int) ([]AggCall, func([]expr.Expr) (expr.Expr, error), error) {
	typ := library.AvgType(x.Type())
	sq, err := expr.Arith(expr.Mul, x, x, diag.NoPos)
	if err != nil {
		return nil, nil, err
	}
	sumT := func(t types.Type) types.Type {
		if t.Kind == types.Decimal {
			return types.DecimalOf(types.MaxDecimalPrecision, t.Scale)
		}
		t = t.WithNullable(true)
		t.Attr = types.Regular
		return t
	}
	sumSq, sum, count := base, base, base
	sumSq.Name, sumSq.Arg, sumSq.Type = "SUM", addCol(sq), sumT(sq.Type())
	sum.Name, sum.Arg, sum.Type = "SUM", addCol(x), sumT(x.Type())
	count.Name, count.Arg, count.Type = "COUNT", sum.Arg, types.Int64.WithNullable(false)
	biased := name == "STDDEV_POP" || name == "VAR_POP"
	sqrt := strings.HasPrefix(name, "STDDEV")
	post := func(c []expr.Expr) (expr.Expr, error) {
		s := c[1]
		if !s.Type().WithNullable(true).Equal(typ) {
			var err error
			if s, err = expr.Cast(s, typ, false, diag.NoPos); err != nil {
				return nil, err
			}
		}
		ss, err := expr.Arith(expr.Mul, s, s, diag.NoPos)
		if err != nil {
			return nil, err
		}
		avg, err := expr.Arith(expr.Div, ss, c[2], diag.NoPos)
		if err != nil {
			return nil, err
		}
		diff, err := expr.Arith(expr.Sub, c[0], avg, diag.NoPos)
		if err != nil {
			return nil, err
		}
		den := c[2]
		if !biased {
			one := expr.Literal(types.IntValue(1), types.Int32.WithNullable(false))
			isOne, err := expr.Compare(expr.Eq, c[2], one, diag.NoPos)
			if err != nil {
				return nil, err
			}
			minus, err := expr.Arith(expr.Sub, c[2], one, diag.NoPos)
			if err != nil {
				return nil, err
			}
			null := expr.Literal(types.NullValue, minus.Type().WithNullable(true))
			if den, err = expr.Case([]expr.When{{Cond: isOne, Then: null}}, minus, diag.NoPos); err != nil {
				return nil, err
			}
		}
		r, err := expr.Arith(expr.Div, diff, den, diag.NoPos)
		if err != nil {
			return nil, err
		}
		if sqrt {
			half := expr.Literal(types.IntValue(5), types.DecimalOf(1, 1).WithNullable(false))
			if r, err = library.Func("POWER", []expr.Expr{r, half}, diag.NoPos); err != nil {
				return nil, err
			}
		}
		return expr.Cast(r, typ, false, diag.NoPos)
	}
	return []AggCall{sumSq, sum, count}, post, nil
}
