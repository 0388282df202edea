package state

import (
	"testing"
	"time"

	"github.com/flinkplay/flinkplay/wasm/engine/protocol"
)

func TestJobRows(t *testing.T) {
	start := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	tests := []struct {
		name string
		job  protocol.Job
		now  time.Time
		want string
	}{
		{"just started", protocol.Job{StartMs: start.UnixMilli(), Running: true}, start.Add(50 * time.Millisecond), "read 0 rows · wrote 0 rows"},
		{"running", protocol.Job{StartMs: start.UnixMilli(), Running: true, RowsIn: 30000, RowsOut: 1200}, start.Add(2 * time.Second), "read 30,000 rows (15,000 rows/s) · wrote 1,200 rows"},
		{"ended: the rate of its run", protocol.Job{StartMs: start.UnixMilli(), EndMs: start.Add(4 * time.Second).UnixMilli(), RowsIn: 1000000, RowsOut: 5},
			start.Add(time.Hour), "read 1,000,000 rows (250,000 rows/s) · wrote 5 rows"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := JobRows(tt.job, tt.now); got != tt.want {
				t.Errorf("JobRows = %q, want %q", got, tt.want)
			}
		})
	}
}
