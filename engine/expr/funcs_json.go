package expr

import (
	"encoding/base64"
	"strconv"
	"strings"
	"time"

	"github.com/flinkplay/flinkplay/engine/diag"
	"github.com/flinkplay/flinkplay/engine/types"
)

// pathArg is the path argument of JSON_EXISTS, JSON_VALUE and JSON_QUERY:
// parsed once when it is a literal.
type pathArg struct {
	literal bool
	fixed   *jsonPath
	err     error
}

func newPathArg(e Expr) *pathArg {
	a := &pathArg{}
	if v, ok := LiteralValue(e); ok && !v.Null {
		a.literal = true
		a.fixed, a.err = parseJSONPath(string(v.B))
	}
	return a
}

func (a *pathArg) get(spec []byte) (*jsonPath, error) {
	if a.literal {
		return a.fixed, a.err
	}
	return parseJSONPath(string(spec))
}

// jsonLookup parses doc and applies the path; nil means an error or no
// value (JSON null included), which the default ON EMPTY / ON ERROR
// behaviors of all three functions treat alike.
func jsonLookup(a *pathArg, doc, spec []byte) *jsonValue {
	p, err := a.get(spec)
	if err != nil {
		return nil
	}
	root, err := parseJSON(doc)
	if err != nil {
		return nil
	}
	v, err := p.eval(root)
	if err != nil || v.kind == jsonNull {
		return nil
	}
	return v
}

func checkJSONArgs(name string, args []Expr, pos int) error {
	return checkFamilies(name, args, pos, []string{name + "(<CHARACTER>, <CHARACTER>)"}, []func(types.Type) bool{isCharOrNull, isCharOrNull})
}

func buildJSONExists(name string, args []Expr, pos int) (Expr, error) {
	if err := checkJSONArgs(name, args, pos); err != nil {
		return nil, err
	}
	pa := newPathArg(args[1])
	return strictFn(name, args, types.Bool.WithNullable(true), func(_ *Ctx, v []types.Value) (types.Value, error) {
		return types.BoolValue(jsonLookup(pa, v[0].B, v[1].B) != nil), nil
	}), nil
}

func buildJSONValue(name string, args []Expr, pos int) (Expr, error) {
	if err := checkJSONArgs(name, args, pos); err != nil {
		return nil, err
	}
	pa := newPathArg(args[1])
	return strictFn(name, args, stringNullT, func(c *Ctx, v []types.Value) (types.Value, error) {
		r := jsonLookup(pa, v[0].B, v[1].B)
		if r == nil || !r.scalar() {
			return types.NullValue, nil
		}
		return types.BytesValue(c.keep(r.scalarText(nil))), nil
	}), nil
}

func buildJSONQuery(name string, args []Expr, pos int) (Expr, error) {
	if err := checkJSONArgs(name, args, pos); err != nil {
		return nil, err
	}
	pa := newPathArg(args[1])
	return strictFn(name, args, stringNullT, func(c *Ctx, v []types.Value) (types.Value, error) {
		r := jsonLookup(pa, v[0].B, v[1].B)
		if r == nil || r.scalar() {
			return types.NullValue, nil
		}
		return types.BytesValue(c.keep(appendJSON(nil, r))), nil
	}), nil
}

// IsJSON builds x IS [NOT] JSON [VALUE | SCALAR | ARRAY | OBJECT]: never
// NULL; a NULL string is not JSON.
func IsJSON(x Expr, kind string, not bool, pos int) (Expr, error) {
	if t := x.Type(); !isCharOrNull(t) {
		op := "IS JSON " + kind
		if not {
			op = "IS NOT JSON " + kind
		}
		return nil, diag.Errorf(pos, diag.SqlValidatorException,
			"Cannot apply '%s' to arguments of type '<%s> %s'. Supported form(s): '<CHARACTER> %s'", op, calciteName(t), op, op)
	}
	return &isJSON{x: x, kind: kind, not: not}, nil
}

