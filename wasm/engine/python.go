//go:build js && wasm && pyflink

package main

import "github.com/flinkplay/flinkplay/wasm/engine/pyworker"

// python.wasm: the engine with the Python interpreter, which the page
// loads for the first Python program.
func init() { pythonRunner = pyworker.Run }
