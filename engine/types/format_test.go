package types

import (
	"math"
	"math/big"
	"testing"
	"time"
)

func mustZone(t testing.TB, name string) *time.Location {
	t.Helper()
	loc, err := time.LoadLocation(name)
	if err != nil {
		t.Skipf("time zone %s not available: %v", name, err)
	}
	return loc
}

// millis returns the epoch milliseconds of a UTC wall clock.
func millis(y int, mo time.Month, d, h, mi, s, ms int) int64 {
	return time.Date(y, mo, d, h, mi, s, ms*1e6, time.UTC).UnixMilli()
}

func TestAppendValueScalars(t *testing.T) {
	ts := millis(2021, 4, 13, 20, 12, 11, 123)
	tests := []struct {
		name string
		v    Value
		t    Type
		want string
	}{
		{"true", BoolValue(true), Bool, "TRUE"},
		{"false", BoolValue(false), Bool, "FALSE"},
		{"tinyint", IntValue(-128), Int8, "-128"},
		{"smallint", IntValue(32767), Int16, "32767"},
		{"int", IntValue(549674300), Int32, "549674300"},
		{"int min", IntValue(math.MinInt32), Int32, "-2147483648"},
		{"bigint min", IntValue(math.MinInt64), Int64, "-9223372036854775808"},
		{"float", FloatValue(float64(float32(1.9346476e38))), Float32, "1.9346476E38"},
		{"float one", FloatValue(1), Float32, "1.0"},
		{"double", FloatValue(8.98e307), Float64, "8.98E307"},
		{"double hundred", FloatValue(100), Float64, "100.0"},
		{"decimal", IntValue(120), DecimalOf(10, 2), "1.20"},
		{"decimal negative", IntValue(-1234506789), DecimalOf(10, 5), "-12345.06789"},
		{"decimal below one", IntValue(-5), DecimalOf(10, 2), "-0.05"},
		{"decimal zero with scale", IntValue(0), DecimalOf(10, 2), "0.00"},
		{"decimal scale zero", IntValue(42), DecimalOf(10, 0), "42"},
		{"decimal scale equals digits", IntValue(123), DecimalOf(3, 3), "0.123"},
		{"decimal int64 min", IntValue(math.MinInt64), DecimalOf(19, 2), "-92233720368547758.08"},
		{"big decimal", BigDecimalValue(bigInt("-123456789012345678901234567890")), DecimalOf(38, 10), "-12345678901234567890.1234567890"},
		{"big decimal small", BigDecimalValue(big.NewInt(7)), DecimalOf(38, 3), "0.007"},
		{"string", StringValue("ac2be66685e79f71"), String, "ac2be66685e79f71"},
		{"char", StringValue("ab "), CharN(3), "ab "},
		{"empty string", StringValue(""), String, ""},
		{"bytes", BytesValue([]byte{0x0a, 0xff}), Bytes, "x'0aff'"},
		{"empty bytes", BytesValue(nil), BinaryN(0), "x''"},
		{"date epoch", IntValue(0), DateType, "1970-01-01"},
		{"date", IntValue(18730), DateType, "2021-04-13"},
		{"date before epoch", IntValue(-1), DateType, "1969-12-31"},
		{"date year 1", IntValue(-719162), DateType, "0001-01-01"},
		{"date 9999-12-31", IntValue(2932896), DateType, "9999-12-31"},
		{"date year 10000 keeps four digits", IntValue(2932897), DateType, "0000-01-01"},
		{"date year -1 as Flink prints it", IntValue(-719893), DateType, "000/-01-01"},
		{"time(0)", IntValue(72731000), TimeOf(0), "20:12:11"},
		{"time(0) drops millis", IntValue(72731123), TimeOf(0), "20:12:11"},
		{"time(1) zero", IntValue(43200000), TimeOf(1), "12:00:00.0"},
		{"time(3) zero keeps one digit", IntValue(43200000), TimeOf(3), "12:00:00.0"},
		{"time(3) half", IntValue(43200500), TimeOf(3), "12:00:00.5"},
		{"time(3) millis", IntValue(43200123), TimeOf(3), "12:00:00.123"},
		{"time(2) cuts", IntValue(43200123), TimeOf(2), "12:00:00.12"},
		{"time(9) stops at millis", IntValue(43200120), TimeOf(9), "12:00:00.12"},
		{"time negative wraps", IntValue(-1000), TimeOf(0), "23:59:59"},
		{"timestamp(0)", TimestampValue(ts, 0), TimestampOf(0), "2021-04-13 20:12:11"},
		{"timestamp(3)", TimestampValue(ts, 0), TimestampOf(3), "2021-04-13 20:12:11.123"},
		{"timestamp(6)", TimestampValue(ts, 0), TimestampOf(6), "2021-04-13 20:12:11.123000"},
		{"timestamp(9)", TimestampValue(ts, 456789), TimestampOf(9), "2021-04-13 20:12:11.123456789"},
		{"timestamp(9) point one", TimestampValue(millis(2021, 4, 13, 21, 12, 11, 100), 0), TimestampOf(9), "2021-04-13 21:12:11.100000000"},
		{"timestamp(2) truncates", TimestampValue(ts, 0), TimestampOf(2), "2021-04-13 20:12:11.12"},
		{"timestamp before epoch", TimestampValue(-1, 0), TimestampOf(3), "1969-12-31 23:59:59.999"},
		{"timestamp_ltz nil zone is UTC", TimestampValue(1000, 0), TimestampLTZOf(3), "1970-01-01 00:00:01.000"},
		{"interval year", IntValue(12), Type{Kind: IntervalYearMonth, Res: ResYear}, "+1-00"},
		{"interval months", IntValue(14), Type{Kind: IntervalYearMonth, Res: ResYearToMonth}, "+1-02"},
		{"interval negative months", IntValue(-25), Type{Kind: IntervalYearMonth, Res: ResMonth}, "-2-01"},
		{"interval zero months", IntValue(0), Type{Kind: IntervalYearMonth}, "+0-00"},
		{"interval day", IntValue(86400000), Type{Kind: IntervalDayTime, Res: ResDay}, "+1 00:00:00.000"},
		{"interval seconds", IntValue(3723004), Type{Kind: IntervalDayTime, Res: ResSecond}, "+0 01:02:03.004"},
		{"interval negative", IntValue(-90061001), Type{Kind: IntervalDayTime}, "-1 01:01:01.001"},
		{"null type", IntValue(0), NullType, "NULL"},
		{"null inside composites", NullValue, Int32, "NULL"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := FormatValue(tt.v, tt.t, nil); got != tt.want {
				t.Errorf("FormatValue = %q, want %q", got, tt.want)
			}
			pre := []byte("pre:")
			if got := string(AppendValue(pre, tt.v, tt.t, nil)); got != "pre:"+tt.want {
				t.Errorf("AppendValue did not append: %q", got)
			}
		})
	}
}

