package expr

import (
	"math"
	"strings"
	"testing"
	"time"

	"github.com/flinkplay/flinkplay/engine/diag"
	"github.com/flinkplay/flinkplay/engine/stream"
	"github.com/flinkplay/flinkplay/engine/types"
)

// Test helpers build expressions from literal text so cases read like SQL.

func lit(t testing.TB, kind, text string) Expr {
	t.Helper()
	var e Expr
	var err error
	switch kind {
	case "int":
		e, err = IntegerLiteral(text, 0)
	case "dec":
		e, err = DecimalLiteral(text, 0)
	case "dbl":
		e, err = ApproxLiteral(text, 0)
	case "str":
		e = StringLiteral(text)
	case "bool":
		e = BoolLiteral(text == "true")
	case "null":
		e = NullLiteral()
	case "date":
		e, err = DateLiteral(text, 0)
	case "time":
		e, err = TimeLiteral(text, 0)
	case "ts":
		e, err = TimestampLiteral(text, 0)
	default:
		t.Fatalf("unknown literal kind %q", kind)
	}
	if err != nil {
		t.Fatalf("literal %s %q: %v", kind, text, err)
	}
	return e
}

// typed is a literal of an explicit type.
func typed(v types.Value, t types.Type) Expr { return Literal(v, t) }

// show evaluates e on an empty row and renders the result as Flink prints it.
func show(t testing.TB, e Expr) string {
	t.Helper()
	c := &Ctx{Out: stream.NewBatch(1), Zone: time.UTC}
	v, err := e.Eval(c, nil)
	if err != nil {
		de, _ := diag.As(err)
		return "error: " + de.Reason()
	}
	if v.Null {
		return "<NULL>"
	}
	return types.FormatValue(v, e.Type(), time.UTC)
}

func errText(err error) string {
	if err == nil {
		return ""
	}
	if de, ok := diag.As(err); ok {
		return de.Reason()
	}
	return err.Error()
}

var (
	nullInt  = typed(types.NullValue, types.Int32)
	intCol   = types.Type{Kind: types.Int, NotNull: true}
	tinyNN   = types.Type{Kind: types.TinyInt, NotNull: true}
	bigNN    = types.Type{Kind: types.BigInt, NotNull: true}
	floatNN  = types.Type{Kind: types.Float, NotNull: true}
	stringNN = types.Type{Kind: types.Varchar, Length: types.MaxLength, NotNull: true}
)

func TestLiterals(t *testing.T) {
	tests := []struct {
		name, kind, text string
		wantType         string
		wantValue        string
	}{
		{"small int", "int", "42", "INT NOT NULL", "42"},
		{"int max", "int", "2147483647", "INT NOT NULL", "2147483647"},
		{"int min with sign", "int", "-2147483648", "INT NOT NULL", "-2147483648"},
		{"bigint", "int", "2147483648", "BIGINT NOT NULL", "2147483648"},
		{"decimal", "dec", "1.5", "DECIMAL(2, 1) NOT NULL", "1.5"},
		{"decimal leading zero", "dec", "0.50", "DECIMAL(3, 2) NOT NULL", "0.50"},
		{"decimal no int part", "dec", ".5", "DECIMAL(1, 1) NOT NULL", "0.5"},
		{"decimal trailing point", "dec", "7.", "INT NOT NULL", "7"},
		{"double", "dbl", "1e3", "DOUBLE NOT NULL", "1000.0"},
		{"string", "str", "Hello", "CHAR(5) NOT NULL", "Hello"},
		{"empty string", "str", "", "CHAR(0) NOT NULL", ""},
		{"unicode string", "str", "héllo", "CHAR(5) NOT NULL", "héllo"},
		{"boolean", "bool", "true", "BOOLEAN NOT NULL", "TRUE"},
		{"null", "null", "", "NULL", "<NULL>"},
		{"date", "date", "2021-04-13", "DATE NOT NULL", "2021-04-13"},
		{"time", "time", "20:12:11", "TIME(0) NOT NULL", "20:12:11"},
		{"time millis", "time", "20:12:11.123", "TIME(3) NOT NULL", "20:12:11.123"},
		{"timestamp 0", "ts", "2021-04-13 20:12:11", "TIMESTAMP(0) NOT NULL", "2021-04-13 20:12:11"},
		{"timestamp 3", "ts", "2021-04-13 20:12:11.001", "TIMESTAMP(3) NOT NULL", "2021-04-13 20:12:11.001"},
		{"timestamp 9", "ts", "2021-04-13 20:12:11.123456789", "TIMESTAMP(9) NOT NULL", "2021-04-13 20:12:11.123456789"},
		{"timestamp 1", "ts", "2021-04-13 21:12:11.1", "TIMESTAMP(1) NOT NULL", "2021-04-13 21:12:11.1"},
		{"timestamp before epoch", "ts", "1969-12-31 23:59:59.5", "TIMESTAMP(1) NOT NULL", "1969-12-31 23:59:59.5"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			e := lit(t, tc.kind, tc.text)
			if got := e.Type().String(); got != tc.wantType {
				t.Errorf("type = %s, want %s", got, tc.wantType)
			}
			if got := show(t, e); got != tc.wantValue {
				t.Errorf("value = %q, want %q", got, tc.wantValue)
			}
		})
	}
}

