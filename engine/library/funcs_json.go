package library

import (
	"encoding/base64"
	"fmt"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/flinkplay/flinkplay/engine/diag"
	"github.com/flinkplay/flinkplay/engine/expr"
	"github.com/flinkplay/flinkplay/engine/types"
)

// pathArg is the path argument of JSON_EXISTS, JSON_VALUE and JSON_QUERY:
// parsed once when it is a literal.
type pathArg struct {
	literal bool
	fixed   *expr.JsonPath
	err     error
}

func newPathArg(e expr.Expr) *pathArg {
	a := &pathArg{}
	if v, ok := expr.LiteralValue(e); ok && !v.Null {
		a.literal = true
		a.fixed, a.err = expr.ParseJSONPath(string(v.B))
	}
	return a
}

func (a *pathArg) get(spec []byte) (*expr.JsonPath, error) {
	if a.literal {
		return a.fixed, a.err
	}
	return expr.ParseJSONPath(string(spec))
}

// jsonLookup parses doc and applies the path as Flink does. A nil value
// with a nil error is an empty result (nothing found, JSON null, or, in
// lax mode, an error); a non-nil error is an error of strict mode or of
// the path itself.
func jsonLookup(a *pathArg, doc, spec []byte) (*expr.JsonValue, *expr.JsonPath, error) {
	p, err := a.get(spec)
	if err != nil {
		return nil, nil, expr.JsonRuntimeErr("Illegal jsonpath spec ''%s'', format of the spec should be: ''<lax|strict> ${expr}''", spec)
	}
	root, err := expr.ParseJSON(doc)
	if err != nil {
		if p.Lax {
			return nil, p, nil
		}
		return nil, p, expr.JsonRuntimeErr("%s", jacksonMessage(err))
	}
	v, err := p.Eval(root)
	if err != nil {
		if p.Lax {
			return nil, p, nil
		}
		return nil, p, err
	}
	if v.Kind == expr.JsonNull {
		return nil, p, nil
	}
	return v, p, nil
}

func jacksonMessage(err error) string {
	if err == expr.ErrJSON {
		return "Invalid JSON text"
	}
	return err.Error()
}

func checkJSONArgs(name string, args []expr.Expr, pos int) error {
	return checkFamilies(name, args[:2], pos, []string{name + "(<CHARACTER>, <CHARACTER>)"}, []func(types.Type) bool{expr.IsCharOrNull, expr.IsCharOrNull})
}

// jsonClauses are the clauses after the path, as the parser passes them.
type jsonClauses struct {
	returning    *types.Type
	onEmpty      string // NULL, ERROR, DEFAULT, EMPTY ARRAY, EMPTY OBJECT
	onError      string // also TRUE, FALSE, UNKNOWN for JSON_EXISTS
	emptyDefault expr.Expr
	errorDefault expr.Expr
	wrapper      string // WITHOUT, WITH CONDITIONAL, WITH UNCONDITIONAL
}

func parseJSONClauses(name string, args []expr.Expr, pos int) (jsonClauses, error) {
	c := jsonClauses{onEmpty: "NULL", onError: "NULL", wrapper: "WITHOUT"}
	if name == "JSON_EXISTS" {
		c.onError = "FALSE"
	}
	var pending string
	var pendingDefault expr.Expr
	for k := 0; k < len(args); k++ {
		sym, ok := expr.SymbolName(args[k])
		if !ok {
			return c, expr.NoMatch(name, args, pos)
		}
		switch sym {
		case "RETURNING":
			if k+1 >= len(args) {
				return c, expr.NoMatch(name, args, pos)
			}
			t := args[k+1].Type().WithNullable(true)
			c.returning = &t
			k++
		case "WRAPPER":
			c.wrapper, pending = pending, ""
		case "DEFAULT":
			if k+1 >= len(args) {
				return c, expr.NoMatch(name, args, pos)
			}
			pending, pendingDefault = "DEFAULT", args[k+1]
			k++
		case "ON EMPTY":
			c.onEmpty, c.emptyDefault, pending = pending, pendingDefault, ""
		case "ON ERROR":
			c.onError, c.errorDefault, pending = pending, pendingDefault, ""
		default:
			pending, pendingDefault = sym, nil
		}
	}
	return c, nil
}

