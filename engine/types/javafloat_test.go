package types

import (
	"math"
	"strconv"
	"testing"
)

func TestAppendJavaDouble(t *testing.T) {
	// Expectations are Double.toString output; those marked JDK19 differ
	// from older JDKs, whose algorithm was not always shortest.
	tests := []struct {
		name string
		in   float64
		want string
	}{
		{"zero", 0, "0.0"},
		{"negative zero", math.Copysign(0, -1), "-0.0"},
		{"one", 1, "1.0"},
		{"minus one", -1, "-1.0"},
		{"hundred", 100, "100.0"},
		{"one and a half", 1.5, "1.5"},
		{"tenth", 0.1, "0.1"},
		{"sum of tenths", math.Float64frombits(0x3FD3333333333334), "0.30000000000000004"},
		{"third", 1.0 / 3, "0.3333333333333333"},
		{"ten million is scientific", 1e7, "1.0E7"},
		{"just below ten million", 9999999, "9999999.0"},
		{"below ten million with fraction", 9999999.999, "9999999.999"},
		{"above ten million", 12345678.9, "1.23456789E7"},
		{"thousandth is plain", 0.001, "0.001"},
		{"below a thousandth", 0.00099, "9.9E-4"},
		{"small", 1.2345678e-5, "1.2345678E-5"},
		{"plain fraction", 123456.789, "123456.789"},
		{"1e21", 1e21, "1.0E21"},
		{"1e23 JDK19", 1e23, "1.0E23"},
		{"2e23 JDK19", 2e23, "2.0E23"},
		{"max", math.MaxFloat64, "1.7976931348623157E308"},
		{"min", -math.MaxFloat64, "-1.7976931348623157E308"},
		{"smallest subnormal", math.SmallestNonzeroFloat64, "4.9E-324"},
		{"two smallest subnormals JDK19", 2 * math.SmallestNonzeroFloat64, "9.9E-324"},
		{"three smallest subnormals", 3 * math.SmallestNonzeroFloat64, "1.5E-323"},
		{"smallest normal", 0x1p-1022, "2.2250738585072014E-308"},
		{"pi", math.Pi, "3.141592653589793"},
		{"2^53", 1 << 53, "9.007199254740992E15"},
		{"datagen sample", 8.98e307, "8.98E307"},
		{"1e-300", 1e-300, "1.0E-300"},
		{"avogadro", 6.02214076e23, "6.02214076E23"},
		{"NaN", math.NaN(), "NaN"},
		{"infinity", math.Inf(1), "Infinity"},
		{"negative infinity", math.Inf(-1), "-Infinity"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := string(AppendJavaDouble(nil, tt.in)); got != tt.want {
				t.Errorf("AppendJavaDouble(%v) = %q, want %q", tt.in, got, tt.want)
			}
		})
	}
}

func TestAppendJavaFloat(t *testing.T) {
	tests := []struct {
		name string
		in   float32
		want string
	}{
		{"zero", 0, "0.0"},
		{"negative zero", float32(math.Copysign(0, -1)), "-0.0"},
		{"one", 1, "1.0"},
		{"hundred", 100, "100.0"},
		{"tenth", 0.1, "0.1"},
		{"third", 1.0 / 3, "0.33333334"},
		{"ten million", 1e7, "1.0E7"},
		{"just below ten million", 9999999, "9999999.0"},
		{"thousandth", 0.001, "0.001"},
		{"small", 1.2345678e-5, "1.2345678E-5"},
		{"max", math.MaxFloat32, "3.4028235E38"},
		{"smallest subnormal", math.SmallestNonzeroFloat32, "1.4E-45"},
		{"two smallest subnormals", 2 * math.SmallestNonzeroFloat32, "2.8E-45"},
		{"smallest normal JDK19", 0x1p-126, "1.1754944E-38"},
		{"2^24", 1 << 24, "1.6777216E7"},
		{"pi", math.Pi, "3.1415927"},
		{"decimal", 123.456, "123.456"},
		{"1e10", 1e10, "1.0E10"},
		{"1e-10", 1e-10, "1.0E-10"},
		{"shortest JDK19", math.Float32frombits(0x4d088f48), "1.4319322E8"},
		{"closest JDK19", math.Float32frombits(0x6a389b70), "5.5794096E25"},
		{"NaN", float32(math.NaN()), "NaN"},
		{"infinity", float32(math.Inf(1)), "Infinity"},
		{"negative infinity", float32(math.Inf(-1)), "-Infinity"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := string(AppendJavaFloat(nil, tt.in)); got != tt.want {
				t.Errorf("AppendJavaFloat(%v) = %q, want %q", tt.in, got, tt.want)
			}
		})
	}
}

