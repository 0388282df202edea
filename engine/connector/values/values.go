// Package values is Flink's test connector 'values' (TestValuesTableFactory),
// which Flink's own SQL client tests put on the classpath. In Flink a test
// registers rows under a 'data-id' before it creates the table; nothing
// registers rows in the playground, so every 'data-id' names no rows and a
// source of this connector ends at once without a record. It exists so that
// Flink's scripts that use it run unchanged, with Flink's observable
// behaviour: its options and their checks, 'bounded', the declared
// 'changelog-mode', and the failure of a 'failing-source' without rows.
// As a sink it keeps nothing (Flink keeps the rows for the test to read).
package values

import (
	"context"
	"strings"
	"time"

	"github.com/flinkplay/flinkplay/engine/connector"
	"github.com/flinkplay/flinkplay/engine/diag"
	"github.com/flinkplay/flinkplay/engine/stream"
)

// Option keys, spelled as Flink spells them.
const (
	keyConnector       = "connector"
	keyDataID          = "data-id"
	keyBounded         = "bounded"
	keyTerminating     = "terminating"
	keyChangelogMode   = "changelog-mode"
	keyFailingSource   = "failing-source"
	keyRuntimeSource   = "runtime-source"
	keySinkInsertOnly  = "sink-insert-only"
	runtimeSourceFunc  = "SourceFunction"
	defaultChangelogMd = "I"
)

var spec = connector.Spec{
	Name:     "values",
	TestOnly: true,
	Description: "Flink's test connector (TestValuesTableFactory), for Flink's own SQL client scripts: " +
		"no rows are registered in the playground, so a source reads no rows and a sink keeps nothing.",
	Source:  true,
	Sink:    true,
	Storage: "nothing is stored: Flink's test connector; no test data is registered in the playground",
	Options: []connector.Option{
		{Key: keyConnector, Type: connector.String, Required: true,
			Description: "Specify what connector to use, here should be 'values'."},
		{Key: keyDataID, Type: connector.String,
			Description: "The id under which a Flink test registered the rows to read; the playground registers none."},
		{Key: keyBounded, Type: connector.Boolean, Default: "false",
			Description: "Whether the planner treats the source as bounded."},
		{Key: keyTerminating, Type: connector.Boolean, Default: "true",
			Description: "Declares the behaviour of sources after all data has been produced. It is separate from 'bounded', because even if a source is unbounded it can stop producing records and shutdown."},
		{Key: keyChangelogMode, Type: connector.String, Default: defaultChangelogMd,
			Description: "The kinds of changes the source declares, a comma-separated subset of I, UB, UA, D."},
		{Key: keyRuntimeSource, Type: connector.String, Default: runtimeSourceFunc,
			Description: "Accepted values are: SourceFunction, InputFormat, DataStream, NewSource"},
		{Key: keyFailingSource, Type: connector.Boolean, Default: "false",
			Description: "Whether the source fails once in the middle of its rows (it then needs rows)."},
		{Key: keySinkInsertOnly, Type: connector.Boolean, Default: "true",
			Description: "Whether the sink accepts inserts only."},
	},
}

// Factory is the 'values' connector.
var Factory connector.Factory = factory{}

type factory struct{}

// Spec describes the connector.
func (factory) Spec() *connector.Spec { return &spec }

func boolOpt(opts map[string]string, key string, def bool) (bool, error) {
	v, ok := opts[key]
	if !ok {
		return def, nil
	}
	return connector.ParseBool(key, v)
}

// PlanSource validates the options as TestValuesTableFactory does.
func (factory) PlanSource(t connector.Table) (connector.ScanSource, error) {
	if err := connector.ValidateHelper(spec.Name, t.Options, spec.Options); err != nil {
		return nil, err
	}
	s := &Source{}
	var err error
	mode := defaultChangelogMd
	if v, ok := t.Options[keyChangelogMode]; ok {
		mode = v
	}
	if s.kinds, err = ParseChangelogMode(mode); err != nil {
		return nil, err
	}
	if s.bounded, err = boolOpt(t.Options, keyBounded, false); err != nil {
		return nil, err
	}
	terminating, err := boolOpt(t.Options, keyTerminating, true)
	if err != nil {
		return nil, err
	}
	if s.failing, err = boolOpt(t.Options, keyFailingSource, false); err != nil {
		return nil, err
	}
	if !terminating && s.bounded {
		return nil, diag.Errorf(diag.NoPos, diag.IllegalArgument, "Source can not be bounded and infinite at the same time.")
	}
	s.infinite = !terminating
	s.runtime = runtimeSourceFunc
	if v, ok := t.Options[keyRuntimeSource]; ok {
		s.runtime = v
	}
	return s, nil
}

