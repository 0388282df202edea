package expr

import (
	"time"
	"unicode/utf8"

	"github.com/flinkplay/flinkplay/engine/diag"
	"github.com/flinkplay/flinkplay/engine/types"
)

// Classes of the runtime errors a failed CAST raises in Flink.
const (
	tableException         = diag.TableException
	dateTimeException      = "java.time.DateTimeException"
	dateTimeParseException = "java.time.format.DateTimeParseException"
)

type cast struct {
	x        Expr
	from, to types.Type
	try      bool
}

// Cast builds CAST(x AS target), or TRY_CAST when try is set. Which pairs are
// allowed follows Calcite's validator and Flink's cast rules; others fail
// with "Cast function cannot convert value of type INTEGER to type DATE".
// Semantics are Flink's non-legacy ones: integer narrowing wraps, DOUBLE to
// INT truncates (saturating like Java), DECIMAL rounds HALF_UP and yields
// NULL on overflow, strings are parsed as Flink's helpers parse them and a
// bad string is an error (NULL under TRY_CAST), CHAR(n) pads and VARCHAR(n)
// truncates. The result is nullable when x is, and always under TRY_CAST.
func Cast(x Expr, target types.Type, try bool, pos int) (Expr, error) {
	from := x.Type()
	to := target
	if err := checkCast(from, to, pos); err != nil {
		return nil, err
	}
	to = to.WithNullable(from.Nullable() || try)
	to.Attr = types.Regular
	if target.Attr != types.Regular {
		to.Attr = target.Attr
	}
	return &cast{x: x, from: from, to: to, try: try}, nil
}

func cannotCast(pos int, from, to types.Type) *diag.Error {
	return diag.Errorf(pos, diag.SqlValidatorException, "Cast function cannot convert value of type %s to type %s", CalciteName(from), CalciteName(to))
}

func checkCast(from, to types.Type, pos int) error {
	if from.Kind == types.Null {
		return nil
	}
	f, t := from, to
	if f.Kind == types.Variant || t.Kind == types.Variant {
		// Flink 2.1's validator casts a VARIANT to nothing and nothing to a
		// VARIANT (CAST from VARIANT comes after 2.3)
		if f.Kind == types.Variant && t.Kind == types.Variant {
			return nil
		}
		return cannotCast(pos, from, to)
	}
	switch {
	case t.IsCharacter():
		return nil
	case t.Kind == types.Boolean:
		if f.Kind == types.Boolean || f.IsCharacter() || f.IsNumeric() {
			return nil
		}
	case t.IsBinary():
		if f.IsBinary() || f.IsCharacter() {
			return nil
		}
	case t.IsNumeric():
		if f.IsTimestamp() {
			if f.Kind == types.Timestamp {
				return diag.Validation(pos, "The cast from TIMESTAMP type to NUMERIC type is not allowed. It's recommended to use UNIX_TIMESTAMP(CAST(timestamp_col AS STRING)) instead.")
			}
			return diag.Validation(pos, "The cast from TIMESTAMP_LTZ type to NUMERIC type is not allowed.")
		}
		if f.IsNumeric() || f.IsCharacter() || f.Kind == types.Boolean {
			return nil
		}
	case t.Kind == types.Date:
		if f.Kind == types.Date || f.IsTimestamp() || f.IsCharacter() {
			return nil
		}
	case t.Kind == types.Time:
		if f.Kind == types.Time || f.IsTimestamp() || f.IsCharacter() {
			return nil
		}
	case t.IsTimestamp():
		if f.IsNumeric() {
			if t.Kind == types.Timestamp {
				return diag.Validation(pos, "The cast from NUMERIC type to TIMESTAMP type is not allowed. It's recommended to use TO_TIMESTAMP(FROM_UNIXTIME(numeric_col)) instead, note the numeric is in seconds.")
			}
			return diag.Validation(pos, "The cast from NUMERIC type to TIMESTAMP_LTZ type is not allowed. It's recommended to use TO_TIMESTAMP_LTZ(numeric_col, precision) instead.")
		}
		if IsDatetime(f) || f.IsCharacter() {
			return nil
		}
	case t.IsInterval():
		if f.Kind == t.Kind {
			return nil
		}
	case t.Kind == types.Array || t.Kind == types.Multiset:
		// Constructed types cast element by element.
		if f.Kind == t.Kind && f.Elem != nil && t.Elem != nil && checkCast(*f.Elem, *t.Elem, pos) == nil {
			return nil
		}
	case t.Kind == types.Map:
		if f.Kind == t.Kind && f.Key != nil && t.Key != nil && checkCast(*f.Key, *t.Key, pos) == nil && checkCast(*f.Val, *t.Val, pos) == nil {
			return nil
		}
	case t.Kind == types.Row:
		if f.Kind == t.Kind && len(f.Fields) == len(t.Fields) {
			ok := true
			for i := range f.Fields {
				ok = ok && checkCast(f.Fields[i].Type, t.Fields[i].Type, pos) == nil
			}
			if ok {
				return nil
			}
		}
	default:
		if f.WithNullable(true).Equal(t.WithNullable(true)) {
			return nil
		}
	}
	return cannotCast(pos, from, to)
}

