package library

import (
	"math"
	"testing"

	"github.com/flinkplay/flinkplay/engine/expr"
	"github.com/flinkplay/flinkplay/engine/types"
)

// call builds a function call or fails the test.
func call(t testing.TB, name string, args ...expr.Expr) expr.Expr {
	t.Helper()
	e, err := Func(name, args, 0)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return e
}

func TestCollectionFunctions(t *testing.T) {
	i := func(v string) expr.Expr { return lit(t, "int", v) }
	s := func(v string) expr.Expr { return lit(t, "str", v) }
	arr := func(xs ...expr.Expr) expr.Expr { return call(t, "ARRAY", xs...) }
	nullIntArr := typed(types.NullValue, types.ArrayOf(types.Int32))
	tests := []struct {
		name     string
		e        func() expr.Expr
		wantType string
		want     string
	}{
		{"array of ints", func() expr.Expr { return arr(i("1"), i("2")) }, "ARRAY<INT NOT NULL> NOT NULL", "[1, 2]"},
		{"array with null widens", func() expr.Expr { return arr(i("1"), nullInt, lit(t, "dec", "2.5")) }, "ARRAY<DECIMAL(11, 1)> NOT NULL", "[1.0, NULL, 2.5]"},
		{"array of chars", func() expr.Expr { return arr(s("a"), s("bc")) }, "ARRAY<VARCHAR(2) NOT NULL> NOT NULL", "[a, bc]"},
		{"nested arrays convert elements", func() expr.Expr { return arr(arr(i("1")), arr(lit(t, "dbl", "2.5e0"))) }, "ARRAY<ARRAY<DOUBLE NOT NULL> NOT NULL> NOT NULL", "[[1.0], [2.5]]"},
		{"map last value wins", func() expr.Expr { return call(t, "MAP", s("a"), i("1"), s("b"), i("2"), s("a"), i("3")) }, "MAP<CHAR(1) NOT NULL, INT NOT NULL> NOT NULL", "{a=3, b=2}"},
		{"row", func() expr.Expr { return call(t, "ROW", i("1"), s("x"), nullInt) }, "ROW<`EXPR$0` INT NOT NULL, `EXPR$1` CHAR(1) NOT NULL, `EXPR$2` INT> NOT NULL", "(1, x, NULL)"},
		{"item", func() expr.Expr { return call(t, "ITEM", arr(i("7"), i("8")), i("2")) }, "INT", "8"},
		{"item past end", func() expr.Expr { return call(t, "ITEM", arr(i("7")), i("2")) }, "INT", "<NULL>"},
		{"item negative column index", func() expr.Expr { return call(t, "ITEM", arr(i("7")), call(t, "ABS", i("-1"))) }, "INT", "7"},
		{"item of null array", func() expr.Expr { return call(t, "ITEM", nullIntArr, i("1")) }, "INT", "<NULL>"},
		{"map get", func() expr.Expr { return call(t, "ITEM", call(t, "MAP", s("a"), i("1")), s("a")) }, "INT", "1"},
		{"map get varchar key", func() expr.Expr { return call(t, "ITEM", call(t, "MAP", s("ab"), i("1")), s("ab")) }, "INT", "1"},
		{"row item by name", func() expr.Expr { return call(t, "ITEM", call(t, "ROW", i("1"), s("x")), s("EXPR$1")) }, "CHAR(1) NOT NULL", "x"},
		{"cardinality", func() expr.Expr { return call(t, "CARDINALITY", arr(i("1"), i("2"))) }, "INT NOT NULL", "2"},
		{"cardinality null", func() expr.Expr { return call(t, "CARDINALITY", nullIntArr) }, "INT", "<NULL>"},
		{"element", func() expr.Expr { return call(t, "ELEMENT", arr(i("5"))) }, "INT", "5"},
		{"element empty", func() expr.Expr { return call(t, "ELEMENT", call(t, "ARRAY_REMOVE", arr(i("5")), i("5"))) }, "INT", "<NULL>"},
		{"element many", func() expr.Expr { return call(t, "ELEMENT", arr(i("5"), i("6"))) }, "INT", "error: java.lang.RuntimeException: Array has more than one element."},
		{"append null element", func() expr.Expr { return call(t, "ARRAY_APPEND", arr(i("1")), nullInt) }, "ARRAY<INT>", "[1, NULL]"},
		{"prepend", func() expr.Expr { return call(t, "ARRAY_PREPEND", arr(i("1")), i("0")) }, "ARRAY<INT NOT NULL> NOT NULL", "[0, 1]"},
		{"contains widens needle", func() expr.Expr { return call(t, "ARRAY_CONTAINS", arr(lit(t, "dec", "1.0")), i("1")) }, "BOOLEAN NOT NULL", "TRUE"},
		{"contains null needle", func() expr.Expr { return call(t, "ARRAY_CONTAINS", arr(i("1"), nullInt), nullInt) }, "BOOLEAN NOT NULL", "TRUE"},
		{"contains null array", func() expr.Expr { return call(t, "ARRAY_CONTAINS", nullIntArr, i("1")) }, "BOOLEAN", "<NULL>"},
		{"position", func() expr.Expr { return call(t, "ARRAY_POSITION", arr(i("5"), i("6")), i("6")) }, "INT NOT NULL", "2"},
		{"position null needle", func() expr.Expr { return call(t, "ARRAY_POSITION", arr(i("5")), nullInt) }, "INT", "<NULL>"},
		{"remove", func() expr.Expr { return call(t, "ARRAY_REMOVE", arr(i("1"), i("2"), i("1")), i("1")) }, "ARRAY<INT NOT NULL> NOT NULL", "[2]"},
		{"distinct", func() expr.Expr { return call(t, "ARRAY_DISTINCT", arr(i("1"), nullInt, i("1"), nullInt)) }, "ARRAY<INT> NOT NULL", "[1, NULL]"},
		{"reverse", func() expr.Expr { return call(t, "ARRAY_REVERSE", arr(i("1"), i("2"))) }, "ARRAY<INT NOT NULL> NOT NULL", "[2, 1]"},
		{"slice negative", func() expr.Expr { return call(t, "ARRAY_SLICE", arr(i("1"), i("2"), i("3")), i("-2")) }, "ARRAY<INT NOT NULL> NOT NULL", "[2, 3]"},
		{"slice empty range", func() expr.Expr { return call(t, "ARRAY_SLICE", arr(i("1"), i("2")), i("2"), i("1")) }, "ARRAY<INT NOT NULL> NOT NULL", "[]"},
		{"slice beyond", func() expr.Expr { return call(t, "ARRAY_SLICE", arr(i("1"), i("2")), i("5"), i("9")) }, "ARRAY<INT NOT NULL> NOT NULL", "[]"},
		{"sort default", func() expr.Expr { return call(t, "ARRAY_SORT", arr(i("3"), nullInt, i("1"))) }, "ARRAY<INT> NOT NULL", "[NULL, 1, 3]"},
		{"sort desc nulls first", func() expr.Expr {
			return call(t, "ARRAY_SORT", arr(i("3"), nullInt, i("1")), lit(t, "bool", "false"), lit(t, "bool", "true"))
		}, "ARRAY<INT> NOT NULL", "[NULL, 3, 1]"},
		{"sort doubles with NaN last", func() expr.Expr {
			nan := typed(types.FloatValue(math.NaN()), types.Float64.WithNullable(false))
			return call(t, "ARRAY_SORT", arr(nan, lit(t, "dbl", "2e0"), lit(t, "dbl", "-1e0")))
		}, "ARRAY<DOUBLE NOT NULL> NOT NULL", "[-1.0, 2.0, NaN]"},
		{"max", func() expr.Expr { return call(t, "ARRAY_MAX", arr(i("1"), i("9"), nullInt)) }, "INT", "9"},
		{"min strings", func() expr.Expr { return call(t, "ARRAY_MIN", arr(s("b"), s("a"))) }, "CHAR(1)", "a"},
		{"union", func() expr.Expr { return call(t, "ARRAY_UNION", arr(i("1"), i("1")), arr(i("2"), i("1"))) }, "ARRAY<INT NOT NULL> NOT NULL", "[1, 2]"},
		{"except", func() expr.Expr { return call(t, "ARRAY_EXCEPT", arr(i("1"), i("2"), i("2")), arr(i("1"))) }, "ARRAY<INT NOT NULL> NOT NULL", "[2]"},
		{"intersect", func() expr.Expr { return call(t, "ARRAY_INTERSECT", arr(i("1"), i("2"), i("2")), arr(i("2"))) }, "ARRAY<INT NOT NULL> NOT NULL", "[2]"},
		{"concat one", func() expr.Expr { return call(t, "ARRAY_CONCAT", arr(i("1"))) }, "ARRAY<INT NOT NULL> NOT NULL", "[1]"},
		{"concat null", func() expr.Expr { return call(t, "ARRAY_CONCAT", arr(i("1")), nullIntArr) }, "ARRAY<INT>", "<NULL>"},
		{"join skips nulls", func() expr.Expr {
			return call(t, "ARRAY_JOIN", arr(s("a"), typed(types.NullValue, types.String), s("c")), s("+"))
		}, "STRING", "a+c"},
		{"join null replacement", func() expr.Expr {
			return call(t, "ARRAY_JOIN", arr(s("a"), typed(types.NullValue, types.String)), s("+"), typed(types.NullValue, types.String))
		}, "STRING", "<NULL>"},
		{"map keys", func() expr.Expr { return call(t, "MAP_KEYS", call(t, "MAP", s("a"), i("1"), s("b"), i("2"))) }, "ARRAY<CHAR(1) NOT NULL> NOT NULL", "[a, b]"},
		{"map entries", func() expr.Expr { return call(t, "MAP_ENTRIES", call(t, "MAP", s("a"), i("1"))) }, "ARRAY<ROW<`key` CHAR(1) NOT NULL, `value` INT NOT NULL> NOT NULL> NOT NULL", "[(a, 1)]"},
		{"map from arrays", func() expr.Expr { return call(t, "MAP_FROM_ARRAYS", arr(i("1")), arr(s("x"))) }, "MAP<INT NOT NULL, CHAR(1) NOT NULL> NOT NULL", "{1=x}"},
		{"map from arrays lengths", func() expr.Expr { return call(t, "MAP_FROM_ARRAYS", arr(i("1")), arr(s("x"), s("y"))) }, "MAP<INT NOT NULL, CHAR(1) NOT NULL> NOT NULL",
			"error: org.apache.flink.util.FlinkRuntimeException: Invalid function MAP_FROM_ARRAYS call:\nThe length of the keys array 1 is not equal to the length of the values array 2"},
		{"map union", func() expr.Expr {
			return call(t, "MAP_UNION", call(t, "MAP", s("a"), i("1")), call(t, "MAP", s("a"), i("2"), s("b"), i("3")))
		}, "MAP<CHAR(1) NOT NULL, INT NOT NULL> NOT NULL", "{a=2, b=3}"},
		{"split", func() expr.Expr { return call(t, "SPLIT", s("a--b--"), s("--")) }, "ARRAY<STRING> NOT NULL", "[a, b, ]"},
		{"split unicode chars", func() expr.Expr { return call(t, "SPLIT", s("hé"), s("")) }, "ARRAY<STRING> NOT NULL", "[h, é]"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			e := tc.e()
			if got := e.Type().String(); got != tc.wantType {
				t.Errorf("type = %s, want %s", got, tc.wantType)
			}
			if got := show(t, e); got != tc.want {
				t.Errorf("value = %q, want %q", got, tc.want)
			}
		})
	}
}

