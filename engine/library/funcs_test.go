package library

import (
	"testing"

	"github.com/flinkplay/flinkplay/engine/expr"
	"github.com/flinkplay/flinkplay/engine/stream"
	"github.com/flinkplay/flinkplay/engine/types"
)

func TestFunctions(t *testing.T) {
	s := func(v string) expr.Expr { return lit(t, "str", v) }
	i := func(v string) expr.Expr { return lit(t, "int", v) }
	nullStr := typed(types.NullValue, types.String)
	tests := []struct {
		name     string
		fn       string
		args     []expr.Expr
		wantType string
		want     string
	}{
		{"upper", "upper", []expr.Expr{s("Flink é")}, "CHAR(7) NOT NULL", "FLINK É"},
		{"lower", "LOWER", []expr.Expr{s("FLINK")}, "CHAR(5) NOT NULL", "flink"},
		{"char length", "CHAR_LENGTH", []expr.Expr{s("héllo")}, "INT NOT NULL", "5"},
		{"character length null", "CHARACTER_LENGTH", []expr.Expr{nullStr}, "INT", "<NULL>"},
		{"concat", "CONCAT", []expr.Expr{s("a"), s("bc"), s("d")}, "STRING NOT NULL", "abcd"},
		{"concat null", "CONCAT", []expr.Expr{s("a"), nullStr}, "STRING", "<NULL>"},
		{"abs", "ABS", []expr.Expr{i("-5")}, "INT NOT NULL", "5"},
		{"abs min wraps", "ABS", []expr.Expr{i("-2147483648")}, "INT NOT NULL", "-2147483648"},
		{"abs decimal", "ABS", []expr.Expr{lit(t, "dec", "-1.5")}, "DECIMAL(2, 1) NOT NULL", "1.5"},
		{"mod", "MOD", []expr.Expr{i("7"), i("-3")}, "INT NOT NULL", "1"},
		{"trim", "TRIM", []expr.Expr{s("  a b  ")}, "VARCHAR(7) NOT NULL", "a b"},
		{"ltrim", "LTRIM", []expr.Expr{s("  a  ")}, "VARCHAR(5) NOT NULL", "a  "},
		{"rtrim", "RTRIM", []expr.Expr{s("  a  ")}, "VARCHAR(5) NOT NULL", "  a"},
		{"substring from", "SUBSTRING", []expr.Expr{s("Flink"), i("2")}, "VARCHAR(5)", "link"},
		{"substring for", "SUBSTRING", []expr.Expr{s("Flink"), i("2"), i("3")}, "VARCHAR(5)", "lin"},
		{"substring zero start", "SUBSTR", []expr.Expr{s("Flink"), i("0"), i("2")}, "VARCHAR(5)", "Fl"},
		{"substring negative start", "SUBSTR", []expr.Expr{s("Flink"), i("-3")}, "VARCHAR(5)", "ink"},
		{"substring past end", "SUBSTR", []expr.Expr{s("Flink"), i("9")}, "VARCHAR(5)", ""},
		{"substring negative length", "SUBSTR", []expr.Expr{s("Flink"), i("1"), i("-1")}, "VARCHAR(5)", "<NULL>"},
		{"substring unicode", "SUBSTRING", []expr.Expr{s("héllo"), i("2"), i("2")}, "VARCHAR(5)", "él"},
		{"coalesce", "COALESCE", []expr.Expr{nullInt, i("2")}, "INT NOT NULL", "2"},
		{"coalesce all nullable", "COALESCE", []expr.Expr{nullInt, nullInt}, "INT", "<NULL>"},
		{"coalesce widens", "COALESCE", []expr.Expr{nullInt, lit(t, "dec", "1.5")}, "DECIMAL(11, 1) NOT NULL", "1.5"},
		{"if true", "IF", []expr.Expr{lit(t, "bool", "true"), i("1"), i("2")}, "INT NOT NULL", "1"},
		{"if null cond", "IF", []expr.Expr{typed(types.NullValue, types.Bool), i("1"), i("2")}, "INT NOT NULL", "2"},
		{"if widens", "IF", []expr.Expr{lit(t, "bool", "false"), i("1"), lit(t, "dbl", "2.5e0")}, "DOUBLE NOT NULL", "2.5"},
		{"nullif equal", "NULLIF", []expr.Expr{i("1"), i("1")}, "INT", "<NULL>"},
		{"nullif different", "NULLIF", []expr.Expr{i("1"), i("2")}, "INT", "1"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			e, err := Func(tc.fn, tc.args, 0)
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

func TestFunctionErrors(t *testing.T) {
	tests := []struct {
		name string
		fn   string
		args []expr.Expr
		want string
	}{
		{"unknown no args", "invalid_function", nil,
			"org.apache.calcite.sql.validate.SqlValidatorException: No match found for function signature invalid_function()"},
		{"unknown with args", "SUBSTRING_INDEX", []expr.Expr{lit(t, "str", "a"), lit(t, "str", "b"), lit(t, "int", "1")},
			"org.apache.calcite.sql.validate.SqlValidatorException: No match found for function signature SUBSTRING_INDEX(<CHARACTER>, <CHARACTER>, <NUMERIC>)"},
		{"wrong count", "UPPER", []expr.Expr{lit(t, "str", "a"), lit(t, "str", "b")},
			"org.apache.calcite.sql.validate.SqlValidatorException: Invalid number of arguments to function 'UPPER'. Was expecting 1 arguments"},
		{"upper of int", "UPPER", []expr.Expr{lit(t, "int", "1")},
			"org.apache.calcite.sql.validate.SqlValidatorException: Cannot apply 'UPPER' to arguments of type 'UPPER(<INTEGER>)'. Supported form(s): 'UPPER(<CHARACTER>)'"},
		{"case mixing", "IF", []expr.Expr{lit(t, "bool", "true"), lit(t, "int", "1"), lit(t, "str", "a")},
			"org.apache.calcite.sql.validate.SqlValidatorException: Cannot apply 'IF' to arguments of type 'IF(<BOOLEAN>, <INTEGER>, <CHAR(1)>)'. Supported form(s): 'IF(<BOOLEAN>, <NUMERIC>, <NUMERIC>)'\n'IF(<BOOLEAN>, <CHARACTER>, <CHARACTER>)'\n'IF(<BOOLEAN>, <BOOLEAN>, <BOOLEAN>)'\n'IF(<BOOLEAN>, <CHARACTER>, <CHARACTER>)'\n'IF(<BOOLEAN>, <BINARY>, <BINARY>)'\n'IF(<BOOLEAN>, <DATE>, <DATE>)'\n'IF(<BOOLEAN>, <TIMESTAMP>, <TIMESTAMP>)'\n'IF(<BOOLEAN>, <TIME>, <TIME>)'"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Func(tc.fn, tc.args, 0)
			if got := errText(err); got != tc.want {
				t.Errorf("error = %q\nwant    %q", got, tc.want)
			}
		})
	}
}

func TestConcatOperator(t *testing.T) {
	tests := []struct {
		name     string
		a, b     expr.Expr
		wantType string
		want     string
	}{
		{"chars", lit(t, "str", "ab"), lit(t, "str", "c"), "CHAR(3) NOT NULL", "abc"},
		{"char and string", lit(t, "str", "ab"), typed(types.StringValue("x"), types.String), "STRING", "abx"},
		{"varchars", typed(types.StringValue("a"), types.VarcharN(3)), typed(types.StringValue("b"), types.VarcharN(4)), "VARCHAR(7)", "ab"},
		{"null", lit(t, "str", "ab"), typed(types.NullValue, types.String), "STRING", "<NULL>"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			e, err := expr.Concat(tc.a, tc.b, 0)
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
	_, err := expr.Concat(lit(t, "int", "1"), lit(t, "str", "a"), 0)
	want := "org.apache.calcite.sql.validate.SqlValidatorException: Cannot apply '||' to arguments of type '<INTEGER> || <CHAR(1)>'. Supported form(s): '<STRING> || <STRING>'"
	if got := errText(err); got != want {
		t.Errorf("error = %q", got)
	}
}

func TestLike(t *testing.T) {
	tests := []struct {
		name, s, p string
		esc        string
		not        bool
		want       string
	}{
		{"exact", "abc", "abc", "", false, "TRUE"},
		{"percent", "abcdef", "a%f", "", false, "TRUE"},
		{"percent empty", "af", "a%f", "", false, "TRUE"},
		{"underscore", "abc", "a_c", "", false, "TRUE"},
		{"underscore unicode", "aéc", "a_c", "", false, "TRUE"},
		{"underscore needs one", "ac", "a_c", "", false, "FALSE"},
		{"backtracking", "aXbXbc", "a%b%c", "", false, "TRUE"},
		{"no match", "abc", "a%d", "", false, "FALSE"},
		{"trailing percents", "a", "a%%", "", false, "TRUE"},
		{"not like", "abc", "b%", "", true, "TRUE"},
		{"escaped percent", "50%", "50!%", "!", false, "TRUE"},
		{"escaped percent literal", "500", "50!%", "!", false, "FALSE"},
		{"case sensitive", "ABC", "abc", "", false, "FALSE"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var esc expr.Expr
			if tc.esc != "" {
				esc = lit(t, "str", tc.esc)
			}
			e, err := expr.Like(lit(t, "str", tc.s), lit(t, "str", tc.p), esc, tc.not, 0)
			if err != nil {
				t.Fatal(err)
			}
			if got := show(t, e); got != tc.want {
				t.Errorf("got %s, want %s", got, tc.want)
			}
		})
	}
}

func TestCaseAndIn(t *testing.T) {
	i := func(v string) expr.Expr { return lit(t, "int", v) }
	tru, fls := lit(t, "bool", "true"), lit(t, "bool", "false")
	c, err := expr.Case([]expr.When{{Cond: fls, Then: lit(t, "str", "Hello World")}, {Cond: tru, Then: lit(t, "str", "Hi")}}, nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	if got := c.Type().String(); got != "VARCHAR(11)" {
		t.Errorf("CASE type = %s", got)
	}
	if got := show(t, c); got != "Hi" {
		t.Errorf("CASE = %q", got)
	}
	if _, err := expr.Case([]expr.When{{Cond: tru, Then: i("1")}}, lit(t, "str", "a"), 0); errText(err) != "org.apache.calcite.sql.validate.SqlValidatorException: Illegal mixing of types in CASE or COALESCE statement" {
		t.Errorf("CASE mixing error = %v", err)
	}
	if _, err := expr.Case([]expr.When{{Cond: tru, Then: expr.NullLiteral()}}, nil, 0); errText(err) != "org.apache.calcite.sql.validate.SqlValidatorException: ELSE clause or at least one THEN clause must be non-NULL" {
		t.Errorf("CASE all NULL error = %v", err)
	}
	tests := []struct {
		name string
		x    expr.Expr
		list []expr.Expr
		not  bool
		want string
	}{
		{"found", i("2"), []expr.Expr{i("1"), i("2")}, false, "TRUE"},
		{"not found", i("3"), []expr.Expr{i("1"), i("2")}, false, "FALSE"},
		{"not found with null", i("3"), []expr.Expr{i("1"), nullInt}, false, "<NULL>"},
		{"found with null", i("1"), []expr.Expr{i("1"), nullInt}, false, "TRUE"},
		{"not in", i("3"), []expr.Expr{i("1"), i("2")}, true, "TRUE"},
		{"not in with null", i("3"), []expr.Expr{i("1"), nullInt}, true, "<NULL>"},
		{"null x", nullInt, []expr.Expr{i("1")}, false, "<NULL>"},
		{"mixed numerics", i("1"), []expr.Expr{lit(t, "dec", "1.0")}, false, "TRUE"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			e, err := expr.In(tc.x, tc.list, tc.not, 0)
			if err != nil {
				t.Fatal(err)
			}
			if got := show(t, e); got != tc.want {
				t.Errorf("got %s, want %s", got, tc.want)
			}
		})
	}
}

// BenchmarkFilter evaluates `a + 1 > 10` over a 1024-row batch.
func BenchmarkFilter(b *testing.B) {
	batch := stream.NewBatch(1)
	for i := 0; i < stream.DefaultBatchRows; i++ {
		batch.Append(stream.Insert)[0] = types.IntValue(int64(i % 20))
	}
	one, _ := expr.IntegerLiteral("1", 0)
	ten, _ := expr.IntegerLiteral("10", 0)
	sum, _ := expr.Arith(expr.Add, expr.Column(0, intCol), one, 0)
	cond, err := expr.Compare(expr.Gt, sum, ten, 0)
	if err != nil {
		b.Fatal(err)
	}
	c := &expr.Ctx{Out: stream.NewBatch(1)}
	b.ReportAllocs()
	b.ResetTimer()
	kept := 0
	for n := 0; n < b.N; n++ {
		for i := 0; i < batch.Len(); i++ {
			v, err := cond.Eval(c, batch.Row(i))
			if err != nil {
				b.Fatal(err)
			}
			if !v.Null && v.Bool() {
				kept++
			}
		}
	}
	if kept == 0 {
		b.Fatal("nothing kept")
	}
}

// BenchmarkCastToString renders INT values as STRING into the batch arena.
func BenchmarkCastToString(b *testing.B) {
	e, _ := expr.Cast(expr.Column(0, intCol), types.String, false, 0)
	row := []types.Value{types.IntValue(123456789)}
	c := &expr.Ctx{Out: stream.NewBatch(1)}
	b.ReportAllocs()
	for n := 0; n < b.N; n++ {
		if n%1024 == 0 {
			c.Out.Reset()
		}
		if _, err := e.Eval(c, row); err != nil {
			b.Fatal(err)
		}
	}
}
