package codec

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"math/big"
	"strconv"
	"strings"
	"unicode/utf8"
	"unsafe"

	"github.com/flinkplay/flinkplay/engine/diag"
	"github.com/flinkplay/flinkplay/engine/types"
)

// Map null key modes of 'json.map-null-key.mode'.
const (
	MapNullKeyFail    = "FAIL"
	MapNullKeyDrop    = "DROP"
	MapNullKeyLiteral = "LITERAL"
)

// JSONOptions are the 'json.*' options of a table, already validated.
type JSONOptions struct {
	FailOnMissingField   bool   // 'json.fail-on-missing-field'
	IgnoreParseErrors    bool   // 'json.ignore-parse-errors'
	ISO8601              bool   // 'json.timestamp-format.standard' = 'ISO-8601' (else SQL)
	MapNullKeyMode       string // FAIL, DROP or LITERAL
	MapNullKeyLiteral    string // default "null"
	DecimalAsPlainNumber bool   // 'json.encode.decimal-as-plain-number'
	IgnoreNullFields     bool   // 'json.encode.ignore-null-fields'
}

// DefaultJSONOptions are Flink's defaults.
func DefaultJSONOptions() JSONOptions {
	return JSONOptions{MapNullKeyMode: MapNullKeyFail, MapNullKeyLiteral: "null"}
}

// JSON writes and reads rows as Flink's json format: one JSON object per
// line, fields named after the columns.
type JSON struct {
	Opts  JSONOptions
	Names []string
	Types []types.Type
	// Columns, when set (ReadColumns), has a column per field: Decode
	// appends to them each line that is a flat object whose members it
	// converts exactly as the full decoder would, counts it in ColumnRows,
	// and calls emit only for the other lines (and leaves every error to
	// the full decoder). A string column that is empty when Decode starts
	// holds views of its data, so the data must not change while the
	// column lives.
	Columns    []Column
	ColumnRows int
	scan       jsonScan
}

// NewJSON returns the codec for columns of the given names and types.
func NewJSON(opts JSONOptions, names []string, ts []types.Type) *JSON {
	return &JSON{Opts: opts, Names: names, Types: ts}
}

// CheckTypes reports a map whose keys are not strings, as Flink's
// converters do when the format is created.
func (j *JSON) CheckTypes() error {
	var check func(t types.Type) error
	check = func(t types.Type) error {
		switch t.Kind {
		case types.Map, types.Multiset:
			k := t.Key
			if t.Kind == types.Multiset {
				k = t.Elem
			}
			if k == nil || !k.IsCharacter() {
				return diag.Errorf(diag.NoPos, diag.UnsupportedOperation,
					"JSON format doesn't support non-string as key type of map. The type is: %s", t)
			}
			if t.Val != nil {
				return check(*t.Val)
			}
		case types.Array:
			if t.Elem != nil {
				return check(*t.Elem)
			}
		case types.Row:
			for _, f := range t.Fields {
				if err := check(f.Type); err != nil {
					return err
				}
			}
		}
		return nil
	}
	for _, t := range j.Types {
		if err := check(t); err != nil {
			return err
		}
	}
	return nil
}

// AppendRow appends one line for row, line feed included.
func (j *JSON) AppendRow(dst []byte, row []types.Value) ([]byte, error) {
	dst, err := j.appendObject(dst, j.Names, j.Types, row)
	if err != nil {
		return dst, err
	}
	return append(dst, '\n'), nil
}

func (j *JSON) appendObject(dst []byte, names []string, ts []types.Type, row []types.Value) ([]byte, error) {
	dst = append(dst, '{')
	first := true
	for i, v := range row {
		if v.Null && j.Opts.IgnoreNullFields {
			continue
		}
		if !first {
			dst = append(dst, ',')
		}
		first = false
		dst = types.AppendJSONString(dst, names[i])
		dst = append(dst, ':')
		var err error
		if dst, err = j.appendValue(dst, v, ts[i]); err != nil {
			return dst, err
		}
	}
	return append(dst, '}'), nil
}

