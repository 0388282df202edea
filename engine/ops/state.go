package ops

import "github.com/flinkplay/flinkplay/engine/stream"

var (
	_ stream.StatefulOperator = (*GroupAgg)(nil)
	_ stream.StatefulOperator = (*Sort)(nil)
)

// StateRows implements stream.StatefulOperator: one row per group.
func (g *GroupAgg) StateRows() int { return len(g.groups) }

// StateRows implements stream.StatefulOperator: the rows waiting to be sorted.
func (s *Sort) StateRows() int { return len(s.rows) }
