package stream

import (
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
	// Input is the record (nil for a watermark's change), of input Side;
	// Rows what the operator sent on. Each is printed as Flink prints
	// values, one string a column.
	Input   *TraceRow
	Side    int
	Rows    []TraceRow
	OutFrom int64
}

// TraceRow is a row a trace records: its kind and its values, printed.
type TraceRow struct {
	Kind  Kind
	Cells []string
}

// String prints the row as Flink prints a change: +I[17, pear].
func (r TraceRow) String() string {
	return r.Kind.String() + "[" + strings.Join(r.Cells, ", ") + "]"
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
	a, b := l.arrivals.take(nil), l.events.take(nil)
	dropped = l.arrivals.dropped + l.events.dropped
	l.arrivals.dropped, l.events.dropped = 0, 0
	// Arrivals and the rest, each in order: merged by number.
	events = make([]TraceEvent, 0, len(a)+len(b))
	for len(a) > 0 || len(b) > 0 {
		if len(b) == 0 || len(a) > 0 && a[0].Seq < b[0].Seq {
			events, a = append(events, a[0]), a[1:]
		} else {
			events, b = append(events, b[0]), b[1:]
		}
	}
	return events, dropped
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

// FormatIn prints a row of input side.
func (t *Tracer) FormatIn(side int, k Kind, row []types.Value) TraceRow {
	var ts []types.Type
	if side < len(t.In) {
		ts = t.In[side]
	}
	return formatRow(k, row, ts, t.Zone)
}

// FormatOut prints an output row.
func (t *Tracer) FormatOut(k Kind, row []types.Value) TraceRow {
	return formatRow(k, row, t.Out, t.Zone)
}

// formatRow prints row's values; a row whose types are not known (an
// accumulator's internal columns) has no cells.
func formatRow(k Kind, row []types.Value, ts []types.Type, zone *time.Location) TraceRow {
	r := TraceRow{Kind: k}
	if len(ts) != len(row) {
		return r
	}
	r.Cells = make([]string, len(row))
	for i, v := range row {
		r.Cells[i] = types.FormatValue(v, ts[i], zone)
	}
	return r
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