func TestLiteralErrors(t *testing.T) {
	tests := []struct {
		name string
		make func() (Expr, error)
		want string
	}{
		{"integer beyond bigint", func() (Expr, error) { return IntegerLiteral("9223372036854775808", 0) },
			"org.apache.calcite.sql.validate.SqlValidatorException: Numeric literal '9223372036854775808' out of range"},
		{"odd hex", func() (Expr, error) { return BinaryLiteral("abc", 0) },
			"org.apache.calcite.sql.validate.SqlValidatorException: Binary literal string must contain an even number of hexits"},
		{"bad date", func() (Expr, error) { return DateLiteral("2021-13-01", 0) },
			"org.apache.calcite.runtime.CalciteException: Illegal DATE literal '2021-13-01': not in format 'yyyy-MM-dd'"},
		{"bad time", func() (Expr, error) { return TimeLiteral("25:00:00", 0) },
			"org.apache.calcite.runtime.CalciteException: Illegal TIME literal '25:00:00': not in format 'HH:mm:ss'"},
		{"timestamp without time", func() (Expr, error) { return TimestampLiteral("2021-04-13", 0) },
			"org.apache.calcite.runtime.CalciteException: Illegal TIMESTAMP literal '2021-04-13': not in format 'yyyy-MM-dd HH:mm:ss'"},
		{"interval lead precision", func() (Expr, error) {
			return IntervalLiteral("100", IntervalQualifier{Res: types.ResDay, FracPrecision: -1}, false, 0)
		}, "org.apache.calcite.sql.validate.SqlValidatorException: Interval field value 100 exceeds precision of DAY(2) field"},
		{"interval grouping", func() (Expr, error) {
			return IntervalLiteral("1000", IntervalQualifier{Res: types.ResYear, Precision: 3, FracPrecision: -1}, false, 0)
		}, "org.apache.calcite.sql.validate.SqlValidatorException: Interval field value 1,000 exceeds precision of YEAR(3) field"},
		{"interval month range", func() (Expr, error) {
			return IntervalLiteral("1-13", IntervalQualifier{Res: types.ResYearToMonth, FracPrecision: -1}, false, 0)
		}, "org.apache.calcite.sql.validate.SqlValidatorException: Illegal interval literal format '1-13' for INTERVAL YEAR TO MONTH"},
		{"interval format", func() (Expr, error) {
			return IntervalLiteral("1:2", IntervalQualifier{Res: types.ResDayToHour, FracPrecision: -1}, false, 0)
		}, "org.apache.calcite.sql.validate.SqlValidatorException: Illegal interval literal format '1:2' for INTERVAL DAY TO HOUR"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := tc.make()
			if got := errText(err); got != tc.want {
				t.Errorf("error = %q\nwant    %q", got, tc.want)
			}
		})
	}
}

