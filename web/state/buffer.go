package state

import "hash/maphash"

// DefaultMaxRows bounds a result's buffer, like the SQL client's
// sql-client.display.max-table-result.rows ... but for every view.
const DefaultMaxRows = 100_000

// Changes is a bounded buffer of a query's changes, oldest first: when full,
// adding a change drops the oldest one and counts it.
type Changes struct {
	max     int
	recs    []changeRec // ring
	head    int         // index of the oldest change
	n       int
	data    arena
	ops     opTable
	Dropped int64 // changes dropped to stay within the bound
}

// changeRec is a stored change: pointer-free, its bytes in the arena.
type changeRec struct {
	s   span
	op  uint8
	raw bool
}

// NewChanges returns a buffer holding at most max changes (DefaultMaxRows
// when max <= 0).
func NewChanges(max int) *Changes {
	if max <= 0 {
		max = DefaultMaxRows
	}
	return &Changes{max: max}
}

// Add appends changes, dropping the oldest ones beyond the bound.
func (c *Changes) Add(rows ...Change) {
	for _, r := range rows {
		rec := changeRec{s: c.data.add(r.data), op: c.ops.code(r.Op), raw: r.raw}
		if c.n < c.max {
			if len(c.recs) < c.max {
				c.recs = append(c.recs, rec)
			} else {
				c.recs[(c.head+c.n)%c.max] = rec
			}
			c.n++
			continue
		}
		c.recs[c.head] = rec
		c.head = (c.head + 1) % c.max
		c.Dropped++
	}
	if c.n > 0 {
		c.data.release(c.recs[c.head].s.chunk)
	}
}

// Len returns how many changes the buffer holds.
func (c *Changes) Len() int { return c.n }

// At returns the i-th change held, 0 being the oldest.
func (c *Changes) At(i int) Change {
	r := c.recs[(c.head+i)%len(c.recs)]
	return Change{Op: c.ops.str(r.op), data: string(c.data.get(r.s)), raw: r.raw}
}

// each calls fn for each change held, oldest first, with bytes valid only
// during the call.
func (c *Changes) each(fn func(op string, raw bool, data []byte)) {
	for i := 0; i < c.n; i++ {
		r := c.recs[(c.head+i)%len(c.recs)]
		fn(c.ops.str(r.op), r.raw, c.data.get(r.s))
	}
}

// Table is the materialized result of a changelog, as the SQL client's
// table mode shows it: +I and +U append a row, -U and -D remove the first
// equal row. Each row remembers when it last changed, for highlighting.
//
// Rows are indexed by a hash of their cells, and only once the first
// retraction arrives: an insert-only stream (the common unbounded SELECT)
// then costs an append per row, which matters at 40,000 rows a second in a
// single-threaded page.
type Table struct {
	max     int
	rows    []tableRow // in order; removed rows are tombstones until compacted
	live    int
	first   int                 // no live row before this position
	index   map[uint64]position // cells hash -> its live copies; nil until a retraction
	data    arena               // the rows' bytes
	ops     opTable
	scratch []byte
	Dropped int64 // rows dropped to stay within the bound
	// Unmatched counts retractions that found no equal row (dropped ones).
	Unmatched int64
}

// position chains the live copies of rows with equal hashes, oldest first.
type position struct{ head, tail int32 }

// tableRow is pointer-free: its bytes are in the table's arena.
type tableRow struct {
	s       span
	hash    uint64
	next    int32 // the next live row of equal hash, -1 when none
	changed int64 // Tick of the last change
	op      uint8
	raw     bool
	dead    bool
}

var tableSeed = maphash.MakeSeed()

// key returns the identity of row i.
func (t *Table) key(i int32) (a, b []byte) {
	r := &t.rows[i]
	return cellsKey(r.raw, t.data.get(r.s))
}

// NewTable returns an empty table of at most max rows (DefaultMaxRows when
// max <= 0); beyond it the oldest rows are dropped.
func NewTable(max int) *Table {
	if max <= 0 {
		max = DefaultMaxRows
	}
	return &Table{max: max}
}

// Apply applies one change at tick.
func (t *Table) Apply(c Change, tick int64) {
	t.scratch = append(t.scratch[:0], c.data...)
	t.apply(c.Op, c.raw, t.scratch, tick)
}

