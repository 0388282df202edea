package state

import (
	"encoding/binary"
	"strings"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/flinkplay/flinkplay/wasm/engine/protocol"
)

// Change is one row of a changelog, packed into a single string (its
// tableau line, then each cell with a NULL flag and its length). Changes
// and Table copy these bytes into their arenas (arena.go), so that the
// rows they keep hold no pointers for the garbage collector to mark.
//
// A change indexed by IndexRows is not decoded at all: data holds the JSON
// object of the row, a substring of the message, and is decoded only when
// the row is shown (raw set).
type Change struct {
	Op   string // +I, -U, +U, -D
	data string
	raw  bool
}

// packed returns the packed form of c, decoding a raw row.
func (c Change) packed() string {
	if !c.raw {
		return c.data
	}
	d := decoder{s: []byte(c.data)}
	var rm RowsMessage
	if !d.row(&rm) || len(rm.Rows) != 1 {
		return ""
	}
	return rm.Rows[0].data
}

// PackChange packs a protocol row.
func PackChange(r protocol.Row) Change {
	var p Packer
	p.Begin(r.Line)
	for i, c := range r.Cells {
		p.Cell(c, i < len(r.Nulls) && r.Nulls[i])
	}
	return p.End(r.Op)
}

// Packer builds Changes in a reused buffer.
type Packer struct {
	buf   []byte
	cells int
}

// Begin starts a change with its tableau line.
func (p *Packer) Begin(line string) {
	p.buf = binary.AppendUvarint(p.buf[:0], uint64(len(line)))
	p.buf = append(p.buf, line...)
	p.cells = 0
}

// BeginBytes is Begin for a line in bytes.
func (p *Packer) BeginBytes(line []byte) {
	p.buf = binary.AppendUvarint(p.buf[:0], uint64(len(line)))
	p.buf = append(p.buf, line...)
	p.cells = 0
}

// CellBytes is Cell for a cell in bytes.
func (p *Packer) CellBytes(c []byte, null bool) {
	flag := byte(0)
	if null {
		flag = 1
	}
	p.buf = append(p.buf, flag)
	p.buf = binary.AppendUvarint(p.buf, uint64(len(c)))
	p.buf = append(p.buf, c...)
	p.cells++
}

// Cell appends a cell.
func (p *Packer) Cell(c string, null bool) {
	flag := byte(0)
	if null {
		flag = 1
	}
	p.buf = append(p.buf, flag)
	p.buf = binary.AppendUvarint(p.buf, uint64(len(c)))
	p.buf = append(p.buf, c...)
	p.cells++
}

// End returns the change.
func (p *Packer) End(op string) Change {
	return Change{Op: internOp(op), data: string(p.buf)}
}

// internOp returns the shared string of a known op, so that no row keeps
// its own copy.
func internOp(op string) string {
	switch op {
	case "+I":
		return "+I"
	case "-U":
		return "-U"
	case "+U":
		return "+U"
	case "-D":
		return "-D"
	}
	return op
}

// Line returns the change's tableau line ("" when it has none).
func (c Change) Line() string {
	c.data = c.packed()
	n, w := binary.Uvarint([]byte(c.data[:min(len(c.data), binary.MaxVarintLen64)]))
	if w <= 0 {
		return ""
	}
	return c.data[w : w+int(n)]
}

// cellsPart returns the packed cells, the identity of the row for the
// materialized table.
func (c Change) cellsPart() string {
	if c.raw {
		return rawKey(c.data)
	}
	n, w := binary.Uvarint([]byte(c.data[:min(len(c.data), binary.MaxVarintLen64)]))
	if w <= 0 {
		return ""
	}
	return c.data[w+int(n):]
}

// rawKey returns the identity of a raw row: its JSON without the op and
// the line (the worker encodes equal cells alike). Rows decoded with
// DecodeRows are keyed differently; one query's rows all come one way.
func rawKey(obj string) string {
	const lineKey = `,"line":"`
	body := obj[min(len(`{"op":"+I",`), len(obj)):]
	i := strings.Index(body, lineKey)
	if i < 0 {
		return body
	}
	// The line ends at the first unescaped quote.
	j := i + len(lineKey)
	for j < len(body) && body[j] != '"' {
		if body[j] == '\\' {
			j++
		}
		j++
	}
	if j+1 >= len(body) || body[j+1] == '}' {
		return body[:i]
	}
	return body[:i] + body[j+1:]
}

// Cells calls fn for each cell in order.
func (c Change) Cells(fn func(cell string, null bool)) {
	s := Change{Op: c.Op, data: c.packed()}.cellsPart()
	for len(s) > 0 {
		null := s[0] == 1
		n, w := binary.Uvarint([]byte(s[1:min(len(s), 1+binary.MaxVarintLen64)]))
		if w <= 0 || 1+w+int(n) > len(s) {
			return
		}
		fn(s[1+w:1+w+int(n)], null)
		s = s[1+w+int(n):]
	}
}