func TestIntervalLiterals(t *testing.T) {
	tests := []struct {
		name, text string
		q          IntervalQualifier
		negate     bool
		wantType   string
		want       string
	}{
		{"day", "1", IntervalQualifier{Res: types.ResDay, FracPrecision: -1}, false, "INTERVAL SECOND(3) NOT NULL", "+1 00:00:00.000"},
		{"year", "1", IntervalQualifier{Res: types.ResYear, FracPrecision: -1}, false, "INTERVAL MONTH NOT NULL", "+1-00"},
		{"year to month", "2-3", IntervalQualifier{Res: types.ResYearToMonth, FracPrecision: -1}, false, "INTERVAL MONTH NOT NULL", "+2-03"},
		{"negative text", "-1-6", IntervalQualifier{Res: types.ResYearToMonth, FracPrecision: -1}, false, "INTERVAL MONTH NOT NULL", "-1-06"},
		{"negated", "5", IntervalQualifier{Res: types.ResSecond, FracPrecision: -1}, true, "INTERVAL SECOND(3) NOT NULL", "-0 00:00:05.000"},
		{"day to second", "1 02:03:04.5", IntervalQualifier{Res: types.ResDayToSecond, FracPrecision: -1}, false, "INTERVAL SECOND(3) NOT NULL", "+1 02:03:04.500"},
		{"minute to second", "90:30", IntervalQualifier{Res: types.ResMinuteToSecond, FracPrecision: -1}, false, "INTERVAL SECOND(3) NOT NULL", "+0 01:30:30.000"},
		{"hour precision", "100", IntervalQualifier{Res: types.ResHour, Precision: 3, FracPrecision: -1}, false, "INTERVAL SECOND(3) NOT NULL", "+4 04:00:00.000"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			e, err := IntervalLiteral(tc.text, tc.q, tc.negate, 0)
			if err != nil {
				t.Fatal(err)
			}
			if got := e.Type().String(); got != tc.wantType {
				t.Errorf("type = %s, want %s", got, tc.wantType)
			}
			if got := show(t, e); got != tc.want {
				t.Errorf("value = %q, want %q", got, tc.want)
			}
		})
	}
}

