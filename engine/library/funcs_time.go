package library

import (
	"math"
	"time"

	"github.com/flinkplay/flinkplay/engine/diag"
	"github.com/flinkplay/flinkplay/engine/expr"
	"github.com/flinkplay/flinkplay/engine/types"
)

// The temporal functions: the clock (CURRENT_TIMESTAMP and friends, which
// read Ctx.Now, the statement's time on the session's clock, so
// playground.start-time makes them reproducible), EXTRACT and its
// shorthands (YEAR, MONTH, ...), FLOOR/CEIL(x TO unit), TIMESTAMPADD and
// TIMESTAMPDIFF. Date-time fields are read from the wall clock: TIMESTAMP as
// written, TIMESTAMP_LTZ in table.local-time-zone.

// Keyword is a keyword argument of a special form: the unit of EXTRACT,
// FLOOR(x TO unit) and TIMESTAMPADD. It has no value of its own.
func Keyword(name string) expr.Expr { return &keyword{name: name} }

type keyword struct{ name string }

func (e *keyword) Type() types.Type                                   { return types.NullType }
func (e *keyword) Eval(*expr.Ctx, []types.Value) (types.Value, error) { return types.NullValue, nil }
func (e *keyword) String() string                                     { return e.name }

// keywordOf reads a unit keyword: the binder passes symbols (EXTRACT's
// YEAR, TIMESTAMPADD's DAY) as Symbol nodes.
func keywordOf(e expr.Expr) (string, bool) {
	if k, ok := e.(*keyword); ok {
		return k.name, true
	}
	return expr.SymbolName(e)
}

// buildClock is the current date and time: of the record in a streaming
// job, of the statement in a batch one (CURRENT_ROW_TIMESTAMP: of the
// record always). CURRENT_DATE
// (DATE), CURRENT_TIME and LOCALTIME (TIME(0)), LOCALTIMESTAMP (TIMESTAMP(3))
// in the session zone; CURRENT_TIMESTAMP, NOW() and CURRENT_ROW_TIMESTAMP()
// (TIMESTAMP_LTZ(3)) as an instant.
func buildClock(name string, args []expr.Expr, _ int) (expr.Expr, error) {
	var t types.Type
	switch name {
	case "CURRENT_DATE":
		t = types.DateType
	case "CURRENT_TIME", "LOCALTIME":
		t = types.TimeOf(0)
	case "LOCALTIMESTAMP":
		t = types.TimestampOf(3)
	default:
		t = types.TimestampLTZOf(3)
	}
	t = t.WithNullable(false)
	perRecord := name == "CURRENT_ROW_TIMESTAMP"
	return &expr.Scalar{Name: name, Args: args, T: t, EvalFn: func(c *expr.Ctx, _ []types.Value) (types.Value, error) {
		now := c.Now
		if c.Clock != nil && (perRecord || c.Streaming) {
			// Flink evaluates these for each record in streaming mode
			// (CURRENT_ROW_TIMESTAMP in batch mode too).
			now = c.Clock()
		}
		if now.IsZero() {
			now = time.Now()
		}
		ms := now.UnixMilli()
		if t.Kind == types.TimestampLTZ {
			return types.TimestampValue(ms, 0), nil
		}
		wall := expr.LtzToTs(types.TimestampValue(ms, 0), c.Location()).I
		switch t.Kind {
		case types.Date:
			return types.IntValue(expr.FloorDiv(wall, 86400000)), nil
		case types.Time:
			return types.IntValue(expr.FloorMod(wall, 86400000) / 1000 * 1000), nil
		}
		return types.TimestampValue(wall, 0), nil
	}}, nil
}

// timeUnits are the units EXTRACT accepts, by the symbol's name.
var timeUnits = map[string]bool{
	"YEAR": true, "QUARTER": true, "MONTH": true, "WEEK": true, "DAY": true, "HOUR": true, "MINUTE": true,
	"SECOND": true, "MILLISECOND": true, "MICROSECOND": true, "NANOSECOND": true, "DOY": true, "DOW": true,
	"ISODOW": true, "ISOYEAR": true, "DECADE": true, "CENTURY": true, "MILLENNIUM": true, "EPOCH": true,
}

