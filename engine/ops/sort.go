package ops

import (
	"context"
	"sort"

	"github.com/flinkplay/flinkplay/engine/diag"
	"github.com/flinkplay/flinkplay/engine/expr"
	"github.com/flinkplay/flinkplay/engine/stream"
	"github.com/flinkplay/flinkplay/engine/types"
)

// SortKey is one key of a Sort.
type SortKey struct {
	Col        int
	Type       types.Type
	Desc       bool
	NullsFirst bool
}

// Sort buffers its whole (bounded, insert-only) input and emits it ordered
// by Keys when the input ends. State: every row (cloned).
type Sort struct {
	Keys []SortKey
	Ctx  expr.Ctx

	rows [][]types.Value
	less []expr.Expr
	err  error
}

var _ stream.Operator = (*Sort)(nil)

// Open implements stream.Operator.
func (s *Sort) Open(context.Context) error {
	s.less = make([]expr.Expr, len(s.Keys))
	for i, k := range s.Keys {
		l, err := expr.Compare(expr.Lt, expr.Column(0, k.Type), expr.Column(1, k.Type), diag.NoPos)
		if err != nil {
			return err
		}
		s.less[i] = l
	}
	return nil
}

// Process implements stream.Operator.
func (s *Sort) Process(in, out *stream.Batch) error {
	for i := 0; i < in.Len(); i++ {
		s.rows = append(s.rows, types.CloneRow(in.Row(i)))
	}
	return nil
}

// Finish emits the sorted rows.
func (s *Sort) Finish(out *stream.Batch) error {
	sort.SliceStable(s.rows, func(i, j int) bool { return s.cmp(s.rows[i], s.rows[j]) < 0 })
	if s.err != nil {
		return s.err
	}
	for _, r := range s.rows {
		out.AppendRow(stream.Insert, r)
	}
	s.rows = nil
	return nil
}

func (s *Sort) cmp(a, b []types.Value) int {
	for i, k := range s.Keys {
		x, y := a[k.Col], b[k.Col]
		if x.Null || y.Null {
			if x.Null && y.Null {
				continue
			}
			if x.Null == k.NullsFirst {
				return -1
			}
			return 1
		}
		c := 0
		if lt, err := s.less[i].Eval(&s.Ctx, []types.Value{x, y}); err != nil {
			s.err = err
		} else if lt.I != 0 {
			c = -1
		} else if gt, err := s.less[i].Eval(&s.Ctx, []types.Value{y, x}); err != nil {
			s.err = err
		} else if gt.I != 0 {
			c = 1
		}
		if k.Desc {
			c = -c
		}
		if c != 0 {
			return c
		}
	}
	return 0
}

// Close implements stream.Operator.
func (s *Sort) Close() error { return nil }
