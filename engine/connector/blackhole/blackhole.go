// Package blackhole is Flink's 'blackhole' connector: a sink that discards
// everything it is given, for measuring a query without its output.
package blackhole

import (
	"context"

	"github.com/flinkplay/flinkplay/engine/connector"
	"github.com/flinkplay/flinkplay/engine/diag"
	"github.com/flinkplay/flinkplay/engine/stream"
)

var spec = connector.Spec{
	Name:        "blackhole",
	Description: "Discards every row written to it.",
	Sink:        true,
	Storage:     "discarded; nothing is stored",
	Options: []connector.Option{
		{Key: "connector", Type: connector.String, Required: true,
			Description: "Specify what connector to use, here should be 'blackhole'."},
	},
}

// Factory is the 'blackhole' connector.
var Factory connector.Factory = factory{}

type factory struct{}

// Spec describes the connector; it has no options of its own.
func (factory) Spec() *connector.Spec { return &spec }

// PlanSource fails: blackhole can only be written.
func (factory) PlanSource(connector.Table) (connector.ScanSource, error) {
	return nil, diag.Validation(diag.NoPos,
		"Connector 'blackhole' can only be used as a sink. It cannot be used as a source.")
}

// PlanSink validates the options as Flink's TableFactoryHelper does: only
// 'connector', 'property-version' and the watermark options are accepted.
func (factory) PlanSink(t connector.Table) (connector.SinkTarget, error) {
	if err := connector.ValidateHelper(spec.Name, t.Options, nil); err != nil {
		return nil, err
	}
	return target{}, nil
}

type target struct{}

// AcceptsUpdates is true; like Flink's BlackHoleSink it would drop -U from
// the requested changelog mode, which changes nothing for a sink that keeps
// nothing.
func (target) AcceptsUpdates() bool { return true }

// DropsUpdateBefore is true: Flink's BlackHoleSink removes UPDATE_BEFORE
// from the changelog mode it requests, so its input sends +U alone when it
// can.
func (target) DropsUpdateBefore() bool { return true }

func (target) Create(connector.Env) (stream.Sink, error) { return sink{}, nil }

// Summary is Flink's asSummaryString of the sink.
func (target) Summary() string { return "BlackHole" }

type sink struct{}

func (sink) Open(context.Context) error                 { return nil }
func (sink) Write(context.Context, *stream.Batch) error { return nil }
func (sink) Close() error                               { return nil }

// ColumnsIn implements stream.ColumnarSink: a sink that keeps nothing
// takes columns as they come, so its query never turns them into rows.
func (sink) ColumnsIn() bool { return true }