var dateUnits = map[string]bool{
	"YEAR": true, "QUARTER": true, "MONTH": true, "WEEK": true, "DAY": true, "DOY": true, "DOW": true,
	"ISODOW": true, "ISOYEAR": true, "DECADE": true, "CENTURY": true, "MILLENNIUM": true, "EPOCH": true,
}

// datePartUnits maps the shorthand functions to their EXTRACT unit.
var datePartUnits = map[string]string{
	"YEAR": "YEAR", "QUARTER": "QUARTER", "MONTH": "MONTH", "WEEK": "WEEK", "DAYOFYEAR": "DOY",
	"DAYOFMONTH": "DAY", "DAYOFWEEK": "DOW", "HOUR": "HOUR", "MINUTE": "MINUTE", "SECOND": "SECOND",
}

func buildDatePart(name string, args []expr.Expr, pos int) (expr.Expr, error) {
	t := args[0].Type()
	unit := datePartUnits[name]
	ok := t.Kind == types.Date || t.IsTimestamp()
	if !dateUnits[unit] {
		ok = t.Kind == types.Time || t.IsTimestamp()
	}
	if !ok {
		form := name + "(<DATE>)"
		if !dateUnits[unit] {
			form = name + "(<TIME>)"
		}
		return nil, expr.CannotApplyFunc(pos, name, args, form)
	}
	return extractExpr(name, unit, args[0]), nil
}

func buildExtract(name string, args []expr.Expr, pos int) (expr.Expr, error) {
	unit, ok := keywordOf(args[0])
	if !ok || !timeUnits[unit] {
		return nil, diag.Errorf(pos, diag.SqlValidatorException, "'%s' is not a valid time frame", args[0].String())
	}
	t := args[1].Type()
	valid := false
	switch {
	case t.Kind == types.Date:
		valid = dateUnits[unit]
	case t.Kind == types.Time:
		valid = !dateUnits[unit]
	case t.IsTimestamp(), t.IsInterval():
		valid = true
	}
	if !valid {
		return nil, diag.Errorf(pos, diag.SqlValidatorException,
			"Cannot apply 'EXTRACT' to arguments of type 'EXTRACT(<INTERVAL %s> FROM <%s>)'. Supported form(s): 'EXTRACT(<DATETIME_INTERVAL> FROM <DATETIME_INTERVAL>)'\n'EXTRACT(<DATETIME_INTERVAL> FROM <DATETIME>)'",
			unit, expr.CalciteName(t))
	}
	return extractExpr("EXTRACT", unit, args[1]), nil
}

func extractExpr(name, unit string, x expr.Expr) expr.Expr {
	in := x.Type()
	return &expr.Scalar{Name: name, Args: []expr.Expr{x}, T: expr.NullableIf(types.Int64, x), EvalFn: func(c *expr.Ctx, v []types.Value) (types.Value, error) {
		return types.IntValue(extractField(c, unit, v[0], in)), nil
	}}
}

