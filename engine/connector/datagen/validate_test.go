package datagen

import (
	"errors"
	"strings"
	"testing"

	"github.com/flinkplay/flinkplay/engine/connector"
	"github.com/flinkplay/flinkplay/engine/diag"
	"github.com/flinkplay/flinkplay/engine/types"
)

func TestSpec(t *testing.T) {
	s := Factory.Spec()
	if s.Name != "datagen" || !s.Source || s.Sink {
		t.Fatalf("spec = %+v", s)
	}
	if s.Storage != "generated on the fly; nothing is stored" {
		t.Errorf("storage = %q", s.Storage)
	}
	want := []string{"connector", "rows-per-second", "number-of-rows", "scan.parallelism",
		"fields.#.kind", "fields.#.min", "fields.#.max", "fields.#.max-past", "fields.#.length",
		"fields.#.var-len", "fields.#.start", "fields.#.end", "fields.#.null-rate"}
	var got []string
	for _, o := range s.Options {
		if o.Description == "" {
			t.Errorf("option %s has no description", o.Key)
		}
		got = append(got, o.Key)
	}
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("options:\n got %v\nwant %v", got, want)
	}
	defaults := map[string]string{"rows-per-second": "10000", "fields.#.kind": "random",
		"fields.#.length": "100", "fields.#.var-len": "false", "fields.#.null-rate": "0", "fields.#.max-past": "0"}
	for _, o := range s.Options {
		if o.Default != defaults[o.Key] {
			t.Errorf("default of %s = %q, want %q", o.Key, o.Default, defaults[o.Key])
		}
	}
}

func TestPlanSinkFails(t *testing.T) {
	_, err := Factory.PlanSink(tbl("t", nil, col("a", types.Int32)))
	wantErr(t, err, diag.ValidationException, "Connector 'datagen' can only be used as a source. It cannot be used as a sink.")
}

// TestUnsupportedOptionsTableQ is the exact error of Flink's table.q.
func TestUnsupportedOptionsTableQ(t *testing.T) {
	tb := tbl("orders", map[string]string{"scan.startup.mode": "earliest-offset"},
		col("user", types.Int64.WithNullable(false)),
		col("product", types.VarcharN(32)),
		col("amount", types.Int32),
		col("ts", types.TimestampOf(3)),
	)
	_, err := Factory.PlanSource(tb)
	want := `Unsupported options found for 'datagen'.

Unsupported options:

scan.startup.mode

Supported options:

connector
fields.amount.kind
fields.amount.max
fields.amount.min
fields.amount.null-rate
fields.product.kind
fields.product.length
fields.product.null-rate
fields.product.var-len
fields.ts.kind
fields.ts.max-past
fields.ts.null-rate
fields.user.kind
fields.user.max
fields.user.min
fields.user.null-rate
number-of-rows
rows-per-second
scan.parallelism`
	wantErr(t, err, diag.ValidationException, want)
}

// supported returns the "Supported options" list of the error raised by an
// extra key, i.e. the keys legal for the table's columns.
func supported(t *testing.T, opts map[string]string, cols ...types.Column) []string {
	t.Helper()
	o := map[string]string{"zzz": "x"}
	for k, v := range opts {
		o[k] = v
	}
	_, err := Factory.PlanSource(tbl("t", o, cols...))
	if err == nil {
		t.Fatal("no error")
	}
	msg := err.Error()
	i := strings.Index(msg, "Supported options:\n\n")
	if i < 0 {
		t.Fatalf("unexpected error: %v", err)
	}
	var keys []string
	for _, k := range strings.Split(msg[i+len("Supported options:\n\n"):], "\n") {
		switch k {
		case "connector", "number-of-rows", "rows-per-second", "scan.parallelism":
			continue
		}
		keys = append(keys, k)
	}
	return keys
}

