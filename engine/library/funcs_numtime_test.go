package library

import (
	"testing"
	"time"

	"github.com/flinkplay/flinkplay/engine/expr"
	"github.com/flinkplay/flinkplay/engine/types"
)

// Expected values come from Java 17 (java.util.Random, SimpleDateFormat,
// DateTimeFormatter, BigDecimal), which Flink's functions call.

func TestJavaRandom(t *testing.T) {
	r := newJavaRandom(0)
	if got := r.nextDouble(); got != 0.730967787376657 {
		t.Errorf("nextDouble #1 = %v", got)
	}
	if got := r.nextDouble(); got != 0.24053641567148587 {
		t.Errorf("nextDouble #2 = %v", got)
	}
	for _, c := range []struct {
		bound, want int32
	}{{7, 4}, {1 << 20, 324063}, {1000000007, 182054484}} {
		if got := r.nextInt(c.bound); got != c.want {
			t.Errorf("nextInt(%d) = %d, want %d", c.bound, got, c.want)
		}
	}
	q := newJavaRandom(-5)
	if got := q.nextInt(3); got != 0 {
		t.Errorf("seed -5 nextInt(3) = %d", got)
	}
	if got := q.nextDouble(); got != 0.3634331425144135 {
		t.Errorf("seed -5 nextDouble = %v", got)
	}
}

func TestSimpleDateFormatParse(t *testing.T) {
	for _, c := range []struct {
		name, pattern, text string
		want                int64 // epoch millis in UTC
		ok                  bool
	}{
		{"short fields", "yyyy-MM-dd HH:mm:ss", "2024-1-5 3:4:5", 1704423845000, true},
		{"lenient day rolls over", "yyyy-MM-dd HH:mm:ss", "2024-02-30 00:00:00", 1709251200000, true},
		{"adjacent fields take their widths", "yyyyMMddHHmmss", "20240105030405", 1704423845000, true},
		{"month names any case", "dd MMM yyyy", "05 march 2024", 1709596800000, true},
		{"trailing text ignored", "yyyy-MM-dd", "2024-01-05 junk", 1704412800000, true},
		{"literal mismatch", "yyyy-MM-dd", "2024/01/05", 0, false},
		{"offset in text", "yyyy-MM-dd HH:mm:ss X", "1970-01-01 08:00:00 +08", 0, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			dp, err := expr.CompilePattern(c.pattern, true)
			if err != nil {
				t.Fatal(err)
			}
			p, ok := dp.Parse(c.text)
			if ok != c.ok {
				t.Fatalf("ok = %v", ok)
			}
			if ok {
				if got := p.LenientTime(time.UTC).UnixMilli(); got != c.want {
					t.Errorf("got %d, want %d", got, c.want)
				}
			}
		})
	}
}

func TestDateTimeFormatterFormat(t *testing.T) {
	w := time.Date(2024, 3, 5, 0, 7, 9, 123456789, time.UTC)
	for _, c := range []struct{ pattern, want string }{
		{"yyyy-MM-dd'T'HH:mm:ss.SSSSSS h a D E EEEE MMMM", "2024-03-05T00:07:09.123456 12 AM 65 Tue Tuesday March"},
		{"yy/M/d k K", "24/3/5 24 0"},
		{"''yyyy''", "'2024'"},
	} {
		dp, err := expr.CompilePattern(c.pattern, false)
		if err != nil {
			t.Fatal(err)
		}
		got, err := dp.Format(nil, w, false)
		if err != nil || string(got) != c.want {
			t.Errorf("%q: got %q (%v), want %q", c.pattern, got, err, c.want)
		}
	}
	if _, err := expr.CompilePattern("yyyy-bb", false); err == nil || err.Error() != "Unknown pattern letter: b" {
		t.Errorf("unknown letter: %v", err)
	}
	dp, _ := expr.CompilePattern("HH X", false)
	if _, err := dp.Format(nil, w, false); err == nil {
		t.Error("an offset of a timestamp without time zone formatted")
	}
}

func TestDecRoundTo(t *testing.T) {
	for _, c := range []struct {
		in   string
		r    int
		down bool
		want string
	}{
		{"-2.5", 0, false, "-3"},
		{"1.005", 2, false, "1.01"},
		{"123.456", -1, false, "120"},
		{"155", -1, false, "160"},
		{"-155", -1, true, "-150"},
		{"1.9", 0, true, "1"},
		{"1.5", 3, false, "1.500"},
	} {
		d, ok := expr.ParseDecimalText([]byte(c.in))
		if !ok {
			t.Fatal(c.in)
		}
		if got := decRoundTo(d, c.r, c.down).String(); got != c.want {
			t.Errorf("decRoundTo(%s, %d, %v) = %s, want %s", c.in, c.r, c.down, got, c.want)
		}
	}
}

