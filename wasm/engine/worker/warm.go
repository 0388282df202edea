package worker

import (
	"context"
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
// It returns when done, after at most about a second.
// seen, when not nil, sees every message (for tests).
func WarmUp(seen func(protocol.Message)) {
	var buf []byte
	w := New(Options{
		Emit: func(m protocol.Message) {
			buf, _ = AppendJSON(buf[:0], m)
			if seen != nil {
				seen(m)
			}
		},
		Yield:         func() {},
		Zone:          time.UTC,
		FlushInterval: time.Nanosecond,
	})
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	defer func() { _ = recover() }()
	w.execute(ctx, protocol.Request{Type: protocol.TypeExecute, ID: 1, Script: warmScript, End: len(warmScript)})
	w.emit(protocol.Message{Type: protocol.TypeCatalogIs, Catalog: ptr(Snapshot(w.sess))})
}

func ptr[T any](v T) *T { return &v }