func TestCollectionErrors(t *testing.T) {
	i := func(v string) expr.Expr { return lit(t, "int", v) }
	s := func(v string) expr.Expr { return lit(t, "str", v) }
	arr := func(xs ...expr.Expr) expr.Expr { return call(t, "ARRAY", xs...) }
	tests := []struct {
		name string
		fn   string
		args func() []expr.Expr
		want string
	}{
		{"array mixed", "ARRAY", func() []expr.Expr { return []expr.Expr{i("1"), s("a")} },
			"org.apache.calcite.sql.validate.SqlValidatorException: Parameters must be of the same type"},
		{"map odd", "MAP", func() []expr.Expr { return []expr.Expr{s("a")} },
			"org.apache.calcite.sql.validate.SqlValidatorException: Map requires an even number of arguments"},
		{"item zero", "ITEM", func() []expr.Expr { return []expr.Expr{arr(i("1")), i("0")} },
			"org.apache.flink.table.api.ValidationException: Array element access needs an index starting at 1 but was 0."},
		{"item string index", "ITEM", func() []expr.Expr { return []expr.Expr{arr(i("1")), s("a")} },
			"org.apache.calcite.sql.validate.SqlValidatorException: Cannot apply 'ITEM' to arguments of type 'ITEM(<INTEGER ARRAY>, <CHAR(1)>)'. Supported form(s): <ARRAY>[<INTEGER>]\n<MAP>[<ANY>]\n<ROW>[<CHARACTER>|<INTEGER>]"},
		{"element of int", "ELEMENT", func() []expr.Expr { return []expr.Expr{i("1")} },
			"org.apache.calcite.sql.validate.SqlValidatorException: Cannot apply 'ELEMENT' to arguments of type 'ELEMENT(<INTEGER>)'. Supported form(s): 'ELEMENT(<MULTISET>)'\n'ELEMENT(<ARRAY>)'"},
		{"reverse of int", "ARRAY_REVERSE", func() []expr.Expr { return []expr.Expr{i("1")} },
			"org.apache.flink.table.api.ValidationException: Unsupported argument type. Expected type root 'ARRAY' but actual type was 'INT NOT NULL'."},
		{"contains wrong needle", "ARRAY_CONTAINS", func() []expr.Expr { return []expr.Expr{arr(i("1")), s("a")} },
			"org.apache.flink.table.api.ValidationException: Invalid input arguments."},
		{"contains narrowing needle", "ARRAY_CONTAINS", func() []expr.Expr { return []expr.Expr{arr(i("1")), lit(t, "dbl", "1e0")} },
			"org.apache.flink.table.api.ValidationException: Invalid input arguments."},
		{"max of maps", "ARRAY_MAX", func() []expr.Expr { return []expr.Expr{arr(call(t, "MAP", i("1"), i("1")))} },
			"org.apache.flink.table.api.ValidationException: Type 'MAP<INT NOT NULL, INT NOT NULL> NOT NULL' should support both 'EQUALS' and 'ORDER' comparison with itself."},
		{"union mixed", "ARRAY_UNION", func() []expr.Expr { return []expr.Expr{arr(i("1")), i("1")} },
			"org.apache.flink.table.api.ValidationException: All arguments requires to be a ARRAY type"},
		{"join of ints", "ARRAY_JOIN", func() []expr.Expr { return []expr.Expr{arr(i("1")), s(",")} },
			"org.apache.flink.table.api.ValidationException: Invalid input arguments."},
		{"slice bigint", "ARRAY_SLICE", func() []expr.Expr { return []expr.Expr{arr(i("1")), i("10000000000")} },
			"org.apache.flink.table.api.ValidationException: Invalid input arguments."},
		{"map keys of array", "MAP_KEYS", func() []expr.Expr { return []expr.Expr{arr(i("1"))} },
			"org.apache.flink.table.api.ValidationException: Unsupported argument type. Expected type root 'MAP' but actual type was 'ARRAY<INT NOT NULL> NOT NULL'."},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Func(tc.fn, tc.args(), 0)
			if got := errText(err); got != tc.want {
				t.Errorf("error =\n%s\nwant\n%s", got, tc.want)
			}
		})
	}
}

