package pyflink

import (
	"fmt"
	"math/big"
	"strconv"
	"strings"

	"github.com/go-python/gpython/py"
)

var expressionType = newType("pyflink.table.expression", "Expression")

// exprKind says what an Expression is, for the Table API's column naming
// and for the operations that accept only some kinds.
type exprKind uint8

const (
	exprCall       exprKind = iota
	exprColumn              // col('a')
	exprLiteral             // lit(1)
	exprInterval            // lit(10).seconds
	exprAggregate           // col('a').sum
	exprAlias               // e.alias('x')
	exprCast                // e.cast(DataTypes.INT())
	exprGet                 // e.get('f'), e.f
	exprWindowProp          // col('w').start
	exprOrder               // e.asc, e.desc
	exprOverBound           // UNBOUNDED_ROW, row_interval(2), ...
)

// expression is an Expression of the Table API: a tree that renders as
// SQL (the Table API runs as the SQL it stands for) and prints as Flink's
// asSummaryString.
type expression struct {
	kind   exprKind
	args   []*expression
	sql    func(a []string) string // SQL from the arguments' SQL
	sum    func(a []string) string // summary from the arguments' summaries
	name   string                  // column, alias, window property or function name
	typ    *dataType               // of a cast
	key    string                  // of a get
	rows   bool                    // an over bound counts rows
	millis int64                   // an interval literal's length
	// an aggregate's function, for DISTINCT
	aggFunc  string
	distinct bool
}

func (e *expression) Type() *py.Type { return expressionType }

// render is the expression's SQL; sub replaces the subtrees it names (by
// their own SQL) with column references.
func (e *expression) render(sub map[string]string) string {
	if sub != nil {
		plain := e.render(nil)
		if name, ok := sub[plain]; ok {
			return quoteIdent(name)
		}
	}
	a := make([]string, len(e.args))
	for i, x := range e.args {
		a[i] = x.render(sub)
	}
	return e.sql(a)
}

func (e *expression) summary() string {
	a := make([]string, len(e.args))
	for i, x := range e.args {
		a[i] = x.summary()
	}
	return e.sum(a)
}

func (e *expression) M__str__() (py.Object, error)  { return py.String(e.summary()), nil }
func (e *expression) M__repr__() (py.Object, error) { return py.String(e.summary()), nil }

// colExpr is col(name).
func colExpr(name string) *expression {
	return &expression{kind: exprColumn, name: name,
		sql: func([]string) string { return quoteIdent(name) },
		sum: func([]string) string { return name }}
}

// litExpr is lit(v): Python values as the literals py4j makes of them
// (an int that fits 32 bits is INT, a wider one BIGINT; a float DOUBLE;
// a str CHAR(n)).
func litExpr(v py.Object) (*expression, error) {
	var text, sum string
	switch x := v.(type) {
	case py.Bool:
		text = "FALSE"
		sum = "false"
		if x {
			text, sum = "TRUE", "true"
		}
	case py.Int:
		text = strconv.FormatInt(int64(x), 10)
		sum = text
		if int64(x) > 1<<31-1 || int64(x) < -(1<<31) {
			text = "CAST(" + text + " AS BIGINT)"
		}
	case *py.BigInt:
		b := (*big.Int)(x)
		text = "CAST(" + b.String() + " AS DECIMAL(38, 0))"
		sum = b.String()
	case py.Float:
		sum = floatRepr(float64(x))
		text = "CAST(" + strconv.FormatFloat(float64(x), 'E', -1, 64) + " AS DOUBLE)"
	case py.String:
		text = "'" + strings.ReplaceAll(string(x), "'", "''") + "'"
		sum = text
	case py.NoneType:
		text, sum = "NULL", "null"
	case *expression:
		return x, nil
	default:
		return nil, py.ExceptionNewf(py.TypeError, "cannot make a literal of %s", v.Type().Name)
	}
	return &expression{kind: exprLiteral, sql: func([]string) string { return text }, sum: func([]string) string { return sum }}, nil
}

// toExpr makes an Expression of an operand: Expressions as they are,
// Python values as literals.
func toExpr(v py.Object) (*expression, error) {
	if e, ok := v.(*expression); ok {
		return e, nil
	}
	return litExpr(v)
}

// call is a function call: SQL NAME(args), summary name(args).
func call(sqlName, sumName string, args ...*expression) *expression {
	return &expression{kind: exprCall, args: args, name: sumName,
		sql: func(a []string) string { return sqlName + "(" + strings.Join(a, ", ") + ")" },
		sum: func(a []string) string { return sumName + "(" + strings.Join(a, ", ") + ")" }}
}

// binary is an infix operator.
func binary(op, sumName string, l, r *expression) *expression {
	return &expression{kind: exprCall, args: []*expression{l, r}, name: sumName,
		sql: func(a []string) string { return "(" + a[0] + " " + op + " " + a[1] + ")" },
		sum: func(a []string) string { return sumName + "(" + a[0] + ", " + a[1] + ")" }}
}

