package plan

import (
	"strconv"
	"strings"
	"time"

	"github.com/flinkplay/flinkplay/engine/diag"
	"github.com/flinkplay/flinkplay/engine/expr"
	"github.com/flinkplay/flinkplay/engine/library"
	"github.com/flinkplay/flinkplay/engine/sql"
	"github.com/flinkplay/flinkplay/engine/types"
)

func itoa(i int) string { return strconv.Itoa(i) }

// expr binds a scalar expression over a scope.
func (b *binder) expr(e sql.Expr, sc *scope) (expr.Expr, error) {
	if x, ok := b.matchLeaves[e]; ok {
		return x, nil
	}
	if b.agg != nil {
		x, ok, err := b.aggLookup(e)
		if err != nil {
			return nil, err
		}
		if ok {
			return x, nil
		}
	}
	switch e := e.(type) {
	case *sql.ColumnRef:
		i, err := sc.resolve(e)
		if err != nil {
			if len(e.Parts) >= 2 {
				return b.fieldRef(e, sc, err)
			}
			return nil, err
		}
		if b.exp != nil {
			b.exp.refs[e] = sc.cols[i].table
		}
		return expr.Column(i, sc.cols[i].typ), nil
	case *sql.Literal:
		return literal(e)
	case *sql.IntervalLit:
		res, ok := intervalRes(e.From, e.To)
		if !ok {
			return nil, diag.Errorf(e.Pos, diag.ParseException, "Unsupported interval qualifier: %s", e.UnitText)
		}
		frac := e.FracPrec
		if frac == 0 {
			frac = -1
		}
		return expr.IntervalLiteral(e.Value, expr.IntervalQualifier{Res: res, Precision: e.Precision, FracPrecision: frac}, e.Negative, e.Pos)
	case *sql.Unary:
		x, err := b.expr(e.X, sc)
		if err != nil {
			return nil, err
		}
		switch e.Op {
		case sql.OpNeg:
			return expr.Neg(x, e.Pos)
		case sql.OpNot:
			return expr.Not(x, e.Pos)
		}
		return x, nil
	case *sql.Binary:
		l, err := b.expr(e.L, sc)
		if err != nil {
			return nil, err
		}
		r, err := b.expr(e.R, sc)
		if err != nil {
			return nil, err
		}
		return binary(e, l, r)
	case *sql.IsPredicate:
		x, err := b.expr(e.X, sc)
		if err != nil {
			return nil, err
		}
		switch e.What {
		case "NULL":
			return expr.IsNull(x, e.Not), nil
		case "TRUE":
			return expr.IsTrue(x, e.Not, e.Pos)
		case "FALSE":
			return expr.IsFalse(x, e.Not, e.Pos)
		}
		if kind, ok := strings.CutPrefix(e.What, "JSON "); ok {
			return expr.IsJSON(x, kind, e.Not, e.Pos)
		}
		return expr.IsUnknown(x, e.Not, e.Pos)
	case *sql.Between:
		x, err := b.expr(e.X, sc)
		if err != nil {
			return nil, err
		}
		lo, err := b.expr(e.Lo, sc)
		if err != nil {
			return nil, err
		}
		hi, err := b.expr(e.Hi, sc)
		if err != nil {
			return nil, err
		}
		ge, err := expr.Compare(expr.Ge, x, lo, e.Pos)
		if err != nil {
			return nil, err
		}
		le, err := expr.Compare(expr.Le, x, hi, e.Pos)
		if err != nil {
			return nil, err
		}
		both, err := expr.And(ge, le, e.Pos)
		if err != nil {
			return nil, err
		}
		if e.Symmetric {
			if both, err = symmetricBetween(both, x, lo, hi, e.Pos); err != nil {
				return nil, err
			}
		}
		if e.Not {
			return expr.Not(both, e.Pos)
		}
		return both, nil
	case *sql.Like:
		x, err := b.expr(e.X, sc)
		if err != nil {
			return nil, err
		}
		p, err := b.expr(e.Pattern, sc)
		if err != nil {
			return nil, err
		}
		var esc expr.Expr
		if e.Escape != nil {
			if esc, err = b.expr(e.Escape, sc); err != nil {
				return nil, err
			}
		}
		if e.Similar {
			return expr.SimilarTo(x, p, esc, e.Not, e.Pos)
		}
		return expr.Like(x, p, esc, e.Not, e.Pos)
	case *sql.In:
		if e.Subquery != nil {
			return nil, diag.Errorf(e.Pos, diag.TableException, "IN with a subquery is supported as a condition of WHERE only.")
		}
		x, err := b.expr(e.X, sc)
		if err != nil {
			return nil, err
		}
		list := make([]expr.Expr, len(e.List))
		for i, y := range e.List {
			if list[i], err = b.expr(y, sc); err != nil {
				return nil, err
			}
		}
		return expr.In(x, list, e.Not, e.Pos)
	case *sql.Case:
		return b.caseExpr(e, sc)
	case *sql.Cast:
		x, err := b.expr(e.X, sc)
		if err != nil {
			return nil, err
		}
		return expr.Cast(x, e.Type, e.Try, e.Pos)
	case *sql.Call:
		return b.call(e, sc)
	case *sql.Symbol:
		return expr.Symbol(e.Name, e.Pos), nil
	case *sql.ScalarSubquery:
		if i, ok := b.scalars[e]; ok && i < len(sc.cols) {
			return expr.Column(i, sc.cols[i].typ), nil
		}
		return nil, diag.Errorf(e.ExprPos(), diag.TableException, "Scalar subqueries are supported in WHERE and in a SELECT list without aggregation only.")
	case *sql.Exists:
		return nil, diag.Errorf(e.ExprPos(), diag.TableException, "EXISTS is supported as a condition of WHERE only.")
	}
	return nil, diag.Errorf(e.ExprPos(), diag.TableException, "Unsupported expression: %T", e)
}

