package library

import (
	"bytes"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/flinkplay/flinkplay/engine/diag"
	"github.com/flinkplay/flinkplay/engine/expr"
	"github.com/flinkplay/flinkplay/engine/types"
)

// Value construction (ARRAY[...], MAP[...], ROW(...)), value access (ITEM,
// field access) and the collection functions. Constructors and ITEM type-check
// as Calcite does, with its messages; the ARRAY_*/MAP_* functions belong to
// Flink's own type inference, whose errors are ValidationExceptions naming the
// failed argument strategy.

// flinkRuntimeException is the class Flink's runtime functions wrap their
// failures in.
const flinkRuntimeException = "org.apache.flink.util.FlinkRuntimeException"

// coll is a call over collections. A NULL argument makes the result NULL
// unless its bit is set in passNull, in which case eval sees the NULL.
// eval must not keep the slice it is given.
type coll struct {
	name     string
	args     []expr.Expr
	t        types.Type
	passNull uint64
	eval     func(c *expr.Ctx, v []types.Value) (types.Value, error)
	// scratch holds the argument values between calls, so a call with a
	// fixed-width result does not allocate: operators evaluate a tree from
	// one goroutine, and a node is never its own descendant.
	scratch []types.Value
}

func (e *coll) Type() types.Type { return e.t }
func (e *coll) String() string   { return e.name + "(" + expr.JoinExprs(e.args) + ")" }
func (e *coll) Eval(c *expr.Ctx, row []types.Value) (types.Value, error) {
	if e.scratch == nil {
		e.scratch = make([]types.Value, 0, len(e.args))
	}
	vals := e.scratch[:0]
	for i, a := range e.args {
		v, err := a.Eval(c, row)
		if err != nil {
			return types.NullValue, err
		}
		if v.Null && (i >= 64 || e.passNull&(1<<uint(i)) == 0) {
			return types.NullValue, nil
		}
		vals = append(vals, v)
	}
	return e.eval(c, vals)
}

// ---------------------------------------------------------------- helpers

func arrayElems(v types.Value) []types.Value {
	if a, ok := v.X.(*types.ArrayValue); ok && a != nil {
		return a.Elems
	}
	return nil
}

func mapOf(v types.Value) *types.MapValue {
	if m, ok := v.X.(*types.MapValue); ok && m != nil {
		return m
	}
	return &types.MapValue{}
}

func arrayValue(elems []types.Value) types.Value {
	return types.Value{X: &types.ArrayValue{Elems: elems}}
}

func elemOf(t types.Type) types.Type {
	if t.Elem == nil {
		return types.NullType
	}
	return *t.Elem
}

// typeString is a type as Flink's LogicalType.toString prints it in
// validation messages (nullability included).
func typeString(t types.Type) string { return t.String() }

// rootMismatch is the failure of an argument that must have a type root.
func rootMismatch(pos int, root string, t types.Type) *diag.Error {
	return diag.Validation(pos, "Unsupported argument type. Expected type root '%s' but actual type was '%s'.", root, typeString(t))
}

// invalidInput is Flink's failure when no input signature fits.
func invalidInput(pos int) *diag.Error {
	return diag.Validation(pos, "Invalid input arguments.")
}

// needArray checks that argument i is an ARRAY (Flink's logical(ARRAY)).
func needArray(args []expr.Expr, i, pos int) error {
	if args[i].Type().Kind != types.Array {
		return rootMismatch(pos, "ARRAY", args[i].Type())
	}
	return nil
}

// nullableIfAny is Flink's nullableIfArgs over all arguments.
func nullableIfAny(t types.Type, args ...expr.Expr) types.Type {
	for _, a := range args {
		if a.Type().Nullable() {
			return t.WithNullable(true)
		}
	}
	return t
}

// implicitCastable reports whether Flink casts from to to implicitly when
// passing an argument (LogicalTypeCasts.supportsImplicitCast): same family
// widening, any number to a wider number, CHAR to VARCHAR, NULL to anything.
func implicitCastable(from, to types.Type) bool {
	switch {
	case from.Kind == types.Null:
		return true
	case from.IsCharacter() && to.IsCharacter(), from.IsBinary() && to.IsBinary():
		return true
	case from.IsNumeric() && to.IsNumeric():
		switch to.Kind {
		case types.Decimal, types.Double:
			return true
		case types.Float:
			return from.Kind != types.Double
		}
		return from.IsInteger() && expr.IntRank[from.Kind] <= expr.IntRank[to.Kind]
	case from.Kind == to.Kind:
		switch from.Kind {
		case types.Array, types.Multiset:
			return implicitCastable(*from.Elem, *to.Elem)
		case types.Map:
			return implicitCastable(*from.Key, *to.Key) && implicitCastable(*from.Val, *to.Val)
		case types.Row:
			if len(from.Fields) != len(to.Fields) {
				return false
			}
			for i := range from.Fields {
				if !implicitCastable(from.Fields[i].Type, to.Fields[i].Type) {
					return false
				}
			}
			return true
		case types.Time, types.Timestamp, types.TimestampLTZ:
			return from.Precision <= to.Precision
		}
		return true
	}
	return false
}