func TestArith(t *testing.T) {
	i := func(s string) Expr { return lit(t, "int", s) }
	d := func(s string) Expr { return lit(t, "dec", s) }
	tiny := func(v int64) Expr { return typed(types.IntValue(v), tinyNN) }
	tests := []struct {
		name     string
		op       ArithOp
		a, b     Expr
		wantType string
		want     string
	}{
		{"int add", Add, i("1"), i("2"), "INT NOT NULL", "3"},
		{"int overflow wraps", Add, i("2147483647"), i("1"), "INT NOT NULL", "-2147483648"},
		{"tinyint wraps", Add, tiny(127), tiny(1), "TINYINT NOT NULL", "-128"},
		{"int bigint widens", Mul, i("2147483647"), i("3000000000"), "BIGINT NOT NULL", "6442450941000000000"},
		{"int division truncates", Div, i("7"), i("2"), "INT NOT NULL", "3"},
		{"negative division truncates", Div, i("-7"), i("2"), "INT NOT NULL", "-3"},
		{"min int div minus one", Div, i("-2147483648"), i("-1"), "INT NOT NULL", "-2147483648"},
		{"int mod", Mod, i("-7"), i("3"), "INT NOT NULL", "-1"},
		{"mod takes second type", Mod, typed(types.IntValue(10), bigNN), i("3"), "INT NOT NULL", "1"},
		{"division by zero", Div, i("1"), i("0"), "INT NOT NULL", "error: java.lang.ArithmeticException: / by zero"},
		{"mod by zero", Mod, i("1"), i("0"), "INT NOT NULL", "error: java.lang.ArithmeticException: / by zero"},
		{"null propagates", Add, i("1"), nullInt, "INT", "<NULL>"},
		{"decimal add", Add, d("1.5"), d("2.25"), "DECIMAL(4, 2) NOT NULL", "3.75"},
		{"decimal plus int", Add, d("1.5"), i("1"), "DECIMAL(12, 1) NOT NULL", "2.5"},
		{"decimal multiply", Mul, d("1.5"), d("2.25"), "DECIMAL(6, 3) NOT NULL", "3.375"},
		{"decimal divide", Div, d("1.0"), d("3.0"), "DECIMAL(8, 6) NOT NULL", "0.333333"},
		{"decimal divide rounds half up", Div, d("2.0"), d("3.0"), "DECIMAL(8, 6) NOT NULL", "0.666667"},
		{"int divided by decimal", Div, i("1"), d("3.0"), "DECIMAL(17, 6) NOT NULL", "0.333333"},
		{"decimal mod", Mod, d("7.5"), d("2.0"), "DECIMAL(2, 1) NOT NULL", "1.5"},
		{"decimal division by zero", Div, d("1.0"), d("0.0"), "DECIMAL(8, 6) NOT NULL", "error: java.lang.ArithmeticException: Division by zero"},
		{"decimal zero by zero", Div, d("0.0"), d("0.0"), "DECIMAL(8, 6) NOT NULL", "error: java.lang.ArithmeticException: Division undefined"},
		{"double", Div, lit(t, "dbl", "1e0"), i("4"), "DOUBLE NOT NULL", "0.25"},
		{"double division by zero", Div, lit(t, "dbl", "1e0"), i("0"), "DOUBLE NOT NULL", "Infinity"},
		{"decimal plus double", Add, d("0.1"), lit(t, "dbl", "2e0"), "DOUBLE NOT NULL", "2.1"},
		{"float stays float", Add, typed(types.FloatValue(0.1), floatNN), i("1"), "FLOAT NOT NULL", "1.1"},
		{"date plus days", Add, lit(t, "date", "2021-01-31"), mustInterval(t, "1", types.ResDay), "DATE NOT NULL", "2021-02-01"},
		{"date plus month clamps", Add, lit(t, "date", "2021-01-31"), mustInterval(t, "1", types.ResMonth), "DATE NOT NULL", "2021-02-28"},
		{"interval plus date", Add, mustInterval(t, "1", types.ResYear), lit(t, "date", "2020-02-29"), "DATE NOT NULL", "2021-02-28"},
		{"timestamp minus hour", Sub, lit(t, "ts", "2021-04-13 00:30:00.5"), mustInterval(t, "1", types.ResHour), "TIMESTAMP(1) NOT NULL", "2021-04-12 23:30:00.5"},
		{"timestamp plus months", Add, lit(t, "ts", "2021-03-31 10:00:00"), mustInterval(t, "1", types.ResMonth), "TIMESTAMP(0) NOT NULL", "2021-04-30 10:00:00"},
		{"time wraps", Add, lit(t, "time", "23:30:00"), mustInterval(t, "1", types.ResHour), "TIME(0) NOT NULL", "00:30:00"},
		{"interval sum", Add, mustInterval(t, "1", types.ResDay), mustInterval(t, "2", types.ResHour), "INTERVAL SECOND(3) NOT NULL", "+1 02:00:00.000"},
		{"interval times int", Mul, mustInterval(t, "2", types.ResMonth), i("3"), "INTERVAL MONTH NOT NULL", "+0-06"},
		{"int times interval", Mul, i("3"), mustInterval(t, "2", types.ResMonth), "INTERVAL MONTH NOT NULL", "+0-06"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			e, err := Arith(tc.op, tc.a, tc.b, 0)
			if err != nil {
				t.Fatal(err)
			}
			if got := e.Type().String(); got != tc.wantType {
				t.Errorf("type = %s, want %s", got, tc.wantType)
			}
			if got := show(t, e); got != tc.want {
				t.Errorf("value = %q, want %q", got, tc.want)
			}
		})
	}
}

func mustInterval(t testing.TB, text string, res types.IntervalRes) Expr {
	t.Helper()
	e, err := IntervalLiteral(text, IntervalQualifier{Res: res, FracPrecision: -1}, false, 0)
	if err != nil {
		t.Fatal(err)
	}
	return e
}

