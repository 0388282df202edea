package runtime

import (
	"github.com/flinkplay/flinkplay/engine/stream"
	"github.com/flinkplay/flinkplay/engine/types"
)

// Tracing why a job changed what it did ("why this change"): while the
// job's trace log is on, a round of a pipeline runs its first stage that
// keeps state (the one with a Trace) one input record at a time, each
// through the rest of the pipeline, so that every output row of the round
// is known to come from one record, or from the watermark or the end of
// input that followed them. The trace records, per record, what the
// stateful operator sent on and which of the pipeline's output rows came
// of it. Off, a round costs one atomic load.

// tracedFrom returns the stage from which a round starting at stage from
// runs traced: the first stage at or after from with a Trace whose log is
// on; -1 when the round runs as usual. A pipeline whose output goes to a
// sink as columns is not traced.
func (p *Pipeline) tracedFrom(from int) int {
	if !p.traced || p.ColumnsOut {
		return -1
	}
	for i := from; i < len(p.Stages); i++ {
		if t := p.Stages[i].Trace; t != nil {
			if t.On() {
				return i
			}
			return -1
		}
	}
	return -1
}

// runTraced runs a round from stage from with stage s traced: the stages
// before s as usual, then stage s and those after it for each of s's
// input rows in turn, and once more for the watermark and the end of
// input. The round's output is what the runs produced, in order.
func (p *Pipeline) runTraced(from, s int, end bool, clk *stageClock) (bool, error, error) {
	end, stop, err := p.run(from, s, end, clk)
	if err != nil {
		return end, stop, err
	}
	n := len(p.Stages)
	in := p.bufs[s]
	if p.traceIn == nil {
		p.traceIn, p.traceOut = stream.NewBatch(in.Width), stream.NewBatch(p.Stages[n-1].Width)
	}
	rows, acc := p.traceIn, p.traceOut
	rows.Reset()
	rows.Width = in.Width
	if in.Columnar {
		rows.Width = len(in.Cols)
		in.Materialize(rows)
	} else {
		copyRows(rows, in)
	}
	side, wm, mini := in.Input, in.Watermark, in.MiniBatch
	acc.Reset()
	acc.Width = p.Stages[n-1].Width
	tr := p.Stages[s].Trace
	// feed puts b (one row, or none with the watermark) into stage s and
	// runs it and the stages after it.
	feed := func(k stream.Kind, row []types.Value, withRow bool, fin bool, wmark int64) error {
		b := p.bufs[s]
		b.Reset()
		b.Width, b.Input = rows.Width, side
		if withRow {
			b.AppendRow(k, row)
		} else {
			b.Watermark, b.MiniBatch = wmark, mini
		}
		for j := s + 1; j <= n; j++ {
			p.bufs[j].Reset()
		}
		var st error
		var err error
		end, st, err = p.run(s, n, fin, clk)
		if err != nil {
			return err
		}
		if st != nil {
			stop = st
		}
		ev := stream.TraceEvent{Kind: stream.TraceChange, Side: side, OutFrom: p.emitted + int64(acc.Len())}
		if withRow {
			in := tr.FormatIn(side, k, row)
			ev.Input = &in
		} else {
			ev.Watermark = wmark
			if fin {
				ev.Watermark = stream.MaxWatermark
			}
		}
		own := p.bufs[s+1]
		if own.Columnar {
			own = p.materialize(s+1, own)
		}
		for i := 0; i < own.Len(); i++ {
			ev.Rows = append(ev.Rows, tr.FormatOut(own.Kinds[i], own.Row(i)))
		}
		final := p.bufs[n]
		if final.Columnar {
			final = p.materialize(n, final)
		}
		ev.Count = int64(final.Len())
		if len(ev.Rows) > 0 || ev.Count > 0 {
			tr.Add(ev)
		}
		copyRows(acc, final)
		return nil
	}
	for r := 0; r < rows.Len() && stop == nil; r++ {
		if err := feed(rows.Kinds[r], rows.Row(r), true, false, stream.NoWatermark); err != nil {
			return end, stop, err
		}
	}
	if stop != nil {
		end = true
	}
	if err := feed(0, nil, false, end, wm); err != nil {
		return end, stop, err
	}
	// The round's output: what every run produced, with the last run's
	// watermark.
	final := p.bufs[n]
	outWM, outMini := final.Watermark, final.MiniBatch
	final.Reset()
	final.Width = acc.Width
	copyRows(final, acc)
	final.Watermark, final.MiniBatch = outWM, outMini || mini
	return end, stop, nil
}
