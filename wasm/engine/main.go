//go:build js && wasm

package main

import (
	"encoding/json"
	"fmt"
	"runtime/debug"
	"strings"
	"sync/atomic"
	"syscall/js"
	"time"

	"github.com/flinkplay/flinkplay/engine/diag"
	"github.com/flinkplay/flinkplay/engine/vfs"
	"github.com/flinkplay/flinkplay/wasm/engine/protocol"
	"github.com/flinkplay/flinkplay/wasm/engine/storage"
	"github.com/flinkplay/flinkplay/wasm/engine/worker"
)

// pythonRunner runs Python programs: nil in engine.wasm, pyworker.Run in
// python.wasm (built with -tags pyflink, see python.go).
var pythonRunner worker.PythonFunc

// specsDelay is how long the specs wait after a warm-up that gave way to a
// request: the first rows come first.
const specsDelay = time.Second

func main() {
	goMain := float64(time.Now().UnixNano()) / 1e6
	self := js.Global()
	if self.Get("flinkplayShared").Truthy() {
		serveShared(self, goMain)
		return
	}
	emit := emitter(self.Get("postMessage"))
	zones := &zoneLoader{}
	// The browser's storage (IndexedDB) opens while the engine warms up:
	// "ready" goes out first (without the specs, which follow the warm-up),
	// and requests wait in inbox until both are done. A request that came
	// before the engine ran (the page queues a Run pressed while it starts)
	// or during the warm-up cuts the warm-up short, and the specs then wait
	// until the first request had its time.
	type opened struct {
		fsys     vfs.FS
		store    *storage.CatalogStore
		warnings []string
	}
	storageReady := make(chan opened, 1)
	go func() {
		fsys, store, warnings := openStorage()
		storageReady <- opened{fsys, store, warnings}
	}()
	inbox := make(chan string, 1024)
	// runAsked is set by the first execute request; other requests (the
	// catalog, the files) do not cut the warm-up short.
	var runAsked atomic.Bool
	take := func(d string) {
		if strings.HasPrefix(d, protocol.ExecutePrefix) {
			runAsked.Store(true)
		}
		select {
		case inbox <- d:
		default:
			go func() { inbox <- d }()
		}
	}
	go func() {
		// Requests wait in inbox while the engine warms up; the page is
		// usually still loading then.
		warmed := worker.WarmUp(nil, runAsked.Load)
		var specsDue <-chan time.Time
		if warmed {
			emit(worker.SpecsMessage())
		} else {
			specsDue = time.After(specsDelay)
		}
		st := <-storageReady
		opts := worker.Options{
			Emit: emit,
			// A sleep, not runtime.Gosched: only a blocked Go program lets the
			// JS event loop deliver the next message (a cancel, say).
			Yield:    func() { time.Sleep(time.Millisecond) },
			Zone:     browserZone(zones.load),
			LoadZone: zones.load,
			FS:       st.fsys,
			Warnings: st.warnings,
			Python:   pythonRunner,
		}
		if st.store != nil {
			opts.CatalogStore = st.store
		}
		w := worker.New(opts)
		handle := func(data string) { handleRequest(w, emit, data) }
		for {
			select {
			case d := <-inbox:
				handle(d)
			case <-specsDue:
				specsDue = nil
				emit(worker.SpecsMessage())
			}
		}
	}()
	onmessage := js.FuncOf(func(this js.Value, args []js.Value) any {
		defer func() {
			if p := recover(); p != nil {
				emitPanic(emit, p)
			}
		}()
		if len(args) == 0 {
			return nil
		}
		data := args[0].Get("data")
		if data.Type() != js.TypeString {
			return nil
		}
		// Handle never blocks, but the callback must return at once
		// whatever happens: requests go to one goroutine, in order.
		take(data.String())
		return nil
	})
	// engine-worker.js queued what arrived before Go was running.
	pending := self.Get("flinkplayPending")
	self.Set("onmessage", onmessage)
	emit(protocol.Message{Type: protocol.TypeReady, Boot: bootTimes(self, goMain)})
	if pending.Type() == js.TypeObject {
		for i := 0; i < pending.Length(); i++ {
			if v := pending.Index(i); v.Type() == js.TypeString {
				take(v.String())
			}
		}
		self.Delete("flinkplayPending")
	}
	select {}
}