func (e *cast) Type() types.Type { return e.to }

// String prints the cast as Flink's physical plan does, with the type's
// full Calcite name: CAST(c AS VARCHAR(2147483647) CHARACTER SET "UTF-16LE").
func (e *cast) String() string {
	name := "CAST("
	if e.try {
		name = "TRY_CAST("
	}
	return name + e.x.String() + " AS " + CalciteFullName(e.to) + ")"
}

// CalciteFullName is a type as Calcite's RelDataType.getFullTypeString
// prints it: its name, the character set of a character type, and NOT NULL.
func CalciteFullName(t types.Type) string {
	s := CalciteName(t)
	if t.IsCharacter() {
		s += ` CHARACTER SET "UTF-16LE"`
	}
	if !t.Nullable() {
		s += " NOT NULL"
	}
	return s
}

func (e *cast) Eval(c *Ctx, row []types.Value) (types.Value, error) {
	v, err := e.x.Eval(c, row)
	if err != nil || v.Null || e.from.Kind == types.Null {
		return types.NullValue, err
	}
	r, cerr := castValue(c, v, e.from, e.to)
	if cerr != nil {
		if e.try {
			return types.NullValue, nil
		}
		return types.NullValue, cerr
	}
	return r, nil
}

// castValue converts a non-null v of type from to type to.
func castValue(c *Ctx, v types.Value, from, to types.Type) (types.Value, *diag.Error) {
	if to.IsCharacter() {
		return castToString(c, v, from, to), nil
	}
	if from.IsCharacter() {
		return castFromString(c, v.B, to)
	}
	switch to.Kind {
	case types.Boolean:
		switch {
		case from.Kind == types.Boolean:
			return v, nil
		case from.Kind == types.Decimal:
			return types.BoolValue(DecOf(v, from).Sign() != 0), nil
		case IsApprox(from):
			return types.BoolValue(v.F != 0), nil
		}
		return types.BoolValue(v.I != 0), nil
	case types.TinyInt, types.SmallInt, types.Int, types.BigInt:
		switch {
		case from.Kind == types.Boolean:
			return types.IntValue(v.I), nil
		case from.Kind == types.Decimal:
			return types.IntValue(WrapInt(DecOf(v, from).ToIntegral(), to.Kind)), nil
		case IsApprox(from):
			if to.Kind == types.BigInt {
				return types.IntValue(javaF2L(v.F)), nil
			}
			return types.IntValue(WrapInt(JavaF2I(v.F), to.Kind)), nil
		}
		return types.IntValue(WrapInt(v.I, to.Kind)), nil
	case types.Float, types.Double:
		var f float64
		switch {
		case from.Kind == types.Boolean:
			f = float64(v.I)
		default:
			f = NumFloat(v, from)
		}
		if to.Kind == types.Float {
			f = float64(float32(f))
		}
		return types.FloatValue(f), nil
	case types.Decimal:
		var d Dec
		switch {
		case from.Kind == types.Boolean:
			d = DecFromInt(v.I)
		case IsApprox(from):
			var ok bool
			if d, ok = DecFromFloat(v.F); !ok {
				return types.NullValue, RuntimeErr(diag.NumberFormatException, "Infinite or NaN")
			}
		default:
			d = numDec(v, from)
		}
		return DecValue(d, to), nil
	case types.Binary, types.Varbinary:
		return types.BytesValue(fitBytes(c, v.B, to)), nil
	case types.Array, types.Multiset, types.Map, types.Row:
		return castConstructed(c, v, from, to)
	case types.Date:
		switch from.Kind {
		case types.Timestamp:
			return types.IntValue(int64(int32(v.I / 86400000))), nil
		case types.TimestampLTZ:
			w := LtzToTs(v, c.Location())
			return types.IntValue(FloorDiv(w.I, 86400000)), nil
		}
		return v, nil
	case types.Time:
		switch from.Kind {
		case types.Timestamp:
			return types.IntValue(int64(int32(v.I % 86400000))), nil
		case types.TimestampLTZ:
			w := LtzToTs(v, c.Location())
			return types.IntValue(FloorMod(w.I, 86400000)), nil
		}
		return v, nil
	case types.Timestamp, types.TimestampLTZ:
		var w types.Value
		switch from.Kind {
		case types.Date:
			w = types.TimestampValue(v.I*86400000, 0)
		case types.Time:
			w = types.TimestampValue(v.I, 0)
		default:
			w = v
		}
		// The instant-to-wall-clock step between TIMESTAMP and TIMESTAMP_LTZ
		// uses the session zone; DATE and TIME are wall clocks.
		fromLTZ := from.Kind == types.TimestampLTZ
		if to.Kind == types.TimestampLTZ && !fromLTZ {
			w = tsToLTZ(w, c.Location())
		} else if to.Kind == types.Timestamp && fromLTZ {
			w = LtzToTs(w, c.Location())
		}
		p := to.Precision
		if from.Attr != types.Regular || to.Attr != types.Regular {
			p = 3
		}
		if from.IsTimestamp() && from.Precision > p {
			w = truncateTs(w, p)
		}
		return w, nil
	}
	return v, nil
}

