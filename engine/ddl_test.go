package engine

import (
	"context"
	"strings"
	"testing"

	"github.com/flinkplay/flinkplay/engine/diag"
	"github.com/flinkplay/flinkplay/engine/types"
)

// ddlRender renders a result compactly: "OK", or the header and rows with
// cells joined by "|", NULL as empty and booleans as TRUE/FALSE.
func ddlRender(r *Result) string {
	if r.Kind == ResultSuccess {
		return "OK"
	}
	var b strings.Builder
	for i, c := range r.Schema.Columns {
		if i > 0 {
			b.WriteString("|")
		}
		b.WriteString(c.Name)
	}
	for _, row := range r.Rows {
		b.WriteString("\n")
		for i, v := range row {
			if i > 0 {
				b.WriteString("|")
			}
			switch {
			case v.Null:
			case r.Schema.Columns[i].Type.Kind == types.Boolean:
				if v.Bool() {
					b.WriteString("TRUE")
				} else {
					b.WriteString("FALSE")
				}
			default:
				b.WriteString(v.Str())
			}
		}
	}
	return b.String()
}

func ddlRun(t testing.TB, s *Session, stmt string) string {
	t.Helper()
	r, err := s.Execute(context.Background(), stmt)
	if err != nil {
		return "ERR " + diag.Wrap(err).Reason()
	}
	defer r.Close()
	return ddlRender(r)
}
