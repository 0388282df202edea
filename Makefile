# Flink SQL Playground. `make run` runs the product's main job; `make test` runs every test.
GO      ?= go
GOROOT  := $(shell $(GO) env GOROOT)
WASMEXEC := $(GOROOT)/lib/wasm
FUZZTIME ?= 10s

.PHONY: run test vet deps-check test-native test-wasm fuzz bench bench-wasm build conformance

## run: the seed example in the terminal (until the browser playground exists)
run:
	$(GO) run ./cmd/flinkplay seed

## build: the CLI binary in bin/
build:
	$(GO) build -o bin/flinkplay ./cmd/flinkplay

## test: everything CI checks
test: vet deps-check test-native test-wasm fuzz

vet:
	@unformatted=$$(gofmt -l $$(git ls-files '*.go' 2>/dev/null || find . -name '*.go')); \
	  if [ -n "$$unformatted" ]; then echo "gofmt needed: $$unformatted"; exit 1; fi
	$(GO) vet ./...
	GOOS=js GOARCH=wasm $(GO) vet ./engine/... 

deps-check:
	./scripts/deps-check.sh

test-native:
	$(GO) test -count=1 ./...

## test-wasm: the engine's tests compiled to WebAssembly and run in Node
test-wasm:
	PATH="$(WASMEXEC):$$PATH" GOOS=js GOARCH=wasm $(GO) test -count=1 ./engine/...

## fuzz: each fuzz target briefly
fuzz:
	$(GO) test -run='^$$' -fuzz='^FuzzParseScript$$' -fuzztime=$(FUZZTIME) ./engine/sql
	$(GO) test -run='^$$' -fuzz='^FuzzParseQuery$$' -fuzztime=$(FUZZTIME) ./engine/sql

## bench: engine benchmarks natively and under wasm (see docs/benchmarks.md)
bench:
	./scripts/bench.sh

## conformance: rewrite docs/conformance.md from ../shared/flink/q
conformance:
	$(GO) test -count=1 -run TestConformance ./engine/enginetest -update-conformance