func bigInt(s string) *big.Int {
	x, _ := new(big.Int).SetString(s, 10)
	return x
}

func TestAppendValueTimestampLTZ(t *testing.T) {
	shanghai := mustZone(t, "Asia/Shanghai")
	newYork := mustZone(t, "America/New_York")
	tests := []struct {
		name string
		v    Value
		t    Type
		zone *time.Location
		want string
	}{
		// select.q: TO_TIMESTAMP_LTZ(1, 0) and TO_TIMESTAMP_LTZ(1, 3).
		{"shanghai seconds", TimestampValue(1000, 0), TimestampLTZOf(3), shanghai, "1970-01-01 08:00:01.000"},
		{"shanghai millis", TimestampValue(1, 0), TimestampLTZOf(3), shanghai, "1970-01-01 08:00:00.001"},
		{"utc", TimestampValue(1000, 0), TimestampLTZOf(3), time.UTC, "1970-01-01 00:00:01.000"},
		{"shanghai nanos", TimestampValue(millis(2021, 4, 13, 12, 12, 11, 123), 456789), TimestampLTZOf(9), shanghai, "2021-04-13 20:12:11.123456789"},
		{"new york daylight saving", TimestampValue(millis(2021, 7, 1, 12, 0, 0, 0), 0), TimestampLTZOf(0), newYork, "2021-07-01 08:00:00"},
		{"timestamp ignores zone", TimestampValue(1000, 0), TimestampOf(3), shanghai, "1970-01-01 00:00:01.000"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := FormatValue(tt.v, tt.t, tt.zone); got != tt.want {
				t.Errorf("FormatValue = %q, want %q", got, tt.want)
			}
		})
	}
}