// apply applies a change given by its parts; data is copied when kept.
func (t *Table) apply(op string, raw bool, data []byte, tick int64) {
	switch op {
	case "-U", "-D":
		if t.index == nil {
			t.reindex()
		}
		ka, kb := cellsKey(raw, data)
		h := keyHash(ka, kb)
		pos, ok := t.index[h]
		if !ok {
			t.Unmatched++
			return
		}
		i := pos.head
		if ra, rb := t.key(i); !keyEqual(ra, rb, ka, kb) {
			// A hash collision: find the first equal row the slow way.
			i = -1
			for k := t.first; k < len(t.rows); k++ {
				if t.rows[k].dead {
					continue
				}
				if ra, rb := t.key(int32(k)); keyEqual(ra, rb, ka, kb) {
					i = int32(k)
					break
				}
			}
			if i < 0 {
				t.Unmatched++
				return
			}
			t.rows[i].dead = true
			t.live--
			t.compact() // rebuilds the chains without the dead row
			return
		}
		t.removeHead(h, pos)
		// The common -U/+U pair leaves a tombstone per update: compact
		// when they are half the slice.
		if len(t.rows) > 64 && t.live < len(t.rows)/2 {
			t.compact()
		}
	default:
		if t.live >= t.max {
			t.dropOldest()
		}
		i := int32(len(t.rows))
		t.rows = append(t.rows, tableRow{s: t.data.addBytes(data), op: t.ops.code(op), raw: raw, next: -1, changed: tick})
		if t.index != nil {
			t.link(i)
		}
		t.live++
	}
}

// link appends row i to the chain of its hash.
func (t *Table) link(i int32) {
	r := &t.rows[i]
	r.hash = keyHash(t.key(i))
	r.next = -1
	if pos, ok := t.index[r.hash]; ok {
		t.rows[pos.tail].next = i
		t.index[r.hash] = position{pos.head, i}
	} else {
		t.index[r.hash] = position{i, i}
	}
}

// reindex builds the index over the live rows.
func (t *Table) reindex() {
	t.index = make(map[uint64]position, t.live)
	for i := range t.rows {
		if !t.rows[i].dead {
			t.link(int32(i))
		}
	}
}

// removeHead kills the oldest live row of hash h.
func (t *Table) removeHead(h uint64, pos position) {
	r := &t.rows[pos.head]
	r.dead = true
	if r.next < 0 {
		delete(t.index, h)
	} else {
		t.index[h] = position{r.next, pos.tail}
	}
	t.live--
}

func (t *Table) dropOldest() {
	for i := t.first; i < len(t.rows); i++ {
		t.first = i + 1
		if t.rows[i].dead {
			continue
		}
		if t.index != nil {
			// The oldest row overall is the oldest of its hash.
			t.removeHead(t.rows[i].hash, t.index[t.rows[i].hash])
		} else {
			t.rows[i].dead = true
			t.live--
		}
		t.Dropped++
		break
	}
	// Rows stay in the order of their bytes, compaction or not: the
	// chunks before the oldest remaining row hold dropped rows only.
	if t.first < len(t.rows) {
		t.data.release(t.rows[t.first].s.chunk)
	}
	if len(t.rows) > 64 && t.live < len(t.rows)/2 {
		t.compact()
	}
}

// compact removes tombstones and rebuilds the index, and the arena when
// most of its bytes belong to removed rows.
func (t *Table) compact() {
	out := t.rows[:0]
	liveBytes := 0
	for _, r := range t.rows {
		if !r.dead {
			out = append(out, r)
			liveBytes += int(r.s.n)
		}
	}
	t.rows = out
	t.first = 0
	if t.data.used > 2*liveBytes+chunkSize {
		old := t.data
		t.data = arena{free: old.free}
		for i := range t.rows {
			t.rows[i].s = t.data.addBytes(old.get(t.rows[i].s))
		}
		for _, c := range old.chunks {
			t.data.recycle(c)
		}
	}
	if t.index != nil {
		clear(t.index)
		for i := range t.rows {
			t.link(int32(i))
		}
	}
}

// Len returns the number of rows.
func (t *Table) Len() int { return t.live }

// Rows calls fn for the rows in [from, to), in order, with the tick of
// their last change.
func (t *Table) Rows(from, to int, fn func(c Change, changed int64)) {
	// Rows dropped for the bound are all before first; other tombstones
	// (retractions) need a compaction to index the live rows.
	if len(t.rows)-t.first != t.live {
		t.compact()
	}
	live := t.rows[len(t.rows)-t.live:]
	for i := max(from, 0); i < min(to, len(live)); i++ {
		r := &live[i]
		fn(Change{Op: t.ops.str(r.op), data: string(t.data.get(r.s)), raw: r.raw}, r.changed)
	}
}