// serveShared serves the connections of a SharedWorker
// (engine-worker.js?shared=1: the embeds of a page): each connection is a
// worker of its own, with its own session, files and queue, so that two
// examples run at the same time, and all share one engine. Shared engines
// keep nothing in the origin's storage (embeds never do).
func serveShared(self js.Value, goMain float64) {
	zones := &zoneLoader{}
	zone := browserZone(zones.load)
	specs := worker.SpecsMessage()
	var keep []js.Func // the ports' callbacks, alive as long as the engine
	connect := func(port js.Value, pending js.Value) {
		emit := emitter(port.Get("postMessage").Call("bind", port))
		w := worker.New(worker.Options{
			Emit:     emit,
			Yield:    func() { time.Sleep(time.Millisecond) },
			Zone:     zone,
			LoadZone: zones.load,
			FS:       vfs.NewMem(),
			Python:   pythonRunner,
		})
		inbox := make(chan string, 1024)
		go func() {
			for d := range inbox {
				handleRequest(w, emit, d)
			}
		}()
		take := func(d string) {
			select {
			case inbox <- d:
			default:
				go func() { inbox <- d }()
			}
		}
		onmessage := js.FuncOf(func(this js.Value, args []js.Value) any {
			defer func() {
				if p := recover(); p != nil {
					emitPanic(emit, p)
				}
			}()
			if len(args) > 0 {
				if data := args[0].Get("data"); data.Type() == js.TypeString {
					take(data.String())
				}
			}
			return nil
		})
		keep = append(keep, onmessage)
		port.Set("onmessage", onmessage)
		emit(protocol.Message{Type: protocol.TypeReady, Boot: bootTimes(self, goMain)})
		emit(specs)
		for i := 0; pending.Type() == js.TypeObject && i < pending.Length(); i++ {
			if v := pending.Index(i); v.Type() == js.TypeString {
				take(v.String())
			}
		}
	}
	connectFn := js.FuncOf(func(this js.Value, args []js.Value) any {
		if len(args) >= 2 {
			connect(args[0], args[1])
		}
		return nil
	})
	self.Set("flinkplayConnect", connectFn)
	if ports := self.Get("flinkplayPorts"); ports.Type() == js.TypeObject {
		for i := 0; i < ports.Length(); i++ {
			e := ports.Index(i)
			connect(e.Get("port"), e.Get("pending"))
		}
		self.Delete("flinkplayPorts")
	}
	select {}
}

// emitter returns the emit function of one connection: each message as
// JSON through post (the worker's postMessage, or a port's), in a buffer
// it reuses (wasm runs one goroutine at a time and emit does not block).
func emitter(post js.Value) func(protocol.Message) {
	var buf []byte
	return func(m protocol.Message) {
		var err error
		buf, err = worker.AppendJSON(buf[:0], m)
		if err != nil {
			buf, _ = worker.AppendJSON(buf[:0], protocol.Message{Type: protocol.TypeError, ID: m.ID, Error: &protocol.Error{
				Class: diag.RuntimeException, Message: "cannot encode a message: " + err.Error(), Offset: -1}})
		}
		post.Invoke(string(buf))
		if cap(buf) > 4<<20 {
			buf = nil // do not keep a rare huge message's buffer
		}
	}
}

// handleRequest decodes one request and gives it to w; a malformed one is
// answered with an error.
func handleRequest(w *worker.Worker, emit func(protocol.Message), data string) {
	defer func() {
		if p := recover(); p != nil {
			emitPanic(emit, p)
		}
	}()
	var req protocol.Request
	if err := json.Unmarshal([]byte(data), &req); err != nil {
		emit(protocol.Message{Type: protocol.TypeError, Error: &protocol.Error{
			Class: diag.IllegalArgument, Message: "malformed request: " + err.Error(), Offset: -1,
			Text: "[ERROR] malformed request: " + err.Error()}})
		return
	}
	w.Handle(req)
}

// browserZone is the browser's IANA zone, the default of
// 'table.local-time-zone' (Go's own time.Local in wasm is a fixed offset).
func browserZone(load func(string) (*time.Location, error)) (loc *time.Location) {
	defer func() {
		if recover() != nil {
			loc = nil
		}
	}()
	// engine-worker.js asked Intl while engine.wasm compiled.
	id := js.Global().Get("flinkplayZone")
	if id.Type() != js.TypeString {
		intl := js.Global().Get("Intl")
		if intl.Type() != js.TypeObject {
			return nil
		}
		id = intl.Get("DateTimeFormat").New().Call("resolvedOptions").Get("timeZone")
	}
	if id.Type() != js.TypeString {
		return nil
	}
	loc, err := load(id.String())
	if err != nil {
		return nil
	}
	return loc
}

func emitPanic(emit func(protocol.Message), p any) {
	msg := fmt.Sprintf("internal error: %v\n%s", p, debug.Stack())
	emit(protocol.Message{Type: protocol.TypeError, Error: &protocol.Error{
		Class: diag.RuntimeException, Message: msg, Offset: -1,
		Text: "[ERROR] Could not execute SQL statement. Reason:\n" + diag.RuntimeException + ": " + msg}})
}

// bootTimes reads engine-worker.js's start-up times and adds Go's main.
func bootTimes(self js.Value, goMain float64) map[string]float64 {
	out := map[string]float64{"goMain": goMain}
	b := self.Get("flinkplayBoot")
	if b.Type() != js.TypeObject {
		return out
	}
	for _, k := range []string{"script", "fetched", "compiled"} {
		if v := b.Get(k); v.Type() == js.TypeNumber {
			out[k] = v.Float()
		}
	}
	return out
}
