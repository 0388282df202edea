package expr

import (
	"math"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/flinkplay/flinkplay/engine/stream"
	"github.com/flinkplay/flinkplay/engine/types"
)

func TestCast(t *testing.T) {
	s := func(v string) Expr { return typed(types.StringValue(v), stringNN) }
	i := func(v string) Expr { return lit(t, "int", v) }
	dbl := func(f float64) Expr { return typed(types.FloatValue(f), types.Type{Kind: types.Double, NotNull: true}) }
	tests := []struct {
		name     string
		x        Expr
		to       types.Type
		try      bool
		wantType string
		want     string
	}{
		{"int to bigint", i("5"), types.Int64, false, "BIGINT NOT NULL", "5"},
		{"int to tinyint wraps", i("300"), types.Int8, false, "TINYINT NOT NULL", "44"},
		{"bigint to int wraps", i("4294967297"), types.Int32, false, "INT NOT NULL", "1"},
		{"double to int truncates", dbl(-3.9), types.Int32, false, "INT NOT NULL", "-3"},
		{"double to int saturates", dbl(1e20), types.Int32, false, "INT NOT NULL", "2147483647"},
		{"nan to int", dbl(math.NaN()), types.Int32, false, "INT NOT NULL", "0"},
		{"double to tinyint", dbl(300.7), types.Int8, false, "TINYINT NOT NULL", "44"},
		{"double to bigint saturates", dbl(-1e30), types.Int64, false, "BIGINT NOT NULL", "-9223372036854775808"},
		{"double to float", dbl(0.1), types.Float32, false, "FLOAT NOT NULL", "0.1"},
		{"int to double", i("3"), types.Float64, false, "DOUBLE NOT NULL", "3.0"},
		{"decimal to int truncates", lit(t, "dec", "-2.7"), types.Int32, false, "INT NOT NULL", "-2"},
		{"decimal to double", lit(t, "dec", "2.5"), types.Float64, false, "DOUBLE NOT NULL", "2.5"},
		{"int to decimal", i("12"), types.DecimalOf(5, 2), false, "DECIMAL(5, 2) NOT NULL", "12.00"},
		{"int to decimal overflow", i("1234"), types.DecimalOf(5, 2), false, "DECIMAL(5, 2) NOT NULL", "<NULL>"},
		{"decimal rounds half up", lit(t, "dec", "1.25"), types.DecimalOf(2, 1), false, "DECIMAL(2, 1) NOT NULL", "1.3"},
		{"negative decimal rounds away", lit(t, "dec", "-1.25"), types.DecimalOf(2, 1), false, "DECIMAL(2, 1) NOT NULL", "-1.3"},
		{"double to decimal", dbl(0.1), types.DecimalOf(10, 3), false, "DECIMAL(10, 3) NOT NULL", "0.100"},
		{"int to boolean", i("2"), types.Bool, false, "BOOLEAN NOT NULL", "TRUE"},
		{"zero to boolean", i("0"), types.Bool, false, "BOOLEAN NOT NULL", "FALSE"},
		{"boolean to int", lit(t, "bool", "true"), types.Int32, false, "INT NOT NULL", "1"},
		{"boolean to decimal", lit(t, "bool", "true"), types.DecimalOf(3, 1), false, "DECIMAL(3, 1) NOT NULL", "1.0"},

		{"string to int", s(" 42 "), types.Int32, false, "INT NOT NULL", "42"},
		{"string to int drops fraction", s("42.9"), types.Int32, false, "INT NOT NULL", "42"},
		{"string to int invalid", s("4x"), types.Int32, false, "INT NOT NULL", "error: java.lang.NumberFormatException: For input string: '4x'. Invalid character found."},
		{"string to int overflow", s("2147483648"), types.Int32, false, "INT NOT NULL", "error: java.lang.NumberFormatException: For input string: '2147483648'. Overflow."},
		{"string to int min", s("-2147483648"), types.Int32, false, "INT NOT NULL", "-2147483648"},
		{"string to tinyint overflow", s("128"), types.Int8, false, "TINYINT NOT NULL", "error: java.lang.NumberFormatException: For input string: '128'. Overflow."},
		{"string to int empty", s("  "), types.Int32, false, "INT NOT NULL", "error: java.lang.NumberFormatException: For input string: ''. Input is empty."},
		{"string to int sign only", s("-"), types.Int32, false, "INT NOT NULL", "error: java.lang.NumberFormatException: For input string: '-'. Input has only positive or negative symbol."},
		{"try cast invalid", s("abc"), types.Int32, true, "INT", "<NULL>"},
		{"string to bigint", s("-9223372036854775808"), types.Int64, false, "BIGINT NOT NULL", "-9223372036854775808"},
		{"string to double", s("1.5e3"), types.Float64, false, "DOUBLE NOT NULL", "1500.0"},
		{"string to double nan", s("NaN"), types.Float64, false, "DOUBLE NOT NULL", "NaN"},
		{"string to double invalid", s("1,5"), types.Float64, false, "DOUBLE NOT NULL", "error: java.lang.NumberFormatException: For input string: \"1,5\""},
		{"string to decimal", s(" 3.14159 "), types.DecimalOf(5, 2), false, "DECIMAL(5, 2) NOT NULL", "3.14"},
		{"string to decimal exponent", s("1.5e2"), types.DecimalOf(5, 1), false, "DECIMAL(5, 1) NOT NULL", "150.0"},
		{"string to decimal overflow", s("12345"), types.DecimalOf(5, 2), false, "DECIMAL(5, 2) NOT NULL", "error: java.lang.NumberFormatException: For input string: '12345'. Overflow."},
		{"string to boolean", s("TRUE"), types.Bool, false, "BOOLEAN NOT NULL", "TRUE"},
		{"string to boolean yes", s("Yes"), types.Bool, false, "BOOLEAN NOT NULL", "TRUE"},
		{"string to boolean zero", s("0"), types.Bool, false, "BOOLEAN NOT NULL", "FALSE"},
		{"string to boolean untrimmed", s(" true"), types.Bool, false, "BOOLEAN NOT NULL", "error: org.apache.flink.table.api.TableException: Cannot parse ' true' as BOOLEAN."},
		{"string to date", s("2021-4-3"), types.DateType, false, "DATE NOT NULL", "2021-04-03"},
		{"timestamp string to date", s("2021-04-03 10:00:00"), types.DateType, false, "DATE NOT NULL", "2021-04-03"},
		{"bad date", s("2021-02-30"), types.DateType, false, "DATE NOT NULL", "error: java.time.DateTimeException: For input string: '2021-02-30'."},
		{"string to time", s("10:11:12.345"), types.TimeOf(3), false, "TIME(3) NOT NULL", "10:11:12.345"},
		{"string to timestamp", s("2021-04-13 20:12:11.123456789"), types.TimestampOf(3), false, "TIMESTAMP(3) NOT NULL", "2021-04-13 20:12:11.123"},
		{"date string to timestamp", s("2021-04-13"), types.TimestampOf(0), false, "TIMESTAMP(0) NOT NULL", "2021-04-13 00:00:00"},
		{"bad timestamp", s("2021-04-13T20:12:11"), types.TimestampOf(3), false, "TIMESTAMP(3) NOT NULL",
			"error: java.time.format.DateTimeParseException: Text '2021-04-13T20:12:11' could not be parsed, unparsed text found at index 10"},
		{"string to ltz", s("1970-01-01 00:00:01"), types.TimestampLTZOf(3), false, "TIMESTAMP_LTZ(3) NOT NULL", "1970-01-01 00:00:01.000"},
		{"string to bytes", s("ab"), types.Bytes, false, "BYTES NOT NULL", "x'6162'"},
		{"string to binary pads", s("ab"), types.BinaryN(3), false, "BINARY(3) NOT NULL", "x'616200'"},

		{"int to string", i("-12"), types.String, false, "STRING NOT NULL", "-12"},
		{"double to string", dbl(1e7), types.String, false, "STRING NOT NULL", "1.0E7"},
		{"boolean to string", lit(t, "bool", "false"), types.String, false, "STRING NOT NULL", "FALSE"},
		{"timestamp to string", lit(t, "ts", "2021-04-13 20:12:11.1"), types.String, false, "STRING NOT NULL", "2021-04-13 20:12:11.1"},
		{"to char pads", lit(t, "str", "ab"), types.CharN(4), false, "CHAR(4) NOT NULL", "ab  "},
		{"to varchar truncates", lit(t, "str", "héllo"), types.VarcharN(2), false, "VARCHAR(2) NOT NULL", "hé"},
		{"int to char pads", i("7"), types.CharN(3), false, "CHAR(3) NOT NULL", "7  "},
		{"bytes to string decodes", typed(types.StringValue("hi"), types.Bytes), types.String, false, "STRING", "hi"},

		{"timestamp to date", lit(t, "ts", "2021-04-13 20:12:11"), types.DateType, false, "DATE NOT NULL", "2021-04-13"},
		{"timestamp to time", lit(t, "ts", "2021-04-13 20:12:11.5"), types.TimeOf(0), false, "TIME(0) NOT NULL", "20:12:11"},
		{"date to timestamp", lit(t, "date", "2021-04-13"), types.TimestampOf(3), false, "TIMESTAMP(3) NOT NULL", "2021-04-13 00:00:00.000"},
		{"time to timestamp", lit(t, "time", "01:02:03"), types.TimestampOf(0), false, "TIMESTAMP(0) NOT NULL", "1970-01-01 01:02:03"},
		{"timestamp truncates", lit(t, "ts", "2021-04-13 20:12:11.123456789"), types.TimestampOf(3), false, "TIMESTAMP(3) NOT NULL", "2021-04-13 20:12:11.123"},
		{"timestamp truncates micros", lit(t, "ts", "2021-04-13 20:12:11.123456789"), types.TimestampOf(6), false, "TIMESTAMP(6) NOT NULL", "2021-04-13 20:12:11.123456"},
		{"timestamp to ltz utc", lit(t, "ts", "2021-04-13 20:12:11.123456789"), types.TimestampLTZOf(9), false, "TIMESTAMP_LTZ(9) NOT NULL", "2021-04-13 20:12:11.123456789"},
		{"null literal", NullLiteral(), types.Int32, false, "INT", "<NULL>"},
		{"nullable stays nullable", nullInt, types.Int64, false, "BIGINT", "<NULL>"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			e, err := Cast(tc.x, tc.to, tc.try, 0)
			if err != nil {
				t.Fatal(err)
			}
			if got := e.Type().String(); got != tc.wantType {
				t.Errorf("type = %s, want %s", got, tc.wantType)
			}
			if got := show(t, e); got != tc.want {
				t.Errorf("value = %q\nwant    %q", got, tc.want)
			}
		})
	}
}

