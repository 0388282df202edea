package enginetest

import (
	"context"
	"strings"
	"testing"

	"github.com/flinkplay/flinkplay/engine"
	"github.com/flinkplay/flinkplay/web/state"
)

// TestGalleryExamples runs every example of the playground's gallery on a
// fresh session, statement by statement as "Run all" does; an unbounded
// query is cut after a few rows. An example named for errors must show at
// least one; every other example must run without any.
func TestGalleryExamples(t *testing.T) {
	for _, ex := range state.Examples {
		if ex.Python {
			continue // wasm/engine/pyworker runs the PyFlink programs
		}
		t.Run(ex.Name, func(t *testing.T) {
			spans, err := engine.Split(ex.SQL)
			if err != nil {
				t.Fatal(err)
			}
			r := NewRunner()
			r.MaxRows = 50
			r.Detach = true
			defer r.Session.StopJobs()
			wantErrors := strings.Contains(strings.ToLower(ex.Name), "error")
			errs := 0
			for _, sp := range spans {
				stmt := ex.SQL[sp.Start:sp.End]
				out := r.Run(context.Background(), &Record{Kind: StatementOK, Header: "statement ok", SQL: stmt})
				if out.Err != nil {
					errs++
					if !wantErrors {
						t.Errorf("%s: %v", strings.TrimSpace(stmt), out.Err)
					}
				}
			}
			if wantErrors && errs == 0 {
				t.Error("an example about errors shows none")
			}
		})
	}
}