func (j *JSON) appendValue(dst []byte, v types.Value, t types.Type) ([]byte, error) {
	if v.Null {
		return append(dst, "null"...), nil
	}
	switch t.Kind {
	case types.Boolean:
		return strconv.AppendBool(dst, v.I != 0), nil
	case types.TinyInt, types.SmallInt, types.Int, types.BigInt, types.IntervalYearMonth, types.IntervalDayTime:
		return strconv.AppendInt(dst, v.I, 10), nil
	case types.Float:
		f := float32(v.F)
		if math.IsNaN(v.F) || math.IsInf(v.F, 0) {
			return append(append(append(dst, '"'), types.AppendJavaFloat(nil, f)...), '"'), nil
		}
		return types.AppendJavaFloat(dst, f), nil
	case types.Double:
		if math.IsNaN(v.F) || math.IsInf(v.F, 0) {
			return append(append(append(dst, '"'), types.AppendJavaDouble(nil, v.F)...), '"'), nil
		}
		return types.AppendJavaDouble(dst, v.F), nil
	case types.Decimal:
		if j.Opts.DecimalAsPlainNumber {
			return appendPlainDecimal(dst, v, t), nil
		}
		return appendBigDecimal(dst, v, t, true), nil
	case types.Char, types.Varchar:
		return types.AppendJSONString(dst, string(v.B)), nil
	case types.Binary, types.Varbinary:
		return types.AppendJSONString(dst, base64.StdEncoding.EncodeToString(v.B)), nil
	case types.Date:
		return types.AppendJSONString(dst, string(types.AppendLocalDate(nil, v.I))), nil
	case types.Time:
		return types.AppendJSONString(dst, string(types.AppendISOLocalTime(nil, v.I*1_000_000))), nil
	case types.Timestamp:
		sep := byte(' ')
		if j.Opts.ISO8601 {
			sep = 'T'
		}
		return types.AppendJSONString(dst, string(appendTimestamp(nil, v, sep, ""))), nil
	case types.TimestampLTZ:
		sep := byte(' ')
		if j.Opts.ISO8601 {
			sep = 'T'
		}
		return types.AppendJSONString(dst, string(appendTimestamp(nil, v, sep, "Z"))), nil
	case types.Array:
		a, _ := v.X.(*types.ArrayValue)
		dst = append(dst, '[')
		if a != nil {
			for i, e := range a.Elems {
				if i > 0 {
					dst = append(dst, ',')
				}
				var err error
				if dst, err = j.appendValue(dst, e, *t.Elem); err != nil {
					return dst, err
				}
			}
		}
		return append(dst, ']'), nil
	case types.Map, types.Multiset:
		m, _ := v.X.(*types.MapValue)
		vt := types.Int32
		if t.Kind == types.Map {
			vt = *t.Val
		}
		dst = append(dst, '{')
		n := 0
		if m != nil {
			// Jackson's ObjectNode keeps one entry per key: a repeated key
			// takes the later value in the first key's place.
			type entry struct {
				key string
				val types.Value
			}
			var entries []entry
			index := map[string]int{}
			for i, k := range m.Keys {
				var name string
				if k.Null {
					switch j.Opts.MapNullKeyMode {
					case MapNullKeyDrop:
						continue
					case MapNullKeyLiteral:
						name = j.Opts.MapNullKeyLiteral
					default:
						return dst, diag.Errorf(diag.NoPos, diag.RuntimeException,
							"JSON format doesn't support to serialize map data with null keys. You can drop null key entries or encode null in literals by specifying map-null-key.mode option.")
					}
				} else {
					name = string(k.B)
				}
				if at, ok := index[name]; ok {
					entries[at].val = m.Vals[i]
					continue
				}
				index[name] = len(entries)
				entries = append(entries, entry{name, m.Vals[i]})
			}
			for _, e := range entries {
				if n > 0 {
					dst = append(dst, ',')
				}
				n++
				dst = types.AppendJSONString(dst, e.key)
				dst = append(dst, ':')
				var err error
				if dst, err = j.appendValue(dst, e.val, vt); err != nil {
					return dst, err
				}
			}
		}
		return append(dst, '}'), nil
	case types.Row:
		r, _ := v.X.(*types.RowValue)
		names := make([]string, len(t.Fields))
		ts := make([]types.Type, len(t.Fields))
		for i, f := range t.Fields {
			names[i], ts[i] = f.Name, f.Type
		}
		var fields []types.Value
		if r != nil {
			fields = r.Fields
		}
		return j.appendObject(dst, names, ts, fields)
	}
	return dst, diag.Errorf(diag.NoPos, diag.UnsupportedOperation, "Not support to parse type: %s", t)
}

