package datagen

import (
	"math"
	"strings"
	"testing"
)

func TestJavaFixed6(t *testing.T) {
	tests := []struct {
		in   float64
		want string
	}{
		{5, "5.000000"},
		{-1.5, "-1.500000"},
		{0.0000005, "0.000001"},
		{0.00000049, "0.000000"},
		{9.9999995, "10.000000"},
		{math.SmallestNonzeroFloat64, "0.000000"},
		{math.MaxFloat64, "17976931348623157" + strings.Repeat("0", 292) + ".000000"},
		{math.NaN(), "NaN"},
		{math.Inf(-1), "-Infinity"},
	}
	for _, tc := range tests {
		if got := javaFixed6(tc.in); got != tc.want {
			t.Errorf("javaFixed6(%v) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func TestMessageNumbers(t *testing.T) {
	ints := map[int64]string{0: "0", 999: "999", 1000: "1,000", -2147483648: "-2,147,483,648"}
	for in, want := range ints {
		if got := messageInt(in); got != want {
			t.Errorf("messageInt(%d) = %q, want %q", in, got, want)
		}
	}
	doubles := []struct {
		in   float64
		want string
	}{
		{1.5, "1.5"},
		{1234.56789, "1,234.568"},
		{0.0005, "0"}, // half-even
		{0.0015, "0.002"},
		{1.401298464324817e-45, "0"},
		{3.4028234663852886e38, "340,282,346,638,528,860,000,000,000,000,000,000,000"},
		{math.Inf(1), "∞"},
		{-2, "-2"},
	}
	for _, tc := range doubles {
		if got := messageDouble(tc.in); got != tc.want {
			t.Errorf("messageDouble(%v) = %q, want %q", tc.in, got, tc.want)
		}
	}
}