func literal(e *sql.Literal) (expr.Expr, error) {
	switch e.Kind {
	case sql.NullLit:
		return expr.NullLiteral(), nil
	case sql.BoolLit:
		return expr.BoolLiteral(e.Bool), nil
	case sql.ExactLit:
		if strings.ContainsAny(e.Text, ".") {
			return expr.DecimalLiteral(e.Text, e.Pos)
		}
		return expr.IntegerLiteral(e.Text, e.Pos)
	case sql.ApproxLit:
		return expr.ApproxLiteral(e.Text, e.Pos)
	case sql.StringLit:
		return expr.StringLiteral(e.Text), nil
	case sql.BinaryLit:
		return expr.BinaryLiteral(e.Text, e.Pos)
	case sql.DateLit:
		return expr.DateLiteral(e.Text, e.Pos)
	case sql.TimeLit:
		return expr.TimeLiteral(e.Text, e.Pos)
	case sql.TimestampLit:
		return expr.TimestampLiteral(e.Text, e.Pos)
	}
	return nil, diag.Errorf(e.Pos, diag.TableException, "Unsupported literal")
}

var arithOps = map[sql.BinaryOp]expr.ArithOp{
	sql.OpAdd: expr.Add, sql.OpSub: expr.Sub, sql.OpMul: expr.Mul, sql.OpDiv: expr.Div, sql.OpMod: expr.Mod,
}

var cmpOps = map[sql.BinaryOp]expr.CmpOp{
	sql.OpEq: expr.Eq, sql.OpNe: expr.Ne, sql.OpLt: expr.Lt, sql.OpLe: expr.Le, sql.OpGt: expr.Gt, sql.OpGe: expr.Ge,
}

func binary(e *sql.Binary, l, r expr.Expr) (expr.Expr, error) {
	if op, ok := arithOps[e.Op]; ok {
		return expr.Arith(op, l, r, e.Pos)
	}
	if op, ok := cmpOps[e.Op]; ok {
		return expr.Compare(op, l, r, e.Pos)
	}
	switch e.Op {
	case sql.OpAnd:
		return expr.And(l, r, e.Pos)
	case sql.OpOr:
		return expr.Or(l, r, e.Pos)
	case sql.OpConcat:
		return expr.Concat(l, r, e.Pos)
	case sql.OpIsDistinctFrom:
		return expr.IsDistinctFrom(l, r, false, e.Pos)
	case sql.OpIsNotDistinctFrom:
		return expr.IsDistinctFrom(l, r, true, e.Pos)
	}
	return nil, diag.Errorf(e.Pos, diag.TableException, "Unsupported operator")
}

func (b *binder) caseExpr(e *sql.Case, sc *scope) (expr.Expr, error) {
	var operand expr.Expr
	var err error
	if e.Operand != nil {
		if operand, err = b.expr(e.Operand, sc); err != nil {
			return nil, err
		}
	}
	var whens []expr.When
	for _, w := range e.Whens {
		c, err := b.expr(w.Cond, sc)
		if err != nil {
			return nil, err
		}
		if operand != nil {
			if c, err = expr.Compare(expr.Eq, operand, c, e.Pos); err != nil {
				return nil, err
			}
		}
		r, err := b.expr(w.Result, sc)
		if err != nil {
			return nil, err
		}
		whens = append(whens, expr.When{Cond: c, Then: r})
	}
	var els expr.Expr
	if e.Else != nil {
		if els, err = b.expr(e.Else, sc); err != nil {
			return nil, err
		}
	}
	return expr.Case(whens, els, e.Pos)
}