// Row unpacks the change into a protocol row.
func (c Change) Row() protocol.Row {
	r := protocol.Row{Op: c.Op, Line: c.Line(), Cells: []string{}}
	anyNull := false
	var nulls []bool
	c.Cells(func(cell string, null bool) {
		r.Cells = append(r.Cells, cell)
		nulls = append(nulls, null)
		anyNull = anyNull || null
	})
	if anyNull {
		r.Nulls = nulls
	}
	return r
}

// IndexRows indexes a rows message as the worker writes it
// ({"type":"rows","id":N,"stmt":N,"rows":[{"op":"+I",...},...]}) without
// decoding its rows: each change keeps its row's JSON, a substring of msg,
// found by the row's opening {"op":" (which cannot occur inside a JSON
// string, whose quotes are escaped). ok is false for anything else.
func IndexRows(msg string, into *RowsMessage) (ok bool) {
	into.ID, into.Stmt, into.Rows = 0, 0, into.Rows[:0]
	const head = `{"type":"rows"`
	if !strings.HasPrefix(msg, head) {
		return false
	}
	rest := msg[len(head):]
	num := func(key string) int {
		if !strings.HasPrefix(rest, key) {
			return 0
		}
		rest = rest[len(key):]
		n, i := 0, 0
		for i < len(rest) && rest[i] >= '0' && rest[i] <= '9' && i < 18 {
			n = n*10 + int(rest[i]-'0')
			i++
		}
		rest = rest[i:]
		return n
	}
	into.ID = num(`,"id":`)
	into.Stmt = num(`,"stmt":`)
	const open, opener = `,"rows":[`, `{"op":"`
	if !strings.HasPrefix(rest, open) || !strings.HasSuffix(rest, "]}") {
		return false
	}
	body := rest[len(open) : len(rest)-2]
	for len(body) > 0 {
		if !strings.HasPrefix(body, opener) || len(body) < len(opener)+3 || body[len(opener)+2] != '"' {
			return false
		}
		end := strings.Index(body[1:], opener)
		var obj string
		if end < 0 {
			obj, body = body, ""
		} else {
			next := end + 1 // the next row, after a ','
			if body[next-1] != ',' {
				return false
			}
			obj, body = body[:next-1], body[next:]
		}
		into.Rows = append(into.Rows, Change{Op: internOp(obj[len(opener) : len(opener)+2]), data: obj, raw: true})
	}
	return true
}

// RowsMessage is a decoded rows message.
type RowsMessage struct {
	ID, Stmt int
	Rows     []Change
}

// DecodeRows decodes a rows message ({"type":"rows","id":..,"rows":[..]})
// without reflection, packing each row as it is read; ok is false for any
// other message or anything unexpected, which the caller then decodes with
// encoding/json.
func DecodeRows(data []byte, into *RowsMessage) (ok bool) {
	d := decoder{s: data}
	into.ID, into.Stmt, into.Rows = 0, 0, into.Rows[:0]
	isRows := false
	if !d.byte('{') {
		return false
	}
	for first := true; ; first = false {
		if d.byte('}') {
			return isRows && d.end()
		}
		if !first && !d.byte(',') {
			return false
		}
		key, ok := d.str(nil)
		if !ok || !d.byte(':') {
			return false
		}
		switch string(key) {
		case "type":
			v, ok := d.str(nil)
			if !ok || string(v) != protocol.TypeRows {
				return false
			}
			isRows = true
		case "id":
			if into.ID, ok = d.int(); !ok {
				return false
			}
		case "stmt":
			if into.Stmt, ok = d.int(); !ok {
				return false
			}
		case "rows":
			if !d.rows(into) {
				return false
			}
		default:
			return false
		}
	}
}

type decoder struct {
	s       []byte
	i       int
	p       Packer
	tmp     []byte
	line    []byte
	cells   [][2]int // cell spans in tmp
	nulls   []bool
	opBuf   []byte
	scratch []byte
}

func (d *decoder) ws() {
	for d.i < len(d.s) && (d.s[d.i] == ' ' || d.s[d.i] == '\n' || d.s[d.i] == '\t' || d.s[d.i] == '\r') {
		d.i++
	}
}

func (d *decoder) byte(c byte) bool {
	d.ws()
	if d.i < len(d.s) && d.s[d.i] == c {
		d.i++
		return true
	}
	return false
}

func (d *decoder) end() bool {
	d.ws()
	return d.i == len(d.s)
}

func (d *decoder) lit(word string) bool {
	d.ws()
	if strings.HasPrefix(string(d.s[d.i:min(len(d.s), d.i+len(word))]), word) {
		d.i += len(word)
		return true
	}
	return false
}

func (d *decoder) int() (int, bool) {
	d.ws()
	neg := d.i < len(d.s) && d.s[d.i] == '-'
	if neg {
		d.i++
	}
	start, n := d.i, 0
	for d.i < len(d.s) && d.s[d.i] >= '0' && d.s[d.i] <= '9' && d.i-start < 18 {
		n = n*10 + int(d.s[d.i]-'0')
		d.i++
	}
	if d.i == start {
		return 0, false
	}
	if neg {
		n = -n
	}
	return n, true
}