// orderable reports whether values of t have an order (ARRAY_MIN, ARRAY_MAX,
// ARRAY_SORT).
func orderable(t types.Type) bool {
	switch t.Kind {
	case types.Array, types.Multiset, types.Map, types.Row:
		return false
	}
	return true
}

// orderValues orders two non-null values of one scalar type t.
func orderValues(x, y types.Value, t types.Type) int {
	switch t.Kind {
	case types.Float, types.Double:
		switch {
		case x.F < y.F:
			return -1
		case x.F > y.F:
			return 1
		case x.F == y.F:
			return 0
		case x.F != x.F && y.F != y.F: // NaN sorts last, as Java's Double.compare
			return 0
		case x.F != x.F:
			return 1
		}
		return -1
	case types.Decimal:
		return expr.DecCmp(expr.DecOf(x, t), expr.DecOf(y, t))
	case types.Char, types.Varchar, types.Binary, types.Varbinary:
		return bytes.Compare(x.B, y.B)
	}
	return expr.CmpTs(x, y)
}

// indexOf returns the position of the first element equal to v (NULL equal
// to NULL), or -1.
func indexOf(elems []types.Value, v types.Value, t types.Type) int {
	for i, e := range elems {
		if expr.ValuesEqual(e, v, t) {
			return i
		}
	}
	return -1
}

// ---------------------------------------------------------------- constructors

func buildArrayCtor(name string, args []expr.Expr, pos int) (expr.Expr, error) {
	ts := make([]types.Type, len(args))
	for i, a := range args {
		ts[i] = a.Type()
	}
	et, ok := expr.LeastRestrictive(ts...)
	if !ok {
		return nil, diag.Errorf(pos, diag.SqlValidatorException, "Parameters must be of the same type")
	}
	elems := make([]expr.Expr, len(args))
	for i, a := range args {
		elems[i] = coerceDeep(a, et)
	}
	t := types.ArrayOf(et).WithNullable(false)
	return &coll{name: "ARRAY", args: elems, t: t, passNull: ^uint64(0), eval: func(_ *expr.Ctx, v []types.Value) (types.Value, error) {
		return arrayValue(append([]types.Value(nil), v...)), nil
	}}, nil
}

func buildMapCtor(name string, args []expr.Expr, pos int) (expr.Expr, error) {
	if len(args)%2 != 0 {
		return nil, diag.Errorf(pos, diag.SqlValidatorException, "Map requires an even number of arguments")
	}
	var ks, vs []types.Type
	for i := 0; i < len(args); i += 2 {
		ks = append(ks, args[i].Type())
		vs = append(vs, args[i+1].Type())
	}
	kt, ok1 := expr.LeastRestrictive(ks...)
	vt, ok2 := expr.LeastRestrictive(vs...)
	if !ok1 || !ok2 {
		return nil, diag.Errorf(pos, diag.SqlValidatorException, "Parameters must be of the same type")
	}
	elems := make([]expr.Expr, len(args))
	for i, a := range args {
		if i%2 == 0 {
			elems[i] = coerceDeep(a, kt)
		} else {
			elems[i] = coerceDeep(a, vt)
		}
	}
	t := types.MapOf(kt, vt).WithNullable(false)
	return &coll{name: "MAP", args: elems, t: t, passNull: ^uint64(0), eval: func(_ *expr.Ctx, v []types.Value) (types.Value, error) {
		// A repeated key keeps its first position and its last value.
		m := &types.MapValue{}
		for i := 0; i+1 < len(v); i += 2 {
			if j := indexOf(m.Keys, v[i], kt); j >= 0 {
				m.Vals[j] = v[i+1]
				continue
			}
			m.Keys = append(m.Keys, v[i])
			m.Vals = append(m.Vals, v[i+1])
		}
		return types.Value{X: m}, nil
	}}, nil
}

