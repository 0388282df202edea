package library

import (
	"strconv"
	"strings"
	"time"

	"github.com/flinkplay/flinkplay/engine/expr"
	"github.com/flinkplay/flinkplay/engine/types"
)

// The temporal functions that format and parse text with Java date-time
// patterns (datepattern.go): DATE_FORMAT, TO_DATE, TO_TIMESTAMP,
// UNIX_TIMESTAMP, FROM_UNIXTIME and CONVERT_TZ.

var defaultSimple, _ = expr.CompilePattern(expr.DefaultTimestampPattern, true)

// buildDateFormat is DATE_FORMAT(timestamp, pattern): the wall clock
// (TIMESTAMP_LTZ in the session zone) formatted with a DateTimeFormatter
// pattern; or DATE_FORMAT(string, pattern): the string read as
// 'yyyy-MM-dd HH:mm:ss' and written with a SimpleDateFormat pattern, NULL
// when it does not parse. The result is a nullable STRING.
func buildDateFormat(name string, args []expr.Expr, pos int) (expr.Expr, error) {
	t, ft := args[0].Type(), args[1].Type()
	if !(t.IsTimestamp() || t.IsCharacter()) || !ft.IsCharacter() {
		return nil, expr.CannotApplyFunc(pos, name, args, "DATE_FORMAT(<TIMESTAMP>, <CHARACTER>)", "DATE_FORMAT(<CHARACTER>, <CHARACTER>)")
	}
	fromString := t.IsCharacter()
	pa := expr.NewPatternArg(args[1], fromString)
	return &expr.Scalar{Name: name, Args: args, T: types.String, EvalFn: func(c *expr.Ctx, v []types.Value) (types.Value, error) {
		dp, err := pa.Get(v[1])
		if err != nil {
			return types.NullValue, err
		}
		var w time.Time
		switch {
		case fromString:
			p, ok := defaultSimple.Parse(string(v[0].B))
			if !ok {
				return types.NullValue, nil
			}
			w = p.LenientTime(time.UTC)
		case t.Kind == types.TimestampLTZ:
			w = time.UnixMilli(v[0].I).Add(time.Duration(v[0].N)).In(c.Location())
		default:
			w = time.UnixMilli(v[0].I).Add(time.Duration(v[0].N)).UTC()
		}
		if c == nil {
			c = &expr.Ctx{}
		}
		out, err := dp.Format(c.Buf[:0], w, t.Kind == types.TimestampLTZ || fromString)
		if err != nil {
			return types.NullValue, err
		}
		c.Buf = out
		return types.BytesValue(c.Keep(out)), nil
	}}, nil
}

// buildToDate is TO_DATE(string[, pattern]): without a pattern the text is
// read as a DATE cast reads it; with one, by a SimpleDateFormat pattern.
// NULL when it does not parse.
func buildToDate(name string, args []expr.Expr, pos int) (expr.Expr, error) {
	if err := needChar(name, args, pos, "TO_DATE(<CHARACTER>)", "TO_DATE(<CHARACTER>, <CHARACTER>)"); err != nil {
		return nil, err
	}
	var pa *expr.PatternArg
	if len(args) == 2 {
		pa = expr.NewPatternArg(args[1], true)
	}
	return &expr.Scalar{Name: name, Args: args, T: types.DateType, EvalFn: func(_ *expr.Ctx, v []types.Value) (types.Value, error) {
		if pa == nil {
			if d, ok := expr.ParseDateFlink(v[0].B); ok {
				return types.IntValue(d), nil
			}
			return types.NullValue, nil
		}
		dp, err := pa.Get(v[1])
		if err != nil {
			return types.NullValue, err
		}
		p, ok := dp.Parse(string(v[0].B))
		if !ok {
			return types.NullValue, nil
		}
		w := p.LenientTime(time.UTC).UTC()
		return types.IntValue(expr.YmdToDays(w.Year(), int(w.Month()), w.Day())), nil
	}}, nil
}