func TestCastLTZZone(t *testing.T) {
	shanghai, err := time.LoadLocation("Asia/Shanghai")
	if err != nil {
		t.Skip("no zone data:", err)
	}
	ts := lit(t, "ts", "1970-01-01 08:00:01")
	e, err := Cast(ts, types.TimestampLTZOf(3), false, 0)
	if err != nil {
		t.Fatal(err)
	}
	v, err := e.Eval(&Ctx{Zone: shanghai}, nil)
	if err != nil || v.I != 1000 {
		t.Errorf("CAST(TIMESTAMP '1970-01-01 08:00:01' AS TIMESTAMP_LTZ) in Shanghai = %d ms, want 1000 (%v)", v.I, err)
	}
	back, _ := Cast(typed(types.TimestampValue(1000, 0), types.TimestampLTZOf(3)), types.String, false, 0)
	c := &Ctx{Zone: shanghai, Out: stream.NewBatch(1)}
	v, _ = back.Eval(c, nil)
	if got := string(v.B); got != "1970-01-01 08:00:01.000" {
		t.Errorf("LTZ to string in Shanghai = %q", got)
	}
}

func TestCastErrors(t *testing.T) {
	tests := []struct {
		name string
		x    Expr
		to   types.Type
		want string
	}{
		{"int to date", lit(t, "int", "1"), types.DateType,
			"org.apache.calcite.sql.validate.SqlValidatorException: Cast function cannot convert value of type INTEGER to type DATE"},
		{"boolean to timestamp", lit(t, "bool", "true"), types.TimestampOf(3),
			"org.apache.calcite.sql.validate.SqlValidatorException: Cast function cannot convert value of type BOOLEAN to type TIMESTAMP(3)"},
		{"date to int", lit(t, "date", "2020-01-01"), types.Int32,
			"org.apache.calcite.sql.validate.SqlValidatorException: Cast function cannot convert value of type DATE to type INTEGER"},
		{"int to timestamp", lit(t, "int", "1"), types.TimestampOf(3),
			"org.apache.flink.table.api.ValidationException: The cast from NUMERIC type to TIMESTAMP type is not allowed. It's recommended to use TO_TIMESTAMP(FROM_UNIXTIME(numeric_col)) instead, note the numeric is in seconds."},
		{"timestamp to bigint", lit(t, "ts", "2020-01-01 00:00:00"), types.Int64,
			"org.apache.flink.table.api.ValidationException: The cast from TIMESTAMP type to NUMERIC type is not allowed. It's recommended to use UNIX_TIMESTAMP(CAST(timestamp_col AS STRING)) instead."},
		{"int to bytes", lit(t, "int", "1"), types.Bytes,
			"org.apache.calcite.sql.validate.SqlValidatorException: Cast function cannot convert value of type INTEGER to type VARBINARY(2147483647)"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Cast(tc.x, tc.to, false, 0)
			if got := errText(err); got != tc.want {
				t.Errorf("error = %q\nwant    %q", got, tc.want)
			}
		})
	}
}

