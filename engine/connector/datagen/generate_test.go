package datagen

import (
	"math"
	"math/big"
	"regexp"
	"testing"
	"time"

	"github.com/flinkplay/flinkplay/engine/connector"
	"github.com/flinkplay/flinkplay/engine/diag"
	"github.com/flinkplay/flinkplay/engine/stream"
	"github.com/flinkplay/flinkplay/engine/types"
)

var hexRE = regexp.MustCompile(`^[0-9a-f]*$`)

func rowsOf(t *testing.T, n int, opts map[string]string, cols ...types.Column) [][]types.Value {
	t.Helper()
	o := map[string]string{"number-of-rows": itoa(n)}
	for k, v := range opts {
		o[k] = v
	}
	rows := genRows(t, tbl("t", o, cols...))
	if len(rows) != n {
		t.Fatalf("got %d rows, want %d", len(rows), n)
	}
	return rows
}

func itoa(n int) string { return big.NewInt(int64(n)).String() }

func TestRandomIntegers(t *testing.T) {
	tests := []struct {
		name   string
		typ    types.Type
		opts   map[string]string
		lo, hi int64
		all    bool // every value of [lo, hi] must appear
	}{
		{"int default full range", types.Int32, nil, math.MinInt32, math.MaxInt32, false},
		{"int inclusive bounds", types.Int32, map[string]string{"fields.x.min": "1", "fields.x.max": "3"}, 1, 3, true},
		{"int constant", types.Int32, map[string]string{"fields.x.min": "7", "fields.x.max": "7"}, 7, 7, true},
		{"tinyint default", types.Int8, nil, -128, 127, false},
		{"tinyint narrowed bounds", types.Int8, map[string]string{"fields.x.min": "256", "fields.x.max": "258"}, 0, 2, true},
		{"smallint", types.Int16, map[string]string{"fields.x.min": "-2", "fields.x.max": "2"}, -2, 2, true},
		{"bigint default", types.Int64, nil, math.MinInt64, math.MaxInt64, false},
		{"bigint bounds", types.Int64, map[string]string{"fields.x.min": "9223372036854775805", "fields.x.max": "9223372036854775807"},
			math.MaxInt64 - 2, math.MaxInt64, true},
		{"interval year default", types.Type{Kind: types.IntervalYearMonth}, nil, 0, 120000, false},
		{"interval day bounds", types.Type{Kind: types.IntervalDayTime}, map[string]string{"fields.x.min": "-1", "fields.x.max": "1"}, -1, 1, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			rows := rowsOf(t, 2000, tc.opts, col("x", tc.typ))
			seen := map[int64]bool{}
			neg := 0
			for _, r := range rows {
				v := r[0]
				if v.Null || v.I < tc.lo || v.I > tc.hi {
					t.Fatalf("value %+v out of [%d, %d]", v, tc.lo, tc.hi)
				}
				seen[v.I] = true
				if v.I < 0 {
					neg++
				}
			}
			if tc.all && int64(len(seen)) != tc.hi-tc.lo+1 {
				t.Errorf("saw %d distinct values, want %d", len(seen), tc.hi-tc.lo+1)
			}
			if tc.lo < 0 && tc.hi > 0 && !tc.all && (neg < 800 || neg > 1200) {
				t.Errorf("%d of 2000 values negative; the range is not uniform", neg)
			}
		})
	}
}

func TestRandomFloats(t *testing.T) {
	tests := []struct {
		name   string
		typ    types.Type
		opts   map[string]string
		lo, hi float64
	}{
		{"float default positive", types.Float32, nil, 0, math.MaxFloat32},
		{"double default positive", types.Float64, nil, 0, math.MaxFloat64},
		{"double bounds", types.Float64, map[string]string{"fields.x.min": "-1.5", "fields.x.max": "2.5"}, -1.5, 2.5},
		{"float bounds", types.Float32, map[string]string{"fields.x.min": "10", "fields.x.max": "11"}, 10, 11},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			for _, r := range rowsOf(t, 500, tc.opts, col("x", tc.typ)) {
				f := r[0].F
				if !(f > tc.lo || (tc.lo != 0 && f == tc.lo)) || f > tc.hi {
					t.Fatalf("value %v out of (%v, %v]", f, tc.lo, tc.hi)
				}
				if tc.typ.Kind == types.Float && float64(float32(f)) != f {
					t.Fatalf("FLOAT value %v is not a float32", f)
				}
			}
		})
	}
}