// appendPlainDecimal writes BigDecimal.toPlainString at the column scale.
func appendPlainDecimal(dst []byte, v types.Value, t types.Type) []byte {
	u := unscaled(v, t)
	neg := u.Sign() < 0
	digits := new(big.Int).Abs(u).String()
	if neg {
		dst = append(dst, '-')
	}
	s := t.Scale
	if s == 0 {
		return append(dst, digits...)
	}
	for len(digits) <= s {
		digits = "0" + digits
	}
	dst = append(dst, digits[:len(digits)-s]...)
	dst = append(dst, '.')
	return append(dst, digits[len(digits)-s:]...)
}

// node is a parsed JSON value with the order of object members kept.
type node struct {
	kind  byte // 'n' null, 'b' bool, '#' number, 's' string, 'a' array, 'o' object
	text  string
	b     bool
	elems []*node
	keys  []string
}

func (n *node) get(key string) *node {
	for i, k := range n.keys {
		if k == key {
			return n.elems[i]
		}
	}
	return nil
}

// String is the JSON text of the node, as JsonNode.toString.
func (n *node) String() string {
	switch n.kind {
	case 'n':
		return "null"
	case 'b':
		return strconv.FormatBool(n.b)
	case '#':
		return n.text
	case 's':
		return string(types.AppendJSONString(nil, n.text))
	case 'a':
		parts := make([]string, len(n.elems))
		for i, e := range n.elems {
			parts[i] = e.String()
		}
		return "[" + strings.Join(parts, ",") + "]"
	}
	parts := make([]string, len(n.elems))
	for i, e := range n.elems {
		parts[i] = string(types.AppendJSONString(nil, n.keys[i])) + ":" + e.String()
	}
	return "{" + strings.Join(parts, ",") + "}"
}

func parseNode(dec *json.Decoder) (*node, error) {
	tok, err := dec.Token()
	if err != nil {
		return nil, err
	}
	switch t := tok.(type) {
	case nil:
		return &node{kind: 'n'}, nil
	case bool:
		return &node{kind: 'b', b: t}, nil
	case json.Number:
		return &node{kind: '#', text: string(t)}, nil
	case string:
		return &node{kind: 's', text: t}, nil
	case json.Delim:
		if t == '[' {
			n := &node{kind: 'a'}
			for dec.More() {
				e, err := parseNode(dec)
				if err != nil {
					return nil, err
				}
				n.elems = append(n.elems, e)
			}
			_, err := dec.Token()
			return n, err
		}
		n := &node{kind: 'o'}
		for dec.More() {
			kt, err := dec.Token()
			if err != nil {
				return nil, err
			}
			k, _ := kt.(string)
			v, err := parseNode(dec)
			if err != nil {
				return nil, err
			}
			// A repeated member replaces the earlier one in place.
			replaced := false
			for i, old := range n.keys {
				if old == k {
					n.elems[i] = v
					replaced = true
				}
			}
			if !replaced {
				n.keys = append(n.keys, k)
				n.elems = append(n.elems, v)
			}
		}
		_, err := dec.Token()
		return n, err
	}
	return nil, fmt.Errorf("unexpected token %v", tok)
}

// JSONError is Flink's "Failed to deserialize JSON '...'." around its cause.
type JSONError struct {
	Line  string
	Cause *diag.Error
}

// Error returns Flink's message quoting the line.
func (e *JSONError) Error() string { return "Failed to deserialize JSON '" + e.Line + "'." }

// Unwrap returns the cause, which the SQL client prints.
func (e *JSONError) Unwrap() error { return e.Cause }