func buildRowCtor(name string, args []expr.Expr, pos int) (expr.Expr, error) {
	fields := make([]types.Field, len(args))
	for i, a := range args {
		ft := a.Type()
		ft.Attr = types.Regular
		fields[i] = types.Field{Name: "EXPR$" + strconv.Itoa(i), Type: ft}
	}
	t := types.RowOf(fields...).WithNullable(false)
	return &coll{name: "ROW", args: args, t: t, passNull: ^uint64(0), eval: func(_ *expr.Ctx, v []types.Value) (types.Value, error) {
		return types.Value{X: &types.RowValue{Fields: append([]types.Value(nil), v...)}}, nil
	}}, nil
}

// ---------------------------------------------------------------- access

func itemError(pos int, args []expr.Expr) *diag.Error {
	return diag.Errorf(pos, diag.SqlValidatorException,
		"Cannot apply 'ITEM' to arguments of type 'ITEM(<%s>, <%s>)'. Supported form(s): <ARRAY>[<INTEGER>]\n<MAP>[<ANY>]\n<ROW>[<CHARACTER>|<INTEGER>]",
		expr.CalciteName(args[0].Type()), expr.CalciteName(args[1].Type()))
}

// buildItem is x[i]: the 1-based element of an array (NULL out of range), the
// value of a map key (NULL when absent), or a field of a row by name or
// 1-based position given as a literal.
func buildItem(name string, args []expr.Expr, pos int) (expr.Expr, error) {
	x, idx := args[0], args[1]
	tx, ti := x.Type(), idx.Type()
	switch tx.Kind {
	case types.Array:
		if !ti.IsInteger() && ti.Kind != types.Null {
			return nil, itemError(pos, args)
		}
		if v, ok := expr.LiteralValue(idx); ok && !v.Null && v.I < 1 {
			return nil, diag.Validation(pos, "Array element access needs an index starting at 1 but was %d.", v.I)
		}
		t := elemOf(tx).WithNullable(true)
		return &coll{name: "ITEM", args: args, t: t, eval: func(_ *expr.Ctx, v []types.Value) (types.Value, error) {
			elems := arrayElems(v[0])
			if v[1].I < 1 || v[1].I > int64(len(elems)) {
				return types.NullValue, nil
			}
			return elems[v[1].I-1], nil
		}}, nil
	case types.Map:
		kt := *tx.Key
		if ti.Kind != types.Null && expr.Family(ti) != expr.Family(kt) {
			return nil, itemError(pos, args)
		}
		key := coerceDeep(idx, kt)
		t := tx.Val.WithNullable(true)
		return &coll{name: "ITEM", args: []expr.Expr{x, key}, t: t, eval: func(_ *expr.Ctx, v []types.Value) (types.Value, error) {
			m := mapOf(v[0])
			if j := indexOf(m.Keys, v[1], kt); j >= 0 && j < len(m.Vals) {
				return m.Vals[j], nil
			}
			return types.NullValue, nil
		}}, nil
	case types.Variant:
		return variantItem(args, pos)
	case types.Row:
		lv, ok := expr.LiteralValue(idx)
		if !ok || lv.Null || !(ti.IsInteger() || ti.IsCharacter()) {
			return nil, itemError(pos, args)
		}
		i := -1
		if ti.IsInteger() {
			if lv.I >= 1 && lv.I <= int64(len(tx.Fields)) {
				i = int(lv.I - 1)
			}
		} else {
			for k, f := range tx.Fields {
				if f.Name == string(lv.B) {
					i = k
					break
				}
			}
		}
		if i < 0 {
			return nil, itemError(pos, args)
		}
		return expr.AccessField(x, i), nil
	}
	return nil, itemError(pos, args)
}

func buildCardinality(name string, args []expr.Expr, pos int) (expr.Expr, error) {
	t := args[0].Type()
	switch t.Kind {
	case types.Array, types.Map, types.Multiset:
	default:
		return nil, expr.CannotApplyFunc(pos, name, args, name+"(<MULTISET>)", name+"(<ARRAY>)", name+"(<MAP>)")
	}
	rt := expr.NullableIf(types.Int32, args...)
	return &coll{name: name, args: args, t: rt, eval: func(_ *expr.Ctx, v []types.Value) (types.Value, error) {
		if t.Kind == types.Array {
			return types.IntValue(int64(len(arrayElems(v[0])))), nil
		}
		m := mapOf(v[0])
		if t.Kind == types.Multiset {
			var n int64
			for _, c := range m.Vals {
				n += c.I
			}
			return types.IntValue(int64(int32(n))), nil
		}
		return types.IntValue(int64(len(m.Keys))), nil
	}}, nil
}

