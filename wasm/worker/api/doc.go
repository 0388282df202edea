// Package api is the playground's SQL API as a plain net/http handler: the
// Cloudflare Worker (wasm/worker) serves it with github.com/syumai/workers,
// and the tests serve it natively with httptest.
//
// Endpoints:
//
//	POST /api/run         run a script; Flink's tableau text, or NDJSON
//	GET  /api/health      liveness, version and the limits in force
//	GET  /api/connectors  the connector specs the editor completes from
//	GET  /api/functions   the built-in function names, likewise
//
// Every request is bounded by Limits: the body size, the statements in a
// script, the rows and bytes a run returns, and the engine steps it may
// take. Time limits are deliberately absent: on Workers the clock only
// advances across I/O, so a deadline inside CPU-bound work never fires;
// steps (one per source batch) are counted deterministically instead.
//
// A run answers 4xx with a JSON error (Flink's class and message, line and
// column) while nothing has been streamed yet: malformed requests, scripts
// that do not parse, and statements that fail before the first query or
// INSERT starts. Once rows stream, the status is 200 and a later failure is
// reported in-band, as Flink's SQL client prints it.
package api
