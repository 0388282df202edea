package ops

import (
	"context"

	"github.com/flinkplay/flinkplay/engine/expr"
	"github.com/flinkplay/flinkplay/engine/stream"
	"github.com/flinkplay/flinkplay/engine/types"
)

// WindowJoin is a window join (Flink's WindowJoinOperator, event time):
// both inputs carry windows of the same window TVF, and rows join only
// within the same window. Rows arrive tagged by stream.Batch.Input (0
// left, 1 right) and are buffered per window and key; nothing is emitted
// until the window fires, when the watermark reaches its end - 1 ms or the
// input ends. Then, per key in first-seen order, an inner join emits each
// left row with its matching right rows (left, then right arrival order);
// a LEFT or FULL join pads the left rows that matched nothing with NULLs
// in place, a FULL join then pads the right rows that matched nothing; a
// RIGHT join walks the right rows instead, each with its matching left
// rows or padded; semi and anti joins emit the left rows that have (or
// lack) a match. Windows that fire together are emitted by end, then start.
// A row whose window has already fired is late and dropped. A NULL key
// matches nothing (its outer rows are padded when the window fires).
//
// It accepts +I and emits +I. State: per open window and key, the rows of
// both inputs (cloned).
type WindowJoin struct {
	Type                  JoinType
	LeftKeys, RightKeys   []expr.Expr
	Cond                  expr.Expr // nil: TRUE
	LeftWidth, RightWidth int
	// LeftStart, LeftEnd, RightStart and RightEnd are the window columns
	// of each input.
	LeftStart, LeftEnd, RightStart, RightEnd int
	Window                                   Windowing // LTZ and Zone: when a window's end has passed
	Ctx                                      expr.Ctx

	join Join // key encoding, condition and padding
	wm   int64
	wins map[[2]int64]*joinWindow
	held int
	// Dropped counts late rows.
	Dropped int64
}

type joinWindow struct {
	keys []string // first-seen order
	rows map[string]*[2][][]types.Value
}

// windowNullKey is where rows with a NULL join key wait: they match nothing.
const windowNullKey = "\x00null"

var (
	_ stream.Operator          = (*WindowJoin)(nil)
	_ stream.WatermarkOperator = (*WindowJoin)(nil)
	_ stream.StatefulOperator  = (*WindowJoin)(nil)
)

// Open implements stream.Operator.
func (j *WindowJoin) Open(ctx context.Context) error {
	j.join = Join{Type: j.Type, LeftKeys: j.LeftKeys, RightKeys: j.RightKeys, Cond: j.Cond,
		LeftWidth: j.LeftWidth, RightWidth: j.RightWidth, Ctx: j.Ctx}
	j.wins, j.wm, j.held = map[[2]int64]*joinWindow{}, stream.NoWatermark, 0
	return j.join.Open(ctx)
}

// Process implements stream.Operator.
func (j *WindowJoin) Process(in, out *stream.Batch) error {
	side := in.Input
	sc, ec := j.LeftStart, j.LeftEnd
	if side == 1 {
		sc, ec = j.RightStart, j.RightEnd
	}
	for i := 0; i < in.Len(); i++ {
		row := in.Row(i)
		win := [2]int64{row[sc].I, row[ec].I}
		if windowFired(&j.Window, win[1], j.wm) {
			j.Dropped++
			continue
		}
		key, ok, err := j.join.key(side, row)
		if err != nil {
			return err
		}
		if !ok {
			key = windowNullKey
		}
		w := j.wins[win]
		if w == nil {
			w = &joinWindow{rows: map[string]*[2][][]types.Value{}}
			j.wins[win] = w
		}
		b := w.rows[key]
		if b == nil {
			b = &[2][][]types.Value{}
			w.rows[key] = b
			w.keys = append(w.keys, key)
		}
		b[side] = append(b[side], cloneRow(row))
		j.held++
	}
	return nil
}

// OnWatermark implements stream.WatermarkOperator.
func (j *WindowJoin) OnWatermark(wm int64, out *stream.Batch) (int64, error) {
	if wm <= j.wm {
		return wm, nil
	}
	j.wm = wm
	for _, win := range dueWindows(j.wins, &j.Window, wm) {
		w := j.wins[win]
		for _, k := range w.keys {
			b := w.rows[k]
			if err := j.fire(b[0], b[1], k != windowNullKey, out); err != nil {
				return wm, err
			}
			j.held -= len(b[0]) + len(b[1])
		}
		delete(j.wins, win)
	}
	return wm, nil
}

// fire joins the rows of one key of one window; rows under a NULL key
// (match false) join nothing.
func (j *WindowJoin) fire(left, right [][]types.Value, match bool, out *stream.Batch) error {
	matches := func(side int, row, other []types.Value) (bool, error) {
		if !match {
			return false, nil
		}
		return j.join.condHolds(side, row, other)
	}
	switch j.Type {
	case SemiJoin, AntiJoin:
		for _, l := range left {
			hit := false
			for _, r := range right {
				ok, err := matches(0, l, r)
				if err != nil {
					return err
				}
				if ok {
					hit = true
					break
				}
			}
			if hit == (j.Type == SemiJoin) {
				out.AppendRow(stream.Insert, l)
			}
		}
		return nil
	case RightJoin:
		for _, r := range right {
			hit := false
			for _, l := range left {
				ok, err := matches(1, r, l)
				if err != nil {
					return err
				}
				if ok {
					hit = true
					j.join.emitJoined(out, stream.Insert, 0, l, r)
				}
			}
			if !hit {
				j.join.emitPadded(out, stream.Insert, 1, r)
			}
		}
		return nil
	}
	var rightHit []bool
	if j.Type == FullJoin {
		rightHit = make([]bool, len(right))
	}
	for _, l := range left {
		hit := false
		for ri, r := range right {
			ok, err := matches(0, l, r)
			if err != nil {
				return err
			}
			if ok {
				hit = true
				if rightHit != nil {
					rightHit[ri] = true
				}
				j.join.emitJoined(out, stream.Insert, 0, l, r)
			}
		}
		if !hit && j.Type != InnerJoin {
			j.join.emitPadded(out, stream.Insert, 0, l)
		}
	}
	for ri, r := range right {
		if rightHit != nil && !rightHit[ri] {
			j.join.emitPadded(out, stream.Insert, 1, r)
		}
	}
	return nil
}

// StateRows implements stream.StatefulOperator.
func (j *WindowJoin) StateRows() int { return j.held }

// Close implements stream.Operator.
func (j *WindowJoin) Close() error { return nil }