// FuzzCastFromString casts any string to each target type, with CAST and
// TRY_CAST: building never fails, CAST fails only with a *diag.Error,
// TRY_CAST never fails, and a value cast back to STRING and again to the
// type is the same value (roundTrips says where that holds).
func FuzzCastFromString(f *testing.F) {
	for _, s := range []string{"", " ", "1", "-", "+1.5e-3", "2021-04-13 20:12:11.123456789", "12:00", "true", "NaN",
		"9999999999999999999999999999999999999999", "1e99999", "2021-02-30", "1:2:3.4567-01:00", "x", "é", "中文"} {
		f.Add(s)
	}
	targets := []types.Type{
		types.Bool, types.Int8, types.Int16, types.Int32, types.Int64, types.Float32, types.Float64,
		types.DecimalOf(5, 2), types.DecimalOf(38, 10), types.DateType, types.TimeOf(3), types.TimestampOf(9),
		types.TimestampLTZOf(3), types.CharN(3), types.VarcharN(2), types.BinaryN(2), types.Bytes,
	}
	c := &Ctx{Out: stream.NewBatch(1), Zone: time.UTC}
	f.Fuzz(func(t *testing.T, s string) {
		src := typed(types.StringValue(s), types.String)
		for _, to := range targets {
			for _, try := range []bool{false, true} {
				e, err := Cast(src, to, try, 0)
				if err != nil {
					t.Fatalf("Cast(STRING, %s): %v", to, err)
				}
				v, err := e.Eval(c, nil)
				if err != nil {
					if try {
						t.Fatalf("TRY_CAST(%q AS %s) failed: %v", s, to, err)
					}
					if _, ok := err.(interface{ Reason() string }); !ok {
						t.Fatalf("CAST(%q AS %s): error %T is not a *diag.Error", s, to, err)
					}
					continue
				}
				if !v.Null {
					text := types.FormatValue(v, to, time.UTC)
					if roundTrips(to, v) {
						checkCastRoundTrip(t, c, s, v, to, text)
					}
				}
			}
		}
		c.Out.Reset()
	})
}