// postfix is "e IS NULL" and its kind.
func postfix(op, sumName string, e *expression) *expression {
	return &expression{kind: exprCall, args: []*expression{e}, name: sumName,
		sql: func(a []string) string { return "(" + a[0] + " " + op + ")" },
		sum: func(a []string) string { return sumName + "(" + a[0] + ")" }}
}

func aggregate(fn, sumName string, e *expression, distinct bool) *expression {
	return &expression{kind: exprAggregate, args: []*expression{e}, name: sumName, aggFunc: fn, distinct: distinct,
		sql: func(a []string) string {
			if distinct {
				return fn + "(DISTINCT " + a[0] + ")"
			}
			return fn + "(" + a[0] + ")"
		},
		sum: func(a []string) string {
			if distinct {
				return "distinct(" + sumName + "(" + a[0] + "))"
			}
			return sumName + "(" + a[0] + ")"
		}}
}

// interval makes lit(n).<unit>: an INTERVAL literal, printed in
// milliseconds as Flink prints it.
func interval(e *expression, unit string) (*expression, error) {
	if e.kind != exprLiteral {
		return nil, py.ExceptionNewf(py.TypeError, "'%s' is an interval unit of literals only", unit)
	}
	n, err := strconv.ParseInt(e.render(nil), 10, 64)
	if err != nil {
		return nil, py.ExceptionNewf(py.TypeError, "an interval needs an integer literal, not %s", e.summary())
	}
	var sqlUnit string
	var ms int64
	switch strings.TrimSuffix(unit, "s") {
	case "year":
		sqlUnit, ms = "YEAR", n*12
	case "quarter":
		sqlUnit, ms, n = "MONTH", n*3, n*3
	case "month":
		sqlUnit, ms = "MONTH", n
	case "week":
		sqlUnit, ms, n = "DAY", n*7*86400000, n*7
	case "day":
		sqlUnit, ms = "DAY", n*86400000
	case "hour":
		sqlUnit, ms = "HOUR", n*3600000
	case "minute":
		sqlUnit, ms = "MINUTE", n*60000
	case "second":
		sqlUnit, ms = "SECOND", n*1000
	case "milli":
		return &expression{kind: exprInterval, millis: n,
			sql: func([]string) string { return fmt.Sprintf("INTERVAL '%d.%03d' SECOND(3)", n/1000, n%1000) },
			sum: func([]string) string { return strconv.FormatInt(n, 10) }}, nil
	}
	text := fmt.Sprintf("INTERVAL '%d' %s", n, sqlUnit)
	if sqlUnit == "DAY" || sqlUnit == "HOUR" {
		text = fmt.Sprintf("INTERVAL '%d' %s(%d)", n, sqlUnit, max(len(strconv.FormatInt(n, 10)), 2))
	}
	return &expression{kind: exprInterval, millis: ms,
		sql: func([]string) string { return text },
		sum: func([]string) string { return strconv.FormatInt(ms, 10) }}, nil
}

// The magic methods: Python's operators build expressions.
func (e *expression) op(other py.Object, sqlOp, sumName string, reflected bool) (py.Object, error) {
	o, err := toExpr(other)
	if err != nil {
		return py.NotImplemented, nil
	}
	if reflected {
		return binary(sqlOp, sumName, o, e), nil
	}
	return binary(sqlOp, sumName, e, o), nil
}

func (e *expression) M__add__(o py.Object) (py.Object, error)  { return e.op(o, "+", "plus", false) }
func (e *expression) M__radd__(o py.Object) (py.Object, error) { return e.op(o, "+", "plus", true) }
func (e *expression) M__sub__(o py.Object) (py.Object, error)  { return e.op(o, "-", "minus", false) }
func (e *expression) M__rsub__(o py.Object) (py.Object, error) { return e.op(o, "-", "minus", true) }
func (e *expression) M__mul__(o py.Object) (py.Object, error)  { return e.op(o, "*", "times", false) }
func (e *expression) M__rmul__(o py.Object) (py.Object, error) { return e.op(o, "*", "times", true) }
func (e *expression) M__truediv__(o py.Object) (py.Object, error) {
	return e.op(o, "/", "divide", false)
}
func (e *expression) M__rtruediv__(o py.Object) (py.Object, error) {
	return e.op(o, "/", "divide", true)
}
func (e *expression) M__mod__(o py.Object) (py.Object, error) {
	x, err := toExpr(o)
	if err != nil {
		return py.NotImplemented, nil
	}
	return call("MOD", "mod", e, x), nil
}
func (e *expression) M__rmod__(o py.Object) (py.Object, error) {
	x, err := toExpr(o)
	if err != nil {
		return py.NotImplemented, nil
	}
	return call("MOD", "mod", x, e), nil
}
func (e *expression) M__pow__(o, _ py.Object) (py.Object, error) {
	x, err := toExpr(o)
	if err != nil {
		return py.NotImplemented, nil
	}
	return call("POWER", "power", e, x), nil
}
func (e *expression) M__eq__(o py.Object) (py.Object, error) { return e.op(o, "=", "equals", false) }
func (e *expression) M__ne__(o py.Object) (py.Object, error) {
	return e.op(o, "<>", "notEquals", false)
}
func (e *expression) M__lt__(o py.Object) (py.Object, error) { return e.op(o, "<", "lessThan", false) }
func (e *expression) M__le__(o py.Object) (py.Object, error) {
	return e.op(o, "<=", "lessThanOrEqual", false)
}
func (e *expression) M__gt__(o py.Object) (py.Object, error) {
	return e.op(o, ">", "greaterThan", false)
}
func (e *expression) M__ge__(o py.Object) (py.Object, error) {
	return e.op(o, ">=", "greaterThanOrEqual", false)
}
func (e *expression) M__and__(o py.Object) (py.Object, error)  { return e.op(o, "AND", "and", false) }
func (e *expression) M__rand__(o py.Object) (py.Object, error) { return e.op(o, "AND", "and", true) }
func (e *expression) M__or__(o py.Object) (py.Object, error)   { return e.op(o, "OR", "or", false) }
func (e *expression) M__ror__(o py.Object) (py.Object, error)  { return e.op(o, "OR", "or", true) }

