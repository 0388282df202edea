package nexmark

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/flinkplay/flinkplay/engine/connector"
	"github.com/flinkplay/flinkplay/engine/stream"
	"github.com/flinkplay/flinkplay/engine/types"
)

// source is NexmarkSourceReader over one generator (Flink's parallelism
// 1): every Next appends up to a batch of events, as fast as they are
// made, or when 'max-emit-speed' is false each one once the wall clock
// reaches its time.
type source struct {
	t     *TableSource
	cfg   config
	gen   *generator
	clock stream.Clock
	ev    [1]event // the event of a batch of rows, made one at a time

	wallBase int64 // wall clock of the first event, ms; -1 before it
	failed   error
	columns  bool             // fill columnar batches (EnableColumns)
	kinds    []stream.VecKind // the vector kinds of the columns
	evs      []event          // the events of a columnar batch, made before it is filled
	nullBits []uint64         // a nested row's NULLs in a columnar batch
	byType   [3][]int32       // a columnar batch's events of each type
	// unread marks, by column and field, the nested fields that nothing
	// reads (ReadOnly): a columnar batch has NULLs there.
	unread [][]bool
	// bigEvents: an average event size is over bigEvent bytes, so the
	// strings a batch copies are counted towards batchBytes.
	bigEvents bool

	slabs   [slabsKept]slab
	slabPos int
	arena   countingArena
}

// idleWait is what a kept-alive source that has emitted everything
// reports as the time until its next row: there is none.
const idleWait = time.Second

// maxWaitMillis caps the wait for an event that is due far ahead.
const maxWaitMillis = int64(time.Hour / time.Millisecond)

// batchBytes bounds the bytes a batch's events take in its arena, so that
// events padded to large average sizes do not make huge batches.
const batchBytes = 1 << 20

// bigEvent is the average event size above which a batch counts the
// bytes of its strings; below it a batch of DefaultBatchRows events takes
// at most about 1.5 MB.
const bigEvent = 1024

func newSource(t *TableSource, env connector.Env) *source {
	clock := env.Clock
	if clock == nil {
		clock = wallClock{}
	}
	var gen int64
	if env.HasSeed {
		gen = env.Seed
	}
	set := t.set
	s := &source{t: t, clock: clock, wallBase: -1}
	s.cfg = config{
		personProportion:  set.personProportion,
		auctionProportion: set.auctionProportion,
		bidProportion:     set.bidProportion,
		totalProportion:   set.personProportion + set.auctionProportion + set.bidProportion,
		avgPersonSize:     set.avgPersonSize,
		avgAuctionSize:    set.avgAuctionSize,
		avgBidSize:        set.avgBidSize,
		hotAuctionRatio:   set.hotAuctions,
		hotBiddersRatio:   set.hotBidders,
		hotSellersRatio:   set.hotSellers,
		// Nexmark multiplies the delay by the number of generators, the
		// job's parallelism; here there is one.
		interEventDelayUs: 1000000.0 / float64(set.firstEventRate) * 1,
		baseTime:          clock.Now().UnixMilli(),
		limit:             t.maxEvents,
	}
	if set.stopAt >= 0 {
		s.cfg.limit = min(set.stopAt, t.maxEvents)
	}
	s.gen = newGenerator(&s.cfg, gen)
	s.bigEvents = max(set.avgPersonSize, set.avgAuctionSize, set.avgBidSize) > bigEvent
	return s
}

type wallClock struct{}

func (wallClock) Now() time.Time { return time.Now() }

func (wallClock) Sleep(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}

// EnableColumns implements stream.ColumnarSource: events are written
// field by field into one vector per column, a nested row's fields into
// the vectors of a VecStruct.
func (s *source) EnableColumns() bool {
	s.columns = true
	// A batch's events, held until its columns are filled: a full
	// batch's worth from the start, kept for the next source once this
	// one closes, since in a short job it is most of what the source
	// allocates.
	if cap(s.evs) < stream.DefaultBatchRows {
		s.evs = (*eventsPool.Get().(*[]event))[:0]
	}
	s.kinds = s.kinds[:0]
	for _, c := range s.t.layout.cols {
		if c.event < 0 {
			s.kinds = append(s.kinds, stream.VecInt)
		} else {
			s.kinds = append(s.kinds, stream.VecStruct)
		}
	}
	return true
}