func TestCalendarHelpers(t *testing.T) {
	day := func(y, m, d int) int64 { return expr.YmdToDays(y, m, d) }
	for _, c := range []struct {
		unit string
		days int64
		want int64
	}{
		{"DOW", day(1994, 9, 27), 3}, {"ISODOW", day(1994, 9, 27), 2}, {"DOY", day(1994, 9, 27), 270},
		{"WEEK", day(2021, 1, 1), 53}, {"ISOYEAR", day(2021, 1, 1), 2020}, {"QUARTER", day(2020, 12, 31), 4},
		{"CENTURY", day(2000, 1, 1), 20}, {"CENTURY", day(2001, 1, 1), 21}, {"MILLENNIUM", day(2001, 1, 1), 3},
		{"DECADE", day(1999, 1, 1), 199}, {"EPOCH", 1, 86400},
	} {
		if got := extractDate(c.unit, c.days); got != c.want {
			t.Errorf("extractDate(%s, %d) = %d, want %d", c.unit, c.days, got, c.want)
		}
	}
	for _, c := range []struct {
		unit                string
		days                int64
		floor               bool
		wantY, wantM, wantD int
	}{
		{"WEEK", day(2020, 5, 20), true, 2020, 5, 17}, {"WEEK", day(2020, 5, 20), false, 2020, 5, 24},
		{"QUARTER", day(2020, 5, 20), true, 2020, 4, 1}, {"QUARTER", day(2020, 5, 20), false, 2020, 7, 1},
		{"QUARTER", day(2020, 11, 20), false, 2021, 1, 1}, {"YEAR", day(2020, 1, 1), false, 2020, 1, 1},
		{"MONTH", day(2020, 12, 2), false, 2021, 1, 1},
	} {
		y, m, d := expr.DaysToYmd(dateFloor(c.unit, c.days, c.floor))
		if y != c.wantY || m != c.wantM || d != c.wantD {
			t.Errorf("dateFloor(%s, %v) = %d-%d-%d", c.unit, c.floor, y, m, d)
		}
	}
	ms := func(y, mo, d, h int) int64 { return day(y, mo, d)*86400000 + int64(h)*3600000 }
	for _, c := range []struct {
		a, b, want int64
	}{
		{ms(2020, 1, 31, 0), ms(2020, 2, 29, 0), 0},
		{ms(2020, 1, 15, 0), ms(2020, 3, 15, 0), 2},
		{ms(2020, 1, 15, 10), ms(2020, 3, 15, 9), 1},
		{ms(2021, 6, 1, 0), ms(2020, 1, 1, 0), -17},
	} {
		if got := monthsBetween(c.a, c.b); got != c.want {
			t.Errorf("monthsBetween = %d, want %d", got, c.want)
		}
	}
}

func TestConstructedCast(t *testing.T) {
	intArr := types.ArrayOf(types.Int32)
	arr := expr.Literal(types.Value{X: &types.ArrayValue{Elems: []types.Value{types.IntValue(1), types.NullValue, types.IntValue(-3)}}}, intArr)
	e, err := expr.Cast(arr, types.ArrayOf(types.String), false, 0)
	if err != nil {
		t.Fatal(err)
	}
	v, err := e.Eval(&expr.Ctx{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if got := types.FormatValue(v, e.Type(), time.UTC); got != "[1, NULL, -3]" {
		t.Errorf("ARRAY<INT> to ARRAY<STRING> = %s", got)
	}
	e, err = expr.Cast(arr, types.ArrayOf(types.DecimalOf(5, 2)), false, 0)
	if err != nil {
		t.Fatal(err)
	}
	v, _ = e.Eval(&expr.Ctx{}, nil)
	if got := types.FormatValue(v, e.Type(), time.UTC); got != "[1.00, NULL, -3.00]" {
		t.Errorf("ARRAY<INT> to ARRAY<DECIMAL(5, 2)> = %s", got)
	}
	if _, err := expr.Cast(arr, types.ArrayOf(types.DateType), false, 7); err == nil || err.Error() != "Cast function cannot convert value of type INTEGER ARRAY to type DATE ARRAY" {
		t.Errorf("ARRAY<INT> to ARRAY<DATE>: %v", err)
	}
	row := types.RowOf(types.Field{Name: "a", Type: types.Int32}, types.Field{Name: "b", Type: types.String})
	rv := expr.Literal(types.Value{X: &types.RowValue{Fields: []types.Value{types.IntValue(7), types.StringValue("8")}}}, row)
	to := types.RowOf(types.Field{Name: "x", Type: types.Int64}, types.Field{Name: "y", Type: types.Int32})
	e, err = expr.Cast(rv, to, false, 0)
	if err != nil {
		t.Fatal(err)
	}
	v, err = e.Eval(&expr.Ctx{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if got := types.FormatValue(v, e.Type(), time.UTC); got != "(7, 8)" {
		t.Errorf("ROW cast = %s", got)
	}
}