func TestRandomDecimal(t *testing.T) {
	t.Run("bounds and scale", func(t *testing.T) {
		for _, r := range rowsOf(t, 500, map[string]string{"fields.d.min": "1.0", "fields.d.max": "1000.0"}, col("d", types.DecimalOf(10, 2))) {
			if u := r[0].I; u < 100 || u > 100000 {
				t.Fatalf("unscaled %d out of [1.00, 1000.00]", u)
			}
		}
	})
	t.Run("default positive and within precision", func(t *testing.T) {
		for _, r := range rowsOf(t, 500, nil, col("d", types.DecimalOf(5, 2))) {
			if u := r[0].I; u < 0 || u > 99999 {
				t.Fatalf("unscaled %d out of DECIMAL(5, 2)", u)
			}
		}
	})
	t.Run("wide decimal is a big.Int", func(t *testing.T) {
		limit := new(big.Int).Exp(big.NewInt(10), big.NewInt(32), nil)
		for _, r := range rowsOf(t, 200, nil, col("d", types.DecimalOf(32, 2))) {
			u, ok := r[0].X.(*big.Int)
			if !ok || u.Sign() < 0 || u.Cmp(limit) >= 0 {
				t.Fatalf("value %+v is not a DECIMAL(32, 2)", r[0])
			}
		}
	})
	t.Run("negative range", func(t *testing.T) {
		for _, r := range rowsOf(t, 200, map[string]string{"fields.d.min": "-0.5", "fields.d.max": "-0.1"}, col("d", types.DecimalOf(3, 2))) {
			if u := r[0].I; u < -50 || u > -10 {
				t.Fatalf("unscaled %d out of [-0.50, -0.10]", u)
			}
		}
	})
}

func TestDecimalFromDouble(t *testing.T) {
	tests := []struct {
		name string
		d    float64
		p, s int
		want string
	}{
		{"half up at scale", 1.005, 10, 2, "100"}, // 1.00499999... in binary
		{"round up", 2.345001, 10, 2, "235"},
		{"negative rounds away", -2.345001, 10, 2, "-235"},
		{"all integer digits truncate", 99999999.999, 10, 2, "9999999999"},
		{"tiny", 4.9e-324, 10, 2, "0"},
		{"scale zero", 12.5, 5, 0, "13"},
		{"wide", 1.5e30, 38, 4, "14999999999999998890894489026560000"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var sc decimalScratch
			if got := sc.fromDouble(tc.d, tc.p, tc.s).String(); got != tc.want {
				t.Errorf("got %s, want %s", got, tc.want)
			}
		})
	}
}

func TestRandomStringsAndBytes(t *testing.T) {
	tests := []struct {
		name   string
		typ    types.Type
		opts   map[string]string
		lo, hi int // length range
		hex    bool
	}{
		{"string default", types.String, nil, 100, 100, true},
		{"string length", types.String, map[string]string{"fields.x.length": "7"}, 7, 7, true},
		{"string huge length", types.String, map[string]string{"fields.x.length": "9999"}, 9999, 9999, true},
		{"string max length means default", types.String, map[string]string{"fields.x.length": "2147483647"}, 100, 100, true},
		{"varchar schema length", types.VarcharN(10), nil, 10, 10, true},
		{"char", types.CharN(5), nil, 5, 5, true},
		{"odd length", types.String, map[string]string{"fields.x.length": "33"}, 33, 33, true},
		{"string var-len", types.String, map[string]string{"fields.x.var-len": "true"}, 1, 99, true},
		{"varchar var-len", types.VarcharN(20), map[string]string{"fields.x.var-len": "true"}, 1, 19, true},
		{"bytes default", types.Bytes, nil, 100, 100, false},
		{"binary", types.BinaryN(4), nil, 4, 4, false},
		{"varbinary", types.VarbinaryN(4), nil, 4, 4, false},
		{"bytes var-len", types.Bytes, map[string]string{"fields.x.var-len": "true", "fields.x.length": "3"}, 1, 2, false},
		{"empty bytes", types.Bytes, map[string]string{"fields.x.length": "0"}, 0, 0, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			sizes := map[int]bool{}
			for _, r := range rowsOf(t, 500, tc.opts, col("x", tc.typ)) {
				b := r[0].B
				if len(b) < tc.lo || len(b) > tc.hi || r[0].Null {
					t.Fatalf("length %d out of [%d, %d]", len(b), tc.lo, tc.hi)
				}
				if tc.hex && !hexRE.Match(b) {
					t.Fatalf("%q is not lowercase hex", b)
				}
				sizes[len(b)] = true
			}
			if tc.lo != tc.hi && len(sizes) < 2 {
				t.Errorf("var-len produced one size only")
			}
		})
	}
}

