package connector

import (
	"errors"
	"math"
	"testing"
	"time"

	"github.com/flinkplay/flinkplay/engine/diag"
)

// cause returns the class and message Flink's SQL client prints for err.
func cause(t *testing.T, err error) string {
	t.Helper()
	d, ok := diag.As(err)
	if !ok {
		t.Fatalf("%v is not a diag.Error", err)
	}
	return d.Reason()
}

func TestParseInt(t *testing.T) {
	tests := []struct {
		in   string
		want int32
		bad  bool
	}{
		{"0", 0, false},
		{"+42", 42, false},
		{"-2147483648", math.MinInt32, false},
		{"2147483647", math.MaxInt32, false},
		{"٣", 3, false}, // Arabic-Indic digit: Character.digit accepts it
		{"2147483648", 0, true},
		{"", 0, true},
		{"-", 0, true},
		{" 1", 0, true},
		{"1_000", 0, true},
		{"1.0", 0, true},
		{"0x10", 0, true},
	}
	for _, tc := range tests {
		t.Run(tc.in, func(t *testing.T) {
			got, err := ParseInt("k", tc.in)
			if tc.bad {
				if err == nil {
					t.Fatalf("got %d, want error", got)
				}
				if err.Error() != "Could not parse value '"+tc.in+"' for key 'k'." {
					t.Errorf("message %q", err.Error())
				}
				if c := cause(t, err); c != `java.lang.NumberFormatException: For input string: "`+tc.in+`"` {
					t.Errorf("cause %q", c)
				}
				return
			}
			if err != nil || got != tc.want {
				t.Fatalf("got %d, %v; want %d", got, err, tc.want)
			}
		})
	}
}

func TestParseLong(t *testing.T) {
	tests := []struct {
		in   string
		want int64
		bad  bool
	}{
		{"-9223372036854775808", math.MinInt64, false},
		{"9223372036854775807", math.MaxInt64, false},
		{"9223372036854775808", 0, true},
		{"-9223372036854775809", 0, true},
		{"10L", 0, true},
	}
	for _, tc := range tests {
		t.Run(tc.in, func(t *testing.T) {
			got, err := ParseLong("k", tc.in)
			if (err != nil) != tc.bad || got != tc.want {
				t.Fatalf("got %d, %v", got, err)
			}
		})
	}
}

func TestParseFloatAndDouble(t *testing.T) {
	tests := []struct {
		in     string
		want   float64 // as a double
		want32 float32
		cause  string // "" when valid
	}{
		{"1.5", 1.5, 1.5, ""},
		{" 2 ", 2, 2, ""},
		{"1.5f", 1.5, 1.5, ""},
		{"-3D", -3, -3, ""},
		{".5", 0.5, 0.5, ""},
		{"5.", 5, 5, ""},
		{"1e3", 1000, 1000, ""},
		{"0x1p3", 8, 8, ""},
		{"0X1.8P1", 3, 3, ""},
		{"NaN", math.NaN(), float32(math.NaN()), ""},
		{"-Infinity", math.Inf(-1), float32(math.Inf(-1)), ""},
		{"1e50", 1e50, float32(math.Inf(1)), ""},
		{"3.4028235E38", 3.4028235e38, math.MaxFloat32, ""},
		{"1.4E-45", 1.4e-45, math.SmallestNonzeroFloat32, ""},
		{"abc", 0, 0, `java.lang.NumberFormatException: For input string: "abc"`},
		{"", 0, 0, "java.lang.NumberFormatException: empty String"},
		{"   ", 0, 0, "java.lang.NumberFormatException: empty String"},
		{"inf", 0, 0, `java.lang.NumberFormatException: For input string: "inf"`},
		{"1e", 0, 0, `java.lang.NumberFormatException: For input string: "1e"`},
		{"0x1", 0, 0, `java.lang.NumberFormatException: For input string: "0x1"`},
		{"1_0", 0, 0, `java.lang.NumberFormatException: For input string: "1_0"`},
		{" x ", 0, 0, `java.lang.NumberFormatException: For input string: "x"`},
	}
	same := func(a, b float64) bool { return a == b || (math.IsNaN(a) && math.IsNaN(b)) }
	for _, tc := range tests {
		t.Run(tc.in, func(t *testing.T) {
			d, err := ParseDouble("k", tc.in)
			f, err32 := ParseFloat("k", tc.in)
			if tc.cause != "" {
				if err == nil || err32 == nil {
					t.Fatalf("no error")
				}
				if c := cause(t, err); c != tc.cause {
					t.Errorf("cause %q", c)
				}
				return
			}
			if err != nil || err32 != nil {
				t.Fatalf("errors %v, %v", err, err32)
			}
			if !same(d, tc.want) || !same(float64(f), float64(tc.want32)) {
				t.Errorf("got %v / %v, want %v / %v", d, f, tc.want, tc.want32)
			}
		})
	}
}

func TestParseBool(t *testing.T) {
	for _, in := range []string{"true", "TRUE", "True"} {
		if v, err := ParseBool("k", in); err != nil || !v {
			t.Errorf("%q: %v %v", in, v, err)
		}
	}
	if v, err := ParseBool("k", "fAlse"); err != nil || v {
		t.Errorf("fAlse: %v %v", v, err)
	}
	_, err := ParseBool("standard-error", "yes")
	if err == nil || err.Error() != "Could not parse value 'yes' for key 'standard-error'." {
		t.Fatalf("err %v", err)
	}
	if c := cause(t, err); c != "java.lang.IllegalArgumentException: Unrecognized option for boolean: yes. Expected either true or false(case insensitive)" {
		t.Errorf("cause %q", c)
	}
}

