//go:build js && wasm

// Command app is the main program (GOOS=js GOARCH=wasm) of the playground
// page and of the embed page (embed.html sets window.flinkplayEmbedPage):
// it mounts the Vugu components of web/app on #app, runs the render loop,
// and wires the page to the engine worker, the CodeMirror editor,
// localStorage, the clipboard, downloads and, embedded, the host page. The page's logic is web/state; this file is the wiring.
package main

import (
	"encoding/json"
	"fmt"
	"runtime/debug"
	"strconv"
	"syscall/js"
	"time"

	"github.com/vugu/vugu"
	"github.com/vugu/vugu/domrender"
)

func main() {
	defer recovered("main")
	// The page's heap is mostly the result buffer, long-lived; collecting
	// less often costs memory but gives the main thread back.
	debug.SetGCPercent(400)
	renderer, err := domrender.New("#app")
	if err != nil {
		js.Global().Get("console").Call("error", "flinkplay: "+err.Error())
		return
	}
	defer renderer.Release()
	buildEnv, err := vugu.NewBuildEnv(renderer.EventEnv())
	if err != nil {
		js.Global().Get("console").Call("error", "flinkplay: "+err.Error())
		return
	}
	mark("flinkplay: go main")
	p := newPage(renderer.EventEnv())
	p.start()
	mark("flinkplay: page started")
	first := true
	for ok := true; ok; ok = renderer.EventWait() {
		yielder.maybe()
		render(renderer, buildEnv, p.view)
		if first {
			first = false
			mark("flinkplay: first render")
		}
	}
}

// mark records a point of the page's start-up in the browser's
// performance timeline (make bench-browser reports them).
func mark(name string) {
	if perf := js.Global().Get("performance"); perf.Truthy() && perf.Get("mark").Truthy() {
		perf.Call("mark", name)
	}
}

// render builds and renders once; a panic there is logged, not fatal.
func render(r *domrender.JSRenderer, env *vugu.BuildEnv, root vugu.Builder) {
	defer recovered("render")
	t0 := time.Now()
	defer func() {
		d := ms(time.Since(t0))
		renderMs += d
		maxRenderMs = max(maxRenderMs, d)
	}()
	br := env.RunBuild(root)
	buildMs += ms(time.Since(t0))
	renders++
	if err := r.Render(br); err != nil {
		js.Global().Get("console").Call("error", "flinkplay render: "+err.Error())
	}
}

// recovered logs a panic instead of letting it end the Go program, which
// would freeze the page: every handler, callback and goroutine defers it.
func recovered(where string) {
	if r := recover(); r != nil {
		js.Global().Get("console").Call("error", fmt.Sprintf("flinkplay %s: panic: %v\n%s", where, r, debug.Stack()))
	}
}

// funcOf wraps a JS callback so that a panic in it is recovered.
func funcOf(name string, fn func(args []js.Value) any) js.Func {
	return js.FuncOf(func(this js.Value, args []js.Value) (out any) {
		defer recovered(name)
		return fn(args)
	})
}

// persist is false on the embed page: in a third-party iframe storage is
// partitioned or throws, and an example must not depend on what an earlier
// visit left.
var persist = true

// store and load use localStorage, which may be unavailable (privacy modes).
func store(key, value string) {
	defer recovered("store")
	if !persist {
		return
	}
	ls := js.Global().Get("localStorage")
	if ls.Truthy() {
		ls.Call("setItem", key, value)
	}
}

func load(key string) (string, bool) {
	defer recovered("load")
	if !persist {
		return "", false
	}
	ls := js.Global().Get("localStorage")
	if !ls.Truthy() {
		return "", false
	}
	v := ls.Call("getItem", key)
	if v.IsNull() || v.IsUndefined() {
		return "", false
	}
	return v.String(), true
}

func localZone() string {
	defer recovered("zone")
	intl := js.Global().Get("Intl")
	if !intl.Truthy() {
		return ""
	}
	return intl.Call("DateTimeFormat").Call("resolvedOptions").Get("timeZone").String()
}

// jsonValue turns a Go value into a JS value through JSON, since js.ValueOf
// takes no structs or typed slices.
func jsonValue(v any) js.Value {
	b, err := json.Marshal(v)
	if err != nil {
		return js.Null()
	}
	return js.Global().Get("JSON").Call("parse", string(b))
}

// renderMs is the time spent in Vugu renders.
var renderMs, buildMs, maxRenderMs float64

// renders counts Vugu renders.
var renders int

func itoa(n int) string { return strconv.Itoa(n) }
