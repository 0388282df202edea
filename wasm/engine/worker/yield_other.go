//go:build !js

package worker

import "runtime"

// defaultYield lets other goroutines run; natively they run in parallel
// anyway.
func defaultYield() { runtime.Gosched() }
