package codec

import (
	"errors"
	"fmt"
	"math"
	"math/big"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/flinkplay/flinkplay/engine/diag"
	"github.com/flinkplay/flinkplay/engine/types"
)

func arr(vs ...types.Value) types.Value { return types.Value{X: &types.ArrayValue{Elems: vs}} }

func TestCSVWrite(t *testing.T) {
	ts := types.TimestampValue(1714558530123, 0) // 2024-05-01 10:15:30.123
	tests := []struct {
		name string
		opts func(*CSVOptions)
		typ  types.Type
		v    types.Value
		want string
	}{
		{"int", nil, types.Int32, types.IntValue(-7), "-7\n"},
		{"null", nil, types.Int32, types.NullValue, "\n"},
		{"null literal", func(o *CSVOptions) { o.NullLiteral, o.HasNullLiteral = "N", true }, types.Int32, types.NullValue, "N\n"},
		{"bool", nil, types.Bool, types.BoolValue(true), "true\n"},
		{"float", nil, types.Float32, types.FloatValue(float64(float32(0.1))), "0.1\n"},
		{"double sci", nil, types.Float64, types.FloatValue(1e7), "1.0E7\n"},
		{"double nan", nil, types.Float64, types.FloatValue(math.NaN()), "NaN\n"},
		{"decimal strips zeros", nil, types.DecimalOf(10, 2), types.IntValue(120), "1.2\n"},
		{"decimal whole is scientific", nil, types.DecimalOf(10, 2), types.IntValue(10000), "1E+2\n"},
		{"decimal zero", nil, types.DecimalOf(10, 2), types.IntValue(0), "0\n"},
		{"decimal tiny", nil, types.DecimalOf(18, 9), types.IntValue(1), "1E-9\n"},
		{"decimal wide", nil, types.DecimalOf(30, 2), types.BigDecimalValue(big.NewInt(-12345)), "-123.45\n"},
		{"plain string", nil, types.String, types.StringValue("a-b.c_d"), "a-b.c_d\n"},
		{"space quotes", nil, types.String, types.StringValue("Hello World"), "\"Hello World\"\n"},
		{"comma quotes", nil, types.String, types.StringValue("a,b"), "\"a,b\"\n"},
		{"quote doubled", nil, types.String, types.StringValue(`say "x"`), "\"say \"\"x\"\"\"\n"},
		{"empty string", nil, types.String, types.StringValue(""), "\n"},
		{"no quoting when disabled", func(o *CSVOptions) { o.QuoteChar = 0 }, types.String, types.StringValue("a b"), "a b\n"},
		{"tab delimiter raises the bar", func(o *CSVOptions) { o.FieldDelimiter = '|' }, types.String, types.StringValue("ab{"), "\"ab{\"\n"},
		{"escape character", func(o *CSVOptions) { o.EscapeChar = '\\' }, types.String, types.StringValue(`a"b`), "\"a\\\"b\"\n"},
		{"bytes base64", nil, types.Bytes, types.BytesValue([]byte{0xca, 0xfe}), "yv4=\n"},
		{"date", nil, types.DateType, types.IntValue(19844), "2024-05-01\n"},
		{"time", nil, types.TimeOf(0), types.IntValue(36930000), "10:15:30\n"},
		{"timestamp", nil, types.TimestampOf(3), ts, "\"2024-05-01 10:15:30.123\"\n"},
		{"timestamp nanos", nil, types.TimestampOf(9), types.TimestampValue(0, 1000), "\"1970-01-01 00:00:00.000001\"\n"},
		{"ltz", nil, types.TimestampLTZOf(3), types.TimestampValue(1500, 0), "\"1970-01-01 00:00:01.5Z\"\n"},
		{"array", nil, types.ArrayOf(types.Int32), arr(types.IntValue(1), types.NullValue, types.IntValue(3)), "1;;3\n"},
		{"array of strings quoted whole", nil, types.ArrayOf(types.String), arr(types.StringValue("a b"), types.StringValue("c")), "\"a b;c\"\n"},
		{"row", nil, types.RowOf(types.Field{Name: "x", Type: types.Int32}, types.Field{Name: "y", Type: types.String}),
			types.Value{X: &types.RowValue{Fields: []types.Value{types.IntValue(1), types.StringValue("z")}}}, "1;z\n"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			o := DefaultCSVOptions()
			if tc.opts != nil {
				tc.opts(&o)
			}
			c := NewCSV(o, []string{"f"}, []types.Type{tc.typ})
			got, err := c.AppendRow(nil, []types.Value{tc.v})
			if err != nil {
				t.Fatal(err)
			}
			if string(got) != tc.want {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
}

func TestCSVRoundTrip(t *testing.T) {
	cols := []types.Type{types.Int32, types.String, types.DecimalOf(10, 2), types.TimestampOf(3), types.ArrayOf(types.String)}
	rows := [][]types.Value{
		{types.IntValue(1), types.StringValue("Hello, \"World\"\nbye"), types.IntValue(120), types.TimestampValue(1714558530123, 0), arr(types.StringValue("a"), types.StringValue("b c"))},
		{types.IntValue(-2), types.StringValue("x"), types.IntValue(-5), types.TimestampValue(-1, 0), arr()},
	}
	c := NewCSV(DefaultCSVOptions(), []string{"a", "b", "c", "d", "e"}, cols)
	var data []byte
	for _, r := range rows {
		var err error
		if data, err = c.AppendRow(data, r); err != nil {
			t.Fatal(err)
		}
	}
	var got [][]types.Value
	if err := c.Decode(data, func(r []types.Value) error { got = append(got, r); return nil }); err != nil {
		t.Fatal(err)
	}
	if len(got) != len(rows) {
		t.Fatalf("got %d rows from %q", len(got), data)
	}
	for i := range rows {
		for j, typ := range cols {
			if w, g := types.FormatValue(rows[i][j], typ, nil), types.FormatValue(got[i][j], typ, nil); w != g {
				t.Errorf("row %d col %d: got %s, want %s", i, j, g, w)
			}
		}
	}
}

func TestCSVRead(t *testing.T) {
	two := []types.Type{types.Int32, types.String}
	tests := []struct {
		name    string
		opts    func(*CSVOptions)
		in      string
		want    []string // "a|b" per row, NULL as NULL
		wantErr string   // the Java exception the client prints
	}{
		{"plain", nil, "1,a\n2,b\n", []string{"1|a", "2|b"}, ""},
		{"crlf and no final newline", nil, "1,a\r\n2,b", []string{"1|a", "2|b"}, ""},
		{"blank lines skipped", nil, "\n1,a\n\n", []string{"1|a"}, ""},
		{"quoted", nil, "1,\"x, \"\"y\"\"\"\n", []string{"1|x, \"y\""}, ""},
		{"quoted newline", nil, "1,\"a\nb\"\n", []string{"1|a\nb"}, ""},
		{"spaces trimmed for numbers", nil, " 7 ,a\n", []string{"7|a"}, ""},
		{"empty string stays", nil, "1,\n", []string{"1|"}, ""},
		{"empty int fails", nil, ",a\n", nil, `java.lang.NumberFormatException: For input string: ""`},
		{"null literal", func(o *CSVOptions) { o.NullLiteral, o.HasNullLiteral = "null", true }, "null,null\n", []string{"NULL|NULL"}, ""},
		{"comments", func(o *CSVOptions) { o.AllowComments = true }, "# c\n1,a\n", []string{"1|a"}, ""},
		{"comment line without the option", nil, "# c\n", nil, `java.lang.RuntimeException: Row length mismatch. 2 fields expected but was 1.`},
		{"too few", nil, "1\n", nil, `java.lang.RuntimeException: Row length mismatch. 2 fields expected but was 1.`},
		{"too many", nil, "1,a,zz\n", nil, `org.apache.flink.shaded.jackson2.com.fasterxml.jackson.dataformat.csv.CsvReadException: Too many entries: expected at most 2 (value #2 (2 chars) "zz")`},
		{"bad int", nil, "x,a\n", nil, `java.lang.NumberFormatException: For input string: "x"`},
		{"ignore parse errors", func(o *CSVOptions) { o.IgnoreParseErrors = true }, "x,a\n1\n1,a,b\n2,b\n", []string{"NULL|a", "1|NULL", "2|b"}, ""},
		{"other delimiter", func(o *CSVOptions) { o.FieldDelimiter = '\t' }, "1\ta,b\n", []string{"1|a,b"}, ""},
		{"escape", func(o *CSVOptions) { o.EscapeChar = '\\' }, "1,a\\,b\n", []string{"1|a,b"}, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			o := DefaultCSVOptions()
			if tc.opts != nil {
				tc.opts(&o)
			}
			c := NewCSV(o, []string{"a", "b"}, two)
			var got []string
			err := c.Decode([]byte(tc.in), func(r []types.Value) error {
				got = append(got, types.FormatValue(r[0], two[0], nil)+"|"+types.FormatValue(r[1], two[1], nil))
				return nil
			})
			if tc.wantErr != "" {
				d, ok := diag.As(err)
				if !ok || d.Reason() != tc.wantErr {
					t.Fatalf("error %v, want %s", err, tc.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if len(got) != len(tc.want) {
				t.Fatalf("got %q, want %q", got, tc.want)
			}
			for i := range got {
				if got[i] != tc.want[i] {
					t.Errorf("row %d: got %q, want %q", i, got[i], tc.want[i])
				}
			}
		})
	}
}

func TestCSVFieldError(t *testing.T) {
	c := NewCSV(DefaultCSVOptions(), []string{"d"}, []types.Type{types.DateType})
	err := c.Decode([]byte("2024-13-01\n"), func([]types.Value) error { return nil })
	var fe *FieldError
	if !errors.As(err, &fe) || fe.Error() != "Fail to deserialize at field: d." {
		t.Fatalf("got %v", err)
	}
}

func TestJSONWrite(t *testing.T) {
	m := types.Value{X: &types.MapValue{Keys: []types.Value{types.StringValue("k"), types.NullValue}, Vals: []types.Value{types.IntValue(1), types.IntValue(2)}}}
	mt := types.MapOf(types.String, types.Int32)
	tests := []struct {
		name    string
		opts    func(*JSONOptions)
		typ     types.Type
		v       types.Value
		want    string
		wantErr string
	}{
		{"int", nil, types.Int32, types.IntValue(1), `{"f":1}`, ""},
		{"null", nil, types.Int32, types.NullValue, `{"f":null}`, ""},
		{"ignore null fields", func(o *JSONOptions) { o.IgnoreNullFields = true }, types.Int32, types.NullValue, `{}`, ""},
		{"string escapes", nil, types.String, types.StringValue("a\"\\\n\x01é/"), `{"f":"a\"\\\n\u0001é/"}`, ""},
		{"double", nil, types.Float64, types.FloatValue(1e-7), `{"f":1.0E-7}`, ""},
		{"nan as string", nil, types.Float64, types.FloatValue(math.NaN()), `{"f":"NaN"}`, ""},
		{"decimal", nil, types.DecimalOf(10, 2), types.IntValue(10000), `{"f":1E+2}`, ""},
		{"decimal plain", func(o *JSONOptions) { o.DecimalAsPlainNumber = true }, types.DecimalOf(10, 2), types.IntValue(10000), `{"f":100.00}`, ""},
		{"timestamp sql", nil, types.TimestampOf(3), types.TimestampValue(1714558530120, 0), `{"f":"2024-05-01 10:15:30.12"}`, ""},
		{"timestamp iso", func(o *JSONOptions) { o.ISO8601 = true }, types.TimestampOf(3), types.TimestampValue(1714558530000, 0), `{"f":"2024-05-01T10:15:30"}`, ""},
		{"ltz iso", func(o *JSONOptions) { o.ISO8601 = true }, types.TimestampLTZOf(3), types.TimestampValue(0, 0), `{"f":"1970-01-01T00:00:00Z"}`, ""},
		{"time", nil, types.TimeOf(0), types.IntValue(1000), `{"f":"00:00:01"}`, ""},
		{"array", nil, types.ArrayOf(types.Int32), arr(types.IntValue(1), types.NullValue), `{"f":[1,null]}`, ""},
		{"map null key fails", nil, mt, m, "", "java.lang.RuntimeException: JSON format doesn't support to serialize map data with null keys. You can drop null key entries or encode null in literals by specifying map-null-key.mode option."},
		{"map null key drop", func(o *JSONOptions) { o.MapNullKeyMode = MapNullKeyDrop }, mt, m, `{"f":{"k":1}}`, ""},
		{"map null key literal", func(o *JSONOptions) { o.MapNullKeyMode, o.MapNullKeyLiteral = MapNullKeyLiteral, "nil" }, mt, m, `{"f":{"k":1,"nil":2}}`, ""},
		{"row", nil, types.RowOf(types.Field{Name: "x", Type: types.Int32}), types.Value{X: &types.RowValue{Fields: []types.Value{types.IntValue(3)}}}, `{"f":{"x":3}}`, ""},
		{"bytes", nil, types.Bytes, types.BytesValue([]byte("hi")), `{"f":"aGk="}`, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			o := DefaultJSONOptions()
			if tc.opts != nil {
				tc.opts(&o)
			}
			j := NewJSON(o, []string{"f"}, []types.Type{tc.typ})
			got, err := j.AppendRow(nil, []types.Value{tc.v})
			if tc.wantErr != "" {
				if d, ok := diag.As(err); !ok || d.Reason() != tc.wantErr {
					t.Fatalf("error %v, want %s", err, tc.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if string(got) != tc.want+"\n" {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
}

func TestJSONRead(t *testing.T) {
	cols := []types.Type{types.Int32, types.TimestampOf(3)}
	tests := []struct {
		name    string
		opts    func(*JSONOptions)
		in      string
		want    []string
		wantErr string
	}{
		{"object", nil, `{"a": 1, "b": "2024-05-01 10:15:30.5"}`, []string{"1|2024-05-01 10:15:30.500"}, ""},
		{"missing is null", nil, `{"a": 1}`, []string{"1|NULL"}, ""},
		{"array of rows", nil, `[{"a": 1}, {"a": 2}]`, []string{"1|NULL", "2|NULL"}, ""},
		{"number as string", nil, `{"a": " 3 "}`, []string{"3|NULL"}, ""},
		{"float truncates", nil, `{"a": 3.9}`, []string{"3|NULL"}, ""},
		{"iso timestamps", func(o *JSONOptions) { o.ISO8601 = true }, `{"b": "2024-05-01T10:15"}`, []string{"NULL|2024-05-01 10:15:00.000"}, ""},
		{"sql timestamp rejects T", nil, `{"b": "2024-05-01T10:15:00"}`, nil, "org.apache.flink.shaded.jackson2.com.fasterxml.jackson.core.JsonParseException: Fail to deserialize at field: b."},
		{"bad int", nil, `{"a": "x"}`, nil, "org.apache.flink.shaded.jackson2.com.fasterxml.jackson.core.JsonParseException: Fail to deserialize at field: a."},
		{"scalar document", nil, `42`, nil, "org.apache.flink.shaded.jackson2.com.fasterxml.jackson.databind.JsonMappingException: No content to map due to end-of-input"},
		{"missing field fails", func(o *JSONOptions) { o.FailOnMissingField = true }, `{"a": 1}`, nil, "org.apache.flink.shaded.jackson2.com.fasterxml.jackson.core.JsonParseException: Some field is missing in the JSON data."},
		{"ignore errors", func(o *JSONOptions) { o.IgnoreParseErrors = true }, "{\"a\": \"x\"}\nnope\n{\"a\": 2}", []string{"NULL|NULL", "2|NULL"}, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			o := DefaultJSONOptions()
			if tc.opts != nil {
				tc.opts(&o)
			}
			j := NewJSON(o, []string{"a", "b"}, cols)
			var got []string
			err := j.Decode([]byte(tc.in), func(r []types.Value) error {
				got = append(got, types.FormatValue(r[0], cols[0], nil)+"|"+types.FormatValue(r[1], cols[1], nil))
				return nil
			})
			if tc.wantErr != "" {
				var je *JSONError
				d, ok := diag.As(err)
				if !errors.As(err, &je) || !ok || d.Reason() != tc.wantErr {
					t.Fatalf("error %v, want %s", err, tc.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if len(got) != len(tc.want) {
				t.Fatalf("got %q, want %q", got, tc.want)
			}
			for i := range got {
				if got[i] != tc.want[i] {
					t.Errorf("row %d: got %q, want %q", i, got[i], tc.want[i])
				}
			}
		})
	}
}

// TestCSVSimpleSplitMatches: the fast split of plain ASCII lines reads
// every record as the full parser does, whatever the line holds.
func TestCSVSimpleSplitMatches(t *testing.T) {
	alphabet := []string{"a", "7", ",", ";", "\"", "\\", "\r", "\n", "é", "\xff", " ", "N", "", "\r\n", "#"}
	r := rand.New(rand.NewPCG(1, 2))
	for n := range 3000 {
		var sb strings.Builder
		for range r.IntN(40) {
			sb.WriteString(alphabet[r.IntN(len(alphabet))])
		}
		text := sb.String()
		if text == "" {
			continue
		}
		opts := DefaultCSVOptions()
		switch n % 4 {
		case 1:
			opts.FieldDelimiter = ';'
			opts.EscapeChar = '\\'
		case 2:
			opts.QuoteChar = 0
			opts.NullLiteral, opts.HasNullLiteral = "N", true
		case 3:
			opts.FieldDelimiter = 'é' // not ASCII: never the fast split
		}
		read := func(slow bool) string {
			c := NewCSV(opts, []string{"a", "b"}, []types.Type{types.String, types.String})
			c.Reuse, c.slowOnly = n%2 == 0, slow
			var out []string
			for pos := 0; pos < len(text); {
				f, nulls, next, err := c.splitRecord(text, pos)
				out = append(out, fmt.Sprintf("%q %v %d %v", f, nulls, next, err))
				pos = next
			}
			return strings.Join(out, "\n")
		}
		if got, want := read(false), read(true); got != want {
			t.Fatalf("%q: fast split\n%s\nwant\n%s", text, got, want)
		}
	}
}

// TestExactDecimalIsParseFloat: the fast path of plain decimals gives
// strconv.ParseFloat's float64, bit for bit, or declines.
func TestExactDecimalIsParseFloat(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	digits := "0123456789"
	for n := range 200000 {
		var sb strings.Builder
		if r.IntN(3) == 0 {
			sb.WriteByte('-')
		}
		for range r.IntN(19) {
			sb.WriteByte(digits[r.IntN(10)])
		}
		if r.IntN(4) != 0 {
			sb.WriteByte('.')
			for range r.IntN(24) {
				sb.WriteByte(digits[r.IntN(10)])
			}
		}
		s := sb.String()
		if n%1000 == 0 {
			s = []string{"-0", "0.0", ".5", "1.", "9007199254740991", "9007199254740992", "0.1", "123.456", "-0.000"}[n/1000%9]
		}
		got, ok := exactDecimal(s)
		if !ok {
			continue
		}
		want, err := strconv.ParseFloat(s, 64)
		if err != nil || math.Float64bits(got) != math.Float64bits(want) {
			t.Fatalf("%q: %v, ParseFloat %v (%v)", s, got, want, err)
		}
	}
}