// extractField reads unit from a date-time or interval value, as Flink's
// DateTimeUtils does (Java's truncating % for the clock fields).
func extractField(c *expr.Ctx, unit string, v types.Value, t types.Type) int64 {
	switch t.Kind {
	case types.Date:
		return extractDate(unit, v.I)
	case types.IntervalYearMonth:
		switch unit {
		case "YEAR":
			return v.I / 12
		case "MONTH":
			return v.I % 12
		case "QUARTER":
			return (v.I%12 + 2) / 3
		}
		return 0
	case types.IntervalDayTime:
		switch unit {
		case "DAY":
			return v.I / 86400000
		case "HOUR":
			return v.I % 86400000 / 3600000
		case "MINUTE":
			return v.I % 3600000 / 60000
		case "SECOND":
			return v.I % 60000 / 1000
		case "MILLISECOND":
			return v.I % 60000
		case "EPOCH":
			return v.I / 1000
		}
		return 0
	}
	ms, nanos := v.I, int64(v.N)
	if t.Kind == types.TimestampLTZ {
		ms = expr.LtzToTs(v, c.Location()).I
	}
	if dateUnits[unit] && unit != "EPOCH" {
		return extractDate(unit, expr.FloorDiv(ms, 86400000))
	}
	switch unit {
	case "EPOCH":
		return ms / 1000
	case "HOUR":
		return ms % 86400000 / 3600000
	case "MINUTE":
		return ms % 3600000 / 60000
	case "SECOND":
		return ms % 60000 / 1000
	case "MILLISECOND":
		return ms % 1000
	case "MICROSECOND":
		return ms%1000*1000 + nanos/1000
	case "NANOSECOND":
		return ms%1000*1000000 + nanos
	}
	return 0
}

// extractDate reads a calendar field of a day number.
func extractDate(unit string, days int64) int64 {
	y, m, d := expr.DaysToYmd(days)
	switch unit {
	case "YEAR":
		return int64(y)
	case "QUARTER":
		return int64((m + 2) / 3)
	case "MONTH":
		return int64(m)
	case "DAY":
		return int64(d)
	case "DOW": // Sunday is 1
		return expr.FloorMod(days+4, 7) + 1
	case "ISODOW": // Monday is 1
		return expr.FloorMod(days+3, 7) + 1
	case "DOY":
		return days - expr.YmdToDays(y, 1, 1) + 1
	case "WEEK":
		_, w := isoWeek(days)
		return int64(w)
	case "ISOYEAR":
		iy, _ := isoWeek(days)
		return int64(iy)
	case "DECADE":
		return int64(y / 10)
	case "CENTURY":
		if y > 0 {
			return int64((y + 99) / 100)
		}
		return int64((y - 99) / 100)
	case "MILLENNIUM":
		if y > 0 {
			return int64((y + 999) / 1000)
		}
		return int64((y - 999) / 1000)
	case "EPOCH":
		return days * 86400
	}
	return 0
}

// isoWeek is the ISO-8601 week-based year and week of a day number.
func isoWeek(days int64) (year, week int) {
	t := time.Unix(days*86400, 0).UTC()
	return t.ISOWeek()
}

// buildTimeCeilFloor is FLOOR/CEIL(x TO unit) on DATE, TIME, TIMESTAMP and
// TIMESTAMP_LTZ (in the session zone); the result has x's type. As in
// Flink, CEIL to a unit of a day or more looks at the date only.
func buildTimeCeilFloor(name string, args []expr.Expr, pos int) (expr.Expr, error) {
	unit, ok := keywordOf(args[1])
	t := args[0].Type()
	if !ok || !(t.Kind == types.Date || t.Kind == types.Time || t.IsTimestamp()) {
		return nil, expr.CannotApplyFunc(pos, name, args[:1], name+"(<DATETIME> TO <TIME_UNIT>)")
	}
	switch unit {
	case "YEAR", "QUARTER", "MONTH", "WEEK", "DAY", "HOUR", "MINUTE", "SECOND", "MILLISECOND",
		"DECADE", "CENTURY", "MILLENNIUM":
	default:
		return nil, diag.Errorf(pos, diag.SqlValidatorException, "'%s' is not a valid time frame", unit)
	}
	if t.Kind == types.Time && dateUnits[unit] {
		return nil, diag.Errorf(pos, diag.TableException, "%s is not supported for TIME.", unit)
	}
	floor := name == "FLOOR"
	out := t
	out.Attr = types.Regular
	return &expr.Scalar{Name: name, Args: args[:1], T: out, EvalFn: func(c *expr.Ctx, v []types.Value) (types.Value, error) {
		x := v[0]
		switch t.Kind {
		case types.Date:
			if unit == "DAY" || !dateUnits[unit] {
				return x, nil
			}
			return types.IntValue(dateFloor(unit, x.I, floor)), nil
		case types.Time:
			return types.IntValue(roundMillis(x.I, unitMillis(unit), floor)), nil
		}
		ms := x.I
		var offset int64
		if t.Kind == types.TimestampLTZ {
			offset = expr.LtzToTs(x, c.Location()).I - ms
		}
		wall := ms + offset
		var r int64
		if dateUnits[unit] {
			r = dateFloor(unit, expr.FloorDiv(wall, 86400000), floor) * 86400000
		} else {
			r = roundMillis(wall, unitMillis(unit), floor)
			if !floor && x.N > 0 && r == wall {
				r += unitMillis(unit) // the nanoseconds round up too
			}
		}
		return types.TimestampValue(r-offset, 0), nil
	}}, nil
}

