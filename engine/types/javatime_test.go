package types

import (
	"testing"
	"time"
)

// TestJavaTime checks java.time's text: the dates of every day in 1 to 9999
// against Go's calendar, and the forms Java's toString and ISO formatters
// give at their edges.
func TestJavaTime(t *testing.T) {
	first := time.Date(1, 1, 1, 0, 0, 0, 0, time.UTC).Unix() / 86400
	last := time.Date(9999, 12, 31, 0, 0, 0, 0, time.UTC).Unix() / 86400
	for d := first; d <= last; d += 37 {
		want := time.Unix(d*86400, 0).UTC().Format("2006-01-02")
		if got := string(AppendLocalDate(nil, d)); got != want {
			t.Fatalf("day %d: %s, want %s", d, got, want)
		}
	}
	day := func(y int, m time.Month, d int) int64 {
		return time.Date(y, m, d, 0, 0, 0, 0, time.UTC).Unix() / 86400
	}
	for _, tc := range []struct{ got, want string }{
		// LocalDate.of(-5, 1, 1), of(12345, 6, 7), of(-12345, 1, 1) and of(0, 2, 29).
		{string(AppendLocalDate(nil, day(-5, 1, 1))), "-0005-01-01"},
		{string(AppendLocalDate(nil, day(12345, 6, 7))), "+12345-06-07"},
		{string(AppendLocalDate(nil, day(-12345, 1, 1))), "-12345-01-01"},
		{string(AppendLocalDate(nil, day(0, 2, 29))), "0000-02-29"},
		// LocalTime.of(10, 0), of(10, 0, 5), of(10, 0, 0, 500_000_000),
		// of(10, 0, 0, 1_000) and of(10, 0, 0, 1).
		{string(AppendLocalTime(nil, 10*3600e9)), "10:00"},
		{string(AppendLocalTime(nil, 10*3600e9+5e9)), "10:00:05"},
		{string(AppendLocalTime(nil, 10*3600e9+5e8)), "10:00:00.500"},
		{string(AppendLocalTime(nil, 10*3600e9+1e3)), "10:00:00.000001"},
		{string(AppendLocalTime(nil, 10*3600e9+1)), "10:00:00.000000001"},
		// ISO_LOCAL_TIME as the formats write it: seconds always, the
		// fraction without trailing zeros.
		{string(AppendISOLocalTime(nil, 10*3600e9)), "10:00:00"},
		{string(AppendISOLocalTime(nil, 10*3600e9+5e8)), "10:00:00.5"},
		{string(AppendISOLocalTime(nil, 10*3600e9+1)), "10:00:00.000000001"},
		// Instant.ofEpochMilli(0), ofEpochMilli(-1) and ofEpochSecond(1, 120_000_000).
		{string(AppendInstant(nil, 0, 0)), "1970-01-01T00:00:00Z"},
		{string(AppendInstant(nil, -1, 0)), "1969-12-31T23:59:59.999Z"},
		{string(AppendInstant(nil, 1120, 0)), "1970-01-01T00:00:01.120Z"},
	} {
		if tc.got != tc.want {
			t.Errorf("got %s, want %s", tc.got, tc.want)
		}
	}
}

func TestDaysFromCivilInvertsCivilFromDays(t *testing.T) {
	for z := int64(-3_000_000); z <= 3_000_000; z += 997 {
		y, m, d := CivilFromDays(z)
		if got := DaysFromCivil(y, m, d); got != z {
			t.Fatalf("DaysFromCivil(%d, %d, %d) = %d, want %d", y, m, d, got, z)
		}
	}
	if got := DaysFromCivil(2024, 2, 29); got != 19782 {
		t.Errorf("DaysFromCivil(2024, 2, 29) = %d, want 19782", got)
	}
}