func TestRandomBoolean(t *testing.T) {
	trues := 0
	for _, r := range rowsOf(t, 1000, nil, col("b", types.Bool)) {
		trues += int(r[0].I)
	}
	if trues < 400 || trues > 600 {
		t.Errorf("%d of 1000 TRUE", trues)
	}
}

func TestNullRate(t *testing.T) {
	tests := []struct {
		name     string
		typ      types.Type
		rate     string
		min, max int // nulls out of 1000
	}{
		{"zero", types.Int32, "0", 0, 0},
		{"one", types.String, "1", 1000, 1000},
		{"half", types.Int64, "0.5", 400, 600},
		{"negative never", types.Float64, "-1", 0, 0},
		{"NaN always", types.Bool, "NaN", 1000, 1000},
		{"timestamp", types.TimestampOf(3), "1.0", 1000, 1000},
		{"decimal", types.DecimalOf(5, 0), "1", 1000, 1000},
		{"array", types.ArrayOf(types.Int32), "1", 1000, 1000},
		{"row", types.RowOf(types.Field{Name: "a", Type: types.Int32}), "1", 1000, 1000},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			nulls := 0
			for _, r := range rowsOf(t, 1000, map[string]string{"fields.x.null-rate": tc.rate}, col("x", tc.typ)) {
				if r[0].Null {
					nulls++
				}
			}
			if nulls < tc.min || nulls > tc.max {
				t.Errorf("%d nulls, want [%d, %d]", nulls, tc.min, tc.max)
			}
		})
	}
}

func TestTemporal(t *testing.T) {
	zone := time.FixedZone("UTC+8", 8*3600)
	now := time.Date(2024, 5, 1, 20, 15, 30, 123_456_789, time.UTC) // 2024-05-02 04:15:30.123 in UTC+8
	env := connector.Env{Clock: &fakeClock{now: now}, Zone: zone, HasSeed: true, Seed: 3}
	tb := tbl("t", map[string]string{"number-of-rows": "200", "fields.p.max-past": "5s"},
		col("d", types.DateType), col("tm", types.TimeOf(3)), col("ts", types.TimestampOf(3)),
		col("ltz", types.TimestampLTZOf(6)), col("p", types.TimestampOf(3)))
	rows := drain(t, plan(t, tb), env)
	wantDate := int64(19845) // 2024-05-02
	wantTime := int64(4*3600_000 + 15*60_000 + 30_123)
	wantTS := now.UnixMilli()
	pastSeen := map[int64]bool{}
	for _, r := range rows {
		if r[0].I != wantDate || r[1].I != wantTime || r[2].I != wantTS || r[2].N != 0 || r[3].I != wantTS {
			t.Fatalf("row %+v, want date %d time %d ts %d", r, wantDate, wantTime, wantTS)
		}
		if p := wantTS - r[4].I; p < 0 || p > 5000 {
			t.Fatalf("max-past value %d ms in the past", p)
		} else {
			pastSeen[p] = true
		}
	}
	if len(pastSeen) < 50 {
		t.Errorf("max-past spread over %d values only", len(pastSeen))
	}
}

