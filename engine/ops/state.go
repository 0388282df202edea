package ops

import "github.com/flinkplay/flinkplay/engine/stream"

var (
	_ stream.StatefulOperator = (*GroupAgg)(nil)
	_ stream.StatefulOperator = (*Sort)(nil)
)

// StateRows implements stream.StatefulOperator: one row per group.
func (g *GroupAgg) StateRows() int {
	if g.vec != nil {
		return g.vec.live
	}
	return len(g.groups)
}

// StateRows implements stream.StatefulOperator: the rows waiting to be sorted.
func (s *Sort) StateRows() int { return len(s.rows) }

var _ stream.StatefulOperator = (*WindowAgg)(nil)

// StateRows implements stream.StatefulOperator: the groups of every open
// window, and the rows buffered by open sessions.
func (g *WindowAgg) StateRows() int {
	n := 0
	for _, w := range g.windows {
		n += w.StateRows()
	}
	for _, s := range g.sessions {
		for _, w := range s.wins {
			n += len(w.rows)
		}
	}
	return n
}

var (
	_ stream.StatefulOperator = (*Join)(nil)
	_ stream.StatefulOperator = (*IntervalJoin)(nil)
	_ stream.StatefulOperator = (*TemporalJoin)(nil)
	_ stream.StatefulOperator = (*SetOpAll)(nil)
	_ stream.StatefulOperator = (*OverAgg)(nil)
	_ stream.StatefulOperator = (*AppendTopN)(nil)
	_ stream.StatefulOperator = (*RetractTopN)(nil)
	_ stream.StatefulOperator = (*Deduplicate)(nil)
	_ stream.StatefulOperator = (*TemporalSort)(nil)
)

// StateRows implements stream.StatefulOperator: the distinct rows of both sides.
func (j *Join) StateRows() int { return j.held }

// StateRows implements stream.StatefulOperator: the cached rows of both sides.
func (j *IntervalJoin) StateRows() int {
	n := 0
	for _, k := range j.keys {
		for _, c := range k.cache {
			for _, rows := range c {
				n += len(rows)
			}
		}
	}
	return n
}

// StateRows implements stream.StatefulOperator: waiting left rows and versions.
func (j *TemporalJoin) StateRows() int {
	n := 0
	for _, k := range j.keys {
		n += len(k.left) + len(k.right)
	}
	return n
}

// StateRows implements stream.StatefulOperator: one row per distinct row.
func (s *SetOpAll) StateRows() int { return len(s.groups) }

// StateRows implements stream.StatefulOperator: partitions, the rows of
// bounded frames, rows waiting for the watermark, and batch input.
func (o *OverAgg) StateRows() int {
	n := len(o.parts) + len(o.rows)
	for _, p := range o.parts {
		n += len(p.frame)
	}
	for _, rows := range o.pending {
		n += len(rows)
	}
	return n
}

// StateRows implements stream.StatefulOperator: the rows kept per partition.
func (t *AppendTopN) StateRows() int { return topRows(t.parts) }

// StateRows implements stream.StatefulOperator: the rows kept per partition.
func (t *RetractTopN) StateRows() int { return topRows(t.parts) }

func topRows(parts map[string]*topBuf) int {
	n := 0
	for _, b := range parts {
		n += len(b.entries)
	}
	return n
}

// StateRows implements stream.StatefulOperator: one row per key.
func (d *Deduplicate) StateRows() int { return len(d.kept) }

// StateRows implements stream.StatefulOperator: rows waiting for the watermark.
func (t *TemporalSort) StateRows() int { return len(t.pending) }

// StateKeys implementations (stream.KeyedState): how many keys the state
// holds, for the graph view.
var (
	_ stream.KeyedState = (*GroupAgg)(nil)
	_ stream.KeyedState = (*Join)(nil)
	_ stream.KeyedState = (*OverAgg)(nil)
	_ stream.KeyedState = (*AppendTopN)(nil)
	_ stream.KeyedState = (*RetractTopN)(nil)
	_ stream.KeyedState = (*UpdatableTopN)(nil)
	_ stream.KeyedState = (*Deduplicate)(nil)
	_ stream.KeyedState = (*MiniBatchGroupAgg)(nil)
	_ stream.KeyedState = (*GlobalGroupAgg)(nil)
)

// StateKeys implements stream.KeyedState: one key per group.
func (g *GroupAgg) StateKeys() int { return g.StateRows() }

// StateKeys implements stream.KeyedState: the join keys of both sides.
func (j *Join) StateKeys() int { return len(j.sides[0]) + len(j.sides[1]) }

// StateKeys implements stream.KeyedState: the partitions.
func (o *OverAgg) StateKeys() int { return len(o.parts) }

// StateKeys implements stream.KeyedState: the partitions.
func (t *AppendTopN) StateKeys() int { return len(t.parts) }

// StateKeys implements stream.KeyedState: the partitions.
func (t *RetractTopN) StateKeys() int { return len(t.parts) }

// StateKeys implements stream.KeyedState: the partitions.
func (t *UpdatableTopN) StateKeys() int { return len(t.parts) }

// StateKeys implements stream.KeyedState: one key per kept row.
func (d *Deduplicate) StateKeys() int { return len(d.kept) }

// StateKeys implements stream.KeyedState: the groups.
func (m *MiniBatchGroupAgg) StateKeys() int { return len(m.Agg.groups) }

// StateKeys implements stream.KeyedState: the groups.
func (g *GlobalGroupAgg) StateKeys() int { return len(g.Agg.groups) }