// truncateTs drops fraction digits beyond precision, toward zero as
// DateTimeUtils.truncate does.
func truncateTs(v types.Value, p int) types.Value {
	if p <= 3 {
		k := Pow10[3-p]
		return types.TimestampValue(v.I/k*k, 0)
	}
	k := int32(Pow10[9-p])
	return types.TimestampValue(v.I, v.N/k*k)
}

// tsToLTZ reads a TIMESTAMP's wall clock in zone and returns the instant.
func tsToLTZ(v types.Value, zone *time.Location) types.Value {
	t := time.UnixMilli(v.I).UTC()
	inst := time.Date(t.Year(), t.Month(), t.Day(), t.Hour(), t.Minute(), t.Second(), t.Nanosecond(), zone)
	return types.TimestampValue(inst.UnixMilli(), v.N)
}

// LtzToTs returns the wall clock of an instant in zone, as a TIMESTAMP.
func LtzToTs(v types.Value, zone *time.Location) types.Value {
	t := time.UnixMilli(v.I).In(zone)
	w := time.Date(t.Year(), t.Month(), t.Day(), t.Hour(), t.Minute(), t.Second(), t.Nanosecond(), time.UTC)
	return types.TimestampValue(w.UnixMilli(), v.N)
}

// fitBytes pads BINARY(n) with zero bytes and truncates to the length.
func fitBytes(c *Ctx, b []byte, to types.Type) []byte {
	if to.Length >= types.MaxLength {
		return b
	}
	if len(b) > to.Length {
		return b[:to.Length]
	}
	if to.Kind == types.Binary && len(b) < to.Length {
		out := c.Alloc(to.Length)
		n := copy(out, b)
		clear(out[n:])
		return out
	}
	return b
}

// castToString renders v as Flink's CAST(... AS STRING) and fits the text to
// CHAR(n) (padding with spaces) or VARCHAR(n) (truncating).
func castToString(c *Ctx, v types.Value, from, to types.Type) types.Value {
	var s []byte
	switch {
	case from.IsCharacter():
		s = v.B
	case from.IsBinary():
		s = v.B // non-printing casts decode the bytes as UTF-8
	default:
		if c == nil {
			c = &Ctx{}
		}
		c.Buf = types.AppendValue(c.Buf[:0], v, from, c.Location())
		s = c.Buf
	}
	n := to.Length
	if n >= types.MaxLength {
		if from.IsCharacter() || from.IsBinary() {
			return types.BytesValue(s)
		}
		return types.BytesValue(c.Keep(s))
	}
	chars := utf8.RuneCount(s)
	if chars > n {
		cut, k := 0, 0
		for k < n {
			_, size := utf8.DecodeRune(s[cut:])
			cut += size
			k++
		}
		s = s[:cut]
		chars = n
	}
	if to.Kind == types.Char && chars < n {
		out := c.Alloc(len(s) + n - chars)
		k := copy(out, s)
		for ; k < len(out); k++ {
			out[k] = ' '
		}
		return types.BytesValue(out)
	}
	if from.IsCharacter() || from.IsBinary() {
		return types.BytesValue(s)
	}
	return types.BytesValue(c.Keep(s))
}

func numberFormat(s []byte, reason string) *diag.Error {
	return RuntimeErr(diag.NumberFormatException, "For input string: '%s'. %s", s, reason)
}

