package ops

import "github.com/flinkplay/flinkplay/engine/stream"

// Processing-time windows fire on the clock, as Flink's processing-time
// timers do: a window [start, end) fires once the clock reaches end - 1 ms,
// whether or not a row arrives.

var _ stream.TimerOperator = (*WindowAgg)(nil)

// NextTimer implements stream.TimerOperator: for processing-time windows,
// the time the earliest open window fires.
func (g *WindowAgg) NextTimer() int64 {
	if !g.Proctime {
		return stream.NoTimer
	}
	next := stream.NoTimer
	for win := range g.windows {
		next = min(next, g.Window.epoch(win[1])-1)
	}
	for _, sk := range g.sessions {
		for _, s := range sk.wins {
			next = min(next, g.Window.epoch(s.end)-1)
		}
	}
	return next
}

// OnTimer implements stream.TimerOperator.
func (g *WindowAgg) OnTimer(now int64, out *stream.Batch) error {
	if !g.Proctime {
		return nil
	}
	return g.advance(now, out)
}