// TestJavaFloatRoundTrip checks, over many bit patterns, that the text
// parses back to the same value and is never longer than strconv's shortest.
func TestJavaFloatRoundTrip(t *testing.T) {
	x := uint64(0x9E3779B97F4A7C15)
	for i := 0; i < 200000; i++ {
		x ^= x << 13
		x ^= x >> 7
		x ^= x << 17
		for _, bits := range []int{64, 32} {
			var f float64
			var s []byte
			if bits == 64 {
				f = math.Float64frombits(x)
				s = AppendJavaDouble(nil, f)
			} else {
				f = float64(math.Float32frombits(uint32(x)))
				s = AppendJavaFloat(nil, float32(f))
			}
			if math.IsNaN(f) || math.IsInf(f, 0) {
				continue
			}
			g, err := strconv.ParseFloat(string(s), bits)
			if err != nil || g != f {
				t.Fatalf("%d-bit %x: %q parses to %v (%v)", bits, x, s, g, err)
			}
			if lj, lg := sigDigits(s), sigDigits(strconv.AppendFloat(nil, f, 'e', -1, bits)); lj > lg && lj > 2 {
				t.Fatalf("%d-bit %x: %q has more digits than shortest", bits, x, s)
			}
		}
	}
}

// sigDigits counts the significant digits of a formatted number.
func sigDigits(s []byte) int {
	var digits []byte
	for _, c := range s {
		if c == 'e' || c == 'E' {
			break
		}
		if c >= '0' && c <= '9' && (c != '0' || len(digits) > 0) {
			digits = append(digits, c)
		}
	}
	for len(digits) > 1 && digits[len(digits)-1] == '0' {
		digits = digits[:len(digits)-1]
	}
	return len(digits)
}

func TestAppendJavaFloatNoAlloc(t *testing.T) {
	buf := make([]byte, 0, 64)
	allocs := testing.AllocsPerRun(100, func() {
		buf = AppendJavaDouble(buf[:0], 1.2345678e-5)
		buf = AppendJavaFloat(buf[:0], 3.4028235e38)
		buf = AppendJavaDouble(buf[:0], 100)
	})
	if allocs != 0 {
		t.Errorf("allocs per run = %v, want 0", allocs)
	}
}

// TestJavaFixed checks String.format("%.nf", x): Java's Formatter rounds
// the shortest decimal of x half up, so 1.005 gives 1.01 where C's printf
// gives 1.00.
func TestJavaFixed(t *testing.T) {
	tests := []struct {
		x    float64
		prec int
		want string
	}{
		{1.005, 2, "1.01"},
		{0.125, 2, "0.13"},
		{-2.5, 0, "-3"},
		{0.0004, 3, "0.000"},
		{0.005, 2, "0.01"},
		{9.9996, 3, "10.000"},
		{1e20, 1, "100000000000000000000.0"},
		{0, 2, "0.00"},
		{123.456, 6, "123.456000"},
	}
	for _, tt := range tests {
		if got := JavaFixed(tt.x, tt.prec); got != tt.want {
			t.Errorf("JavaFixed(%v, %d) = %q, want %q", tt.x, tt.prec, got, tt.want)
		}
	}
}