func TestCollections(t *testing.T) {
	t.Run("array default length and element options", func(t *testing.T) {
		for _, r := range rowsOf(t, 100, map[string]string{"fields.a.element.min": "1", "fields.a.element.max": "2"}, col("a", types.ArrayOf(types.Int32))) {
			a := r[0].X.(*types.ArrayValue)
			if len(a.Elems) != 3 {
				t.Fatalf("length %d", len(a.Elems))
			}
			for _, e := range a.Elems {
				if e.I < 1 || e.I > 2 {
					t.Fatalf("element %d", e.I)
				}
			}
		}
	})
	t.Run("array length option and nested strings", func(t *testing.T) {
		for _, r := range rowsOf(t, 50, map[string]string{"fields.a.length": "5", "fields.a.element.length": "4"}, col("a", types.ArrayOf(types.String))) {
			a := r[0].X.(*types.ArrayValue)
			if len(a.Elems) != 5 || len(a.Elems[0].B) != 4 {
				t.Fatalf("array %+v", a)
			}
		}
	})
	t.Run("map of booleans collapses keys", func(t *testing.T) {
		sizes := map[int]bool{}
		for _, r := range rowsOf(t, 200, nil, col("m", types.MapOf(types.Bool, types.Int32))) {
			m := r[0].X.(*types.MapValue)
			if len(m.Keys) < 1 || len(m.Keys) > 2 || len(m.Vals) != len(m.Keys) {
				t.Fatalf("map %+v", m)
			}
			sizes[len(m.Keys)] = true
		}
		if len(sizes) != 2 {
			t.Errorf("sizes %v", sizes)
		}
	})
	t.Run("map key and value options", func(t *testing.T) {
		for _, r := range rowsOf(t, 50, map[string]string{"fields.m.length": "4", "fields.m.key.length": "6", "fields.m.value.min": "5", "fields.m.value.max": "5"},
			col("m", types.MapOf(types.String, types.Int32))) {
			m := r[0].X.(*types.MapValue)
			if len(m.Keys) != 4 {
				t.Fatalf("map size %d", len(m.Keys))
			}
			for i := range m.Keys {
				if len(m.Keys[i].B) != 6 || m.Vals[i].I != 5 {
					t.Fatalf("entry %q=%d", m.Keys[i].B, m.Vals[i].I)
				}
			}
		}
	})
	t.Run("null map keys", func(t *testing.T) {
		for _, r := range rowsOf(t, 20, map[string]string{"fields.m.key.null-rate": "1"}, col("m", types.MapOf(types.Int32, types.String))) {
			m := r[0].X.(*types.MapValue)
			if len(m.Keys) != 1 || !m.Keys[0].Null {
				t.Fatalf("map %+v", m)
			}
		}
	})
	t.Run("multiset counts", func(t *testing.T) {
		counts := map[int64]bool{}
		for _, r := range rowsOf(t, 300, nil, col("s", types.MultisetOf(types.Int32))) {
			m := r[0].X.(*types.MapValue)
			for _, c := range m.Vals {
				if c.I < 0 || c.I > 10 {
					t.Fatalf("count %d", c.I)
				}
				counts[c.I] = true
			}
		}
		if len(counts) != 11 {
			t.Errorf("counts seen: %v", counts)
		}
	})
	t.Run("nested row options", func(t *testing.T) {
		typ := types.RowOf(types.Field{Name: "a", Type: types.Int32},
			types.Field{Name: "c", Type: types.RowOf(types.Field{Name: "d", Type: types.String})})
		for _, r := range rowsOf(t, 50, map[string]string{"fields.r.a.min": "4", "fields.r.a.max": "4", "fields.r.c.d.length": "2"}, col("r", typ)) {
			row := r[0].X.(*types.RowValue)
			inner := row.Fields[1].X.(*types.RowValue)
			if row.Fields[0].I != 4 || len(inner.Fields[0].B) != 2 {
				t.Fatalf("row %+v", row)
			}
		}
	})
}