func buildJSONExists(name string, args []expr.Expr, pos int) (expr.Expr, error) {
	if err := checkJSONArgs(name, args, pos); err != nil {
		return nil, err
	}
	cl, err := parseJSONClauses(name, args[2:], pos)
	if err != nil {
		return nil, err
	}
	pa := newPathArg(args[1])
	return strictFn(name, args[:2], types.Bool.WithNullable(true), func(_ *expr.Ctx, v []types.Value) (types.Value, error) {
		r, _, err := jsonLookup(pa, v[0].B, v[1].B)
		if err != nil {
			switch cl.onError {
			case "TRUE":
				return types.BoolValue(true), nil
			case "UNKNOWN":
				return types.NullValue, nil
			case "ERROR":
				return types.NullValue, err
			}
			return types.BoolValue(false), nil
		}
		return types.BoolValue(r != nil), nil
	}), nil
}

// jsonJavaString is the value as Java's toString prints the object Jackson
// made of it (maps as {k=v, ...}, lists as [a, b]), for error messages.
func jsonJavaString(dst []byte, v *expr.JsonValue) []byte {
	switch v.Kind {
	case expr.JsonNull:
		return append(dst, "null"...)
	case expr.JsonArray:
		dst = append(dst, '[')
		for i, e := range v.Elem {
			if i > 0 {
				dst = append(dst, ", "...)
			}
			dst = jsonJavaString(dst, e)
		}
		return append(dst, ']')
	case expr.JsonObject:
		dst = append(dst, '{')
		for i, k := range v.Keys {
			if i > 0 {
				dst = append(dst, ", "...)
			}
			dst = append(dst, k...)
			dst = append(dst, '=')
			dst = jsonJavaString(dst, v.Elem[i])
		}
		return append(dst, '}')
	}
	return v.ScalarText(dst)
}

func classCastErr(from, to string) error {
	return expr.RuntimeErr("java.lang.ClassCastException",
		"class %s cannot be cast to class %s (%s and %s are in module java.base of loader 'bootstrap')", from, to, from, to)
}

func buildJSONValue(name string, args []expr.Expr, pos int) (expr.Expr, error) {
	if err := checkJSONArgs(name, args, pos); err != nil {
		return nil, err
	}
	cl, err := parseJSONClauses(name, args[2:], pos)
	if err != nil {
		return nil, err
	}
	t := stringNullT
	if cl.returning != nil {
		t = *cl.returning
		switch t.Kind {
		case types.Varchar, types.Boolean, types.Int, types.Double:
		default:
			return nil, diag.Errorf(pos, "org.apache.flink.table.planner.codegen.CodeGenException",
				"Unsupported type '%s' for RETURNING in JSON_VALUE().", t.String())
		}
	}
	return &jsonValueExpr{doc: args[0], path: args[1], pa: newPathArg(args[1]), cl: cl, t: t}, nil
}

type jsonValueExpr struct {
	doc, path expr.Expr
	pa        *pathArg
	cl        jsonClauses
	t         types.Type
}

func (e *jsonValueExpr) Type() types.Type { return e.t }
func (e *jsonValueExpr) String() string {
	return "JSON_VALUE(" + e.doc.String() + ", " + e.path.String() + ")"
}

