# Flink SQL Playground. `make run` runs the product's main job; `make test` runs every test.
GO      ?= go
GOROOT  := $(shell $(GO) env GOROOT)
WASMEXEC := $(GOROOT)/lib/wasm
# A count, not a duration: a duration races a bug of Go 1.26's fuzzing coordinator
# (go.dev/issue/75804, fixed in 1.27) that fails a target with "context deadline exceeded".
FUZZTIME ?= 50000x

FAKER_DATA := $(CURDIR)/.cache/fakerdata/json
# WebAssembly 2.0's sign-extension and non-trapping float-to-int instructions
# for every wasm build and test (see scripts/build-web.sh).
export GOWASM ?= satconv,signext

.PHONY: faker-data fresh-check run web seed test vet deps-check test-native test-wasm fuzz fuzz-long bench bench-anchors bench-nexmark bench-wasm build conformance test-e2e bench-browser

## run: build the browser playground and serve it on http://127.0.0.1:8080
run: web
	$(GO) run ./cmd/flinkplay serve --addr 127.0.0.1:8080

## web: build the playground's assets into web/dist/files (embedded by `flinkplay serve`)
web:
	./scripts/build-web.sh

## seed: the seed example in the terminal, as Flink's SQL client prints it
seed:
	$(GO) run ./cmd/flinkplay seed

## build: the CLI binary in bin/, with the playground built and embedded (one file to copy)
build: web
	$(GO) build -o bin/flinkplay ./cmd/flinkplay

## test: everything CI checks
test: vet deps-check test-native test-wasm fuzz test-e2e test-worker

vet:
	@unformatted=$$(gofmt -l $$(git ls-files '*.go' 2>/dev/null || find . -name '*.go')); \
	  if [ -n "$$unformatted" ]; then echo "gofmt needed: $$unformatted"; exit 1; fi
	$(GO) vet ./...
	GOOS=js GOARCH=wasm $(GO) vet ./engine/... ./wasm/worker/...

deps-check:
	./scripts/deps-check.sh

## faker-data: the 'faker' connector's data families (Ruby Faker's word lists, see scripts/fakerdata)
faker-data:
	$(GO) run ./scripts/fakerdata -out $(FAKER_DATA)

## test-native: every package's tests but the browser's (test-e2e runs those after building the page)
test-native: faker-data
	FLINKPLAY_FAKER_DATA=$(FAKER_DATA) $(GO) test -count=1 $$($(GO) list ./... | grep -v '/web/e2e$$' | grep -v '/wasm/worker/e2e$$')

## test-wasm: the engine's tests compiled to WebAssembly and run in Node, with
## the parser as the browser build has it (scripts/yyoutline)
test-wasm: faker-data
	modfile=$$($(GO) run ./scripts/yyoutline .cache/yyoutline) && \
	FLINKPLAY_FAKER_DATA=$(FAKER_DATA) PATH="$(WASMEXEC):$$PATH" GOOS=js GOARCH=wasm $(GO) test -modfile=$$modfile -count=1 ./engine/...

## fuzz: each fuzz target briefly
fuzz:
	$(GO) test -run='^$$' -fuzz='^FuzzParseScript$$' -fuzztime=$(FUZZTIME) ./engine/sql
	$(GO) test -run='^$$' -fuzz='^FuzzParseQuery$$' -fuzztime=$(FUZZTIME) ./engine/sql
	$(GO) test -run='^$$' -fuzz='^FuzzDecodeShare$$' -fuzztime=$(FUZZTIME) ./web/state
	$(GO) test -run='^$$' -fuzz='^FuzzEval$$' -fuzztime=$(FUZZTIME) ./engine/library
	$(GO) test -run='^$$' -fuzz='^FuzzVecEval$$' -fuzztime=$(FUZZTIME) ./engine/library
	$(GO) test -run='^$$' -fuzz='^FuzzJSONPath$$' -fuzztime=$(FUZZTIME) ./engine/expr
	$(GO) test -run='^$$' -fuzz='^FuzzCastFromString$$' -fuzztime=$(FUZZTIME) ./engine/expr
	$(GO) test -run='^$$' -fuzz='^FuzzDesugarFStrings$$' -fuzztime=$(FUZZTIME) ./engine/pyflink
	$(GO) test -run='^$$' -fuzz='^FuzzCSVDecode$$' -fuzztime=$(FUZZTIME) ./engine/format/codec
	$(GO) test -run='^$$' -fuzz='^FuzzJSONDecode$$' -fuzztime=$(FUZZTIME) ./engine/format/codec

