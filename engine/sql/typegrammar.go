package sql

import (
	"strings"

	"github.com/flinkplay/flinkplay/engine/diag"
	"github.com/flinkplay/flinkplay/engine/types"
)

// typeMode says which type forms a context admits. Column types of DDL
// follow Flink's data type grammar exactly; ParseType, used for CAST and
// other callers, also admits INTERVAL qualifiers and the NULL type.
type typeMode struct {
	interval bool
	null     bool
}

var (
	ddlTypes = typeMode{}
	anyTypes = typeMode{interval: true, null: true}
)

// ParseType parses the Flink data type in src[start:end], with Flink's
// spellings and defaults: VARCHAR and VARBINARY without a length are STRING
// and BYTES, CHAR and BINARY default to length 1, DECIMAL to (10, 0),
// TIMESTAMP and TIMESTAMP_LTZ to precision 6, TIME to 0. It also accepts
// INTERVAL qualifiers (as in CAST(x AS INTERVAL DAY)) and NULL. Out-of-range
// lengths and precisions are ValidationExceptions with the messages of
// Flink's logical type classes; unknown type names are the
// SqlValidatorException Flink reports. Positions are offsets into src.
//
// The result is the declared type; NormalizeType gives the type Flink's
// planner actually uses for it.
func ParseType(src string, start, end int) (t types.Type, err error) {
	defer func() {
		if r := recover(); r != nil {
			b, ok := r.(bailout)
			if !ok {
				b.err = diag.Errorf(start, diag.SqlParserException, "SQL parse failed. %v", r)
			}
			t, err = types.Type{}, b.err
		}
	}()
	p, err := newParser(src, start, end)
	if err != nil {
		return types.Type{}, err
	}
	t = p.dataType(anyTypes)
	if !p.atEOF() {
		p.note("<EOF>")
		p.fail()
	}
	if err := p.finish(); err != nil {
		return types.Type{}, err
	}
	return t, nil
}

// NormalizeType returns the type Flink's planner derives from a declared
// type (FlinkTypeFactory.toLogicalType): TIME(p) becomes TIME(0), every
// year-month interval becomes INTERVAL MONTH and every day-time interval
// INTERVAL SECOND(3). It recurses into collections and rows. Column types
// of CREATE TABLE are returned normalized already, as Flink stores them.
func NormalizeType(t types.Type) types.Type {
	switch t.Kind {
	case types.Time:
		t.Precision = 0
	case types.IntervalYearMonth:
		t.Res, t.Precision, t.Scale = types.ResMonth, types.DefaultIntervalPrecision, 0
	case types.IntervalDayTime:
		t.Res, t.Precision, t.Scale = types.ResSecond, types.DefaultIntervalPrecision, 3
	case types.Array, types.Multiset:
		e := NormalizeType(*t.Elem)
		t.Elem = &e
	case types.Map:
		k, v := NormalizeType(*t.Key), NormalizeType(*t.Val)
		t.Key, t.Val = &k, &v
	case types.Row:
		fields := make([]types.Field, len(t.Fields))
		for i, f := range t.Fields {
			f.Type = NormalizeType(f.Type)
			fields[i] = f
		}
		t.Fields = fields
	}
	return t
}

// typeStartImages are the keywords a data type may start with, for errors.
var typeStartImages = []string{
	`"ARRAY"`, `"BIGINT"`, `"BINARY"`, `"BOOLEAN"`, `"BYTES"`, `"CHAR"`, `"CHARACTER"`, `"DATE"`,
	`"DEC"`, `"DECIMAL"`, `"DOUBLE"`, `"FLOAT"`, `"INT"`, `"INTEGER"`, `"MAP"`, `"MULTISET"`,
	`"NUMERIC"`, `"RAW"`, `"REAL"`, `"ROW"`, `"SMALLINT"`, `"STRING"`, `"TIME"`, `"TIMESTAMP"`,
	`"TIMESTAMP_LTZ"`, `"TINYINT"`, `"VARBINARY"`, `"VARCHAR"`,
}

