package types

import "testing"

func TestAppendDecimalString(t *testing.T) {
	for _, c := range []struct {
		neg    bool
		digits string
		scale  int
		want   string
	}{
		{false, "12345", 0, "12345"},
		{true, "12345", 2, "-123.45"},
		{false, "5", 3, "0.005"},
		{false, "1", 7, "1E-7"},
		{false, "0", 10, "0E-10"},
		{false, "1", -2, "1E+2"},
		{true, "12", -3, "-1.2E+4"},
		{false, "1", 6, "0.000001"},
	} {
		if got := string(AppendDecimalString(nil, c.neg, []byte(c.digits), c.scale)); got != c.want {
			t.Errorf("%v %s scale %d: %q, want %q", c.neg, c.digits, c.scale, got, c.want)
		}
	}
}
