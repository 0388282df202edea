package datagen

import (
	"math"

	"github.com/flinkplay/flinkplay/engine/connector"
	"github.com/flinkplay/flinkplay/engine/diag"
	"github.com/flinkplay/flinkplay/engine/types"
)

// Default sizes, as Flink's RandomGeneratorVisitor declares them.
const (
	defaultStringLength     = 100
	defaultBytesLength      = 100
	defaultCollectionLength = 3
)

// field is the planned generator of a column or of a nested element.
type field struct {
	path     string // Flink's name of the generator: "c", "c.element", "m.key", "r.a"
	typ      types.Type
	sequence bool

	nullRate float32
	length   int   // CHAR/VARCHAR/BINARY/VARBINARY and collection sizes
	varLen   bool  // VARCHAR/VARBINARY only
	minI     int64 // integer kinds and intervals
	maxI     int64
	minF     float64 // FLOAT, DOUBLE, DECIMAL
	maxF     float64
	maxPast  connector.JavaDuration

	start, end int64 // sequences

	elem, key, val *field   // ARRAY/MULTISET element, MAP key and value
	fields         []*field // ROW
}

// planner reads a table's options the way Flink's factory does, recording
// every key that is legal for the table's columns.
type planner struct {
	opts     map[string]string
	consumed []string
}

func (p *planner) key(path, opt string) string {
	k := "fields." + path + "." + opt
	p.consumed = append(p.consumed, k)
	return k
}

func (p *planner) int32Opt(k string, def int32) (int32, error) {
	v, ok := p.opts[k]
	if !ok {
		return def, nil
	}
	return connector.ParseInt(k, v)
}

func (p *planner) int64Opt(k string, def int64) (int64, error) {
	v, ok := p.opts[k]
	if !ok {
		return def, nil
	}
	return connector.ParseLong(k, v)
}

func (p *planner) float32Opt(k string, def float32) (float32, error) {
	v, ok := p.opts[k]
	if !ok {
		return def, nil
	}
	return connector.ParseFloat(k, v)
}

func (p *planner) float64Opt(k string, def float64) (float64, error) {
	v, ok := p.opts[k]
	if !ok {
		return def, nil
	}
	return connector.ParseDouble(k, v)
}

func (p *planner) boolOpt(k string) (bool, error) {
	v, ok := p.opts[k]
	if !ok {
		return false, nil
	}
	return connector.ParseBool(k, v)
}

func planSource(t connector.Table) (*TableSource, error) {
	p := &planner{opts: t.Options}
	p.consumed = append(p.consumed, keyConnector, keyRowsPerSecond, keyNumberOfRows, keyParallelism)
	src := &TableSource{table: t.Name}
	for _, c := range t.Physical.Columns {
		kindKey := p.key(c.Name, optKind)
		kind, ok := p.opts[kindKey]
		if !ok {
			kind = kindRandom
		}
		var f *field
		var err error
		switch kind {
		case kindRandom:
			if err = p.validateField(c.Name, c.Type); err == nil {
				f, err = p.random(c.Name, c.Type)
			}
		case kindSequence:
			f, err = p.sequence(c.Name, c.Type)
		default:
			err = diag.Validation(diag.NoPos, "Unsupported generator kind: %s", kind)
		}
		if err != nil {
			return nil, err
		}
		src.fields = append(src.fields, f)
	}
	if err := connector.UnsupportedOptions(spec.Name, t.Options, p.consumed); err != nil {
		return nil, err
	}
	var err error
	if src.rowsPerSecond, err = p.int64Opt(keyRowsPerSecond, defaultRowsPerSecond); err != nil {
		return nil, err
	}
	if v, ok := t.Options[keyNumberOfRows]; ok {
		if src.numberOfRows, err = connector.ParseLong(keyNumberOfRows, v); err != nil {
			return nil, err
		}
		src.bounded = true
	}
	if v, ok := t.Options[keyParallelism]; ok {
		n, err := connector.ParseInt(keyParallelism, v)
		if err != nil {
			return nil, err
		}
		if n <= 0 {
			return nil, diag.Errorf(diag.NoPos, diag.TableException,
				"Invalid configured parallelism %d for table '%s'.", n, t.Name)
		}
	}
	return src, nil
}