func unitMillis(unit string) int64 {
	switch unit {
	case "DAY":
		return 86400000
	case "HOUR":
		return 3600000
	case "MINUTE":
		return 60000
	case "SECOND":
		return 1000
	}
	return 1
}

func roundMillis(ms, unit int64, floor bool) int64 {
	if floor {
		return expr.FloorDiv(ms, unit) * unit
	}
	return -expr.FloorDiv(-ms, unit) * unit
}

// dateFloor rounds a day number to a calendar unit, down or (for CEIL) up.
func dateFloor(unit string, days int64, floor bool) int64 {
	y, m, d := expr.DaysToYmd(days)
	q := (m + 2) / 3
	switch unit {
	case "MILLENNIUM":
		if floor {
			return expr.YmdToDays(1000*((y+999)/1000)-999, 1, 1)
		}
		return expr.YmdToDays(1000*((y+999)/1000)+1, 1, 1)
	case "CENTURY":
		if floor {
			return expr.YmdToDays(100*((y+99)/100)-99, 1, 1)
		}
		return expr.YmdToDays(100*((y+99)/100)+1, 1, 1)
	case "DECADE":
		if floor {
			return expr.YmdToDays(10*(y/10), 1, 1)
		}
		return expr.YmdToDays(10*(1+y/10), 1, 1)
	case "YEAR":
		if !floor && (m > 1 || d > 1) {
			y++
		}
		return expr.YmdToDays(y, 1, 1)
	case "QUARTER":
		if !floor && (m > 1 || d > 1) {
			q++
		}
		return expr.YmdToDays(y, q*3-2, 1)
	case "MONTH":
		if !floor && d > 1 {
			m++
		}
		return expr.YmdToDays(y, m, 1)
	case "WEEK":
		dow := expr.FloorMod(days+4, 7) // Sunday is 0
		if !floor && dow > 0 {
			dow -= 7
		}
		return days - dow
	}
	if floor {
		return days
	}
	return days + 1
}

// intervalUnitKeyword reads the unit of TIMESTAMPADD/TIMESTAMPDIFF.
func intervalUnitKeyword(name string, args []expr.Expr, pos int) (string, error) {
	unit, ok := keywordOf(args[0])
	switch unit {
	case "SQL_TSI_YEAR":
		unit = "YEAR"
	case "SQL_TSI_QUARTER":
		unit = "QUARTER"
	case "SQL_TSI_MONTH":
		unit = "MONTH"
	case "SQL_TSI_WEEK":
		unit = "WEEK"
	case "SQL_TSI_DAY":
		unit = "DAY"
	case "SQL_TSI_HOUR":
		unit = "HOUR"
	case "SQL_TSI_MINUTE":
		unit = "MINUTE"
	case "SQL_TSI_SECOND":
		unit = "SECOND"
	}
	switch unit {
	case "YEAR", "QUARTER", "MONTH", "WEEK", "DAY", "HOUR", "MINUTE", "SECOND", "MILLISECOND":
	default:
		ok = false
	}
	if !ok {
		return "", diag.Errorf(pos, diag.SqlValidatorException, "'%s' is not a valid time frame", args[0].String())
	}
	return unit, nil
}

