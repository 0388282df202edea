// Package faker is flink-faker's 'faker' connector (knaufk/flink-faker
// 0.5, on Datafaker 1.9): a source whose every column is generated from a
// Datafaker expression such as '#{Name.firstName}' or
// '#{number.numberBetween ”1”,”10”}', bounded by 'number-of-rows' and
// paced by 'rows-per-second'. It is also a lookup source: a
// FOR SYSTEM_TIME AS OF join gets a generated row for every key.
//
// The word lists come from Ruby Faker's data set, which Datafaker's lists
// are copies of (see Data); what Datafaker computes (numbers, dates,
// regexify, addresses' digits, emails, UUIDs) is computed here. Options are validated when the table is used, with
// flink-faker's messages; as in flink-faker, options it does not know are
// ignored. Values are reproducible under 'playground.datagen.seed'.
package faker

import (
	"fmt"
	"strings"

	"github.com/flinkplay/flinkplay/engine/connector"
	"github.com/flinkplay/flinkplay/engine/diag"
	"github.com/flinkplay/flinkplay/engine/stream"
	"github.com/flinkplay/flinkplay/engine/types"
)

// Option keys, as flink-faker spells them.
const (
	keyConnector     = "connector"
	keyRowsPerSecond = "rows-per-second"
	keyNumberOfRows  = "number-of-rows"

	defaultRowsPerSecond = 10000
	unlimitedRows        = -1
)

var spec = connector.Spec{
	Name:        "faker",
	Description: "Generates fake data from a Datafaker expression per column (flink-faker): '#{Name.firstName}', '#{number.numberBetween ''1'',''10''}'; unbounded unless 'number-of-rows' is set; also a lookup table for FOR SYSTEM_TIME AS OF joins.",
	Source:      true,
	Storage:     "generated on the fly; nothing is stored",
	Options: []connector.Option{
		{Key: keyConnector, Type: connector.String, Required: true,
			Description: "Specify what connector to use, here should be 'faker'."},
		{Key: keyRowsPerSecond, Type: connector.Long, Default: "10000",
			Description: "Rows per second to control the emit rate."},
		{Key: keyNumberOfRows, Type: connector.Long, Default: "-1",
			Description: "Total number of rows to emit. By default, the source is unbounded."},
		{Key: "fields.#.expression", Type: connector.String, Required: true,
			Description: "The Datafaker expression that generates the values of this '#' field; for a MAP 'fields.#.key.expression' and 'fields.#.value.expression', for a ROW 'fields.#.<field>.expression'."},
		{Key: "fields.#.null-rate", Type: connector.Float, Default: "0.0",
			Description: "Fraction of rows for which this field is null."},
		{Key: "fields.#.length", Type: connector.Int, Default: "1",
			Description: "Size of an array, map or multiset."},
	},
}

// Factory is the 'faker' connector.
var Factory connector.Factory = factory{}

type factory struct{}

func (factory) Spec() *connector.Spec { return &spec }

func (factory) PlanSource(t connector.Table) (connector.ScanSource, error) {
	return planSource(t)
}

// PlanSink fails: flink-faker is a source only, so Flink finds no sink
// factory for it.
func (factory) PlanSink(connector.Table) (connector.SinkTarget, error) {
	return nil, diag.Validation(diag.NoPos,
		"Connector 'faker' can only be used as a source. It cannot be used as a sink.")
}

// column is a planned physical column.
type column struct {
	name     string
	typ      types.Type
	exprs    []expression // one; MAP: key and value; ROW: one per field
	nullRate float32
	length   int
}

// TableSource is a planned faker table.
type TableSource struct {
	table         string
	cols          []column
	rowsPerSecond int64
	numberOfRows  int64
}

var (
	_ connector.ScanSource = (*TableSource)(nil)
	_ connector.Paced      = (*TableSource)(nil)
)

// Bounded reports whether 'number-of-rows' is set (or a LIMIT was pushed
// down): flink-faker then reads a bounded number sequence.
func (s *TableSource) Bounded() bool { return s.numberOfRows != unlimitedRows }

// ApplyLimit is flink-faker's SupportsLimitPushDown: the LIMIT replaces
// 'number-of-rows'.
func (s *TableSource) ApplyLimit(n int64) { s.numberOfRows = n }

// Summary is flink-faker's asSummaryString.
func (s *TableSource) Summary() string { return "FlinkFakerSource" }

// Pace reports 'rows-per-second'.
func (s *TableSource) Pace() (string, int64, bool) {
	return keyRowsPerSecond, max(s.rowsPerSecond, 1), true
}

// Create builds the runtime source.
func (s *TableSource) Create(env connector.Env) (stream.Source, error) {
	return newSource(s, env), nil
}

// supportedRoots is flink-faker's SUPPORTED_ROOT_TYPES, as its message
// prints it.
const supportedRoots = "[DOUBLE, FLOAT, DECIMAL, TINYINT, SMALLINT, INTEGER, BIGINT, CHAR, VARCHAR, BOOLEAN, ARRAY, MAP, ROW, MULTISET, DATE, TIME_WITHOUT_TIME_ZONE, TIMESTAMP_WITHOUT_TIME_ZONE, TIMESTAMP_WITH_LOCAL_TIME_ZONE, TIMESTAMP_WITH_TIME_ZONE]"

