package ops

import (
	"context"
	"math"
	"sort"
	"time"

	"github.com/flinkplay/flinkplay/engine/cep"
	"github.com/flinkplay/flinkplay/engine/expr"
	"github.com/flinkplay/flinkplay/engine/library"
	"github.com/flinkplay/flinkplay/engine/stream"
	"github.com/flinkplay/flinkplay/engine/types"
)

// MatchSlotKind says what a slot of a MatchExpr reads from a match.
type MatchSlotKind uint8

// Slot kinds (plan.MatchSlotKind).
const (
	MatchLast    MatchSlotKind = iota // column Col of the Offset-th row of Var from the last
	MatchFirst                        // from the first
	MatchAgg                          // Agg over the rows of Var (its arguments are Pre columns)
	MatchRowtime                      // the time of the candidate row (DEFINE) or of the match (MEASURES)
)

// MatchSlot is one value an expression reads from a match; Var -1 reads
// every row of the match.
type MatchSlot struct {
	Kind   MatchSlotKind
	Var    int
	Offset int
	Col    int
	Agg    AggFunc
}

// MatchExpr is a DEFINE condition or a measure over its slots.
type MatchExpr struct {
	Slots []MatchSlot
	Expr  expr.Expr

	kernels []*library.AggKernel
	row     []types.Value
	args    []types.Value // scratch for an aggregate's arguments
}

// Match is MATCH_RECOGNIZE: Flink's CepOperator running the pattern's
// automaton (engine/cep) per partition, with the conditions and measures
// Flink generates code for.
//
// Streaming with a rowtime order (Rowtime true), rows wait per partition
// until the watermark passes their time; then, time by time, the automaton
// advances to the time (WITHIN expires partial matches) and takes the rows
// of that time, sorted by the further ORDER BY keys (arrival order among
// equals). A row at or before the watermark is late and dropped, as Flink
// drops it. With a proctime order each row is taken when it arrives. Batch
// (Final true) buffers every row and runs them in time order at the end.
//
// Each match becomes one +I row: the partition keys, then the measures.
// Partial matches are never emitted, also not at the end of the input.
//
// State: per partition the automaton's partial matches and the rows
// waiting for the watermark.
type Match struct {
	Partition []int
	Order     []SortKey // the first key is the time
	Rowtime   bool
	Final     bool
	Pre       []expr.Expr
	Graph     *cep.Graph
	Defines   []*MatchExpr // by variable; nil: TRUE
	Measures  []*MatchExpr
	Ctx       expr.Ctx
	Now       func() time.Time // the query's clock, for processing time

	parts    map[string]*matchPart
	active   map[*matchPart]bool // partitions with rows waiting or partial matches
	arrival  int
	wm       int64
	order    *rowOrder // all ORDER BY keys, when there are several
	keyBuf   []byte
	out      *stream.Batch
	rows     int // rows waiting for the watermark
	stepBuf  []cep.Step[*matchEvent]
	partials int // partial matches (and completed ones held back), over all partitions
}

type matchPart struct {
	nfa     *cep.NFA[*matchEvent]
	pending map[int64][]*matchEvent
	first   int // arrival order of the partition
}

type matchEvent struct {
	row []types.Value
	pre []types.Value
}

var (
	_ stream.Operator          = (*Match)(nil)
	_ stream.WatermarkOperator = (*Match)(nil)
	_ stream.StatefulOperator  = (*Match)(nil)
)

// Open implements stream.Operator.
func (o *Match) Open(context.Context) error {
	o.parts = map[string]*matchPart{}
	o.active = map[*matchPart]bool{}
	o.wm = stream.NoWatermark
	for _, list := range [][]*MatchExpr{o.Defines, o.Measures} {
		for _, m := range list {
			if m == nil {
				continue
			}
			m.kernels = make([]*library.AggKernel, len(m.Slots))
			m.row = make([]types.Value, len(m.Slots))
			for i, s := range m.Slots {
				if s.Kind != MatchAgg {
					continue
				}
				c := s.Agg.call()
				c.Retracting = false // a match's rows only accumulate
				k, err := library.CompileAggregate(c, &o.Ctx)
				if err != nil {
					return err
				}
				m.kernels[i] = k
			}
		}
	}
	if len(o.Order) > 1 {
		ord, err := newRowOrder(o.Order)
		if err != nil {
			return err
		}
		ord.ctx = o.Ctx
		o.order = ord
	}
	return nil
}

func (o *Match) part(key string) *matchPart {
	p := o.parts[key]
	if p == nil {
		p = &matchPart{pending: map[int64][]*matchEvent{}, first: o.arrival}
		o.arrival++
		p.nfa = cep.NewNFA(o.Graph, o.define)
		o.parts[key] = p
	}
	return p
}