// M__invert__ is ~e: IS NOT TRUE, as PyFlink defines it (not NOT).
func (e *expression) M__invert__() (py.Object, error) {
	return postfix("IS NOT TRUE", "isNotTrue", e), nil
}
func (e *expression) M__neg__() (py.Object, error) {
	return &expression{kind: exprCall, args: []*expression{e}, name: "minusPrefix",
		sql: func(a []string) string { return "(-" + a[0] + ")" },
		sum: func(a []string) string { return "minusPrefix(" + a[0] + ")" }}, nil
}
func (e *expression) M__abs__() (py.Object, error) { return call("ABS", "abs", e), nil }

// M__bool__ refuses `and`, `or` and `not` on expressions, which Python
// would evaluate right away.
func (e *expression) M__bool__() (py.Object, error) {
	return nil, py.ExceptionNewf(py.TypeError, "an Expression has no truth value: use & (and), | (or) and ~ (is not true) to combine conditions")
}

// properties are the members PyFlink reads without parentheses.
var properties = map[string]func(e *expression) (*expression, error){}

// methods are the members PyFlink calls.
var methods = map[string]func(e *expression, args py.Tuple, kw py.StringDict) (*expression, error){}

func init() {
	for _, a := range [][2]string{{"sum", "SUM"}, {"min", "MIN"}, {"max", "MAX"}, {"count", "COUNT"}, {"avg", "AVG"},
		{"first_value", "FIRST_VALUE"}, {"last_value", "LAST_VALUE"}, {"stddev_pop", "STDDEV_POP"},
		{"stddev_samp", "STDDEV_SAMP"}, {"var_pop", "VAR_POP"}, {"var_samp", "VAR_SAMP"}, {"collect", "COLLECT"},
		{"array_agg", "ARRAY_AGG"}} {
		name, fn := a[0], a[1]
		sumName := strings.ReplaceAll(name, "_p", "P")
		switch name {
		case "stddev_pop":
			sumName = "stddevPop"
		case "stddev_samp":
			sumName = "stddevSamp"
		case "var_pop":
			sumName = "varPop"
		case "var_samp":
			sumName = "varSamp"
		case "first_value", "last_value", "array_agg":
			sumName = name
		}
		properties[name] = func(e *expression) (*expression, error) { return aggregate(fn, sumName, e, false), nil }
	}
	properties["distinct"] = func(e *expression) (*expression, error) {
		if e.kind != exprAggregate {
			return nil, py.ExceptionNewf(py.TypeError, "distinct applies to an aggregate, e.g. col('a').count.distinct")
		}
		return aggregate(e.aggFunc, e.name, e.args[0], true), nil
	}
	for _, p := range [][3]string{{"is_null", "IS NULL", "isNull"}, {"is_not_null", "IS NOT NULL", "isNotNull"},
		{"is_true", "IS TRUE", "isTrue"}, {"is_false", "IS FALSE", "isFalse"}, {"is_not_true", "IS NOT TRUE", "isNotTrue"},
		{"is_not_false", "IS NOT FALSE", "isNotFalse"}} {
		op, sum := p[1], p[2]
		properties[p[0]] = func(e *expression) (*expression, error) { return postfix(op, sum, e), nil }
	}
	for _, d := range []string{"asc", "desc"} {
		dir := strings.ToUpper(d)
		properties[d] = func(e *expression) (*expression, error) {
			return &expression{kind: exprOrder, args: []*expression{e}, name: d,
				sql: func(a []string) string { return a[0] + " " + dir },
				sum: func(a []string) string { return d + "(" + a[0] + ")" }}, nil
		}
	}
	for _, w := range []string{"start", "end", "rowtime", "proctime"} {
		prop := w
		properties[w] = func(e *expression) (*expression, error) {
			if e.kind != exprColumn {
				return nil, py.ExceptionNewf(py.TypeError, "%s is a property of a window alias, e.g. col('w').%s", prop, prop)
			}
			return &expression{kind: exprWindowProp, args: []*expression{e}, name: prop,
				sql: func([]string) string { return "$window." + prop + "(" + e.name + ")" },
				sum: func(a []string) string { return prop + "(" + a[0] + ")" }}, nil
		}
	}
	for _, u := range []string{"year", "years", "quarter", "quarters", "month", "months", "week", "weeks", "day", "days",
		"hour", "hours", "minute", "minutes", "second", "seconds", "milli", "millis"} {
		unit := u
		properties[u] = func(e *expression) (*expression, error) { return interval(e, unit) }
	}
	for _, f := range [][3]string{{"exp", "EXP", "exp"}, {"log10", "LOG10", "log10"}, {"log2", "LOG2", "log2"},
		{"ln", "LN", "ln"}, {"cosh", "COSH", "cosh"}, {"sinh", "SINH", "sinh"}, {"sin", "SIN", "sin"}, {"cos", "COS", "cos"},
		{"tan", "TAN", "tan"}, {"cot", "COT", "cot"}, {"asin", "ASIN", "asin"}, {"acos", "ACOS", "acos"},
		{"atan", "ATAN", "atan"}, {"tanh", "TANH", "tanh"}, {"degrees", "DEGREES", "degrees"}, {"radians", "RADIANS", "radians"},
		{"sqrt", "SQRT", "sqrt"}, {"abs", "ABS", "abs"}, {"sign", "SIGN", "sign"}, {"char_length", "CHAR_LENGTH", "charLength"},
		{"upper_case", "UPPER", "upper"}, {"lower_case", "LOWER", "lower"}, {"init_cap", "INITCAP", "initCap"},
		{"reverse", "REVERSE", "reverse"}, {"from_base64", "FROM_BASE64", "fromBase64"}, {"to_base64", "TO_BASE64", "toBase64"},
		{"ascii", "ASCII", "ascii"}, {"chr", "CHR", "chr"}, {"bin", "BIN", "bin"}, {"hex", "HEX", "hex"},
		{"md5", "MD5", "md5"}, {"sha1", "SHA1", "sha1"}, {"sha224", "SHA224", "sha224"}, {"sha256", "SHA256", "sha256"},
		{"sha384", "SHA384", "sha384"}, {"sha512", "SHA512", "sha512"}, {"to_date", "TO_DATE", "toDate"},
		{"to_timestamp", "TO_TIMESTAMP", "toTimestamp"}, {"cardinality", "CARDINALITY", "cardinality"},
		{"element", "ELEMENT", "element"}, {"map_keys", "MAP_KEYS", "MAP_KEYS"}, {"map_values", "MAP_VALUES", "MAP_VALUES"},
		{"map_entries", "MAP_ENTRIES", "MAP_ENTRIES"}} {
		sqlName, sumName := f[1], f[2]
		properties[f[0]] = func(e *expression) (*expression, error) { return call(sqlName, sumName, e), nil }
	}

	exprArgs := func(args py.Tuple) ([]*expression, error) {
		out := make([]*expression, len(args))
		for i, a := range args {
			e, err := toExpr(a)
			if err != nil {
				return nil, err
			}
			out[i] = e
		}
		return out, nil
	}
	methods["alias"] = func(e *expression, args py.Tuple, kw py.StringDict) (*expression, error) {
		name, err := stringArg("alias", args, kw, 0, "name")
		if err != nil {
			return nil, err
		}
		return &expression{kind: exprAlias, args: []*expression{e}, name: name,
			sql: func(a []string) string { return a[0] },
			sum: func(a []string) string { return "as(" + a[0] + ", '" + name + "')" }}, nil
	}
	castTo := func(try bool) func(e *expression, args py.Tuple, kw py.StringDict) (*expression, error) {
		return func(e *expression, args py.Tuple, kw py.StringDict) (*expression, error) {
			t, err := typeArg("cast", args, kw, 0, "data_type")
			if err != nil {
				return nil, err
			}
			fn, sumName := "CAST", "cast"
			if try {
				fn, sumName = "TRY_CAST", "tryCast"
			}
			return &expression{kind: exprCast, args: []*expression{e}, typ: t,
				sql: func(a []string) string { return fn + "(" + a[0] + " AS " + t.sqlType() + ")" },
				sum: func(a []string) string { return sumName + "(" + a[0] + ", " + t.javaType() + ")" }}, nil
		}
	}
	methods["cast"] = castTo(false)
	methods["try_cast"] = castTo(true)
	methods["in_"] = func(e *expression, args py.Tuple, kw py.StringDict) (*expression, error) {
		xs, err := exprArgs(args)
		if err != nil {
			return nil, err
		}
		return &expression{kind: exprCall, args: append([]*expression{e}, xs...), name: "in",
			sql: func(a []string) string { return "(" + a[0] + " IN (" + strings.Join(a[1:], ", ") + "))" },
			sum: func(a []string) string { return "in(" + strings.Join(a, ", ") + ")" }}, nil
	}
	between := func(not bool) func(e *expression, args py.Tuple, kw py.StringDict) (*expression, error) {
		return func(e *expression, args py.Tuple, kw py.StringDict) (*expression, error) {
			xs, err := exprArgs(args)
			if err != nil || len(xs) != 2 {
				return nil, py.ExceptionNewf(py.TypeError, "between() takes a lower and an upper bound")
			}
			op, sumName := "BETWEEN", "between"
			if not {
				op, sumName = "NOT BETWEEN", "notBetween"
			}
			return &expression{kind: exprCall, args: []*expression{e, xs[0], xs[1]}, name: sumName,
				sql: func(a []string) string { return "(" + a[0] + " " + op + " " + a[1] + " AND " + a[2] + ")" },
				sum: func(a []string) string { return sumName + "(" + strings.Join(a, ", ") + ")" }}, nil
		}
	}
	methods["between"] = between(false)
	methods["not_between"] = between(true)
	fixed := func(name, sqlName, sumName string, min, max int) {
		methods[name] = func(e *expression, args py.Tuple, kw py.StringDict) (*expression, error) {
			xs, err := exprArgs(args)
			if err != nil {
				return nil, err
			}
			if len(xs) < min || len(xs) > max {
				return nil, py.ExceptionNewf(py.TypeError, "%s() takes %d to %d arguments (%d given)", name, min, max, len(xs))
			}
			return call(sqlName, sumName, append([]*expression{e}, xs...)...), nil
		}
	}
	fixed("if_null", "IFNULL", "ifNull", 1, 1)
	fixed("round", "ROUND", "round", 1, 1)
	fixed("truncate", "TRUNCATE", "truncate", 0, 1)
	fixed("concat", "CONCAT", "concat", 1, 1)
	fixed("substr", "SUBSTR", "substr", 1, 2)
	fixed("substring", "SUBSTRING", "substring", 1, 2)
	fixed("replace", "REPLACE", "replace", 2, 2)
	fixed("lpad", "LPAD", "lpad", 2, 2)
	fixed("rpad", "RPAD", "rpad", 2, 2)
	fixed("regexp", "REGEXP", "regexp", 1, 1)
	fixed("regexp_replace", "REGEXP_REPLACE", "regexpReplace", 2, 2)
	fixed("regexp_extract", "REGEXP_EXTRACT", "regexpExtract", 1, 2)
	fixed("split_index", "SPLIT_INDEX", "splitIndex", 2, 2)
	fixed("repeat", "REPEAT", "repeat", 1, 1)
	fixed("similar", "SIMILAR", "similar", 1, 1)
	fixed("date_format", "DATE_FORMAT", "dateFormat", 1, 1)
	methods["json_value"] = func(e *expression, args py.Tuple, kw py.StringDict) (*expression, error) {
		path, err := toExpr(argument(args, kw, 0, "path"))
		if err != nil {
			return nil, err
		}
		ret := ""
		if t, ok := argument(args, kw, 1, "returning_type").(*dataType); ok {
			ret = " RETURNING " + t.sqlType()
		}
		return &expression{kind: exprCall, args: []*expression{e, path}, name: "JSON_VALUE",
			sql: func(a []string) string { return "JSON_VALUE(" + a[0] + ", " + a[1] + ret + ")" },
			sum: func(a []string) string { return "JSON_VALUE(" + a[0] + ", " + a[1] + ")" }}, nil
	}
	methods["json_query"] = func(e *expression, args py.Tuple, kw py.StringDict) (*expression, error) {
		path, err := toExpr(argument(args, kw, 0, "path"))
		if err != nil {
			return nil, err
		}
		return call("JSON_QUERY", "JSON_QUERY", e, path), nil
	}
	methods["json_exists"] = func(e *expression, args py.Tuple, kw py.StringDict) (*expression, error) {
		path, err := toExpr(argument(args, kw, 0, "path"))
		if err != nil {
			return nil, err
		}
		return call("JSON_EXISTS", "JSON_EXISTS", e, path), nil
	}
	methods["is_json"] = func(e *expression, args py.Tuple, kw py.StringDict) (*expression, error) {
		return call("IS_JSON", "IS_JSON", e), nil
	}
	methods["like"] = func(e *expression, args py.Tuple, kw py.StringDict) (*expression, error) {
		xs, err := exprArgs(args)
		if err != nil || len(xs) != 1 {
			return nil, py.ExceptionNewf(py.TypeError, "like() takes a pattern")
		}
		return &expression{kind: exprCall, args: []*expression{e, xs[0]}, name: "LIKE",
			sql: func(a []string) string { return "(" + a[0] + " LIKE " + a[1] + ")" },
			sum: func(a []string) string { return "LIKE(" + a[0] + ", " + a[1] + ")" }}, nil
	}
	methods["log"] = func(e *expression, args py.Tuple, kw py.StringDict) (*expression, error) {
		if len(args) == 0 {
			return call("LN", "ln", e), nil
		}
		b, err := toExpr(args[0])
		if err != nil {
			return nil, err
		}
		return call("LOG", "log", b, e), nil
	}
	methods["trim"] = func(e *expression, args py.Tuple, kw py.StringDict) (*expression, error) {
		return trimExpr(e, args, "BOTH")
	}
	methods["trim_leading"] = func(e *expression, args py.Tuple, kw py.StringDict) (*expression, error) {
		return trimExpr(e, args, "LEADING")
	}
	methods["trim_trailing"] = func(e *expression, args py.Tuple, kw py.StringDict) (*expression, error) {
		return trimExpr(e, args, "TRAILING")
	}
	methods["position"] = func(e *expression, args py.Tuple, kw py.StringDict) (*expression, error) {
		xs, err := exprArgs(args)
		if err != nil || len(xs) != 1 {
			return nil, py.ExceptionNewf(py.TypeError, "position() takes the string to search")
		}
		return &expression{kind: exprCall, args: []*expression{e, xs[0]}, name: "position",
			sql: func(a []string) string { return "POSITION(" + a[0] + " IN " + a[1] + ")" },
			sum: func(a []string) string { return "position(" + a[0] + ", " + a[1] + ")" }}, nil
	}
	methods["then"] = func(e *expression, args py.Tuple, kw py.StringDict) (*expression, error) {
		xs, err := exprArgs(args)
		if err != nil || len(xs) != 2 {
			return nil, py.ExceptionNewf(py.TypeError, "then() takes the value if true and the value if false")
		}
		return ifThenElse(e, xs[0], xs[1]), nil
	}
	methods["get"] = func(e *expression, args py.Tuple, kw py.StringDict) (*expression, error) {
		if len(args) != 1 {
			return nil, py.ExceptionNewf(py.TypeError, "get() takes a field name or index")
		}
		return getField(e, args[0])
	}
	methods["at"] = func(e *expression, args py.Tuple, kw py.StringDict) (*expression, error) {
		xs, err := exprArgs(args)
		if err != nil || len(xs) != 1 {
			return nil, py.ExceptionNewf(py.TypeError, "at() takes an index or key")
		}
		return &expression{kind: exprCall, args: []*expression{e, xs[0]}, name: "at",
			sql: func(a []string) string { return a[0] + "[" + a[1] + "]" },
			sum: func(a []string) string { return "at(" + a[0] + ", " + a[1] + ")" }}, nil
	}
	methods["list_agg"] = func(e *expression, args py.Tuple, kw py.StringDict) (*expression, error) {
		xs, err := exprArgs(args)
		if err != nil {
			return nil, err
		}
		x := &expression{kind: exprAggregate, args: append([]*expression{e}, xs...), name: "listAgg", aggFunc: "LISTAGG",
			sql: func(a []string) string { return "LISTAGG(" + strings.Join(a, ", ") + ")" },
			sum: func(a []string) string { return "listAgg(" + strings.Join(a, ", ") + ")" }}
		return x, nil
	}
	methods["over"] = func(e *expression, args py.Tuple, kw py.StringDict) (*expression, error) {
		if len(args) != 1 {
			return nil, py.ExceptionNewf(py.TypeError, "over() takes the alias of an over window")
		}
		w, err := toExpr(args[0])
		if err != nil {
			return nil, err
		}
		if e.kind != exprAggregate || w.kind != exprColumn {
			return nil, py.ExceptionNewf(py.TypeError, "over() applies an aggregate to an over window alias: col('b').sum.over(col('w'))")
		}
		alias := w.name
		return &expression{kind: exprCall, args: []*expression{e}, name: "over",
			sql: func(a []string) string { return a[0] + " OVER $over(" + alias + ")" },
			sum: func(a []string) string { return "over(" + a[0] + ", '" + alias + "')" }}, nil
	}
}

