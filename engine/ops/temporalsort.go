package ops

import (
	"context"
	"sort"

	"github.com/flinkplay/flinkplay/engine/expr"
	"github.com/flinkplay/flinkplay/engine/stream"
	"github.com/flinkplay/flinkplay/engine/types"
)

// TemporalSort is ORDER BY in streaming mode, whose first key is an
// ascending time attribute (Flink's TemporalSort). On rowtime it buffers
// rows until the watermark passes their time and emits them sorted by all
// keys; a row at or before the watermark when it arrives is late and
// dropped. On proctime the rows arrive in time order and pass at once.
// Accepts and emits +I. State: the rows waiting for the watermark (cloned).
type TemporalSort struct {
	Keys    []SortKey
	Rowtime bool
	Ctx     expr.Ctx

	ord     *rowOrder
	pending [][]types.Value
	wm      int64
}

var (
	_ stream.Operator          = (*TemporalSort)(nil)
	_ stream.WatermarkOperator = (*TemporalSort)(nil)
)

// Open implements stream.Operator.
func (s *TemporalSort) Open(context.Context) error {
	o, err := newRowOrder(s.Keys)
	if err != nil {
		return err
	}
	o.ctx = s.Ctx
	s.ord, s.wm = o, stream.NoWatermark
	return nil
}

// Process implements stream.Operator.
func (s *TemporalSort) Process(in, out *stream.Batch) error {
	for i := 0; i < in.Len(); i++ {
		row := in.Row(i)
		if !s.Rowtime {
			out.AppendRow(in.Kinds[i], row)
			continue
		}
		t := row[s.Keys[0].Col]
		if t.Null || t.I <= s.wm {
			continue
		}
		s.pending = append(s.pending, types.CloneRow(row))
	}
	return nil
}

// OnWatermark implements stream.WatermarkOperator.
func (s *TemporalSort) OnWatermark(wm int64, out *stream.Batch) (int64, error) {
	s.wm = wm
	if !s.Rowtime || len(s.pending) == 0 {
		return wm, nil
	}
	tc := s.Keys[0].Col
	var due, keep [][]types.Value
	for _, r := range s.pending {
		if r[tc].I <= wm {
			due = append(due, r)
		} else {
			keep = append(keep, r)
		}
	}
	s.pending = keep
	sort.SliceStable(due, func(i, j int) bool { return s.ord.cmp(due[i], due[j]) < 0 })
	if s.ord.err != nil {
		return wm, s.ord.err
	}
	for _, r := range due {
		out.AppendRow(stream.Insert, r)
	}
	return wm, nil
}

// Close implements stream.Operator.
func (s *TemporalSort) Close() error { return nil }
