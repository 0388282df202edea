//go:build js

package worker

import "syscall/js"

// engineMemory is the size of the engine's WebAssembly memory, which
// engine-worker.js shares as self.flinkplayMemory (0 where nothing does,
// as in Node's tests and the Cloudflare Worker). Reading it from
// JavaScript costs engine.wasm nothing; runtime.ReadMemStats would have
// added 16 KB of brotli, and runtime/metrics 8 KB, that the cold load's
// budget does not have.
func engineMemory() int64 {
	m := js.Global().Get("flinkplayMemory")
	if m.IsUndefined() || m.IsNull() {
		return 0
	}
	return int64(m.Get("buffer").Get("byteLength").Float())
}
