package filesystem

import (
	"context"
	"errors"
	"strings"

	"github.com/flinkplay/flinkplay/engine/connector"
	"github.com/flinkplay/flinkplay/engine/diag"
	"github.com/flinkplay/flinkplay/engine/stream"
	"github.com/flinkplay/flinkplay/engine/types"
)

// The legacy CSV source: 'connector.type' = 'filesystem' with
// 'format.type' = 'csv', Flink's CsvTableSource of the legacy connector
// stack (CsvBatchTableSourceFactory). Deprecated, but Flink 1.20 still
// finds it for such a table, and Nexmark q13 reads its side input with it:
// a bounded scan of the files under 'connector.path', and a lookup source
// (CsvLookupFunction) that reads them once and answers keys from memory.
// It reads what the 'filesystem' connector's csv format reads, with the
// legacy format's defaults: no quote character, no header.

// Legacy option keys (FileSystemValidator, OldCsvValidator).
const (
	legacyConnectorType      = "connector.type"
	legacyConnectorPath      = "connector.path"
	legacyConnectorVersion   = "connector.property-version"
	legacyFormatType         = "format.type"
	legacyFormatVersion      = "format.property-version"
	legacyFieldDelimiter     = "format.field-delimiter"
	legacyLineDelimiter      = "format.line-delimiter"
	legacyQuoteCharacter     = "format.quote-character"
	legacyCommentPrefix      = "format.comment-prefix"
	legacyIgnoreFirstLine    = "format.ignore-first-line"
	legacyIgnoreParseErrors  = "format.ignore-parse-errors"
	legacyDeriveSchema       = "format.derive-schema"
	legacyFormatFieldsPrefix = "format.fields."
)

// legacySupported are the keys CsvTableSourceFactoryBase supports besides
// its required context and the schema's (which the DDL gives).
var legacySupported = map[string]bool{
	legacyConnectorPath: true, legacyFieldDelimiter: true, legacyLineDelimiter: true,
	legacyQuoteCharacter: true, legacyCommentPrefix: true, legacyIgnoreFirstLine: true,
	legacyIgnoreParseErrors: true, legacyDeriveSchema: true, "comment": true,
	legacyConnectorType: true, legacyConnectorVersion: true, legacyFormatType: true, legacyFormatVersion: true,
}

// LegacyFactory is the legacy CSV source.
var LegacyFactory connector.Factory = legacyFactory{}

type legacyFactory struct{}

var legacySpec = connector.Spec{
	Name:        "legacy-csv",
	Description: "Flink's legacy CSV table source ('connector.type' = 'filesystem', 'format.type' = 'csv').",
	Source:      true,
	Storage:     "files under <path>",
}

func (legacyFactory) Spec() *connector.Spec { return &legacySpec }

// RequiredContext is CsvTableSourceFactoryBase's.
func (legacyFactory) RequiredContext() map[string]string {
	return map[string]string{
		legacyConnectorType: "filesystem", legacyFormatType: "csv",
		legacyConnectorVersion: "1", legacyFormatVersion: "1",
	}
}

// ClassNames are the legacy source factories of Flink 1.20's distribution;
// the append one also wants 'update-mode' = 'append'.
func (legacyFactory) ClassNames() []string {
	return []string{"org.apache.flink.table.sources.CsvBatchTableSourceFactory", "org.apache.flink.table.sources.CsvAppendTableSourceFactory"}
}

