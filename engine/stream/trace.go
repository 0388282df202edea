package stream

import (
	"cmp"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/flinkplay/flinkplay/engine/types"
)

// TraceLog records what a job's operators do with records, for the page's
// timeline (event times as they arrive, the watermark, windows opening and
// firing, late records) and its "why this change" panel (the input behind
// each change of an aggregation). It records only while it is on, into two
// bounded rings (arrivals, which come one per record, and the rest), and a
// reader takes what is new. An operator that is off pays one atomic load
// per batch.
type TraceLog struct {
	on atomic.Bool

	mu       sync.Mutex
	seq      int64
	arrivals ring
	events   ring
}

// Trace bounds: the newest TraceArrivals arrivals and TraceEvents other
// events are kept between two takes.
const (
	TraceArrivals = 2048
	TraceEvents   = 4096
)

// TraceKind is what a TraceEvent records.
type TraceKind uint8

const (
	// TraceArrive: a record reached a watermark assigner, at Time; Late
	// is set when Time was at or behind the watermark then (Watermark).
	TraceArrive TraceKind = iota + 1
	// TraceWatermark: the assigner advanced its watermark to Watermark.
	TraceWatermark
	// TraceWindowOpen: the first record of window [Start, End) came.
	TraceWindowOpen
	// TraceWindowFire: window [Start, End) fired when the watermark
	// reached Watermark, emitting Count rows.
	TraceWindowFire
	// TraceDrop: Count records of window [Start, End) were dropped: it
	// had fired (the watermark was Watermark).
	TraceDrop
	// TraceChange: the operator of a job that keeps state (its first one
	// in a pipeline) sent Rows on because of the record Input (of input
	// Side), or, with no Input, because the watermark reached Watermark
	// (MaxWatermark: the input ended); those rows became the job's
	// output changes OutFrom to OutFrom+Count-1 (numbered from 0).
	TraceChange
)

// TraceEvent is one record of a TraceLog.
type TraceEvent struct {
	Seq        int64
	Node       int
	Kind       TraceKind
	Time       int64
	Watermark  int64
	Late       bool
	Start, End int64
	Count      int64
	Input      string
	Side       int
	Rows       []string
	OutFrom    int64
}

type ring struct {
	buf     []TraceEvent
	next    int   // where the next event goes
	n       int   // events held
	dropped int64 // overwritten before a take
}

func (r *ring) add(e TraceEvent, capacity int) {
	if r.buf == nil {
		r.buf = make([]TraceEvent, capacity)
	}
	if r.n == len(r.buf) {
		r.dropped++
	} else {
		r.n++
	}
	r.buf[r.next] = e
	r.next = (r.next + 1) % len(r.buf)
}

func (r *ring) take(out []TraceEvent) []TraceEvent {
	if r.n == 0 {
		return out
	}
	start := (r.next - r.n + len(r.buf)) % len(r.buf)
	for i := 0; i < r.n; i++ {
		out = append(out, r.buf[(start+i)%len(r.buf)])
	}
	r.n = 0
	return out
}

// SetOn turns recording on or off.
func (l *TraceLog) SetOn(on bool) { l.on.Store(on) }

// On reports whether the log records.
func (l *TraceLog) On() bool { return l != nil && l.on.Load() }

// Add records an event (numbered in order).
func (l *TraceLog) Add(e TraceEvent) {
	l.mu.Lock()
	l.seq++
	e.Seq = l.seq
	if e.Kind == TraceArrive {
		l.arrivals.add(e, TraceArrivals)
	} else {
		l.events.add(e, TraceEvents)
	}
	l.mu.Unlock()
}

// Take returns the events recorded since the last take, in order, and how
// many were overwritten before it could take them.
func (l *TraceLog) Take() (events []TraceEvent, dropped int64) {
	if l == nil {
		return nil, 0
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	events = l.arrivals.take(nil)
	events = l.events.take(events)
	dropped = l.arrivals.dropped + l.events.dropped
	l.arrivals.dropped, l.events.dropped = 0, 0
	// Arrivals and the rest, merged by number.
	sortBySeq(events)
	return events, dropped
}

func sortBySeq(es []TraceEvent) {
	slices.SortFunc(es, func(a, b TraceEvent) int { return cmp.Compare(a.Seq, b.Seq) })
}

// Tracer is an operator's handle on its job's TraceLog: the log and the
// operator's node in the job's graph, with the types of its input rows
// (per input side) and output rows, for printing them. A nil Tracer
// records nothing.
type Tracer struct {
	Log  *TraceLog
	Node int

	In   [][]types.Type
	Out  []types.Type
	Zone *time.Location
}

// FormatIn prints a row of input side as Flink prints a change:
// +I[17, pear].
func (t *Tracer) FormatIn(side int, k Kind, row []types.Value) string {
	var ts []types.Type
	if side < len(t.In) {
		ts = t.In[side]
	}
	return formatRow(k, row, ts, t.Zone)
}

// FormatOut prints an output row.
func (t *Tracer) FormatOut(k Kind, row []types.Value) string {
	return formatRow(k, row, t.Out, t.Zone)
}

func formatRow(k Kind, row []types.Value, ts []types.Type, zone *time.Location) string {
	if len(ts) != len(row) {
		return k.String() + "[…]" // a row of internal columns (an accumulator's)
	}
	var b strings.Builder
	b.WriteString(k.String())
	b.WriteByte('[')
	for i, v := range row {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(types.FormatValue(v, ts[i], zone))
	}
	b.WriteByte(']')
	return b.String()
}

// On reports whether the operator should record.
func (t *Tracer) On() bool { return t != nil && t.Log.On() }

// Add records an event of the operator.
func (t *Tracer) Add(e TraceEvent) {
	e.Node = t.Node
	t.Log.Add(e)
}

// TracedOperator is an Operator that records into a trace: the runtime
// hands it its Tracer when it builds the job.
type TracedOperator interface {
	SetTracer(t *Tracer)
}