func trimExpr(e *expression, args py.Tuple, side string) (*expression, error) {
	chars := &expression{kind: exprLiteral, sql: func([]string) string { return "' '" }, sum: func([]string) string { return "' '" }}
	if len(args) > 0 {
		c, err := toExpr(args[0])
		if err != nil {
			return nil, err
		}
		chars = c
	}
	return &expression{kind: exprCall, args: []*expression{e, chars}, name: "trim",
		sql: func(a []string) string { return "TRIM(" + side + " " + a[1] + " FROM " + a[0] + ")" },
		sum: func(a []string) string { return "trim(" + a[0] + ", " + a[1] + ")" }}, nil
}

func ifThenElse(c, t, f *expression) *expression {
	return &expression{kind: exprCall, args: []*expression{c, t, f}, name: "ifThenElse",
		sql: func(a []string) string { return "(CASE WHEN " + a[0] + " THEN " + a[1] + " ELSE " + a[2] + " END)" },
		sum: func(a []string) string { return "ifThenElse(" + strings.Join(a, ", ") + ")" }}
}

// getField is e.get('f') (a ROW's field) or e.get(1).
func getField(e *expression, key py.Object) (*expression, error) {
	switch k := key.(type) {
	case py.String:
		name := string(k)
		return &expression{kind: exprGet, args: []*expression{e}, key: name,
			sql: func(a []string) string { return a[0] + "." + quoteIdent(name) },
			sum: func(a []string) string { return "get(" + a[0] + ", '" + name + "')" }}, nil
	case py.Int:
		i := int(k)
		return &expression{kind: exprGet, args: []*expression{e}, key: "_" + strconv.Itoa(i),
			sql: func(a []string) string { return a[0] + "[" + strconv.Itoa(i+1) + "]" },
			sum: func(a []string) string { return "get(" + a[0] + ", " + strconv.Itoa(i) + ")" }}, nil
	}
	return nil, py.ExceptionNewf(py.TypeError, "get() takes a field name or index, not %s", key.Type().Name)
}

