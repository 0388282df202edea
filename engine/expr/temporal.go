package expr

import (
	"strconv"
	"strings"
	"time"

	"github.com/flinkplay/flinkplay/engine/types"
)

var defaultStrict, _ = compilePattern(defaultTimestampPattern, false)

// longestFraction is the longest run of S outside quoted text in a
// DateTimeFormatter pattern.
func longestFraction(p string) int {
	best, run, quoted := 0, 0, false
	for i := 0; i < len(p); i++ {
		c := p[i]
		if c == '\'' {
			quoted = !quoted
			run = 0
			continue
		}
		if !quoted && c == 'S' {
			run++
			best = max(best, run)
		} else {
			run = 0
		}
	}
	return best
}

const defaultTimestampPattern = "yyyy-MM-dd HH:mm:ss"

// patternArg compiles the pattern once when it is a literal; otherwise it
// is compiled per row.
type patternArg struct {
	fixed  *datePattern
	err    error
	simple bool
}

func newPatternArg(e Expr, simple bool) *patternArg {
	pa := &patternArg{simple: simple}
	if v, ok := LiteralValue(e); ok && !v.Null {
		pa.fixed, pa.err = compilePattern(string(v.B), simple)
	}
	return pa
}

func (pa *patternArg) get(v types.Value) (*datePattern, error) {
	if pa.fixed != nil || pa.err != nil {
		return pa.fixed, pa.err
	}
	return compilePattern(string(v.B), pa.simple)
}

// loadZone is TimeZone.getTimeZone: an id it does not know is GMT.
func loadZone(id string) *time.Location {
	switch id {
	case "UTC", "GMT", "Z":
		return time.UTC
	}
	if rest, ok := strings.CutPrefix(id, "GMT"); ok && rest != "" {
		if off, n, ok := parseOffset(rest); ok && n == len(rest) {
			return time.FixedZone(id, off)
		}
		if h, err := strconv.Atoi(rest); err == nil && h >= -23 && h <= 23 {
			return time.FixedZone(id, h*3600)
		}
	}
	if loc, err := time.LoadLocation(id); err == nil {
		return loc
	}
	return time.UTC
}
