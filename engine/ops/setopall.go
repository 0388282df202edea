package ops

import (
	"context"

	"github.com/flinkplay/flinkplay/engine/stream"
	"github.com/flinkplay/flinkplay/engine/types"
)

// SetOpAll is INTERSECT ALL or EXCEPT ALL over two inputs of one row type,
// tagged by stream.Batch.Input (0 left, 1 right). Flink rewrites both into
// a group aggregation over all columns that counts the rows of each side,
// a filter, and a table function that replicates each row; SetOpAll is
// that pipeline in one operator, with the same changelog.
//
// Streaming (Final false): per row value, the aggregation's result changes
// as GroupAggFunction's does (+I on the first row, -U old and +U new on a
// change, -D when every row is retracted), and each such change is emitted
// as its kind, replicated as many times as the result allows: INTERSECT
// ALL LEAST(left, right) times when both are at least 1, EXCEPT ALL
// left - right times when that is positive. It accepts every Kind.
//
// Batch (Final true): when both inputs end, each distinct row is emitted
// as +I that many times, in first-seen order.
//
// State: per distinct row (cloned), the counts of each side and how many
// rows the aggregation has accumulated.
type SetOpAll struct {
	Except bool
	Width  int
	Final  bool

	groups map[string]*setOpGroup
	order  []string
	keyBuf []byte
	cols   []int
}

type setOpGroup struct {
	row     []types.Value
	n       [2]int64 // COUNT of each side (EXCEPT: SUM of +1/-1 in n[0])
	records int64
	emitted bool
	prev    [2]int64
}

var _ stream.Operator = (*SetOpAll)(nil)

// Open implements stream.Operator.
func (s *SetOpAll) Open(context.Context) error {
	s.groups = map[string]*setOpGroup{}
	s.cols = make([]int, s.Width)
	for i := range s.cols {
		s.cols[i] = i
	}
	return nil
}

// copies is how many rows the aggregation result n stands for.
func (s *SetOpAll) copies(n [2]int64) int64 {
	if s.Except {
		return max(n[0], 0)
	}
	if n[0] >= 1 && n[1] >= 1 {
		return min(n[0], n[1])
	}
	return 0
}

// Process implements stream.Operator.
func (s *SetOpAll) Process(in, out *stream.Batch) error {
	for i := 0; i < in.Len(); i++ {
		row := in.Row(i)
		s.keyBuf = types.AppendKey(s.keyBuf[:0], row, s.cols)
		g := s.groups[string(s.keyBuf)]
		if g == nil {
			g = &setOpGroup{row: types.CloneRow(row)}
			key := string(s.keyBuf)
			s.groups[key] = g
			if s.Final {
				s.order = append(s.order, key)
			}
		}
		d := int64(1)
		if !accumulate(in.Kinds[i]) {
			d = -1
		}
		g.records += d
		switch {
		case s.Except && in.Input == 0:
			g.n[0] += d
		case s.Except:
			g.n[0] -= d
		default:
			g.n[in.Input] += d
		}
		if s.Final {
			continue
		}
		switch {
		case !g.emitted:
			s.replicate(out, stream.Insert, g.row, g.n)
			g.emitted, g.prev = true, g.n
		case g.records == 0:
			s.replicate(out, stream.Delete, g.row, g.prev)
			delete(s.groups, string(s.keyBuf))
		case g.n != g.prev:
			s.replicate(out, stream.UpdateBefore, g.row, g.prev)
			s.replicate(out, stream.UpdateAfter, g.row, g.n)
			g.prev = g.n
		}
	}
	return nil
}

func (s *SetOpAll) replicate(out *stream.Batch, k stream.Kind, row []types.Value, n [2]int64) {
	for c := s.copies(n); c > 0; c-- {
		out.AppendRow(k, row)
	}
}

// Finish implements runtime.Finisher: in batch mode it emits the result.
func (s *SetOpAll) Finish(out *stream.Batch) error {
	if !s.Final {
		return nil
	}
	for _, key := range s.order {
		if g := s.groups[key]; g != nil {
			s.replicate(out, stream.Insert, g.row, g.n)
		}
	}
	return nil
}

// Close implements stream.Operator.
func (s *SetOpAll) Close() error { return nil }