// M__getattr__ reads the properties and methods of an Expression; any
// other name is a field of a ROW, as PyFlink reads it.
func (e *expression) M__getattr__(name string) (py.Object, error) {
	if p, ok := properties[name]; ok {
		return p(e)
	}
	if m, ok := methods[name]; ok {
		return method(name, func(args py.Tuple, kw py.StringDict) (py.Object, error) {
			return m(e, args, kw)
		}), nil
	}
	if strings.HasPrefix(name, "__") {
		return nil, py.ExceptionNewf(py.AttributeError, "'Expression' object has no attribute '%s'", name)
	}
	return getField(e, py.String(name))
}

func (e *expression) M__getitem__(key py.Object) (py.Object, error) {
	k, err := toExpr(key)
	if err != nil {
		return nil, err
	}
	return &expression{kind: exprCall, args: []*expression{e, k}, name: "at",
		sql: func(a []string) string { return a[0] + "[" + a[1] + "]" },
		sum: func(a []string) string { return "at(" + a[0] + ", " + a[1] + ")" }}, nil
}

// overBound is UNBOUNDED_ROW, CURRENT_RANGE, row_interval(n) and the like.
func overBound(name, sql string, rows bool) *expression {
	return &expression{kind: exprOverBound, name: name, rows: rows,
		sql: func([]string) string { return sql },
		sum: func([]string) string { return name }}
}