func TestFieldAccess(t *testing.T) {
	rt := types.RowOf(types.Field{Name: "a", Type: types.Int32.WithNullable(false)}, types.Field{Name: "b", Type: types.String})
	row := types.Value{X: &types.RowValue{Fields: []types.Value{types.IntValue(4), types.StringValue("x")}}}
	x := typed(row, rt)
	e, err := expr.FieldAccess(x, "a", 0)
	if err != nil {
		t.Fatal(err)
	}
	if got := e.Type().String(); got != "INT" { // the row is nullable, so is its field
		t.Errorf("type = %s", got)
	}
	if got := show(t, e); got != "4" {
		t.Errorf("value = %s", got)
	}
	if _, err := expr.FieldAccess(x, "A", 0); errText(err) != "org.apache.calcite.sql.validate.SqlValidatorException: Unknown field 'A'" {
		t.Errorf("case-insensitive lookup: %v", err)
	}
	if v := show(t, mustField(t, typed(types.NullValue, rt), "b")); v != "<NULL>" {
		t.Errorf("field of NULL row = %s", v)
	}
}

func mustField(t *testing.T, x expr.Expr, name string) expr.Expr {
	t.Helper()
	e, err := expr.FieldAccess(x, name, 0)
	if err != nil {
		t.Fatal(err)
	}
	return e
}