func (e *jsonValueExpr) Eval(c *expr.Ctx, row []types.Value) (types.Value, error) {
	doc, err := e.doc.Eval(c, row)
	if err != nil || doc.Null {
		return types.NullValue, err
	}
	path, err := e.path.Eval(c, row)
	if err != nil || path.Null {
		return types.NullValue, err
	}
	r, p, err := jsonLookup(e.pa, doc.B, path.B)
	if err == nil {
		switch {
		case r == nil || p.Lax && !r.Scalar():
			switch e.cl.onEmpty {
			case "ERROR":
				return types.NullValue, expr.JsonRuntimeErr("Empty result of JSON_VALUE function is not allowed")
			case "DEFAULT":
				return e.fallback(c, row, e.cl.emptyDefault)
			}
			return types.NullValue, nil
		case !r.Scalar():
			err = expr.JsonRuntimeErr("Strict jsonpath mode requires scalar value, and the actual value is: ''%s''", jsonJavaString(nil, r))
		default:
			return e.convert(c, r)
		}
	}
	switch e.cl.onError {
	case "ERROR":
		return types.NullValue, err
	case "DEFAULT":
		return e.fallback(c, row, e.cl.errorDefault)
	}
	return types.NullValue, nil
}

// convert casts the Java object of a JSON scalar to the RETURNING type as
// Flink's generated code does: a plain cast, failing for another class.
func (e *jsonValueExpr) convert(c *expr.Ctx, r *expr.JsonValue) (types.Value, error) {
	switch e.t.Kind {
	case types.Boolean:
		if r.Kind != expr.JsonBool {
			return types.NullValue, classCastErr(r.JavaClass(), "java.lang.Boolean")
		}
		return types.BoolValue(r.B), nil
	case types.Int:
		if cls := r.JavaClass(); cls != "java.lang.Integer" {
			return types.NullValue, classCastErr(cls, "java.lang.Integer")
		}
		n, _ := strconv.ParseInt(r.Text, 10, 32)
		return types.IntValue(n), nil
	case types.Double:
		if r.Kind != expr.JsonDouble {
			return types.NullValue, classCastErr(r.JavaClass(), "java.lang.Double")
		}
		return types.FloatValue(r.F), nil
	}
	return types.BytesValue(c.Keep(r.ScalarText(nil))), nil
}

// fallback is the value of a DEFAULT expression, as the RETURNING type.
func (e *jsonValueExpr) fallback(c *expr.Ctx, row []types.Value, d expr.Expr) (types.Value, error) {
	v, err := d.Eval(c, row)
	if err != nil || v.Null {
		return types.NullValue, err
	}
	dt := d.Type()
	if e.t.Kind == types.Varchar {
		if dt.IsCharacter() {
			return v, nil
		}
		return types.BytesValue(c.Keep(types.AppendValue(nil, v, dt, c.Location()))), nil
	}
	if dt.Kind != e.t.Kind {
		return types.NullValue, classCastErr(javaClassOf(dt), javaClassOf(e.t))
	}
	return v, nil
}

func javaClassOf(t types.Type) string {
	switch t.Kind {
	case types.Boolean:
		return "java.lang.Boolean"
	case types.Int:
		return "java.lang.Integer"
	case types.BigInt:
		return "java.lang.Long"
	case types.Double:
		return "java.lang.Double"
	case types.Float:
		return "java.lang.Float"
	case types.Char, types.Varchar:
		return "org.apache.flink.table.data.binary.BinaryStringData"
	case types.Decimal:
		return "org.apache.flink.table.data.DecimalData"
	}
	return "java.lang.Object"
}

