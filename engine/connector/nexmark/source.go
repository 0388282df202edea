package nexmark

import (
	"context"
	"fmt"
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
	ev    event

	wallBase int64 // wall clock of the first event, ms; -1 before it
	failed   error
	columns  bool             // fill columnar batches (EnableColumns)
	kinds    []stream.VecKind // the vector kinds of the columns
	// nulls counts, per column, the NULL nested rows not yet appended:
	// they are appended together, before the column's next row or at the
	// end of the batch.
	nulls []int

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
	s.kinds = s.kinds[:0]
	s.nulls = make([]int, len(s.t.layout.cols))
	for _, c := range s.t.layout.cols {
		if c.event < 0 {
			s.kinds = append(s.kinds, stream.VecInt)
		} else {
			s.kinds = append(s.kinds, stream.VecStruct)
		}
	}
	return true
}

// Open prepares nothing: the generator's shared strings are made at the
// first event that needs them, as Nexmark's classes are initialized.
func (s *source) Open(context.Context) error { return nil }

// Close releases nothing.
func (s *source) Close() error { return nil }

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
		if b.Len() == 0 {
			s.startColumns(b)
		}
		defer s.flushNulls(b)
	} else {
		sl = s.slabFor(b)
	}
	s.arena = countingArena{b: b}
	a := &s.arena
	for n := 0; n < stream.DefaultBatchRows && s.gen.hasNext() && a.n < batchBytes; n++ {
		if paced {
			// NexmarkGenerator's wall clock time of the event: as far
			// after the first event's wall time as its event time is
			// after the base time.
			due := s.wallBase + (s.gen.nextTimestamp() - s.cfg.baseTime)
			if due > now {
				if b.Len() == 0 {
					// At a rate of 0 the next event is due in 292,000
					// years, which no time.Duration holds.
					return time.Duration(min(due-now, maxWaitMillis)) * time.Millisecond, nil
				}
				break
			}
		}
		err := s.gen.next(&s.ev, a)
		if err != nil {
			return s.fail(b, err)
		}
		if s.columns {
			err = s.emitColumns(b)
		} else {
			err = s.emit(b, sl)
		}
		if err != nil {
			return s.fail(b, err)
		}
	}
	return 0, nil
}

// fail ends the source with err: the rows before the failing event are
// emitted first, as the job fails on that event.
func (s *source) fail(b *stream.Batch, err error) (time.Duration, error) {
	s.failed = err
	if b.Len() == 0 {
		return 0, err
	}
	return 0, nil
}

// check returns the error Flink's reading of the current event's row
// would raise.
func (s *source) check() error {
	for _, c := range s.t.layout.cols {
		if c.fail != nil {
			return c.fail
		}
		if c.event == s.ev.typ && c.failNonNull != nil {
			return c.failNonNull
		}
	}
	return nil
}

// emit appends the current event as a row of the declared layout, or
// returns the error Flink's reading of that row would raise.
func (s *source) emit(b *stream.Batch, sl *slab) error {
	ev := &s.ev
	if err := s.check(); err != nil {
		return err
	}
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
	ts := types.Value{I: ev.dateTime}
	switch ev.typ {
	case personEvent:
		v[0], v[1], v[2], v[3] = types.Value{I: ev.id}, types.Value{B: ev.name}, types.Value{B: ev.email}, types.Value{B: ev.creditCard}
		v[4], v[5], v[6], v[7] = types.Value{B: ev.city}, types.Value{B: ev.state}, ts, types.Value{B: ev.extra}
	case auctionEvent:
		v[0], v[1], v[2], v[3] = types.Value{I: ev.id}, types.Value{B: ev.itemName}, types.Value{B: ev.description}, types.Value{I: ev.initialBid}
		v[4], v[5], v[6], v[7] = types.Value{I: ev.reserve}, ts, types.Value{I: ev.expires}, types.Value{I: ev.seller}
		v[8], v[9] = types.Value{I: ev.category}, types.Value{B: ev.extra}
	default:
		v[0], v[1], v[2], v[3] = types.Value{I: ev.auction}, types.Value{I: ev.bidder}, types.Value{I: ev.price}, types.Value{B: ev.channel}
		v[4], v[5], v[6] = types.Value{B: ev.url}, ts, types.Value{B: ev.extra}
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

// emitColumns appends the current event to the columnar batch b, or
// returns the error Flink's reading of its row would raise.
func (s *source) emitColumns(b *stream.Batch) error {
	ev := &s.ev
	if err := s.check(); err != nil {
		return err
	}
	b.Kinds = append(b.Kinds, stream.Insert)
	for i, c := range s.t.layout.cols {
		v := &b.Cols[i]
		switch {
		case c.event < 0:
			v.AppendInt(int64(ev.typ))
		case c.event != ev.typ:
			s.nulls[i]++
		default:
			v.AppendNulls(s.nulls[i])
			s.nulls[i] = 0
			for j := range v.Fields {
				appendField(&v.Fields[j], ev, j)
			}
			v.AppendStruct()
		}
	}
	return nil
}

// flushNulls appends the NULL nested rows counted for b's columns.
func (s *source) flushNulls(b *stream.Batch) {
	if !b.Columnar {
		return
	}
	for i, k := range s.nulls {
		b.Cols[i].AppendNulls(k)
		s.nulls[i] = 0
	}
}

// appendField appends field j of the event's nested row (person, auction
// or bid, in NEXMARK_SCHEMA's order) to f.
func appendField(f *stream.Vector, ev *event, j int) {
	var x int64
	var str []byte
	isStr := false
	switch ev.typ {
	case personEvent:
		switch j {
		case 0:
			x = ev.id
		case 1:
			str, isStr = ev.name, true
		case 2:
			str, isStr = ev.email, true
		case 3:
			str, isStr = ev.creditCard, true
		case 4:
			str, isStr = ev.city, true
		case 5:
			str, isStr = ev.state, true
		case 6:
			x = ev.dateTime
		default:
			str, isStr = ev.extra, true
		}
	case auctionEvent:
		switch j {
		case 0:
			x = ev.id
		case 1:
			str, isStr = ev.itemName, true
		case 2:
			str, isStr = ev.description, true
		case 3:
			x = ev.initialBid
		case 4:
			x = ev.reserve
		case 5:
			x = ev.dateTime
		case 6:
			x = ev.expires
		case 7:
			x = ev.seller
		case 8:
			x = ev.category
		default:
			str, isStr = ev.extra, true
		}
	default:
		switch j {
		case 0:
			x = ev.auction
		case 1:
			x = ev.bidder
		case 2:
			x = ev.price
		case 3:
			str, isStr = ev.channel, true
		case 4:
			str, isStr = ev.url, true
		case 5:
			x = ev.dateTime
		default:
			str, isStr = ev.extra, true
		}
	}
	if isStr {
		f.AppendBytes(str)
	} else {
		f.AppendInt(x)
	}
}
