// Package types holds Flink's logical types, the Value that carries one SQL
// value through the engine, and Java-compatible value formatting.
//
// Values are unboxed for every scalar type so the hot path does not allocate:
// see Value.
package types

import (
	"strconv"
	"strings"
)

// Kind is the root of a logical type, as Flink's LogicalTypeRoot.
type Kind uint8

// The logical type roots, in Flink's order.
const (
	Null Kind = iota // the type of an untyped NULL literal
	Char
	Varchar
	Boolean
	Binary
	Varbinary
	Decimal
	TinyInt
	SmallInt
	Int
	BigInt
	Float
	Double
	Date
	Time
	Timestamp    // TIMESTAMP(p) WITHOUT TIME ZONE
	TimestampLTZ // TIMESTAMP(p) WITH LOCAL TIME ZONE
	IntervalYearMonth
	IntervalDayTime
	Array
	Multiset
	Map
	Row
	Variant // semi-structured data (Flink 2.1+), a *VariantValue
)

// MaxLength is the length of STRING (VARCHAR) and BYTES (VARBINARY).
const MaxLength = 2147483647

// Default precisions, as Flink's type classes declare them.
const (
	DefaultDecimalPrecision   = 10
	DefaultDecimalScale       = 0
	MaxDecimalPrecision       = 38
	DefaultTimePrecision      = 0
	DefaultTimestampPrecision = 6
	MaxTimestampPrecision     = 9
	DefaultIntervalPrecision  = 2 // year/day precision
	DefaultFractionPrecision  = 6 // seconds fraction of INTERVAL ... SECOND
)

// IntervalRes is the resolution of an interval type (YEAR TO MONTH, DAY TO SECOND, ...).
type IntervalRes uint8

// Interval resolutions of YearMonthIntervalType and DayTimeIntervalType.
const (
	ResYear IntervalRes = iota
	ResYearToMonth
	ResMonth
	ResDay
	ResDayToHour
	ResDayToMinute
	ResDayToSecond
	ResHour
	ResHourToMinute
	ResHourToSecond
	ResMinute
	ResMinuteToSecond
	ResSecond
)

// TimeAttr marks a TIMESTAMP column as a time attribute.
type TimeAttr uint8

// Time attribute kinds, printed by DESCRIBE as *ROWTIME* and *PROCTIME*.
const (
	Regular TimeAttr = iota
	Rowtime
	Proctime
)

// Type is a Flink logical type. The zero value of NotNull means nullable,
// Flink's default.
type Type struct {
	Kind      Kind
	NotNull   bool
	Length    int         // CHAR, VARCHAR, BINARY, VARBINARY
	Precision int         // DECIMAL, TIME, TIMESTAMP(_LTZ); leading precision of intervals (YEAR(p), DAY(p))
	Scale     int         // DECIMAL scale; fractional precision of DAY TO SECOND intervals
	Res       IntervalRes // intervals
	Attr      TimeAttr    // TIMESTAMP, TIMESTAMP_LTZ
	Elem      *Type       // ARRAY, MULTISET
	Key, Val  *Type       // MAP
	Fields    []Field     // ROW
}

// Field is one field of a ROW type.
type Field struct {
	Name string
	Type Type
	Desc string // optional comment
}

// Constructors for the common types; all nullable.
var (
	NullType = Type{Kind: Null}
	Bool     = Type{Kind: Boolean}
	Int8     = Type{Kind: TinyInt}
	Int16    = Type{Kind: SmallInt}
	Int32    = Type{Kind: Int}
	Int64    = Type{Kind: BigInt}
	Float32  = Type{Kind: Float}
	Float64  = Type{Kind: Double}
	String   = Type{Kind: Varchar, Length: MaxLength}
	Bytes    = Type{Kind: Varbinary, Length: MaxLength}
	DateType = Type{Kind: Date}
	// VariantType is VARIANT.
	VariantType = Type{Kind: Variant}
)

// CharN returns CHAR(n).
func CharN(n int) Type { return Type{Kind: Char, Length: n} }

// VarcharN returns VARCHAR(n).
func VarcharN(n int) Type { return Type{Kind: Varchar, Length: n} }

// BinaryN returns BINARY(n).
func BinaryN(n int) Type { return Type{Kind: Binary, Length: n} }

// VarbinaryN returns VARBINARY(n).
func VarbinaryN(n int) Type { return Type{Kind: Varbinary, Length: n} }

// DecimalOf returns DECIMAL(p, s).
func DecimalOf(p, s int) Type { return Type{Kind: Decimal, Precision: p, Scale: s} }

