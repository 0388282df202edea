package engine

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/flinkplay/flinkplay/engine/funcs"
	"github.com/flinkplay/flinkplay/engine/library"
	"github.com/flinkplay/flinkplay/engine/stream"
	"github.com/flinkplay/flinkplay/engine/types"
)

// TestNumTimeExamples runs the documented examples of the arithmetic,
// temporal, conditional and conversion functions as SELECT <example> and
// compares the cell with what the spec says Flink prints.
func TestNumTimeExamples(t *testing.T) {
	cats := map[funcs.Category]bool{funcs.Arithmetic: true, funcs.Temporal: true, funcs.Conditional: true, funcs.Conversion: true}
	for _, s := range library.Functions() {
		if !cats[s.Category] {
			continue
		}
		for _, ex := range s.Examples {
			t.Run(s.Name+"/"+ex.SQL, func(t *testing.T) {
				got, err := evalCell(t, "SELECT "+ex.SQL)
				if err != nil {
					got = "ERROR: " + err.Error() // an example may show an error
				}
				if got != ex.Result {
					t.Errorf("got %q, want %q", got, ex.Result)
				}
			})
		}
	}
}

// evalCell runs a one-row, one-column query and formats the cell as the
// SQL client prints it.
func evalCell(t testing.TB, q string) (string, error) {
	t.Helper()
	s := NewSession(Config{Batch: true, Zone: time.UTC, StartTime: "2024-01-01 00:00:00"})
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	r, err := s.Execute(ctx, q)
	if err != nil {
		return "", err
	}
	defer r.Close()
	if r.Rows != nil {
		return types.FormatValue(r.Rows[0][0], r.Schema.Columns[0].Type, time.UTC), nil
	}
	for {
		b, err := r.Next(ctx)
		if errors.Is(err, stream.ErrEndOfInput) {
			return "", errors.New("no rows")
		}
		if err != nil {
			return "", err
		}
		if b.Len() > 0 {
			v := b.Row(0)[0]
			if v.Null {
				return "<NULL>", nil
			}
			return types.FormatValue(v, r.Schema.Columns[0].Type, time.UTC), nil
		}
	}
}