// monthsOf is the number of months of a calendar unit, 0 for the others.
func monthsOf(unit string) int64 {
	switch unit {
	case "YEAR":
		return 12
	case "QUARTER":
		return 3
	case "MONTH":
		return 1
	}
	return 0
}

func stepMillis(unit string) int64 {
	if unit == "WEEK" {
		return 7 * 86400000
	}
	return unitMillis(unit)
}

// buildTimestampAdd is TIMESTAMPADD(unit, n, x): x plus n units, in x's
// type. A DATE takes whole days or months only.
func buildTimestampAdd(name string, args []expr.Expr, pos int) (expr.Expr, error) {
	unit, err := intervalUnitKeyword(name, args, pos)
	if err != nil {
		return nil, err
	}
	nt, t := args[1].Type(), args[2].Type()
	ok := nt.IsInteger() && (t.Kind == types.Date || t.Kind == types.Time || t.IsTimestamp())
	if t.Kind == types.Date && monthsOf(unit) == 0 && unit != "DAY" && unit != "WEEK" {
		ok = false
	}
	if !ok {
		return nil, expr.CannotApplyFunc(pos, name, args[1:], name+"(<ANY>, <INTEGER>, <DATETIME>)")
	}
	out := t
	out.Attr = types.Regular
	out = expr.NullableIf(out, args[1], args[2])
	months := monthsOf(unit)
	step := stepMillis(unit)
	return &expr.Scalar{Name: name, Args: args[1:], T: out, EvalFn: func(_ *expr.Ctx, v []types.Value) (types.Value, error) {
		n, x := v[0].I, v[1]
		switch t.Kind {
		case types.Date:
			if months > 0 {
				return types.IntValue(expr.AddMonthsToDays(x.I, n*months)), nil
			}
			return types.IntValue(x.I + n*step/86400000), nil
		case types.Time:
			if months > 0 {
				return x, nil
			}
			return types.IntValue(expr.FloorMod(x.I+n*step, 86400000)), nil
		}
		if months > 0 {
			days := expr.FloorDiv(x.I, 86400000)
			tod := expr.FloorMod(x.I, 86400000)
			return types.TimestampValue(expr.AddMonthsToDays(days, n*months)*86400000+tod, x.N), nil
		}
		return types.TimestampValue(x.I+n*step, x.N), nil
	}}, nil
}

// buildTimestampDiff is TIMESTAMPDIFF(unit, a, b): whole units from a to b
// as INT, truncated toward zero; months count only when b's day and time of
// month reach a's.
func buildTimestampDiff(name string, args []expr.Expr, pos int) (expr.Expr, error) {
	unit, err := intervalUnitKeyword(name, args, pos)
	if err != nil {
		return nil, err
	}
	ta, tb := args[1].Type(), args[2].Type()
	point := func(t types.Type) bool { return t.Kind == types.Date || t.IsTimestamp() || t.Kind == types.Time }
	if !point(ta) || !point(tb) || (ta.Kind == types.Time) != (tb.Kind == types.Time) {
		return nil, expr.CannotApplyFunc(pos, name, args[1:], name+"(<ANY>, <DATETIME>, <DATETIME>)")
	}
	months := monthsOf(unit)
	step := stepMillis(unit)
	return &expr.Scalar{Name: name, Args: args[1:], T: expr.NullableIf(types.Int32, args[1], args[2]), EvalFn: func(c *expr.Ctx, v []types.Value) (types.Value, error) {
		a, b := wallMillis(c, v[0], ta), wallMillis(c, v[1], tb)
		if months > 0 {
			return types.IntValue(int64(int32(monthsBetween(a, b) / months))), nil
		}
		return types.IntValue(int64(int32((b - a) / step))), nil
	}}, nil
}