func (b *binder) call(c *sql.Call, sc *scope) (expr.Expr, error) {
	name := strings.ToUpper(c.Name)
	if library.IsAggregate(name) && c.Over == nil {
		return nil, diag.Errorf(c.Pos, diag.SqlValidatorException, "Aggregate expression is illegal in this context")
	}
	if c.Over != nil {
		if i, ok := b.overCols[c]; ok {
			return expr.Column(i, sc.cols[i].typ), nil
		}
		if x, ok := b.overExprs[c]; ok {
			return x, nil
		}
		return nil, diag.Errorf(c.Pos, diag.TableException, "OVER windows are only supported in the select list.")
	}
	if matchFuncs[name] {
		// bound by matchBinder inside MATCH_RECOGNIZE (match.go)
		return nil, diag.Errorf(c.Pos, diag.SqlValidatorException, "Function '%s' can only be used in MATCH_RECOGNIZE", sql.FormatExpr(c))
	}
	if name == "JSON" {
		return nil, diag.Errorf(c.Pos, diag.ValidationException,
			"The JSON() function is currently only supported inside JSON_ARRAY() or as the VALUE param of JSON_OBJECT()")
	}
	args := make([]expr.Expr, len(c.Args))
	for i, a := range c.Args {
		// JSON(value) as a value of JSON_ARRAY or JSON_OBJECT (whose
		// arguments are the ON NULL symbol, then the values, or the key
		// and value pairs).
		if jc, ok := a.(*sql.Call); ok && strings.EqualFold(jc.Name, "JSON") && jc.Over == nil && len(jc.Args) == 1 &&
			i >= 1 && (name == "JSON_ARRAY" || name == "JSON_OBJECT" && (i-1)%2 == 1) {
			x, err := b.expr(jc.Args[0], sc)
			if err != nil {
				return nil, err
			}
			if args[i], err = expr.JSONRaw(x, jc.Pos); err != nil {
				return nil, err
			}
			continue
		}
		x, err := b.expr(a, sc)
		if err != nil {
			return nil, err
		}
		args[i] = x
	}
	if name == "PROCTIME" && len(args) == 0 {
		return &procTime{p: b.p}, nil
	}
	if name == "CURRENT_DATABASE" && len(args) == 0 && b.p.Catalog != nil {
		return b.currentDatabase(), nil
	}
	// A user-defined function, in Flink's order: a temporary system
	// function shadows a built-in one, which shadows the rest.
	if cat := b.p.Catalog; cat != nil {
		if f, ok := cat.TemporarySystemFunction(c.Name); ok {
			return nil, f.CallError(c.Pos)
		}
		if !library.Known(c.Name) || b.p.NoCore {
			if f, ok := cat.LookupFunction([]string{c.Name}); ok {
				return nil, f.CallError(c.Pos)
			}
		}
	}
	if b.p.NoCore {
		return nil, expr.NoMatch(c.Name, args, c.Pos)
	}
	return library.Func(c.Name, args, c.Pos)
}

// procTime is PROCTIME(): the wall-clock time of the row, a
// TIMESTAMP_LTZ(3) processing-time attribute.
type procTime struct{ p *Planner }

func (e *procTime) Type() types.Type {
	t := types.TimestampLTZOf(3).WithNullable(false)
	t.Attr = types.Proctime
	return t
}

func (e *procTime) Eval(c *expr.Ctx, _ []types.Value) (types.Value, error) {
	var now time.Time
	if e.p.Clock != nil {
		now = e.p.Clock.Now()
	} else {
		now = time.Now()
	}
	return types.TimestampValue(now.UnixMilli(), 0), nil
}

func (e *procTime) String() string { return "PROCTIME()" }

// intervalRes maps an interval qualifier's units to a resolution.
func intervalRes(from, to sql.IntervalUnit) (types.IntervalRes, bool) {
	type pair struct{ from, to sql.IntervalUnit }
	res, ok := map[pair]types.IntervalRes{
		{sql.UnitYear, sql.UnitYear}:     types.ResYear,
		{sql.UnitYear, sql.UnitMonth}:    types.ResYearToMonth,
		{sql.UnitMonth, sql.UnitMonth}:   types.ResMonth,
		{sql.UnitDay, sql.UnitDay}:       types.ResDay,
		{sql.UnitDay, sql.UnitHour}:      types.ResDayToHour,
		{sql.UnitDay, sql.UnitMinute}:    types.ResDayToMinute,
		{sql.UnitDay, sql.UnitSecond}:    types.ResDayToSecond,
		{sql.UnitHour, sql.UnitHour}:     types.ResHour,
		{sql.UnitHour, sql.UnitMinute}:   types.ResHourToMinute,
		{sql.UnitHour, sql.UnitSecond}:   types.ResHourToSecond,
		{sql.UnitMinute, sql.UnitMinute}: types.ResMinute,
		{sql.UnitMinute, sql.UnitSecond}: types.ResMinuteToSecond,
		{sql.UnitSecond, sql.UnitSecond}: types.ResSecond,
	}[pair{from, to}]
	return res, ok
}
