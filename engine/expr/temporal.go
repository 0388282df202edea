package expr

import (
	"math"
	"time"

	"github.com/flinkplay/flinkplay/engine/diag"
	"github.com/flinkplay/flinkplay/engine/funcs"
	"github.com/flinkplay/flinkplay/engine/types"
)

// buildToTimestampLTZ is TO_TIMESTAMP_LTZ(numeric[, precision]): an epoch
// number in units of 10^-precision seconds (default 3, milliseconds; a
// literal 0 to 9, as Flink 2.x has it) as TIMESTAMP_LTZ(max(3, precision));
// or, with a string, buildToTimestampLTZString.
func buildToTimestampLTZ(name string, args []Expr, pos int) (Expr, error) {
	t := args[0].Type()
	if t.IsCharacter() {
		return buildToTimestampLTZString(name, args, pos)
	}
	if !t.IsNumeric() || len(args) > 2 {
		return nil, cannotApplyFunc(pos, name, args, name+"(<NUMERIC>, <INTEGER>)", name+"(<CHARACTER>[, <CHARACTER>[, <CHARACTER>]])")
	}
	// Flink 2.x: the precision (0-9, default 3) is the unit of the number,
	// 10^-precision seconds; 1.20 knew 0 and 3 only.
	precision := int64(3)
	if len(args) == 2 {
		v, ok := LiteralValue(args[1])
		if !ok || !args[1].Type().IsInteger() || v.Null {
			return nil, cannotApplyFunc(pos, name, args, name+"(<NUMERIC>, <INTEGER>)")
		}
		precision = v.I
		if precision < 0 || precision > 9 {
			return nil, diag.Errorf(pos, diag.ValidationException,
				"The precision value '%d' for function TO_TIMESTAMP_LTZ(numeric, precision) is unsupported, the supported value is in the range [0, 9].", precision)
		}
	}
	p := max(3, int(precision))
	// Always nullable, as Flink types it: an out-of-range input is NULL.
	out := types.TimestampLTZOf(p).WithNullable(true)
	// Both arguments print in plans, as written; only the first is read.
	var ints func(dst, src []int64)
	if t.IsInteger() && precision <= 3 {
		m := pow10[3-precision]
		ints = func(dst, src []int64) {
			for i, x := range src {
				dst[i] = x * m
			}
		}
	}
	return &scalar{name: name, args: args, t: out, ints: ints, eval: func(_ *Ctx, v []types.Value) (types.Value, error) {
		x := v[0]
		var units float64 // the number in 10^-precision seconds
		switch t.Kind {
		case types.Float, types.Double:
			units = x.F
		case types.Decimal:
			units = decOf(x, t).toFloat()
		default:
			if precision <= 3 {
				return types.TimestampValue(x.I*pow10[3-precision], 0), nil
			}
			div := pow10[precision-3]
			ms, rest := x.I/div, x.I%div
			if rest < 0 {
				ms, rest = ms-1, rest+div
			}
			return types.TimestampValue(ms, int32(rest*pow10[9-precision])), nil
		}
		millis := units * math.Pow(10, float64(3-precision))
		if math.IsNaN(millis) || math.IsInf(millis, 0) {
			return types.NullValue, nil
		}
		return types.TimestampValue(int64(math.Floor(millis)), 0), nil
	}}, nil
}

// buildToTimestampLTZString is Flink 2.x's TO_TIMESTAMP_LTZ(string[,
// format[, zone]]): the text read by a DateTimeFormatter pattern (default
// 'yyyy-MM-dd HH:mm:ss') as a wall clock of the zone (default UTC). The
// precision is the longest run of S outside quotes in a literal format,
// clamped to [3, 9]; NULL when the text does not parse.
func buildToTimestampLTZString(name string, args []Expr, pos int) (Expr, error) {
	for _, a := range args[1:] {
		if !a.Type().IsCharacter() {
			return nil, cannotApplyFunc(pos, name, args, name+"(<NUMERIC>, <INTEGER>)", name+"(<CHARACTER>[, <CHARACTER>[, <CHARACTER>]])")
		}
	}
	if len(args) > 3 {
		return nil, diag.Errorf(pos, diag.SqlValidatorException, "Invalid number of arguments to function '%s'. Was expecting 1 to 3 arguments", name)
	}
	precision := 3
	var pa *patternArg
	if len(args) >= 2 {
		pa = newPatternArg(args[1], false)
		if v, ok := LiteralValue(args[1]); ok && !v.Null {
			precision = min(9, max(3, longestFraction(string(v.B))))
		}
	}
	var fixedZone *time.Location
	if len(args) == 3 {
		if v, ok := LiteralValue(args[2]); ok && !v.Null {
			fixedZone = loadZone(string(v.B))
		}
	}
	out := types.TimestampLTZOf(precision).WithNullable(true)
	return &scalar{name: name, args: args, t: out, eval: func(_ *Ctx, v []types.Value) (types.Value, error) {
		dp := defaultStrict
		if pa != nil {
			var err error
			if dp, err = pa.get(v[1]); err != nil {
				return types.NullValue, runtimeErr(diag.IllegalArgument, "%s", diag.Wrap(err).Msg)
			}
		}
		p, ok := dp.parse(string(v[0].B))
		if !ok {
			return types.NullValue, nil
		}
		ms, nanos, ok := p.strictWallMillis()
		if !ok {
			return types.NullValue, nil
		}
		loc := time.UTC
		if len(v) == 3 {
			loc = fixedZone
			if loc == nil {
				loc = loadZone(string(v[2].B))
			}
		}
		if loc != time.UTC {
			w := time.UnixMilli(ms).UTC()
			ms = time.Date(w.Year(), w.Month(), w.Day(), w.Hour(), w.Minute(), w.Second(), w.Nanosecond(), loc).UnixMilli()
		}
		if precision < 9 {
			unit := int32(pow10[9-precision])
			nanos = nanos / unit * unit
		}
		return types.TimestampValue(ms, nanos), nil
	}}, nil
}

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

// The specs of the functions and operators this file implements (the
// registry, registry.go, lists them).
var (
	fnToTimestampLtz = &Function{
		Spec: funcs.Spec{Name: "TO_TIMESTAMP_LTZ", Category: funcs.Temporal, Call: true,
			Signatures:  []string{"TO_TIMESTAMP_LTZ(numeric[, precision])", "TO_TIMESTAMP_LTZ(string1[, string2[, string3]])"},
			Description: "The instant numeric units of 10^-precision seconds after the epoch (precision 0 to 9, default 3: milliseconds), as a TIMESTAMP_LTZ(max(3, precision)) shown in 'table.local-time-zone'; or the string string1 read by the DateTimeFormatter pattern string2 (default 'yyyy-MM-dd HH:mm:ss') as a wall clock of the zone string3 (default 'UTC'), with the precision of the pattern's longest run of S, NULL when it does not parse. Flink 1.20 had precisions 0 and 3 only; the rest are Flink 2.x's.",
			Examples: []funcs.Example{
				ex("TO_TIMESTAMP_LTZ(0, 3) = TO_TIMESTAMP_LTZ(0, 0)", "TRUE"),
				ex("TO_TIMESTAMP_LTZ(1234567890123456789, 9)", "2009-02-13 23:31:30.123456789"),
				ex("TO_TIMESTAMP_LTZ('2023-01-01 00:00:00', 'yyyy-MM-dd HH:mm:ss', 'Asia/Shanghai')", "2022-12-31 16:00:00.000"),
			},
		},
		Min: 1, Max: 3, Build: buildToTimestampLTZ,
	}
)