// ReadOnly implements stream.FieldPruner: the nested fields that nothing
// reads are not written, and read as NULL. Most Nexmark queries read one
// event type and the dateTime of the others (the table's computed
// column), so a batch's person and auction rows are mostly left out; the
// generator still draws every field, so the events stay Nexmark's.
func (s *source) ReadOnly(r *stream.Reads) {
	s.unread = make([][]bool, len(s.t.layout.cols))
	for i, c := range s.t.layout.cols {
		if c.event < 0 {
			continue
		}
		s.unread[i] = make([]bool, c.fields)
		for j := range s.unread[i] {
			s.unread[i][j] = !r.ReadsField(i, j)
			s.gen.unmade[c.event][j] = s.unread[i][j]
		}
	}
	u := &s.gen.unmade[bidEvent]
	s.gen.channelsMade = !u[bidChannel] || !u[bidURL]
}

// Open prepares nothing: the generator's shared strings are made at the
// first event that needs them, as Nexmark's classes are initialized.
func (s *source) Open(context.Context) error { return nil }

// Close gives the events' storage back for another source.
func (s *source) Close() error {
	if s.evs != nil {
		evs := s.evs[:cap(s.evs)]
		clear(evs) // its strings' storage is the batches'
		evs = evs[:0]
		s.evs = nil
		eventsPool.Put(&evs)
	}
	return nil
}

// eventsPool holds the events' storage of closed sources.
var eventsPool = sync.Pool{New: func() any {
	evs := make([]event, 0, stream.DefaultBatchRows)
	return &evs
}}

// Next appends the next events, up to a batch.
func (s *source) Next(ctx context.Context, b *stream.Batch) (time.Duration, error) {
	if err := ctx.Err(); err != nil {
		return 0, err
	}
	if s.failed != nil {
		return 0, s.failed
	}
	if b.Width != len(s.t.layout.cols) {
		return 0, fmt.Errorf("nexmark: batch of width %d for %d columns", b.Width, len(s.t.layout.cols))
	}
	if !s.gen.hasNext() {
		if s.t.set.keepAlive {
			return idleWait, nil
		}
		return 0, stream.ErrEndOfInput
	}
	var now int64
	paced := !s.t.set.maxEmitSpeed
	if paced {
		now = s.clock.Now().UnixMilli()
		if s.wallBase < 0 {
			s.wallBase = now
		}
	}
	var sl *slab
	if s.columns {
		// Events are made first and written column by column after.
		s.evs = s.evs[:0]
		defer s.fillColumns(b)
	} else {
		sl = s.slabFor(b)
	}
	s.arena = countingArena{b: b}
	return s.generate(b, sl, paced, now)
}

// generate is Next's loop: it makes events up to a batch and writes them
// as rows into b (through sl), or keeps them in evs for the columns. A
// Java exception of the generator bails out of the loop and is recovered
// once here rather than once per event; the event it interrupted is not
// kept.
func (s *source) generate(b *stream.Batch, sl *slab, paced bool, now int64) (wait time.Duration, err error) {
	g := s.gen
	start := g.count
	kept := -1 // the events to keep when it fails; -1: those counted
	defer func() {
		if err == nil {
			return
		}
		if r := recover(); r != nil {
			bo, ok := r.(bailout)
			if !ok {
				panic(r)
			}
			err = bo.err
		}
		if s.columns {
			if kept < 0 {
				kept = int(g.count - start)
			}
			s.evs = s.evs[:kept]
		}
		wait, err = s.fail(b, err)
	}()
	a := &s.arena
	clean := s.t.layout.clean
	if s.columns && !paced && clean && !s.bigEvents {
		// A batch's events at once. Events of the default sizes take at
		// most about 120 bytes each of the arena, so batchBytes cannot
		// cut the batch short.
		s.evs = s.evs[:min(int64(stream.DefaultBatchRows), g.cfg.limit-g.count)]
		err = errBailed // until makeEvents returns: a bailout leaves it set
		g.makeEvents(s.evs, a)
		return 0, nil
	}
	for n := 0; n < stream.DefaultBatchRows && g.hasNext() && a.n < batchBytes; n++ {
		if paced {
			// NexmarkGenerator's wall clock time of the event: as far
			// after the first event's wall time as its event time is
			// after the base time.
			due := s.wallBase + (g.nextTimestamp() - s.cfg.baseTime)
			if due > now {
				if n == 0 {
					// At a rate of 0 the next event is due in 292,000
					// years, which no time.Duration holds.
					return time.Duration(min(due-now, maxWaitMillis)) * time.Millisecond, nil
				}
				break
			}
		}
		evs := s.ev[:]
		if s.columns {
			if len(s.evs) == cap(s.evs) {
				s.evs = append(s.evs, event{})
			} else {
				s.evs = s.evs[:len(s.evs)+1]
			}
			evs = s.evs[len(s.evs)-1:]
		}
		err = errBailed // until makeEvents returns: a bailout leaves it set
		g.makeEvents(evs, a)
		err = nil
		ev := &evs[0]
		if !clean {
			if err = s.check(ev); err != nil {
				kept = len(s.evs) - 1 // not this one
				return 0, err
			}
		}
		if !s.columns {
			if ev.typ == bidEvent {
				ev.v[bidPrice], _ = priceOf(ev.y)
			}
			if err = s.emit(b, sl); err != nil {
				return 0, err
			}
			continue
		}
		if s.bigEvents {
			// A column may copy any string, a shared one too: they
			// count towards the batch's bytes. Events of the default
			// sizes need no count: a batch of them stays small.
			for _, k := range strFields[ev.typ] {
				a.n += len(ev.b[k])
			}
		}
	}
	return 0, nil
}

