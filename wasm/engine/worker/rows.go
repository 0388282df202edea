package worker

import (
	"time"

	"github.com/flinkplay/flinkplay/engine/format"
	"github.com/flinkplay/flinkplay/engine/stream"
	"github.com/flinkplay/flinkplay/engine/types"
	"github.com/flinkplay/flinkplay/wasm/engine/protocol"
)

// rowBuffer collects the formatted changes of the next Rows message. All
// their text lives in one byte slice, turned into one string when the
// message goes: cells and lines are substrings of it, so a message costs a
// few allocations, not one per value.
type rowBuffer struct {
	schema types.Schema
	fo     format.Options // cell text: NULL is <NULL>, no width cap
	// printer writes a streaming query's tableau lines into the buffer;
	// nil for batch queries, whose table needs all rows first.
	printer *format.StreamPrinter

	text  []byte
	ends  []int  // end offset in text of every piece: the cells, then the line, row by row
	nulls []bool // per cell
	rows  []pendingRow
	cells [][]byte // scratch for format.FormatRow
}

type pendingRow struct {
	kind      stream.Kind
	piece     int // index of the row's first piece in ends
	cell      int // index of the row's first cell in nulls
	n         int // cells
	line, any bool
}

// Write takes the printer's output: one tableau line.
func (b *rowBuffer) Write(p []byte) (int, error) {
	b.text = append(b.text, p...)
	return len(p), nil
}

func (b *rowBuffer) len() int { return len(b.rows) }

// add formats one change.
func (b *rowBuffer) add(k stream.Kind, row []types.Value) {
	r := pendingRow{kind: k, piece: len(b.ends), cell: len(b.nulls), n: len(row)}
	b.cells = format.FormatRow(b.cells, row, b.schema, b.fo)
	for i, c := range b.cells {
		b.text = append(b.text, c...)
		b.ends = append(b.ends, len(b.text))
		b.nulls = append(b.nulls, row[i].Null)
		r.any = r.any || row[i].Null
	}
	if b.printer != nil {
		at := len(b.text)
		if err := b.printer.Row(k, row); err == nil {
			if n := len(b.text); n > at && b.text[n-1] == '\n' {
				b.text = b.text[:n-1]
			}
			b.ends = append(b.ends, len(b.text))
			r.line = true
		} else {
			b.text = b.text[:at]
		}
	}
	b.rows = append(b.rows, r)
}

// take returns the pending rows as protocol rows and empties the buffer.
func (b *rowBuffer) take() []protocol.Row {
	text := string(b.text)
	cells := make([]string, len(b.nulls))
	var nulls []bool
	out := make([]protocol.Row, len(b.rows))
	for i, r := range b.rows {
		from := 0
		if r.piece > 0 {
			from = b.ends[r.piece-1]
		}
		for j := 0; j < r.n; j++ {
			to := b.ends[r.piece+j]
			cells[r.cell+j] = text[from:to]
			from = to
		}
		row := protocol.Row{Op: r.kind.String(), Cells: cells[r.cell : r.cell+r.n : r.cell+r.n]}
		if r.line {
			row.Line = text[from:b.ends[r.piece+r.n]]
		}
		if r.any {
			if nulls == nil {
				nulls = append([]bool(nil), b.nulls...)
			}
			row.Nulls = nulls[r.cell : r.cell+r.n : r.cell+r.n]
		}
		out[i] = row
	}
	b.text, b.ends, b.nulls, b.rows = b.text[:0], b.ends[:0], b.nulls[:0], b.rows[:0]
	return out
}

// rateMeter measures changes per second over about the last second.
type rateMeter struct {
	ts []time.Time
	ns []int64
}

func (m *rateMeter) add(t time.Time, n int64) {
	m.ts, m.ns = append(m.ts, t), append(m.ns, n)
	// Keep one sample at or before the window's start.
	for len(m.ts) > 2 && !m.ts[1].After(t.Add(-time.Second)) {
		m.ts, m.ns = m.ts[1:], m.ns[1:]
	}
}

func (m *rateMeter) perSecond() float64 {
	if len(m.ts) < 2 {
		return 0
	}
	last := len(m.ts) - 1
	dt := m.ts[last].Sub(m.ts[0]).Seconds()
	if dt <= 0 {
		return 0
	}
	return float64(m.ns[last]-m.ns[0]) / dt
}