func TestSequences(t *testing.T) {
	seq := func(start, end string) map[string]string {
		return map[string]string{"fields.x.kind": "sequence", "fields.x.start": start, "fields.x.end": end}
	}
	tests := []struct {
		name string
		typ  types.Type
		opts map[string]string
		want []string // values rendered by show
	}{
		{"int", types.Int32, seq("1", "4"), []string{"1", "2", "3", "4"}},
		{"bigint", types.Int64, seq("9223372036854775806", "9223372036854775807"), []string{"9223372036854775806", "9223372036854775807"}},
		{"end below start counts up", types.Int32, seq("5", "3"), []string{"5"}},
		{"end far below start", types.Int32, seq("5", "1"), []string{"5", "6", "7"}},
		{"tinyint truncates", types.Int8, seq("1", "257"), []string{"1"}},
		{"float narrowed to short", types.Float32, seq("65537", "65538"), []string{"1", "2"}},
		{"double", types.Float64, seq("-1", "1"), []string{"-1", "0", "1"}},
		{"string is decimal text", types.VarcharN(3), seq("98", "101"), []string{"98", "99", "100", "101"}},
		{"char not padded", types.CharN(5), seq("7", "7"), []string{"7"}},
		{"bytes big endian", types.Bytes, seq("1", "2"), []string{"0000000000000001", "0000000000000002"}},
		{"bytes negative", types.BinaryN(8), seq("-1", "-1"), []string{"ffffffffffffffff"}},
		{"decimal", types.DecimalOf(5, 2), seq("1", "3"), []string{"100", "200", "300"}},
		{"decimal rounded to precision", types.DecimalOf(2, 0), seq("94", "96"), []string{"94", "95", "96"}},
		{"decimal overflow is null", types.DecimalOf(3, 2), seq("9", "10"), []string{"900", "null"}},
		{"wide decimal", types.DecimalOf(20, 1), seq("-2", "-1"), []string{"-20", "-10"}},
		{"empty", types.Int32, seq("1", "0"), nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			rows := genRows(t, tbl("t", tc.opts, col("x", tc.typ)))
			var got []string
			for _, r := range rows {
				got = append(got, show(r[0], tc.typ))
			}
			if len(got) != len(tc.want) {
				t.Fatalf("got %v, want %v", got, tc.want)
			}
			for i := range got {
				if got[i] != tc.want[i] {
					t.Fatalf("got %v, want %v", got, tc.want)
				}
			}
		})
	}
}

func show(v types.Value, t types.Type) string {
	switch {
	case v.Null:
		return "null"
	case t.Kind == types.Float || t.Kind == types.Double:
		return big.NewFloat(v.F).Text('g', -1)
	case t.Kind == types.Binary || t.Kind == types.Varbinary:
		const digits = "0123456789abcdef"
		out := make([]byte, 0, 2*len(v.B))
		for _, c := range v.B {
			out = append(out, digits[c>>4], digits[c&15])
		}
		return string(out)
	case t.IsCharacter():
		return string(v.B)
	case v.X != nil:
		return v.X.(*big.Int).String()
	}
	return big.NewInt(v.I).String()
}

func TestShortestSequenceEndsTable(t *testing.T) {
	tb := tbl("t", map[string]string{
		"fields.a.kind": "sequence", "fields.a.start": "1", "fields.a.end": "10",
		"fields.b.kind": "sequence", "fields.b.start": "100", "fields.b.end": "102",
	}, col("a", types.Int32), col("b", types.Int64), col("c", types.String))
	rows := genRows(t, tb)
	if len(rows) != 3 || rows[2][0].I != 3 || rows[2][1].I != 102 {
		t.Fatalf("rows %v", rows)
	}
	if plan(t, tb).Bounded() {
		t.Error("a sequence table must be unbounded to the planner")
	}
}