// Decode reads every line of a json file as one row and passes each to
// emit. Blank lines are skipped; with ignore-parse-errors, so are lines
// that fail.
func (j *JSON) Decode(data []byte, emit func(row []types.Value) error) error {
	columns := j.Columns != nil && len(data) > 0
	if columns {
		// The views alias data, which the caller keeps unchanged.
		j.startColumns(data, unsafe.String(&data[0], len(data)))
		defer func() { j.scan.text = "" }()
		columns = j.scan.ok
	}
	all := len(data)
	line := 0 // of the line below
	for len(data) > 0 {
		if columns {
			at := all - len(data) // data is what is left of the file
			next, lines := j.scanColumns(at)
			data = data[next-at:]
			line += lines
			if len(data) == 0 {
				break
			}
		}
		line++
		var text []byte
		if i := bytes.IndexByte(data, '\n'); i >= 0 {
			text, data = data[:i], data[i+1:]
		} else {
			text, data = data, nil
		}
		text = bytes.TrimSuffix(text, []byte{'\r'})
		if len(bytes.TrimSpace(text)) == 0 {
			continue
		}
		if err := j.decodeLine(text, emit); err != nil {
			var je *JSONError
			if j.Opts.IgnoreParseErrors && errors.As(err, &je) {
				continue
			}
			if je != nil || errors.As(err, &je) {
				return &LineError{Line: line, Err: err}
			}
			return err
		}
	}
	return nil
}

const jsonParseException = "org.apache.flink.shaded.jackson2.com.fasterxml.jackson.core.JsonParseException"

// decodeLine reads one line as Flink's JsonParserRowDataDeserializationSchema:
// an object is a row, an array is a row per element, anything else fails.
func (j *JSON) decodeLine(line []byte, emit func(row []types.Value) error) error {
	fail := func(class, format string, args ...any) error {
		return &JSONError{Line: string(line), Cause: diag.Errorf(diag.NoPos, class, format, args...)}
	}
	dec := json.NewDecoder(bytes.NewReader(line))
	dec.UseNumber()
	root, err := parseNode(dec)
	if err == nil && dec.More() {
		err = fmt.Errorf("trailing content")
	}
	if err != nil || !utf8.Valid(line) {
		msg := "invalid JSON"
		if err != nil {
			msg = err.Error()
		}
		return fail(jsonParseException, "%s", msg)
	}
	rows := []*node{root}
	switch root.kind {
	case 'a':
		rows = root.elems
	case 'o':
	default:
		return fail("org.apache.flink.shaded.jackson2.com.fasterxml.jackson.databind.JsonMappingException", "No content to map due to end-of-input")
	}
	var out [][]types.Value
	for _, r := range rows {
		if r.kind != 'o' {
			return fail(diag.IllegalState, "Illegal JSON object data...")
		}
		row := make([]types.Value, len(j.Types))
		missing := false
		for i, name := range j.Names {
			f := r.get(name)
			if f == nil {
				missing = true
				row[i] = types.NullValue
				continue
			}
			v, derr := j.convert(f, j.Types[i])
			if derr != nil {
				if j.Opts.IgnoreParseErrors {
					row[i] = types.NullValue
					continue
				}
				return fail(jsonParseException, "Fail to deserialize at field: %s.", name)
			}
			row[i] = v
		}
		if missing && j.Opts.FailOnMissingField {
			return fail(jsonParseException, "Some field is missing in the JSON data.")
		}
		out = append(out, row)
	}
	for _, row := range out {
		if err := emit(row); err != nil {
			return err
		}
	}
	return nil
}

