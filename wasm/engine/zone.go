//go:build js && wasm

package main

import (
	"errors"
	"sync"
	"syscall/js"
	"time"
)

// zoneLoader resolves IANA zones from the TZif files that build-web.sh
// extracts next to engine.wasm (zoneinfo/<Area>/<City>), instead of
// embedding Go's whole zone database (time/tzdata: 36 KB of brotli) in
// engine.wasm: a session needs one or two zones, fetched on first use.
type zoneLoader struct {
	mu    sync.Mutex
	cache map[string]zoneResult
}

type zoneResult struct {
	loc *time.Location
	err error
}

// load returns the zone name. It blocks its goroutine while the fetch's
// promise resolves, which lets the JS event loop run; so it must never be
// called inside a js.FuncOf callback (statements run on the worker's own
// goroutine, and the startup zone is resolved in main).
func (z *zoneLoader) load(name string) (*time.Location, error) {
	if name == "" || name == "UTC" || name == "Local" {
		return time.LoadLocation(name)
	}
	unknown := errors.New("unknown time zone " + name)
	if !validZoneName(name) {
		return nil, unknown
	}
	z.mu.Lock()
	r, ok := z.cache[name]
	z.mu.Unlock()
	if ok {
		return r.loc, r.err
	}
	data, found, err := fetchBytes("zoneinfo/" + name)
	if err != nil {
		return nil, unknown // a network failure is not remembered
	}
	r.err = unknown
	if found {
		if loc, err := time.LoadLocationFromTZData(name, data); err == nil {
			r = zoneResult{loc: loc}
		}
	}
	z.mu.Lock()
	if z.cache == nil {
		z.cache = map[string]zoneResult{}
	}
	z.cache[name] = r
	z.mu.Unlock()
	return r.loc, r.err
}

// validZoneName accepts the characters of IANA ids, and no path tricks, so
// that a name never turns into some other URL.
func validZoneName(name string) bool {
	if len(name) > 64 || name[0] == '/' || name[len(name)-1] == '/' {
		return false
	}
	prev := byte('/')
	for i := 0; i < len(name); i++ {
		c := name[i]
		switch {
		case c >= 'A' && c <= 'Z', c >= 'a' && c <= 'z', c >= '0' && c <= '9', c == '_', c == '-', c == '+':
		case c == '/' && prev != '/':
		default:
			return false
		}
		prev = c
	}
	return true
}

// fetchBytes GETs url relative to the worker script and waits for the
// body; found is false for an HTTP error status.
func fetchBytes(url string) (data []byte, found bool, err error) {
	type outcome struct {
		data  []byte
		found bool
		err   error
	}
	done := make(chan outcome, 2) // a callback and a recovered throw, at most
	var onResponse, onBody, onError js.Func
	onError = js.FuncOf(func(this js.Value, args []js.Value) any {
		msg := "fetch failed"
		if len(args) > 0 {
			msg = args[0].Call("toString").String()
		}
		done <- outcome{err: errors.New(msg)}
		return nil
	})
	onBody = js.FuncOf(func(this js.Value, args []js.Value) any {
		arr := js.Global().Get("Uint8Array").New(args[0])
		b := make([]byte, arr.Get("length").Int())
		js.CopyBytesToGo(b, arr)
		done <- outcome{data: b, found: true}
		return nil
	})
	onResponse = js.FuncOf(func(this js.Value, args []js.Value) any {
		defer func() {
			if p := recover(); p != nil {
				done <- outcome{err: errors.New("fetch failed")}
			}
		}()
		resp := args[0]
		if !resp.Get("ok").Bool() {
			done <- outcome{}
			return nil
		}
		resp.Call("arrayBuffer").Call("then", onBody, onError)
		return nil
	})
	defer onResponse.Release()
	defer onBody.Release()
	defer onError.Release()
	func() {
		// fetch can throw synchronously (no fetch at all, a bad URL).
		defer func() {
			if p := recover(); p != nil {
				done <- outcome{err: errors.New("fetch failed")}
			}
		}()
		js.Global().Call("fetch", url).Call("then", onResponse, onError)
	}()
	o := <-done
	return o.data, o.found, o.err
}
