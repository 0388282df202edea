package expr

import (
	"math"

	"github.com/flinkplay/flinkplay/engine/diag"
	"github.com/flinkplay/flinkplay/engine/types"
)

// buildToTimestampLTZ is TO_TIMESTAMP_LTZ(numeric[, precision]): an epoch
// number as TIMESTAMP_LTZ(3). Precision 0 reads seconds, 3 (the default)
// milliseconds; it must be a literal.
func buildToTimestampLTZ(name string, args []Expr, pos int) (Expr, error) {
	t := args[0].Type()
	if !t.IsNumeric() {
		return nil, cannotApplyFunc(pos, name, args, name+"(<NUMERIC>, <INTEGER>)")
	}
	precision := int64(3)
	if len(args) == 2 {
		v, ok := LiteralValue(args[1])
		if !ok || !args[1].Type().IsInteger() || v.Null {
			return nil, cannotApplyFunc(pos, name, args, name+"(<NUMERIC>, <INTEGER>)")
		}
		precision = v.I
		if precision != 0 && precision != 3 {
			return nil, diag.Errorf(pos, diag.ValidationException,
				"The precision value '%d' for function TO_TIMESTAMP_LTZ(numeric, precision) is unsupported, the supported value is '0' for second or '3' for millisecond.", precision)
		}
	}
	// Always nullable, as Flink types it: an out-of-range input is NULL.
	out := types.TimestampLTZOf(3).WithNullable(true)
	// Both arguments print in plans, as written; only the first is read.
	return &scalar{name: name, args: args, t: out, eval: func(_ *Ctx, v []types.Value) (types.Value, error) {
		x := v[0]
		var millis float64
		switch t.Kind {
		case types.Float, types.Double:
			millis = x.F
		case types.Decimal:
			millis = decOf(x, t).toFloat()
		default:
			if precision == 0 {
				return types.TimestampValue(x.I*1000, 0), nil
			}
			return types.TimestampValue(x.I, 0), nil
		}
		if precision == 0 {
			millis *= 1000
		}
		if math.IsNaN(millis) || math.IsInf(millis, 0) {
			return types.NullValue, nil
		}
		return types.TimestampValue(int64(math.Floor(millis)), 0), nil
	}}, nil
}