// roundTrips reports whether v, of type t, comes back from STRING
// unchanged. It does for every type whose text is complete, CHAR and
// VARCHAR included: the cast has padded or cut the value to the type's
// length already, so casting it again changes nothing. A binary value
// comes back only when its bytes are UTF-8: casting BYTES to STRING
// decodes them, and bytes that are not UTF-8 (a multi-byte character cut
// by BINARY(2)) decode to U+FFFD.
func roundTrips(t types.Type, v types.Value) bool {
	return !t.IsBinary() || utf8.Valid(v.B)
}

// checkCastRoundTrip casts v (of type to, printed as text) to STRING and
// back to to, and fails unless that gives v again.
func checkCastRoundTrip(t *testing.T, c *Ctx, s string, v types.Value, to types.Type, text string) {
	t.Helper()
	str, err := Cast(typed(v, to), types.String, false, 0)
	if err != nil {
		t.Fatalf("Cast(%s, STRING): %v", to, err)
	}
	back, err := Cast(str, to, false, 0)
	if err != nil {
		t.Fatalf("Cast(STRING, %s): %v", to, err)
	}
	w, err := back.Eval(c, nil)
	if err != nil {
		t.Fatalf("CAST(%q AS %s) gave %s, which does not cast back: %v", s, to, text, err)
	}
	if got := types.FormatValue(w, to, time.UTC); w.Null || got != text {
		t.Fatalf("CAST(%q AS %s) gave %s; cast to STRING and back it is %s", s, to, text, got)
	}
}
