//go:build js && wasm

// Command worker is the playground's Cloudflare Worker: the SQL API of
// wasm/worker/api served with github.com/syumai/workers. The playground's
// static files are the Worker's static assets and never reach this
// program (wrangler.toml: run_worker_first = ["/api/*"]).
//
// syumai/workers starts a fresh Go instance for every request, so main runs
// per request: it reads the limits from the environment and serves exactly
// one request. Nothing may be expensive here or in package init.
package main

import (
	"net/http"
	_ "time/tzdata" // 'table.local-time-zone' = 'Europe/Berlin' needs zone data; Workers have none

	"github.com/flinkplay/flinkplay/engine/diag"
	"github.com/flinkplay/flinkplay/wasm/worker/api"
	"github.com/syumai/workers"
	"github.com/syumai/workers/cloudflare"
)

func main() {
	limits, err := api.FromEnv(cloudflare.Getenv)
	if err != nil {
		// A misconfigured deployment answers every request with why,
		// rather than running with limits nobody chose.
		workers.Serve(misconfigured(err))
		return
	}
	workers.Serve(api.New(api.Options{Limits: limits, Version: cloudflare.Getenv("FLINKPLAY_VERSION")}))
}

func misconfigured(err error) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		api.WriteError(w, http.StatusInternalServerError, diag.Errorf(diag.NoPos, diag.IllegalState, "the Worker's configuration is invalid: %v", err))
	})
}