// expressionsModule is pyflink.table.expressions.
func expressionsModule() py.StringDict {
	g := py.StringDict{}
	fn := func(name string, f func(args py.Tuple, kw py.StringDict) (py.Object, error)) {
		g[name] = method(name, f)
	}
	exprs := func(args py.Tuple) ([]*expression, error) {
		out := make([]*expression, len(args))
		for i, a := range args {
			e, err := toExpr(a)
			if err != nil {
				return nil, err
			}
			out[i] = e
		}
		return out, nil
	}
	fn("col", func(args py.Tuple, kw py.StringDict) (py.Object, error) {
		name, err := stringArg("col", args, kw, 0, "name")
		if err != nil {
			return nil, err
		}
		return colExpr(name), nil
	})
	fn("lit", func(args py.Tuple, kw py.StringDict) (py.Object, error) {
		v := argument(args, kw, 0, "v")
		if v == nil {
			return nil, py.ExceptionNewf(py.TypeError, "lit() missing 1 required positional argument: 'v'")
		}
		e, err := litExpr(v)
		if err != nil {
			return nil, err
		}
		if t, ok := argument(args, kw, 1, "data_type").(*dataType); ok {
			return methods["cast"](e, py.Tuple{t}, nil)
		}
		return e, nil
	})
	nary := func(name, op, sumName string, min int) {
		fn(name, func(args py.Tuple, kw py.StringDict) (py.Object, error) {
			xs, err := exprs(args)
			if err != nil {
				return nil, err
			}
			if len(xs) < min {
				return nil, py.ExceptionNewf(py.TypeError, "%s() takes at least %d arguments (%d given)", name, min, len(xs))
			}
			e := xs[0]
			for _, x := range xs[1:] {
				e = binary(op, sumName, e, x)
			}
			return e, nil
		})
	}
	nary("and_", "AND", "and", 2)
	nary("or_", "OR", "or", 2)
	fn("not_", func(args py.Tuple, kw py.StringDict) (py.Object, error) {
		xs, err := exprs(args)
		if err != nil || len(xs) != 1 {
			return nil, py.ExceptionNewf(py.TypeError, "not_() takes one expression")
		}
		return &expression{kind: exprCall, args: xs, name: "not",
			sql: func(a []string) string { return "(NOT " + a[0] + ")" },
			sum: func(a []string) string { return "not(" + a[0] + ")" }}, nil
	})
	fn("if_then_else", func(args py.Tuple, kw py.StringDict) (py.Object, error) {
		xs, err := exprs(args)
		if err != nil || len(xs) != 3 {
			return nil, py.ExceptionNewf(py.TypeError, "if_then_else() takes a condition and two values")
		}
		return ifThenElse(xs[0], xs[1], xs[2]), nil
	})
	variadic := func(name, sqlName, sumName string) {
		fn(name, func(args py.Tuple, kw py.StringDict) (py.Object, error) {
			xs, err := exprs(args)
			if err != nil {
				return nil, err
			}
			return call(sqlName, sumName, xs...), nil
		})
	}
	variadic("concat", "CONCAT", "concat")
	variadic("concat_ws", "CONCAT_WS", "concat_ws")
	variadic("coalesce", "COALESCE", "coalesce")
	variadic("atan2", "ATAN2", "atan2")
	variadic("date_format", "DATE_FORMAT", "dateFormat")
	variadic("to_timestamp_ltz", "TO_TIMESTAMP_LTZ", "toTimestampLtz")
	variadic("to_timestamp", "TO_TIMESTAMP", "toTimestamp")
	variadic("to_date", "TO_DATE", "toDate")
	variadic("from_unixtime", "FROM_UNIXTIME", "fromUnixtime")
	variadic("unix_timestamp", "UNIX_TIMESTAMP", "unixTimestamp")
	variadic("convert_tz", "CONVERT_TZ", "convertTz")
	variadic("uuid", "UUID", "uuid")
	variadic("rand", "RAND", "rand")
	variadic("rand_integer", "RAND_INTEGER", "randInteger")
	variadic("log", "LOG", "log")
	// row, array and map_ build a value of their arguments.
	constructor := func(pyName, name, open, close string) {
		fn(pyName, func(args py.Tuple, kw py.StringDict) (py.Object, error) {
			xs, err := exprs(args)
			if err != nil {
				return nil, err
			}
			return &expression{kind: exprCall, args: xs, name: name,
				sql: func(a []string) string { return open + strings.Join(a, ", ") + close },
				sum: func(a []string) string { return name + "(" + strings.Join(a, ", ") + ")" }}, nil
		})
	}
	constructor("row", "row", "ROW(", ")")
	constructor("array", "array", "ARRAY[", "]")
	constructor("map_", "map", "MAP[", "]")
	niladic := func(name, sqlText, sumName string) {
		fn(name, func(args py.Tuple, kw py.StringDict) (py.Object, error) {
			return &expression{kind: exprCall, name: sumName,
				sql: func([]string) string { return sqlText },
				sum: func([]string) string { return sumName + "()" }}, nil
		})
	}
	niladic("current_date", "CURRENT_DATE", "currentDate")
	niladic("current_time", "CURRENT_TIME", "currentTime")
	niladic("current_timestamp", "CURRENT_TIMESTAMP", "currentTimestamp")
	niladic("local_time", "LOCALTIME", "localTime")
	niladic("local_timestamp", "LOCALTIMESTAMP", "localTimestamp")
	niladic("current_database", "CURRENT_DATABASE()", "currentDatabase")
	niladic("pi", "PI()", "pi")
	niladic("e", "E()", "e")
	fn("current_watermark", func(args py.Tuple, kw py.StringDict) (py.Object, error) {
		xs, err := exprs(args)
		if err != nil {
			return nil, err
		}
		return call("CURRENT_WATERMARK", "CURRENT_WATERMARK", xs...), nil
	})
	fn("null_of", func(args py.Tuple, kw py.StringDict) (py.Object, error) {
		t, err := typeArg("null_of", args, kw, 0, "data_type")
		if err != nil {
			return nil, err
		}
		return &expression{kind: exprLiteral,
			sql: func([]string) string { return "CAST(NULL AS " + t.sqlType() + ")" },
			sum: func([]string) string { return "null" }}, nil
	})
	fn("call", func(args py.Tuple, kw py.StringDict) (py.Object, error) {
		name, err := stringArg("call", args, kw, 0, "f")
		if err != nil {
			return nil, err
		}
		xs, err := exprs(args[1:])
		if err != nil {
			return nil, err
		}
		return call(name, name, xs...), nil
	})
	fn("call_sql", func(args py.Tuple, kw py.StringDict) (py.Object, error) {
		text, err := stringArg("call_sql", args, kw, 0, "sql_expression")
		if err != nil {
			return nil, err
		}
		return &expression{kind: exprCall, name: "sql",
			sql: func([]string) string { return "(" + text + ")" },
			sum: func([]string) string { return "[" + text + "]" }}, nil
	})
	fn("row_interval", func(args py.Tuple, kw py.StringDict) (py.Object, error) {
		n, err := intArg("row_interval", args, kw, 0, "rows", -1)
		if err != nil {
			return nil, err
		}
		return overBound(strconv.Itoa(n), strconv.Itoa(n), true), nil
	})
	g["UNBOUNDED_ROW"] = overBound("UNBOUNDED_ROW", "UNBOUNDED", true)
	g["UNBOUNDED_RANGE"] = overBound("UNBOUNDED_RANGE", "UNBOUNDED", false)
	g["CURRENT_ROW"] = overBound("CURRENT_ROW", "CURRENT ROW", true)
	g["CURRENT_RANGE"] = overBound("CURRENT_RANGE", "CURRENT ROW", false)
	return g
}

// String makes gpython's % formatting print an Expression as str() does.
func (e *expression) String() string { return e.summary() }