type isJSON struct {
	x    Expr
	kind string // VALUE, SCALAR, ARRAY or OBJECT
	not  bool
}

func (e *isJSON) Type() types.Type { return types.Bool.WithNullable(false) }
func (e *isJSON) String() string {
	if e.not {
		return "IS NOT JSON " + e.kind + "(" + e.x.String() + ")"
	}
	return "IS JSON " + e.kind + "(" + e.x.String() + ")"
}
func (e *isJSON) Eval(c *Ctx, row []types.Value) (types.Value, error) {
	v, err := e.x.Eval(c, row)
	if err != nil {
		return types.NullValue, err
	}
	ok := false
	if !v.Null {
		if j, err := parseJSON(v.B); err == nil {
			switch e.kind {
			case "SCALAR":
				ok = j.scalar()
			case "ARRAY":
				ok = j.kind == jsonArray
			case "OBJECT":
				ok = j.kind == jsonObject
			default:
				ok = true
			}
		}
	}
	return types.BoolValue(ok != e.not), nil
}

func buildJSONString(name string, args []Expr, pos int) (Expr, error) {
	t := args[0].Type()
	if !jsonSerializable(t) {
		return nil, diag.Errorf(pos, diag.ValidationException,
			"Invalid function call:\nJSON_STRING(%s)", t.String())
	}
	return strictFn(name, args, stringT(args...), func(c *Ctx, v []types.Value) (types.Value, error) {
		return types.BytesValue(c.keep(appendValueJSON(nil, v[0], t, c))), nil
	}), nil
}

// jsonSerializable reports whether JSON_STRING accepts the type.
func jsonSerializable(t types.Type) bool {
	switch t.Kind {
	case types.Char, types.Varchar, types.Boolean, types.Decimal, types.TinyInt, types.SmallInt, types.Int, types.BigInt,
		types.Float, types.Double, types.Timestamp, types.TimestampLTZ, types.Binary, types.Varbinary:
		return true
	case types.Array, types.Multiset:
		return jsonSerializable(*t.Elem)
	case types.Map:
		return jsonSerializable(*t.Key) && jsonSerializable(*t.Val)
	case types.Row:
		for _, f := range t.Fields {
			if !jsonSerializable(f.Type) {
				return false
			}
		}
		return true
	}
	return false
}

// appendValueJSON writes a SQL value as the JSON node Flink makes of it.
func appendValueJSON(dst []byte, v types.Value, t types.Type, c *Ctx) []byte {
	if v.Null {
		return append(dst, "null"...)
	}
	switch t.Kind {
	case types.Char, types.Varchar:
		return appendJSONString(dst, string(v.B))
	case types.Boolean:
		if v.Bool() {
			return append(dst, "true"...)
		}
		return append(dst, "false"...)
	case types.Float:
		return appendFloatJSON(dst, v.F)
	case types.Double:
		return appendJSONDouble(dst, v.F)
	case types.Timestamp, types.TimestampLTZ:
		dst = append(dst, '"')
		dst = appendISOLocalDateTime(dst, v, t, c)
		if t.Kind == types.TimestampLTZ {
			dst = append(dst, 'Z')
		}
		return append(dst, '"')
	case types.Binary, types.Varbinary:
		dst = append(dst, '"')
		dst = base64.StdEncoding.AppendEncode(dst, v.B)
		return append(dst, '"')
	case types.Array:
		dst = append(dst, '[')
		if a, ok := v.X.(*types.ArrayValue); ok {
			for i, e := range a.Elems {
				if i > 0 {
					dst = append(dst, ',')
				}
				dst = appendValueJSON(dst, e, *t.Elem, c)
			}
		}
		return append(dst, ']')
	case types.Map, types.Multiset:
		kt, vt := t.Key, t.Val
		if t.Kind == types.Multiset {
			count := types.Int32
			kt, vt = t.Elem, &count
		}
		dst = append(dst, '{')
		if m, ok := v.X.(*types.MapValue); ok {
			for i := range m.Keys {
				if i > 0 {
					dst = append(dst, ',')
				}
				dst = appendJSONString(dst, types.FormatValue(m.Keys[i], *kt, c.zone()))
				dst = append(dst, ':')
				dst = appendValueJSON(dst, m.Vals[i], *vt, c)
			}
		}
		return append(dst, '}')
	case types.Row:
		dst = append(dst, '{')
		if r, ok := v.X.(*types.RowValue); ok {
			for i, f := range t.Fields {
				if i > 0 {
					dst = append(dst, ',')
				}
				dst = appendJSONString(dst, f.Name)
				dst = append(dst, ':')
				if i < len(r.Fields) {
					dst = appendValueJSON(dst, r.Fields[i], f.Type, c)
				} else {
					dst = append(dst, "null"...)
				}
			}
		}
		return append(dst, '}')
	}
	// integers and decimals print as SQL prints them
	return types.AppendValue(dst, v, t, c.zone())
}