func (j *JSON) convert(n *node, t types.Type) (types.Value, *diag.Error) {
	if n.kind == 'n' {
		return types.NullValue, nil
	}
	text := n.text
	switch n.kind {
	case 'b':
		text = strconv.FormatBool(n.b)
	case 'a', 'o':
		text = ""
	}
	switch t.Kind {
	case types.Boolean:
		if n.kind == 'b' {
			return types.BoolValue(n.b), nil
		}
		return types.BoolValue(strings.EqualFold(strings.TrimSpace(text), "true")), nil
	case types.TinyInt, types.SmallInt, types.Int, types.BigInt, types.IntervalYearMonth, types.IntervalDayTime:
		if n.kind == '#' {
			// canConvertToInt/Long: a number in range converts, decimals truncated.
			if i, err := strconv.ParseInt(text, 10, 64); err == nil {
				if fits(i, t) {
					return types.IntValue(i), nil
				}
			} else if f, err := strconv.ParseFloat(text, 64); err == nil {
				if fits(int64(f), t) && !math.IsInf(f, 0) {
					return types.IntValue(int64(f)), nil
				}
			}
		}
		return parseScalarText(text, t, true)
	case types.Float, types.Double:
		return parseScalarText(text, t, true)
	case types.Char, types.Varchar:
		if n.kind == 's' {
			return types.StringValue(n.text), nil
		}
		return types.StringValue(n.String()), nil
	case types.Decimal:
		return parseDecimal(text, t)
	case types.Binary, types.Varbinary:
		if n.kind != 's' {
			return types.BytesValue(nil), nil
		}
		b, err := base64.StdEncoding.DecodeString(n.text)
		if err != nil {
			return types.Value{}, diag.Errorf(diag.NoPos, diag.IllegalArgument, "Unable to deserialize byte array.")
		}
		return types.BytesValue(b), nil
	case types.Date:
		d, err := parseDateStrict(text)
		if err != nil {
			return types.Value{}, err
		}
		return types.IntValue(d), nil
	case types.Time:
		nod, end, ok := parseTimeOfDay(text, 0, true)
		if !ok || end != len(text) {
			return types.Value{}, cannotParse(text, end)
		}
		return types.IntValue(truncateTime(nod/1_000_000, t.Precision)), nil
	case types.Timestamp, types.TimestampLTZ:
		sep := byte(' ')
		if j.Opts.ISO8601 {
			sep = 'T'
		}
		suffix := ""
		if t.Kind == types.TimestampLTZ {
			suffix = "Z"
		}
		v, err := parseTimestamp(text, sep, suffix, !j.Opts.ISO8601)
		if err != nil {
			return types.Value{}, err
		}
		return truncateTimestamp(v, t.Precision), nil
	case types.Array:
		if n.kind != 'a' {
			return types.Value{}, diag.Errorf(diag.NoPos, "java.lang.ClassCastException", "class ObjectNode cannot be cast to class ArrayNode")
		}
		out := make([]types.Value, len(n.elems))
		for i, e := range n.elems {
			v, err := j.convert(e, *t.Elem)
			if err != nil {
				return types.Value{}, err
			}
			out[i] = v
		}
		return types.Value{X: &types.ArrayValue{Elems: out}}, nil
	case types.Map, types.Multiset:
		vt := types.Int32
		kt := t.Elem
		if t.Kind == types.Map {
			vt, kt = *t.Val, t.Key
		}
		m := &types.MapValue{}
		for i, k := range n.keys {
			kv, err := j.convert(&node{kind: 's', text: k}, *kt)
			if err != nil {
				return types.Value{}, err
			}
			v, err := j.convert(n.elems[i], vt)
			if err != nil {
				return types.Value{}, err
			}
			m.Keys = append(m.Keys, kv)
			m.Vals = append(m.Vals, v)
		}
		return types.Value{X: m}, nil
	case types.Row:
		if n.kind != 'o' {
			n = &node{kind: 'o'}
		}
		out := make([]types.Value, len(t.Fields))
		for i, f := range t.Fields {
			e := n.get(f.Name)
			if e == nil {
				if j.Opts.FailOnMissingField {
					return types.Value{}, diag.Errorf(diag.NoPos, diag.RuntimeException, "Could not find field with name '%s'.", f.Name)
				}
				out[i] = types.NullValue
				continue
			}
			v, err := j.convert(e, f.Type)
			if err != nil {
				return types.Value{}, err
			}
			out[i] = v
		}
		return types.Value{X: &types.RowValue{Fields: out}}, nil
	}
	return types.Value{}, diag.Errorf(diag.NoPos, diag.UnsupportedOperation, "Not support to parse type: %s", t)
}

func fits(i int64, t types.Type) bool {
	switch t.Kind {
	case types.TinyInt:
		return i >= math.MinInt8 && i <= math.MaxInt8
	case types.SmallInt:
		return i >= math.MinInt16 && i <= math.MaxInt16
	case types.Int, types.IntervalYearMonth:
		return i >= math.MinInt32 && i <= math.MaxInt32
	}
	return true
}