// ParseChangelogMode reads a 'changelog-mode' value such as "I,UB,UA,D".
func ParseChangelogMode(s string) ([]stream.Kind, error) {
	var kinds []stream.Kind
	for _, part := range strings.Split(s, ",") {
		var k stream.Kind
		switch strings.TrimSpace(part) {
		case "I":
			k = stream.Insert
		case "UB":
			k = stream.UpdateBefore
		case "UA":
			k = stream.UpdateAfter
		case "D":
			k = stream.Delete
		default:
			return nil, diag.Errorf(diag.NoPos, diag.IllegalArgument, "Invalid ChangelogMode string: %s", s)
		}
		kinds = append(kinds, k)
	}
	return kinds, nil
}

// Source is a planned 'values' source.
type Source struct {
	kinds    []stream.Kind
	bounded  bool
	infinite bool
	failing  bool
	runtime  string
}

// Bounded is the 'bounded' option.
func (s *Source) Bounded() bool { return s.bounded }

// ApplyLimit accepts a pushed-down LIMIT: with no rows there is nothing to cut.
func (s *Source) ApplyLimit(int64) { s.bounded = true }

// Summary is Flink's asSummaryString of the source.
func (s *Source) Summary() string { return "TestValues" }

// Kinds is the declared 'changelog-mode'.
func (s *Source) Kinds() []stream.Kind { return s.kinds }

// Create builds the runtime source, failing as Flink's runtime providers
// do: only a NewSource may be infinite, and a failing source needs rows to
// fail in the middle of.
func (s *Source) Create(connector.Env) (stream.Source, error) {
	fail := func(msg string) (stream.Source, error) {
		return nil, diag.Errorf(diag.NoPos, diag.IllegalArgument, "%s", msg)
	}
	switch s.runtime {
	case runtimeSourceFunc:
		if s.infinite {
			return fail("Values Source doesn't support infinite SourceFunction.")
		}
		if s.failing {
			return fail("testing elements of values source shouldn't be empty.")
		}
	case "InputFormat", "DataStream":
		if s.failing {
			return fail("Values " + s.runtime + " Source doesn't support as failing source.")
		}
		if s.infinite {
			return fail("Values Source doesn't support infinite " + s.runtime + ".")
		}
	case "NewSource":
		if s.failing {
			return fail("Values Source doesn't support as failing new source.")
		}
	default:
		return fail("Unsupported runtime source class: " + s.runtime)
	}
	return &empty{infinite: s.infinite}, nil
}

// idle is how long an infinite source without rows says it has nothing.
const idle = time.Hour

// empty is a source without rows: no 'data-id' has rows in the playground.
// A non-terminating one never ends, like Flink's ValuesSource.
type empty struct{ infinite bool }

func (*empty) Open(context.Context) error { return nil }

func (e *empty) Next(context.Context, *stream.Batch) (time.Duration, error) {
	if e.infinite {
		return idle, nil
	}
	return 0, stream.ErrEndOfInput
}

func (*empty) Close() error { return nil }

// PlanSink validates the options; 'sink-insert-only' (default true) makes
// the sink refuse updates, as TestValuesTableSink's changelog mode does.
func (factory) PlanSink(t connector.Table) (connector.SinkTarget, error) {
	if err := connector.ValidateHelper(spec.Name, t.Options, spec.Options); err != nil {
		return nil, err
	}
	insertOnly, err := boolOpt(t.Options, keySinkInsertOnly, true)
	if err != nil {
		return nil, err
	}
	return target{insertOnly: insertOnly}, nil
}

type target struct{ insertOnly bool }

// AcceptsUpdates is false unless 'sink-insert-only' is false.
func (t target) AcceptsUpdates() bool { return !t.insertOnly }

func (target) Create(connector.Env) (stream.Sink, error) { return sink{}, nil }

// sink keeps nothing: only a Flink test could read what it collects.
type sink struct{}

func (sink) Open(context.Context) error                 { return nil }
func (sink) Write(context.Context, *stream.Batch) error { return nil }
func (sink) Close() error                               { return nil }