// TimeOf returns TIME(p).
func TimeOf(p int) Type { return Type{Kind: Time, Precision: p} }

// TimestampOf returns TIMESTAMP(p).
func TimestampOf(p int) Type { return Type{Kind: Timestamp, Precision: p} }

// TimestampLTZOf returns TIMESTAMP_LTZ(p).
func TimestampLTZOf(p int) Type { return Type{Kind: TimestampLTZ, Precision: p} }

// ArrayOf returns ARRAY<e>.
func ArrayOf(e Type) Type { return Type{Kind: Array, Elem: &e} }

// MultisetOf returns MULTISET<e>.
func MultisetOf(e Type) Type { return Type{Kind: Multiset, Elem: &e} }

// MapOf returns MAP<k, v>.
func MapOf(k, v Type) Type { return Type{Kind: Map, Key: &k, Val: &v} }

// RowOf returns ROW<fields>.
func RowOf(fields ...Field) Type { return Type{Kind: Row, Fields: fields} }

// Nullable reports whether the type admits NULL.
func (t Type) Nullable() bool { return !t.NotNull }

// WithNullable returns t with the given nullability.
func (t Type) WithNullable(nullable bool) Type { t.NotNull = !nullable; return t }

// IsNumeric reports whether t is an exact or approximate number.
func (t Type) IsNumeric() bool {
	switch t.Kind {
	case TinyInt, SmallInt, Int, BigInt, Float, Double, Decimal:
		return true
	}
	return false
}

// IsInteger reports whether t is TINYINT, SMALLINT, INT or BIGINT.
func (t Type) IsInteger() bool {
	switch t.Kind {
	case TinyInt, SmallInt, Int, BigInt:
		return true
	}
	return false
}

// IsCharacter reports whether t is CHAR or VARCHAR.
func (t Type) IsCharacter() bool { return t.Kind == Char || t.Kind == Varchar }

// IsBinary reports whether t is BINARY or VARBINARY.
func (t Type) IsBinary() bool { return t.Kind == Binary || t.Kind == Varbinary }

// IsTimestamp reports whether t is TIMESTAMP or TIMESTAMP_LTZ.
func (t Type) IsTimestamp() bool { return t.Kind == Timestamp || t.Kind == TimestampLTZ }

// IsInterval reports whether t is an interval type.
func (t Type) IsInterval() bool { return t.Kind == IntervalYearMonth || t.Kind == IntervalDayTime }

// Equal reports whether two types are identical, nullability and time
// attributes included.
func (t Type) Equal(u Type) bool {
	if t.Kind != u.Kind || t.NotNull != u.NotNull || t.Length != u.Length ||
		t.Precision != u.Precision || t.Scale != u.Scale || t.Res != u.Res || t.Attr != u.Attr {
		return false
	}
	if !ptrEqual(t.Elem, u.Elem) || !ptrEqual(t.Key, u.Key) || !ptrEqual(t.Val, u.Val) {
		return false
	}
	if len(t.Fields) != len(u.Fields) {
		return false
	}
	for i := range t.Fields {
		if t.Fields[i].Name != u.Fields[i].Name || !t.Fields[i].Type.Equal(u.Fields[i].Type) {
			return false
		}
	}
	return true
}

func ptrEqual(a, b *Type) bool {
	if a == nil || b == nil {
		return a == b
	}
	return a.Equal(*b)
}

// String returns Flink's summary string of the type, as DESCRIBE and
// SHOW CREATE TABLE print it: INT, VARCHAR(32), STRING, TIMESTAMP_LTZ(3),
// DECIMAL(10, 2), ARRAY<INT NOT NULL>, ROW<`a` INT, `b` STRING>, BIGINT NOT NULL.
func (t Type) String() string {
	var b strings.Builder
	t.write(&b)
	return b.String()
}

