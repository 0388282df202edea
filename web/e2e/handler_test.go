//go:build !(js && wasm)

package e2e

import (
	"net/http"
	"os"
	"testing"

	"github.com/flinkplay/flinkplay/web/server"
)

// pageHandler serves the built page with the project's own handler, the one
// `flinkplay serve` uses, so its content types and precompressed variants
// are under test too. It reads the folder, not the embedded copy, so a
// fresh `make web` needs no rebuild of this test.
func pageHandler(t testing.TB, dist string) http.Handler {
	t.Helper()
	return server.New(os.DirFS(dist))
}
