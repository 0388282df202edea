package types

import "math/big"

// Value is one SQL value. Scalars are stored unboxed; which field holds the
// value is decided by the column's Type, never by the Value itself:
//
//	BOOLEAN                     I (0 or 1)
//	TINYINT..BIGINT             I
//	FLOAT, DOUBLE               F
//	DECIMAL(p, s)               I = unscaled value when p <= 18, else X = *big.Int (unscaled)
//	CHAR, VARCHAR, STRING       B (UTF-8)
//	BINARY, VARBINARY, BYTES    B
//	DATE                        I = days since 1970-01-01
//	TIME(p)                     I = milliseconds of the day
//	TIMESTAMP(p), TIMESTAMP_LTZ I = milliseconds since the epoch, N = nanoseconds within that millisecond
//	INTERVAL YEAR TO MONTH      I = months
//	INTERVAL DAY TO SECOND      I = milliseconds
//	ARRAY, MULTISET             X = *ArrayValue (MULTISET: *MapValue, element -> INT count)
//	MAP                         X = *MapValue
//	ROW                         X = *RowValue
//	VARIANT                     X = *VariantValue (immutable, shared by copies)
//
// B may alias the byte arena of the batch that carries the value; a value
// that must outlive its batch is copied with Clone.
type Value struct {
	I    int64
	F    float64
	B    []byte
	X    any
	N    int32
	Null bool
}

// ArrayValue is the payload of an ARRAY value.
type ArrayValue struct {
	Elems []Value
}

// MapValue is the payload of a MAP or MULTISET value, in insertion order.
type MapValue struct {
	Keys, Vals []Value
}

// RowValue is the payload of a nested ROW value.
type RowValue struct {
	Fields []Value
}

// NullValue is SQL NULL of any type.
var NullValue = Value{Null: true}

// IntValue returns an integer-family value (also BOOLEAN, DATE, TIME, intervals).
func IntValue(i int64) Value { return Value{I: i} }

// BoolValue returns a BOOLEAN value.
func BoolValue(b bool) Value {
	if b {
		return Value{I: 1}
	}
	return Value{}
}

// FloatValue returns a FLOAT or DOUBLE value.
func FloatValue(f float64) Value { return Value{F: f} }

// StringValue returns a character or binary value that owns its bytes.
func StringValue(s string) Value { return Value{B: []byte(s)} }

// BytesValue returns a character or binary value backed by b (not copied).
func BytesValue(b []byte) Value { return Value{B: b} }

// TimestampValue returns a TIMESTAMP value.
func TimestampValue(millis int64, nanoOfMilli int32) Value { return Value{I: millis, N: nanoOfMilli} }

// BigDecimalValue returns a DECIMAL value whose unscaled value does not fit int64.
func BigDecimalValue(unscaled *big.Int) Value { return Value{X: unscaled} }

// Bool reports the value of a BOOLEAN.
func (v Value) Bool() bool { return v.I != 0 }

// Str returns the bytes of a character value as a string (a copy).
func (v Value) Str() string { return string(v.B) }

// Clone returns a deep copy of v that shares no memory with any batch arena.
func (v Value) Clone() Value {
	if v.B != nil {
		v.B = append([]byte(nil), v.B...)
	}
	switch x := v.X.(type) {
	case *ArrayValue:
		v.X = &ArrayValue{Elems: CloneRow(x.Elems)}
	case *MapValue:
		v.X = &MapValue{Keys: CloneRow(x.Keys), Vals: CloneRow(x.Vals)}
	case *RowValue:
		v.X = &RowValue{Fields: CloneRow(x.Fields)}
	}
	return v
}

// CloneRow deep-copies a row of values.
func CloneRow(row []Value) []Value {
	if row == nil {
		return nil
	}
	out := make([]Value, len(row))
	for i, v := range row {
		out[i] = v.Clone()
	}
	return out
}