// errBailed marks an event whose making bailed out: the deferred recovery
// of generate replaces it with the bailout's error.
var errBailed = errors.New("nexmark: the generator bailed out")

// fail ends the source with err: the rows before the failing event are
// emitted first, as the job fails on that event.
func (s *source) fail(b *stream.Batch, err error) (time.Duration, error) {
	s.failed = err
	if b.Len() == 0 && len(s.evs) == 0 {
		return 0, err
	}
	return 0, nil
}

// check returns the error Flink's reading of event ev's row would raise.
func (s *source) check(ev *event) error {
	for _, c := range s.t.layout.cols {
		if c.fail != nil {
			return c.fail
		}
		if c.event == ev.typ && c.failNonNull != nil {
			return c.failNonNull
		}
	}
	return nil
}

// emit appends the current event as a row of the declared layout, or
// returns the error Flink's reading of that row would raise.
func (s *source) emit(b *stream.Batch, sl *slab) error {
	ev := &s.ev[0]
	row := b.Append(stream.Insert)
	for i, c := range s.t.layout.cols {
		switch {
		case c.event < 0:
			row[i] = types.Value{I: int64(ev.typ)}
		case c.event != ev.typ:
			row[i] = types.NullValue
		default:
			row[i] = types.Value{X: sl.row(ev, c.fields)}
		}
	}
	return nil
}

// countingArena is a batch's arena that counts what the generator takes.
type countingArena struct {
	b *stream.Batch
	n int
}

func (a *countingArena) Alloc(n int) []byte {
	a.n += n
	return a.b.Alloc(n)
}

// A slab holds the nested rows (*types.RowValue and their fields) of one
// batch's rows, so that a row costs no allocation once the slab has
// grown. A slab belongs to the batch it was last used for: the caller
// Resets a batch before handing it to Next again, and a batch's values
// are dead once it is reset (values that outlive a batch are cloned, as
// the arena's bytes must be), so its slab can be refilled then. A few
// slabs are kept for callers that alternate batches.
type slab struct {
	owner *stream.Batch
	rows  []types.RowValue
	vals  []types.Value
	nRows int
	nVals int
}

const slabsKept = 2

func (s *source) slabFor(b *stream.Batch) *slab {
	for i := range s.slabs {
		if s.slabs[i].owner == b {
			sl := &s.slabs[i]
			sl.nRows, sl.nVals = 0, 0
			return sl
		}
	}
	sl := &s.slabs[s.slabPos]
	s.slabPos = (s.slabPos + 1) % slabsKept
	// A slab taken from another batch may still back that batch's rows:
	// start new storage rather than overwrite it.
	*sl = slab{owner: b}
	return sl
}

// nestedWidth is the number of fields of NEXMARK_SCHEMA's person, auction
// and bid rows.
var nestedWidth = [3]int{personEvent: 8, auctionEvent: 10, bidEvent: 7}

// row returns the first n fields of the event's nested row (person,
// auction or bid), stored in the slab. Every field is assigned whole, so
// the slab's old values need no clearing.
func (sl *slab) row(ev *event, n int) *types.RowValue {
	w := nestedWidth[ev.typ]
	if sl.nRows == len(sl.rows) {
		sl.rows = make([]types.RowValue, max(2*len(sl.rows), 64))
		sl.nRows = 0
	}
	if sl.nVals+w > len(sl.vals) {
		sl.vals = make([]types.Value, max(2*len(sl.vals), 64*w))
		sl.nVals = 0
	}
	v := sl.vals[sl.nVals : sl.nVals+w : sl.nVals+w]
	sl.nVals += w
	str := &strField[ev.typ]
	for k := range v {
		if str[k] {
			v[k] = types.Value{B: ev.b[k]}
		} else {
			v[k] = types.Value{I: ev.v[k]}
		}
	}
	r := &sl.rows[sl.nRows]
	sl.nRows++
	r.Fields = v[:n:n]
	return r
}

