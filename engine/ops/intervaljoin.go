package ops

import (
	"context"
	"sort"

	"github.com/flinkplay/flinkplay/engine/expr"
	"github.com/flinkplay/flinkplay/engine/stream"
	"github.com/flinkplay/flinkplay/engine/types"
)

// IntervalJoin is an event-time interval join, Flink's RowTimeIntervalJoin:
// a left and a right row with equal keys match when Cond holds and
// left.time - right.time lies in [Lower, Upper]. Rows arrive tagged by
// stream.Batch.Input (0 left, 1 right).
//
// It accepts +I only and emits +I only: joined rows as soon as both rows
// are there, and for an outer side its rows padded with NULLs once the
// watermark shows they can no longer match (their cache entry expires) or
// at once when they arrive too late to be cached. Each input's rows are
// cached by time per key; cleanup timers fire as the watermark passes,
// exactly as Flink schedules them, and the watermark is forwarded held
// back by max(-Lower, Upper), as KeyedCoProcessOperatorWithWatermarkDelay
// does.
//
// State: per key, the cached rows of each input (values cloned) with a
// flag saying whether they joined, and the cleanup timer of each cache.
type IntervalJoin struct {
	Type                  JoinType // InnerJoin, LeftJoin, RightJoin or FullJoin
	LeftKeys, RightKeys   []expr.Expr
	Cond                  expr.Expr // nil: TRUE
	LeftTime, RightTime   int       // rowtime columns
	Lower, Upper          int64
	LeftWidth, RightWidth int
	Ctx                   expr.Ctx

	leftRel, rightRel int64 // Flink's leftRelativeSize, rightRelativeSize
	minCleanUp        int64
	opTime            int64
	// Points in time until which each cache has been cleaned; like Flink's,
	// one per operator, not per key.
	expiration [2]int64
	keys       map[string]*ivKey
	timers     []ivTimer
	seq        int
	join       Join // key encoding and condition
}

type ivKey struct {
	cache [2]map[int64][]*ivRow
	// timer[s] cleans the cache of side s; 0 when none is set.
	timer [2]int64
}

type ivRow struct {
	row     []types.Value
	emitted bool
}

type ivTimer struct {
	at   int64
	key  string
	seq  int
	side int
}

var _ stream.Operator = (*IntervalJoin)(nil)
var _ stream.WatermarkOperator = (*IntervalJoin)(nil)

// Open implements stream.Operator.
func (j *IntervalJoin) Open(ctx context.Context) error {
	j.leftRel, j.rightRel = -j.Lower, j.Upper
	j.minCleanUp = (j.leftRel + j.rightRel) / 2
	if j.minCleanUp < 0 {
		j.minCleanUp = 0
	}
	j.keys = map[string]*ivKey{}
	j.join = Join{Type: j.Type, LeftKeys: j.LeftKeys, RightKeys: j.RightKeys, Cond: j.Cond,
		LeftWidth: j.LeftWidth, RightWidth: j.RightWidth, Ctx: j.Ctx}
	return j.join.Open(ctx)
}

func (j *IntervalJoin) outer(side int) bool { return j.join.outer(side) }

// Process implements stream.Operator.
func (j *IntervalJoin) Process(in, out *stream.Batch) error {
	side := in.Input
	tcol := j.LeftTime
	if side == 1 {
		tcol = j.RightTime
	}
	for i := 0; i < in.Len(); i++ {
		row := in.Row(i)
		if row[tcol].Null {
			continue
		}
		key, ok, err := j.join.key(side, row)
		if err != nil {
			return err
		}
		if !ok {
			// A NULL key joins nothing: only an outer side emits it.
			if j.outer(side) {
				j.join.emitPadded(out, stream.Insert, side, row)
			}
			continue
		}
		if err := j.process(side, key, row, row[tcol].I, out); err != nil {
			return err
		}
	}
	return nil
}

func (j *IntervalJoin) state(key string) *ivKey {
	k := j.keys[key]
	if k == nil {
		k = &ivKey{cache: [2]map[int64][]*ivRow{{}, {}}}
		j.keys[key] = k
	}
	return k
}

// relSize is how far the other side's rows may lie after a row of side.
func (j *IntervalJoin) relSize(side int) int64 {
	if side == 0 {
		return j.leftRel
	}
	return j.rightRel
}

func (j *IntervalJoin) expire(opTime, rel int64) int64 {
	if opTime == stream.MaxWatermark {
		return stream.MaxWatermark
	}
	return opTime - rel - 1
}