// buildOverlaps is (s0, t0) OVERLAPS (s1, t1), which the parser passes as
// four arguments. As in Flink (Calcite's standard conversion), an interval
// end is added to its start, each pair is ordered, and the periods overlap
// when e0 >= s1 AND e1 >= s0, with SQL's NULL logic.
func buildOverlaps(name string, args []expr.Expr, pos int) (expr.Expr, error) {
	for i := 0; i < 4; i += 2 {
		if !expr.IsDatetime(args[i].Type()) || !(expr.IsDatetime(args[i+1].Type()) || args[i+1].Type().IsInterval()) {
			return nil, expr.CannotApplyFunc(pos, name, args, "(<DATETIME>, <DATETIME>) OVERLAPS (<DATETIME>, <DATETIME>)",
				"(<DATETIME>, <DATETIME>) OVERLAPS (<DATETIME>, <INTERVAL>)", "(<DATETIME>, <INTERVAL>) OVERLAPS (<DATETIME>, <DATETIME>)",
				"(<DATETIME>, <INTERVAL>) OVERLAPS (<DATETIME>, <INTERVAL>)")
		}
	}
	period := func(s, t expr.Expr) (start, end expr.Expr, err error) {
		if t.Type().IsInterval() {
			if t, err = expr.Arith(expr.Add, s, t, pos); err != nil {
				return nil, nil, err
			}
		}
		le, err := expr.Compare(expr.Le, s, t, pos)
		if err != nil {
			return nil, nil, err
		}
		if start, err = expr.Case([]expr.When{{Cond: le, Then: s}}, t, pos); err != nil {
			return nil, nil, err
		}
		end, err = expr.Case([]expr.When{{Cond: le, Then: t}}, s, pos)
		return start, end, err
	}
	s0, e0, err := period(args[0], args[1])
	if err != nil {
		return nil, err
	}
	s1, e1, err := period(args[2], args[3])
	if err != nil {
		return nil, err
	}
	l, err := expr.Compare(expr.Ge, e0, s1, pos)
	if err != nil {
		return nil, err
	}
	r, err := expr.Compare(expr.Ge, e1, s0, pos)
	if err != nil {
		return nil, err
	}
	return expr.And(l, r, pos)
}

// wallMillis reads a date-time as milliseconds of its wall clock.
func wallMillis(c *expr.Ctx, v types.Value, t types.Type) int64 {
	switch t.Kind {
	case types.Date:
		return v.I * 86400000
	case types.TimestampLTZ:
		return expr.LtzToTs(v, c.Location()).I
	}
	return v.I
}

// monthsBetween counts whole months from a to b (wall-clock milliseconds).
func monthsBetween(a, b int64) int64 {
	y1, m1, d1 := expr.DaysToYmd(expr.FloorDiv(a, 86400000))
	y2, m2, d2 := expr.DaysToYmd(expr.FloorDiv(b, 86400000))
	t1, t2 := expr.FloorMod(a, 86400000), expr.FloorMod(b, 86400000)
	n := int64(y2-y1)*12 + int64(m2-m1)
	if n > 0 && (d2 < d1 || (d2 == d1 && t2 < t1)) {
		n--
	} else if n < 0 && (d2 > d1 || (d2 == d1 && t2 > t1)) {
		n++
	}
	return n
}

