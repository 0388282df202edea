package worker

import (
	"testing"

	"github.com/flinkplay/flinkplay/wasm/engine/protocol"
)

func TestWarmUpRunsTheWholePath(t *testing.T) {
	counts := map[string]int{}
	rows := 0
	WarmUp(func(m protocol.Message) {
		counts[m.Type]++
		if m.Type == protocol.TypeError {
			t.Errorf("warm-up failed: %+v", m.Error)
		}
		rows += len(m.Rows)
	})
	for _, typ := range []string{protocol.TypeStatement, protocol.TypeResult, protocol.TypeSchema, protocol.TypeRows, protocol.TypeDone, protocol.TypeCatalogIs} {
		if counts[typ] == 0 {
			t.Errorf("no %s message: %v", typ, counts)
		}
	}
	if rows != 3 {
		t.Errorf("rows = %d, want 3", rows)
	}
}