func buildElement(name string, args []expr.Expr, pos int) (expr.Expr, error) {
	t := args[0].Type()
	if t.Kind != types.Array {
		return nil, expr.CannotApplyFunc(pos, name, args, name+"(<MULTISET>)", name+"(<ARRAY>)")
	}
	return &coll{name: name, args: args, t: elemOf(t).WithNullable(true), eval: func(_ *expr.Ctx, v []types.Value) (types.Value, error) {
		elems := arrayElems(v[0])
		switch len(elems) {
		case 0:
			return types.NullValue, nil
		case 1:
			return elems[0], nil
		}
		return types.NullValue, expr.RuntimeErr(diag.RuntimeException, "Array has more than one element.")
	}}, nil
}

// ---------------------------------------------------------------- array functions

// needle checks ARRAY_*(haystack, needle)'s second argument: it must cast
// implicitly to the element type; it is converted to it.
func needle(args []expr.Expr, pos int) (expr.Expr, types.Type, error) {
	if err := needArray(args, 0, pos); err != nil {
		return nil, types.Type{}, err
	}
	et := elemOf(args[0].Type())
	nt := args[1].Type()
	if nt.Nullable() {
		et = et.WithNullable(true)
	}
	if !implicitCastable(nt, et) {
		return nil, types.Type{}, invalidInput(pos)
	}
	return coerceDeep(args[1], et), et, nil
}

func buildArrayAppend(name string, args []expr.Expr, pos int) (expr.Expr, error) {
	n, et, err := needle(args, pos)
	if err != nil {
		return nil, err
	}
	t := args[0].Type()
	if args[1].Type().Nullable() && !elemOf(t).Nullable() {
		t = types.ArrayOf(et).WithNullable(t.Nullable())
	}
	if name == "ARRAY_APPEND" {
		t = nullableIfAny(t, args...) // Flink applies nullableIfArgs twice here
	}
	t = nullableIfAny(t, args...)
	prepend := name == "ARRAY_PREPEND"
	return &coll{name: name, args: []expr.Expr{args[0], n}, t: t, passNull: 2, eval: func(_ *expr.Ctx, v []types.Value) (types.Value, error) {
		elems := arrayElems(v[0])
		out := make([]types.Value, 0, len(elems)+1)
		if prepend {
			out = append(out, v[1])
		}
		out = append(out, elems...)
		if !prepend {
			out = append(out, v[1])
		}
		return arrayValue(out), nil
	}}, nil
}

func buildArrayNeedle(name string, args []expr.Expr, pos int) (expr.Expr, error) {
	n, et, err := needle(args, pos)
	if err != nil {
		return nil, err
	}
	call := &coll{name: name, args: []expr.Expr{args[0], n}, passNull: 2}
	switch name {
	case "ARRAY_CONTAINS":
		call.t = nullableIfAny(types.Bool.WithNullable(false), args[0])
		call.eval = func(_ *expr.Ctx, v []types.Value) (types.Value, error) {
			return types.BoolValue(indexOf(arrayElems(v[0]), v[1], et) >= 0), nil
		}
	case "ARRAY_POSITION":
		call.t = nullableIfAny(types.Int32.WithNullable(false), args...)
		call.passNull = 0
		call.eval = func(_ *expr.Ctx, v []types.Value) (types.Value, error) {
			return types.IntValue(int64(indexOf(arrayElems(v[0]), v[1], et) + 1)), nil
		}
	default: // ARRAY_REMOVE
		call.t = nullableIfAny(args[0].Type(), args[0])
		call.eval = func(_ *expr.Ctx, v []types.Value) (types.Value, error) {
			elems := arrayElems(v[0])
			out := make([]types.Value, 0, len(elems))
			for _, e := range elems {
				if !expr.ValuesEqual(e, v[1], et) {
					out = append(out, e)
				}
			}
			return arrayValue(out), nil
		}
	}
	return call, nil
}

// distinctInto appends the elements of elems not yet in out.
func distinctInto(out, elems []types.Value, et types.Type) []types.Value {
	for _, e := range elems {
		if indexOf(out, e, et) < 0 {
			out = append(out, e)
		}
	}
	return out
}

func buildArrayUnary(name string, args []expr.Expr, pos int) (expr.Expr, error) {
	if err := needArray(args, 0, pos); err != nil {
		return nil, err
	}
	t := args[0].Type()
	et := elemOf(t)
	reverse := name == "ARRAY_REVERSE"
	return &coll{name: name, args: args, t: t, eval: func(_ *expr.Ctx, v []types.Value) (types.Value, error) {
		elems := arrayElems(v[0])
		if reverse {
			out := make([]types.Value, len(elems))
			for i, e := range elems {
				out[len(elems)-1-i] = e
			}
			return arrayValue(out), nil
		}
		return arrayValue(distinctInto(make([]types.Value, 0, len(elems)), elems, et)), nil
	}}, nil
}

