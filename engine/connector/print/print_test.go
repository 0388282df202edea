package print

import (
	"bytes"
	"context"
	"math"
	"math/big"
	"testing"
	"time"

	"github.com/flinkplay/flinkplay/engine/connector"
	"github.com/flinkplay/flinkplay/engine/diag"
	"github.com/flinkplay/flinkplay/engine/stream"
	"github.com/flinkplay/flinkplay/engine/types"
)

func table(opts map[string]string, cols ...types.Column) connector.Table {
	o := map[string]string{"connector": "print"}
	for k, v := range opts {
		o[k] = v
	}
	return connector.Table{Name: "default_catalog.default_database.p", Physical: types.Schema{Columns: cols}, Options: o}
}

func col(name string, t types.Type) types.Column { return types.Column{Name: name, Type: t} }

func millis(s string) int64 {
	t, err := time.Parse("2006-01-02 15:04:05.999999999", s)
	if err != nil {
		panic(err)
	}
	return t.UnixMilli()
}

func TestValueFormats(t *testing.T) {
	dec := func(p, s int) types.Type { return types.DecimalOf(p, s) }
	big38, _ := new(big.Int).SetString("-12345678901234567890123", 10)
	ts := millis("2024-05-01 10:15:30.123")
	tests := []struct {
		name string
		typ  types.Type
		v    types.Value
		want string
	}{
		{"null", types.Int32, types.NullValue, "null"},
		{"true", types.Bool, types.BoolValue(true), "true"},
		{"false", types.Bool, types.BoolValue(false), "false"},
		{"tinyint", types.Int8, types.IntValue(-128), "-128"},
		{"bigint", types.Int64, types.IntValue(math.MaxInt64), "9223372036854775807"},
		{"float", types.Float32, types.FloatValue(float64(float32(1.5))), "1.5"},
		{"float big", types.Float32, types.FloatValue(float64(float32(math.MaxFloat32))), "3.4028235E38"},
		{"double", types.Float64, types.FloatValue(100), "100.0"},
		{"double sci", types.Float64, types.FloatValue(1e7), "1.0E7"},
		{"decimal", dec(10, 2), types.IntValue(120), "1.20"},
		{"decimal negative fraction", dec(10, 2), types.IntValue(-5), "-0.05"},
		{"decimal scale 0", dec(5, 0), types.IntValue(-42), "-42"},
		{"decimal small is scientific", dec(10, 8), types.IntValue(1), "1E-8"},
		{"decimal zero is scientific", dec(10, 8), types.IntValue(0), "0E-8"},
		{"decimal at -6 stays plain", dec(10, 6), types.IntValue(1), "0.000001"},
		{"decimal sci digits", dec(18, 10), types.IntValue(-123), "-1.23E-8"},
		{"decimal wide", dec(38, 3), types.BigDecimalValue(big38), "-12345678901234567890.123"},
		{"string", types.String, types.StringValue("ac2be6"), "ac2be6"},
		{"bytes signed", types.Bytes, types.BytesValue([]byte{1, 0xfe, 3}), "[1, -2, 3]"},
		{"empty bytes", types.BinaryN(0), types.BytesValue(nil), "[]"},
		{"date", types.DateType, types.IntValue(19844), "2024-05-01"},
		{"date before epoch", types.DateType, types.IntValue(-1), "1969-12-31"},
		{"date year 10000", types.DateType, types.IntValue(2932897), "+10000-01-01"},
		{"time no seconds", types.TimeOf(0), types.IntValue(10*3600_000 + 15*60_000), "10:15"},
		{"time seconds", types.TimeOf(0), types.IntValue(10*3600_000 + 15*60_000 + 7000), "10:15:07"},
		{"time millis", types.TimeOf(3), types.IntValue(5), "00:00:00.005"},
		{"timestamp", types.TimestampOf(3), types.TimestampValue(ts, 0), "2024-05-01T10:15:30.123"},
		{"timestamp whole minute", types.TimestampOf(3), types.TimestampValue(millis("2024-05-01 10:15:00"), 0), "2024-05-01T10:15"},
		{"timestamp micros", types.TimestampOf(6), types.TimestampValue(millis("2024-05-01 10:15:00.001"), 500_000), "2024-05-01T10:15:00.001500"},
		{"timestamp nanos", types.TimestampOf(9), types.TimestampValue(millis("2024-05-01 10:15:00"), 7), "2024-05-01T10:15:00.000000007"},
		{"timestamp before epoch", types.TimestampOf(3), types.TimestampValue(-1, 0), "1969-12-31T23:59:59.999"},
		{"ltz", types.TimestampLTZOf(3), types.TimestampValue(millis("2024-05-01 10:15:00"), 0), "2024-05-01T10:15:00Z"},
		{"ltz millis", types.TimestampLTZOf(3), types.TimestampValue(ts, 0), "2024-05-01T10:15:30.123Z"},
		{"interval year to month", types.Type{Kind: types.IntervalYearMonth, Res: types.ResYearToMonth}, types.IntValue(14), "P1Y2M"},
		{"interval year", types.Type{Kind: types.IntervalYearMonth, Res: types.ResYear}, types.IntValue(24), "P2Y"},
		{"interval month", types.Type{Kind: types.IntervalYearMonth, Res: types.ResMonth}, types.IntValue(14), "P14M"},
		{"interval zero", types.Type{Kind: types.IntervalYearMonth, Res: types.ResYearToMonth}, types.IntValue(0), "P0D"},
		{"interval negative months", types.Type{Kind: types.IntervalYearMonth, Res: types.ResYearToMonth}, types.IntValue(-14), "P-1Y-2M"},
		{"duration", types.Type{Kind: types.IntervalDayTime, Res: types.ResDayToSecond}, types.IntValue(29172345), "PT8H6M12.345S"},
		{"duration days", types.Type{Kind: types.IntervalDayTime, Res: types.ResDay}, types.IntValue(86400000), "PT24H"},
		{"duration zero", types.Type{Kind: types.IntervalDayTime, Res: types.ResSecond}, types.IntValue(0), "PT0S"},
		{"duration negative", types.Type{Kind: types.IntervalDayTime, Res: types.ResSecond}, types.IntValue(-1500), "PT-1.5S"},
		{"duration negative sub-second", types.Type{Kind: types.IntervalDayTime, Res: types.ResSecond}, types.IntValue(-500), "PT-0.5S"},
		{"array", types.ArrayOf(types.Int32), types.Value{X: &types.ArrayValue{Elems: []types.Value{types.IntValue(1), types.NullValue, types.IntValue(3)}}}, "[1, null, 3]"},
		{"nested array", types.ArrayOf(types.ArrayOf(types.String)), types.Value{X: &types.ArrayValue{Elems: []types.Value{
			{X: &types.ArrayValue{Elems: []types.Value{types.StringValue("a")}}}, {X: &types.ArrayValue{}}}}}, "[[a], []]"},
		{"row", types.RowOf(types.Field{Name: "a", Type: types.Int32}, types.Field{Name: "b", Type: types.Bool}),
			types.Value{X: &types.RowValue{Fields: []types.Value{types.IntValue(1), types.BoolValue(true)}}}, "+I[1, true]"},
		{"map in hash order", types.MapOf(types.String, types.Int32), mapOf(types.StringValue("b"), types.IntValue(2), types.StringValue("a"), types.IntValue(1)), "{a=1, b=2}"},
		{"map same bucket keeps order", types.MapOf(types.Int32, types.String), mapOf(types.IntValue(17), types.StringValue("x"), types.IntValue(1), types.StringValue("y")), "{17=x, 1=y}"},
		{"map buckets", types.MapOf(types.Int32, types.String), mapOf(types.IntValue(15), types.StringValue("x"), types.IntValue(3), types.StringValue("y")), "{3=y, 15=x}"},
		{"map null key first", types.MapOf(types.Int32, types.Int32), mapOf(types.IntValue(5), types.IntValue(1), types.NullValue, types.IntValue(2)), "{null=2, 5=1}"},
		{"multiset", types.MultisetOf(types.String), mapOf(types.StringValue("z"), types.IntValue(2)), "{z=2}"},
	}
	var f formatter
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := string(f.appendValue(nil, tc.v, tc.typ)); got != tc.want {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
}

func mapOf(kv ...types.Value) types.Value {
	m := &types.MapValue{}
	for i := 0; i < len(kv); i += 2 {
		m.Keys = append(m.Keys, kv[i])
		m.Vals = append(m.Vals, kv[i+1])
	}
	return types.Value{X: m}
}

// TestJavaHashes pins hash codes computed by the JVM.
func TestJavaHashes(t *testing.T) {
	tests := []struct {
		name string
		typ  types.Type
		v    types.Value
		want int32
	}{
		{"string", types.String, types.StringValue("hello"), 99162322},
		{"string supplementary", types.String, types.StringValue("😀"), 1772899},
		{"long", types.Int64, types.IntValue(-1), 0},
		{"long high bits", types.Int64, types.IntValue(1 << 32), 1},
		{"boolean", types.Bool, types.BoolValue(true), 1231},
		{"double", types.Float64, types.FloatValue(1.5), 1073217536},
		{"decimal", types.DecimalOf(10, 2), types.IntValue(120), 31*120 + 2},
		{"date", types.DateType, types.IntValue(19844), 4145473},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, ok := javaHash(tc.v, tc.typ)
			if !ok || got != tc.want {
				t.Errorf("got %d, %v; want %d", got, ok, tc.want)
			}
		})
	}
}

