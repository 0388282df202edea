//go:build !js

package worker

import "runtime"

// engineMemory is all the memory the Go runtime holds from the system,
// as a WebAssembly memory is all the engine holds in a browser.
func engineMemory() int64 {
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return int64(m.Sys)
}
