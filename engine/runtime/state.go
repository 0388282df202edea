package runtime

import (
	"github.com/flinkplay/flinkplay/engine/diag"
	"github.com/flinkplay/flinkplay/engine/stream"
)

// KeyStateMaxRows is the setting that bounds a job's state.
const KeyStateMaxRows = "playground.state.max-rows"

// DefaultStateMaxRows is the state limit when the session sets none: a
// tab's memory holds it comfortably (a few hundred bytes per row).
const DefaultStateMaxRows = 1_000_000

// StateLimit bounds the state of one job: the rows its stateful operators
// hold (stream.StatefulOperator), summed over every pipeline that shares
// the limit. Flink keeps growing such state until the cluster runs out of
// memory; the playground stops the query with a message that says what to
// do instead, before the tab runs out.
type StateLimit struct {
	Max int // rows; <= 0: no limit

	held    map[*Pipeline]int
	pending map[*Pipeline]int // input rows since the last count
	total   int
}

// Rows returns the rows of state the job holds.
func (l *StateLimit) Rows() int { return l.total }

// stateCheckRows is how many input rows a pipeline takes between two
// counts of its state: some operators count by walking their partitions,
// which is too slow to do for every batch. A job overshoots the limit by
// at most what that many rows add (a quarter of the limit, for a limit
// under four times that).
const stateCheckRows = 4096

// update records the state of p's stages, every stateCheckRows rows of
// p's input and at its end, and reports an error when the job is over the
// limit.
func (l *StateLimit) update(p *Pipeline, rows int, end bool) error {
	if l.pending == nil {
		l.pending = map[*Pipeline]int{}
	}
	l.pending[p] += rows
	every := stateCheckRows
	if l.Max > 0 {
		// A small limit is checked more often, so that a job stops near
		// it: state whose work grows with its size (a pattern's partial
		// matches) would otherwise grow far past it first.
		every = max(min(every, l.Max/4), 1)
	}
	if l.pending[p] < every && !end {
		return nil
	}
	l.pending[p] = 0
	n := 0
	for _, s := range p.Stages {
		if st, ok := s.Op.(stream.StatefulOperator); ok {
			n += st.StateRows()
		}
	}
	if l.held == nil {
		l.held = map[*Pipeline]int{}
	}
	l.total += n - l.held[p]
	l.held[p] = n
	if l.Max > 0 && l.total > l.Max {
		return diag.Errorf(diag.NoPos, diag.TableException,
			"The query holds more than %d rows of state ('%s'), and its state keeps growing: "+
				"on a Flink cluster it would grow until memory runs out. Bound it with 'table.exec.state.ttl' "+
				"(state of keys idle that long is dropped), narrow the keys, or raise '%s'.",
			l.Max, KeyStateMaxRows, KeyStateMaxRows)
	}
	return nil
}