func TestLines(t *testing.T) {
	cols := []types.Column{col("id", types.Int32), col("name", types.String)}
	tests := []struct {
		name string
		opts map[string]string
		out  string // stdout
		err  string // stderr
	}{
		{"plain", nil, "+I[1, a]\n-U[2, null]\n", ""},
		{"identifier", map[string]string{"print-identifier": "sink"}, "sink> +I[1, a]\nsink> -U[2, null]\n", ""},
		{"empty identifier", map[string]string{"print-identifier": ""}, "+I[1, a]\n-U[2, null]\n", ""},
		{"standard error", map[string]string{"standard-error": "true"}, "", "+I[1, a]\n-U[2, null]\n"},
		{"parallel", map[string]string{"sink.parallelism": "2"}, "1> +I[1, a]\n2> -U[2, null]\n", ""},
		{"parallel identifier", map[string]string{"sink.parallelism": "2", "print-identifier": "id"}, "id:1> +I[1, a]\nid:2> -U[2, null]\n", ""},
		{"parallelism one", map[string]string{"sink.parallelism": "1", "print-identifier": "id"}, "id> +I[1, a]\nid> -U[2, null]\n", ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			target, err := Factory.PlanSink(table(tc.opts, cols...))
			if err != nil {
				t.Fatal(err)
			}
			if !target.AcceptsUpdates() {
				t.Error("print must accept updates")
			}
			var out, errOut bytes.Buffer
			sink, err := target.Create(connector.Env{Stdout: &out, Stderr: &errOut})
			if err != nil {
				t.Fatal(err)
			}
			b := stream.NewBatch(2)
			b.AppendRow(stream.Insert, []types.Value{types.IntValue(1), types.StringValue("a")})
			b.AppendRow(stream.UpdateBefore, []types.Value{types.IntValue(2), types.NullValue})
			ctx := context.Background()
			if err := sink.Open(ctx); err != nil {
				t.Fatal(err)
			}
			if err := sink.Write(ctx, b); err != nil {
				t.Fatal(err)
			}
			if err := sink.Close(); err != nil {
				t.Fatal(err)
			}
			if out.String() != tc.out || errOut.String() != tc.err {
				t.Errorf("stdout %q stderr %q; want %q, %q", out.String(), errOut.String(), tc.out, tc.err)
			}
		})
	}
}