func buildJSONQuery(name string, args []expr.Expr, pos int) (expr.Expr, error) {
	if err := checkJSONArgs(name, args, pos); err != nil {
		return nil, err
	}
	cl, err := parseJSONClauses(name, args[2:], pos)
	if err != nil {
		return nil, err
	}
	t := stringNullT
	asArray := false
	if cl.returning != nil {
		rt := *cl.returning
		switch {
		case rt.Kind == types.Varchar:
			t = rt
		case rt.Kind == types.Array && rt.Elem.IsCharacter():
			t, asArray = rt, true
		default:
			return nil, diag.Errorf(pos, diag.ValidationException,
				"Unsupported return type '%s' in JSON_QUERY(): only STRING and ARRAY<STRING> are supported.", rt.String())
		}
	}
	pa := newPathArg(args[1])
	return strictFn(name, args[:2], t, func(c *expr.Ctx, v []types.Value) (types.Value, error) {
		r, p, err := jsonLookup(pa, v[0].B, v[1].B)
		if err == nil {
			if r != nil {
				switch cl.wrapper {
				case "WITH UNCONDITIONAL":
					r = &expr.JsonValue{Kind: expr.JsonArray, Elem: []*expr.JsonValue{r}}
				case "WITH CONDITIONAL":
					if r.Kind != expr.JsonArray {
						r = &expr.JsonValue{Kind: expr.JsonArray, Elem: []*expr.JsonValue{r}}
					}
				}
			}
			switch {
			case r == nil || p.Lax && r.Scalar():
				return jsonQueryFallback(c, cl.onEmpty, asArray,
					expr.JsonRuntimeErr("Empty result of JSON_QUERY function is not allowed"))
			case r.Scalar():
				err = expr.JsonRuntimeErr("Strict jsonpath mode requires array or object value, and the actual value is: ''%s''", jsonJavaString(nil, r))
			case !asArray:
				return types.BytesValue(c.Keep(expr.AppendJSON(nil, r))), nil
			case r.Kind != expr.JsonArray:
				err = classCastErr("java.util.LinkedHashMap", "java.util.List")
			default:
				elems := make([]types.Value, len(r.Elem))
				for i, e := range r.Elem {
					switch {
					case e.Kind == expr.JsonNull:
						elems[i] = types.NullValue
					case e.Scalar():
						elems[i] = types.BytesValue(c.Keep(e.ScalarText(nil)))
					default:
						elems[i] = types.BytesValue(c.Keep(expr.AppendJSON(nil, e)))
					}
				}
				return types.Value{X: &types.ArrayValue{Elems: elems}}, nil
			}
		}
		return jsonQueryFallback(c, cl.onError, asArray, err)
	}), nil
}

// jsonQueryFallback is JSON_QUERY's result for an ON EMPTY or ON ERROR
// behavior; err is raised for ERROR.
func jsonQueryFallback(c *expr.Ctx, behavior string, asArray bool, err error) (types.Value, error) {
	switch behavior {
	case "ERROR":
		return types.NullValue, err
	case "EMPTY ARRAY":
		if asArray {
			return types.Value{X: &types.ArrayValue{}}, nil
		}
		return types.StringValue("[]"), nil
	case "EMPTY OBJECT":
		if asArray {
			return types.NullValue, expr.JsonRuntimeErr("illegal return type")
		}
		return types.StringValue("{}"), nil
	}
	return types.NullValue, nil
}

func buildJSONString(name string, args []expr.Expr, pos int) (expr.Expr, error) {
	t := args[0].Type()
	if !jsonSerializable(t) {
		return nil, diag.Errorf(pos, diag.ValidationException,
			"Invalid function call:\nJSON_STRING(%s)", t.String())
	}
	return strictFn(name, args, stringT(args...), func(c *expr.Ctx, v []types.Value) (types.Value, error) {
		return types.BytesValue(c.Keep(appendValueJSON(nil, v[0], t, c))), nil
	}), nil
}