func TestParseDuration(t *testing.T) {
	tests := []struct {
		in    string
		want  time.Duration
		cause string
	}{
		{"5s", 5 * time.Second, ""},
		{"100", 100 * time.Millisecond, ""},
		{" 3 min ", 3 * time.Minute, ""},
		{"1 MIN", time.Minute, ""},
		{"2 days", 48 * time.Hour, ""},
		{"7µs", 7 * time.Microsecond, ""},
		{"10 nanos", 10, ""},
		{"0", 0, ""},
		{"PT5S", 5 * time.Second, ""},
		{"pt1h30m", 90 * time.Minute, ""},
		{"P1DT0.5S", 24*time.Hour + 500*time.Millisecond, ""},
		{"-PT5S", 0, "java.lang.NumberFormatException: negative duration is not supported"},
		{"", 0, "java.lang.IllegalArgumentException: argument is an empty- or whitespace-only string"},
		{"5 parsecs", 0, "java.lang.IllegalArgumentException: Time interval unit label 'parsecs' does not match any of the recognized units: DAYS: (d | day | days), HOURS: (h | hour | hours), MINUTES: (min | m | minute | minutes), SECONDS: (s | sec | secs | second | seconds), MILLISECONDS: (ms | milli | millis | millisecond | milliseconds), MICROSECONDS: (µs | micro | micros | microsecond | microseconds), NANOSECONDS: (ns | nano | nanos | nanosecond | nanoseconds)"},
		{"abc", 0, "java.lang.NumberFormatException: text does not start with a number, and is not a valid ISO-8601 duration format: abc"},
		{"PT", 0, "java.lang.NumberFormatException: text does not start with a number, and is not a valid ISO-8601 duration format: PT"},
		{"1.5s", 0, "java.lang.IllegalArgumentException: Time interval unit label '.5s' does not match any of the recognized units: DAYS: (d | day | days), HOURS: (h | hour | hours), MINUTES: (min | m | minute | minutes), SECONDS: (s | sec | secs | second | seconds), MILLISECONDS: (ms | milli | millis | millisecond | milliseconds), MICROSECONDS: (µs | micro | micros | microsecond | microseconds), NANOSECONDS: (ns | nano | nanos | nanosecond | nanoseconds)"},
		{"99999999999999999999999 d", 0, "java.lang.IllegalArgumentException: The value '99999999999999999999999' cannot be represented as Duration (numeric overflow)."},
		{"1000 days", 0, ""}, // fits Java's Duration and time.Duration
	}
	for _, tc := range tests {
		t.Run(tc.in, func(t *testing.T) {
			got, err := ParseDuration("k", tc.in)
			if tc.cause != "" {
				if err == nil {
					t.Fatalf("got %v, want error", got)
				}
				if c := cause(t, err); c != tc.cause {
					t.Errorf("cause:\n got %q\nwant %q", c, tc.cause)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if tc.want != 0 && got != tc.want {
				t.Errorf("got %v, want %v", got, tc.want)
			}
		})
	}
}

func TestJavaDurationMillis(t *testing.T) {
	tests := []struct {
		name string
		d    JavaDuration
		want int64
		bad  bool
	}{
		{"sub-millisecond", JavaDuration{Seconds: 0, Nanos: 999_999}, 0, false},
		{"seconds", JavaDuration{Seconds: 5, Nanos: 1_500_000}, 5001, false},
		{"overflow", JavaDuration{Seconds: math.MaxInt64 / 100}, 0, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := tc.d.Millis()
			if (err != nil) != tc.bad || got != tc.want {
				t.Fatalf("got %d, %v", got, err)
			}
			if tc.bad && cause(t, err) != "java.lang.ArithmeticException: long overflow" {
				t.Errorf("cause %q", cause(t, err))
			}
		})
	}
}

func TestValidateHelper(t *testing.T) {
	own := []Option{{Key: "standard-error", Type: Boolean}, {Key: "sink.parallelism", Type: Int}}
	tests := []struct {
		name string
		opts map[string]string
		want string // error text, "" for none
	}{
		{"ok", map[string]string{"connector": "x", "standard-error": "true", "property-version": "1"}, ""},
		{"watermark options accepted", map[string]string{"connector": "x", "scan.watermark.idle-timeout": "5s"}, ""},
		{"bad value first", map[string]string{"connector": "x", "standard-error": "maybe", "nope": "1"},
			"Could not parse value 'maybe' for key 'standard-error'."},
		{"unsupported", map[string]string{"connector": "x", "b": "1", "a": "2"},
			"Unsupported options found for 'x'.\n\nUnsupported options:\n\na\nb\n\nSupported options:\n\nconnector\nproperty-version\nscan.watermark.alignment.group\nscan.watermark.alignment.max-drift\nscan.watermark.alignment.update-interval\nscan.watermark.emit.strategy\nscan.watermark.idle-timeout\nsink.parallelism\nstandard-error"},
		{"alignment pair", map[string]string{"connector": "x", "scan.watermark.alignment.group": "g"},
			"Error configuring watermark for 'x', 'scan.watermark.alignment.group' and 'scan.watermark.alignment.max-drift' must be set when configuring watermark alignment"},
		{"emit strategy", map[string]string{"connector": "x", "scan.watermark.emit.strategy": "sometimes"},
			"Could not parse value 'sometimes' for key 'scan.watermark.emit.strategy'."},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			err := ValidateHelper("x", tc.opts, own)
			if tc.want == "" {
				if err != nil {
					t.Fatal(err)
				}
				return
			}
			if err == nil || err.Error() != tc.want {
				t.Fatalf("got %v\nwant %s", err, tc.want)
			}
			var pe *ParseError
			if errors.As(err, &pe) && pe.Cause == nil {
				t.Error("parse error without cause")
			}
		})
	}
}