## fuzz-long: each fuzz target for FUZZLONG inputs (default 10 million); not part of make test
FUZZLONG ?= 10000000x
fuzz-long:
	$(MAKE) fuzz FUZZTIME=$(FUZZLONG)

## fresh-check: a clone of HEAD built as a newcomer builds it (empty Go module cache, no
## node_modules, no brotli), and make run's server answering there; .ci/run runs it
fresh-check:
	./scripts/fresh-check.sh

## bench: engine benchmarks natively and under wasm (see docs/benchmarks.md)
bench:
	./scripts/bench.sh

## bench-nexmark: Nexmark's queries natively and under wasm, events/s beside Flink's published figures (docs/benchmarks.md)
bench-nexmark:
	./scripts/bench-nexmark.sh

## bench-anchors: the anchor queries natively, under wasm and on DuckDB-Wasm (pinned, scripts/anchors) in one run (docs/benchmarks.md)
bench-anchors:
	./scripts/bench-anchors.sh

## conformance: rewrite docs/conformance.md from ../shared/flink/q
conformance:
	$(GO) test -count=1 -run TestConformance ./engine/enginetest -update-conformance

## test-e2e: the playground in headless Chromium (web/e2e); FLINKPLAY_E2E=1 (.ci/run) turns a
## missing /usr/bin/chromium or page build into a failure instead of a skip; the
## package's tests take 8-12 minutes together on 2 cores, over go test's default
## 10-minute limit when the browser is slow
test-e2e: web
	$(GO) test -count=1 -v -timeout 30m ./web/e2e

## bench-browser: measure the built page (sizes, first row, long tasks, Stop, live views, a 10-minute
## aggregation's memory: FLINKPLAY_HEAP_MINUTES, 0 leaves it out); writes docs/browser-benchmarks.md
bench-browser: web
	FLINKPLAY_MEASURE=1 $(GO) test -count=1 -run '^TestMeasure$$' -v -timeout 30m ./web/e2e

WORKERD := wasm/worker/node_modules/@cloudflare/workerd-linux-64/bin/workerd
WORKER_PORT ?= 8787

$(WORKERD):
	cd wasm/worker && npm ci --no-audit --no-fund

## worker: build the Cloudflare Worker and its assets into wasm/worker/build (docs/worker.md)
worker: web
	./scripts/worker-build.sh

## worker-dev: serve the Worker locally with workerd on http://127.0.0.1:$(WORKER_PORT), no account or network
worker-dev: worker $(WORKERD)
	$(WORKERD) serve wasm/worker/dev/workerd.capnp --socket-addr http=127.0.0.1:$(WORKER_PORT) \
	  --directory-path assets=wasm/worker/build/assets

## test-worker: the built Worker in workerd (wasm/worker/e2e); FLINKPLAY_E2E=1 makes a missing build fail
test-worker: worker $(WORKERD)
	$(GO) test -count=1 -v -timeout 20m ./wasm/worker/e2e

## bench-worker: measure the Worker in workerd; writes docs/worker-benchmarks.md
bench-worker: worker $(WORKERD)
	FLINKPLAY_MEASURE=1 $(GO) test -count=1 -run '^TestMeasure$$' -v -timeout 15m ./wasm/worker/e2e