func TestLegalKeysPerType(t *testing.T) {
	tests := []struct {
		name string
		typ  types.Type
		opts map[string]string
		want string
	}{
		{"boolean", types.Bool, nil, "kind null-rate"},
		{"char", types.CharN(5), nil, "kind null-rate"},
		{"varchar", types.VarcharN(5), nil, "kind length null-rate var-len"},
		{"string", types.String, nil, "kind length null-rate var-len"},
		{"binary", types.BinaryN(4), nil, "kind"},
		{"varbinary", types.VarbinaryN(4), nil, "kind length var-len"},
		{"bytes", types.Bytes, nil, "kind length var-len"},
		{"tinyint", types.Int8, nil, "kind max min null-rate"},
		{"smallint", types.Int16, nil, "kind max min null-rate"},
		{"int", types.Int32, nil, "kind max min null-rate"},
		{"bigint", types.Int64, nil, "kind max min null-rate"},
		{"float", types.Float32, nil, "kind max min null-rate"},
		{"double", types.Float64, nil, "kind max min null-rate"},
		{"decimal", types.DecimalOf(10, 2), nil, "kind max min null-rate"},
		{"interval year", types.Type{Kind: types.IntervalYearMonth, Res: types.ResYearToMonth}, nil, "kind max min null-rate"},
		{"interval day", types.Type{Kind: types.IntervalDayTime, Res: types.ResDayToSecond}, nil, "kind max min null-rate"},
		{"timestamp", types.TimestampOf(3), nil, "kind max-past null-rate"},
		{"timestamp_ltz", types.TimestampLTZOf(3), nil, "kind max-past null-rate"},
		{"date", types.DateType, nil, "kind"},
		{"time", types.TimeOf(0), nil, "kind"},
		{"array", types.ArrayOf(types.Int32), nil, "element.max element.min element.null-rate kind length null-rate"},
		{"multiset", types.MultisetOf(types.String), nil, "element.length element.null-rate element.var-len kind length null-rate"},
		{"map", types.MapOf(types.String, types.DateType), nil, "key.length key.null-rate key.var-len kind length null-rate"},
		{"row", types.RowOf(types.Field{Name: "a", Type: types.Int64}, types.Field{Name: "b", Type: types.TimeOf(0)},
			types.Field{Name: "c", Type: types.RowOf(types.Field{Name: "d", Type: types.TimestampOf(6)})}), nil,
			"a.max a.min a.null-rate c.d.max-past c.d.null-rate c.null-rate kind null-rate"},
		{"sequence int", types.Int32, map[string]string{"fields.x.kind": "sequence", "fields.x.start": "1", "fields.x.end": "2"}, "end kind start"},
		{"sequence string", types.String, map[string]string{"fields.x.kind": "sequence", "fields.x.start": "1", "fields.x.end": "2"}, "end kind start"},
		{"sequence date", types.DateType, map[string]string{"fields.x.kind": "sequence", "fields.x.start": "1", "fields.x.end": "2"}, "kind"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			keys := supported(t, tc.opts, col("x", tc.typ))
			var short []string
			for _, k := range keys {
				short = append(short, strings.TrimPrefix(k, "fields.x."))
			}
			if got := strings.Join(short, " "); got != tc.want {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
}

func TestValidationErrors(t *testing.T) {
	const unsupported = "Unsupported options found for 'datagen'.\n\nUnsupported options:\n\n"
	tests := []struct {
		name  string
		cols  []types.Column
		opts  map[string]string
		class string
		msg   string // full message, or a prefix when it ends in "..."
	}{
		{"unknown key", []types.Column{col("f0", types.Int64)}, map[string]string{"wrong-rows-per-second": "1"},
			diag.ValidationException, unsupported + "wrong-rows-per-second\n\n..."},
		{"start on random field", []types.Column{col("f0", types.Int64)}, map[string]string{"fields.f0.kind": "random", "fields.f0.start": "0"},
			diag.ValidationException, unsupported + "fields.f0.start\n\n..."},
		{"length on bigint", []types.Column{col("f0", types.Int64)}, map[string]string{"fields.f0.length": "100"},
			diag.ValidationException, unsupported + "fields.f0.length\n\n..."},
		{"null-rate on date", []types.Column{col("d", types.DateType)}, map[string]string{"fields.d.null-rate": "0.5"},
			diag.ValidationException, unsupported + "fields.d.null-rate\n\n..."},
		{"null-rate on varbinary", []types.Column{col("b", types.Bytes)}, map[string]string{"fields.b.null-rate": "0.5"},
			diag.ValidationException, unsupported + "fields.b.null-rate\n\n..."},
		{"kind inside row", []types.Column{col("r", types.RowOf(types.Field{Name: "a", Type: types.Int32}))}, map[string]string{"fields.r.a.kind": "random"},
			diag.ValidationException, unsupported + "fields.r.a.kind\n\n..."},
		{"length on nested char", []types.Column{col("a", types.ArrayOf(types.CharN(3)))}, map[string]string{"fields.a.element.length": "5"},
			diag.ValidationException, unsupported + "fields.a.element.length\n\n..."},
		{"bad kind", []types.Column{col("f0", types.Int64)}, map[string]string{"fields.f0.kind": "Random"},
			diag.ValidationException, "Unsupported generator kind: Random"},
		{"sequence without start", []types.Column{col("f0", types.Int64)}, map[string]string{"fields.f0.kind": "sequence", "fields.f0.end": "100"},
			diag.ValidationException, "Could not find required property 'fields.f0.start' for sequence generator."},
		{"sequence without end", []types.Column{col("f0", types.Int64)}, map[string]string{"fields.f0.kind": "sequence", "fields.f0.start": "0"},
			diag.ValidationException, "Could not find required property 'fields.f0.end' for sequence generator."},
		{"sequence boolean", []types.Column{col("b", types.Bool)}, map[string]string{"fields.b.kind": "sequence", "fields.b.start": "0", "fields.b.end": "1"},
			diag.ValidationException, unsupported + "fields.b.end\nfields.b.start\n\n..."},
		{"sequence timestamp", []types.Column{col("ts", types.TimestampOf(3))}, map[string]string{"fields.ts.kind": "sequence", "fields.ts.start": "0", "fields.ts.end": "1"},
			diag.ValidationException, "Unsupported type: TIMESTAMP(3)"},
		{"sequence rowtime", []types.Column{col("ts", types.Type{Kind: types.Timestamp, Precision: 3, Attr: types.Rowtime})},
			map[string]string{"fields.ts.kind": "sequence", "fields.ts.start": "0", "fields.ts.end": "1"},
			diag.ValidationException, "Unsupported type: TIMESTAMP(3) *ROWTIME*"},
		{"sequence array", []types.Column{col("a", types.ArrayOf(types.Int32).WithNullable(false))}, map[string]string{"fields.a.kind": "sequence", "fields.a.start": "0", "fields.a.end": "1"},
			diag.ValidationException, "Unsupported type: ARRAY<INT> NOT NULL"},
		{"random null type", []types.Column{col("n", types.NullType)}, nil,
			diag.ValidationException, "Unsupported type: NULL"},
		{"var-len on int", []types.Column{col("f4", types.Int32)}, map[string]string{"fields.f4.var-len": "true"},
			diag.ValidationException, "Only supports specifying 'fields.#.var-len' option for variable-length types (VARCHAR/STRING/VARBINARY/BYTES). The type of field 'f4' is not within this range."},
		{"var-len on binary", []types.Column{col("f4", types.BinaryN(2))}, map[string]string{"fields.f4.var-len": "TRUE"},
			diag.ValidationException, "Only supports specifying 'fields.#.var-len' option for variable-length types (VARCHAR/STRING/VARBINARY/BYTES). The type of field 'f4' is not within this range."},
		{"var-len false on int", []types.Column{col("f4", types.Int32)}, map[string]string{"fields.f4.var-len": "false"},
			diag.ValidationException, unsupported + "fields.f4.var-len\n\n..."},
		{"length on char", []types.Column{col("f0", types.CharN(50))}, map[string]string{"fields.f0.length": "20"},
			diag.ValidationException, "Custom length for fixed-length type (CHAR/BINARY) field 'f0' is not supported."},
		{"length on binary", []types.Column{col("f1", types.BinaryN(40))}, map[string]string{"fields.f1.length": "20"},
			diag.ValidationException, "Custom length for fixed-length type (CHAR/BINARY) field 'f1' is not supported."},
		{"length over varbinary", []types.Column{col("f3", types.VarbinaryN(20))}, map[string]string{"fields.f3.length": "21"},
			diag.ValidationException, "Custom length '21' for variable-length type (VARCHAR/STRING/VARBINARY/BYTES) field 'f3' should be shorter than '20' defined in the schema."},
		{"length over varchar", []types.Column{col("f2", types.VarcharN(30))}, map[string]string{"fields.f2.length": "31"},
			diag.ValidationException, "Custom length '31' for variable-length type (VARCHAR/STRING/VARBINARY/BYTES) field 'f2' should be shorter than '30' defined in the schema."},
		{"unparsable min", []types.Column{col("x", types.Int32)}, map[string]string{"fields.x.min": "abc"},
			diag.NumberFormatException, "Could not parse value 'abc' for key 'fields.x.min'."},
		{"unparsable sequence start", []types.Column{col("f0", types.Int64)}, map[string]string{"fields.f0.kind": "sequence", "fields.f0.start": "Wrong", "fields.f0.end": "Wrong"},
			diag.NumberFormatException, "Could not parse value 'Wrong' for key 'fields.f0.start'."},
		{"int overflow", []types.Column{col("x", types.Int32)}, map[string]string{"fields.x.max": "3000000000"},
			diag.NumberFormatException, "Could not parse value '3000000000' for key 'fields.x.max'."},
		{"unparsable null-rate", []types.Column{col("x", types.String)}, map[string]string{"fields.x.null-rate": "half"},
			diag.NumberFormatException, "Could not parse value 'half' for key 'fields.x.null-rate'."},
		{"unparsable var-len", []types.Column{col("x", types.String)}, map[string]string{"fields.x.var-len": "yes"},
			diag.IllegalArgument, "Could not parse value 'yes' for key 'fields.x.var-len'."},
		{"unparsable max-past", []types.Column{col("ts", types.TimestampOf(3))}, map[string]string{"fields.ts.max-past": "5 parsecs"},
			diag.IllegalArgument, "Could not parse value '5 parsecs' for key 'fields.ts.max-past'."},
		{"unparsable nested", []types.Column{col("r", types.RowOf(types.Field{Name: "a", Type: types.Int32}))}, map[string]string{"fields.r.a.min": "x"},
			diag.NumberFormatException, "Could not parse value 'x' for key 'fields.r.a.min'."},
		{"unparsable rows-per-second", []types.Column{col("x", types.Int32)}, map[string]string{"rows-per-second": "fast"},
			diag.NumberFormatException, "Could not parse value 'fast' for key 'rows-per-second'."},
		{"unparsable number-of-rows", []types.Column{col("x", types.Int32)}, map[string]string{"number-of-rows": "1.5"},
			diag.NumberFormatException, "Could not parse value '1.5' for key 'number-of-rows'."},
		{"decimal min not below max", []types.Column{col("d", types.DecimalOf(10, 2))}, map[string]string{"fields.d.min": "5", "fields.d.max": "1.5"},
			diag.IllegalState, "min bound must be less than max [5.000000, 1.500000]"},
		{"decimal equal bounds", []types.Column{col("d", types.DecimalOf(10, 2))}, map[string]string{"fields.d.min": "2", "fields.d.max": "2"},
			diag.IllegalState, "min bound must be less than max [2.000000, 2.000000]"},
		{"parallelism zero", []types.Column{col("x", types.Int32)}, map[string]string{"scan.parallelism": "0"},
			diag.TableException, "Invalid configured parallelism 0 for table 'default_catalog.default_database.t'."},
		// Field options are read column by column, before the leftover check.
		{"first column first", []types.Column{col("a", types.Int32), col("b", types.Int32)},
			map[string]string{"fields.b.min": "x", "fields.a.kind": "bad", "other": "1"},
			diag.ValidationException, "Unsupported generator kind: bad"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Factory.PlanSource(tbl("t", tc.opts, tc.cols...))
			if err == nil {
				t.Fatal("no error")
			}
			if prefix, ok := strings.CutSuffix(tc.msg, "..."); ok {
				if !strings.HasPrefix(err.Error(), prefix) {
					t.Errorf("got %q, want prefix %q", err.Error(), prefix)
				}
				if d, _ := diag.As(err); d == nil || d.Class != tc.class {
					t.Errorf("class: got %v, want %s", d, tc.class)
				}
				return
			}
			wantErr(t, err, tc.class, tc.msg)
		})
	}
}

// TestParseErrorCause checks what Flink's SQL client shows for an
// unparsable option: the deepest cause, not the wrapper.
func TestParseErrorCause(t *testing.T) {
	_, err := Factory.PlanSource(tbl("t", map[string]string{"fields.x.min": "abc"}, col("x", types.Int32)))
	d, ok := diag.As(err)
	if !ok {
		t.Fatalf("no diag.Error in %v", err)
	}
	if got := d.Reason(); got != `java.lang.NumberFormatException: For input string: "abc"` {
		t.Errorf("reason = %q", got)
	}
	var pe *connector.ParseError
	if !errors.As(err, &pe) || pe.Key != "fields.x.min" {
		t.Errorf("not a ParseError for fields.x.min: %v", err)
	}
}

func TestValidOptionsAccepted(t *testing.T) {
	tests := []struct {
		name string
		cols []types.Column
		opts map[string]string
	}{
		{"length equal to schema", []types.Column{col("s", types.VarcharN(20))}, map[string]string{"fields.s.length": "20"}},
		{"collection length", []types.Column{col("a", types.ArrayOf(types.Int32)), col("m", types.MapOf(types.String, types.Int32))},
			map[string]string{"fields.a.length": "5", "fields.m.length": "2", "fields.m.key.length": "4", "fields.m.value.max": "9"}},
		{"all numeric bounds", []types.Column{col("a", types.Int8), col("b", types.Float32), col("c", types.DecimalOf(5, 1))},
			map[string]string{"fields.a.min": "-3", "fields.b.max": "1.5f", "fields.c.max": "99.5", "fields.c.null-rate": "0.1"}},
		{"max-past units", []types.Column{col("ts", types.TimestampLTZOf(3))}, map[string]string{"fields.ts.max-past": "PT5M"}},
		{"computed only columns skipped", nil, map[string]string{"number-of-rows": "3"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := Factory.PlanSource(tbl("t", tc.opts, tc.cols...)); err != nil {
				t.Fatal(err)
			}
		})
	}
}
