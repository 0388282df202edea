package expr

import "github.com/flinkplay/flinkplay/engine/types"

// LeastRestrictive merges types as Calcite's leastRestrictive does under
// Flink's type system, for VALUES rows, CASE, IF and UNION:
//
//   - NULL merges with anything; the result is nullable when any input is.
//   - CHAR and VARCHAR give the longest length; CHARs of different lengths
//     become VARCHAR (Flink converts ragged unions to varying), so
//     (VALUES 'Hello World', 'Hi') is VARCHAR(11). BINARY likewise.
//   - Integers give the widest; with DECIMAL, a DECIMAL wide enough for
//     both (integers count as DECIMAL(3..19, 0)); any FLOAT or DOUBLE makes
//     the result approximate (DECIMAL with FLOAT gives DOUBLE).
//   - TIMESTAMP, TIME and TIMESTAMP_LTZ keep their kind with the larger
//     precision; intervals keep their class.
//
// ok is false when the types have no common type (mixing families).
func LeastRestrictive(ts ...types.Type) (types.Type, bool) {
	if len(ts) == 0 {
		return types.Type{}, false
	}
	res := ts[0]
	for _, t := range ts[1:] {
		var ok bool
		res, ok = leastRestrictive2(res, t)
		if !ok {
			return types.Type{}, false
		}
	}
	return res, true
}

func leastRestrictive2(a, b types.Type) (types.Type, bool) {
	nullable := a.Nullable() || b.Nullable()
	a.Attr, b.Attr = types.Regular, types.Regular
	if a.Kind == types.Null {
		return b.WithNullable(true), true
	}
	if b.Kind == types.Null {
		return a.WithNullable(true), true
	}
	if a.Kind == types.Variant || b.Kind == types.Variant {
		if a.Kind != b.Kind {
			return types.Type{}, false
		}
		return types.VariantType.WithNullable(nullable), true
	}
	var r types.Type
	switch {
	case a.IsCharacter() && b.IsCharacter():
		r = stringMerge(a, b, types.Char, types.Varchar)
	case a.IsBinary() && b.IsBinary():
		r = stringMerge(a, b, types.Binary, types.Varbinary)
	case a.IsNumeric() && b.IsNumeric():
		r = numericMerge(a, b)
	case a.Kind == b.Kind:
		switch a.Kind {
		case types.Boolean, types.Date:
			r = a
		case types.Time, types.Timestamp, types.TimestampLTZ:
			r = a
			r.Precision = max(a.Precision, b.Precision)
		case types.IntervalYearMonth, types.IntervalDayTime:
			r = a
			r.Precision = max(a.Precision, b.Precision)
			r.Scale = max(a.Scale, b.Scale)
		case types.Array, types.Multiset:
			e, ok := leastRestrictive2(*a.Elem, *b.Elem)
			if !ok {
				return types.Type{}, false
			}
			r = a
			r.Elem = &e
		case types.Map:
			k, ok1 := leastRestrictive2(*a.Key, *b.Key)
			v, ok2 := leastRestrictive2(*a.Val, *b.Val)
			if !ok1 || !ok2 {
				return types.Type{}, false
			}
			r = a
			r.Key, r.Val = &k, &v
		case types.Row:
			if len(a.Fields) != len(b.Fields) {
				return types.Type{}, false
			}
			fs := make([]types.Field, len(a.Fields))
			for i := range fs {
				ft, ok := leastRestrictive2(a.Fields[i].Type, b.Fields[i].Type)
				if !ok {
					return types.Type{}, false
				}
				fs[i] = types.Field{Name: a.Fields[i].Name, Type: ft}
			}
			r = a
			r.Fields = fs
		default:
			return types.Type{}, false
		}
	default:
		return types.Type{}, false
	}
	return r.WithNullable(nullable), true
}

func stringMerge(a, b types.Type, fixed, varying types.Kind) types.Type {
	k := fixed
	if a.Kind == varying || b.Kind == varying || a.Length != b.Length {
		k = varying
	}
	return types.Type{Kind: k, Length: max(a.Length, b.Length)}
}

var IntRank = map[types.Kind]int{types.TinyInt: 1, types.SmallInt: 2, types.Int: 3, types.BigInt: 4}

func numericMerge(a, b types.Type) types.Type {
	switch {
	case a.Kind == types.Double || b.Kind == types.Double:
		return types.Float64
	case a.Kind == types.Float || b.Kind == types.Float:
		if a.Kind == types.Decimal || b.Kind == types.Decimal {
			return types.Float64
		}
		return types.Float32
	case a.Kind == types.Decimal || b.Kind == types.Decimal:
		da, db := asDecimalType(a), asDecimalType(b)
		s := max(da.Scale, db.Scale)
		p := min(max(da.Precision-da.Scale, db.Precision-db.Scale)+s, types.MaxDecimalPrecision)
		return types.DecimalOf(p, s)
	}
	if IntRank[a.Kind] >= IntRank[b.Kind] {
		return types.Type{Kind: a.Kind}
	}
	return types.Type{Kind: b.Kind}
}
