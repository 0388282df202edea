package nexmark

import (
	"strconv"
	"strings"

	"github.com/flinkplay/flinkplay/engine/connector"
	"github.com/flinkplay/flinkplay/engine/diag"
)

// memoryUnits are Flink's MemorySize.MemoryUnit labels and multipliers, in
// the order MemorySize.parseUnit tries them.
var memoryUnits = []struct {
	labels []string
	mult   int64
}{
	{[]string{"b", "bytes"}, 1},
	{[]string{"k", "kb", "kibibytes"}, 1 << 10},
	{[]string{"m", "mb", "mebibytes"}, 1 << 20},
	{[]string{"g", "gb", "gibibytes"}, 1 << 30},
	{[]string{"t", "tb", "tebibytes"}, 1 << 40},
}

// allMemoryUnits is MemoryUnit.getAllUnits().
func allMemoryUnits() string {
	var parts []string
	for _, u := range memoryUnits {
		parts = append(parts, "("+strings.Join(u.labels, " | ")+")")
	}
	return strings.Join(parts, " / ")
}

// parseMemorySize parses a MemorySize option as Flink's MemorySize.parse
// does: decimal digits, then an optional unit (bytes without one), blanks
// around either. Errors are Flink's "Could not parse value" wrapping
// MemorySize's own exception.
func parseMemorySize(key, value string) (int64, error) {
	fail := func(class, format string, args ...any) (int64, error) {
		return 0, &connector.ParseError{Key: key, Value: value, Cause: diag.Errorf(diag.NoPos, class, format, args...)}
	}
	s := javaTrim(value)
	if s == "" {
		return fail(diag.IllegalArgument, "argument is an empty- or whitespace-only string")
	}
	pos := 0
	for pos < len(s) && s[pos] >= '0' && s[pos] <= '9' {
		pos++
	}
	number := s[:pos]
	unit := strings.ToLower(javaTrim(s[pos:]))
	if number == "" {
		return fail(diag.NumberFormatException, "text does not start with a number")
	}
	n, err := strconv.ParseInt(number, 10, 64)
	if err != nil {
		return fail(diag.IllegalArgument, "The value '%s' cannot be re represented as 64bit number (numeric overflow).", number)
	}
	mult := int64(1)
	if unit != "" {
		found := false
		for _, u := range memoryUnits {
			for _, l := range u.labels {
				if l == unit {
					mult, found = u.mult, true
				}
			}
		}
		if !found {
			return fail(diag.IllegalArgument, "Memory size unit '%s' does not match any of the recognized units: %s", unit, allMemoryUnits())
		}
	}
	r := n * mult
	if r/mult != n {
		return fail(diag.IllegalArgument, "The value '%s' cannot be re represented as 64bit number of bytes (numeric overflow).", value)
	}
	return r, nil
}

// javaTrim is String.trim: it strips characters <= ' ' at both ends.
func javaTrim(s string) string {
	i, j := 0, len(s)
	for i < j && s[i] <= ' ' {
		i++
	}
	for j > i && s[j-1] <= ' ' {
		j--
	}
	return s[i:j]
}
