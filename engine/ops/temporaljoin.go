package ops

import (
	"context"
	"sort"

	"github.com/flinkplay/flinkplay/engine/expr"
	"github.com/flinkplay/flinkplay/engine/stream"
	"github.com/flinkplay/flinkplay/engine/types"
)

// TemporalJoin is an event-time temporal join against a versioned table,
// Flink's TemporalRowTimeJoinOperator: each left row joins the version of
// the right (versioned) row with its key that was valid at the left row's
// time, the right row with the largest time not after it, unless that
// version is a retraction (the row was deleted then).
//
// Left rows (+I expected) wait until the watermark passes their time and
// are then emitted in arrival order with their own kind, joined or, for a
// LEFT join, padded with NULLs when no version matches. Right rows of any
// kind are versions; a version replaces one of the same key and time.
// The watermark is forwarded unchanged.
//
// State: per key, the waiting left rows in arrival order and the versions
// by time (values cloned), and one event-time timer, as in Flink: the
// smallest time that has something to do. Versions older than the newest
// one at or before the watermark are dropped when a timer fires.
type TemporalJoin struct {
	Outer                 bool // LEFT JOIN
	LeftKeys, RightKeys   []expr.Expr
	Cond                  expr.Expr
	LeftTime, RightTime   int
	LeftWidth, RightWidth int
	Ctx                   expr.Ctx

	keys   map[string]*tjKey
	timers []ivTimer
	seq    int
	join   Join
}

type tjKey struct {
	left     [][]types.Value
	leftKind []stream.Kind
	right    map[int64]tjVersion
	timer    int64
	hasTimer bool
}

type tjVersion struct {
	kind stream.Kind
	row  []types.Value
}

var _ stream.Operator = (*TemporalJoin)(nil)
var _ stream.WatermarkOperator = (*TemporalJoin)(nil)

// nullKey buckets left rows whose key is NULL: they match no version.
const nullKey = "\x00null"

// Open implements stream.Operator.
func (j *TemporalJoin) Open(ctx context.Context) error {
	j.keys = map[string]*tjKey{}
	j.join = Join{Type: InnerJoin, LeftKeys: j.LeftKeys, RightKeys: j.RightKeys, Cond: j.Cond,
		LeftWidth: j.LeftWidth, RightWidth: j.RightWidth, Ctx: j.Ctx}
	return j.join.Open(ctx)
}

// Process implements stream.Operator.
func (j *TemporalJoin) Process(in, out *stream.Batch) error {
	side := in.Input
	for i := 0; i < in.Len(); i++ {
		row := in.Row(i)
		key, ok, err := j.join.key(side, row)
		if err != nil {
			return err
		}
		if !ok {
			if side == 1 {
				continue
			}
			key = nullKey
		}
		st := j.keys[key]
		if st == nil {
			st = &tjKey{right: map[int64]tjVersion{}}
			j.keys[key] = st
		}
		if side == 0 {
			t := row[j.LeftTime]
			if t.Null {
				continue
			}
			st.left = append(st.left, types.CloneRow(row))
			st.leftKind = append(st.leftKind, in.Kinds[i])
			j.registerSmallest(key, st, t.I)
			continue
		}
		t := row[j.RightTime]
		if t.Null {
			continue
		}
		st.right[t.I] = tjVersion{kind: in.Kinds[i], row: types.CloneRow(row)}
		j.registerSmallest(key, st, t.I)
	}
	return nil
}

func (j *TemporalJoin) registerSmallest(key string, st *tjKey, t int64) {
	if st.hasTimer && st.timer <= t {
		return
	}
	j.register(key, st, t)
}

func (j *TemporalJoin) register(key string, st *tjKey, t int64) {
	st.timer, st.hasTimer = t, true
	j.seq++
	j.timers = append(j.timers, ivTimer{at: t, key: key, seq: j.seq})
}

// OnWatermark implements stream.WatermarkOperator.
func (j *TemporalJoin) OnWatermark(wm int64, out *stream.Batch) (int64, error) {
	sort.Slice(j.timers, func(a, b int) bool {
		if j.timers[a].at != j.timers[b].at {
			return j.timers[a].at < j.timers[b].at
		}
		return j.timers[a].seq < j.timers[b].seq
	})
	n := 0
	for n < len(j.timers) && j.timers[n].at <= wm {
		n++
	}
	fired := j.timers[:n:n]
	j.timers = append([]ivTimer(nil), j.timers[n:]...)
	for _, tm := range fired {
		st := j.keys[tm.key]
		if st == nil || !st.hasTimer || st.timer != tm.at {
			continue // deleted: a smaller one replaced it
		}
		st.hasTimer = false
		if err := j.fire(tm.key, st, wm, out); err != nil {
			return wm, err
		}
	}
	return wm, nil
}

// fire emits the left rows of a key the watermark has passed and drops
// the versions nothing can join any more.
func (j *TemporalJoin) fire(key string, st *tjKey, wm int64, out *stream.Batch) error {
	times := make([]int64, 0, len(st.right))
	for t := range st.right {
		times = append(times, t)
	}
	sort.Slice(times, func(a, b int) bool { return times[a] < times[b] })
	lastUnprocessed := int64(stream.MaxWatermark)
	keepLeft, keepKind := st.left[:0], st.leftKind[:0]
	for i, row := range st.left {
		lt := row[j.LeftTime].I
		if lt > wm {
			keepLeft, keepKind = append(keepLeft, row), append(keepKind, st.leftKind[i])
			lastUnprocessed = min(lastUnprocessed, lt)
			continue
		}
		// The latest version at or before lt.
		k := sort.Search(len(times), func(x int) bool { return times[x] > lt }) - 1
		joined := false
		if k >= 0 {
			v := st.right[times[k]]
			if accumulate(v.kind) {
				ok, err := j.join.condHolds(0, row, v.row)
				if err != nil {
					return err
				}
				if ok {
					j.join.emitJoined(out, st.leftKind[i], 0, row, v.row)
					joined = true
				}
			}
		}
		if !joined && j.Outer {
			j.join.emitPadded(out, st.leftKind[i], 0, row)
		}
	}
	st.left, st.leftKind = keepLeft, keepKind
	// Keep the newest version at or before the watermark and all later ones.
	first := sort.Search(len(times), func(x int) bool { return times[x] > wm })
	keepFrom := first - 1
	if first == len(times) {
		keepFrom = len(times) - 1
	}
	for i := 0; i < keepFrom; i++ {
		delete(st.right, times[i])
	}
	if lastUnprocessed < stream.MaxWatermark {
		j.register(key, st, lastUnprocessed)
	}
	if len(st.left) == 0 && len(st.right) == 0 && !st.hasTimer {
		delete(j.keys, key)
	}
	return nil
}

// Close implements stream.Operator.
func (j *TemporalJoin) Close() error { return nil }