func TestDecimalTypes(t *testing.T) {
	tests := []struct {
		name string
		got  types.Type
		want string
	}{
		{"addition", additionDecimal(10, 2, 5, 3), "DECIMAL(12, 3)"},
		{"addition capped", additionDecimal(38, 10, 38, 10), "DECIMAL(38, 9)"},
		{"multiplication", multiplicationDecimal(10, 2, 5, 3), "DECIMAL(16, 5)"},
		{"multiplication capped", multiplicationDecimal(38, 10, 38, 10), "DECIMAL(38, 6)"},
		{"division", divisionDecimal(10, 2, 5, 3), "DECIMAL(19, 8)"},
		{"division capped", divisionDecimal(38, 10, 38, 10), "DECIMAL(38, 6)"},
		{"modulo", moduloDecimal(10, 2, 5, 3), "DECIMAL(5, 3)"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := tc.got.String(); got != tc.want {
				t.Errorf("got %s, want %s", got, tc.want)
			}
		})
	}
}

func TestDecimalOverflowIsNull(t *testing.T) {
	big := typed(types.IntValue(99), types.Type{Kind: types.Decimal, Precision: 2, Scale: 0, NotNull: true})
	c, err := Cast(big, types.DecimalOf(3, 2), false, 0)
	if err != nil {
		t.Fatal(err)
	}
	if got := show(t, c); got != "<NULL>" {
		t.Errorf("CAST(99 AS DECIMAL(3, 2)) = %s, want <NULL>", got)
	}
	// 38-digit values live in Value.X.
	wide, err := Cast(lit(t, "int", "9223372036854775807"), types.DecimalOf(38, 18), false, 0)
	if err != nil {
		t.Fatal(err)
	}
	sum, err := Arith(Add, wide, wide, 0)
	if err != nil {
		t.Fatal(err)
	}
	if got := show(t, sum); got != "18446744073709551614.00000000000000000" {
		t.Errorf("sum = %s", got)
	}
}

func TestArithErrors(t *testing.T) {
	tests := []struct {
		name string
		op   ArithOp
		a, b Expr
		want string
	}{
		{"int plus boolean", Add, lit(t, "int", "1"), lit(t, "bool", "true"),
			"org.apache.calcite.sql.validate.SqlValidatorException: Cannot apply '+' to arguments of type '<INTEGER> + <BOOLEAN>'. Supported form(s): '<NUMERIC> + <NUMERIC>'\n'<DATETIME_INTERVAL> + <DATETIME_INTERVAL>'\n'<DATETIME> + <DATETIME_INTERVAL>'\n'<DATETIME_INTERVAL> + <DATETIME>'"},
		{"string times int", Mul, lit(t, "str", "abc"), lit(t, "int", "1"),
			"org.apache.calcite.sql.validate.SqlValidatorException: Cannot apply '*' to arguments of type '<CHAR(3)> * <INTEGER>'. Supported form(s): '<NUMERIC> * <NUMERIC>'\n'<DATETIME_INTERVAL> * <NUMERIC>'\n'<NUMERIC> * <DATETIME_INTERVAL>'"},
		{"double mod", Mod, lit(t, "dbl", "1e0"), lit(t, "int", "1"),
			"org.apache.calcite.sql.validate.SqlValidatorException: Cannot apply '%' to arguments of type '<DOUBLE> % <INTEGER>'. Supported form(s): '<EXACT_NUMERIC> % <EXACT_NUMERIC>'"},
		{"null literal", Add, lit(t, "int", "1"), NullLiteral(),
			"org.apache.calcite.sql.validate.SqlValidatorException: Illegal use of 'NULL'"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Arith(tc.op, tc.a, tc.b, 0)
			if got := errText(err); got != tc.want {
				t.Errorf("error = %q\nwant    %q", got, tc.want)
			}
		})
	}
}