// castFromString parses text into a value of type to.
func castFromString(c *Ctx, s []byte, to types.Type) (types.Value, *diag.Error) {
	switch to.Kind {
	case types.Boolean:
		if b, ok := parseBool(s); ok {
			return types.BoolValue(b), nil
		}
		return types.NullValue, RuntimeErr(tableException, "Cannot parse '%s' as BOOLEAN.", s)
	case types.TinyInt, types.SmallInt, types.Int, types.BigInt:
		t := spaceTrim(s)
		bits := 32
		if to.Kind == types.BigInt {
			bits = 64
		}
		i, reason := parseIntText(t, bits)
		if reason != "" {
			return types.NullValue, numberFormat(t, reason)
		}
		if w := WrapInt(i, to.Kind); w != i {
			return types.NullValue, numberFormat(t, "Overflow.")
		}
		return types.IntValue(i), nil
	case types.Float, types.Double:
		t := spaceTrim(s)
		bits := 64
		if to.Kind == types.Float {
			bits = 32
		}
		f, ok := ParseJavaDouble(t, bits)
		if !ok {
			if len(javaTrim(t)) == 0 {
				return types.NullValue, RuntimeErr(diag.NumberFormatException, "empty String")
			}
			return types.NullValue, RuntimeErr(diag.NumberFormatException, "For input string: \"%s\"", t)
		}
		if to.Kind == types.Float {
			f = float64(float32(f))
		}
		return types.FloatValue(f), nil
	case types.Decimal:
		d, ok := parseDecimalFlink(s)
		if ok {
			if v, fits := d.toValue(to.Precision, to.Scale); fits {
				return v, nil
			}
		}
		return types.NullValue, numberFormat(s, "Overflow.")
	case types.Date:
		if d, ok := ParseDateFlink(s); ok {
			return types.IntValue(d), nil
		}
		return types.NullValue, RuntimeErr(dateTimeException, "For input string: '%s'.", s)
	case types.Time:
		if t, ok := parseTimeFlink(s); ok {
			return types.IntValue(t), nil
		}
		return types.NullValue, RuntimeErr(dateTimeException, "For input string: '%s'.", s)
	case types.Timestamp, types.TimestampLTZ:
		ts, msg := ParseTimestampText(s, to.Precision, false)
		if msg != "" {
			return types.NullValue, RuntimeErr(dateTimeParseException, "%s", msg)
		}
		v := types.TimestampValue(ts.Millis, ts.nanos)
		if to.Kind == types.TimestampLTZ {
			v = tsToLTZ(v, c.Location())
		}
		return v, nil
	case types.Binary, types.Varbinary:
		return types.BytesValue(fitBytes(c, s, to)), nil
	}
	return types.NullValue, RuntimeErr(diag.TableException, "Unsupported cast to %s.", to)
}

// parseBool accepts Flink's spellings, case-insensitively, without trimming.
func parseBool(s []byte) (bool, bool) {
	if len(s) > 5 {
		return false, false
	}
	var low [5]byte
	for i, ch := range s {
		if ch >= 'A' && ch <= 'Z' {
			ch += 'a' - 'A'
		}
		low[i] = ch
	}
	switch string(low[:len(s)]) {
	case "t", "true", "y", "yes", "1":
		return true, true
	case "f", "false", "n", "no", "0":
		return false, true
	}
	return false, false
}

// castConstructed casts an ARRAY, MULTISET, MAP or ROW value element by
// element (fields by position); NULL elements stay NULL.
func castConstructed(c *Ctx, v types.Value, from, to types.Type) (types.Value, *diag.Error) {
	if from.Equal(to.WithNullable(from.Nullable())) {
		return v, nil
	}
	each := func(vals []types.Value, f, t types.Type) ([]types.Value, *diag.Error) {
		out := make([]types.Value, len(vals))
		for i, x := range vals {
			if x.Null || f.Kind == types.Null {
				out[i] = types.NullValue
				continue
			}
			r, err := castValue(c, x, f, t)
			if err != nil {
				return nil, err
			}
			out[i] = r
		}
		return out, nil
	}
	switch x := v.X.(type) {
	case *types.ArrayValue:
		elems, err := each(x.Elems, *from.Elem, *to.Elem)
		if err != nil {
			return types.NullValue, err
		}
		return types.Value{X: &types.ArrayValue{Elems: elems}}, nil
	case *types.MapValue:
		kf, kt, vf, vt := from.Key, to.Key, from.Val, to.Val
		if from.Kind == types.Multiset {
			kf, kt = from.Elem, to.Elem
			vf, vt = &types.Type{Kind: types.Int}, &types.Type{Kind: types.Int}
		}
		keys, err := each(x.Keys, *kf, *kt)
		if err != nil {
			return types.NullValue, err
		}
		vals, err := each(x.Vals, *vf, *vt)
		if err != nil {
			return types.NullValue, err
		}
		return types.Value{X: &types.MapValue{Keys: keys, Vals: vals}}, nil
	case *types.RowValue:
		fields := make([]types.Value, len(x.Fields))
		for i, fv := range x.Fields {
			if i >= len(from.Fields) || i >= len(to.Fields) || fv.Null {
				fields[i] = types.NullValue
				continue
			}
			r, err := castValue(c, fv, from.Fields[i].Type, to.Fields[i].Type)
			if err != nil {
				return types.NullValue, err
			}
			fields[i] = r
		}
		return types.Value{X: &types.RowValue{Fields: fields}}, nil
	}
	return v, nil
}
