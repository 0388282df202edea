//go:build !(js && wasm)

package e2e

import (
	"strings"
	"testing"
)

// TestBenchmarksDocVerdicts checks the budget lines of the report, which
// run without a browser.
func TestBenchmarksDocVerdicts(t *testing.T) {
	sizes := []wasmSize{{Name: "app.wasm", Raw: 100, Gzip: 40, Brotli: 30, GzipFile: true, BrotliOut: true}}
	load := func(first float64, bytes int64) coldLoad {
		return coldLoad{FirstRow: first, TransferTotal: bytes, Transfer: []transferFile{{Path: "/", Bytes: bytes}}}
	}
	tests := []struct {
		name     string
		loads    []coldLoad
		launches []coldLoad
		streams  []streamRun
		want     []string
	}{
		{
			name:     "all budgets met",
			loads:    []coldLoad{load(900, 3_000_000), load(1400, 3_000_000), load(2000, 3_000_000)},
			launches: []coldLoad{load(2100, 3_000_000), load(1900, 3_000_000)},
			streams:  []streamRun{{View: "tableau", Longest: 49}},
			want: []string{
				"| first row ≤ 1500 ms after a cold load | median 1400 ms of 3 runs (900, 1400, 2000) | yes |",
				"showed the first row after a median 2100 ms of 2 runs (1900, 2100)",
				"| total compressed transfer ≤ 4.00 MB (3.81 MiB) | 3.00 MB (2.86 MiB) | yes |",
				"longest 49 ms; 0 tasks > 50 ms in 1 × 5s | yes |",
			},
		},
		{
			name:    "every budget missed",
			loads:   []coldLoad{load(1600, 4_000_001)},
			streams: []streamRun{{View: "table", Longest: 120, Over50: 3}},
			want: []string{
				"median 1600 ms of 1 runs (1600) | **no** |",
				"| 4.00 MB (3.81 MiB) | **no** |",
				"longest 120 ms; 3 tasks > 50 ms in 1 × 5s | **no** |",
			},
		},
		{
			name:  "streaming not measured",
			loads: []coldLoad{load(100, 1)},
			want:  []string{"not measured (the streaming run failed) | **no** |"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			doc := benchmarksDoc("Chrome/1", sizes, tt.loads, tt.launches, tt.streams)
			for _, w := range tt.want {
				if !strings.Contains(doc, w) {
					t.Errorf("the report lacks %q:\n%s", w, doc)
				}
			}
		})
	}
}