func TestSimilarTo(t *testing.T) {
	s := func(v string) expr.Expr { return lit(t, "str", v) }
	tests := []struct {
		x, pattern, escape string
		want               string
	}{
		{"abc", "abc", "", "TRUE"},
		{"abc", "a%", "", "TRUE"},
		{"abc", "_b_", "", "TRUE"},
		{"abc", "ab", "", "FALSE"}, // the whole string must match
		{"abbbc", "ab+c", "", "TRUE"},
		{"ac", "a(b|x)?c", "", "TRUE"},
		{"abc", "[a-c]{3}", "", "TRUE"},
		{"a.c", "a.c", "", "TRUE"},
		{"abc", "a.c", "", "FALSE"}, // . is a literal
		{"a$", "a$", "", "TRUE"},
		{"x1", "[[:ALPHA:]][[:DIGIT:]]", "", "TRUE"},
		{"%", "!%", "!", "TRUE"},
		{"a", "!%", "!", "FALSE"},
		{"a\nb", "a%b", "", "FALSE"}, // like Java's . without DOTALL
		{"a", "a!", "!", "error: java.lang.RuntimeException: Invalid escape sequence 'a!', 1"},
		{"a", "(a", "", "error: java.util.regex.PatternSyntaxException: Invalid SIMILAR TO pattern '(a': error parsing regexp: missing closing ): `^(?:(a)$`"},
	}
	for _, tc := range tests {
		t.Run(tc.x+" "+tc.pattern, func(t *testing.T) {
			var esc expr.Expr
			if tc.escape != "" {
				esc = s(tc.escape)
			}
			e, err := expr.SimilarTo(s(tc.x), s(tc.pattern), esc, false, 0)
			if err != nil {
				t.Fatal(err)
			}
			if got := show(t, e); got != tc.want {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
}
