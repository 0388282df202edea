package blackhole

import (
	"context"
	"testing"

	"github.com/flinkplay/flinkplay/engine/connector"
	"github.com/flinkplay/flinkplay/engine/diag"
	"github.com/flinkplay/flinkplay/engine/stream"
	"github.com/flinkplay/flinkplay/engine/types"
)

func table(opts map[string]string) connector.Table {
	o := map[string]string{"connector": "blackhole"}
	for k, v := range opts {
		o[k] = v
	}
	return connector.Table{Name: "default_catalog.default_database.b",
		Physical: types.Schema{Columns: []types.Column{{Name: "a", Type: types.Int32}}}, Options: o}
}

func TestPlanSink(t *testing.T) {
	tests := []struct {
		name string
		opts map[string]string
		want string
	}{
		{"only connector", nil, ""},
		{"property-version", map[string]string{"property-version": "1"}, ""},
		{"unsupported", map[string]string{"print-identifier": "x"},
			"Unsupported options found for 'blackhole'.\n\nUnsupported options:\n\nprint-identifier\n\nSupported options:\n\nconnector\nproperty-version\nscan.watermark.alignment.group\nscan.watermark.alignment.max-drift\nscan.watermark.alignment.update-interval\nscan.watermark.emit.strategy\nscan.watermark.idle-timeout"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			target, err := Factory.PlanSink(table(tc.opts))
			if tc.want != "" {
				if err == nil || err.Error() != tc.want {
					t.Fatalf("got %v\nwant %s", err, tc.want)
				}
				if d, _ := diag.As(err); d == nil || d.Class != diag.ValidationException {
					t.Errorf("class %v", d)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if !target.AcceptsUpdates() {
				t.Error("blackhole must accept updates")
			}
			sink, err := target.Create(connector.Env{})
			if err != nil {
				t.Fatal(err)
			}
			b := stream.NewBatch(1)
			b.AppendRow(stream.Delete, []types.Value{types.IntValue(1)})
			ctx := context.Background()
			if sink.Open(ctx) != nil || sink.Write(ctx, b) != nil || sink.Close() != nil {
				t.Error("blackhole failed")
			}
		})
	}
}

func TestPlanSourceFails(t *testing.T) {
	_, err := Factory.PlanSource(table(nil))
	if err == nil || err.Error() != "Connector 'blackhole' can only be used as a sink. It cannot be used as a source." {
		t.Fatal(err)
	}
	if s := Factory.Spec(); s.Name != "blackhole" || s.Source || !s.Sink {
		t.Errorf("spec %+v", s)
	}
}