func TestNeg(t *testing.T) {
	tests := []struct {
		name string
		x    Expr
		want string
	}{
		{"int", lit(t, "int", "5"), "-5"},
		{"min int wraps", lit(t, "int", "-2147483648"), "-2147483648"},
		{"decimal", lit(t, "dec", "1.50"), "-1.50"},
		{"interval", mustInterval(t, "1", types.ResDay), "-1 00:00:00.000"},
		{"null", nullInt, "<NULL>"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			e, err := Neg(tc.x, 0)
			if err != nil {
				t.Fatal(err)
			}
			if got := show(t, e); got != tc.want {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
	if _, err := Neg(lit(t, "str", "a"), 0); !strings.Contains(errText(err), "Cannot apply '-' to arguments of type '-<CHAR(1)>'") {
		t.Errorf("Neg(string) error = %v", err)
	}
}

func TestCompare(t *testing.T) {
	i := func(s string) Expr { return lit(t, "int", s) }
	s := func(v string) Expr { return lit(t, "str", v) }
	tests := []struct {
		name string
		op   CmpOp
		a, b Expr
		want string
	}{
		{"int eq", Eq, i("1"), i("1"), "TRUE"},
		{"int lt", Lt, i("1"), i("2"), "TRUE"},
		{"int bigint", Lt, i("2147483647"), i("2147483648"), "TRUE"},
		{"int decimal", Eq, i("1"), lit(t, "dec", "1.0"), "TRUE"},
		{"decimal gt", Gt, lit(t, "dec", "1.05"), lit(t, "dec", "1.0"), "TRUE"},
		{"double int", Ge, lit(t, "dbl", "1.5e0"), i("2"), "FALSE"},
		{"nan never equal", Eq, typed(types.FloatValue(math.NaN()), types.Float64), typed(types.FloatValue(math.NaN()), types.Float64), "FALSE"},
		{"nan not equal", Ne, typed(types.FloatValue(math.NaN()), types.Float64), typed(types.FloatValue(math.NaN()), types.Float64), "TRUE"},
		{"string code points", Lt, s("Z"), s("a"), "TRUE"},
		{"string prefix", Lt, s("ab"), s("abc"), "TRUE"},
		{"char padding matters", Eq, s("a"), s("a "), "FALSE"},
		{"unicode order", Gt, s("é"), s("z"), "TRUE"},
		{"bool order", Lt, lit(t, "bool", "false"), lit(t, "bool", "true"), "TRUE"},
		{"dates", Lt, lit(t, "date", "2020-01-01"), lit(t, "date", "2021-01-01"), "TRUE"},
		{"timestamps nanos", Lt, lit(t, "ts", "2021-01-01 00:00:00.000000001"), lit(t, "ts", "2021-01-01 00:00:00.000000002"), "TRUE"},
		{"date equals string", Eq, lit(t, "date", "2001-01-01"), s("2001-01-01"), "TRUE"},
		{"string equals timestamp", Eq, s("2001-01-01 00:00:00"), lit(t, "ts", "2001-01-01 00:00:00"), "TRUE"},
		{"boolean equals string is false", Eq, lit(t, "bool", "true"), s("true"), "FALSE"},
		{"null operand", Eq, i("1"), nullInt, "<NULL>"},
		{"null literal", Eq, i("1"), NullLiteral(), "<NULL>"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			e, err := Compare(tc.op, tc.a, tc.b, 0)
			if err != nil {
				t.Fatal(err)
			}
			if got := show(t, e); got != tc.want {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
}

func TestCompareTimestampLTZ(t *testing.T) {
	ts := lit(t, "ts", "1970-01-01 08:00:00")
	ltz := typed(types.TimestampValue(0, 0), types.Type{Kind: types.TimestampLTZ, Precision: 3, NotNull: true})
	e, err := Compare(Eq, ts, ltz, 0)
	if err != nil {
		t.Fatal(err)
	}
	shanghai, err := time.LoadLocation("Asia/Shanghai")
	if err != nil {
		t.Skip("no zone data:", err)
	}
	v, err := e.Eval(&Ctx{Zone: shanghai}, nil)
	if err != nil || v.Null || !v.Bool() {
		t.Errorf("TIMESTAMP 08:00 in Shanghai = LTZ epoch: got %+v, %v", v, err)
	}
}

func TestCompareErrors(t *testing.T) {
	tests := []struct {
		name string
		op   CmpOp
		a, b Expr
		want string
	}{
		{"int equals string", Eq, lit(t, "int", "1"), lit(t, "str", "1"),
			"org.apache.flink.table.api.ValidationException: implicit type conversion between INTEGER and CHAR is not supported now"},
		{"string equals decimal", Ne, typed(types.StringValue("1"), types.String), lit(t, "dec", "1.0"),
			"org.apache.flink.table.api.ValidationException: implicit type conversion between VARCHAR and DECIMAL is not supported now"},
		{"int less than string", Lt, lit(t, "int", "1"), lit(t, "str", "1"),
			"org.apache.flink.table.planner.codegen.CodeGenException: Incomparable types: INT NOT NULL and CHAR(1) NOT NULL"},
		{"int equals boolean", Eq, lit(t, "int", "1"), lit(t, "bool", "true"),
			"org.apache.calcite.sql.validate.SqlValidatorException: Cannot apply '=' to arguments of type '<INTEGER> = <BOOLEAN>'. Supported form(s): '<COMPARABLE_TYPE> = <COMPARABLE_TYPE>'"},
		{"date less than timestamp", Lt, lit(t, "date", "2020-01-01"), lit(t, "ts", "2020-01-01 00:00:00"),
			"org.apache.calcite.sql.validate.SqlValidatorException: Cannot apply '<' to arguments of type '<DATE> < <TIMESTAMP(0)>'. Supported form(s): '<COMPARABLE_TYPE> < <COMPARABLE_TYPE>'"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Compare(tc.op, tc.a, tc.b, 0)
			if got := errText(err); got != tc.want {
				t.Errorf("error = %q\nwant    %q", got, tc.want)
			}
		})
	}
}

// Three-valued logic truth tables.
func TestLogic(t *testing.T) {
	vals := map[string]Expr{
		"T": lit(t, "bool", "true"),
		"F": lit(t, "bool", "false"),
		"N": typed(types.NullValue, types.Bool),
	}
	show3 := func(e Expr) string {
		switch s := show(t, e); s {
		case "TRUE":
			return "T"
		case "FALSE":
			return "F"
		case "<NULL>":
			return "N"
		default:
			return s
		}
	}
	// Rows: left operand T, F, N; columns: right operand T, F, N.
	tables := []struct {
		name string
		make func(a, b Expr) (Expr, error)
		want [3]string
	}{
		{"AND", func(a, b Expr) (Expr, error) { return And(a, b, 0) }, [3]string{"TFN", "FFF", "NFN"}},
		{"OR", func(a, b Expr) (Expr, error) { return Or(a, b, 0) }, [3]string{"TTT", "TFN", "TNN"}},
		{"IS DISTINCT FROM", func(a, b Expr) (Expr, error) { return IsDistinctFrom(a, b, false, 0) }, [3]string{"FTT", "TFT", "TTF"}},
		{"IS NOT DISTINCT FROM", func(a, b Expr) (Expr, error) { return IsDistinctFrom(a, b, true, 0) }, [3]string{"TFF", "FTF", "FFT"}},
	}
	order := []string{"T", "F", "N"}
	for _, tc := range tables {
		t.Run(tc.name, func(t *testing.T) {
			for i, l := range order {
				got := ""
				for _, r := range order {
					e, err := tc.make(vals[l], vals[r])
					if err != nil {
						t.Fatal(err)
					}
					got += show3(e)
				}
				if got != tc.want[i] {
					t.Errorf("%s %s {T,F,N} = %s, want %s", l, tc.name, got, tc.want[i])
				}
			}
		})
	}
	unary := []struct {
		name string
		make func(x Expr) (Expr, error)
		want string // for T, F, N
	}{
		{"NOT", func(x Expr) (Expr, error) { return Not(x, 0) }, "FTN"},
		{"IS NULL", func(x Expr) (Expr, error) { return IsNull(x, false), nil }, "FFT"},
		{"IS NOT NULL", func(x Expr) (Expr, error) { return IsNull(x, true), nil }, "TTF"},
		{"IS TRUE", func(x Expr) (Expr, error) { return IsTrue(x, false, 0) }, "TFF"},
		{"IS NOT TRUE", func(x Expr) (Expr, error) { return IsTrue(x, true, 0) }, "FTT"},
		{"IS FALSE", func(x Expr) (Expr, error) { return IsFalse(x, false, 0) }, "FTF"},
		{"IS NOT FALSE", func(x Expr) (Expr, error) { return IsFalse(x, true, 0) }, "TFT"},
		{"IS UNKNOWN", func(x Expr) (Expr, error) { return IsUnknown(x, false, 0) }, "FFT"},
		{"IS NOT UNKNOWN", func(x Expr) (Expr, error) { return IsUnknown(x, true, 0) }, "TTF"},
	}
	for _, tc := range unary {
		t.Run(tc.name, func(t *testing.T) {
			got := ""
			for _, x := range order {
				e, err := tc.make(vals[x])
				if err != nil {
					t.Fatal(err)
				}
				got += show3(e)
			}
			if got != tc.want {
				t.Errorf("got %s, want %s", got, tc.want)
			}
		})
	}
}

func TestLogicShortCircuit(t *testing.T) {
	// FALSE AND (1/0 = 1) is FALSE without evaluating the division.
	div, _ := Arith(Div, lit(t, "int", "1"), lit(t, "int", "0"), 0)
	eq, _ := Compare(Eq, div, lit(t, "int", "1"), 0)
	e, err := And(lit(t, "bool", "false"), eq, 0)
	if err != nil {
		t.Fatal(err)
	}
	if got := show(t, e); got != "FALSE" {
		t.Errorf("got %s", got)
	}
}

func TestLogicErrors(t *testing.T) {
	_, err := And(lit(t, "int", "1"), lit(t, "bool", "true"), 0)
	want := "org.apache.calcite.sql.validate.SqlValidatorException: Cannot apply 'AND' to arguments of type '<INTEGER> AND <BOOLEAN>'. Supported form(s): '<BOOLEAN> AND <BOOLEAN>'"
	if got := errText(err); got != want {
		t.Errorf("AND error = %q", got)
	}
	_, err = IsTrue(lit(t, "int", "1"), false, 0)
	want = "org.apache.calcite.sql.validate.SqlValidatorException: Cannot apply 'IS TRUE' to arguments of type '<INTEGER> IS TRUE'. Supported form(s): '<BOOLEAN> IS TRUE'"
	if got := errText(err); got != want {
		t.Errorf("IS TRUE error = %q", got)
	}
}

func TestLeastRestrictive(t *testing.T) {
	nn := func(x types.Type) types.Type { return x.WithNullable(false) }
	tests := []struct {
		name string
		in   []types.Type
		want string // "" means no common type
	}{
		{"ragged chars become varchar", []types.Type{nn(types.CharN(11)), nn(types.CharN(2))}, "VARCHAR(11) NOT NULL"},
		{"same chars stay char", []types.Type{nn(types.CharN(3)), nn(types.CharN(3))}, "CHAR(3) NOT NULL"},
		{"char and string", []types.Type{types.CharN(3), types.String}, "STRING"},
		{"ints", []types.Type{nn(types.Int32), nn(types.Int64)}, "BIGINT NOT NULL"},
		{"int and decimal", []types.Type{types.Int32, types.DecimalOf(5, 2)}, "DECIMAL(12, 2)"},
		{"int and float", []types.Type{types.Int32, types.Float32}, "FLOAT"},
		{"decimal and float", []types.Type{types.DecimalOf(5, 2), types.Float32}, "DOUBLE"},
		{"null makes nullable", []types.Type{nn(types.Int32), types.NullType}, "INT"},
		{"timestamps", []types.Type{types.TimestampOf(3), types.TimestampOf(9)}, "TIMESTAMP(9)"},
		{"int and string", []types.Type{types.Int32, types.String}, ""},
		{"date and timestamp", []types.Type{types.DateType, types.TimestampOf(3)}, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, ok := LeastRestrictive(tc.in...)
			s := ""
			if ok {
				s = got.String()
			}
			if s != tc.want {
				t.Errorf("got %q, want %q", s, tc.want)
			}
		})
	}
}