// Process implements stream.Operator.
func (o *Match) Process(in, out *stream.Batch) error {
	o.out = out
	for i := 0; i < in.Len(); i++ {
		row := in.Row(i)
		ev := &matchEvent{row: types.CloneRow(row)}
		if len(o.Pre) > 0 {
			ev.pre = make([]types.Value, len(o.Pre))
			for k, x := range o.Pre {
				v, err := x.Eval(&o.Ctx, ev.row)
				if err != nil {
					return err
				}
				ev.pre[k] = v
			}
			ev.pre = types.CloneRow(ev.pre)
		}
		o.keyBuf = types.AppendKey(o.keyBuf[:0], row, o.Partition)
		p := o.part(string(o.keyBuf))
		if !o.Rowtime && !o.Final {
			// processing time: the row is taken now
			now := o.now()
			if err := o.advance(p, now); err != nil {
				return err
			}
			if err := o.take(p, ev, now); err != nil {
				return err
			}
			continue
		}
		t := row[o.Order[0].Col]
		if t.Null {
			continue
		}
		if t.I <= o.wm {
			continue // late
		}
		p.pending[t.I] = append(p.pending[t.I], ev)
		o.active[p] = true
		o.rows++
	}
	return nil
}

func (o *Match) now() int64 {
	if o.Now != nil {
		return o.Now().UnixMilli()
	}
	return time.Now().UnixMilli()
}

// OnWatermark implements stream.WatermarkOperator: the partitions with
// rows the watermark has passed take them, in the order of their earliest
// such row; partitions with partial matches advance their time.
func (o *Match) OnWatermark(wm int64, out *stream.Batch) (int64, error) {
	o.out = out
	prev := o.wm
	o.wm = wm
	if !o.Rowtime || o.Final && wm != stream.MaxWatermark {
		return wm, nil
	}
	return wm, o.fire(prev, wm)
}

// fire runs what the watermark wm releases.
func (o *Match) fire(prev, wm int64) error {
	type due struct {
		p     *matchPart
		first int64
	}
	var ready []due
	for p := range o.active {
		first := int64(math.MaxInt64)
		for t := range p.pending {
			if t <= wm && t < first {
				first = t
			}
		}
		if first == math.MaxInt64 {
			if p.nfa.Idle() {
				continue
			}
			first = prev + 1 // the timer Flink keeps for partial matches
		}
		ready = append(ready, due{p, first})
	}
	sort.Slice(ready, func(i, j int) bool {
		if ready[i].first != ready[j].first {
			return ready[i].first < ready[j].first
		}
		return ready[i].p.first < ready[j].p.first
	})
	for _, d := range ready {
		p := d.p
		var times []int64
		for t := range p.pending {
			if t <= wm {
				times = append(times, t)
			}
		}
		sort.Slice(times, func(i, j int) bool { return times[i] < times[j] })
		for _, t := range times {
			evs := p.pending[t]
			delete(p.pending, t)
			o.rows -= len(evs)
			if err := o.advance(p, t); err != nil {
				return err
			}
			if o.order != nil {
				sort.SliceStable(evs, func(i, j int) bool { return o.order.cmp(evs[i].row, evs[j].row) < 0 })
				if o.order.err != nil {
					return o.order.err
				}
			}
			for _, ev := range evs {
				if err := o.take(p, ev, t); err != nil {
					return err
				}
			}
		}
		if err := o.advance(p, wm); err != nil {
			return err
		}
		if len(p.pending) == 0 && (p.nfa.Idle() || o.Graph.Within() == 0) {
			// nothing to run until a row comes (without WITHIN, time
			// alone changes nothing)
			delete(o.active, p)
		}
	}
	return nil
}

func (o *Match) advance(p *matchPart, t int64) error {
	before := p.nfa.Partial()
	ms, err := p.nfa.AdvanceTime(t)
	o.partials += p.nfa.Partial() - before
	if err != nil {
		return err
	}
	return o.emit(ms)
}

func (o *Match) take(p *matchPart, ev *matchEvent, t int64) error {
	before := p.nfa.Partial()
	ms, err := p.nfa.Process(ev, t)
	o.partials += p.nfa.Partial() - before
	if err != nil {
		return err
	}
	return o.emit(ms)
}

// emit appends one row per match: the partition keys (of its first row)
// and the measures.
func (o *Match) emit(ms []cep.Match[*matchEvent]) error {
	for _, m := range ms {
		first := m.Steps[0].Ev.row
		vals := make([]types.Value, 0, len(o.Partition)+len(o.Measures))
		for _, c := range o.Partition {
			vals = append(vals, first[c])
		}
		for _, me := range o.Measures {
			v, err := o.eval(me, matchRows{steps: m.Steps, def: -1}, m.Time)
			if err != nil {
				return err
			}
			vals = append(vals, v)
		}
		dst := o.out.Append(stream.Insert)
		copy(dst, vals)
	}
	return nil
}