// comparableArray is Flink's ARRAY_FULLY_COMPARABLE argument check.
func comparableArray(args []expr.Expr, pos int) error {
	t := args[0].Type()
	if t.Kind != types.Array {
		return diag.Validation(pos, "The argument requires to be an ARRAY type")
	}
	if !orderable(elemOf(t)) {
		return diag.Validation(pos, "Type '%s' should support both 'EQUALS' and 'ORDER' comparison with itself.", typeString(elemOf(t)))
	}
	return nil
}

func buildArrayMinMax(name string, args []expr.Expr, pos int) (expr.Expr, error) {
	if err := comparableArray(args, pos); err != nil {
		return nil, err
	}
	et := elemOf(args[0].Type())
	want := 1
	if name == "ARRAY_MIN" {
		want = -1
	}
	return &coll{name: name, args: args, t: et.WithNullable(true), eval: func(_ *expr.Ctx, v []types.Value) (types.Value, error) {
		best := types.NullValue
		for _, e := range arrayElems(v[0]) {
			if e.Null {
				continue
			}
			if best.Null || orderValues(e, best, et) == want {
				best = e
			}
		}
		return best, nil
	}}, nil
}

func buildArraySort(name string, args []expr.Expr, pos int) (expr.Expr, error) {
	if err := comparableArray(args, pos); err != nil {
		if len(args) > 1 {
			return nil, invalidInput(pos)
		}
		return nil, err
	}
	for _, a := range args[1:] {
		if a.Type().Kind != types.Boolean {
			return nil, invalidInput(pos)
		}
	}
	et := elemOf(args[0].Type())
	return &coll{name: name, args: args, t: nullableIfAny(args[0].Type(), args...), eval: func(_ *expr.Ctx, v []types.Value) (types.Value, error) {
		asc := len(v) < 2 || v[1].Bool()
		nullsFirst := asc
		if len(v) == 3 {
			nullsFirst = v[2].Bool()
		}
		elems := arrayElems(v[0])
		out := make([]types.Value, 0, len(elems))
		var nulls []types.Value
		for _, e := range elems {
			if e.Null {
				nulls = append(nulls, e)
			} else {
				out = append(out, e)
			}
		}
		// insertion sort: stable, no closures escaping, arrays are short
		for i := 1; i < len(out); i++ {
			for j := i; j > 0; j-- {
				c := orderValues(out[j-1], out[j], et)
				if (asc && c <= 0) || (!asc && c >= 0) {
					break
				}
				out[j-1], out[j] = out[j], out[j-1]
			}
		}
		if nullsFirst {
			out = append(nulls, out...)
		} else {
			out = append(out, nulls...)
		}
		return arrayValue(out), nil
	}}, nil
}

func buildArraySlice(name string, args []expr.Expr, pos int) (expr.Expr, error) {
	ok := args[0].Type().Kind == types.Array
	for _, a := range args[1:] {
		k := a.Type().Kind
		ok = ok && (k == types.Int || k == types.SmallInt || k == types.TinyInt || k == types.Null)
	}
	if !ok {
		return nil, invalidInput(pos)
	}
	return &coll{name: name, args: args, t: nullableIfAny(args[0].Type(), args...), eval: func(_ *expr.Ctx, v []types.Value) (types.Value, error) {
		elems := arrayElems(v[0])
		n := int64(len(elems))
		if n == 0 {
			return v[0], nil
		}
		start, end := v[1].I, n
		if len(v) == 3 {
			end = v[2].I
		}
		if start < 0 {
			start += n + 1
		}
		if end < 0 {
			end += n + 1
		}
		start = max(1, start)
		if end == 0 {
			end = 1
		} else {
			end = min(end, n)
		}
		if end < start {
			return arrayValue([]types.Value{}), nil
		}
		return arrayValue(append([]types.Value(nil), elems[start-1:end]...)), nil
	}}, nil
}

// commonArrays is Flink's commonArrayType: all arguments ARRAYs with a
// common type, which the result takes.
func commonArrays(args []expr.Expr, pos int, root, what string) (types.Type, error) {
	ts := make([]types.Type, len(args))
	names := make([]string, len(args))
	for i, a := range args {
		ts[i] = a.Type()
		names[i] = typeString(ts[i])
		if ts[i].Kind != root2kind[root] {
			return types.Type{}, diag.Validation(pos, "All arguments requires to be a %s type", what)
		}
	}
	t, ok := expr.LeastRestrictive(ts...)
	if !ok {
		return types.Type{}, diag.Validation(pos, "Could not find a common type for arguments: [%s]", strings.Join(names, ", "))
	}
	return t, nil
}