func TestAppendValueComposites(t *testing.T) {
	arr := func(vs ...Value) Value { return Value{X: &ArrayValue{Elems: vs}} }
	mp := func(kv ...Value) Value {
		m := &MapValue{}
		for i := 0; i+1 < len(kv); i += 2 {
			m.Keys = append(m.Keys, kv[i])
			m.Vals = append(m.Vals, kv[i+1])
		}
		return Value{X: m}
	}
	row := func(vs ...Value) Value { return Value{X: &RowValue{Fields: vs}} }
	rowType := RowOf(Field{Name: "a", Type: Int32}, Field{Name: "b", Type: String}, Field{Name: "c", Type: Bytes})
	tests := []struct {
		name string
		v    Value
		t    Type
		want string
	}{
		{"array of int", arr(IntValue(1), IntValue(2)), ArrayOf(Int32), "[1, 2]"},
		{"array with null", arr(IntValue(1), NullValue), ArrayOf(Int32), "[1, NULL]"},
		{"empty array", arr(), ArrayOf(Int32), "[]"},
		{"array of strings unquoted", arr(StringValue("a"), StringValue("b c")), ArrayOf(String), "[a, b c]"},
		{"array of booleans", arr(BoolValue(true), BoolValue(false)), ArrayOf(Bool), "[TRUE, FALSE]"},
		{"array of doubles", arr(FloatValue(1), FloatValue(1e7)), ArrayOf(Float64), "[1.0, 1.0E7]"},
		{"array of bytes", arr(BytesValue([]byte{1})), ArrayOf(Bytes), "[x'01']"},
		{"nested array", arr(arr(IntValue(1)), arr()), ArrayOf(ArrayOf(Int32)), "[[1], []]"},
		{"map", mp(StringValue("k1"), IntValue(1), StringValue("k2"), IntValue(2)), MapOf(String, Int32), "{k1=1, k2=2}"},
		{"map with nulls", mp(NullValue, IntValue(1), StringValue("k"), NullValue), MapOf(String, Int32), "{NULL=1, k=NULL}"},
		{"empty map", mp(), MapOf(String, Int32), "{}"},
		{"multiset", mp(StringValue("a"), IntValue(2), StringValue("b"), IntValue(0)), MultisetOf(String), "{a=2, b=0}"},
		{"row", row(IntValue(1), StringValue("x"), BytesValue([]byte{0xab})), rowType, "(1, x, x'ab')"},
		{"row with null", row(NullValue, NullValue, NullValue), rowType, "(NULL, NULL, NULL)"},
		{"row of array and map", row(arr(IntValue(1)), mp(IntValue(1), BoolValue(true))),
			RowOf(Field{Name: "a", Type: ArrayOf(Int32)}, Field{Name: "m", Type: MapOf(Int32, Bool)}), "([1], {1=TRUE})"},
		{"array of rows", arr(row(IntValue(1), StringValue("a"), BytesValue(nil))), ArrayOf(rowType), "[(1, a, x'')]"},
		{"array of timestamps", arr(TimestampValue(0, 0)), ArrayOf(TimestampOf(3)), "[1970-01-01 00:00:00.000]"},
		{"array without payload", Value{}, ArrayOf(Int32), "[]"},
		{"map without payload", Value{}, MapOf(Int32, Int32), "{}"},
		{"row without payload", Value{}, rowType, "()"},
		{"array with nil element type", arr(IntValue(1)), Type{Kind: Array}, "[NULL]"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := FormatValue(tt.v, tt.t, nil); got != tt.want {
				t.Errorf("FormatValue = %q, want %q", got, tt.want)
			}
		})
	}
}

