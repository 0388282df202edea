//go:build !(js && wasm)

package main

import (
	"fmt"
	"os"
)

// main explains itself: this program only makes sense as the Worker's
// app.wasm. Natively, serve wasm/worker/api with net/http instead.
func main() {
	fmt.Fprintln(os.Stderr, "wasm/worker is a Cloudflare Worker; build it with `make worker` (GOOS=js GOARCH=wasm)")
	os.Exit(2)
}