func (t Type) write(b *strings.Builder) {
	switch t.Kind {
	case Null:
		b.WriteString("NULL")
		return // NULL is always nullable
	case Char:
		if t.Length == 0 {
			b.WriteString("CHAR(0)")
		} else {
			b.WriteString("CHAR(" + strconv.Itoa(t.Length) + ")")
		}
	case Varchar:
		if t.Length == MaxLength {
			b.WriteString("STRING")
		} else {
			b.WriteString("VARCHAR(" + strconv.Itoa(t.Length) + ")")
		}
	case Boolean:
		b.WriteString("BOOLEAN")
	case Binary:
		b.WriteString("BINARY(" + strconv.Itoa(t.Length) + ")")
	case Varbinary:
		if t.Length == MaxLength {
			b.WriteString("BYTES")
		} else {
			b.WriteString("VARBINARY(" + strconv.Itoa(t.Length) + ")")
		}
	case Decimal:
		b.WriteString("DECIMAL(" + strconv.Itoa(t.Precision) + ", " + strconv.Itoa(t.Scale) + ")")
	case TinyInt:
		b.WriteString("TINYINT")
	case SmallInt:
		b.WriteString("SMALLINT")
	case Int:
		b.WriteString("INT")
	case BigInt:
		b.WriteString("BIGINT")
	case Float:
		b.WriteString("FLOAT")
	case Double:
		b.WriteString("DOUBLE")
	case Date:
		b.WriteString("DATE")
	case Time:
		b.WriteString("TIME(" + strconv.Itoa(t.Precision) + ")")
	case Timestamp:
		b.WriteString("TIMESTAMP(" + strconv.Itoa(t.Precision) + ")")
		t.writeAttr(b)
	case TimestampLTZ:
		b.WriteString("TIMESTAMP_LTZ(" + strconv.Itoa(t.Precision) + ")")
		t.writeAttr(b)
	case IntervalYearMonth, IntervalDayTime:
		b.WriteString(t.intervalString())
	case Array:
		b.WriteString("ARRAY<")
		t.Elem.write(b)
		b.WriteString(">")
	case Multiset:
		b.WriteString("MULTISET<")
		t.Elem.write(b)
		b.WriteString(">")
	case Map:
		b.WriteString("MAP<")
		t.Key.write(b)
		b.WriteString(", ")
		t.Val.write(b)
		b.WriteString(">")
	case Row:
		b.WriteString("ROW<")
		for i, f := range t.Fields {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString(QuoteIdent(f.Name))
			b.WriteString(" ")
			f.Type.write(b)
			if f.Desc != "" {
				b.WriteString(" '" + strings.ReplaceAll(f.Desc, "'", "''") + "'")
			}
		}
		b.WriteString(">")
	case Variant:
		b.WriteString("VARIANT")
	default:
		b.WriteString("UNKNOWN")
	}
	if t.NotNull {
		b.WriteString(" NOT NULL")
	}
}

func (t Type) writeAttr(b *strings.Builder) {
	switch t.Attr {
	case Rowtime:
		b.WriteString(" *ROWTIME*")
	case Proctime:
		b.WriteString(" *PROCTIME*")
	}
}

func (t Type) intervalString() string {
	p := strconv.Itoa(t.Precision)
	f := strconv.Itoa(t.Scale)
	switch t.Res {
	case ResYear:
		return "INTERVAL YEAR(" + p + ")"
	case ResYearToMonth:
		return "INTERVAL YEAR(" + p + ") TO MONTH"
	case ResMonth:
		return "INTERVAL MONTH"
	case ResDay:
		return "INTERVAL DAY(" + p + ")"
	case ResDayToHour:
		return "INTERVAL DAY(" + p + ") TO HOUR"
	case ResDayToMinute:
		return "INTERVAL DAY(" + p + ") TO MINUTE"
	case ResDayToSecond:
		return "INTERVAL DAY(" + p + ") TO SECOND(" + f + ")"
	case ResHour:
		return "INTERVAL HOUR"
	case ResHourToMinute:
		return "INTERVAL HOUR TO MINUTE"
	case ResHourToSecond:
		return "INTERVAL HOUR TO SECOND(" + f + ")"
	case ResMinute:
		return "INTERVAL MINUTE"
	case ResMinuteToSecond:
		return "INTERVAL MINUTE TO SECOND(" + f + ")"
	case ResSecond:
		return "INTERVAL SECOND(" + f + ")"
	}
	return "INTERVAL"
}

// QuoteIdent quotes an identifier with backticks, doubling inner backticks,
// as Flink's serializable strings do.
func QuoteIdent(name string) string {
	return "`" + strings.ReplaceAll(name, "`", "``") + "`"
}

// Column is a named, typed column of a Schema.
type Column struct {
	Name string
	Type Type
}

// Schema is the row type of a result or a table's physical columns.
type Schema struct {
	Columns []Column
}

// Len returns the number of columns.
func (s Schema) Len() int { return len(s.Columns) }

// Names returns the column names.
func (s Schema) Names() []string {
	names := make([]string, len(s.Columns))
	for i, c := range s.Columns {
		names[i] = c.Name
	}
	return names
}

// Index returns the position of the column with the given name, or -1.
// Flink identifiers are case-sensitive.
func (s Schema) Index(name string) int {
	for i, c := range s.Columns {
		if c.Name == name {
			return i
		}
	}
	return -1
}