// dataType parses a type with its NULL / NOT NULL suffixes and postfix
// ARRAY / MULTISET constructors (Flink's ExtendedDataType).
func (p *parser) dataType(m typeMode) types.Type {
	t := p.typeName(m)
	for {
		save := p.i
		nullable := p.nullableOpt()
		if p.tok().Is("ARRAY") || p.tok().Is("MULTISET") {
			t.NotNull = !nullable
			if p.next().Is("ARRAY") {
				t = types.ArrayOf(t)
			} else {
				t = types.MultisetOf(t)
			}
			continue
		}
		p.noteLate(`"ARRAY"`, `"MULTISET"`)
		p.i = save
		break
	}
	t.NotNull = !p.nullableOpt()
	return t
}

// nullableOpt parses [NULL | NOT NULL]; absent means nullable.
func (p *parser) nullableOpt() bool {
	if p.acceptKw("NULL") {
		return true
	}
	if p.acceptKw("NOT") {
		p.expectKw("NULL")
		return false
	}
	return true
}

// precisionOpt parses [( n )], returning -1 when absent.
func (p *parser) precisionOpt() (int, int) {
	if !p.acceptPunct("(") {
		return -1, p.tok().Pos
	}
	n, pos := p.unsignedInt()
	p.expectPunct(")")
	return n, pos
}

// checkRange defers Flink's ValidationException for a length or precision
// outside [lo, hi].
func (p *parser) checkRange(n, pos, lo, hi int, what string) {
	if n < lo || n > hi {
		p.deferErr(pos, diag.ValidationException, "%s must be between %d and %d (both inclusive).", what, lo, hi)
	}
}

// typeName parses a type without nullability suffixes.
func (p *parser) typeName(m typeMode) types.Type {
	t := p.tok()
	if t.Kind != Word {
		return p.userType()
	}
	switch strings.ToUpper(t.Val) {
	case "STRING":
		p.next()
		return types.String
	case "BYTES":
		p.next()
		return types.Bytes
	case "TIMESTAMP_LTZ":
		p.next()
		n, pos := p.precisionOpt()
		if n < 0 {
			n = types.DefaultTimestampPrecision
		}
		p.checkRange(n, pos, 0, types.MaxTimestampPrecision, "Timestamp with local time zone precision")
		return types.TimestampLTZOf(n)
	case "ARRAY", "MULTISET":
		if !p.peek(1).IsPunct("<") {
			break
		}
		p.next()
		p.next()
		elem := p.typeName(m)
		elem.NotNull = !p.nullableOpt()
		p.expectPunct(">")
		if t.Is("ARRAY") {
			return types.ArrayOf(elem)
		}
		return types.MultisetOf(elem)
	case "MAP":
		if !p.peek(1).IsPunct("<") {
			break
		}
		p.next()
		p.next()
		k := p.dataType(m)
		p.expectPunct(",")
		v := p.dataType(m)
		p.expectPunct(">")
		return types.MapOf(k, v)
	case "RAW":
		if p.peek(1).IsPunct("(") {
			p.failAt(t.Pos, diag.UnsupportedOperation, "RAW types are not supported by the playground.")
		}
	case "ROW":
		return p.rowType(m)
	case "BOOLEAN":
		p.next()
		return types.Bool
	case "VARIANT":
		// Flink 2.1+ (FLIP-521); not among 1.20's type keywords in errors
		p.next()
		return types.VariantType
	case "INT", "INTEGER":
		p.next()
		return types.Int32
	case "TINYINT":
		p.next()
		return types.Int8
	case "SMALLINT":
		p.next()
		return types.Int16
	case "BIGINT":
		p.next()
		return types.Int64
	case "FLOAT":
		p.next()
		return types.Float32
	case "DOUBLE":
		p.next()
		p.acceptKw("PRECISION")
		return types.Float64
	case "REAL", "ANY":
		// Flink's parser accepts these, its planner cannot convert them.
		p.next()
		if t.Is("ANY") {
			p.decimalArgs()
		}
		p.deferErr(t.Pos, diag.TableException, "Type is not supported: %s", strings.ToUpper(t.Val))
		return types.Float32
	case "BINARY", "VARBINARY":
		p.next()
		varying := t.Is("VARBINARY") || p.acceptKw("VARYING")
		n, pos := p.precisionOpt()
		if varying {
			if n < 0 {
				n = types.MaxLength
			}
			p.checkRange(n, pos, 1, types.MaxLength, "Variable binary string length")
			return types.VarbinaryN(n)
		}
		if n < 0 {
			n = 1
		}
		p.checkRange(n, pos, 1, types.MaxLength, "Binary string length")
		return types.BinaryN(n)
	case "DECIMAL", "DEC", "NUMERIC":
		p.next()
		prec, scale, ppos, spos := p.decimalArgs()
		if prec < 0 {
			prec, scale = types.DefaultDecimalPrecision, types.DefaultDecimalScale
		} else if scale < 0 {
			scale = 0
		}
		if prec < 1 || prec > types.MaxDecimalPrecision {
			p.deferErr(ppos, diag.ValidationException, "Decimal precision must be between %d and %d (both inclusive).", 1, types.MaxDecimalPrecision)
		} else if scale > prec {
			p.deferErr(spos, diag.ValidationException, "Decimal scale must be between %d and the precision %d (both inclusive).", 0, prec)
		}
		return types.DecimalOf(prec, scale)
	case "CHAR", "CHARACTER", "VARCHAR":
		p.next()
		varying := t.Is("VARCHAR") || p.acceptKw("VARYING")
		n, pos := p.precisionOpt()
		if p.acceptKw("CHARACTER") {
			// Flink keeps strings in one character set; the clause is accepted and ignored.
			p.expectKw("SET")
			p.ident()
		}
		if varying {
			if n < 0 {
				n = types.MaxLength
			}
			p.checkRange(n, pos, 1, types.MaxLength, "Variable character string length")
			return types.VarcharN(n)
		}
		if n < 0 {
			n = 1
		}
		p.checkRange(n, pos, 1, types.MaxLength, "Character string length")
		return types.CharN(n)
	case "DATE":
		p.next()
		return types.DateType
	case "TIME":
		p.next()
		n, pos := p.precisionOpt()
		if n < 0 {
			n = types.DefaultTimePrecision
		}
		p.checkRange(n, pos, 0, types.MaxTimestampPrecision, "Time precision")
		if p.timeZoneOpt() {
			p.deferErr(t.Pos, diag.TableException, "Type is not supported: TIME_WITH_LOCAL_TIME_ZONE")
		}
		return types.TimeOf(n)
	case "TIMESTAMP":
		p.next()
		n, pos := p.precisionOpt()
		if n < 0 {
			n = types.DefaultTimestampPrecision
		}
		if p.timeZoneOpt() {
			p.checkRange(n, pos, 0, types.MaxTimestampPrecision, "Timestamp with local time zone precision")
			return types.TimestampLTZOf(n)
		}
		p.checkRange(n, pos, 0, types.MaxTimestampPrecision, "Timestamp precision")
		return types.TimestampOf(n)
	case "INTERVAL":
		if m.interval {
			p.next()
			return p.intervalQualifier()
		}
	case "NULL":
		if m.null {
			p.next()
			return types.NullType
		}
	}
	return p.userType()
}