var root2kind = map[string]types.Kind{"ARRAY": types.Array, "MAP": types.Map}

func buildArraySetOp(name string, args []expr.Expr, pos int) (expr.Expr, error) {
	t, err := commonArrays(args, pos, "ARRAY", "ARRAY")
	if err != nil {
		return nil, err
	}
	et := elemOf(t)
	a, b := coerceDeep(args[0], t), coerceDeep(args[1], t)
	return &coll{name: name, args: []expr.Expr{a, b}, t: t, eval: func(_ *expr.Ctx, v []types.Value) (types.Value, error) {
		x, y := arrayElems(v[0]), arrayElems(v[1])
		var out []types.Value
		switch name {
		case "ARRAY_UNION":
			out = distinctInto(distinctInto(make([]types.Value, 0, len(x)+len(y)), x, et), y, et)
		case "ARRAY_EXCEPT":
			out = make([]types.Value, 0, len(x))
			for _, e := range x {
				if indexOf(y, e, et) < 0 && indexOf(out, e, et) < 0 {
					out = append(out, e)
				}
			}
		default: // ARRAY_INTERSECT
			out = make([]types.Value, 0, len(x))
			for _, e := range x {
				if indexOf(y, e, et) >= 0 && indexOf(out, e, et) < 0 {
					out = append(out, e)
				}
			}
		}
		return arrayValue(out), nil
	}}, nil
}

func buildArrayConcat(name string, args []expr.Expr, pos int) (expr.Expr, error) {
	t, err := commonArrays(args, pos, "ARRAY", "ARRAY")
	if err != nil {
		return nil, err
	}
	conv := make([]expr.Expr, len(args))
	for i, a := range args {
		conv[i] = coerceDeep(a, t)
	}
	return &coll{name: name, args: conv, t: t, eval: func(_ *expr.Ctx, v []types.Value) (types.Value, error) {
		if len(v) == 1 {
			return v[0], nil
		}
		var out []types.Value
		for _, a := range v {
			out = append(out, arrayElems(a)...)
		}
		if out == nil {
			out = []types.Value{}
		}
		return arrayValue(out), nil
	}}, nil
}

func buildArrayJoin(name string, args []expr.Expr, pos int) (expr.Expr, error) {
	t := args[0].Type()
	ok := t.Kind == types.Array && (elemOf(t).IsCharacter() || elemOf(t).Kind == types.Null)
	for _, a := range args[1:] {
		ok = ok && (a.Type().IsCharacter() || a.Type().Kind == types.Null)
	}
	if !ok {
		return nil, invalidInput(pos)
	}
	return &coll{name: name, args: args, t: types.String, eval: func(c *expr.Ctx, v []types.Value) (types.Value, error) {
		elems := arrayElems(v[0])
		var repl []byte
		hasRepl := len(v) == 3
		if hasRepl {
			repl = v[2].B
		}
		n, first := 0, true
		for _, e := range elems {
			if e.Null && !hasRepl {
				continue
			}
			if !first {
				n += len(v[1].B)
			}
			first = false
			if e.Null {
				n += len(repl)
			} else {
				n += len(e.B)
			}
		}
		out := c.Alloc(n)
		k := 0
		first = true
		for _, e := range elems {
			if e.Null && !hasRepl {
				continue
			}
			if !first {
				k += copy(out[k:], v[1].B)
			}
			first = false
			if e.Null {
				k += copy(out[k:], repl)
			} else {
				k += copy(out[k:], e.B)
			}
		}
		return types.BytesValue(out), nil
	}}, nil
}

// ---------------------------------------------------------------- map functions