func planSource(t connector.Table) (*TableSource, error) {
	opts := t.Options
	src := &TableSource{table: t.Name, rowsPerSecond: defaultRowsPerSecond, numberOfRows: unlimitedRows}
	for _, c := range t.Physical.Columns {
		col, err := planColumn(opts, c.Name, c.Type)
		if err != nil {
			return nil, err
		}
		src.cols = append(src.cols, col)
	}
	if v, ok := opts[keyRowsPerSecond]; ok {
		n, err := connector.ParseLong(keyRowsPerSecond, v)
		if err != nil {
			return nil, keyed(err, keyRowsPerSecond)
		}
		src.rowsPerSecond = n
	}
	if v, ok := opts[keyNumberOfRows]; ok {
		n, err := connector.ParseLong(keyNumberOfRows, v)
		if err != nil {
			return nil, keyed(err, keyNumberOfRows)
		}
		src.numberOfRows = n
	}
	return src, nil
}

// planColumn reads and checks one column's options in flink-faker's
// order: the type, the expressions, the null rate, the length.
func planColumn(opts map[string]string, name string, typ types.Type) (column, error) {
	col := column{name: name, typ: typ, length: 1}
	if root := rootName(typ); !supportedRoot(typ) {
		return col, diag.Validation(diag.NoPos,
			"Only %s columns are supported by Faker TableSource. %s is %s.", supportedRoots, name, root)
	}
	prefix := "fields." + name + "."
	var keys []string
	switch typ.Kind {
	case types.Map:
		keys = []string{prefix + "key.expression", prefix + "value.expression"}
	case types.Row:
		for _, f := range typ.Fields {
			keys = append(keys, prefix+f.Name+".expression")
		}
	default:
		keys = []string{prefix + "expression"}
	}
	for _, k := range keys {
		if _, ok := opts[k]; !ok {
			e := diag.Validation(diag.NoPos, "Every column needs a corresponding expression. No expression found for %s.", name)
			e.Keys = keys
			return col, e
		}
	}
	for _, k := range keys {
		e := parseExpression(opts[k])
		if err := check(e); err != nil {
			return col, keyed(err, k)
		}
		col.exprs = append(col.exprs, e)
	}
	if v, ok := opts[prefix+"null-rate"]; ok {
		f, err := connector.ParseFloat(prefix+"null-rate", v)
		if err != nil {
			return col, keyed(err, prefix+"null-rate")
		}
		if f > 1 || f < 0 {
			e := diag.Validation(diag.NoPos, "Null rate needs to be in [0,1]. Null rate of %s is %s", name, javaFloatString(f))
			e.Keys = []string{prefix + "null-rate"}
			return col, e
		}
		col.nullRate = f
	}
	if v, ok := opts[prefix+"length"]; ok {
		n, err := connector.ParseInt(prefix+"length", v)
		if err != nil {
			return col, keyed(err, prefix+"length")
		}
		collection := typ.Kind == types.Array || typ.Kind == types.Map || typ.Kind == types.Multiset
		if n != 1 && !collection {
			e := diag.Validation(diag.NoPos, "Collection length may not be set for  %s with type %s", name, rootName(typ))
			e.Keys = []string{prefix + "length"}
			return col, e
		}
		if n <= 0 && collection {
			e := diag.Validation(diag.NoPos, "Collection length needs to be positive. Collection length of %s is %d", name, n)
			e.Keys = []string{prefix + "length"}
			return col, e
		}
		col.length = int(n)
	}
	return col, nil
}

// check evaluates an expression once, as flink-faker does when it creates
// the source, so that an unknown family or method fails when the table
// is used. Its values are thrown away.
func check(e expression) error {
	r := newResolver(1, nowForCheck, currentData())
	if _, err := r.eval(e, "", 0); err != nil {
		return diag.Errorf(diag.NoPos, diag.RuntimeException, "%s", err.Error())
	}
	return nil
}

// keyed marks an option error with the key it is about, so the editor
// can underline it in the CREATE TABLE.
func keyed(err error, key string) error {
	e := diag.Wrap(err)
	e.Keys = []string{key}
	return e
}

func supportedRoot(t types.Type) bool {
	switch t.Kind {
	case types.Double, types.Float, types.Decimal, types.TinyInt, types.SmallInt, types.Int, types.BigInt,
		types.Char, types.Varchar, types.Boolean, types.Array, types.Map, types.Row, types.Multiset,
		types.Date, types.Time, types.Timestamp, types.TimestampLTZ:
		return true
	}
	return false
}

// rootName is the type's LogicalTypeRoot as Java prints it.
func rootName(t types.Type) string {
	switch t.Kind {
	case types.Char:
		return "CHAR"
	case types.Varchar:
		return "VARCHAR"
	case types.Boolean:
		return "BOOLEAN"
	case types.Binary:
		return "BINARY"
	case types.Varbinary:
		return "VARBINARY"
	case types.Decimal:
		return "DECIMAL"
	case types.TinyInt:
		return "TINYINT"
	case types.SmallInt:
		return "SMALLINT"
	case types.Int:
		return "INTEGER"
	case types.BigInt:
		return "BIGINT"
	case types.Float:
		return "FLOAT"
	case types.Double:
		return "DOUBLE"
	case types.Date:
		return "DATE"
	case types.Time:
		return "TIME_WITHOUT_TIME_ZONE"
	case types.Timestamp:
		return "TIMESTAMP_WITHOUT_TIME_ZONE"
	case types.TimestampLTZ:
		return "TIMESTAMP_WITH_LOCAL_TIME_ZONE"
	case types.IntervalYearMonth:
		return "INTERVAL_YEAR_MONTH"
	case types.IntervalDayTime:
		return "INTERVAL_DAY_TIME"
	case types.Array:
		return "ARRAY"
	case types.Multiset:
		return "MULTISET"
	case types.Map:
		return "MAP"
	case types.Row:
		return "ROW"
	case types.Null:
		return "NULL"
	}
	return strings.ToUpper(fmt.Sprint(t))
}

// javaFloatString is Float.toString.
func javaFloatString(f float32) string { return string(types.AppendJavaFloat(nil, f)) }