func TestRuntimeFailures(t *testing.T) {
	tests := []struct {
		name  string
		cols  []types.Column
		opts  map[string]string
		class string
		msg   string
	}{
		{"int min above max", []types.Column{col("x", types.Int32)}, map[string]string{"fields.x.min": "5000", "fields.x.max": "1"},
			"org.apache.commons.math3.exception.NumberIsTooLargeException", "lower bound (5,000) must be strictly less than upper bound (1)"},
		{"bigint equal bounds", []types.Column{col("x", types.Int64)}, map[string]string{"fields.x.min": "-3", "fields.x.max": "-3"},
			"org.apache.commons.math3.exception.NumberIsTooLargeException", "lower bound (-3) must be strictly less than upper bound (-3)"},
		{"double equal bounds", []types.Column{col("x", types.Float64)}, map[string]string{"fields.x.min": "1234.56789", "fields.x.max": "1234.56789"},
			"org.apache.commons.math3.exception.NumberIsTooLargeException", "lower bound (1,234.568) must be strictly less than upper bound (1,234.568)"},
		{"float infinite bound", []types.Column{col("x", types.Float32)}, map[string]string{"fields.x.max": "1e50"},
			"org.apache.commons.math3.exception.NotFiniteNumberException", "interval bounds must be finite"},
		{"string length zero", []types.Column{col("x", types.String)}, map[string]string{"fields.x.length": "0"},
			"org.apache.commons.math3.exception.NotStrictlyPositiveException", "length (0)"},
		{"var-len length one", []types.Column{col("x", types.String)}, map[string]string{"fields.x.length": "1", "fields.x.var-len": "true"},
			diag.IllegalArgument, "bound must be greater than origin"},
		{"negative array", []types.Column{col("x", types.ArrayOf(types.Int32))}, map[string]string{"fields.x.length": "-2"},
			"java.lang.NegativeArraySizeException", "-2"},
		{"decimal range outside precision", []types.Column{col("x", types.DecimalOf(3, 0))}, map[string]string{"fields.x.min": "2000", "fields.x.max": "3000"},
			diag.IllegalArgument, "bound must be greater than origin"},
		{"huge sequence", []types.Column{col("x", types.Int64)}, map[string]string{"fields.x.kind": "sequence", "fields.x.start": "0", "fields.x.end": "3000000000"},
			"org.apache.flink.runtime.JobException", "Recovery is suppressed by NoRestartBackoffTimeStrategy"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			o := map[string]string{"number-of-rows": "5"}
			for k, v := range tc.opts {
				o[k] = v
			}
			src, err := plan(t, tbl("t", o, tc.cols...)).Create(seededEnv(1))
			if err != nil {
				t.Fatal(err)
			}
			b := stream.NewBatch(len(tc.cols))
			_, err = src.Next(ctxBG, b)
			wantErr(t, err, tc.class, tc.msg)
			if b.Len() != 0 {
				t.Errorf("%d rows emitted before the failure", b.Len())
			}
		})
	}
	t.Run("no rows no failure", func(t *testing.T) {
		rows := genRows(t, tbl("t", map[string]string{"number-of-rows": "0", "fields.x.min": "5", "fields.x.max": "1"}, col("x", types.Int32)))
		if len(rows) != 0 {
			t.Fatal(rows)
		}
	})
}

// TestHexMatchesDrawByDraw: rng.hex, which makes eight digits at a time
// in a word, makes those of one draw at a time, sixteen a draw, the low
// half's first, and leaves the generator where the draws one at a time
// leave it, for every length up to five blocks and more.
func TestHexMatchesDrawByDraw(t *testing.T) {
	for seed := uint64(1); seed <= 5; seed++ {
		for n := 0; n <= 90; n++ {
			r, ref := newRNG(seed*7919), newRNG(seed*7919)
			got := make([]byte, n)
			r.hex(got)
			var want []byte
			for len(want) < n {
				x := ref.uint64()
				for _, half := range []uint32{uint32(x), uint32(x >> 32)} {
					for k := 0; k < 8; k++ {
						want = append(want, "0123456789abcdef"[half>>(4*k)&15])
					}
				}
			}
			if string(got) != string(want[:n]) {
				t.Fatalf("seed %d, %d digits: %q, want %q", seed, n, got, want[:n])
			}
			if a, b := r.uint64(), ref.uint64(); a != b {
				t.Fatalf("seed %d, %d digits: the next draw is %x, want %x", seed, n, a, b)
			}
		}
	}
}