func buildMapParts(name string, args []expr.Expr, pos int) (expr.Expr, error) {
	t := args[0].Type()
	if t.Kind != types.Map {
		return nil, rootMismatch(pos, "MAP", t)
	}
	var rt types.Type
	switch name {
	case "MAP_KEYS":
		rt = types.ArrayOf(*t.Key)
	case "MAP_VALUES":
		rt = types.ArrayOf(*t.Val)
	default:
		rt = types.ArrayOf(types.RowOf(types.Field{Name: "key", Type: *t.Key}, types.Field{Name: "value", Type: *t.Val}).WithNullable(false))
	}
	rt = rt.WithNullable(t.Nullable())
	return &coll{name: name, args: args, t: rt, eval: func(_ *expr.Ctx, v []types.Value) (types.Value, error) {
		m := mapOf(v[0])
		n := min(len(m.Keys), len(m.Vals))
		switch name {
		case "MAP_KEYS":
			return arrayValue(append([]types.Value(nil), m.Keys[:n]...)), nil
		case "MAP_VALUES":
			return arrayValue(append([]types.Value(nil), m.Vals[:n]...)), nil
		}
		out := make([]types.Value, n)
		for i := 0; i < n; i++ {
			out[i] = types.Value{X: &types.RowValue{Fields: []types.Value{m.Keys[i], m.Vals[i]}}}
		}
		return arrayValue(out), nil
	}}, nil
}

func buildMapFromArrays(name string, args []expr.Expr, pos int) (expr.Expr, error) {
	for i := range args {
		if err := needArray(args, i, pos); err != nil {
			return nil, err
		}
	}
	rt := nullableIfAny(types.MapOf(elemOf(args[0].Type()), elemOf(args[1].Type())).WithNullable(false), args...)
	return &coll{name: name, args: args, t: rt, eval: func(_ *expr.Ctx, v []types.Value) (types.Value, error) {
		ks, vs := arrayElems(v[0]), arrayElems(v[1])
		if len(ks) != len(vs) {
			return types.NullValue, expr.RuntimeErr(flinkRuntimeException,
				"Invalid function MAP_FROM_ARRAYS call:\nThe length of the keys array %d is not equal to the length of the values array %d", len(ks), len(vs))
		}
		return types.Value{X: &types.MapValue{Keys: append([]types.Value(nil), ks...), Vals: append([]types.Value(nil), vs...)}}, nil
	}}, nil
}

func buildMapUnion(name string, args []expr.Expr, pos int) (expr.Expr, error) {
	t, err := commonArrays(args, pos, "MAP", "MAP")
	if err != nil {
		return nil, err
	}
	conv := make([]expr.Expr, len(args))
	for i, a := range args {
		conv[i] = coerceDeep(a, t)
	}
	kt := *t.Key
	return &coll{name: name, args: conv, t: t, eval: func(_ *expr.Ctx, v []types.Value) (types.Value, error) {
		out := &types.MapValue{}
		for _, a := range v {
			m := mapOf(a)
			for i := 0; i < len(m.Keys) && i < len(m.Vals); i++ {
				if j := indexOf(out.Keys, m.Keys[i], kt); j >= 0 {
					out.Vals[j] = m.Vals[i]
					continue
				}
				out.Keys = append(out.Keys, m.Keys[i])
				out.Vals = append(out.Vals, m.Vals[i])
			}
		}
		return types.Value{X: out}, nil
	}}, nil
}

// buildSplit is SPLIT(string, delimiter): every token between whole
// delimiters, empty ones included; an empty delimiter splits characters.
func buildSplit(name string, args []expr.Expr, pos int) (expr.Expr, error) {
	for i, a := range args {
		if !a.Type().IsCharacter() && a.Type().Kind != types.Null {
			return nil, diag.Validation(pos, "Unsupported argument type. Expected type of family 'CHARACTER_STRING' but actual type was '%s'.", typeString(args[i].Type()))
		}
	}
	rt := nullableIfAny(types.ArrayOf(types.String).WithNullable(false), args...)
	return &coll{name: name, args: args, t: rt, eval: func(_ *expr.Ctx, v []types.Value) (types.Value, error) {
		s, d := v[0].B, v[1].B
		var out []types.Value
		if len(d) == 0 {
			out = make([]types.Value, 0, utf8.RuneCount(s))
			for i := 0; i < len(s); {
				_, size := utf8.DecodeRune(s[i:])
				out = append(out, types.BytesValue(s[i:i+size]))
				i += size
			}
			return arrayValue(out), nil
		}
		if len(s) == 0 {
			return arrayValue([]types.Value{}), nil
		}
		for {
			i := bytes.Index(s, d)
			if i < 0 {
				out = append(out, types.BytesValue(s))
				break
			}
			out = append(out, types.BytesValue(s[:i]))
			s = s[i+len(d):]
		}
		return arrayValue(out), nil
	}}, nil
}

// coerceDeep is coerce for values that may be collections: an ARRAY, MAP or
// ROW whose element representation differs from t's (ARRAY<INT> into
// ARRAY<DOUBLE>) has its elements converted one by one.
func coerceDeep(x expr.Expr, t types.Type) expr.Expr {
	f := x.Type()
	if f.Kind != t.Kind || !(f.Kind == types.Array || f.Kind == types.Map || f.Kind == types.Row) || sameRepr(f, t) {
		return expr.Coerce(x, t)
	}
	return &deepConv{x: x, t: t.WithNullable(f.Nullable()), conv: valueConverter(f, t)}
}

