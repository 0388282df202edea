// Package datagen is Flink's 'datagen' connector: a source that generates
// rows on the fly, random or sequential per column, optionally bounded by
// 'number-of-rows' and paced by 'rows-per-second'.
//
// Options are validated when a table is used, never at CREATE TABLE, with
// Flink's per-type rules and messages. Random data is reproducible when the
// session has a seed; Flink's own datagen is never seeded.
package datagen

import (
	"math"
	"strconv"

	"github.com/flinkplay/flinkplay/engine/connector"
	"github.com/flinkplay/flinkplay/engine/diag"
	"github.com/flinkplay/flinkplay/engine/stream"
)

// Option keys, spelled as Flink spells them.
const (
	keyConnector     = "connector"
	keyRowsPerSecond = "rows-per-second"
	keyNumberOfRows  = "number-of-rows"
	keyParallelism   = "scan.parallelism"
)

// Per-field option suffixes: 'fields.<column>.<suffix>'.
const (
	optKind     = "kind"
	optMin      = "min"
	optMax      = "max"
	optMaxPast  = "max-past"
	optLength   = "length"
	optVarLen   = "var-len"
	optStart    = "start"
	optEnd      = "end"
	optNullRate = "null-rate"

	kindRandom   = "random"
	kindSequence = "sequence"
)

// defaultRowsPerSecond is Flink's ROWS_PER_SECOND_DEFAULT_VALUE.
const defaultRowsPerSecond = 10000

var spec = connector.Spec{
	Name:        "datagen",
	Description: "Generates rows on the fly: random values or sequences per column, unbounded unless 'number-of-rows' is set.",
	Source:      true,
	Storage:     "generated on the fly; nothing is stored",
	Options: []connector.Option{
		{Key: keyConnector, Type: connector.String, Required: true,
			Description: "Specify what connector to use, here should be 'datagen'."},
		{Key: keyRowsPerSecond, Type: connector.Long, Default: strconv.Itoa(defaultRowsPerSecond),
			Description: "Rows per second to control the emit rate."},
		{Key: keyNumberOfRows, Type: connector.Long,
			Description: "Total number of rows to emit. By default, the source is unbounded."},
		{Key: keyParallelism, Type: connector.Int,
			Description: "Defines a custom parallelism for the source. By default, if this option is not defined, the planner will derive the parallelism for each statement individually by also considering the global configuration."},
		{Key: "fields.#.kind", Type: connector.String, Default: kindRandom,
			Description: "Generator of this '#' field. Can be 'sequence' or 'random'."},
		{Key: "fields.#.min", Type: connector.FieldTyped,
			Description: "Minimum value to generate for fields of kind 'random'. Minimum value possible for the type of the field."},
		{Key: "fields.#.max", Type: connector.FieldTyped,
			Description: "Maximum value to generate for fields of kind 'random'. Maximum value possible for the type of the field."},
		{Key: "fields.#.max-past", Type: connector.Duration, Default: "0",
			Description: "Maximum past relative to the current timestamp of the local machine to generate for timestamp fields of kind 'random'."},
		{Key: "fields.#.length", Type: connector.Int, Default: "100",
			Description: "Size or length of the collection for generating char/varchar/string/array/map/multiset types."},
		{Key: "fields.#.var-len", Type: connector.Boolean, Default: "false",
			Description: "Whether to generate a variable-length data, please notice that it should only be used for variable-length types (varchar, string, varbinary, bytes)."},
		{Key: "fields.#.start", Type: connector.FieldTyped,
			Description: "Start value of sequence generator."},
		{Key: "fields.#.end", Type: connector.FieldTyped,
			Description: "End value of sequence generator."},
		{Key: "fields.#.null-rate", Type: connector.Float, Default: "0",
			Description: "The proportion of null values."},
	},
}

// Factory is the 'datagen' connector.
var Factory connector.Factory = factory{}

type factory struct{}

// Spec describes the connector and its options.
func (factory) Spec() *connector.Spec { return &spec }

// PlanSource validates the table's options as Flink's
// DataGenTableSourceFactory does and plans its generators.
func (factory) PlanSource(t connector.Table) (connector.ScanSource, error) {
	return planSource(t)
}

// PlanSink fails: datagen can only be read.
func (factory) PlanSink(connector.Table) (connector.SinkTarget, error) {
	return nil, diag.Validation(diag.NoPos,
		"Connector 'datagen' can only be used as a source. It cannot be used as a sink.")
}

// TableSource is a planned datagen table: its generators and emission
// settings. LIMIT push-down changes its row count.
type TableSource struct {
	table         string
	fields        []*field
	rowsPerSecond int64
	numberOfRows  int64
	bounded       bool // number-of-rows is set, or a LIMIT was pushed down
}

var (
	_ connector.ScanSource = (*TableSource)(nil)
	_ connector.Paced      = (*TableSource)(nil)
)

// Bounded reports whether 'number-of-rows' is set or a LIMIT was pushed
// down. A table of sequences ends on its own but is unbounded to the
// planner, as in Flink.
func (s *TableSource) Bounded() bool { return s.bounded }

// ApplyLimit pushes a LIMIT (offset + fetch) into the source. Like Flink's
// DataGenTableSource.applyLimit it replaces 'number-of-rows' rather than
// taking the minimum; the LIMIT operator above the scan still caps the
// result, so only a table with fewer rows than the LIMIT sees a difference
// (Flink then emits LIMIT rows).
func (s *TableSource) ApplyLimit(n int64) {
	s.numberOfRows = n
	s.bounded = true
}

// NumberOfRows returns the row count the source stops at, if any.
func (s *TableSource) NumberOfRows() (int64, bool) { return s.numberOfRows, s.bounded }

// Summary is the source's name in EXPLAIN, as Flink's asSummaryString.
func (s *TableSource) Summary() string { return "DataGenTableSource" }

// Pace implements connector.Paced: 'rows-per-second' paces every datagen
// source up to the rate at which Flink stops throttling (see newSource).
func (s *TableSource) Pace() (string, int64, bool) {
	if s.rowsPerSecond <= 0 || s.rowsPerSecond > math.MaxInt32 {
		return "", 0, false
	}
	return keyRowsPerSecond, s.rowsPerSecond, true
}

// Create builds the runtime source. Random generators are seeded from the
// session seed, the table name and the column path when env has a seed.
func (s *TableSource) Create(env connector.Env) (stream.Source, error) {
	return newSource(s, env), nil
}