// buildToTimestamp is TO_TIMESTAMP(string[, pattern]): a TIMESTAMP(3) read
// as 'yyyy-MM-dd HH:mm:ss[.fff]' or by a DateTimeFormatter pattern (fields
// the pattern lacks are 1970-01-01 00:00:00; text that does not fit the
// pattern is still accepted in the JDBC forms 'y-m-d h:m:s[.f]' and
// 'y-m-d'). NULL when it does not parse.
func buildToTimestamp(name string, args []expr.Expr, pos int) (expr.Expr, error) {
	if err := needChar(name, args, pos, "TO_TIMESTAMP(<CHARACTER>)", "TO_TIMESTAMP(<CHARACTER>, <CHARACTER>)"); err != nil {
		return nil, err
	}
	var pa *expr.PatternArg
	if len(args) == 2 {
		pa = expr.NewPatternArg(args[1], false)
	}
	return &expr.Scalar{Name: name, Args: args, T: types.TimestampOf(3), EvalFn: func(_ *expr.Ctx, v []types.Value) (types.Value, error) {
		if pa == nil {
			ts, msg := expr.ParseTimestampText(v[0].B, 3, false)
			if msg != "" {
				return types.NullValue, nil
			}
			return types.TimestampValue(ts.Millis, 0), nil
		}
		dp, err := pa.Get(v[1])
		if err != nil {
			return types.NullValue, nil // Flink returns NULL for a bad pattern here
		}
		if p, ok := dp.Parse(string(v[0].B)); ok {
			if ms, _, ok := p.StrictWallMillis(); ok {
				return types.TimestampValue(ms, 0), nil
			}
		}
		if ms, ok := parseJDBCTimestamp(strings.TrimSpace(string(v[0].B))); ok {
			return types.TimestampValue(ms, 0), nil
		}
		return types.NullValue, nil
	}}, nil
}

// parseJDBCTimestamp reads java.sql.Timestamp.valueOf's
// 'yyyy-[m]m-[d]d hh:mm:ss[.f...]' or, without a space, Date.valueOf's
// 'yyyy-[m]m-[d]d', to milliseconds.
func parseJDBCTimestamp(s string) (int64, bool) {
	date, clock, hasClock := strings.Cut(s, " ")
	parts := strings.Split(date, "-")
	if len(parts) != 3 || len(parts[0]) != 4 || len(parts[1]) < 1 || len(parts[1]) > 2 || len(parts[2]) < 1 || len(parts[2]) > 2 {
		return 0, false
	}
	var ymd [3]int
	for i, p := range parts {
		if !expr.IsDigits([]byte(p)) {
			return 0, false
		}
		ymd[i], _ = strconv.Atoi(p)
	}
	if ymd[1] < 1 || ymd[1] > 12 || ymd[2] < 1 || ymd[2] > 31 {
		return 0, false
	}
	ms := time.Date(ymd[0], time.Month(ymd[1]), ymd[2], 0, 0, 0, 0, time.UTC).UnixMilli()
	if !hasClock {
		return ms, true
	}
	h, m, sec, frac, _, ok := expr.SplitClock(clock)
	if !ok || h > 23 || m > 59 || sec > 59 {
		return 0, false
	}
	return ms + int64(h*3600000+m*60000+sec*1000) + int64(frac/1e6), true
}

