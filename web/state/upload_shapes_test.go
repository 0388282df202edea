package state

import (
	"regexp"
	"testing"
)

// The hand-written scanners accept exactly what these expressions match.
func TestValueShapes(t *testing.T) {
	decimalRe := regexp.MustCompile(`^[+-]?([0-9]+)(?:\.([0-9]+))?$`)
	doubleRe := regexp.MustCompile(`^[+-]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]+)?$`)
	dateRe := regexp.MustCompile(`^[0-9]{4}-[0-9]{2}-[0-9]{2}$`)
	tsRe := regexp.MustCompile(`^([0-9]{4}-[0-9]{2}-[0-9]{2})([ T])([0-9]{2}:[0-9]{2}:[0-9]{2})(?:\.([0-9]{1,9}))?$`)
	values := []string{
		"", "0", "-0", "+12", "12.", "12.5", ".5", "-.5", "1e5", "1E-5", "1.e5", ".e5", "e5", "1e", "1e+", "+", "-", ".",
		"1.2.3", "12a", " 12", "00012.3400", "1,5", "١٢",
		"2024-01-02", "2024-1-02", "2024-01-02x", "20240102", "2024-01-02 03:04:05", "2024-01-02T03:04:05.123",
		"2024-01-02T03:04:05.", "2024-01-02 03:04:05.1234567890", "2024-01-02 03:04:05.123456789", "2024-01-02  03:04:05",
		"2024-01-02 3:04:05", "2024-01-02 03:04:05Z", "9999-99-99 99:99:99.9",
	}
	for _, v := range values {
		m := decimalRe.FindStringSubmatch(v)
		ip, fr, ok := decimalParts(v)
		if (m != nil) != ok || ok && (m[1] != ip || m[2] != fr) {
			t.Errorf("decimal %q: regexp %q, scanner %q %q %v", v, m, ip, fr, ok)
		}
		if doubleRe.MatchString(v) != isDouble(v) {
			t.Errorf("double %q: regexp %v", v, doubleRe.MatchString(v))
		}
		if dateRe.MatchString(v) != isDate(v) {
			t.Errorf("date %q: regexp %v", v, dateRe.MatchString(v))
		}
		tm := tsRe.FindStringSubmatch(v)
		d, sep, c, f, ok := timestampParts(v)
		if (tm != nil) != ok || ok && (tm[1] != d || tm[2] != sep || tm[3] != c || tm[4] != f) {
			t.Errorf("timestamp %q: regexp %q, scanner %q %q %q %q %v", v, tm, d, sep, c, f, ok)
		}
	}
}