// sameRepr reports whether values of f are already values of t.
func sameRepr(f, t types.Type) bool {
	switch {
	case f.Kind == types.Null:
		return true
	case f.Kind != t.Kind:
		col := expr.Column(0, f)
		return expr.Coerce(col, t) == col
	case f.Kind == types.Array || f.Kind == types.Multiset:
		return sameRepr(*f.Elem, *t.Elem)
	case f.Kind == types.Map:
		return sameRepr(*f.Key, *t.Key) && sameRepr(*f.Val, *t.Val)
	case f.Kind == types.Row:
		if len(f.Fields) != len(t.Fields) {
			return false
		}
		for i := range f.Fields {
			if !sameRepr(f.Fields[i].Type, t.Fields[i].Type) {
				return false
			}
		}
		return true
	}
	col := expr.Column(0, f)
	return expr.Coerce(col, t) == col
}

// valueConverter returns a function converting one value of f to t; nil
// when no conversion is needed.
func valueConverter(f, t types.Type) func(c *expr.Ctx, v types.Value) (types.Value, error) {
	if sameRepr(f, t) {
		return nil
	}
	switch {
	case f.Kind == types.Array && t.Kind == types.Array:
		ec := valueConverter(*f.Elem, *t.Elem)
		return func(c *expr.Ctx, v types.Value) (types.Value, error) {
			elems := arrayElems(v)
			out := make([]types.Value, len(elems))
			for i, e := range elems {
				r, err := applyConv(ec, c, e)
				if err != nil {
					return types.NullValue, err
				}
				out[i] = r
			}
			return arrayValue(out), nil
		}
	case f.Kind == types.Map && t.Kind == types.Map:
		kc, vc := valueConverter(*f.Key, *t.Key), valueConverter(*f.Val, *t.Val)
		return func(c *expr.Ctx, v types.Value) (types.Value, error) {
			m := mapOf(v)
			n := min(len(m.Keys), len(m.Vals))
			out := &types.MapValue{Keys: make([]types.Value, n), Vals: make([]types.Value, n)}
			for i := 0; i < n; i++ {
				k, err := applyConv(kc, c, m.Keys[i])
				if err != nil {
					return types.NullValue, err
				}
				w, err := applyConv(vc, c, m.Vals[i])
				if err != nil {
					return types.NullValue, err
				}
				out.Keys[i], out.Vals[i] = k, w
			}
			return types.Value{X: out}, nil
		}
	case f.Kind == types.Row && t.Kind == types.Row && len(f.Fields) == len(t.Fields):
		fcs := make([]func(*expr.Ctx, types.Value) (types.Value, error), len(f.Fields))
		for i := range fcs {
			fcs[i] = valueConverter(f.Fields[i].Type, t.Fields[i].Type)
		}
		return func(c *expr.Ctx, v types.Value) (types.Value, error) {
			r, _ := v.X.(*types.RowValue)
			if r == nil {
				return v, nil
			}
			out := make([]types.Value, len(r.Fields))
			for i, x := range r.Fields {
				if i >= len(fcs) {
					break
				}
				y, err := applyConv(fcs[i], c, x)
				if err != nil {
					return types.NullValue, err
				}
				out[i] = y
			}
			return types.Value{X: &types.RowValue{Fields: out}}, nil
		}
	}
	conv := expr.Coerce(expr.Column(0, f), t)
	return func(c *expr.Ctx, v types.Value) (types.Value, error) {
		row := [1]types.Value{v}
		return conv.Eval(c, row[:])
	}
}

func applyConv(conv func(*expr.Ctx, types.Value) (types.Value, error), c *expr.Ctx, v types.Value) (types.Value, error) {
	if conv == nil || v.Null {
		return v, nil
	}
	return conv(c, v)
}

type deepConv struct {
	x    expr.Expr
	t    types.Type
	conv func(*expr.Ctx, types.Value) (types.Value, error)
}

func (e *deepConv) Type() types.Type { return e.t }
func (e *deepConv) String() string   { return "CAST(" + e.x.String() + " AS " + e.t.String() + ")" }
func (e *deepConv) Eval(c *expr.Ctx, row []types.Value) (types.Value, error) {
	v, err := e.x.Eval(c, row)
	if err != nil || v.Null {
		return v, err
	}
	return applyConv(e.conv, c, v)
}