// decimalArgs parses [( p [, s] )], -1 for what is absent.
func (p *parser) decimalArgs() (prec, scale, ppos, spos int) {
	prec, scale = -1, -1
	ppos, spos = p.tok().Pos, p.tok().Pos
	if p.acceptPunct("(") {
		prec, ppos = p.unsignedInt()
		spos = ppos
		if p.acceptPunct(",") {
			scale, spos = p.unsignedInt()
		}
		p.expectPunct(")")
	}
	return prec, scale, ppos, spos
}

// timeZoneOpt parses [WITHOUT TIME ZONE | WITH LOCAL TIME ZONE] and
// reports whether it said WITH LOCAL TIME ZONE.
func (p *parser) timeZoneOpt() bool {
	if p.tok().Is("WITHOUT") && p.peek(1).Is("TIME") && p.peek(2).Is("ZONE") {
		p.i += 3
		return false
	}
	p.noteLate(`"WITHOUT"`)
	if p.acceptKw("WITH") {
		p.expectKw("LOCAL")
		p.expectKw("TIME")
		p.expectKw("ZONE")
		return true
	}
	return false
}

// userType parses what Flink's grammar takes for a user-defined type name:
// a compound identifier. Flink knows no such types, so it reports the name
// as unknown once the statement has parsed.
func (p *parser) userType() types.Type {
	if !p.isIdent() {
		p.note(typeStartImages...)
		p.fail()
	}
	pos := p.tok().Pos
	n := p.objectName()
	p.noteLate(`"."`)
	names := make([]string, len(n.Parts))
	for i, id := range n.Parts {
		names[i] = id.Name
	}
	p.deferErr(pos, diag.SqlValidatorException, "Unknown identifier '%s'", strings.Join(names, "."))
	return types.NullType
}