// validateField checks 'var-len' and 'length' of a top-level random column,
// as Flink's validateFieldOptions does (nested fields are not checked).
func (p *planner) validateField(name string, t types.Type) error {
	varLenKey := "fields." + name + "." + optVarLen
	varLen, err := p.boolOpt(varLenKey)
	if err != nil {
		return err
	}
	if varLen && t.Kind != types.Varchar && t.Kind != types.Varbinary {
		return diag.Validation(diag.NoPos,
			"Only supports specifying 'fields.#.var-len' option for variable-length types (VARCHAR/STRING/VARBINARY/BYTES). The type of field '%s' is not within this range.", name)
	}
	lenKey := "fields." + name + "." + optLength
	v, ok := p.opts[lenKey]
	if !ok {
		return nil
	}
	n, err := connector.ParseInt(lenKey, v)
	if err != nil {
		return err
	}
	switch t.Kind {
	case types.Char, types.Binary:
		return diag.Validation(diag.NoPos,
			"Custom length for fixed-length type (CHAR/BINARY) field '%s' is not supported.", name)
	case types.Varchar, types.Varbinary:
		if int(n) > t.Length {
			return diag.Validation(diag.NoPos,
				"Custom length '%d' for variable-length type (VARCHAR/STRING/VARBINARY/BYTES) field '%s' should be shorter than '%d' defined in the schema.",
				n, name, t.Length)
		}
	}
	return nil
}

func unsupportedType(t types.Type) error {
	return diag.Validation(diag.NoPos, "Unsupported type: %s", t.String())
}

// random plans a random generator for t under the generator name path,
// reading options in the order Flink's RandomGeneratorVisitor reads them so
// that the first unparsable option is the one Flink reports.
func (p *planner) random(path string, t types.Type) (*field, error) {
	f := &field{path: path, typ: t}
	var err error
	nullRate := func() error {
		f.nullRate, err = p.float32Opt(p.key(path, optNullRate), 0)
		return err
	}
	intRange := func(lo, hi int64) error {
		minKey, maxKey := p.key(path, optMin), p.key(path, optMax)
		var a, b int32
		if a, err = p.int32Opt(minKey, int32(lo)); err != nil {
			return err
		}
		if b, err = p.int32Opt(maxKey, int32(hi)); err != nil {
			return err
		}
		f.minI, f.maxI = int64(a), int64(b)
		return nullRate()
	}
	longRange := func() error {
		minKey, maxKey := p.key(path, optMin), p.key(path, optMax)
		if f.minI, err = p.int64Opt(minKey, math.MinInt64); err != nil {
			return err
		}
		if f.maxI, err = p.int64Opt(maxKey, math.MaxInt64); err != nil {
			return err
		}
		return nullRate()
	}
	switch t.Kind {
	case types.Boolean:
		err = nullRate()
	case types.Char:
		f.length = t.Length
		err = nullRate()
	case types.Varchar, types.Varbinary:
		var n int32
		if n, err = p.int32Opt(p.key(path, optLength), int32(t.Length)); err != nil {
			return nil, err
		}
		f.length = int(n)
		if n == types.MaxLength {
			f.length = defaultStringLength // also defaultBytesLength
		}
		if t.Kind == types.Varchar {
			if err = nullRate(); err != nil {
				return nil, err
			}
		}
		f.varLen, err = p.boolOpt(p.key(path, optVarLen))
	case types.Binary:
		f.length = t.Length
	case types.TinyInt:
		if err = intRange(math.MinInt8, math.MaxInt8); err == nil {
			// Flink reads the bounds as Integer and narrows them with byteValue().
			f.minI, f.maxI = int64(int8(f.minI)), int64(int8(f.maxI))
		}
	case types.SmallInt:
		if err = intRange(math.MinInt16, math.MaxInt16); err == nil {
			f.minI, f.maxI = int64(int16(f.minI)), int64(int16(f.maxI))
		}
	case types.Int:
		err = intRange(math.MinInt32, math.MaxInt32)
	case types.IntervalYearMonth:
		err = intRange(0, 120000)
	case types.BigInt, types.IntervalDayTime:
		err = longRange()
	case types.Float:
		minKey, maxKey := p.key(path, optMin), p.key(path, optMax)
		var a, b float32
		if a, err = p.float32Opt(minKey, math.SmallestNonzeroFloat32); err != nil {
			return nil, err
		}
		if b, err = p.float32Opt(maxKey, math.MaxFloat32); err != nil {
			return nil, err
		}
		f.minF, f.maxF = float64(a), float64(b)
		err = nullRate()
	case types.Double, types.Decimal:
		minKey, maxKey := p.key(path, optMin), p.key(path, optMax)
		if f.minF, err = p.float64Opt(minKey, math.SmallestNonzeroFloat64); err != nil {
			return nil, err
		}
		if f.maxF, err = p.float64Opt(maxKey, math.MaxFloat64); err != nil {
			return nil, err
		}
		if err = nullRate(); err != nil {
			return nil, err
		}
		if t.Kind == types.Decimal && !(f.minF < f.maxF) {
			return nil, diag.Errorf(diag.NoPos, diag.IllegalState,
				"min bound must be less than max [%s, %s]", javaFixed6(f.minF), javaFixed6(f.maxF))
		}
	case types.Timestamp, types.TimestampLTZ:
		k := p.key(path, optMaxPast)
		if v, ok := p.opts[k]; ok {
			if f.maxPast, err = connector.ParseJavaDuration(k, v); err != nil {
				return nil, err
			}
		}
		err = nullRate()
	case types.Date, types.Time:
		// Always "today" and "now"; no options, not even null-rate.
	case types.Array, types.Multiset:
		lenKey := p.key(path, optLength)
		if f.elem, err = p.random(path+".element", *t.Elem); err != nil {
			return nil, err
		}
		var n int32
		if n, err = p.int32Opt(lenKey, defaultCollectionLength); err != nil {
			return nil, err
		}
		f.length = int(n)
		err = nullRate()
	case types.Map:
		lenKey := p.key(path, optLength)
		if f.key, err = p.random(path+".key", *t.Key); err != nil {
			return nil, err
		}
		if f.val, err = p.random(path+".value", *t.Val); err != nil {
			return nil, err
		}
		var n int32
		if n, err = p.int32Opt(lenKey, defaultCollectionLength); err != nil {
			return nil, err
		}
		f.length = int(n)
		err = nullRate()
	case types.Row:
		for _, fl := range t.Fields {
			sub, err := p.random(path+"."+fl.Name, fl.Type)
			if err != nil {
				return nil, err
			}
			f.fields = append(f.fields, sub)
		}
		err = nullRate()
	default:
		return nil, unsupportedType(t)
	}
	if err != nil {
		return nil, err
	}
	return f, nil
}

