package ops

import (
	"context"

	"github.com/flinkplay/flinkplay/engine/stream"
	"github.com/flinkplay/flinkplay/engine/types"
)

// Expand emits each input record once per grouping set, as Flink's Expand
// does for GROUPING SETS, ROLLUP and CUBE: in copy i the key columns that
// set i leaves out are NULL and a last BIGINT column holds Ids[i]. It
// accepts and emits every Kind (each copy keeps its record's kind), in set
// order. No state.
type Expand struct {
	Keys []int    // input columns of the group keys
	Sets [][]bool // per set, per key: kept
	Ids  []int64
}

var _ stream.Operator = (*Expand)(nil)

// Open implements stream.Operator.
func (e *Expand) Open(context.Context) error { return nil }

// Process implements stream.Operator.
func (e *Expand) Process(in, out *stream.Batch) error {
	for i := 0; i < in.Len(); i++ {
		row := in.Row(i)
		for s, kept := range e.Sets {
			dst := out.Append(in.Kinds[i])
			for c, v := range row {
				if len(v.B) > 0 {
					v.B = out.CopyBytes(v.B)
				}
				dst[c] = v
			}
			for k, c := range e.Keys {
				if !kept[k] {
					dst[c] = types.NullValue
				}
			}
			dst[len(row)] = types.IntValue(e.Ids[s])
		}
	}
	return nil
}

// Close implements stream.Operator.
func (e *Expand) Close() error { return nil }
