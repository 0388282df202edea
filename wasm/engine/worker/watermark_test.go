package worker

import (
	"regexp"
	"testing"
	"time"

	"github.com/flinkplay/flinkplay/engine/stream"
	"github.com/flinkplay/flinkplay/wasm/engine/protocol"
)

func TestFormatWatermark(t *testing.T) {
	for _, tc := range []struct {
		name string
		wm   int64
		want string
	}{
		{"none yet", stream.NoWatermark, ""},
		{"end of input", stream.MaxWatermark, ""},
		{"epoch", 0, "1970-01-01 00:00:00.000"},
		{"millis", 1767225600123, "2026-01-01 00:00:00.123"},
		{"before the epoch", -1, "1969-12-31 23:59:59.999"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := formatWatermark(tc.wm); got != tc.want {
				t.Errorf("formatWatermark(%d) = %q, want %q", tc.wm, got, tc.want)
			}
		})
	}
}

// TestProgressWatermark: the status line's progress carries the query's
// watermark once the source has produced one.
func TestProgressWatermark(t *testing.T) {
	skipTimersUnderNode(t)
	script := "CREATE TABLE s (id BIGINT, ts AS TO_TIMESTAMP_LTZ(id * 1000, 3), WATERMARK FOR ts AS ts - INTERVAL '1' SECOND) " +
		"WITH ('connector' = 'datagen', 'rows-per-second' = '1000', 'fields.id.kind' = 'sequence', 'fields.id.start' = '1', 'fields.id.end' = '100000000');\n" +
		"SELECT id FROM s;"
	w, r := newTestWorker(t, Options{ProgressInterval: 20 * time.Millisecond})
	w.Handle(protocol.Request{Type: protocol.TypeExecute, ID: 1, Script: script, End: len(script)})
	var last protocol.Message
	for i := 0; i < 4; i++ {
		msgs := r.until(t, protocol.TypeProgress)
		last = msgs[len(msgs)-1]
	}
	w.Handle(protocol.Request{Type: protocol.TypeCancel, ID: 1})
	r.until(t, protocol.TypeRunDone)
	if !regexp.MustCompile(`^19\d\d-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3}$`).MatchString(last.Watermark) {
		t.Errorf("progress watermark %q", last.Watermark)
	}
}
