// Command engine is the playground's engine as a Web Worker program
// (GOOS=js GOARCH=wasm): it serves wasm/engine/protocol over postMessage
// with the worker package. static/engine-worker.js starts it.
package main
