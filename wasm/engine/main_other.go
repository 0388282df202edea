//go:build !(js && wasm)

package main

import (
	"fmt"
	"os"
)

// main explains itself: this program only makes sense as engine.wasm.
func main() {
	fmt.Fprintln(os.Stderr, "wasm/engine runs in a browser's Web Worker; build it with GOOS=js GOARCH=wasm")
	os.Exit(2)
}