func TestAppendValueNoAlloc(t *testing.T) {
	cases := []struct {
		v Value
		t Type
	}{
		{IntValue(-1947211570), Int32},
		{FloatValue(1.2345678e-5), Float64},
		{FloatValue(3.5), Float32},
		{IntValue(-1234506789), DecimalOf(10, 5)},
		{StringValue("ac2be66685e79f7152901d0d61a"), String},
		{BytesValue([]byte{1, 2, 3}), Bytes},
		{IntValue(18730), DateType},
		{IntValue(43200123), TimeOf(3)},
		{TimestampValue(1618344731123, 456789), TimestampOf(9)},
		{TimestampValue(1618344731123, 0), TimestampLTZOf(3)},
		{IntValue(14), Type{Kind: IntervalYearMonth}},
		{IntValue(90061001), Type{Kind: IntervalDayTime}},
		{BoolValue(true), Bool},
	}
	zone := mustZone(t, "Asia/Shanghai")
	buf := make([]byte, 0, 128)
	for _, c := range cases {
		allocs := testing.AllocsPerRun(100, func() {
			buf = AppendValue(buf[:0], c.v, c.t, zone)
		})
		if allocs != 0 {
			t.Errorf("%s: allocs per run = %v, want 0", c.t, allocs)
		}
	}
}

func TestAppendValueExtremesDoNotPanic(t *testing.T) {
	extremes := []int64{math.MinInt64, math.MaxInt64, math.MinInt32, math.MaxInt32, -1, 0}
	kinds := []Type{Int8, Int16, Int32, Int64, DateType, TimeOf(9), TimestampOf(9), TimestampLTZOf(9),
		DecimalOf(18, 18), DecimalOf(10, 0), Type{Kind: IntervalYearMonth}, Type{Kind: IntervalDayTime}}
	for _, i := range extremes {
		for _, typ := range kinds {
			v := Value{I: i, N: math.MaxInt32}
			if out := AppendValue(nil, v, typ, nil); len(out) == 0 {
				t.Errorf("%s %d: empty output", typ, i)
			}
		}
	}
	// The most negative intervals print what Flink's int arithmetic prints.
	if got := FormatValue(IntValue(math.MinInt32), Type{Kind: IntervalYearMonth}, nil); got != "--178956970-0-8" {
		t.Errorf("min year-month interval = %q", got)
	}
}

func BenchmarkAppendValueInt(b *testing.B) {
	buf := make([]byte, 0, 64)
	v := IntValue(-1947211570)
	for b.Loop() {
		buf = AppendValue(buf[:0], v, Int32, nil)
	}
}

func BenchmarkAppendValueString(b *testing.B) {
	buf := make([]byte, 0, 128)
	v := StringValue("ac2be66685e79f7152901d0d61a2be66685e79f7152901d0d61a2be66685e79f7152901d0d61a2be66685e79f7152901d0d")
	for b.Loop() {
		buf = AppendValue(buf[:0], v, String, nil)
	}
}

func BenchmarkAppendValueDouble(b *testing.B) {
	buf := make([]byte, 0, 64)
	v := FloatValue(8.98e307)
	for b.Loop() {
		buf = AppendValue(buf[:0], v, Float64, nil)
	}
}

func BenchmarkAppendValueFloat(b *testing.B) {
	buf := make([]byte, 0, 64)
	v := FloatValue(float64(float32(1.9346476e38)))
	for b.Loop() {
		buf = AppendValue(buf[:0], v, Float32, nil)
	}
}

func BenchmarkAppendValueDecimal(b *testing.B) {
	buf := make([]byte, 0, 64)
	v := IntValue(-1234506789)
	t := DecimalOf(10, 5)
	for b.Loop() {
		buf = AppendValue(buf[:0], v, t, nil)
	}
}

func BenchmarkAppendValueTimestamp(b *testing.B) {
	buf := make([]byte, 0, 64)
	v := TimestampValue(1618344731123, 456789)
	t := TimestampOf(9)
	for b.Loop() {
		buf = AppendValue(buf[:0], v, t, nil)
	}
}

func BenchmarkAppendValueTimestampLTZ(b *testing.B) {
	buf := make([]byte, 0, 64)
	v := TimestampValue(1618344731123, 0)
	t := TimestampLTZOf(3)
	zone := mustZone(b, "Asia/Shanghai")
	for b.Loop() {
		buf = AppendValue(buf[:0], v, t, zone)
	}
}

func BenchmarkAppendValueArray(b *testing.B) {
	buf := make([]byte, 0, 64)
	v := Value{X: &ArrayValue{Elems: []Value{IntValue(1), NullValue, IntValue(3)}}}
	t := ArrayOf(Int32)
	for b.Loop() {
		buf = AppendValue(buf[:0], v, t, nil)
	}
}