func (j *IntervalJoin) process(side int, key string, row []types.Value, t int64, out *stream.Batch) error {
	other := 1 - side
	st := j.state(key)
	// The other side's rows that may match lie in [lo, hi].
	lo, hi := t-j.relSize(other), t+j.relSize(side)
	emitted := false
	if j.expiration[other] < hi {
		j.expiration[other] = j.expire(j.opTime, j.relSize(other))
		for _, ot := range sortedTimes(st.cache[other]) {
			rows := st.cache[other][ot]
			if ot >= lo && ot <= hi {
				for _, r := range rows {
					ok, err := j.join.condHolds(side, row, r.row)
					if err != nil {
						return err
					}
					if ok {
						j.join.emitJoined(out, stream.Insert, side, row, r.row)
						emitted = true
						r.emitted = true
					}
				}
			}
			if ot <= j.expiration[other] {
				if j.outer(other) {
					for _, r := range rows {
						if !r.emitted {
							j.join.emitPadded(out, stream.Insert, other, r.row)
						}
					}
				}
				delete(st.cache[other], ot)
			}
		}
	}
	if j.opTime < hi {
		st.cache[side][t] = append(st.cache[side][t], &ivRow{row: types.CloneRow(row), emitted: emitted})
		if st.timer[side] == 0 {
			j.register(key, st, side, t)
		}
	} else if !emitted && j.outer(side) {
		j.join.emitPadded(out, stream.Insert, side, row)
	}
	return nil
}

// register sets the timer that cleans side's cache after a row at time t.
func (j *IntervalJoin) register(key string, st *ivKey, side int, t int64) {
	at := t + j.relSize(side) + j.minCleanUp + 1
	st.timer[side] = at
	j.seq++
	j.timers = append(j.timers, ivTimer{at: at, key: key, seq: j.seq, side: side})
}

// OnWatermark implements stream.WatermarkOperator: it fires the cleanup
// timers the watermark has passed, in time order.
func (j *IntervalJoin) OnWatermark(wm int64, out *stream.Batch) (int64, error) {
	if wm > 0 {
		j.opTime = wm
	}
	for {
		sort.Slice(j.timers, func(a, b int) bool {
			if j.timers[a].at != j.timers[b].at {
				return j.timers[a].at < j.timers[b].at
			}
			return j.timers[a].seq < j.timers[b].seq
		})
		if len(j.timers) == 0 || j.timers[0].at > wm {
			break
		}
		tm := j.timers[0]
		j.timers = j.timers[1:]
		st := j.keys[tm.key]
		if st == nil || st.timer[tm.side] != tm.at {
			continue // replaced or cleared
		}
		j.expiration[tm.side] = j.expire(j.opTime, j.relSize(tm.side))
		j.removeExpired(tm.key, st, tm.side, out)
	}
	if wm == stream.MaxWatermark {
		return wm, nil
	}
	delay := max(j.leftRel, j.rightRel)
	return wm - delay, nil
}

// removeExpired drops side's cached rows up to its expiration time,
// padding unjoined rows of an outer side, and sets a new timer for the
// rows that stay.
func (j *IntervalJoin) removeExpired(key string, st *ivKey, side int, out *stream.Batch) {
	earliest := int64(-1)
	for _, t := range sortedTimes(st.cache[side]) {
		if t <= j.expiration[side] {
			if j.outer(side) {
				for _, r := range st.cache[side][t] {
					if !r.emitted {
						j.join.emitPadded(out, stream.Insert, side, r.row)
					}
				}
			}
			delete(st.cache[side], t)
		} else if earliest < 0 || t < earliest {
			earliest = t
		}
	}
	if earliest > 0 {
		j.register(key, st, side, earliest)
		return
	}
	st.timer[side] = 0
	clear(st.cache[side])
	if len(st.cache[0]) == 0 && len(st.cache[1]) == 0 && st.timer[0] == 0 && st.timer[1] == 0 {
		delete(j.keys, key)
	}
}

func sortedTimes(m map[int64][]*ivRow) []int64 {
	ts := make([]int64, 0, len(m))
	for t := range m {
		ts = append(ts, t)
	}
	sort.Slice(ts, func(a, b int) bool { return ts[a] < ts[b] })
	return ts
}

// Close implements stream.Operator.
func (j *IntervalJoin) Close() error { return nil }
