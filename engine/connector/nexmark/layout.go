package nexmark

import (
	"github.com/flinkplay/flinkplay/engine/diag"
	"github.com/flinkplay/flinkplay/engine/stream"
	"github.com/flinkplay/flinkplay/engine/types"
)

// Nexmark's table source ignores the declared schema (its factory leaves
// the schema check commented out): it always produces the row of its
// NEXMARK_SCHEMA, four fields
//
//	event_type INT, person ROW<8 fields>, auction ROW<10>, bid ROW<7>
//
// and Flink reads that row by position with the declared types. So any
// names work, fewer columns or nested fields work, and compatible types
// work (event_type as DATE, a string as CHAR(5), a timestamp as
// TIMESTAMP_LTZ); a column whose type wants a different Java class fails
// with a ClassCastException when a row carries a value for it, and a
// column past the produced fields with an ArrayIndexOutOfBoundsException.
// Flink fails only when the query reads that column; here every declared
// column counts.

// Java classes of the values Nexmark's RowDataEventDeserializer produces.
var (
	classInteger   = javaClass{"java.lang.Integer", true}
	classLong      = javaClass{"java.lang.Long", true}
	classString    = javaClass{"org.apache.flink.table.data.binary.BinaryStringData", false}
	classTimestamp = javaClass{"org.apache.flink.table.data.TimestampData", false}
	classRow       = javaClass{"org.apache.flink.table.data.GenericRowData", false}
)

// producedFields are the classes of the fields of Nexmark's person,
// auction and bid rows.
var producedFields = [3][]javaClass{
	personEvent: {classLong, classString, classString, classString, classString, classString, classTimestamp, classString},
	auctionEvent: {classLong, classString, classString, classLong, classLong, classTimestamp, classTimestamp,
		classLong, classLong, classString},
	bidEvent: {classLong, classLong, classLong, classString, classString, classTimestamp, classString},
}

// readClass is the class Flink's RowData getter for a logical type casts
// a field to; accepts reports whether a produced value of class c passes.
func readClass(t types.Type) javaClass {
	switch t.Kind {
	case types.Boolean:
		return javaClass{"java.lang.Boolean", true}
	case types.TinyInt:
		return javaClass{"java.lang.Byte", true}
	case types.SmallInt:
		return javaClass{"java.lang.Short", true}
	case types.Int, types.Date, types.Time, types.IntervalYearMonth:
		return classInteger
	case types.BigInt, types.IntervalDayTime:
		return classLong
	case types.Float:
		return javaClass{"java.lang.Float", true}
	case types.Double:
		return javaClass{"java.lang.Double", true}
	case types.Char, types.Varchar:
		return javaClass{"org.apache.flink.table.data.StringData", false}
	case types.Binary, types.Varbinary:
		return javaClass{"[B", true}
	case types.Decimal:
		return javaClass{"org.apache.flink.table.data.DecimalData", false}
	case types.Timestamp, types.TimestampLTZ:
		return classTimestamp
	case types.Array:
		return javaClass{"org.apache.flink.table.data.ArrayData", false}
	case types.Map, types.Multiset:
		return javaClass{"org.apache.flink.table.data.MapData", false}
	case types.Row:
		return javaClass{"org.apache.flink.table.data.RowData", false}
	}
	return javaClass{"java.lang.Object", true}
}

func accepts(t types.Type, c javaClass) bool {
	switch c {
	case classString:
		return t.Kind == types.Char || t.Kind == types.Varchar
	case classRow:
		return t.Kind == types.Row
	}
	return readClass(t) == c
}

// column is how one declared physical column is filled.
type column struct {
	// event is the event type whose row the column holds, or -1 for
	// event_type.
	event int
	// fields is the number of nested fields declared.
	fields int
	// fail is the error of reading the column in any row; failNonNull
	// that of reading it in a row where it holds a value (a row of its
	// event type).
	fail, failNonNull *diag.Error
	// kinds are the vector kinds of the nested fields declared, for
	// columnar batches.
	kinds []stream.VecKind
}

// layout maps the declared physical columns onto Nexmark's row.
type layout struct {
	cols []column
	// clean: no column fails to read, so no row needs checking.
	clean bool
}

func planLayout(s types.Schema) layout {
	var l layout
	for i, c := range s.Columns {
		col := column{event: i - 1}
		switch {
		case i >= 4:
			col.fail = indexError(i, 4)
		case i == 0:
			if !accepts(c.Type, classInteger) {
				col.fail = castError(classInteger, readClass(c.Type))
			}
		case !accepts(c.Type, classRow):
			col.failNonNull = castError(classRow, readClass(c.Type))
		default:
			produced := producedFields[col.event]
			col.fields = len(c.Type.Fields)
			for _, f := range c.Type.Fields {
				col.kinds = append(col.kinds, stream.VecKindOf(f.Type))
			}
			for j, f := range c.Type.Fields {
				if j >= len(produced) {
					col.failNonNull = indexError(j, len(produced))
					break
				}
				if !accepts(f.Type, produced[j]) {
					col.failNonNull = castError(produced[j], readClass(f.Type))
					break
				}
			}
		}
		l.cols = append(l.cols, col)
	}
	l.clean = true
	for _, c := range l.cols {
		l.clean = l.clean && c.fail == nil && c.failNonNull == nil
	}
	return l
}