// appendFloatJSON writes a FLOAT as Jackson does (Java's Float.toString).
func appendFloatJSON(dst []byte, f float64) []byte {
	return types.AppendJavaFloat(dst, float32(f))
}

// appendISOLocalDateTime writes the timestamp's local date-time as Java's
// ISO_LOCAL_DATE_TIME: seconds always, the fraction without trailing
// zeros. A TIMESTAMP_LTZ is its UTC date-time.
func appendISOLocalDateTime(dst []byte, v types.Value, t types.Type, _ *Ctx) []byte {
	tm := time.UnixMilli(v.I).UTC().Add(time.Duration(v.N))
	dst = tm.AppendFormat(dst, "2006-01-02T15:04:05")
	if ns := tm.Nanosecond(); ns != 0 {
		frac := strings.TrimRight(strconv.Itoa(1000000000 + ns)[1:], "0")
		dst = append(dst, '.')
		dst = append(dst, frac...)
	}
	return dst
}

func init() {
	register("JSON_EXISTS", 2, 2, buildJSONExists)
	register("JSON_QUERY", 2, 2, buildJSONQuery)
	register("JSON_STRING", 1, 1, buildJSONString)
	register("JSON_VALUE", 2, 2, buildJSONValue)
}

// JSON_ARRAY(value, ...) with the default ABSENT ON NULL: a JSON array of
// the values that are not NULL; a value made by JSON_ARRAY itself is
// inserted as JSON, not as a string.
func buildJSONArray(name string, args []Expr, pos int) (Expr, error) {
	for _, a := range args {
		if t := a.Type(); !jsonSerializable(t) && t.Kind != types.Null {
			return nil, diag.Errorf(pos, diag.ValidationException, "Invalid function call:\nJSON_ARRAY(%s)", t.String())
		}
	}
	return &jsonArrayExpr{args: args}, nil
}

type jsonArrayExpr struct{ args []Expr }

func (e *jsonArrayExpr) Type() types.Type { return types.String.WithNullable(false) }
func (e *jsonArrayExpr) String() string   { return "JSON_ARRAY(" + joinExprs(e.args) + ")" }
func (e *jsonArrayExpr) Eval(c *Ctx, row []types.Value) (types.Value, error) {
	out := []byte{'['}
	n := 0
	for _, a := range e.args {
		v, err := a.Eval(c, row)
		if err != nil {
			return types.NullValue, err
		}
		if v.Null {
			continue
		}
		if n > 0 {
			out = append(out, ',')
		}
		n++
		if _, raw := a.(*jsonArrayExpr); raw {
			out = append(out, v.B...)
			continue
		}
		out = appendValueJSON(out, v, a.Type(), c)
	}
	out = append(out, ']')
	return types.BytesValue(c.keep(out)), nil
}

func init() {
	register("JSON_ARRAY", 0, -1, buildJSONArray)
}