func TestPlanErrors(t *testing.T) {
	tests := []struct {
		name  string
		opts  map[string]string
		class string
		msg   string
	}{
		{"unsupported", map[string]string{"path": "/tmp"}, diag.ValidationException,
			"Unsupported options found for 'print'.\n\nUnsupported options:\n\npath\n\nSupported options:\n\nconnector\nprint-identifier\nproperty-version\nscan.watermark.alignment.group\nscan.watermark.alignment.max-drift\nscan.watermark.alignment.update-interval\nscan.watermark.emit.strategy\nscan.watermark.idle-timeout\nsink.parallelism\nstandard-error"},
		{"bad boolean", map[string]string{"standard-error": "yes"}, diag.IllegalArgument,
			"Could not parse value 'yes' for key 'standard-error'."},
		{"bad parallelism", map[string]string{"sink.parallelism": "two"}, diag.NumberFormatException,
			"Could not parse value 'two' for key 'sink.parallelism'."},
		{"zero parallelism", map[string]string{"sink.parallelism": "0"}, diag.TableException,
			"Invalid configured parallelism 0 for table 'default_catalog.default_database.p'."},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Factory.PlanSink(table(tc.opts, col("a", types.Int32)))
			if err == nil || err.Error() != tc.msg {
				t.Fatalf("got %v\nwant %s", err, tc.msg)
			}
			if d, _ := diag.As(err); d == nil || d.Class != tc.class {
				t.Errorf("class %v, want %s", d, tc.class)
			}
		})
	}
	_, err := Factory.PlanSource(table(nil, col("a", types.Int32)))
	if err == nil || err.Error() != "Connector 'print' can only be used as a sink. It cannot be used as a source." {
		t.Errorf("PlanSource: %v", err)
	}
	if s := Factory.Spec(); s.Name != "print" || s.Source || !s.Sink || len(s.Options) != 4 {
		t.Errorf("spec %+v", s)
	}
}

func BenchmarkWrite(b *testing.B) {
	target, _ := Factory.PlanSink(table(nil, col("id", types.Int32), col("name", types.String)))
	sink, _ := target.Create(connector.Env{Stdout: discard{}})
	batch := stream.NewBatch(2)
	name := bytes.Repeat([]byte("a"), 100)
	for i := 0; i < stream.DefaultBatchRows; i++ {
		batch.AppendRow(stream.Insert, []types.Value{types.IntValue(int64(i)), types.BytesValue(name)})
	}
	ctx := context.Background()
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		_ = sink.Write(ctx, batch)
	}
	b.ReportMetric(float64(b.N*stream.DefaultBatchRows)/b.Elapsed().Seconds(), "rows/s")
}

type discard struct{}

func (discard) Write(p []byte) (int, error) { return len(p), nil }