// rowType parses ROW<name type ['comment'], ...>, ROW(...) and ROW<>.
// Fields are nullable unless they say NOT NULL.
func (p *parser) rowType(m typeMode) types.Type {
	p.expectKw("ROW")
	if p.acceptPunct("<>") {
		return types.RowOf()
	}
	closer := ">"
	if p.acceptPunct("(") {
		closer = ")"
	} else {
		p.expectPunct("<")
	}
	fields := []types.Field{}
	if !p.tok().IsPunct(closer) {
		for {
			name := p.ident()
			f := types.Field{Name: name.Name, Type: p.dataType(m)}
			if p.tok().Kind == String && p.src[p.tok().Pos] == '\'' {
				f.Desc = p.next().Val
			}
			for _, prev := range fields {
				if prev.Name == f.Name {
					p.deferErr(name.Pos, diag.ValidationException, "Field names must be unique. Found duplicates: [%s]", f.Name)
				}
			}
			fields = append(fields, f)
			if !p.acceptPunct(",") {
				break
			}
		}
	}
	p.expectPunct(closer)
	return types.RowOf(fields...)
}

// intervalUnit reads a time unit keyword (plural forms too, as Flink's
// parser accepts them) and returns its singular name, or "".
func (p *parser) intervalUnit(allowed ...string) string {
	t := p.tok()
	if t.Kind == Word {
		u := strings.TrimSuffix(strings.ToUpper(t.Val), "S")
		for _, a := range allowed {
			if u == a {
				p.i++
				return u
			}
		}
	}
	for _, a := range allowed {
		p.note(`"` + a + `"`)
	}
	return ""
}

// intervalQualifier parses the qualifier after INTERVAL as a type.
func (p *parser) intervalQualifier() types.Type {
	startPos := p.tok().Pos
	from := p.intervalUnit("YEAR", "MONTH", "DAY", "HOUR", "MINUTE", "SECOND")
	if from == "" {
		p.fail()
	}
	prec, ppos := -1, startPos
	frac, fpos := -1, startPos
	if from == "SECOND" {
		if p.acceptPunct("(") {
			prec, ppos = p.unsignedInt()
			if p.acceptPunct(",") {
				frac, fpos = p.unsignedInt()
			}
			p.expectPunct(")")
		}
	} else {
		prec, ppos = p.precisionOpt()
	}
	to := ""
	if p.tok().Is("TO") {
		var allowed []string
		switch from {
		case "YEAR":
			allowed = []string{"MONTH"}
		case "DAY":
			allowed = []string{"HOUR", "MINUTE", "SECOND"}
		case "HOUR":
			allowed = []string{"MINUTE", "SECOND"}
		case "MINUTE":
			allowed = []string{"SECOND"}
		}
		if allowed != nil {
			p.next()
			if to = p.intervalUnit(allowed...); to == "" {
				p.fail()
			}
			if to == "SECOND" {
				frac, fpos = p.precisionOpt()
			}
		}
	}
	if prec < 0 {
		prec = types.DefaultIntervalPrecision
	}
	if frac < 0 {
		frac = types.DefaultFractionPrecision
	}
	res := map[string]types.IntervalRes{
		"YEAR": types.ResYear, "YEAR TO MONTH": types.ResYearToMonth, "MONTH": types.ResMonth,
		"DAY": types.ResDay, "DAY TO HOUR": types.ResDayToHour, "DAY TO MINUTE": types.ResDayToMinute,
		"DAY TO SECOND": types.ResDayToSecond, "HOUR": types.ResHour, "HOUR TO MINUTE": types.ResHourToMinute,
		"HOUR TO SECOND": types.ResHourToSecond, "MINUTE": types.ResMinute,
		"MINUTE TO SECOND": types.ResMinuteToSecond, "SECOND": types.ResSecond,
	}[strings.TrimSuffix(from+" TO "+to, " TO ")]
	if from == "YEAR" || from == "MONTH" {
		p.checkRange(prec, ppos, 1, 4, "Year precision of year-month intervals")
		return types.Type{Kind: types.IntervalYearMonth, Res: res, Precision: prec}
	}
	p.checkRange(prec, ppos, 1, 6, "Day precision of day-time intervals")
	p.checkRange(frac, fpos, 0, 9, "Fractional precision of day-time intervals")
	return types.Type{Kind: types.IntervalDayTime, Res: res, Precision: prec, Scale: frac}
}
