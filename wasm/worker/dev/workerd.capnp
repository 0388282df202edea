# workerd configuration of the playground's Cloudflare Worker, for
# `make worker-dev` and the end-to-end test: the Go Worker (built by
# `make worker` into ../build) behind router.mjs, which serves the static
# assets as Cloudflare's [assets] would. No account and no network needed:
#
#   workerd serve wasm/worker/dev/workerd.capnp \
#     --socket-addr http=127.0.0.1:8787 \
#     --directory-path assets=wasm/worker/build/assets
#
# Paths of `embed` are relative to this file; the asset directory's path is
# relative to the working directory unless given with --directory-path.
using Workerd = import "/workerd/workerd.capnp";

const config :Workerd.Config = (
  services = [
    (name = "main", worker = .router),
    (name = "api", worker = .goWorker),
    (name = "assets", disk = (path = "wasm/worker/build/assets", writable = false)),
  ],
  sockets = [ (name = "http", address = "127.0.0.1:8787", http = (), service = "main") ],
);

const router :Workerd.Worker = (
  modules = [ (name = "router.mjs", esModule = embed "router.mjs") ],
  bindings = [
    (name = "API", service = "api"),
    (name = "ASSETS", service = "assets"),
  ],
  compatibilityDate = "2025-01-01",
);

# The Go Worker: the glue of workers-assets-gen -mode=go and app.wasm, as
# wrangler bundles them. Its bindings are wrangler.toml's [vars].
const goWorker :Workerd.Worker = (
  modules = [
    (name = "worker.mjs", esModule = embed "../build/worker.mjs"),
    (name = "wasm_exec.js", esModule = embed "../build/wasm_exec.js"),
    (name = "runtime.mjs", esModule = embed "../build/runtime.mjs"),
    (name = "app.wasm", wasm = embed "../build/app.wasm"),
  ],
  bindings = [ (name = "FLINKPLAY_VERSION", text = "local workerd") ],
  compatibilityDate = "2025-01-01",
);
