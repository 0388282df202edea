package values

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/flinkplay/flinkplay/engine/connector"
	"github.com/flinkplay/flinkplay/engine/stream"
	"github.com/flinkplay/flinkplay/engine/types"
)

func table(opts map[string]string) connector.Table {
	o := map[string]string{"connector": "values"}
	for k, v := range opts {
		o[k] = v
	}
	return connector.Table{Name: "default_catalog.default_database.v",
		Physical: types.Schema{Columns: []types.Column{{Name: "a", Type: types.Int32}}}, Options: o}
}

func TestSource(t *testing.T) {
	tests := []struct {
		name    string
		opts    map[string]string
		plan    string // error when planning
		create  string // error when creating the runtime source
		bounded bool
		kinds   []stream.Kind
	}{
		{name: "defaults", kinds: []stream.Kind{stream.Insert}},
		{name: "bounded", opts: map[string]string{"bounded": "true", "data-id": "x"}, bounded: true, kinds: []stream.Kind{stream.Insert}},
		{name: "changelog", opts: map[string]string{"changelog-mode": "I, UB,UA ,D"},
			kinds: []stream.Kind{stream.Insert, stream.UpdateBefore, stream.UpdateAfter, stream.Delete}},
		{name: "bad changelog", opts: map[string]string{"changelog-mode": "I,U"}, plan: "Invalid ChangelogMode string: I,U"},
		{name: "bad boolean", opts: map[string]string{"bounded": "yes"}, plan: "Could not parse value 'yes' for key 'bounded'."},
		{name: "failing", opts: map[string]string{"failing-source": "true"}, kinds: []stream.Kind{stream.Insert},
			create: "testing elements of values source shouldn't be empty."},
		{name: "failing new source", opts: map[string]string{"failing-source": "true", "runtime-source": "NewSource"},
			kinds: []stream.Kind{stream.Insert}, create: "Values Source doesn't support as failing new source."},
		{name: "infinite", opts: map[string]string{"terminating": "false"}, kinds: []stream.Kind{stream.Insert},
			create: "Values Source doesn't support infinite SourceFunction."},
		{name: "bounded and infinite", opts: map[string]string{"terminating": "false", "bounded": "true"},
			plan: "Source can not be bounded and infinite at the same time."},
		{name: "unknown runtime", opts: map[string]string{"runtime-source": "Foo"}, kinds: []stream.Kind{stream.Insert},
			create: "Unsupported runtime source class: Foo"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s, err := Factory.PlanSource(table(tc.opts))
			if tc.plan != "" {
				if err == nil || !strings.Contains(err.Error(), tc.plan) {
					t.Fatalf("plan: got %v, want %q", err, tc.plan)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if s.Bounded() != tc.bounded {
				t.Errorf("bounded %v", s.Bounded())
			}
			got := s.(*Source).Kinds()
			if len(got) != len(tc.kinds) {
				t.Fatalf("kinds %v, want %v", got, tc.kinds)
			}
			for i := range got {
				if got[i] != tc.kinds[i] {
					t.Fatalf("kinds %v, want %v", got, tc.kinds)
				}
			}
			src, err := s.Create(connector.Env{})
			if tc.create != "" {
				if err == nil || err.Error() != tc.create {
					t.Fatalf("create: got %v, want %q", err, tc.create)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			b := stream.NewBatch(1)
			if _, err := src.Next(context.Background(), b); !errors.Is(err, stream.ErrEndOfInput) || b.Len() != 0 {
				t.Fatalf("a source without registered rows must end at once: %v, %d rows", err, b.Len())
			}
		})
	}
}

func TestSink(t *testing.T) {
	tg, err := Factory.PlanSink(table(nil))
	if err != nil {
		t.Fatal(err)
	}
	if tg.AcceptsUpdates() {
		t.Error("'sink-insert-only' defaults to true")
	}
	tg, err = Factory.PlanSink(table(map[string]string{"sink-insert-only": "false"}))
	if err != nil {
		t.Fatal(err)
	}
	if !tg.AcceptsUpdates() {
		t.Error("'sink-insert-only' = 'false' accepts updates")
	}
}
