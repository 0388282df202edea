package worker

import (
	"context"
	"strings"
	"time"

	"github.com/flinkplay/flinkplay/wasm/engine/protocol"
)

// warmScript exercises what the seed example needs: the DDL parser, the
// query parser (vitess), the planner, datagen, the formatters and the
// message encoder.
const warmScript = "CREATE TABLE w (id INT, name STRING) WITH ('connector' = 'datagen', 'number-of-rows' = '3', 'rows-per-second' = '1000000', 'fields.name.length' = '4');\n" +
	"SELECT * FROM w WHERE id > 0 OR name <> 'x';\n"

// WarmUp runs a tiny query in a throwaway session and drops its messages.
// The browser compiles a wasm function the first time it runs, and the
// SQL parser's functions alone take ~0.2 s to compile; an engine that
// warms up while the page is still loading answers the first Run sooner.
// But a request that is already waiting would only wait longer: busy,
// when not nil, is asked before the warm-up and whenever it yields (it
// lets the host deliver requests, every YieldInterval), and the warm-up
// stops as soon as it says true. WarmUp reports whether it ran to the end,
// which takes at most about a second. seen, when not nil, sees every
// message (for tests).
func WarmUp(seen func(protocol.Message), busy func() bool) (done bool) {
	if busy == nil {
		busy = func() bool { return false }
	}
	if busy() {
		return false
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	var buf []byte
	w := New(Options{
		Emit: func(m protocol.Message) {
			buf, _ = AppendJSON(buf[:0], m)
			if seen != nil {
				seen(m)
			}
		},
		Yield: func() {
			defaultYield()
			if busy() {
				cancel()
			}
		},
		Zone:          time.UTC,
		FlushInterval: time.Nanosecond,
	})
	defer func() { _ = recover() }()
	// One statement at a time, with a look at the host's queue between.
	for start := 0; start < len(warmScript); {
		end := start + strings.Index(warmScript[start:], ";\n") + 2
		w.execute(ctx, protocol.Request{Type: protocol.TypeExecute, ID: 1, Script: warmScript, Start: start, End: end})
		if ctx.Err() != nil {
			return false
		}
		w.o.Yield()
		if ctx.Err() != nil {
			return false
		}
		start = end
	}
	w.emit(protocol.Message{Type: protocol.TypeCatalogIs, Catalog: ptr(Snapshot(w.sess))})
	return true
}

func ptr[T any](v T) *T { return &v }