// str reads a JSON string, appending its unescaped bytes to dst.
func (d *decoder) str(dst []byte) ([]byte, bool) {
	d.ws()
	if d.i >= len(d.s) || d.s[d.i] != '"' {
		return dst, false
	}
	d.i++
	for d.i < len(d.s) {
		c := d.s[d.i]
		switch {
		case c == '"':
			d.i++
			return dst, true
		case c == '\\':
			if d.i+1 >= len(d.s) {
				return dst, false
			}
			e := d.s[d.i+1]
			d.i += 2
			switch e {
			case '"', '\\', '/':
				dst = append(dst, e)
			case 'b':
				dst = append(dst, '\b')
			case 'f':
				dst = append(dst, '\f')
			case 'n':
				dst = append(dst, '\n')
			case 'r':
				dst = append(dst, '\r')
			case 't':
				dst = append(dst, '\t')
			case 'u':
				r, ok := d.hex4()
				if !ok {
					return dst, false
				}
				if utf16.IsSurrogate(r) {
					r2 := rune(-1)
					if d.i+1 < len(d.s) && d.s[d.i] == '\\' && d.s[d.i+1] == 'u' {
						d.i += 2
						if r2, ok = d.hex4(); !ok {
							return dst, false
						}
					}
					r = utf16.DecodeRune(r, r2)
				}
				dst = utf8.AppendRune(dst, r)
			default:
				return dst, false
			}
		case c < 0x20:
			return dst, false
		default:
			// Copy the run of plain bytes at once.
			j := d.i
			for j < len(d.s) && d.s[j] != '"' && d.s[j] != '\\' && d.s[j] >= 0x20 {
				j++
			}
			dst = append(dst, d.s[d.i:j]...)
			d.i = j
		}
	}
	return dst, false
}

func (d *decoder) hex4() (rune, bool) {
	if d.i+4 > len(d.s) {
		return 0, false
	}
	var r rune
	for _, c := range d.s[d.i : d.i+4] {
		switch {
		case c >= '0' && c <= '9':
			r = r<<4 | rune(c-'0')
		case c >= 'a' && c <= 'f':
			r = r<<4 | rune(c-'a'+10)
		case c >= 'A' && c <= 'F':
			r = r<<4 | rune(c-'A'+10)
		default:
			return 0, false
		}
	}
	d.i += 4
	return r, true
}

func (d *decoder) rows(into *RowsMessage) bool {
	if d.lit("null") {
		return true
	}
	if !d.byte('[') {
		return false
	}
	if d.byte(']') {
		return true
	}
	for {
		if !d.row(into) {
			return false
		}
		if d.byte(']') {
			return true
		}
		if !d.byte(',') {
			return false
		}
	}
}

func (d *decoder) row(into *RowsMessage) bool {
	if !d.byte('{') {
		return false
	}
	d.tmp, d.line, d.opBuf = d.tmp[:0], d.line[:0], d.opBuf[:0]
	d.cells, d.nulls = d.cells[:0], d.nulls[:0]
	var ok bool
	for first := true; ; first = false {
		if d.byte('}') {
			break
		}
		if !first && !d.byte(',') {
			return false
		}
		var key []byte
		if key, ok = d.str(d.scratch[:0]); !ok || !d.byte(':') {
			return false
		}
		d.scratch = key
		switch string(key) {
		case "op":
			if d.opBuf, ok = d.str(d.opBuf); !ok {
				return false
			}
		case "line":
			if d.line, ok = d.str(d.line); !ok {
				return false
			}
		case "cells":
			if d.lit("null") {
				continue
			}
			if !d.byte('[') {
				return false
			}
			for k := 0; !d.byte(']'); k++ {
				if k > 0 && !d.byte(',') {
					return false
				}
				start := len(d.tmp)
				if d.tmp, ok = d.str(d.tmp); !ok {
					return false
				}
				d.cells = append(d.cells, [2]int{start, len(d.tmp)})
			}
		case "nulls":
			if d.lit("null") {
				continue
			}
			if !d.byte('[') {
				return false
			}
			for k := 0; !d.byte(']'); k++ {
				if k > 0 && !d.byte(',') {
					return false
				}
				switch {
				case d.lit("true"):
					d.nulls = append(d.nulls, true)
				case d.lit("false"):
					d.nulls = append(d.nulls, false)
				default:
					return false
				}
			}
		default:
			return false
		}
	}
	d.p.BeginBytes(d.line)
	for k, c := range d.cells {
		d.p.CellBytes(d.tmp[c[0]:c[1]], k < len(d.nulls) && d.nulls[k])
	}
	op := internOp(string(d.opBuf))
	into.Rows = append(into.Rows, Change{Op: op, data: string(d.p.buf)})
	return true
}