// define evaluates variable v's condition for the candidate row ev.
func (o *Match) define(v int, path cep.Path[*matchEvent], ev *matchEvent) (bool, error) {
	me := o.Defines[v]
	if me == nil {
		return true, nil
	}
	t := int64(0)
	if tc := ev.row[o.Order[0].Col]; !tc.Null {
		t = tc.I
	}
	if !o.Rowtime {
		t = o.now()
	}
	r, err := o.eval(me, matchRows{path: path, inPath: true, cand: ev, def: v}, t)
	if err != nil {
		return false, err
	}
	return !r.Null && r.Bool(), nil
}

// matchRows are the rows a DEFINE condition reads (a partial match's path
// and the candidate row mapped to def) or a measure reads (a match's steps).
type matchRows struct {
	steps  []cep.Step[*matchEvent]
	path   cep.Path[*matchEvent]
	inPath bool // path, not steps, holds the rows
	cand   *matchEvent
	def    int
}

// reads reports whether a slot of variable w reads a row of variable v:
// w's own rows, or every row for w -1.
func reads(w, v int) bool { return w < 0 || w == v }

// withCand reports whether a slot of variable w reads the candidate row.
func (r *matchRows) withCand(w int) bool { return r.cand != nil && (w < 0 || w == r.def) }

// inOrder returns the rows in order, copying a path once (into buf).
func (r *matchRows) inOrder(buf *[]cep.Step[*matchEvent]) []cep.Step[*matchEvent] {
	if r.inPath {
		*buf = r.path.Steps(*buf)
		r.steps, r.inPath = *buf, false
	}
	return r.steps
}

// nthRow is the k-th row (from 0) a slot of variable w reads, from the
// first or (fromLast) from the last: the rows of w, then the candidate row
// when it is being mapped to w (or w is every row). nil when there is no
// such row. From the last it reads a path backwards, stopping early.
func (o *Match) nthRow(r *matchRows, w, k int, fromLast bool) *matchEvent {
	if fromLast {
		if r.withCand(w) {
			if k == 0 {
				return r.cand
			}
			k--
		}
		var found *matchEvent
		back := func(s cep.Step[*matchEvent]) bool {
			if reads(w, s.Var) {
				if k == 0 {
					found = s.Ev
					return false
				}
				k--
			}
			return true
		}
		if r.inPath {
			r.path.Backward(back)
		} else {
			for i := len(r.steps) - 1; i >= 0 && back(r.steps[i]); i-- {
			}
		}
		return found
	}
	for _, s := range r.inOrder(&o.stepBuf) {
		if reads(w, s.Var) {
			if k == 0 {
				return s.Ev
			}
			k--
		}
	}
	if r.withCand(w) && k == 0 {
		return r.cand
	}
	return nil
}

// eval evaluates a DEFINE condition or a measure over rows at time t.
func (o *Match) eval(me *MatchExpr, rows matchRows, t int64) (types.Value, error) {
	for i, s := range me.Slots {
		switch s.Kind {
		case MatchRowtime:
			me.row[i] = types.TimestampValue(t, 0)
		case MatchLast, MatchFirst:
			me.row[i] = types.Value{Null: true}
			if r := o.nthRow(&rows, s.Var, s.Offset, s.Kind == MatchLast); r != nil {
				me.row[i] = r.row[s.Col]
			}
		case MatchAgg:
			acc := me.kernels[i].New()
			args := me.args[:0]
			add := func(r *matchEvent) error {
				args = args[:0]
				if s.Agg.Arg >= 0 {
					args = append(args, r.pre[s.Agg.Arg])
				}
				for _, a := range s.Agg.MoreArgs {
					args = append(args, r.pre[a])
				}
				return acc.Add(args)
			}
			for _, st := range rows.inOrder(&o.stepBuf) {
				if reads(s.Var, st.Var) {
					if err := add(st.Ev); err != nil {
						return types.Value{}, err
					}
				}
			}
			if rows.withCand(s.Var) {
				if err := add(rows.cand); err != nil {
					return types.Value{}, err
				}
			}
			me.args = args
			v, err := acc.Value()
			if err != nil {
				return types.Value{}, err
			}
			me.row[i] = v
		}
	}
	return me.Expr.Eval(&o.Ctx, me.row)
}

// Finish runs a batch's rows, all in time order.
func (o *Match) Finish(out *stream.Batch) error {
	o.out = out
	if !o.Final || !o.Rowtime {
		return nil
	}
	return o.fire(o.wm, math.MaxInt64)
}

// StateRows implements stream.StatefulOperator: rows waiting for the
// watermark, partial matches, and one per partition. A pattern that never
// completes (A+ B with no row for B) keeps a partial match per row it
// started at, as in Flink, until the playground's state limit stops it.
func (o *Match) StateRows() int { return o.rows + o.partials + len(o.parts) }

// Close implements stream.Operator.
func (o *Match) Close() error { return nil }