// PlanSource validates the legacy options and plans the scan as a
// filesystem csv table.
func (f legacyFactory) PlanSource(t connector.Table) (connector.ScanSource, error) {
	for k := range t.Options {
		if !legacySupported[k] && !legacyFieldKey(k) {
			return nil, connector.NoMatchingLegacy("No factory supports all properties.", "", t.Options, f.ClassNames())
		}
	}
	path, ok := t.Options[legacyConnectorPath]
	if !ok {
		return nil, diag.Validation(diag.NoPos, "Could not find required property '%s'.", legacyConnectorPath)
	}
	for _, k := range []string{legacyIgnoreFirstLine, legacyIgnoreParseErrors} {
		if v, ok := t.Options[k]; ok && !strings.EqualFold(v, "true") && !strings.EqualFold(v, "false") {
			return nil, diag.Validation(diag.NoPos, "Property '%s' must be a boolean value (true/false) but was: %s", k, v)
		}
	}
	if v, ok := t.Options[legacyQuoteCharacter]; ok && len([]rune(v)) != 1 {
		return nil, diag.Validation(diag.NoPos, "Property '%s' must be a character but was: %s", legacyQuoteCharacter, v)
	}
	if v, ok := t.Options[legacyFieldDelimiter]; ok && len([]rune(v)) != 1 {
		return nil, diag.Errorf(diag.NoPos, diag.UnsupportedOperation, "The playground's legacy CSV source reads one-character field delimiters, not '%s'.", v)
	}
	if v, ok := t.Options[legacyLineDelimiter]; ok && v != "\n" && v != `\n` {
		return nil, diag.Errorf(diag.NoPos, diag.UnsupportedOperation, "The playground's legacy CSV source reads lines ended by '\\n' only.")
	}
	opts := map[string]string{
		"connector": "filesystem", keyPath: path, keyFormat: "csv",
		"csv." + csvDisableQuote: "true",
	}
	if v, ok := t.Options[legacyFieldDelimiter]; ok {
		opts["csv."+csvFieldDelimiter] = v
	}
	if v, ok := t.Options[legacyQuoteCharacter]; ok {
		delete(opts, "csv."+csvDisableQuote)
		opts["csv."+csvQuoteCharacter] = v
	}
	if strings.EqualFold(t.Options[legacyIgnoreParseErrors], "true") {
		opts["csv."+csvIgnoreParseErrors] = "true"
	}
	nt := t
	nt.Options = opts
	nt.PartitionKeys = nil
	cfg, err := validate(nt, false)
	if err != nil {
		return nil, err
	}
	cfg.csv.opts.CommentPrefix = t.Options[legacyCommentPrefix]
	cfg.csv.opts.IgnoreFirstLine = strings.EqualFold(t.Options[legacyIgnoreFirstLine], "true")
	cfg.csv.opts.SkipBadLines = true
	return &legacySource{TableSource: TableSource{cfg: cfg}}, nil
}

// legacyFieldKey reports a 'format.fields.#.name/type/data-type' key.
func legacyFieldKey(k string) bool {
	rest, ok := strings.CutPrefix(k, legacyFormatFieldsPrefix)
	if !ok {
		return false
	}
	_, attr, ok := strings.Cut(rest, ".")
	return ok && (attr == "name" || attr == "type" || attr == "data-type")
}

// PlanSink: the legacy CSV sink (CsvTableSink) is not here.
func (legacyFactory) PlanSink(t connector.Table) (connector.SinkTarget, error) {
	return nil, diag.Errorf(diag.NoPos, diag.UnsupportedOperation, "The playground has no legacy CSV table sink; use 'connector' = 'filesystem' with 'format' = 'csv'.")
}

// legacySource is a CsvTableSource: a bounded scan, and a lookup source.
type legacySource struct {
	TableSource
}

var _ connector.LookupSource = (*legacySource)(nil)

// Summary is CsvTableSource's explainSource.
func (s *legacySource) Summary() string {
	names, _, _ := s.cfg.dataColumns()
	return "CsvTableSource(read fields: " + strings.Join(names, ", ") + ")"
}

// CreateLookup reads every row of the files, as CsvLookupFunction does
// when it opens, and answers keys from them.
func (s *legacySource) CreateLookup(env connector.Env, keys []int) (connector.Lookuper, error) {
	src, err := s.TableSource.Create(env)
	if err != nil {
		return nil, err
	}
	ctx := context.Background()
	if err := src.Open(ctx); err != nil {
		return nil, err
	}
	defer src.Close()
	l := &legacyLookup{keys: keys, rows: map[string][][]types.Value{}, all: make([]int, len(keys))}
	for i := range l.all {
		l.all[i] = i
	}
	b := stream.NewBatch(s.cfg.physical.Len())
	for {
		b.Reset()
		_, err := src.Next(ctx, b)
		for i := 0; i < b.Len(); i++ {
			row := b.Row(i)
			c := make([]types.Value, len(row))
			for j, v := range row {
				c[j] = v.Clone()
			}
			l.buf = types.AppendKey(l.buf[:0], c, keys)
			l.rows[string(l.buf)] = append(l.rows[string(l.buf)], c)
		}
		if errors.Is(err, stream.ErrEndOfInput) {
			break
		}
		if err != nil {
			return nil, err
		}
	}
	return l, nil
}

// legacyLookup holds a legacy CSV table's rows by key.
type legacyLookup struct {
	keys []int
	rows map[string][][]types.Value
	all  []int // 0, 1, ... len(keys)-1: the columns of a key itself
	buf  []byte
}

// Lookup emits the rows whose key columns equal key.
func (l *legacyLookup) Lookup(key []types.Value, emit func(row []types.Value) error) error {
	l.buf = types.AppendKey(l.buf[:0], key, l.all)
	for _, row := range l.rows[string(l.buf)] {
		if err := emit(row); err != nil {
			return err
		}
	}
	return nil
}
