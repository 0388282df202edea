package plan

import (
	"testing"

	"github.com/flinkplay/flinkplay/engine/stream"
)

func TestChangelogModeString(t *testing.T) {
	tests := []struct {
		name string
		mode ChangelogMode
		want string
	}{
		{"insert only", InsertOnly, "[I]"},
		{"retract", Retract, "[I,UB,UA,D]"},
		{"upsert", Upsert, "[I,UA,D]"},
		{"updates without deletes", InsertOnly | 1<<stream.UpdateBefore | 1<<stream.UpdateAfter, "[I,UB,UA]"},
		{"a sink emits nothing", 0, "[NONE]"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.mode.String(); got != tt.want {
				t.Errorf("got %s, want %s", got, tt.want)
			}
		})
	}
}

func TestModeOf(t *testing.T) {
	tests := []struct {
		name  string
		kinds modifyKinds
		upd   updateKind
		want  ChangelogMode
	}{
		{"insert", modInsert, updateNone, InsertOnly},
		{"retract", allChanges, updateBeforeAndAfter, Retract},
		{"upsert", allChanges, updateOnlyAfter, Upsert},
		{"no updates ignore the update kind", modInsert | modDelete, updateBeforeAndAfter, InsertOnly | 1<<stream.Delete},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := modeOf(tt.kinds, tt.upd); got != tt.want {
				t.Errorf("got %s, want %s", got, tt.want)
			}
		})
	}
}