// startColumns makes the empty batch b columnar, its nested rows
// VecStructs of the declared fields.
func (s *source) startColumns(b *stream.Batch) {
	b.Columns(s.kinds)
	for i, c := range s.t.layout.cols {
		if c.event >= 0 {
			b.Cols[i].ResetStruct(c.kinds)
		}
	}
}

// fillColumns writes the events made (evs) into b, column by column: a
// nested row's NULLs (the rows of other event types) are one bitmap,
// which every field of it shares, and each field is one loop over the
// events.
func (s *source) fillColumns(b *stream.Batch) {
	evs := s.evs
	n := len(evs)
	if n == 0 {
		return
	}
	if !s.gen.unmade[bidEvent][bidPrice] {
		priceBids(evs)
	}
	s.startColumns(b)
	for range n {
		b.Kinds = append(b.Kinds, stream.Insert)
	}
	words := (n + 63) >> 6
	// The events of each type, listed once: a field's loop visits only
	// the events that have it.
	for t := range s.byType {
		s.byType[t] = s.byType[t][:0]
	}
	for k := range evs {
		t := evs[k].typ
		s.byType[t] = append(s.byType[t], int32(k))
	}
	for i, c := range s.t.layout.cols {
		v := &b.Cols[i]
		if c.event < 0 {
			v.I = stream.Sized(v.I, n)
			for k := range evs {
				v.I[k] = int64(evs[k].typ)
			}
			continue
		}
		typ := c.event
		rows := s.byType[typ]
		nulls := stream.Sized(s.nullBits, words)
		// NULL everywhere but on the type's rows.
		for w := range nulls {
			nulls[w] = ^uint64(0)
		}
		if r := n & 63; r != 0 {
			nulls[words-1] = 1<<uint(r) - 1
		}
		for _, k := range rows {
			nulls[k>>6] &^= 1 << (uint(k) & 63)
		}
		hasNulls := len(rows) < n
		s.nullBits = nulls
		for j := range v.Fields {
			f := &v.Fields[j]
			if s.unread != nil && s.unread[i][j] {
				f.AppendNulls(n) // f is empty: startColumns reset it
				continue
			}
			if strField[typ][j] {
				if s.viewFields(f, rows, j, n) {
					f.Nulls, f.HasNulls = append(f.Nulls[:0], nulls...), hasNulls
					continue
				}
				// Offsets advance only at the type's rows: the rows
				// between are empty strings, NULL by the bitmap.
				off := stream.Sized(f.Off, n+1)
				data := f.Data[:0]
				next := 0 // the first offset not yet written
				for _, k := range rows {
					for end := int32(len(data)); next <= int(k); next++ {
						off[next] = end
					}
					data = append(data, evs[k].b[j]...)
				}
				for end := int32(len(data)); next <= n; next++ {
					off[next] = end
				}
				f.Off, f.Data = off, data
			} else {
				x := stream.Sized(f.I, n)
				if len(rows) < n {
					clear(x)
				}
				for _, k := range rows {
					x[k] = evs[k].v[j]
				}
				f.I = x
			}
			f.Nulls, f.HasNulls = append(f.Nulls[:0], nulls...), hasNulls
		}
		v.Nulls, v.HasNulls, v.Count = append(v.Nulls[:0], nulls...), hasNulls, n
	}
}

// viewFields makes f the views of field j of the events rows (of n) into
// the generator's pool, the rows between empty; it reports false, and
// leaves f to be filled with copies, when a string of the field lies
// outside the pool (the events' own strings, as an email or an extra
// string too long to be cut from the reusable one).
func (s *source) viewFields(f *stream.Vector, rows []int32, j, n int) bool {
	p := s.gen.pool
	if p == nil {
		return false
	}
	evs := s.evs
	start := stream.Sized(f.Start, n)
	end := stream.Sized(f.Off, n+1)
	f.Start, f.Off = start, end
	end[0] = 0
	next := 0 // the first row not yet written
	for _, k := range rows {
		if next < int(k) {
			clear(start[next:k])
			clear(end[next+1 : k+1])
		}
		b := evs[k].b[j]
		at, ok := p.offset(b)
		if !ok {
			return false
		}
		start[k], end[k+1] = at, at+int32(len(b))
		next = int(k) + 1
	}
	clear(start[next:])
	clear(end[next+1:])
	f.SetViews(p.buf, start, end)
	return true
}