// buildUnixTimestamp is UNIX_TIMESTAMP(): the statement's time in epoch
// seconds; UNIX_TIMESTAMP(string[, pattern]): the text read by a
// SimpleDateFormat pattern (default 'yyyy-MM-dd HH:mm:ss') in the session
// zone, or in the offset the text carries; -9223372036854775808
// (Long.MIN_VALUE) when it does not parse.
func buildUnixTimestamp(name string, args []expr.Expr, pos int) (expr.Expr, error) {
	if err := needChar(name, args, pos, "UNIX_TIMESTAMP()", "UNIX_TIMESTAMP(<CHARACTER>)", "UNIX_TIMESTAMP(<CHARACTER>, <CHARACTER>)"); err != nil {
		return nil, err
	}
	if len(args) == 0 {
		return &expr.Scalar{Name: name, Args: args, T: types.Int64.WithNullable(false), EvalFn: func(c *expr.Ctx, _ []types.Value) (types.Value, error) {
			now := c.Now
			if now.IsZero() {
				now = time.Now()
			}
			return types.IntValue(now.UnixMilli() / 1000), nil
		}}, nil
	}
	pa := &expr.PatternArg{Fixed: defaultSimple, Simple: true}
	if len(args) == 2 {
		pa = expr.NewPatternArg(args[1], true)
	}
	return &expr.Scalar{Name: name, Args: args, T: expr.NullableIf(types.Int64, args...), EvalFn: func(c *expr.Ctx, v []types.Value) (types.Value, error) {
		var pv types.Value
		if len(v) == 2 {
			pv = v[1]
		}
		dp, err := pa.Get(pv)
		if err != nil {
			return types.NullValue, err
		}
		p, ok := dp.Parse(string(v[0].B))
		if !ok {
			return types.IntValue(-1 << 63), nil
		}
		return types.IntValue(expr.FloorDiv(p.LenientTime(c.Location()).UnixMilli(), 1000)), nil
	}}, nil
}

// buildFromUnixtime is FROM_UNIXTIME(seconds[, pattern]): the instant
// formatted in the session zone by a SimpleDateFormat pattern (default
// 'yyyy-MM-dd HH:mm:ss').
func buildFromUnixtime(name string, args []expr.Expr, pos int) (expr.Expr, error) {
	ok := args[0].Type().IsInteger()
	if len(args) == 2 {
		ok = ok && args[1].Type().IsCharacter()
	}
	if !ok {
		return nil, expr.CannotApplyFunc(pos, name, args, "FROM_UNIXTIME(<INTEGER>)", "FROM_UNIXTIME(<INTEGER>, <CHARACTER>)")
	}
	pa := &expr.PatternArg{Fixed: defaultSimple, Simple: true}
	if len(args) == 2 {
		pa = expr.NewPatternArg(args[1], true)
	}
	return &expr.Scalar{Name: name, Args: args, T: types.String, EvalFn: func(c *expr.Ctx, v []types.Value) (types.Value, error) {
		var pv types.Value
		if len(v) == 2 {
			pv = v[1]
		}
		dp, err := pa.Get(pv)
		if err != nil {
			return types.NullValue, err
		}
		if c == nil {
			c = &expr.Ctx{}
		}
		out, _ := dp.Format(c.Buf[:0], time.UnixMilli(v[0].I*1000).In(c.Location()), true)
		c.Buf = out
		return types.BytesValue(c.Keep(out)), nil
	}}, nil
}

// buildConvertTz is CONVERT_TZ(string, fromZone, toZone): a
// 'yyyy-MM-dd HH:mm:ss' wall clock in fromZone written as the wall clock
// of the same instant in toZone. Unknown zone ids are GMT, as in Java.
func buildConvertTz(name string, args []expr.Expr, pos int) (expr.Expr, error) {
	if err := needChar(name, args, pos, "CONVERT_TZ(<CHARACTER>, <CHARACTER>, <CHARACTER>)"); err != nil {
		return nil, err
	}
	return &expr.Scalar{Name: name, Args: args, T: types.String, EvalFn: func(c *expr.Ctx, v []types.Value) (types.Value, error) {
		p, ok := defaultSimple.Parse(string(v[0].B))
		if !ok {
			return types.NullValue, nil
		}
		inst := p.LenientTime(expr.LoadZone(string(v[1].B)))
		if c == nil {
			c = &expr.Ctx{}
		}
		out, _ := defaultSimple.Format(c.Buf[:0], inst.In(expr.LoadZone(string(v[2].B))), true)
		c.Buf = out
		return types.BytesValue(c.Keep(out)), nil
	}}, nil
}
