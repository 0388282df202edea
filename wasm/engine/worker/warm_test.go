package worker

import (
	"testing"

	"github.com/flinkplay/flinkplay/wasm/engine/protocol"
)

func TestWarmUpRunsTheWholePath(t *testing.T) {
	counts := map[string]int{}
	rows := 0
	done := WarmUp(func(m protocol.Message) {
		counts[m.Type]++
		if m.Type == protocol.TypeError {
			t.Errorf("warm-up failed: %+v", m.Error)
		}
		rows += len(m.Rows)
	}, nil)
	if !done {
		t.Error("WarmUp did not finish")
	}
	for _, typ := range []string{protocol.TypeStatement, protocol.TypeResult, protocol.TypeSchema, protocol.TypeRows, protocol.TypeDone, protocol.TypeCatalogIs} {
		if counts[typ] == 0 {
			t.Errorf("no %s message: %v", typ, counts)
		}
	}
	if rows != 3 {
		t.Errorf("rows = %d, want 3", rows)
	}
}

func TestWarmUpGivesWayToARequest(t *testing.T) {
	n := 0
	if WarmUp(func(protocol.Message) { n++ }, func() bool { return true }) || n != 0 {
		t.Errorf("a request was waiting: the warm-up ran (%d messages)", n)
	}
	// A request arrives while the warm-up runs: it stops at the next look.
	looks := 0
	types := map[string]int{}
	done := WarmUp(func(m protocol.Message) { types[m.Type]++ }, func() bool {
		looks++
		return looks > 1
	})
	if done || looks != 2 {
		t.Errorf("done %v after %d looks", done, looks)
	}
	if types[protocol.TypeStatement] != 1 || types[protocol.TypeRows] != 0 {
		t.Errorf("the warm-up went on after the request came: %v", types)
	}
}