// jsonSerializable reports whether JSON_STRING accepts the type.
func jsonSerializable(t types.Type) bool {
	switch t.Kind {
	case types.Char, types.Varchar, types.Boolean, types.Decimal, types.TinyInt, types.SmallInt, types.Int, types.BigInt,
		types.Float, types.Double, types.Timestamp, types.TimestampLTZ, types.Binary, types.Varbinary, types.Variant:
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
func appendValueJSON(dst []byte, v types.Value, t types.Type, c *expr.Ctx) []byte {
	if v.Null {
		return append(dst, "null"...)
	}
	switch t.Kind {
	case types.Variant:
		if x, ok := v.X.(*types.VariantValue); ok {
			return x.AppendJSON(dst)
		}
		return append(dst, "null"...)
	case types.Char, types.Varchar:
		return types.AppendJSONString(dst, string(v.B))
	case types.Boolean:
		if v.Bool() {
			return append(dst, "true"...)
		}
		return append(dst, "false"...)
	case types.Float:
		return appendFloatJSON(dst, v.F)
	case types.Double:
		return expr.AppendJSONDouble(dst, v.F)
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
		var members []expr.JsonMember
		if m, ok := v.X.(*types.MapValue); ok {
			for i := range m.Keys {
				members = append(members, expr.JsonMember{Key: types.FormatValue(m.Keys[i], *kt, c.Location()), Val: appendValueJSON(nil, m.Vals[i], *vt, c)})
			}
		}
		return expr.AppendJSONObject(dst, members)
	case types.Row:
		var members []expr.JsonMember
		if r, ok := v.X.(*types.RowValue); ok {
			for i, f := range t.Fields {
				val := []byte("null")
				if i < len(r.Fields) {
					val = appendValueJSON(nil, r.Fields[i], f.Type, c)
				}
				members = append(members, expr.JsonMember{Key: f.Name, Val: val})
			}
		}
		return expr.AppendJSONObject(dst, members)
	}
	// integers and decimals print as SQL prints them
	return types.AppendValue(dst, v, t, c.Location())
}

// appendFloatJSON writes a FLOAT as Jackson does (Java's Float.toString).
func appendFloatJSON(dst []byte, f float64) []byte {
	return types.AppendJavaFloat(dst, float32(f))
}

// appendISOLocalDateTime writes the timestamp's local date-time as Java's
// ISO_LOCAL_DATE_TIME: seconds always, the fraction without trailing
// zeros. A TIMESTAMP_LTZ is its UTC date-time.
func appendISOLocalDateTime(dst []byte, v types.Value, t types.Type, _ *expr.Ctx) []byte {
	tm := time.UnixMilli(v.I).UTC().Add(time.Duration(v.N))
	dst = tm.AppendFormat(dst, "2006-01-02T15:04:05")
	if ns := tm.Nanosecond(); ns != 0 {
		frac := strings.TrimRight(strconv.Itoa(1000000000 + ns)[1:], "0")
		dst = append(dst, '.')
		dst = append(dst, frac...)
	}
	return dst
}

// JSON_ARRAY([ON NULL symbol,] value, ...): a JSON array of the values,
// leaving out NULLs with ABSENT ON NULL (the default) or writing null with
// NULL ON NULL; a value made by JSON_ARRAY or JSON_OBJECT is inserted as
// JSON, not as a string.
func buildJSONArray(name string, args []expr.Expr, pos int) (expr.Expr, error) {
	absent := true
	if len(args) > 0 {
		if sym, ok := expr.SymbolName(args[0]); ok {
			absent = sym != "NULL ON NULL"
			args = args[1:]
		}
	}
	for _, a := range args {
		if t := a.Type(); !jsonSerializable(t) && t.Kind != types.Null {
			return nil, diag.Errorf(pos, diag.ValidationException, "Invalid function call:\nJSON_ARRAY(%s)", t.String())
		}
	}
	return &jsonBuildExpr{name: name, args: args, absent: absent}, nil
}

// JSON_OBJECT(ON NULL symbol, key, value, ...): a JSON object; keys must be
// strings and not NULL; NULL values are written as null (NULL ON NULL, the
// default) or left out (ABSENT ON NULL).
func buildJSONObject(name string, args []expr.Expr, pos int) (expr.Expr, error) {
	absent := false
	if len(args) > 0 {
		if sym, ok := expr.SymbolName(args[0]); ok {
			absent = sym == "ABSENT ON NULL"
			args = args[1:]
		}
	}
	if len(args)%2 != 0 {
		return nil, expr.NoMatch(name, args, pos)
	}
	for i := 0; i < len(args); i += 2 {
		if kt := args[i].Type(); !kt.IsCharacter() {
			return nil, diag.Errorf(pos, diag.ValidationException,
				"Invalid function call:\nJSON_OBJECT(...)\nThe key of a JSON_OBJECT must be a string, but was %s.", kt.String())
		}
		if vt := args[i+1].Type(); !jsonSerializable(vt) && vt.Kind != types.Null {
			return nil, diag.Errorf(pos, diag.ValidationException, "Invalid function call:\nJSON_OBJECT(%s)", vt.String())
		}
	}
	return &jsonBuildExpr{name: name, args: args, absent: absent, object: true}, nil
}

type jsonBuildExpr struct {
	name   string
	args   []expr.Expr
	absent bool // ABSENT ON NULL
	object bool // JSON_OBJECT: args are key, value pairs
}

func (e *jsonBuildExpr) Type() types.Type { return types.String.WithNullable(false) }
func (e *jsonBuildExpr) String() string   { return e.name + "(" + expr.JoinExprs(e.args) + ")" }
func (e *jsonBuildExpr) Eval(c *expr.Ctx, row []types.Value) (types.Value, error) {
	step := 1
	if e.object {
		step = 2
	}
	var members []expr.JsonMember
	for i := 0; i < len(e.args); i += step {
		va := e.args[i+step-1]
		v, err := va.Eval(c, row)
		if err != nil {
			return types.NullValue, err
		}
		if v.Null && e.absent {
			continue
		}
		var m expr.JsonMember
		if e.object {
			k, err := e.args[i].Eval(c, row)
			if err != nil {
				return types.NullValue, err
			}
			if k.Null {
				return types.NullValue, expr.JsonRuntimeErr("JSON_OBJECT requires a key that is not NULL")
			}
			m.Key = string(k.B)
		}
		switch va.(type) {
		case *jsonBuildExpr, *expr.JsonRawExpr:
			// JSON already: a nested JSON_OBJECT/JSON_ARRAY, or JSON(...).
			if !v.Null {
				m.Val = v.B
				break
			}
			m.Val = []byte("null")
		default:
			m.Val = appendValueJSON(nil, v, va.Type(), c)
		}
		members = append(members, m)
	}
	var out []byte
	if e.object {
		out = expr.AppendJSONObject(nil, members)
	} else {
		out = append(out, '[')
		for i, m := range members {
			if i > 0 {
				out = append(out, ',')
			}
			out = append(out, m.Val...)
		}
		out = append(out, ']')
	}
	return types.BytesValue(c.Keep(out)), nil
}

// JSON_QUOTE and JSON_UNQUOTE come from Flink's master branch (after 1.20);
// they follow the Java implementation's observable behaviour, quirks
// included (JSON_QUOTE's escapes of characters outside the BMP).

// ---------------------------------------------------------------- JSON_QUOTE / JSON_UNQUOTE

func buildJSONQuote(name string, args []expr.Expr, pos int) (expr.Expr, error) {
	if err := checkFamilies(name, args, pos, []string{name + "(<CHARACTER>)"}, []func(types.Type) bool{expr.IsCharOrNull}); err != nil {
		return nil, err
	}
	return strictFn(name, args, stringT(args...), func(c *expr.Ctx, v []types.Value) (types.Value, error) {
		return types.BytesValue(c.Keep(jsonQuote(nil, v[0].B))), nil
	}), nil
}

// jsonQuote appends s as a quoted JSON string the way Flink's JSON_QUOTE
// writes it: Java walks the UTF-16 string one unit at a time but reads a
// code point at each, so a supplementary character comes out as its code
// point (five hex digits) followed by its low surrogate.
func jsonQuote(dst, s []byte) []byte {
	dst = append(dst, '"')
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRune(s[i:])
		i += n
		if r < 0x80 {
			switch r {
			case '"':
				dst = append(dst, '\\', '"')
			case '\\':
				dst = append(dst, '\\', '\\')
			case '/':
				dst = append(dst, '\\', '/')
			case '\b':
				dst = append(dst, '\\', 'b')
			case '\f':
				dst = append(dst, '\\', 'f')
			case '\n':
				dst = append(dst, '\\', 'n')
			case '\r':
				dst = append(dst, '\\', 'r')
			case '\t':
				dst = append(dst, '\\', 't')
			default:
				dst = append(dst, byte(r))
			}
			continue
		}
		dst = fmt.Appendf(dst, `\u%04x`, r)
		if r > 0xFFFF {
			dst = fmt.Appendf(dst, `\u%04x`, 0xDC00+((r-0x10000)&0x3FF))
		}
	}
	return append(dst, '"')
}

func buildJSONUnquote(name string, args []expr.Expr, pos int) (expr.Expr, error) {
	if err := checkFamilies(name, args, pos, []string{name + "(<CHARACTER>)"}, []func(types.Type) bool{expr.IsCharOrNull}); err != nil {
		return nil, err
	}
	return strictFn(name, args, stringT(args...), func(c *expr.Ctx, v []types.Value) (types.Value, error) {
		s := v[0].B
		if _, err := expr.ParseJSON(s); err != nil || len(s) < 2 || s[0] != '"' || s[len(s)-1] != '"' {
			return v[0], nil // not a JSON string literal: unchanged
		}
		out, ok := jsonUnescape(nil, s[1:len(s)-1])
		if !ok {
			return v[0], nil
		}
		return types.BytesValue(c.Keep(out)), nil
	}), nil
}

// jsonUnescape resolves the escapes of a JSON string's body. \u escapes
// are UTF-16 units: a surrogate pair makes one character, a lone surrogate
// becomes '?' as Java's encoder writes it.
func jsonUnescape(dst, s []byte) ([]byte, bool) {
	for i := 0; i < len(s); {
		ch := s[i]
		if ch != '\\' || i+1 >= len(s) {
			dst = append(dst, ch)
			i++
			continue
		}
		esc := s[i+1]
		i += 2
		switch esc {
		case '"', '\\', '/':
			dst = append(dst, esc)
		case 'b':
			dst = append(dst, '\b')
		case 'f':
			dst = append(dst, '\f')
		case 'n':
			dst = append(dst, '\n')
		case 'r':
			dst = append(dst, '\r')
		case 't':
			dst = append(dst, '\t')
		case 'u':
			u, ok := hex4(s, i)
			if !ok {
				return nil, false
			}
			i += 4
			switch {
			case u >= 0xD800 && u < 0xDC00:
				if i+6 <= len(s) && s[i] == '\\' && s[i+1] == 'u' {
					if lo, ok := hex4(s, i+2); ok && lo >= 0xDC00 && lo < 0xE000 {
						dst = utf8.AppendRune(dst, 0x10000+(u-0xD800)<<10+(lo-0xDC00))
						i += 6
						continue
					}
				}
				dst = append(dst, '?')
			case u >= 0xDC00 && u < 0xE000:
				dst = append(dst, '?')
			default:
				dst = utf8.AppendRune(dst, u)
			}
		default:
			return nil, false
		}
	}
	return dst, true
}

func hex4(s []byte, i int) (rune, bool) {
	if i+4 > len(s) {
		return 0, false
	}
	var r rune
	for _, ch := range s[i : i+4] {
		d, ok := expr.Unhex(ch)
		if !ok {
			return 0, false
		}
		r = r<<4 | rune(d)
	}
	return r, true
}