// buildToTimestampLTZ is TO_TIMESTAMP_LTZ(numeric[, precision]): an epoch
// number in units of 10^-precision seconds (default 3, milliseconds; a
// literal 0 to 9, as Flink 2.x has it) as TIMESTAMP_LTZ(max(3, precision));
// or, with a string, buildToTimestampLTZString.
func buildToTimestampLTZ(name string, args []expr.Expr, pos int) (expr.Expr, error) {
	t := args[0].Type()
	if t.IsCharacter() {
		return buildToTimestampLTZString(name, args, pos)
	}
	if !t.IsNumeric() || len(args) > 2 {
		return nil, expr.CannotApplyFunc(pos, name, args, name+"(<NUMERIC>, <INTEGER>)", name+"(<CHARACTER>[, <CHARACTER>[, <CHARACTER>]])")
	}
	// Flink 2.x: the precision (0-9, default 3) is the unit of the number,
	// 10^-precision seconds; 1.20 knew 0 and 3 only.
	precision := int64(3)
	if len(args) == 2 {
		v, ok := expr.LiteralValue(args[1])
		if !ok || !args[1].Type().IsInteger() || v.Null {
			return nil, expr.CannotApplyFunc(pos, name, args, name+"(<NUMERIC>, <INTEGER>)")
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
		m := expr.Pow10[3-precision]
		ints = func(dst, src []int64) {
			for i, x := range src {
				dst[i] = x * m
			}
		}
	}
	return &expr.Scalar{Name: name, Args: args, T: out, Ints: ints, EvalFn: func(_ *expr.Ctx, v []types.Value) (types.Value, error) {
		x := v[0]
		var units float64 // the number in 10^-precision seconds
		switch t.Kind {
		case types.Float, types.Double:
			units = x.F
		case types.Decimal:
			units = expr.DecOf(x, t).ToFloat()
		default:
			if precision <= 3 {
				return types.TimestampValue(x.I*expr.Pow10[3-precision], 0), nil
			}
			div := expr.Pow10[precision-3]
			ms, rest := x.I/div, x.I%div
			if rest < 0 {
				ms, rest = ms-1, rest+div
			}
			return types.TimestampValue(ms, int32(rest*expr.Pow10[9-precision])), nil
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
func buildToTimestampLTZString(name string, args []expr.Expr, pos int) (expr.Expr, error) {
	for _, a := range args[1:] {
		if !a.Type().IsCharacter() {
			return nil, expr.CannotApplyFunc(pos, name, args, name+"(<NUMERIC>, <INTEGER>)", name+"(<CHARACTER>[, <CHARACTER>[, <CHARACTER>]])")
		}
	}
	if len(args) > 3 {
		return nil, diag.Errorf(pos, diag.SqlValidatorException, "Invalid number of arguments to function '%s'. Was expecting 1 to 3 arguments", name)
	}
	precision := 3
	var pa *expr.PatternArg
	if len(args) >= 2 {
		pa = expr.NewPatternArg(args[1], false)
		if v, ok := expr.LiteralValue(args[1]); ok && !v.Null {
			precision = min(9, max(3, expr.LongestFraction(string(v.B))))
		}
	}
	var fixedZone *time.Location
	if len(args) == 3 {
		if v, ok := expr.LiteralValue(args[2]); ok && !v.Null {
			fixedZone = expr.LoadZone(string(v.B))
		}
	}
	out := types.TimestampLTZOf(precision).WithNullable(true)
	return &expr.Scalar{Name: name, Args: args, T: out, EvalFn: func(_ *expr.Ctx, v []types.Value) (types.Value, error) {
		dp := expr.DefaultStrict
		if pa != nil {
			var err error
			if dp, err = pa.Get(v[1]); err != nil {
				return types.NullValue, expr.RuntimeErr(diag.IllegalArgument, "%s", diag.Wrap(err).Msg)
			}
		}
		p, ok := dp.Parse(string(v[0].B))
		if !ok {
			return types.NullValue, nil
		}
		ms, nanos, ok := p.StrictWallMillis()
		if !ok {
			return types.NullValue, nil
		}
		loc := time.UTC
		if len(v) == 3 {
			loc = fixedZone
			if loc == nil {
				loc = expr.LoadZone(string(v[2].B))
			}
		}
		if loc != time.UTC {
			w := time.UnixMilli(ms).UTC()
			ms = time.Date(w.Year(), w.Month(), w.Day(), w.Hour(), w.Minute(), w.Second(), w.Nanosecond(), loc).UnixMilli()
		}
		if precision < 9 {
			unit := int32(expr.Pow10[9-precision])
			nanos = nanos / unit * unit
		}
		return types.TimestampValue(ms, nanos), nil
	}}, nil
}