// sequence plans a sequence generator, as Flink's SequenceGeneratorVisitor:
// start and end must exist before the type is even looked at.
func (p *planner) sequence(path string, t types.Type) (*field, error) {
	startKey := "fields." + path + "." + optStart
	endKey := "fields." + path + "." + optEnd
	if _, ok := p.opts[startKey]; !ok {
		return nil, diag.Validation(diag.NoPos, "Could not find required property '%s' for sequence generator.", startKey)
	}
	if _, ok := p.opts[endKey]; !ok {
		return nil, diag.Validation(diag.NoPos, "Could not find required property '%s' for sequence generator.", endKey)
	}
	f := &field{path: path, typ: t, sequence: true}
	readInts := func() error {
		a, err := connector.ParseInt(startKey, p.opts[startKey])
		if err != nil {
			return err
		}
		b, err := connector.ParseInt(endKey, p.opts[endKey])
		if err != nil {
			return err
		}
		f.start, f.end = int64(a), int64(b)
		p.consumed = append(p.consumed, startKey, endKey)
		return nil
	}
	readLongs := func() error {
		var err error
		if f.start, err = connector.ParseLong(startKey, p.opts[startKey]); err != nil {
			return err
		}
		if f.end, err = connector.ParseLong(endKey, p.opts[endKey]); err != nil {
			return err
		}
		p.consumed = append(p.consumed, startKey, endKey)
		return nil
	}
	var err error
	switch t.Kind {
	case types.Boolean:
		// Flink's sequence visitor hands BOOLEAN to the random generator and
		// consumes neither start nor end, so they are reported unsupported.
		f.sequence = false
	case types.Date, types.Time:
		f.sequence = false
	case types.Char, types.Varchar, types.Binary, types.Varbinary, types.BigInt:
		err = readLongs()
	case types.TinyInt:
		if err = readInts(); err == nil {
			f.start, f.end = int64(int8(f.start)), int64(int8(f.end))
		}
	case types.SmallInt, types.Float:
		// FLOAT sequences are narrowed to short, a Flink quirk kept on purpose.
		if err = readInts(); err == nil {
			f.start, f.end = int64(int16(f.start)), int64(int16(f.end))
		}
	case types.Int, types.Double, types.Decimal:
		err = readInts()
	default:
		return nil, unsupportedType(t)
	}
	if err != nil {
		return nil, err
	}
	return f, nil
}

// javaFixed6 formats a double as Java's String.format("%f") does: the
// shortest round-trip digits, rounded half-up to six decimals.
func javaFixed6(x float64) string {
	switch {
	case math.IsNaN(x):
		return "NaN"
	case math.IsInf(x, 1):
		return "Infinity"
	case math.IsInf(x, -1):
		return "-Infinity"
	}
	return types.JavaFixed(x, 6)
}

func zeros(n int) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = '0'
	}
	return b
}
