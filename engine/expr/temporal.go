package expr

import (
	"strconv"
	"strings"
	"time"

	"github.com/flinkplay/flinkplay/engine/types"
)

var DefaultStrict, _ = CompilePattern(DefaultTimestampPattern, false)

// LongestFraction is the longest run of S outside quoted text in a
// DateTimeFormatter pattern.
func LongestFraction(p string) int {
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

const DefaultTimestampPattern = "yyyy-MM-dd HH:mm:ss"

// PatternArg compiles the pattern once when it is a literal; otherwise it
// is compiled per row.
type PatternArg struct {
	Fixed  *datePattern
	err    error
	Simple bool
}

func NewPatternArg(e Expr, simple bool) *PatternArg {
	pa := &PatternArg{Simple: simple}
	if v, ok := LiteralValue(e); ok && !v.Null {
		pa.Fixed, pa.err = CompilePattern(string(v.B), simple)
	}
	return pa
}

func (pa *PatternArg) Get(v types.Value) (*datePattern, error) {
	if pa.Fixed != nil || pa.err != nil {
		return pa.Fixed, pa.err
	}
	return CompilePattern(string(v.B), pa.Simple)
}

// LoadZone is TimeZone.getTimeZone: an id it does not know is GMT.
func LoadZone(id string) *time.Location {
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
