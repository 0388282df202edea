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
